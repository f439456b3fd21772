/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console, @typescript-eslint/no-explicit-any -- a benchmark run on Node, never shipped */
/**
 * Order → Get Many with Return All over 10,000 orders, three ways, under each network condition:
 * - raw: undici with kept-alive connections following the same pages (page size MAX_PAGE_SIZE) to
 *   the end, JSON decoded: the physical limit;
 * - httpRequest: what a user would build instead in n8n, in the same engine: n8n's HTTP Request
 *   node (the POD Platform credential) following each page's `next` link with its pagination
 *   option, then Split Out on the page's orders, so that it also ends with one item per order
 *   (raw, not normalised);
 * - node: this package's node (normalised orders, one item each).
 * Every job starts with a session open and its token stored in the credential, as n8n keeps it.
 *
 *   npx ts-node --transpile-only bench/returnAll.ts [orders]
 *   BENCH_ROUNDS (default 3), BENCH_CONDITIONS (names, comma-separated; default all)
 */
import './support/tsFirst';

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { request } from 'undici';

import { MAX_PAGE_SIZE } from '../nodes/shared/transport';
import { order } from '../test/faults/helpers';
import { ACTION_NODE } from '../test/support/n8n';
import { SandboxControl, SHOP_PATH, sandboxCredentials } from '../test/support/sandbox';
import { logIn, startSandboxProcess } from './support/sandboxProcess';
import { HTTP_REQUEST_NODE, SPLIT_OUT_NODE } from './support/n8nBaseNodes';
import {
	applyCondition,
	counted,
	printSides,
	selectedConditions,
	summariseSides,
} from './support/network';
import { alternate } from './support/timing';
import { connect, node, runWorkflow } from './support/workflow';

const ORDERS = Number(process.argv[2] ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

async function seed(baseUrl: string) {
	const token = await logIn(baseUrl);
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

interface Job {
	baseUrl: string;
	token: string;
	sandbox: any;
}

const firstPage = (baseUrl: string) => `${baseUrl}${SHOP_PATH}/orders?page=0&size=${MAX_PAGE_SIZE}`;

/** The raw baseline: the same first page, then every `next` link, JSON decoded. */
async function viaRaw({ baseUrl, token }: Job): Promise<number> {
	let url: string | undefined = firstPage(baseUrl);
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

/** The `next` link of the page n8n's HTTP Request node just received, as an n8n expression. */
const NEXT_LINK =
	"[].concat($response.body.pagedData['atom.link'] ?? []).find((link) => link['@rel'] === 'next')";

async function viaHttpRequestNode({ baseUrl, token, sandbox }: Job): Promise<number> {
	const out = await runWorkflow({
		nodes: [
			node('HTTP Request', HTTP_REQUEST_NODE, 4.2, {
				method: 'GET',
				url: firstPage(baseUrl),
				authentication: 'predefinedCredentialType',
				nodeCredentialType: 'podPlatformApi',
				sendHeaders: true,
				headerParameters: { parameters: [{ name: 'Accept', value: 'application/json' }] },
				options: {
					pagination: {
						pagination: {
							paginationMode: 'responseContainsNextURL',
							nextURL: `={{ ${NEXT_LINK}?.['@href'] }}`,
							paginationCompleteWhen: 'other',
							completeExpression: `={{ !${NEXT_LINK} }}`,
						},
					},
				},
			}),
			node('Split Out', SPLIT_OUT_NODE, 1, {
				fieldToSplitOut: 'pagedData.productionOrder',
				include: 'noOtherFields',
				options: {},
			}),
		],
		connections: connect({}, 'HTTP Request', 'Split Out'),
		items: [{ json: {} }],
		store: sandboxCredentials(sandbox, { accountId: '387', sessionToken: token }),
		result: { node: 'Split Out' },
	});
	return out.length;
}

async function viaNode({ token, sandbox }: Job): Promise<number> {
	const out = await runWorkflow({
		nodes: [
			node('POD Platform', ACTION_NODE, 2, {
				resource: 'order',
				operation: 'getAll',
				shop: { __rl: true, mode: 'id', value: '1597' },
				returnAll: true,
			}),
		],
		connections: {},
		items: [{ json: {} }],
		store: sandboxCredentials(sandbox, { accountId: '387', sessionToken: token }),
		result: { node: 'POD Platform' },
	});
	return out.length;
}

const SIDES = { raw: viaRaw, httpRequest: viaHttpRequestNode, node: viaNode };
type Side = keyof typeof SIDES;

async function main() {
	const sandbox = await startSandboxProcess({
		port: 0,
		deferredProcessingMs: 24 * 3600_000,
		maxPageSize: MAX_PAGE_SIZE,
	});
	const control = new SandboxControl(sandbox);
	const results: any[] = [];
	try {
		const seeded = performance.now();
		await seed(sandbox.baseUrl);
		console.log(`Seeded ${ORDERS} orders in ${Math.round(performance.now() - seeded)} ms`);
		const pages = Math.ceil(ORDERS / MAX_PAGE_SIZE);
		for (const condition of selectedConditions()) {
			const job = (side: Side) => async () => {
				await control.clearFaults();
				const token = await logIn(sandbox.baseUrl);
				await applyCondition(control, condition);
				const measured = await counted(control, () =>
					SIDES[side]({ baseUrl: sandbox.baseUrl, token, sandbox }),
				);
				if (measured.result !== ORDERS)
					throw new Error(`${side} read ${measured.result} of ${ORDERS} orders`);
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
				orders: ORDERS,
				pages,
				sides: summariseSides(timed),
				nodePerHttpRequest: +(median('node') / median('httpRequest')).toFixed(2),
				nodePerRaw: +(median('node') / median('raw')).toFixed(2),
			};
			results.push(result);
			console.log(
				`\nReturn All, ${ORDERS} orders in ${pages} pages, ${condition.label} (ms min / median / max; requests; new connections)`,
			);
			printSides(result.sides);
			console.log(`  node/httpRequest ${result.nodePerHttpRequest}  node/raw ${result.nodePerRaw}`);
		}
	} finally {
		await sandbox.close();
	}
	mkdirSync(join(__dirname, 'results'), { recursive: true });
	writeFileSync(
		join(__dirname, 'results', 'returnAll.json'),
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
