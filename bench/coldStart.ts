/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console, @n8n/community-nodes/no-dangerous-functions -- a benchmark run on Node, never shipped */
/**
 * Cold start: time for a fresh Node process to load the built node and credential modules
 * (dist/), next to loading n8n-workflow alone, which every node loads anyway. Builds first when
 * dist/ is missing. Median of several fresh processes.
 *
 *   npx ts-node --transpile-only bench/coldStart.ts
 */
import { execFileSync, execSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const RUNS = 7;
const MODULES = [
	'dist/credentials/PodPlatformApi.credentials.js',
	'dist/nodes/PodPlatform/PodPlatform.node.js',
	'dist/nodes/PodPlatformTrigger/PodPlatformTrigger.node.js',
];

function loadMs(modules: string[]): number {
	const script = `const t=process.hrtime.bigint();for(const m of ${JSON.stringify(modules)})require(m);console.log(Number(process.hrtime.bigint()-t)/1e6)`;
	return Number(
		execFileSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' }).trim(),
	);
}

const median = (values: number[]) =>
	[...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

if (!MODULES.every((m) => existsSync(join(ROOT, m))))
	execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });
const baseline = ['n8n-workflow'];
const ours = [...baseline, ...MODULES.map((m) => `./${m}`)];
const times = { baseline: [] as number[], node: [] as number[] };
for (let i = 0; i < RUNS; i++) {
	times.baseline.push(loadMs(baseline));
	times.node.push(loadMs(ours));
}
const baselineMs = +median(times.baseline).toFixed(1);
const nodeMs = +median(times.node).toFixed(1);
const summary = {
	runs: RUNS,
	modules: MODULES,
	nodeMs,
	baselineMs,
	addedMs: +(nodeMs - baselineMs).toFixed(1),
	ratio: +(nodeMs / baselineMs).toFixed(2),
};
console.log('Cold start                               median ms');
console.log(`n8n-workflow alone                      ${String(baselineMs).padStart(9)}`);
console.log(
	`n8n-workflow + our credential and nodes ${String(nodeMs).padStart(9)}  (+${summary.addedMs} ms, ${summary.ratio}×)`,
);
mkdirSync(join(__dirname, 'results'), { recursive: true });
writeFileSync(
	join(__dirname, 'results', 'coldStart.json'),
	`${JSON.stringify({ node: process.version, date: new Date().toISOString(), ...summary, times }, null, 2)}\n`,
);
