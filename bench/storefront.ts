/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console, @typescript-eslint/no-explicit-any -- a benchmark run on Node, never shipped */
/**
 * Storefront lines grouped into orders: Order → Submit with Input One Item per Line over 1,000
 * lines of Shopify-shaped orders (1–5 lines each, as Split Out gives them from `line_items`, in the
 * shape of test/fixtures/storefront/shopify-orders-create.json, with the sandbox catalog's SKUs,
 * variant titles, print area and motive names), four ways, in n8n-core in-process:
 * - names: the node given what the storefront gives: Product By SKU (the product's own SKU with
 *   Shopify's variant_title in the Variant field, as a store set up for the contract sends it;
 *   with BENCH_VARIANT_SKU_TEXTS=1, 60% of the lines name a color/size pair by its SKU text
 *   instead), Print Area by name or view and Motive By Name (from line item properties);
 * - ids: the node given the same lines' catalog IDs (Product, Color, Size, Print Area and Motive
 *   by ID), which each line also carries, so both runs get the same items;
 * - helper: n8n's authenticated HTTP helper alone (bench/support/helperFloorNode.ts), one item
 *   per order holding the deferred-order body the node sent for it, at the node's concurrency:
 *   the floor any node pays to send these orders. It gets the bodies ready-made, so node ÷ helper
 *   counts everything the node does with the lines: reading 1,000 items through the form's
 *   expressions, grouping them, the look-ups, the checks, Exactly Once and the output;
 * - helperReading: the same helper after reading every line through Submit's own form, each
 *   field once (bench/support/lineReaderFloorNode.ts): the floor of any node that takes these
 *   lines through these fields, so node ÷ helperReading is the package's own work;
 * - storefront: the node given the same orders whole, one item per Shopify order as the Shopify
 *   Trigger gives it (no Split Out), with Input One Item per Storefront Order: it reads the order
 *   by Shopify's documented paths, no expression per field, and gives every line the form's one
 *   print (FRONT, the Company Logo by name), so its bodies differ from the other sides';
 * - storefrontHelper: n8n's helper alone sending the bodies the storefront side sent.
 * The bodies are what the node itself sent, kept by a recording proxy in an untimed run before
 * the timed rounds (bench/support/recordingProxy.ts). In that run the names and the IDs runs must
 * send the same bodies, and the orders the sandbox stored for each side's run (distinct uniqueIds
 * each) must hold the same customer, products, colors, sizes, amounts, print areas and motives;
 * so must the storefront side's and its helper's, and their products, colors, sizes and amounts
 * must be the IDs run's.
 * Then the requests by names and by IDs are counted at a few line counts: their difference is a
 * constant of the run, not a cost per line.
 * Then, each order its own execution as n8n's Shopify Trigger starts them, the requests per
 * one-line storefront order by SKU, by names and by IDs: the first order after a fresh start, and
 * in steady state (the shop's catalog read within the minute the node keeps it,
 * nodes/shared/acrossExecutions.ts). Every other job starts as a fresh process (nothing kept).
 *
 * Timed: every job starts from a reset sandbox with a session token in the credential; sides
 * warmed up once, then alternated for BENCH_ROUNDS rounds; wall time and the CPU time of this
 * process (the sandbox runs in a process of its own, so its work is not counted); requests and
 * new connections from the sandbox's request log. Writes bench/results/storefront.json.
 *
 *   npm run bench:storefront
 *   BENCH_LINES (default 1000), BENCH_ROUNDS (default 3), BENCH_CONDITIONS (default all; on
 *   loopback concurrency 1 and 8, under latency 8 only), BENCH_SEED (default 24), BENCH_SIDES
 *   (default all: names,ids,helperReading,helper,storefront,storefrontHelper),
 *   BENCH_LOOPBACK_CONCURRENCIES (default 1,8), BENCH_VARIANT_SKU_TEXTS (default off: the
 *   contract's sandbox, whose color/size pairs have no SKU text; 1: the sandbox with the
 *   extension variantSkuTexts, and lines by a pair's SKU text among the others),
 *   BENCH_STEADY_ORDERS (default 20: one-line orders a side in the steady-state count),
 *   BENCH_STEADY_ONLY (1: only the steady-state count, into results/storefront-steady.json)
 */
import './support/tsFirst';

import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';

import { request } from 'undici';

import shopifyOrder from '../test/fixtures/storefront/shopify-orders-create.json';
import { createSeededStore } from '../sandbox/seed';
import { DEMO } from '../sandbox';
import { ACTION_NODE, type CredentialStore } from '../test/support/n8n';
import {
	SandboxControl,
	SHOP_PATH,
	sandboxCredentials,
	shopParameter,
	type LoggedRequest,
} from '../test/support/sandbox';
import { HELPER_FLOOR_NODE } from './support/helperFloorNode';
import { LINE_READER_FLOOR_NODE } from './support/lineReaderFloorNode';
import { applyCondition, selectedConditions, trafficOf, type Traffic } from './support/network';
import { machineBusyMs, processTreeCpu } from './support/processCpu';
import { startRecordingProxy } from './support/recordingProxy';
import { logIn, startSandboxProcess } from './support/sandboxProcess';
import { alternate, formatSpread, round1, spread, type Spread } from './support/timing';
import { node, runWorkflow } from './support/workflow';
import { forgetAllExecutions } from '../nodes/shared/acrossExecutions';

