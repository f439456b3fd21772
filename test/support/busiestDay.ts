/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- drives a real n8n and local stand-ins from Node, never shipped */
/**
 * The busiest day (issue 33, Proof), shared by `npm run bench:busiest-day` and the end-to-end
 * group "the busiest day": storefront orders of the documented shapes reach the intake examples'
 * production webhooks, sent by the Shopify and WooCommerce stand-ins as the stores send them,
 * while the print service answers 429 with Retry-After, then refuses connections, and n8n is
 * restarted once; then the catch-up examples run. What comes out: how many orders were lost
 * before and after the catch-up, duplicates, each print order checked against its store order,
 * requests per order, and the time from the store's webhook to the print order.
 *
 * The orders: Shopify's documented order (test/fixtures/storefront/shopify-orders-create.json) and
 * WooCommerce's (woocommerce-order-3-lines.json), alternately, each with an ID of its own, created
 * now, paid and nothing refunded, and 1–4 lines of the sandbox shop's products (its own SKUs,
 * colors and sizes, as a store set up for the contract names them: examples' step 2).
 */
import { isDeepStrictEqual } from 'node:util';
import { DateTime } from 'luxon';
import { request } from 'undici';

import { DEMO } from '../../sandbox';
import { createSeededStore } from '../../sandbox/seed';
import type { ShopifyStandIn, WooCommerceStandIn } from '../../scripts/storefronts';
import shopifyFulfillmentOrders from '../fixtures/storefront/shopify-fulfillment-orders.json';
import shopifyOrder from '../fixtures/storefront/shopify-orders-create.json';
import wooCommerceOrder from '../fixtures/storefront/woocommerce-order-3-lines.json';
import type { N8nSession } from '../e2e/n8nSession';
import { waitFor } from '../e2e/n8nSession';
import { rest } from '../../scripts/n8n-runtime';
import { ServiceClient, submitOrder } from './service';

type Json = Record<string, unknown>;
export type Platform = 'shopify' | 'woocommerce';

/** What the examples print on every line: FRONT, the motive "Company Logo" (by name). */
const MOTIVE_NAME = 'Company Logo';
const PRINT_AREA = 'FRONT';
/** The examples' carrier (DHL) and the country of the documented orders' addresses (US). */
const CARRIER_ID = DEMO.carriers.DHL;
const COUNTRY_ID = DEMO.countries.US;

/** One print line as the service should hold it. */
export interface ExpectedLine {
	productId: number;
	assignedColorId: number;
	assignedSizeId: number;
	sku: string;
	amount: number;
	productAreaId: number;
	motiveId: number;
}

export interface StoreOrder {
	platform: Platform;
	/** The store's order, as its webhook and its REST API give it. */
	order: Json;
	/** `<store key>-<order ID>`: the Unique ID the examples give its print order. */
	uniqueId: string;
	/** The print order it should become. */
	expected: {
		lines: ExpectedLine[];
		customer: Json;
		shippingTitle: string;
	};
}

/** A small seeded generator, so that a run's orders are the same every time. */
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
	return { int, pick };
}

/** The demo shop's products with a FRONT print area, and the motive every line gets. */
function catalog() {
	const store = createSeededStore();
	const products = [...store.products.values()].filter(
		(product) =>
			product.shopId === DEMO.shopId &&
			!product.deleted &&
			product.views.some((view) => view.position === PRINT_AREA),
	);
	const motive = [...store.motives.values()].find(
		(entry) => entry.shopId === DEMO.shopId && entry.name === MOTIVE_NAME,
	);
	if (!motive) throw new Error(`the sandbox seed has no motive ${MOTIVE_NAME}`);
	return { products, motiveId: motive.id };
}

export interface OrderOptions {
	count: number;
	seed?: number;
	/** The first order's ID; the others follow (Shopify's and WooCommerce's IDs of one run alike). */
	firstId: number;
	/** The store's time zone (WooCommerce writes `date_created` in it). */
	zone?: string;
	/** When the orders are created; now by default. */
	createdAt?: DateTime;
}

/**
 * `count` store orders, Shopify and WooCommerce in turn, 1–4 lines each (quantities 1–3) of the
 * shop's products, in every color and size the products are offered in.
 */
