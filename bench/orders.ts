/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console, @typescript-eslint/no-explicit-any -- a benchmark run on Node, never shipped */
/**
 * Order → Submit, five ways, under each network condition and at concurrency 1 and 8:
 * - raw: undici with kept-alive connections sending exactly the node's requests (SKUs, the
 *   exactly-once look-ups, one submit per order): the physical limit;
 * - helperFloor: n8n's authenticated HTTP helper alone at the same concurrency, one submit per
 *   order (bench/support/helperFloorNode.ts): the floor of any node in n8n, so node ÷ helperFloor
 *   is what the package's own work (checks, exactly-once, output) costs;
 * - httpRequest: what a user would build instead in n8n, in the same engine: n8n's HTTP Request
 *   node (POST, the POD Platform credential) over all items; it starts every item's request at
 *   once, whatever the concurrency; no validation and no exactly-once, so one submit per order;
 * - loopHttpRequest: the same HTTP Request node held to the concurrency the way n8n users do it,
 *   Loop Over Items (batch size = the concurrency) → HTTP Request → back to the loop;
 * - node: this package's node (JSON input, Exactly Once on).
 * The sandbox runs in a process of its own (bench/support/sandboxProcess.ts), as the service is
 * remote. Every job starts from a reset sandbox with a session open and its token stored in the credential,
 * as n8n keeps it between executions; so no side logs in while timed.
 *
 *   npx ts-node --transpile-only bench/orders.ts
 *   BENCH_ORDERS (loopback, default 1000), BENCH_ORDERS_LATENT (with latency, default 300),
 *   BENCH_ROUNDS (default 3), BENCH_CONDITIONS (names, comma-separated; default all)
 */
import './support/tsFirst';

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { request } from 'undici';

import { UNIQUE_IDS_PER_LOOKUP } from '../nodes/PodPlatform/actions/common/list';
import { jsonOrder } from '../test/order/fixtures';
import { ACTION_NODE, type CredentialStore } from '../test/support/n8n';
import { SandboxControl, SHOP_PATH, sandboxCredentials } from '../test/support/sandbox';
import { logIn, startSandboxProcess } from './support/sandboxProcess';
import { HELPER_FLOOR_NODE } from './support/helperFloorNode';
import { HTTP_REQUEST_NODE, LOOP_OVER_ITEMS_NODE } from './support/n8nBaseNodes';
import {
	applyCondition,
	counted,
	printSides,
	selectedConditions,
	summariseSides,
} from './support/network';
import { alternate, round1 } from './support/timing';
import { connect, node, runWorkflow } from './support/workflow';