const LINES = Number(process.env.BENCH_LINES ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SEED = Number(process.env.BENCH_SEED ?? 24);
const CONCURRENCIES: Record<string, number[]> = {
	loopback: (process.env.BENCH_LOOPBACK_CONCURRENCIES ?? '1,8').split(',').map(Number),
};
const LATENT_CONCURRENCIES = [8];
/** Line counts whose requests are counted, by names and by IDs, besides LINES. */
const COUNTED_LINES = [10, 100];
const SUBMIT_PATH = /\/orders\/usingCreatorSE$/;
/** The sandbox extension that gives each color/size pair a SKU text (sandbox/README.md). */
const VARIANT_SKU_TEXTS = process.env.BENCH_VARIANT_SKU_TEXTS === '1';

// ---------------------------------------------------------------------------------------------
// The lines: Shopify orders of the sandbox catalog's real SKUs and names
// ---------------------------------------------------------------------------------------------

/** A small deterministic generator, so that every run orders the same lines. */
function random(seed: number) {
	let state = seed >>> 0;
	const next = () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
	const pick = <T>(values: readonly T[]): T => values[int(0, values.length - 1)];
	return { next, int, pick };
}

/** What a line stands for in the catalog, by ID: what a merchant who maps by ID keeps. */
interface LineIds {
	productId: number;
	colorId: number;
	sizeId: number;
	printAreaId: number;
	motiveId: number;
}

interface StorefrontLine {
	/** The line item as Shopify gives it, plus `pod`: its catalog IDs. */
	line: Record<string, any>;
	ids: LineIds;
	/** Whether the line names its product by a pair's SKU text (else the product's own SKU). */
	variantSku: boolean;
}

/** The demo shop's catalog as the sandbox seeds it: products, their SKUs and names, motives. */
function demoCatalog() {
	const store = createSeededStore({ variantSkuTexts: VARIANT_SKU_TEXTS });
	const products = [...store.products.values()].filter(
		(product) => product.shopId === DEMO.shopId && !product.deleted,
	);
	const motives = [...store.motives.values()].filter((motive) => motive.shopId === DEMO.shopId);
	return { products, motives };
}

/** A name as a storefront might spell it: as listed, lower case or upper case. */
function spelled(rng: ReturnType<typeof random>, name: string): string {
	return rng.pick([name, name, name.toLowerCase(), name.toUpperCase()]);
}

/**
 * `count` storefront lines in orders of 1–5 lines: products, colors and sizes from the catalog's
 * SKUs, quantities 1–3, one print each (a print area by name or view, a motive by name, carried
 * as line item properties as a personalising storefront app does).
 */
function storefrontOrders(count: number, seed: number): StorefrontLine[][] {
	const rng = random(seed);
	const { products, motives } = demoCatalog();
	const [template] = shopifyOrder.line_items.filter((line) => line.sku === 'IPOD2008RED');
	const orders: StorefrontLine[][] = [];
	let lines = 0;
	let lineId = 600000000;
	while (lines < count) {
		const size = Math.min(rng.int(1, 5), count - lines);
		const order: StorefrontLine[] = [];
		for (let l = 0; l < size; l++) {
			const product = rng.pick(products);
			const sku = rng.pick(product.skus.filter((candidate) => candidate.available));
			const color = product.colors.find((c) => c.id === sku.assignedColorId)!;
			const sizeOf = product.sizes.find((s) => s.id === sku.assignedSizeId)!;
			// Shopify's variant title: the values of the options the product has, joined by " / ".
			const options = [
				...(product.colors.length > 1 ? [color.name] : []),
				...(product.sizes.length > 1 ? [sizeOf.name] : []),
			];
			const variantTitle = options.length ? spelled(rng, options.join(' / ')) : null;
			// Drawn either way, so both modes order the same products, colors, sizes and prints.
			const variantSku = rng.next() < 0.6 && VARIANT_SKU_TEXTS;
			const view = rng.pick(product.views);
			const [area] = view.areas;
			const motive = rng.pick(motives);
			const quantity = rng.pick([1, 1, 1, 2, 3]);
			const id = lineId++;
			order.push({
				variantSku,
				ids: {
					productId: product.id,
					colorId: color.id,
					sizeId: sizeOf.id,
					printAreaId: area.id,
					motiveId: motive.id,
				},
				line: {
					...template,
					id,
					admin_graphql_api_id: `gid://shopify/LineItem/${id}`,
					current_quantity: quantity,
					fulfillable_quantity: quantity,
					name: variantTitle ? `${product.name} - ${variantTitle}` : product.name,
					product_id: 632910000 + product.id,
					properties: [
						{
							name: 'Print area',
							value: rng.next() < 0.5 ? spelled(rng, view.position) : area.name,
						},
						{ name: 'Motive', value: spelled(rng, motive.name) },
					],
					quantity,
					sku: variantSku ? sku.sku : product.sku,
					title: product.name,
					variant_id: 39072000 + sku.id,
					variant_title: variantTitle,
				},
			});
		}
		orders.push(order);
		lines += size;
	}
	return orders;
}

/** The uniqueId of order `k` in run `run`: each run's orders are new to the shop. */
const uniqueIdOf = (run: number, k: number) => String(run * 100000 + k);
/** The storefront side's Unique IDs carry the storefront's prefix (`shopify-<id>`). */
const numberOf = (uniqueId: string) => Number(String(uniqueId).split('-').pop());
const orderIndexOf = (uniqueId: string) => numberOf(uniqueId) % 100000;
const runOf = (uniqueId: string) => Math.floor(numberOf(uniqueId) / 100000);

/** The items Split Out gives for `line_items` (Include: All Other Fields), with the run's order ids. */
function lineItems(orders: StorefrontLine[][], run: number) {
	return orders.flatMap((order, k) => {
		const id = Number(uniqueIdOf(run, k));
		const fields = {
			...shopifyOrder,
			id,
			admin_graphql_api_id: `gid://shopify/Order/${id}`,
			name: `#${1001 + k}`,
			number: k + 1,
			order_number: 1001 + k,
		};
		return order.map(({ line, ids }) => ({
			json: { ...fields, line_items: { ...line, pod: { ...ids } } },
		}));
	});
}

/** The same orders whole, one item each, as the Shopify Trigger gives them (no Split Out). */
function orderItems(orders: StorefrontLine[][], run: number) {
	return orders.map((order, k) => {
		const id = Number(uniqueIdOf(run, k));
		return {
			json: {
				...shopifyOrder,
				id,
				admin_graphql_api_id: `gid://shopify/Order/${id}`,
				name: `#${1001 + k}`,
				number: k + 1,
				order_number: 1001 + k,
				line_items: order.map(({ line }) => line),
			},
		};
	});
}

// ---------------------------------------------------------------------------------------------
// The workflows
// ---------------------------------------------------------------------------------------------

type Side = 'names' | 'ids' | 'helperReading' | 'helper' | 'storefront' | 'storefrontHelper';
const ALL_SIDES: Side[] = [
	'names',
	'ids',
	'helperReading',
	'helper',
	'storefront',
	'storefrontHelper',
];
const SIDES: Side[] = process.env.BENCH_SIDES
	? ALL_SIDES.filter((side) => process.env.BENCH_SIDES!.split(',').includes(side))
	: ALL_SIDES;
const isHelper = (side: Side) =>
	side === 'helper' || side === 'helperReading' || side === 'storefrontHelper';

/** Submit, One Item per Line, the order fields mapped from the Shopify order. */
function submitParameters(design: Record<string, unknown>, concurrency: number) {
	return {
		resource: 'order',
		operation: 'submit',
		shop: shopParameter(),
		input: 'line',
		uniqueId: '={{ $json.id }}',
		financialStatus: 'PAID',
		country: '={{ $json.shipping_address.country_code }}',
		customer: {
			firstName: '={{ $json.customer.first_name }}',
			lastName: '={{ $json.customer.last_name }}',
			email: '={{ $json.email }}',
		},
		shippingAddress: {
			address: {
				street: '={{ $json.shipping_address.address1 }}',
				city: '={{ $json.shipping_address.city }}',
				zip: '={{ $json.shipping_address.zip }}',
				countryCode: '={{ $json.shipping_address.country_code }}',
			},
		},
		shippingTitle: '={{ $json.shipping_lines[0].title }}',
		designs: { design: [{ ...design, amount: '={{ $json.line_items.quantity }}' }] },
		options: { concurrency },
	};
}

const BY_NAMES = {
	productId: { __rl: true, mode: 'sku', value: '={{ $json.line_items.sku }}' },
	variant: '={{ $json.line_items.variant_title }}',
	prints: {
		print: [
			{
				printAreaId: '={{ $json.line_items.properties[0].value }}',
				elementType: 'libraryMotive',
				motiveId: {
					__rl: true,
					mode: 'name',
					value: '={{ $json.line_items.properties[1].value }}',
				},
			},
		],
	},
};

const BY_IDS = {
	productId: { __rl: true, mode: 'id', value: '={{ $json.line_items.pod.productId }}' },
	assignedColorId: '={{ $json.line_items.pod.colorId }}',
	assignedSizeId: '={{ $json.line_items.pod.sizeId }}',
	prints: {
		print: [
			{
				printAreaId: '={{ $json.line_items.pod.printAreaId }}',
				elementType: 'libraryMotive',
				motiveId: { __rl: true, mode: 'id', value: '={{ $json.line_items.pod.motiveId }}' },
			},
		],
	},
};

/** Submit reading each Shopify order itself; every line gets one print, FRONT with the logo. */
function storefrontParameters(concurrency: number) {
	return {
		resource: 'order',
		operation: 'submit',
		shop: shopParameter(),
		input: 'storefrontOrder',
		storefront: 'shopify',
		financialStatus: 'PAID',
		linePrints: {
			print: [
				{
					printArea: 'FRONT',
					elementType: 'libraryMotive',
					motiveId: { __rl: true, mode: 'name', value: 'Company Logo' },
				},
			],
		},
		options: { concurrency },
	};
}

interface Job {
	baseUrl: string;
	store: CredentialStore;
	concurrency: number;
	run: number;
}

async function viaNode(design: Record<string, unknown> | 'storefront', items: any[], job: Job) {
	const parameters =
		design === 'storefront'
			? storefrontParameters(job.concurrency)
			: submitParameters(design, job.concurrency);
	const out = await runWorkflow({
		nodes: [node('POD Platform', ACTION_NODE, 2, parameters)],
		connections: {},
		items,
		store: job.store,
		result: { node: 'POD Platform' },
	});
	return out.map((item) => item.json);
}

async function viaHelper(bodies: any[], job: Job, prefix = '') {
	const out = await runWorkflow({
		nodes: [
			node('Helper Floor', HELPER_FLOOR_NODE, 1, {
				url: `${job.baseUrl}${SHOP_PATH}/orders/usingCreatorSE`,
				body: '={{ JSON.stringify($json.order) }}',
				concurrency: job.concurrency,
			}),
		],
		connections: {},
		items: bodies.map((body, k) => ({
			json: { order: withUniqueId(body, `${prefix}${uniqueIdOf(job.run, k)}`) },
		})),
		store: job.store,
		result: { node: 'Helper Floor' },
	});
	return out.map((item) => item.json);
}

/**
 * n8n's helper after reading every line through Submit's own form (the names form): the same
 * lines, the first line of each order also carrying the body the node sent for the order.
 */
async function viaHelperReading(orders: StorefrontLine[][], bodies: any[], job: Job) {
	const items = lineItems(orders, job.run);
	let first = 0;
	orders.forEach((order, k) => {
		items[first].json = {
			...items[first].json,
			orderBody: withUniqueId(bodies[k], uniqueIdOf(job.run, k)),
		} as any;
		first += order.length;
	});
	const out = await runWorkflow({
		nodes: [
			node('Line Reader Floor', LINE_READER_FLOOR_NODE, 1, {
				...submitParameters(BY_NAMES, job.concurrency),
				floorUrl: `${job.baseUrl}${SHOP_PATH}/orders/usingCreatorSE`,
				floorBody: '={{ JSON.stringify($json.orderBody) }}',
				floorConcurrency: job.concurrency,
			}),
		],
		connections: {},
		items,
		store: job.store,
		result: { node: 'Line Reader Floor' },
	});
	return out.map((item) => item.json);
}

const ROOT = 'creatorse_productionOrderDeferred';

function withUniqueId(body: any, uniqueId: string) {
	return { ...body, [ROOT]: { ...body[ROOT], uniqueId } };
}

// ---------------------------------------------------------------------------------------------
// Counting and checking
// ---------------------------------------------------------------------------------------------

/** What a request was for, by its method and path. */
function kindOf(entry: LoggedRequest): string {
	const { method, path } = entry;
	if (method === 'POST' && SUBMIT_PATH.test(path)) return 'submit';
	if (method === 'POST' && /\/filters$/.test(path)) return 'filter';
	if (method === 'GET' && /\/orders$/.test(path)) return 'orderList';
	if (method === 'GET' && /\/products$/.test(path)) return 'productList';
	if (method === 'GET' && /\/products\/expanded\/\d+$/.test(path)) return 'productRead';
	if (method === 'GET' && /\/motives$/.test(path)) return 'motiveList';
	return `${method} ${path}`;
}

function kinds(log: LoggedRequest[]): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const entry of log) counts[kindOf(entry)] = (counts[kindOf(entry)] ?? 0) + 1;
	return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}