export function busiestDayOrders(options: OrderOptions): StoreOrder[] {
	const rng = random(options.seed ?? 33);
	const { products, motiveId } = catalog();
	const zone = options.zone ?? 'America/New_York';
	const created = options.createdAt ?? DateTime.now();
	const shopifyLine = shopifyOrder.line_items[1];
	const wooLine = wooCommerceOrder.line_items[2];
	return Array.from({ length: options.count }, (_, index) => {
		const id = options.firstId + index;
		const platform: Platform = index % 2 === 0 ? 'shopify' : 'woocommerce';
		const lines = Array.from({ length: rng.int(1, 4) }, (_unused, l) => {
			const product = rng.pick(products);
			const sku = rng.pick(product.skus.filter((candidate) => candidate.available));
			const color = product.colors.find((entry) => entry.id === sku.assignedColorId)!;
			const size = product.sizes.find((entry) => entry.id === sku.assignedSizeId)!;
			const area = product.views.find((view) => view.position === PRINT_AREA)!.areas[0];
			const quantity = rng.pick([1, 1, 1, 2, 3]);
			return { lineId: id * 10 + l, product, color, size, quantity, areaId: area.id };
		});
		const expectedLines: ExpectedLine[] = lines.map(
			({ product, color, size, quantity, areaId }) => ({
				productId: product.id,
				assignedColorId: color.id,
				assignedSizeId: size.id,
				sku: product.sku,
				amount: quantity,
				productAreaId: areaId,
				motiveId,
			}),
		);
		if (platform === 'shopify') {
			const order: Json = {
				...shopifyOrder,
				id,
				admin_graphql_api_id: `gid://shopify/Order/${id}`,
				name: `#${id}`,
				number: id,
				order_number: id,
				created_at: created.setZone(zone).toISO({ suppressMilliseconds: true }),
				updated_at: created.setZone(zone).toISO({ suppressMilliseconds: true }),
				financial_status: 'paid',
				fulfillment_status: null,
				fulfillments: [],
				refunds: [],
				line_items: lines.map(({ lineId, product, color, size, quantity }) => {
					// Shopify's variant title: the values of the options the product has, joined by " / ".
					const options = [
						...(product.colors.length > 1 ? [color.name] : []),
						...(product.sizes.length > 1 ? [size.name] : []),
					];
					const variantTitle = options.length ? options.join(' / ') : 'Default Title';
					return {
						...shopifyLine,
						id: lineId,
						admin_graphql_api_id: `gid://shopify/LineItem/${lineId}`,
						name: options.length ? `${product.name} - ${variantTitle}` : product.name,
						title: product.name,
						sku: product.sku,
						variant_title: variantTitle,
						variant_id: 39072000 + lineId,
						product_id: 632910000 + product.id,
						quantity,
						current_quantity: quantity,
						fulfillable_quantity: quantity,
						fulfillment_status: null,
						properties: [],
					};
				}),
			};
			const address = shopifyOrder.shipping_address;
			return {
				platform,
				order,
				uniqueId: `shopify-${id}`,
				expected: {
					lines: expectedLines,
					customer: {
						firstName: address.first_name,
						lastName: address.last_name,
						email: shopifyOrder.email,
						phone: address.phone,
						shippingAddress: {
							street: address.address1,
							city: address.city,
							zip: address.zip,
							countryCode: address.country_code,
						},
					},
					shippingTitle: shopifyOrder.shipping_lines[0].title,
				},
			};
		}
		const order: Json = {
			...wooCommerceOrder,
			id,
			number: String(id),
			order_key: `wc_order_${id}`,
			status: 'processing',
			date_created: created.setZone(zone).toFormat("yyyy-MM-dd'T'HH:mm:ss"),
			date_created_gmt: created.toUTC().toFormat("yyyy-MM-dd'T'HH:mm:ss"),
			// Unchanged since: the WooCommerce catch-up reads by date_modified.
			date_modified: created.setZone(zone).toFormat("yyyy-MM-dd'T'HH:mm:ss"),
			date_modified_gmt: created.toUTC().toFormat("yyyy-MM-dd'T'HH:mm:ss"),
			refunds: [],
			line_items: lines.map(({ lineId, product, color, size, quantity }) => ({
				...wooLine,
				id: lineId,
				name: `${product.name} &ndash; Color: ${color.name}, Size: ${size.name}`,
				product_id: 100 + product.id,
				variation_id: 1000 + variationNumber(product.id, color.id, size.id),
				quantity,
				sku: product.sku,
				// The attributes as the documented line gives them: the color's slug, the size's name.
				meta_data: [
					{ id: lineId * 2, key: 'pa_color', value: color.name.toLowerCase() },
					{ id: lineId * 2 + 1, key: 'size', value: size.name },
				],
			})),
		};
		const { shipping, billing } = wooCommerceOrder;
		return {
			platform,
			order,
			uniqueId: `woocommerce-${id}`,
			expected: {
				lines: expectedLines,
				customer: {
					firstName: shipping.first_name,
					lastName: shipping.last_name,
					email: billing.email,
					phone: billing.phone,
					shippingAddress: {
						street: shipping.address_1,
						city: shipping.city,
						zip: shipping.postcode,
						countryCode: shipping.country,
					},
				},
				shippingTitle: wooCommerceOrder.shipping_lines[0].method_title,
			},
		};
	});
}

/** A variation's number for a product, color and size (only needs to differ between them). */
const variationNumber = (productId: number, colorId: number, sizeId: number) =>
	(productId % 100) * 10000 + (colorId % 100) * 100 + (sizeId % 100);

/** A print order as the sandbox's control API gives it (the fields compared). */
export interface PrintOrder {
	id: number;
	uniqueId: string | null;
	created: string;
	financialStatus: string;
	countryId: number;
	customer: Json | null;
	shipping: { title?: string; carrierId?: number };
	orderedProducts: Array<{
		productId: number;
		assignedColorId: number;
		assignedSizeId: number;
		sku: string;
		amount: number;
		compositions: Array<{ productAreaId: number; elements: Array<{ motiveId?: number }> }>;
	}>;
}

/**
 * How a print order differs from the one its store order should give, one text per difference
 * (none when equal): the lines (product, color, size, SKU, amount, and the one print: area and
 * motive), the customer and address, the country, paid, the shipping title and carrier.
 */