const ORDERS = { loopback: Number(process.env.BENCH_ORDERS ?? 1000) };
const ORDERS_LATENT = Number(process.env.BENCH_ORDERS_LATENT ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCIES = [1, 8];

const ordersUnder = (condition: string) =>
	condition === 'loopback' ? ORDERS.loopback : ORDERS_LATENT;

/** One timed job: a session is open already, as n8n keeps the token a credential last received. */
interface Job {
	baseUrl: string;
	/** The session token, logged in before the job. */
	token: string;
	/** A stored credential holding that token. */
	store: CredentialStore;
	concurrency: number;
	ids: string[];
}

let jobs = 0;
/** Unique IDs never seen before, so exactly-once finds nothing and every order is submitted. */
const freshIds = (side: string, count: number) => {
	const job = ++jobs;
	return Array.from({ length: count }, (_, i) => `${side}-${job}-${i}`);
};

async function viaNode({ store, concurrency, ids }: Job) {
	const out = await runWorkflow({
		nodes: [
			node('POD Platform', ACTION_NODE, 2, {
				resource: 'order',
				operation: 'submit',
				shop: { __rl: true, mode: 'id', value: '1597' },
				input: 'json',
				orderJson: '={{ JSON.stringify($json.order) }}',
				options: { concurrency },
			}),
		],
		connections: {},
		items: ids.map((id) => ({ json: { order: jsonOrder(id) } })),
		store,
		result: { node: 'POD Platform' },
	});
	return out.length;
}

const submitWithHttpRequestNode = (baseUrl: string) =>
	node('HTTP Request', HTTP_REQUEST_NODE, 4.2, {
		method: 'POST',
		url: `${baseUrl}${SHOP_PATH}/orders/usingCreatorSE`,
		authentication: 'predefinedCredentialType',
		nodeCredentialType: 'podPlatformApi',
		sendHeaders: true,
		headerParameters: { parameters: [{ name: 'Accept', value: 'application/json' }] },
		sendBody: true,
		contentType: 'json',
		specifyBody: 'json',
		jsonBody: '={{ JSON.stringify($json.order) }}',
		options: {},
	});

async function viaHttpRequestNode({ baseUrl, store, ids }: Job) {
	const out = await runWorkflow({
		nodes: [submitWithHttpRequestNode(baseUrl)],
		connections: {},
		items: ids.map((id) => ({ json: { order: jsonOrder(id) } })),
		store,
		result: { node: 'HTTP Request' },
	});
	return out.length;
}

async function viaLoopAndHttpRequestNode({ baseUrl, store, concurrency, ids }: Job) {
	const connections = connect({}, 'Loop Over Items', 'HTTP Request', 1);
	connect(connections, 'HTTP Request', 'Loop Over Items');
	const out = await runWorkflow({
		nodes: [
			node('Loop Over Items', LOOP_OVER_ITEMS_NODE, 3, { batchSize: concurrency, options: {} }),
			submitWithHttpRequestNode(baseUrl),
		],
		connections,
		items: ids.map((id) => ({ json: { order: jsonOrder(id) } })),
		store,
		result: { node: 'Loop Over Items', output: 0 },
	});
	return out.length;
}

/** n8n's authenticated HTTP helper alone, at the node's concurrency: the floor of any node. */
async function viaHelperFloor({ baseUrl, store, concurrency, ids }: Job) {
	const out = await runWorkflow({
		nodes: [
			node('Helper Floor', HELPER_FLOOR_NODE, 1, {
				url: `${baseUrl}${SHOP_PATH}/orders/usingCreatorSE`,
				body: '={{ JSON.stringify($json.order) }}',
				concurrency,
			}),
		],
		connections: {},
		items: ids.map((id) => ({ json: { order: jsonOrder(id) } })),
		store,
		result: { node: 'Helper Floor' },
	});
	return out.length;
}

/** The node's requests with a raw kept-alive client: SKUs, look-ups, one submit per order. */
async function viaRaw({ baseUrl, token, concurrency, ids }: Job) {
	const headers = {
		'x-auth-token': token,
		accept: 'application/json',
		'content-type': 'application/json',
	};
	const call = async (method: string, path: string, body?: unknown) => {
		const response = await request(path.startsWith('http') ? path : `${baseUrl}${path}`, {
			method: method as 'GET',
			headers,
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.body.text();
		if (response.statusCode >= 300)
			throw new Error(`${method} ${path}: ${response.statusCode} ${text}`);
		return text ? JSON.parse(text) : undefined;
	};
	// Like the node: the product once, while the uniqueIds are looked up.
	const lookUp = async () => {
		for (let start = 0; start < ids.length; start += UNIQUE_IDS_PER_LOOKUP) {
			const chunk = ids.slice(start, start + UNIQUE_IDS_PER_LOOKUP).sort();
			const filter = await call('POST', '/filters', {
				productionOrderFilter: {
					expressionContain: [{ property: 'uniqueId', negation: false, list: { String: chunk } }],
				},
			});
			const filterId = filter.productionOrderFilter?.filterId ?? filter.filterId;
			let page: any = await call('GET', `${SHOP_PATH}/orders?filterId=${filterId}&page=0&size=100`);
			for (;;) {
				const next = ([] as any[])
					.concat(page.pagedData?.['atom.link'] ?? [])
					.find((link) => link['@rel'] === 'next');
				if (!next) break;
				page = await call('GET', next['@href']);
			}
		}
	};
	await Promise.all([call('GET', `${SHOP_PATH}/products/expanded/1001`), lookUp()]);
	let next = 0;
	const worker = async () => {
		while (next < ids.length)
			await call('POST', `${SHOP_PATH}/orders/usingCreatorSE`, jsonOrder(ids[next++]));
	};
	await Promise.all(Array.from({ length: concurrency }, worker));
	return ids.length;
}

const SIDES = {
	raw: viaRaw,
	helperFloor: viaHelperFloor,
	httpRequest: viaHttpRequestNode,
	loopHttpRequest: viaLoopAndHttpRequestNode,
	node: viaNode,
};
type Side = keyof typeof SIDES;

async function main() {
	// Processing far in the future, so the deferred pipeline does not compete with submissions.
	const sandbox = await startSandboxProcess({ port: 0, deferredProcessingMs: 3_600_000 });
	const control = new SandboxControl(sandbox);
	const results: any[] = [];
	try {
		for (const condition of selectedConditions()) {
			const orders = ordersUnder(condition.name);
			for (const concurrency of CONCURRENCIES) {
				const job = (side: Side) => async () => {
					await control.reset();
					const token = await logIn(sandbox.baseUrl);
					const store = sandboxCredentials(sandbox, { accountId: '387', sessionToken: token });
					await applyCondition(control, condition);
					const ids = freshIds(side, orders);
					const measured = await counted(control, () =>
						SIDES[side]({ baseUrl: sandbox.baseUrl, token, store, concurrency, ids }),
					);
					if (measured.result !== orders)
						throw new Error(`${side} answered ${measured.result} of ${orders} orders`);
					return measured;
				};
				const timed = await alternate(
					Object.fromEntries(
						(Object.keys(SIDES) as Side[]).map((side) => [side, job(side)]),
					) as Record<Side, ReturnType<typeof job>>,
					ROUNDS,
				);
				const median = (side: Side) => timed[side].ms.median;
				const result = {
					condition: condition.name,
					conditionLabel: condition.label,
					concurrency,
					orders,
					sides: summariseSides(timed),
					nodePerHttpRequest: +(median('node') / median('httpRequest')).toFixed(2),
					nodePerLoopHttpRequest: +(median('node') / median('loopHttpRequest')).toFixed(2),
					nodePerHelperFloor: +(median('node') / median('helperFloor')).toFixed(2),
					nodePerRaw: +(median('node') / median('raw')).toFixed(2),
					/** Per order, medians: what the node adds to the raw client and to n8n's own node. */
					nodeOverRawUsPerOrder: round1(((median('node') - median('raw')) * 1000) / orders),
					nodeOverHelperFloorUsPerOrder: round1(
						((median('node') - median('helperFloor')) * 1000) / orders,
					),
					nodeOverHttpRequestUsPerOrder: round1(
						((median('node') - median('httpRequest')) * 1000) / orders,
					),
					httpRequestOverRawUsPerOrder: round1(
						((median('httpRequest') - median('raw')) * 1000) / orders,
					),
				};
				results.push(result);
				console.log(
					`\n${condition.label}, concurrency ${concurrency}, ${orders} orders (ms min / median / max; requests; new connections)`,
				);
				printSides(result.sides);
				console.log(
					`  node/helperFloor ${result.nodePerHelperFloor}  node/httpRequest ${result.nodePerHttpRequest}  node/loopHttpRequest ${result.nodePerLoopHttpRequest}  node/raw ${result.nodePerRaw}  ` +
						`per order: node−raw ${result.nodeOverRawUsPerOrder} µs, node−helperFloor ${result.nodeOverHelperFloorUsPerOrder} µs, node−httpRequest ${result.nodeOverHttpRequestUsPerOrder} µs, httpRequest−raw ${result.httpRequestOverRawUsPerOrder} µs`,
				);
			}
		}
	} finally {
		await sandbox.close();
	}
	mkdirSync(join(__dirname, 'results'), { recursive: true });
	writeFileSync(
		join(__dirname, 'results', 'orders.json'),
		`${JSON.stringify({ date: new Date().toISOString(), node: process.version, rounds: ROUNDS, results }, null, 2)}\n`,
	);
}

void main().then(
	() => process.exit(0),
	(error) => {
		console.error(error);
		process.exit(1);
	},
);