/** Every output item is an order made now (no error, none found already). */
function checkOutput(side: Side, out: any[], orders: number) {
	if (out.length !== orders) throw new Error(`${side}: ${out.length} outputs for ${orders} orders`);
	const bad = out.find((json) =>
		isHelper(side)
			? json.productionOrderSubmited?.id === undefined
			: json.error !== undefined || json.alreadyExisted !== false,
	);
	if (bad) throw new Error(`${side}: ${JSON.stringify(bad).slice(0, 500)}`);
}

/** The orders a run stored, by order index: customer, country and each item as the service keeps it. */
async function storedOrders(
	baseUrl: string,
	control: SandboxControl,
	token: string,
	run: number,
	orders: number,
) {
	const all = await control.orders();
	const mine = all.filter((order) => runOf(String(order.uniqueId)) === run);
	if (mine.length !== orders)
		throw new Error(`run ${run}: the sandbox holds ${mine.length} of ${orders} orders`);
	const byIndex = new Map<number, unknown>();
	for (const order of mine) {
		const answer = await request(`${baseUrl}${SHOP_PATH}/orders/expanded/${order.id}`, {
			headers: { 'x-auth-token': token, accept: 'application/json' },
		});
		const stored = ((await answer.body.json()) as any).productionOrderExpanded;
		// The service gives a single member as an object rather than a list of one.
		const items = [stored.orderedProducts?.designedOrderedProduct ?? []].flat();
		byIndex.set(orderIndexOf(String(order.uniqueId)), {
			financialStatus: stored.financialStatus,
			country: stored.country?.code,
			customer: stored.customer,
			shippingTitle: stored.orderShipping?.title,
			items: items.map((item: any) => ({
				productId: item.productId,
				colorId: item.assignedColor?.id,
				sizeId: item.assignedSize?.id,
				amount: item.amount,
				sku: item.sku,
				compositions: item.compositions,
			})),
		});
	}
	return byIndex;
}