export function differencesFromStoreOrder(printOrder: PrintOrder, store: StoreOrder): string[] {
	const differences: string[] = [];
	const differ = (what: string, actual: unknown, expected: unknown) => {
		// Through JSON both ways: values only, whatever realm or prototype they were built in.
		const plain = (value: unknown) => JSON.parse(JSON.stringify(value ?? null)) as unknown;
		if (!isDeepStrictEqual(plain(actual), plain(expected))) {
			differences.push(
				`${store.uniqueId} ${what}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`,
			);
		}
	};
	const lines = printOrder.orderedProducts.map((line) => ({
		productId: line.productId,
		assignedColorId: line.assignedColorId,
		assignedSizeId: line.assignedSizeId,
		sku: line.sku,
		amount: line.amount,
		prints: line.compositions.map((composition) => ({
			productAreaId: composition.productAreaId,
			motiveIds: composition.elements.map((element) => element.motiveId),
		})),
	}));
	differ(
		'lines',
		lines,
		store.expected.lines.map(({ productAreaId, motiveId, ...line }) => ({
			...line,
			prints: [{ productAreaId, motiveIds: [motiveId] }],
		})),
	);
	differ('customer', printOrder.customer, store.expected.customer);
	differ('uniqueId', printOrder.uniqueId, store.uniqueId);
	differ('countryId', printOrder.countryId, COUNTRY_ID);
	differ('financialStatus', printOrder.financialStatus, 'PAID');
	differ(
		'shipping',
		{ title: printOrder.shipping.title, carrierId: printOrder.shipping.carrierId },
		{ title: store.expected.shippingTitle, carrierId: CARRIER_ID },
	);
	return differences;
}

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

/** What a run takes from its caller: the n8n under test, the service, the stores. */
export interface BusiestDayStage {
	/** The sandbox's control API (`.../__sandbox`), reached directly, never through an outage. */
	controlUrl: string;
	shopify: ShopifyStandIn;
	wooCommerce: WooCommerceStandIn;
	/** The n8n session of the moment (restart may replace it). */
	session(): N8nSession;
	/** The service refuses connections for this long, from now (returns at once). */
	refuseConnections(forMs: number): Promise<void>;
	/** Stop n8n (every process of it), resolving once it has exited. */
	stopN8n(): Promise<void>;
	/** Start it again on the same database, resolving once it is ready. */
	startN8n(): Promise<void>;
	workflows: {
		intake: Record<Platform, string>;
		catchUp: Record<Platform, string>;
	};
}

export interface BusiestDayPlan {
	orders: StoreOrder[];
	/** The orders' webhooks go out evenly over this long. */
	sendMs: number;
	/** From the start, the service answers 429 with Retry-After for this long... */
	rateLimitMs: number;
	retryAfterSeconds: number;
	/** ...then refuses connections for this long. */
	refuseMs: number;
	/** n8n is restarted this long after the start. */
	restartAtMs: number;
	/** How long to wait for the intake executions to end once everything has been sent. */
	settleTimeoutMs?: number;
	log?: (line: string) => void;
}

export interface BusiestDayFigures {
	orders: number;
	byPlatform: Record<Platform, number>;
	lostBeforeCatchUp: number;
	lostAfterCatchUp: number;
	/** Print orders beyond the first of a store order. */
	duplicates: number;
	/** Store orders whose (first) print order differs from them, and the first differences. */
	unequal: number;
	differences: string[];
	/** The Unique IDs of the orders still missing after the catch-up (at most 20). */
	missing: string[];
	/** Service requests (answered by the sandbox, 429s included) per store order. */
	requestsPerOrder: { intake: number; total: number };
	/** Seconds from the store's first webhook to the print order. */
	latencySeconds: {
		intake: { p50: number; p95: number; count: number };
		all: { p50: number; p95: number; count: number };
	};
	webhooks: {
		shopifyAttempts: number;
		shopifyRetried: number;
		wooCommerceAttempts: number;
		wooCommerceFailed: number;
		/** Each store's attempts by outcome: the status n8n answered, or why there was none. */
		outcomes: Record<Platform, Record<string, number>>;
		/**
		 * WooCommerce's order.created webhooks at the end, with their status: one disabled after
		 * failures, and whether n8n's restart registered another (its WooCommerce Trigger looks
		 * only for an active one).
		 */
		wooCommerceWebhooks: Array<{ id: unknown; status: unknown }>;
	};
	/** Each catch-up run: its summary, the store's list pages it read and how long it took. */
	catchUpRuns: Array<{
		platform: Platform;
		summary: Json;
		listPages: number;
		/** Requests the print service received during the run, and per store order read. */
		serviceRequests: number;
		serviceRequestsPerOrder: number;
		seconds: number;
	}>;
	/** n8n's executions of the intake workflows, by status. */
	executions: Record<Platform, Record<string, number>>;
	/** Executions the stopped n8n left `new` or `running` for good. */
	leftByRestart: number;
	wallSeconds: number;
}

/** The IDs of the catch-up examples' copies that read a few orders a page. */
export const SMALL_PAGE_CATCH_UPS: Record<Platform, string> = {
	shopify: 'podE2eShopCatchUpPages',
	woocommerce: 'podE2eWooCatchUpPages',
};

/**
 * Copies of the catch-up examples that read `pageSize` orders a page (Shopify's `limit`,
 * WooCommerce's `per_page`) under their own IDs: with a few orders, the catch-up still reads more
 * than one page, so that a run of tens of orders proves the paging of a day of thousands.
 */
export function smallPageCatchUps<T extends { id?: unknown; name?: unknown }>(
	examples: T[],
	pageSize: number,
): T[] {
	const ids = SMALL_PAGE_CATCH_UPS;
	const from = { shopify: 'podExShopCatchUp', woocommerce: 'podExWooCatchUp' };
	const workflows = (['shopify', 'woocommerce'] as const).map((platform) => {
		const example = examples.find((workflow) => workflow.id === from[platform]);
		if (!example) throw new Error(`no example ${from[platform]}`);
		const text = JSON.stringify(example)
			// Shopify's GraphQL page (its spacing follows the bucket Shopify's answers tell).
			.replace('orders(first: 20,', `orders(first: ${pageSize},`)
			.replace('{"name":"per_page","value":"100"}', `{"name":"per_page","value":"${pageSize}"}`);
		if (text === JSON.stringify(example)) throw new Error(`${from[platform]}: no page size found`);
		const copy = JSON.parse(text) as T;
		return { ...copy, id: ids[platform], name: `${String(copy.name)}, ${pageSize} a page` };
	});
	return workflows;
}

