/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console, @typescript-eslint/no-require-imports -- a benchmark run on Node, never shipped */
/**
 * Return All over 10,000 orders: Order → Get Many through n8n-core's engine next to a raw undici
 * loop that logs in once and follows the same pages (page size MAX_PAGE_SIZE) to the end.
 *
 *   npx ts-node --transpile-only bench/returnAll.ts [orders]
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';

// `PodPlatform.node` must resolve to the .ts file, not to its codex JSON: .json after .ts.
const jsonLoader = require.extensions['.json'];
Reflect.deleteProperty(require.extensions, '.json');
require.extensions['.json'] = jsonLoader;
process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'n8n-bench-'));
const { startSandbox } = require('../sandbox') as typeof import('../sandbox');
const { runNode } = require('../test/support/n8n') as typeof import('../test/support/n8n');
const { sandboxCredentials } =
	require('../test/support/sandbox') as typeof import('../test/support/sandbox');
const { order } = require('../test/faults/helpers') as typeof import('../test/faults/helpers');
const { MAX_PAGE_SIZE } =
	require('../nodes/shared/transport') as typeof import('../nodes/shared/transport');

const ORDERS = Number(process.argv[2] ?? 10_000);
const ROUNDS = 3;
const SHOP_PATH = '/accounts/387/shops/1597';

async function login(baseUrl: string): Promise<string> {
	const response = await request(`${baseUrl}/auth`, {
		headers: { authorization: `Basic ${Buffer.from('demo:demo-password').toString('base64')}` },
	});
	await response.body.dump();
	return String(response.headers['x-auth-token']);
}

async function seed(baseUrl: string) {
	const token = await login(baseUrl);
	let next = 0;
	const worker = async () => {
		while (next < ORDERS) {
			const i = next++;
			const response = await request(`${baseUrl}${SHOP_PATH}/orders/usingCreatorSE`, {
				method: 'POST',
				headers: { 'x-auth-token': token, 'content-type': 'application/json' },
				body: JSON.stringify(order(`RA-${i}`)),
			});
			const text = await response.body.text();
			if (response.statusCode !== 200) throw new Error(`seed ${i}: ${response.statusCode} ${text}`);
		}
	};
	await Promise.all(Array.from({ length: 32 }, worker));
}

/** The raw baseline: one login, the same first page, then every `next` link, JSON decoded. */
async function raw(baseUrl: string): Promise<number> {
	const token = await login(baseUrl);
	let url: string | undefined = `${baseUrl}${SHOP_PATH}/orders?page=0&size=${MAX_PAGE_SIZE}`;
	let count = 0;
	while (url) {
		const response = await request(url, {
			headers: { 'x-auth-token': token, accept: 'application/json' },
		});
		const page = JSON.parse(await response.body.text()).pagedData;
		const items = page.productionOrder;
		count += Array.isArray(items) ? items.length : items ? 1 : 0;
		// Atom links are attributes: `@rel`/`@href` in the JSON convention.
		const links = [].concat(page['atom.link'] ?? []) as Array<Record<string, string>>;
		url = links.find((link) => link['@rel'] === 'next')?.['@href'];
	}
	return count;
}

async function viaNode(baseUrl: string, sandbox: import('../sandbox').Sandbox): Promise<number> {
	const result = await runNode({
		store: sandboxCredentials(sandbox, { accountId: '387' }),
		parameters: {
			resource: 'order',
			operation: 'getAll',
			shop: { __rl: true, mode: 'id', value: '1597' },
			returnAll: true,
		},
	});
	if (result.error) throw result.error;
	void baseUrl;
	return result.items.length;
}

const median = (values: number[]) =>
	[...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
	const sandbox = await startSandbox({
		port: 0,
		deferredProcessingMs: 24 * 3600_000,
		maxPageSize: MAX_PAGE_SIZE,
	});
	try {
		const seeded = performance.now();
		await seed(sandbox.baseUrl);
		console.log(`Seeded ${ORDERS} orders in ${Math.round(performance.now() - seeded)} ms`);
		const times = { node: [] as number[], raw: [] as number[] };
		// Alternate, after one warm-up of each, so neither side gets a warmer process.
		await raw(sandbox.baseUrl);
		await viaNode(sandbox.baseUrl, sandbox);
		for (let round = 0; round < ROUNDS; round++) {
			for (const side of ['raw', 'node'] as const) {
				const started = performance.now();
				const count =
					side === 'raw' ? await raw(sandbox.baseUrl) : await viaNode(sandbox.baseUrl, sandbox);
				times[side].push(performance.now() - started);
				if (count !== ORDERS) throw new Error(`${side} read ${count} of ${ORDERS}`);
			}
		}
		const nodeMs = Math.round(median(times.node));
		const rawMs = Math.round(median(times.raw));
		const ratio = +(nodeMs / rawMs).toFixed(2);
		const summary = {
			orders: ORDERS,
			pageSize: MAX_PAGE_SIZE,
			pages: Math.ceil(ORDERS / MAX_PAGE_SIZE),
			rounds: ROUNDS,
			nodeMs,
			rawMs,
			ratio,
			target: 1.15,
		};
		console.log('\nReturn All       orders  pages  node ms  raw undici ms  node/raw  target');
		console.log(
			`Order Get Many   ${ORDERS}   ${summary.pages}    ${String(nodeMs).padStart(7)}  ${String(rawMs).padStart(13)}  ${String(ratio).padStart(8)}  ≤ 1.15`,
		);
		mkdirSync(join(__dirname, 'results'), { recursive: true });
		writeFileSync(
			join(__dirname, 'results', 'returnAll.json'),
			`${JSON.stringify({ node: process.version, date: new Date().toISOString(), ...summary, times }, null, 2)}\n`,
		);
	} finally {
		await sandbox.close();
	}
}

void main().then(
	() => process.exit(0),
	(error) => {
		console.error(error);
		process.exit(1);
	},
);