function sameOrders(a: Map<number, unknown>, b: Map<number, unknown>): string | undefined {
	for (const [k, order] of a) {
		if (!isDeepStrictEqual(order, b.get(k)))
			return `order ${k}: ${JSON.stringify(order)} against ${JSON.stringify(b.get(k))}`;
	}
	return a.size === b.size ? undefined : `${a.size} orders against ${b.size}`;
}

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

interface Measured {
	ms: number;
	cpuMs: number;
}

interface SideResult extends Traffic {
	ms: Spread;
	cpuMs: Spread;
	byKind: Record<string, number>;
}

// ---------------------------------------------------------------------------------------------
// Steady state: one storefront order per execution
// ---------------------------------------------------------------------------------------------

/** How many one-line orders each side sends, each its own execution, after the warm-up. */
const STEADY_ORDERS = Number(process.env.BENCH_STEADY_ORDERS ?? 20);
type SteadySide = 'sku' | 'names' | 'ids';
const STEADY_SIDES: SteadySide[] = ['sku', 'names', 'ids'];

/**
 * Requests per one-line storefront order in steady state, as n8n's Shopify Trigger starts one
 * execution per order: each side starts as a fresh process on a reset sandbox, sends every line
 * once as an order of its own (the warm-up: the shop's catalog is read), then the same lines again
 * as new orders (new Unique IDs) within the minute the node keeps what it read
 * (nodes/shared/acrossExecutions.ts). By SKU: Input One Item per Storefront Order, the line's
 * product SKU and variant title; by names: the same line without a SKU, its product named by its
 * title; by IDs: One Item per Line with the line's catalog IDs.
 */