async function control<T>(controlUrl: string, method: string, route: string, body?: unknown) {
	const response = await request(`${controlUrl}${route}`, {
		method: method as 'GET',
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
		// No kept-alive connection (scripts/n8n-runtime.ts, rest: why).
		reset: true,
	});
	const text = await response.body.text();
	if (response.statusCode >= 400) throw new Error(`${route}: ${response.statusCode} ${text}`);
	return (text ? JSON.parse(text) : undefined) as T;
}

/** How long one catch-up run may take: a day of 1,000 orders is minutes of work on 2 cores. */
const CATCH_UP_TIMEOUT_MS = 30 * 60_000;

const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: number[], p: number): number {
	if (!values.length) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Delivery attempts counted by outcome: the status, or the error without its details. */
function outcomesOf(attempts: Array<{ status?: number; error?: string }>): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const { status, error } of attempts) {
		const key =
			status !== undefined ? String(status) : (error ?? 'no answer').replace(/ \d.*$/, '');
		counts[key] = (counts[key] ?? 0) + 1;
	}
	return counts;
}

/** Activate a workflow, deactivated first when an earlier run left it active. */
async function activateAfresh(session: N8nSession, workflowId: string): Promise<void> {
	const { active } = await rest<{ active?: boolean }>(
		session.instance,
		session.cookie,
		'GET',
		`/workflows/${workflowId}`,
	);
	if (active) await session.deactivate(workflowId);
	await session.activate(workflowId);
}

