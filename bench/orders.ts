/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console, @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports -- a benchmark run on Node, never shipped */
/**
 * Submit 1,000 orders through the node (runNode, JSON mode, Exactly Once on) and the same
 * requests with a raw undici client at the same concurrency; print wall times, node/raw and the
 * number of logins. Run: npx ts-node --transpile-only bench/orders.ts
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';

// `PodPlatform.node` must resolve to the .ts file, not to its codex `PodPlatform.node.json`:
// Node tries extensions in registration order, so put .json after ts-node's .ts.
const jsonLoader = require.extensions['.json'];
Reflect.deleteProperty(require.extensions, '.json');
require.extensions['.json'] = jsonLoader;

// n8n-core reads its user folder when loaded: set it before the test runner is required.
process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'n8n-bench-'));
const { startSandbox } = require('../sandbox') as typeof import('../sandbox');
const { CredentialStore, runNode } =
	require('../test/support/n8n') as typeof import('../test/support/n8n');
const { jsonOrder } = require('../test/order/fixtures') as typeof import('../test/order/fixtures');

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1000);
const CONCURRENCIES = [1, 8];
const SHOP_PATH = '/accounts/387/shops/1597';

async function control(controlUrl: string, method: string, path: string): Promise<any> {
	const response = await request(`${controlUrl}${path}`, { method: method as 'GET' });
	const text = await response.body.text();
	return text ? JSON.parse(text) : undefined;
}

async function viaNode(baseUrl: string, concurrency: number, tag: string) {
	const store = new CredentialStore({
		podPlatformApi: {
			environment: 'custom',
			baseUrl,
			login: 'demo',
			password: 'demo-password',
			accountId: '387',
			mediaType: 'json',
			sessionToken: '',
		},
	});
	const items = Array.from({ length: ORDERS }, (_, i) => ({
		json: { order: jsonOrder(`${tag}-${i}`) },
	}));
	const started = performance.now();
	const result = await runNode({
		store,
		items,
		parameters: {
			resource: 'order',
			operation: 'submit',
			shop: { __rl: true, mode: 'id', value: '1597' },
			inputMode: 'json',
			orderJson: '={{ JSON.stringify($json.order) }}',
			options: { concurrency },
		},
	});
	const ms = performance.now() - started;
	if (result.error) throw result.error;
	if (result.items.length !== ORDERS) throw new Error(`node returned ${result.items.length} items`);
	return ms;
}

/**
 * The same requests the node sends: login once, the product once, the batch lookup, then per order
 * one submit and one read of the new order (its statuses for the output).
 */
async function viaRaw(baseUrl: string, concurrency: number, tag: string) {
	const started = performance.now();
	const auth = await request(`${baseUrl}/auth`, {
		headers: { authorization: `Basic ${Buffer.from('demo:demo-password').toString('base64')}` },
	});
	await auth.body.text();
	const token = String(auth.headers['x-auth-token']);
	const headers = {
		'x-auth-token': token,
		accept: 'application/json',
		'content-type': 'application/json',
	};
	const call = async (method: string, path: string, body?: unknown) => {
		const response = await request(`${baseUrl}${path}`, {
			method: method as 'GET',
			headers,
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.body.text();
		if (response.statusCode >= 300)
			throw new Error(`${method} ${path}: ${response.statusCode} ${text}`);
		return text ? JSON.parse(text) : undefined;
	};
	await call('GET', `${SHOP_PATH}/products/expanded/1001`);
	// The batch's uniqueIds looked up in chunks of 200 (one stored filter each), all pages read.
	const uniqueIds = Array.from({ length: ORDERS }, (_, i) => `${tag}-${i}`);
	for (let start = 0; start < uniqueIds.length; start += 200) {
		const chunk = uniqueIds.slice(start, start + 200).sort();
		const filter = await call('POST', '/filters', {
			productionOrderFilter: {
				expressionContain: [{ property: 'uniqueId', negation: false, list: { String: chunk } }],
			},
		});
		const filterId = filter.productionOrderFilter?.filterId ?? filter.filterId;
		let page: any = await call('GET', `${SHOP_PATH}/orders?filterId=${filterId}&page=0&size=100`);
		while (
			page.pagedData?.['atom.link'] &&
			[].concat(page.pagedData['atom.link']).some((l: any) => l['@rel'] === 'next')
		) {
			const nextLink: any = []
				.concat(page.pagedData['atom.link'])
				.find((l: any) => l['@rel'] === 'next');
			page = await call('GET', nextLink['@href'].slice(baseUrl.length));
		}
	}
	let next = 0;
	const worker = async () => {
		while (next < ORDERS) {
			const uniqueId = `${tag}-${next++}`;
			const answer = await call('POST', `${SHOP_PATH}/orders/usingCreatorSE`, jsonOrder(uniqueId));
			const submitted = answer.productionOrderSubmited ?? answer;
			await call('GET', `${SHOP_PATH}/orders/${String(submitted.id)}`);
		}
	};
	await Promise.all(Array.from({ length: concurrency }, worker));
	return performance.now() - started;
}

async function main() {
	// Processing far in the future, so the deferred pipeline does not compete with submissions.
	const sandbox = await startSandbox({ port: 0, deferredProcessingMs: 3_600_000 });
	const runs: any[] = [];
	try {
		for (const concurrency of CONCURRENCIES) {
			await control(sandbox.controlUrl, 'POST', '/reset');
			const nodeMs = await viaNode(sandbox.baseUrl, concurrency, `N${concurrency}`);
			const nodeStats = await control(sandbox.controlUrl, 'GET', '/stats');
			await control(sandbox.controlUrl, 'POST', '/reset');
			const rawMs = await viaRaw(sandbox.baseUrl, concurrency, `R${concurrency}`);
			const rawStats = await control(sandbox.controlUrl, 'GET', '/stats');
			const run = {
				concurrency,
				orders: ORDERS,
				nodeMs: Math.round(nodeMs),
				rawMs: Math.round(rawMs),
				ratio: Number((nodeMs / rawMs).toFixed(2)),
				nodeLogins: nodeStats.logins,
				nodeRequests: nodeStats.requests,
				rawRequests: rawStats.requests,
				ordersCreated: nodeStats.ordersCreated,
			};
			runs.push(run);
			console.log(
				`concurrency ${concurrency}: node ${run.nodeMs} ms, raw ${run.rawMs} ms, node/raw ${run.ratio}, ` +
					`logins ${run.nodeLogins}, requests node ${run.nodeRequests} / raw ${run.rawRequests}, orders ${run.ordersCreated}`,
			);
		}
	} finally {
		await sandbox.close();
	}
	mkdirSync(join(__dirname, 'results'), { recursive: true });
	writeFileSync(
		join(__dirname, 'results', 'orders.json'),
		JSON.stringify({ at: new Date().toISOString(), node: process.version, runs }, null, 2) + '\n',
	);
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