async function steadyState(sandbox: { baseUrl: string }, control: SandboxControl) {
	const lines = storefrontOrders(STEADY_ORDERS, SEED + 1)
		.flat()
		.slice(0, STEADY_ORDERS);
	const result = {} as Record<
		SteadySide,
		{ firstOrder: number; warmUp: Spread; perOrder: Spread; byKind: Record<string, number> }
	>;
	for (const side of STEADY_SIDES) {
		await control.reset();
		forgetAllExecutions();
		const token = await logIn(sandbox.baseUrl);
		const store = sandboxCredentials(sandbox as any, { accountId: '387', sessionToken: token });
		const pass = async () => {
			const counts: number[] = [];
			const byKind: Record<string, number> = {};
			for (const { line, ids, variantSku } of lines) {
				const order = [{ line: side === 'names' ? { ...line, sku: '' } : line, ids, variantSku }];
				const run = ++steadyRuns;
				await control.clearRequests();
				const out = await viaNode(
					side === 'ids' ? BY_IDS : 'storefront',
					side === 'ids' ? lineItems([order], run) : orderItems([order], run),
					{ baseUrl: sandbox.baseUrl, store, concurrency: 1, run },
				);
				checkOutput(side === 'ids' ? 'ids' : 'storefront', out, 1);
				const log = await control.requests();
				counts.push(log.length);
				for (const [kind, n] of Object.entries(kinds(log))) byKind[kind] = (byKind[kind] ?? 0) + n;
			}
			return { counts, byKind };
		};
		const warmUp = await pass();
		const steady = await pass();
		result[side] = {
			firstOrder: warmUp.counts[0],
			warmUp: spread(warmUp.counts),
			perOrder: spread(steady.counts),
			byKind: Object.fromEntries(
				Object.entries(steady.byKind).map(([kind, n]) => [kind, +(n / lines.length).toFixed(2)]),
			),
		};
	}
	return { orders: lines.length, sides: result };
}
let steadyRuns = 900;
/** BENCH_STEADY_ONLY=1: only the steady-state counts (results/storefront-steady.json), in seconds. */
const STEADY_ONLY = process.env.BENCH_STEADY_ONLY === '1';

function printSteady(steady: Awaited<ReturnType<typeof steadyState>>) {
	console.log(
		`\nRequests per one-line storefront order, each its own execution (${steady.orders} orders a side; ` +
			'first pass after a fresh start, then steady state: the same lines as new orders within the minute):',
	);
	for (const side of STEADY_SIDES) {
		const { firstOrder, warmUp, perOrder, byKind } = steady.sides[side];
		console.log(
			`  ${side.padEnd(6)} first order ${firstOrder}; first pass ${formatSpread(warmUp)}; steady ${formatSpread(perOrder)} per order ${JSON.stringify(byKind)}`,
		);
	}
}