/** The run: activate, send through the faults and the restart, settle, catch up, count. */
export async function runBusiestDay(
	stage: BusiestDayStage,
	plan: BusiestDayPlan,
): Promise<BusiestDayFigures> {
	const log = plan.log ?? (() => undefined);
	const { shopify, wooCommerce, controlUrl } = stage;
	const byUniqueId = new Map(plan.orders.map((order) => [order.uniqueId, order]));
	const printOrders = async () =>
		(await control<PrintOrder[]>(controlUrl, 'GET', '/orders')).filter(
			(order) => order.uniqueId !== null && byUniqueId.has(order.uniqueId),
		);

	// 1. The intake examples on their production webhooks: activating registers them at the stores.
	for (const platform of ['shopify', 'woocommerce'] as const) {
		await activateAfresh(stage.session(), stage.workflows.intake[platform]);
	}
	await waitFor('the stores to hold the intake webhooks', async () =>
		shopify.webhooks().some((webhook) => webhook.topic === 'orders/create') &&
		wooCommerce
			.webhooks()
			.some((webhook) => webhook.topic === 'order.created' && webhook.status === 'active')
			? true
			: undefined,
	);
	const firstRequest = (await control<unknown[]>(controlUrl, 'GET', '/requests')).length;
	const sandboxOffsetMs =
		(await control<{ now: number }>(controlUrl, 'GET', '/clock')).now - Date.now();
	const shopifyAttemptsBefore = shopify.deliveries.attempts.length;
	const wooAttemptsBefore = wooCommerce.deliveries.attempts.length;

	// 2. The day: the webhooks go out while the service rate limits, then refuses, and n8n restarts.
	const started = Date.now();
	const sentAt = new Map<string, number>();
	log(
		`sending ${plan.orders.length} orders over ${plan.sendMs / 1000} s; 429 (Retry-After ${plan.retryAfterSeconds}) for ${plan.rateLimitMs / 1000} s, then refused for ${plan.refuseMs / 1000} s; n8n restarts at ${plan.restartAtMs / 1000} s`,
	);
	await control(controlUrl, 'POST', '/faults', {
		kind: 'status',
		status: 429,
		retryAfter: plan.retryAfterSeconds,
		forMs: plan.rateLimitMs,
	});
	const at = async (ms: number, what: string, work: () => Promise<void>) => {
		await sleep(Math.max(0, started + ms - Date.now()));
		log(`${round1((Date.now() - started) / 1000)} s: ${what}`);
		await work();
	};
	const refusal = at(plan.rateLimitMs, 'the service refuses connections', async () => {
		await stage.refuseConnections(plan.refuseMs);
	});
	/** When the stopped n8n had exited: executions it left unfinished never end. */
	let downAt = 0;
	const restart = at(plan.restartAtMs, 'n8n is stopped', async () => {
		// n8n ends its running executions first (up to its shutdown timeout), still answering webhooks.
		await stage.stopN8n();
		downAt = Date.now();
		log(`${round1((Date.now() - started) / 1000)} s: n8n is down`);
		await stage.startN8n();
		log(`${round1((Date.now() - started) / 1000)} s: n8n is back`);
	});
	const sending = (async () => {
		for (const [index, store] of plan.orders.entries()) {
			await sleep(Math.max(0, started + (index * plan.sendMs) / plan.orders.length - Date.now()));
			sentAt.set(store.uniqueId, Date.now());
			if (store.platform === 'shopify') shopify.createOrder(store.order);
			else wooCommerce.createOrder(store.order);
		}
		log(`${round1((Date.now() - started) / 1000)} s: all ${plan.orders.length} orders created`);
	})();
	const answering = at(plan.rateLimitMs + plan.refuseMs, 'the service answers again', async () => {
		// The refusal ends by itself (refuseConnections): this only marks the moment.
	});
	await Promise.all([refusal, restart, sending, answering]);

	// 3. Settle: the stores' deliveries end (Shopify's retries included), then n8n's executions.
	await Promise.all([shopify.deliveries.settled(), wooCommerce.deliveries.settled()]);
	const intakeIds = Object.values(stage.workflows.intake);
	// An execution the stopped n8n had created and not ended stays `new` or `running` in n8n's
	// database (n8n 2.40.7 started again did not mark them crashed): not waited for, counted.
	let leftByRestart = 0;
	await waitFor(
		'the intake executions to end',
		async () => {
			leftByRestart = 0;
			for (const id of intakeIds) {
				const unfinished = await stage.session().executionsOf(id, ['new', 'running', 'waiting']);
				const left = unfinished.filter(
					(execution) => Date.parse(execution.createdAt ?? execution.startedAt ?? '') < downAt,
				).length;
				leftByRestart += left;
				if (unfinished.length > left) return undefined;
			}
			return true;
		},
		plan.settleTimeoutMs ?? 10 * 60_000,
	);
	if (leftByRestart) log(`${leftByRestart} executions left unfinished by the stopped n8n`);
	log(`${round1((Date.now() - started) / 1000)} s: deliveries and intake executions ended`);
	const printedByIntake = await printOrders();
	const intakeRequests = (await control<unknown[]>(controlUrl, 'GET', '/requests')).length;
	const distinct = (orders: PrintOrder[]) => new Set(orders.map((order) => order.uniqueId)).size;
	const lostBeforeCatchUp = plan.orders.length - distinct(printedByIntake);
	log(`lost before the catch-up: ${lostBeforeCatchUp} of ${plan.orders.length}`);

	// 4. The catch-up examples, run now: again while a run prints more (at most three runs each).
	const catchUpRuns: BusiestDayFigures['catchUpRuns'] = [];
	for (const platform of ['shopify', 'woocommerce'] as const) {
		const store = platform === 'shopify' ? shopify : wooCommerce;
		for (let run = 0; run < 3; run++) {
			const requestsBefore = store.requests.length;
			const serviceBefore = (await control<unknown[]>(controlUrl, 'GET', '/requests')).length;
			const runStarted = Date.now();
			const result = await stage
				.session()
				.runFromPinnedTrigger(stage.workflows.catchUp[platform], 'Run Now', CATCH_UP_TIMEOUT_MS);
			// The pages of the store's order list this run read (the catch-up reads every page).
			const listPages = store.requests.slice(requestsBefore).filter(
				(entry) =>
					(entry.method === 'GET' && entry.path.endsWith('/wc/v3/orders')) ||
					// Shopify's GraphQL Admin API: a page of the orders query.
					(entry.method === 'POST' &&
						entry.path.endsWith('/graphql.json') &&
						/^query CatchUp\b/.test(String((entry.body as { query?: string })?.query))),
			).length;
			if (result.status !== 'success') {
				throw new Error(
					`the ${platform} catch-up ended ${result.status}: ${JSON.stringify(result.error)}`,
				);
			}
			const summary = (result.runData.Summary?.[0]?.data?.main?.[0]?.[0]?.json ?? {}) as Json;
			const counts = Object.fromEntries(
				Object.entries(summary).filter(([, value]) => !Array.isArray(value)),
			);
			const failures = summary.failures;
			const seconds = round1((Date.now() - runStarted) / 1000);
			const serviceRequests =
				(await control<unknown[]>(controlUrl, 'GET', '/requests')).length - serviceBefore;
			const serviceRequestsPerOrder =
				Math.round((serviceRequests / Math.max(1, Number(summary.ordersRead ?? 0))) * 100) / 100;
			catchUpRuns.push({
				platform,
				summary: { ...counts, failures: (failures as string[] | undefined)?.slice(0, 3) },
				listPages,
				serviceRequests,
				serviceRequestsPerOrder,
				seconds,
			});
			log(
				`${platform} catch-up: ${JSON.stringify(counts)}, ${listPages} list pages, ${serviceRequests} print-service requests (${serviceRequestsPerOrder} per store order), ${seconds} s`,
			);
			if (!summary.printedNow) break;
		}
	}

	// 5. Count.
	const all = await printOrders();
	const firstOf = new Map<string, PrintOrder>();
	for (const order of [...all].sort((a, b) => a.id - b.id)) {
		if (!firstOf.has(order.uniqueId!)) firstOf.set(order.uniqueId!, order);
	}
	const differences = [...firstOf.values()].flatMap((order) =>
		differencesFromStoreOrder(order, byUniqueId.get(order.uniqueId!)!),
	);
	const unequal = new Set(differences.map((text) => text.split(' ')[0])).size;
	const intakeIdsPrinted = new Set(printedByIntake.map((order) => order.uniqueId));
	const latency = (orders: PrintOrder[]) =>
		orders.map(
			(order) =>
				(Date.parse(order.created) - sandboxOffsetMs - sentAt.get(order.uniqueId!)!) / 1000,
		);
	const intakeLatency = latency(
		[...firstOf.values()].filter((order) => intakeIdsPrinted.has(order.uniqueId)),
	);
	const allLatency = latency([...firstOf.values()]);
	const totalRequests = (await control<unknown[]>(controlUrl, 'GET', '/requests')).length;
	const shopifyAttempts = shopify.deliveries.attempts.slice(shopifyAttemptsBefore);
	const wooAttempts = wooCommerce.deliveries.attempts.slice(wooAttemptsBefore);
	const executions = {} as BusiestDayFigures['executions'];
	for (const platform of ['shopify', 'woocommerce'] as const) {
		const id = stage.workflows.intake[platform];
		executions[platform] = {};
		for (const status of ['success', 'error', 'crashed', 'canceled']) {
			executions[platform][status] = await stage.session().executionCount(id, [status]);
		}
	}
	for (const platform of ['shopify', 'woocommerce'] as const) {
		await stage.session().deactivate(stage.workflows.intake[platform]);
	}
	const stats = (values: number[]) => ({
		p50: round1(percentile(values, 50)),
		p95: round1(percentile(values, 95)),
		count: values.length,
	});
	return {
		orders: plan.orders.length,
		byPlatform: {
			shopify: plan.orders.filter((order) => order.platform === 'shopify').length,
			woocommerce: plan.orders.filter((order) => order.platform === 'woocommerce').length,
		},
		lostBeforeCatchUp,
		lostAfterCatchUp: plan.orders.length - firstOf.size,
		duplicates: all.length - firstOf.size,
		unequal,
		differences: differences.slice(0, 10),
		missing: plan.orders
			.filter((order) => !firstOf.has(order.uniqueId))
			.map((order) => order.uniqueId)
			.slice(0, 20),
		requestsPerOrder: {
			intake: round1((intakeRequests - firstRequest) / plan.orders.length),
			total: round1((totalRequests - firstRequest) / plan.orders.length),
		},
		latencySeconds: { intake: stats(intakeLatency), all: stats(allLatency) },
		webhooks: {
			shopifyAttempts: shopifyAttempts.length,
			shopifyRetried: shopifyAttempts.filter((attempt) => attempt.attempt > 1).length,
			wooCommerceAttempts: wooAttempts.length,
			wooCommerceFailed: wooAttempts.filter(
				(attempt) => attempt.status === undefined || attempt.status >= 300,
			).length,
			outcomes: { shopify: outcomesOf(shopifyAttempts), woocommerce: outcomesOf(wooAttempts) },
			wooCommerceWebhooks: wooCommerce
				.webhooks()
				.filter((webhook) => webhook.topic === 'order.created')
				.map((webhook) => ({ id: webhook.id, status: webhook.status })),
		},
		catchUpRuns,
		executions,
		leftByRestart,
		wallSeconds: Math.round((Date.now() - started) / 1000),
	};
}

