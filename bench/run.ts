/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console, @n8n/community-nodes/no-dangerous-functions -- a benchmark run on Node, never shipped */
/**
 * `npm run bench`: runs each benchmark in its own process (so none warms another), then gathers
 * their bench/results/<name>.json with the machine they ran on into bench/results/summary.json.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';

const BENCHMARKS = [
	'returnAll',
	'orders',
	'storefront',
	'webhook',
	'csv',
	'coldStart',
	'triggerVsWebhook',
];
const only = process.argv.slice(2);

const outcomes: Record<string, string> = {};
for (const name of BENCHMARKS) {
	if (only.length > 0 && !only.includes(name)) continue;
	const file = join(__dirname, `${name}.ts`);
	if (!existsSync(file)) {
		outcomes[name] = 'missing';
		console.log(`\n=== ${name}: bench/${name}.ts does not exist, skipped`);
		continue;
	}
	console.log(`\n=== ${name}`);
	const run = spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', file], {
		cwd: join(__dirname, '..'),
		stdio: 'inherit',
	});
	outcomes[name] = run.status === 0 ? 'ok' : `failed (exit ${run.status})`;
}

const results: Record<string, unknown> = {};
for (const name of BENCHMARKS) {
	const path = join(__dirname, 'results', `${name}.json`);
	if (existsSync(path)) results[name] = JSON.parse(readFileSync(path, 'utf8'));
}
const machine = {
	cores: cpus().length,
	cpu: cpus()[0]?.model,
	memoryGb: Math.round(totalmem() / 2 ** 30),
	node: process.version,
	platform: process.platform,
};
writeFileSync(
	join(__dirname, 'results', 'summary.json'),
	`${JSON.stringify({ date: new Date().toISOString(), machine, outcomes, results }, null, 2)}\n`,
);
console.log(
	`\nMachine: ${machine.cores} cores (${machine.cpu}), ${machine.memoryGb} GB, Node ${machine.node}`,
);
for (const [name, outcome] of Object.entries(outcomes))
	console.log(`${name.padEnd(10)} ${outcome}`);
if (Object.values(outcomes).some((o) => o.startsWith('failed'))) process.exit(1);