async function main() {
	const orders = storefrontOrders(LINES, SEED);
	const lineCount = orders.reduce((sum, order) => sum + order.length, 0);
	const linesPerOrder = [1, 2, 3, 4, 5].map((n) => orders.filter((o) => o.length === n).length);
	const variantSkuLines = orders.flat().filter((line) => line.variantSku).length;
	console.log(
		`${lineCount} lines in ${orders.length} orders (orders of 1–5 lines: ${linesPerOrder.join(' / ')}); ` +
			`${variantSkuLines} lines by a pair's SKU text, ${lineCount - variantSkuLines} by product SKU + variant title` +
			(VARIANT_SKU_TEXTS ? ' (sandbox with variantSkuTexts)' : " (the contract's sandbox)"),
	);

	const loadAtStart = loadavg()[0];
	const busyAtStart = machineBusyMs();
	const treeAtStart = processTreeCpu(process.pid).ms;
	const startedAt = performance.now();
	console.log(`load average at the start: ${loadAtStart.toFixed(2)}`);

	// Processing far in the future, so the deferred pipeline does not compete with submissions.
	const sandbox = await startSandboxProcess({
		port: 0,
		deferredProcessingMs: 3_600_000,
		variantSkuTexts: VARIANT_SKU_TEXTS,
	});
	const control = new SandboxControl(sandbox);
	const sandboxOrigin = new URL(sandbox.baseUrl).origin;
	let runs = 0;
	const results: any[] = [];
	let verification: any;
	const counts: any[] = [];
	let steady: Awaited<ReturnType<typeof steadyState>> | undefined;
	let bodies: any[] = [];
	let storefrontBodies: any[] = [];
	try {
		if (STEADY_ONLY) {
			steady = await steadyState(sandbox, control);
			printSteady(steady);
			mkdirSync(join(__dirname, 'results'), { recursive: true });
			writeFileSync(
				join(__dirname, 'results', 'storefront-steady.json'),
				`${JSON.stringify({ date: new Date().toISOString(), node: process.version, seed: SEED, steadyState: steady }, null, 2)}\n`,
			);
			return;
		}
		// 1. Untimed: what the node sends, and that names and IDs make the same orders.
		await control.reset();
		const token = await logIn(sandbox.baseUrl);
		const proxy = await startRecordingProxy(
			sandboxOrigin,
			(method, path) => method === 'POST' && SUBMIT_PATH.test(path.split('?')[0]),
		);
		const sent = async (side: 'names' | 'ids' | 'storefront') => {
			// Each side as a fresh process: nothing kept from the other sides' executions.
			forgetAllExecutions();
			proxy.clear();
			await control.clearRequests();
			const run = ++runs;
			const store = sandboxCredentials(sandbox, {
				accountId: '387',
				sessionToken: token,
				baseUrl: proxy.via(sandbox.baseUrl),
			});
			const out = await viaNode(
				side === 'storefront' ? 'storefront' : side === 'names' ? BY_NAMES : BY_IDS,
				side === 'storefront' ? orderItems(orders, run) : lineItems(orders, run),
				{ baseUrl: sandbox.baseUrl, store, concurrency: 4, run },
			);
			checkOutput(side, out, orders.length);
			const log = await control.requests();
			const byIndex = new Map<number, any>();
			for (const { body } of proxy.recorded) {
				const parsed = JSON.parse(body.toString('utf8'));
				byIndex.set(orderIndexOf(parsed[ROOT].uniqueId), withUniqueId(parsed, ''));
			}
			return { run, requests: log.length, byKind: kinds(log), bodies: byIndex };
		};
		const names = await sent('names');
		const ids = await sent('ids');
		const storefront = await sent('storefront');
		await proxy.close();
		if (storefront.bodies.size !== orders.length)
			throw new Error('the storefront run sent too few bodies');
		storefrontBodies = Array.from({ length: orders.length }, (_, k) => storefront.bodies.get(k));
		if (names.bodies.size !== orders.length) throw new Error('the names run sent too few bodies');
		for (let k = 0; k < orders.length; k++) {
			if (!isDeepStrictEqual(names.bodies.get(k), ids.bodies.get(k))) {
				throw new Error(
					`order ${k}: by names the node sent ${JSON.stringify(names.bodies.get(k))}, by IDs ${JSON.stringify(ids.bodies.get(k))}`,
				);
			}
		}
		bodies = Array.from({ length: orders.length }, (_, k) => names.bodies.get(k));
		const helperRun = ++runs;
		const store = sandboxCredentials(sandbox, { accountId: '387', sessionToken: token });
		await control.clearRequests();
		checkOutput(
			'helper',
			await viaHelper(bodies, { baseUrl: sandbox.baseUrl, store, concurrency: 4, run: helperRun }),
			orders.length,
		);
		const helperRequests = (await control.requests()).length;
		const readingRun = ++runs;
		checkOutput(
			'helperReading',
			await viaHelperReading(orders, bodies, {
				baseUrl: sandbox.baseUrl,
				store,
				concurrency: 4,
				run: readingRun,
			}),
			orders.length,
		);
		const storefrontHelperRun = ++runs;
		await control.clearRequests();
		checkOutput(
			'storefrontHelper',
			await viaHelper(
				storefrontBodies,
				{ baseUrl: sandbox.baseUrl, store, concurrency: 4, run: storefrontHelperRun },
				'shopify-',
			),
			orders.length,
		);
		const stored = {
			storefront: await storedOrders(
				sandbox.baseUrl,
				control,
				token,
				storefront.run,
				orders.length,
			),
			storefrontHelper: await storedOrders(
				sandbox.baseUrl,
				control,
				token,
				storefrontHelperRun,
				orders.length,
			),
			names: await storedOrders(sandbox.baseUrl, control, token, names.run, orders.length),
			ids: await storedOrders(sandbox.baseUrl, control, token, ids.run, orders.length),
			helper: await storedOrders(sandbox.baseUrl, control, token, helperRun, orders.length),
			helperReading: await storedOrders(sandbox.baseUrl, control, token, readingRun, orders.length),
		};
		for (const side of ['names', 'helper', 'helperReading'] as const) {
			const difference = sameOrders(stored[side], stored.ids);
			if (difference) throw new Error(`${side} and IDs stored different orders: ${difference}`);
		}
		const storefrontDifference = sameOrders(stored.storefront, stored.storefrontHelper);
		if (storefrontDifference)
			throw new Error(
				`storefront and its helper run stored different orders: ${storefrontDifference}`,
			);
		// The storefront side's prints are the form's, its customer the shipping address's: its
		// products, colors, sizes and amounts are the lines' all the same.
		const itemsOnly = (byIndex: Map<number, any>) =>
			new Map(
				[...byIndex].map(([k, order]) => [
					k,
					order.items.map((item: any) => ({ ...item, compositions: undefined })),
				]),
			);
		const itemsDifference = sameOrders(itemsOnly(stored.storefront), itemsOnly(stored.ids));
		if (itemsDifference)
			throw new Error(`storefront and IDs stored different items: ${itemsDifference}`);
		const storedItems = [...stored.ids.values()].reduce(
			(sum: number, order: any) => sum + order.items.length,
			0,
		);
		verification = {
			sameBodiesNamesIds: true,
			sameStoredOrders: true,
			orders: orders.length,
			storedItems,
			bodyBytesMedian: spread(bodies.map((body) => JSON.stringify(body).length)).median,
			requests: {
				names: names.requests,
				ids: ids.requests,
				helper: helperRequests,
				storefront: storefront.requests,
			},
			byKind: { names: names.byKind, ids: ids.byKind, storefront: storefront.byKind },
			sameStoredOrdersStorefrontHelper: true,
			storefrontBodyBytesMedian: spread(storefrontBodies.map((body) => JSON.stringify(body).length))
				.median,
		};
		console.log(
			`\nChecked (concurrency 4, untimed): by names and by IDs the node sent the same ${orders.length} bodies; ` +
				`the sandbox stored the same ${orders.length} orders (${storedItems} items) for the names, IDs, helper and helperReading runs`,
		);
		console.log(
			`Checked: the sandbox stored the same ${orders.length} orders for the storefront side and its helper run ` +
				`(${storefront.requests} requests by the storefront side: ${JSON.stringify(storefront.byKind)}), ` +
				'with the products, colors, sizes and amounts of the IDs run',
		);
		counts.push({
			lines: lineCount,
			orders: orders.length,
			names: names.requests,
			ids: ids.requests,
		});

		// 2. Untimed: the requests by names and by IDs at fewer lines.
		for (const lines of COUNTED_LINES) {
			const few = storefrontOrders(lines, SEED);
			const row: any = { lines, orders: few.length };
			for (const side of ['names', 'ids'] as const) {
				await control.reset();
				forgetAllExecutions();
				const fewToken = await logIn(sandbox.baseUrl);
				const fewStore = sandboxCredentials(sandbox, { accountId: '387', sessionToken: fewToken });
				await control.clearRequests();
				const run = ++runs;
				const out = await viaNode(side === 'names' ? BY_NAMES : BY_IDS, lineItems(few, run), {
					baseUrl: sandbox.baseUrl,
					store: fewStore,
					concurrency: 4,
					run,
				});
				checkOutput(side, out, few.length);
				row[side] = (await control.requests()).length;
			}
			counts.push(row);
		}
		counts.sort((a, b) => a.lines - b.lines);
		console.log('\nRequests per run, by names and by IDs:');
		for (const row of counts) {
			console.log(
				`  ${String(row.lines).padStart(5)} lines, ${String(row.orders).padStart(4)} orders: names ${row.names}, IDs ${row.ids}, difference ${row.names - row.ids}`,
			);
		}
		console.log(`  by kind, ${lineCount} lines: names ${JSON.stringify(names.byKind)}`);
		console.log(`  ${' '.repeat(String(lineCount).length + 15)}IDs ${JSON.stringify(ids.byKind)}`);

		// 3. Untimed: requests per one-line storefront order in steady state, one execution each.
		steady = await steadyState(sandbox, control);
		printSteady(steady);

		// 4. Timed.
		for (const condition of selectedConditions()) {
			for (const concurrency of CONCURRENCIES[condition.name] ?? LATENT_CONCURRENCIES) {
				const cpu = Object.fromEntries(ALL_SIDES.map((side) => [side, []])) as unknown as Record<
					Side,
					number[]
				>;
				const lastLog: Partial<Record<Side, LoggedRequest[]>> = {};
				const job = (side: Side) => async (): Promise<Measured> => {
					await control.reset();
					forgetAllExecutions();
					const jobToken = await logIn(sandbox.baseUrl);
					const jobStore = sandboxCredentials(sandbox, {
						accountId: '387',
						sessionToken: jobToken,
					});
					await applyCondition(control, condition);
					const run = ++runs;
					const spec: Job = { baseUrl: sandbox.baseUrl, store: jobStore, concurrency, run };
					const items =
						side === 'names' || side === 'ids'
							? lineItems(orders, run)
							: side === 'storefront'
								? orderItems(orders, run)
								: undefined;
					await control.clearRequests();
					const cpuBefore = process.cpuUsage();
					const started = performance.now();
					const out =
						side === 'helper'
							? await viaHelper(bodies, spec)
							: side === 'storefrontHelper'
								? await viaHelper(storefrontBodies, spec, 'shopify-')
								: side === 'helperReading'
									? await viaHelperReading(orders, bodies, spec)
									: await viaNode(
											side === 'storefront' ? 'storefront' : side === 'names' ? BY_NAMES : BY_IDS,
											items!,
											spec,
										);
					const ms = performance.now() - started;
					const used = process.cpuUsage(cpuBefore);
					const cpuMs = (used.user + used.system) / 1000;
					checkOutput(side, out, orders.length);
					cpu[side].push(cpuMs);
					lastLog[side] = await control.requests();
					return { ms, cpuMs };
				};
				const timed = await alternate(
					Object.fromEntries(SIDES.map((side) => [side, job(side)])) as Record<
						Side,
						ReturnType<typeof job>
					>,
					ROUNDS,
				);
				const sides = {} as Record<Side, SideResult>;
				for (const side of SIDES) {
					const { ms } = timed[side];
					// The first of each side's runs is its warm-up.
					const cpuSpread = spread(cpu[side].slice(1));
					sides[side] = {
						ms: { min: Math.round(ms.min), median: Math.round(ms.median), max: Math.round(ms.max) },
						cpuMs: {
							min: Math.round(cpuSpread.min),
							median: Math.round(cpuSpread.median),
							max: Math.round(cpuSpread.max),
						},
						...trafficOf(lastLog[side] ?? []),
						byKind: kinds(lastLog[side] ?? []),
					};
				}
				const ratio = (a: Side, b: Side, of: 'ms' | 'cpuMs') =>
					sides[a] && sides[b] ? +(sides[a][of].median / sides[b][of].median).toFixed(2) : null;
				const over = (a: Side, b: Side, of: 'ms' | 'cpuMs') =>
					sides[a] && sides[b]
						? round1(((sides[a][of].median - sides[b][of].median) * 1000) / lineCount)
						: null;
				const result = {
					condition: condition.name,
					conditionLabel: condition.label,
					concurrency,
					lines: lineCount,
					orders: orders.length,
					sides,
					namesPerHelper: ratio('names', 'helper', 'ms'),
					idsPerHelper: ratio('ids', 'helper', 'ms'),
					namesPerIds: ratio('names', 'ids', 'ms'),
					namesPerHelperReading: ratio('names', 'helperReading', 'ms'),
					idsPerHelperReading: ratio('ids', 'helperReading', 'ms'),
					helperReadingPerHelper: ratio('helperReading', 'helper', 'ms'),
					namesPerHelperCpu: ratio('names', 'helper', 'cpuMs'),
					idsPerHelperCpu: ratio('ids', 'helper', 'cpuMs'),
					namesPerIdsCpu: ratio('names', 'ids', 'cpuMs'),
					namesPerHelperReadingCpu: ratio('names', 'helperReading', 'cpuMs'),
					idsPerHelperReadingCpu: ratio('ids', 'helperReading', 'cpuMs'),
					helperReadingPerHelperCpu: ratio('helperReading', 'helper', 'cpuMs'),
					storefrontPerHelper: ratio('storefront', 'storefrontHelper', 'ms'),
					storefrontPerHelperCpu: ratio('storefront', 'storefrontHelper', 'cpuMs'),
					extraRequestsByNames:
						sides.names && sides.ids ? sides.names.requests - sides.ids.requests : null,
					extraRequestsByStorefront:
						sides.storefront && sides.storefrontHelper
							? sides.storefront.requests - sides.storefrontHelper.requests
							: null,
					/** Per line, medians: what the node adds to the helper alone, in wall and CPU time. */
					namesOverHelperUsPerLine: over('names', 'helper', 'ms'),
					namesOverHelperCpuUsPerLine: over('names', 'helper', 'cpuMs'),
					storefrontOverHelperUsPerLine: over('storefront', 'storefrontHelper', 'ms'),
					storefrontOverHelperCpuUsPerLine: over('storefront', 'storefrontHelper', 'cpuMs'),
				};
				results.push(result);
				console.log(
					`\n${condition.label}, concurrency ${concurrency}, ${lineCount} lines in ${orders.length} orders ` +
						'(wall ms min / median / max; CPU ms min / median / max; requests; new connections)',
				);
				for (const side of SIDES) {
					const s = sides[side];
					console.log(
						`  ${side.padEnd(14)} ${formatSpread(s.ms).padEnd(22)} ${formatSpread(s.cpuMs).padEnd(22)} ${String(s.requests).padStart(5)} req ${String(s.connections).padStart(5)} conn`,
					);
				}
				console.log(
					`  wall: names/helper ${result.namesPerHelper}  ids/helper ${result.idsPerHelper}  names/ids ${result.namesPerIds}  ` +
						`names/helperReading ${result.namesPerHelperReading}  ids/helperReading ${result.idsPerHelperReading}  helperReading/helper ${result.helperReadingPerHelper}`,
				);
				console.log(
					`  CPU:  names/helper ${result.namesPerHelperCpu}  ids/helper ${result.idsPerHelperCpu}  names/ids ${result.namesPerIdsCpu}  ` +
						`names/helperReading ${result.namesPerHelperReadingCpu}  ids/helperReading ${result.idsPerHelperReadingCpu}  helperReading/helper ${result.helperReadingPerHelperCpu}`,
				);
				console.log(`  requests names − ids ${result.extraRequestsByNames}`);
				console.log(
					`  storefront/storefrontHelper: wall ${result.storefrontPerHelper}, CPU ${result.storefrontPerHelperCpu}; ` +
						`requests storefront − storefrontHelper ${result.extraRequestsByStorefront}; ` +
						`per line over the helper ${result.storefrontOverHelperUsPerLine} µs wall, ${result.storefrontOverHelperCpuUsPerLine} µs CPU`,
				);
			}
		}
	} finally {
		await sandbox.close();
	}
	// The sandbox process has ended and been waited for: its CPU counts among this process's children.
	const treeMs = processTreeCpu(process.pid).ms - treeAtStart;
	const busyMs = machineBusyMs() - busyAtStart;
	const machine = {
		loadAverageAtStart: +loadAtStart.toFixed(2),
		loadAverageAtEnd: +loadavg()[0].toFixed(2),
		/** Of all cores' busy time during the run, the share that was neither this benchmark nor its sandbox. */
		busyElsewhereShare: +Math.max(0, 1 - treeMs / Math.max(1, busyMs)).toFixed(2),
		wallSeconds: Math.round((performance.now() - startedAt) / 1000),
	};
	console.log(
		`\nload average at the end: ${machine.loadAverageAtEnd}; ${Math.round(machine.busyElsewhereShare * 100)}% of the machine's busy time during the run was other processes'`,
	);
	mkdirSync(join(__dirname, 'results'), { recursive: true });
	writeFileSync(
		join(__dirname, 'results', 'storefront.json'),
		`${JSON.stringify(
			{
				date: new Date().toISOString(),
				node: process.version,
				machine,
				rounds: ROUNDS,
				seed: SEED,
				lines: lineCount,
				orders: orders.length,
				ordersByLineCount: Object.fromEntries(linesPerOrder.map((n, i) => [i + 1, n])),
				variantSkuTexts: VARIANT_SKU_TEXTS,
				variantSkuLines,
				verification,
				requestCounts: counts,
				steadyState: steady,
				results,
			},
			null,
			2,
		)}\n`,
	);
}

void main().then(
	() => process.exit(0),
	(error) => {
		console.error(error);
		process.exit(1);
	},
);