// ---------------------------------------------------------------------------------------------
// The way back: shipments to Shopify while the store is down, then the way-back catch-up
// ---------------------------------------------------------------------------------------------

/** One open fulfillment order for all of a Shopify order's lines, in the documented shape. */
export function openFulfillmentOrder(order: Json): Json {
	const [documented] = (shopifyFulfillmentOrders as { fulfillment_orders: Json[] })
		.fulfillment_orders;
	const id = Number(order.id) * 10;
	return {
		...documented,
		id,
		order_id: order.id,
		status: 'open',
		line_items: (order.line_items as Json[]).map((line, index) => ({
			id: id * 10 + index,
			shop_id: documented.shop_id,
			fulfillment_order_id: id,
			quantity: line.quantity,
			line_item_id: line.id,
			inventory_item_id: line.variant_id,
			fulfillable_quantity: line.quantity,
			variant_id: line.variant_id,
		})),
	};
}

export interface WayBackStage {
	controlUrl: string;
	/** The service's base URL, reached directly: the print orders are made there. */
	serviceBaseUrl: string;
	shopify: ShopifyStandIn;
	session(): N8nSession;
	workflows: { wayBack: string; catchUp: string };
}

export interface WayBackPlan {
	/** Shopify orders (busiestDayOrders' Shopify ones), one print order and shipment each. */
	orders: StoreOrder[];
	/** The shipments go out evenly over this long... */
	shipMs: number;
	/** ...while the Shopify stand-in is down from this moment for this long. */
	downAtMs: number;
	downMs: number;
	settleTimeoutMs?: number;
	log?: (line: string) => void;
}

export interface WayBackFigures {
	shipments: number;
	lostBeforeCatchUp: number;
	lostAfterCatchUp: number;
	/** Fulfillments beyond the first of a Shopify order. */
	duplicates: number;
	/** Fulfillments whose tracking number is not their print order's. */
	wrongTracking: number;
	missing: string[];
	/** Requests the Shopify stand-in received per shipment (refused ones are not counted). */
	shopifyRequestsPerShipment: number;
	/** Seconds from the shipment to the Shopify fulfillment. */
	latencySeconds: { p50: number; p95: number; count: number };
	catchUpRuns: Json[];
	executions: Record<string, number>;
	wallSeconds: number;
}

/** The store's orders, each with an open fulfillment order, and their print orders in production. */
async function inProduction(
	stage: WayBackStage,
	orders: StoreOrder[],
): Promise<Map<string, number>> {
	for (const { order } of orders) stage.shopify.addOrder(order, [openFulfillmentOrder(order)]);
	const service = ServiceClient.as(stage.serviceBaseUrl);
	const printOrderOf = new Map<string, number>();
	for (const { uniqueId } of orders) {
		printOrderOf.set(uniqueId, await submitOrder(service, { uniqueId }));
	}
	for (const [uniqueId, id] of printOrderOf) {
		await waitFor(`${uniqueId} to be prepared`, async () =>
			(await control<{ fulfilmentStatus?: string }>(stage.controlUrl, 'GET', `/orders/${id}`))
				.fulfilmentStatus === 'PREPARED_TO_PRODUCE'
				? true
				: undefined,
		);
		await control(stage.controlUrl, 'POST', `/orders/${id}/advance`, { to: 'NOT_EDITABLE' });
	}
	return printOrderOf;
}

/** The fulfillments of these Shopify orders, by order, and those whose tracking is not BD-<print order>. */
function fulfillmentsOf(
	shopify: ShopifyStandIn,
	orderIds: Set<number>,
	printOrderOf: Map<string, number>,
) {
	const ours = shopify.fulfillments.filter((fulfillment) =>
		orderIds.has(Number(fulfillment.order_id)),
	);
	const byOrder = new Map<number, Json[]>();
	for (const fulfillment of ours) {
		const id = Number(fulfillment.order_id);
		byOrder.set(id, [...(byOrder.get(id) ?? []), fulfillment]);
	}
	const wrongTracking = [...byOrder].filter(([orderId, list]) => {
		const printOrderId = printOrderOf.get(`shopify-${orderId}`);
		return list[0].tracking_number !== `BD-${printOrderId}`;
	}).length;
	return { ours, byOrder, wrongTracking };
}

export interface BucketPlan {
	/** Shopify orders (busiestDayOrders' Shopify ones), one print order and shipment each. */
	orders: StoreOrder[];
	/**
	 * The app's bucket is emptied when the catch-up starts and again this often while it runs, as
	 * the app's other workflows on the same store (the intake's catch-up reading its pages) spend it:
	 * GraphQL Admin API limits are per app and store, so they share it.
	 */
	drainEveryMs: number;
	log?: (line: string) => void;
}

export interface BucketFigures {
	shipments: number;
	/** Fulfillments of these orders after the one catch-up run. */
	delivered: number;
	duplicates: number;
	wrongTracking: number;
	missing: string[];
	/** GraphQL requests Shopify answered THROTTLED during the run (each was asked again). */
	throttled: number;
	/** Requests the Shopify stand-in received during the run. */
	shopifyRequests: number;
	/** Requests the print service received during the run. */
	serviceRequests: number;
	summary: Json;
	seconds: number;
}

/**
 * Shipments the way back never delivered (its workflow inactive), then one run of the way-back
 * catch-up against Shopify's GraphQL bucket kept busy: the Standard plan's restore rate (100 points
 * a second, shopify.dev "GraphQL Admin API rate limits"), the bucket emptied at the start and every
 * `drainEveryMs`. Throttled requests must be asked again within the run.
 */
export async function runWayBackThroughBucket(
	stage: WayBackStage,
	plan: BucketPlan,
): Promise<BucketFigures> {
	const log = plan.log ?? (() => undefined);
	const { shopify, controlUrl } = stage;
	const orders = plan.orders.filter((order) => order.platform === 'shopify');
	const orderIds = new Set(orders.map((order) => Number(order.order.id)));
	const printOrderOf = await inProduction(stage, orders);
	for (const id of printOrderOf.values()) {
		await control(controlUrl, 'POST', `/orders/${id}/ship`, {
			trackingNumber: `BD-${id}`,
			trackingUrl: `https://tracking.example/BD-${id}`,
		});
	}
	log(`${orders.length} print orders shipped; the way back is not listening`);
	const throttledBefore = shopify.graphql.throttled;
	const shopifyBefore = shopify.requests.length;
	const serviceBefore = (await control<unknown[]>(controlUrl, 'GET', '/requests')).length;
	const started = Date.now();
	shopify.graphql.drain();
	const busy = setInterval(() => shopify.graphql.drain(), plan.drainEveryMs);
	let result;
	try {
		result = await stage
			.session()
			.runFromPinnedTrigger(stage.workflows.catchUp, 'Run Now', CATCH_UP_TIMEOUT_MS);
	} finally {
		clearInterval(busy);
	}
	if (result.status !== 'success') {
		throw new Error(
			`the way-back catch-up ended ${result.status}: ${JSON.stringify(result.error)}`,
		);
	}
	const seconds = round1((Date.now() - started) / 1000);
	const summary = (result.runData.Summary?.[0]?.data?.main?.[0]?.[0]?.json ?? {}) as Json;
	const { ours, byOrder, wrongTracking } = fulfillmentsOf(shopify, orderIds, printOrderOf);
	const figures: BucketFigures = {
		shipments: orders.length,
		delivered: byOrder.size,
		duplicates: ours.length - byOrder.size,
		wrongTracking,
		missing: orders
			.filter((order) => !byOrder.has(Number(order.order.id)))
			.map((order) => order.uniqueId)
			.slice(0, 20),
		throttled: shopify.graphql.throttled - throttledBefore,
		shopifyRequests: shopify.requests.length - shopifyBefore,
		serviceRequests:
			(await control<unknown[]>(controlUrl, 'GET', '/requests')).length - serviceBefore,
		summary: {
			...Object.fromEntries(Object.entries(summary).filter(([, value]) => !Array.isArray(value))),
			failures: summary.failures,
			notDelivered: summary.notDelivered,
		},
		seconds,
	};
	log(`way-back catch-up through the bucket: ${JSON.stringify(figures)}`);
	return figures;
}

export async function runWayBack(stage: WayBackStage, plan: WayBackPlan): Promise<WayBackFigures> {
	const log = plan.log ?? (() => undefined);
	const { shopify, controlUrl } = stage;
	const orders = plan.orders.filter((order) => order.platform === 'shopify');
	const orderIds = new Set(orders.map((order) => Number(order.order.id)));

	// 1. The store's orders, each with an open fulfillment order, and their print orders in production.
	const printOrderOf = await inProduction(stage, orders);
	log(`${orders.length} print orders in production, their Shopify orders open`);

	// 2. The way-back example listens: its trigger subscribes to the service's events.
	const executionsBefore = await stage.session().executionCount(stage.workflows.wayBack);
	const deliveriesBefore = (await control<unknown[]>(controlUrl, 'GET', '/deliveries')).length;
	await activateAfresh(stage.session(), stage.workflows.wayBack);
	const workflow = await rest<{ nodes: Array<{ webhookId?: string }> }>(
		stage.session().instance,
		stage.session().cookie,
		'GET',
		`/workflows/${stage.workflows.wayBack}`,
	);
	const webhookId = workflow.nodes.find((node) => node.webhookId)?.webhookId ?? '';
	await sleep(2000);
	const requestsBefore = shopify.requests.length;

	// 3. The shipments, while the store is down for a while.
	const started = Date.now();
	const shippedAt = new Map<number, number>();
	const down = (async () => {
		await sleep(plan.downAtMs);
		await shopify.down(plan.downMs);
		log(`${round1((Date.now() - started) / 1000)} s: the Shopify stand-in refuses connections`);
		await sleep(plan.downMs);
		log(`${round1((Date.now() - started) / 1000)} s: the Shopify stand-in answers again`);
	})();
	let index = 0;
	for (const { uniqueId, order } of orders) {
		await sleep(Math.max(0, started + (index++ * plan.shipMs) / orders.length - Date.now()));
		const id = printOrderOf.get(uniqueId)!;
		shippedAt.set(Number(order.id), Date.now());
		await control(controlUrl, 'POST', `/orders/${id}/ship`, {
			trackingNumber: `BD-${id}`,
			trackingUrl: `https://tracking.example/BD-${id}`,
		});
	}
	log(`${round1((Date.now() - started) / 1000)} s: all ${orders.length} print orders shipped`);
	await down;

	// 4. Settle: every event delivered to n8n has run.
	await waitFor(
		'the way-back executions to end',
		async () => {
			const delivered = (
				await control<Array<{ status: number; topic: string; address: string }>>(
					controlUrl,
					'GET',
					'/deliveries',
				)
			)
				.slice(deliveriesBefore)
				.filter(
					(attempt) =>
						attempt.status === 200 &&
						attempt.topic === 'orders/fulfilled' &&
						attempt.address.includes(webhookId),
				).length;
			const session = stage.session();
			const ran = (await session.executionCount(stage.workflows.wayBack)) - executionsBefore;
			const running = await session.executionCount(stage.workflows.wayBack, [
				'new',
				'running',
				'waiting',
			]);
			return delivered >= orders.length && ran >= delivered && running === 0 ? true : undefined;
		},
		plan.settleTimeoutMs ?? 10 * 60_000,
	);
	await stage.session().deactivate(stage.workflows.wayBack);
	const fulfilledOrders = () =>
		new Set(
			shopify.fulfillments
				.map((fulfillment) => Number(fulfillment.order_id))
				.filter((id) => orderIds.has(id)),
		);
	const lostBeforeCatchUp = orders.length - fulfilledOrders().size;
	log(
		`${round1((Date.now() - started) / 1000)} s: lost before the catch-up: ${lostBeforeCatchUp} of ${orders.length}`,
	);

	// 5. The way-back catch-up, run now: again while a run delivers more (at most three runs).
	const catchUpRuns: Json[] = [];
	for (let run = 0; run < 3; run++) {
		const result = await stage
			.session()
			.runFromPinnedTrigger(stage.workflows.catchUp, 'Run Now', CATCH_UP_TIMEOUT_MS);
		if (result.status !== 'success') {
			throw new Error(
				`the way-back catch-up ended ${result.status}: ${JSON.stringify(result.error)}`,
			);
		}
		const summary = (result.runData.Summary?.[0]?.data?.main?.[0]?.[0]?.json ?? {}) as Json;
		const counts = Object.fromEntries(
			Object.entries(summary).filter(([, value]) => !Array.isArray(value)),
		);
		catchUpRuns.push(counts);
		log(`way-back catch-up: ${JSON.stringify(counts)}`);
		if (!summary.deliveredNow) break;
	}

	// 6. Count: one fulfillment per order, with its print order's tracking number.
	const { ours, byOrder, wrongTracking } = fulfillmentsOf(shopify, orderIds, printOrderOf);
	const latency = [...byOrder].map(
		([orderId, list]) => (Date.parse(String(list[0].created_at)) - shippedAt.get(orderId)!) / 1000,
	);
	const executions: Record<string, number> = {};
	for (const status of ['success', 'error', 'crashed']) {
		executions[status] = await stage.session().executionCount(stage.workflows.wayBack, [status]);
	}
	return {
		shipments: orders.length,
		lostBeforeCatchUp,
		lostAfterCatchUp: orders.length - byOrder.size,
		duplicates: ours.length - byOrder.size,
		wrongTracking,
		missing: orders
			.filter((order) => !byOrder.has(Number(order.order.id)))
			.map((order) => order.uniqueId)
			.slice(0, 20),
		shopifyRequestsPerShipment: round1((shopify.requests.length - requestsBefore) / orders.length),
		latencySeconds: {
			p50: round1(percentile(latency, 50)),
			p95: round1(percentile(latency, 95)),
			count: latency.length,
		},
		catchUpRuns,
		executions,
		wallSeconds: Math.round((Date.now() - started) / 1000),
	};
}
