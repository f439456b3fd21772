/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- local HTTP stand-ins of storefront APIs for the dev instance and the tests (openssl makes their test certificate), never shipped */
/**
 * Local stand-ins of the storefront endpoints the examples call (the way back:
 * examples/print-events-to-shopify.json, examples/print-events-to-woocommerce.json; the order list
 * of examples/daily-csv-batch.json): two small loopback HTTP servers that
 * answer the documented Shopify Admin REST (2026-07) and WooCommerce REST (wc/v3) requests with the
 * documented response shapes, check the authentication each of n8n's credentials sends, and record
 * every request. They are not the POD service (that is the sandbox) and hold only what the examples
 * use; the sources of each request and shape are in test/fixtures/storefront/README.md.
 *
 * - Shopify (credential `shopifyAccessTokenApi`, header `X-Shopify-Access-Token`):
 *   `GET /admin/api/2026-07/orders/{id}/fulfillment_orders.json`, `POST .../fulfillments.json`,
 *   `GET .../orders/{id}.json` (`fields`), `PUT .../orders/{id}.json`, and `GET .../orders.json`
 *   (the list the catch-up example reads: `status`, `created_at_min`, `created_at_max`, `limit`,
 *   paged by `page_info` in the `Link` header). n8n's Shopify node calls `https://<Shop Subdomain>.myshopify.com/admin/
 *   api/2024-07/...`, HTTPS on a host of Shopify's: started with `tls`, the stand-in answers it on
 *   a second, HTTPS port when the credential's Shop Subdomain is `shopSubdomain` (the host and
 *   port, then a path segment that the `.myshopify.com` completes), API 2024-07 as 2026-07.
 * - WooCommerce (credential `wooCommerceApi`: Basic with the consumer key and secret, or the
 *   `consumer_key` / `consumer_secret` query parameters): `GET /wp-json/wc/v3/orders` (the list the
 *   daily CSV and catch-up examples read: `after`, `before`, `modified_after`, `modified_before`,
 *   `status`, `per_page`, `page`),
 *   `GET/PUT /wp-json/wc/v3/orders/{id}`,
 *   `GET/POST /wp-json/wc/v3/orders/{id}/notes`, and `GET /wp-json/wc/v3/products/categories`
 *   (what n8n's credential test reads). A real store takes Basic only over HTTPS (over HTTP it
 *   wants OAuth 1.0a); the stand-in is plain HTTP on loopback and takes Basic.
 *
 * Both also hold the store's products (`catalog`, scripts/storefronts/products.ts): what the publish
 * examples write and the set-up check examples read; and the store's own way in for a product's
 * image (scripts/storefronts/media.ts): WordPress's media library beside WooCommerce
 * (`POST /wp-json/wp/v2/media`, credential `wordpressApi` with an application password), and
 * Shopify's staged uploads (`stagedUploadsCreate`, then the file to the target, which asks for no
 * Shopify credential: its fields are its authorization).
 *
 * Both also hold webhook subscriptions, as n8n's Shopify Trigger and WooCommerce Trigger register
 * them on activation (Shopify: `GET /webhooks`, `POST /webhooks.json`, `DELETE /webhooks/{id}.json`;
 * WooCommerce: `GET/POST /webhooks`, `DELETE /webhooks/{id}?force=true`), and `createOrder` sends
 * the new order to them signed as each store signs (WooCommerce's `updateOrder` and `PUT` send
 * `order.updated`) (Webhook deliveries, below: Shopify retries a failed
 * delivery, WooCommerce does not and disables a webhook that keeps failing).
 *
 * Seeded with the documented orders of the fixtures (Shopify order 450789469 with its documented
 * fulfillment order 1046000780; WooCommerce order 727); tests add orders of the same shape.
 */
import { execFileSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { ROOT } from './n8n-runtime';
import type { ShopifyStagedUploads, WordpressLogin, WordpressMedia } from './storefronts/media';
import { shopifyStagedUploads, STAGED_UPLOADS_PATH, wordpressMedia } from './storefronts/media';
import type { ShopifyProducts, WooCommerceProducts } from './storefronts/products';
import { shopifyProducts, wooCommerceProducts } from './storefronts/products';
import type { AdminGraphql, ThrottleOptions } from './storefronts/shopifyGraphql';
import { adminGraphql } from './storefronts/shopifyGraphql';
import type { ShopifyOAuthApp, ShopifyOAuthOptions } from './storefronts/shopifyOAuth';
import { shopifyOAuthApp } from './storefronts/shopifyOAuth';

export const SHOPIFY_API_VERSION = '2026-07';
/** The version n8n's Shopify node calls (its notice: "Shopify API Version: 2024-07"). */
export const SHOPIFY_NODE_API_VERSION = '2024-07';
/** The path segment of the Shop Subdomain that sends n8n's Shopify node to the stand-in. */
const SHOP_NAME = 'pod-platform-stand-in';

/**
 * The sandbox's print product of each SKU the documented storefront orders carry
 * (test/fixtures/storefront/): the product's own SKU, which a merchant gives the store's variants
 * on a service whose color/size pairs carry no SKU text, as the contract defines them (the seed,
 * sandbox/seed.ts, holds both).
 */
const PRODUCT_SKU_OF: Record<string, string> = {
	IPOD2008GREEN: 'IPOD2008',
	IPOD2008RED: 'IPOD2008',
	IPOD2008BLACK: 'IPOD2008',
	Bar3: 'SHIP-YOUR-IDEA',
	'TEE-CLASSIC-WHITE-L': 'TEE-CLASSIC',
};

/** The print product's own SKU for a SKU of the documented orders; other SKUs as they are. */
export const productSkuOf = (sku: string): string => PRODUCT_SKU_OF[sku] ?? sku;

/** A documented storefront order whose lines carry their print product's own SKU instead. */
export function withProductSkus<T>(order: T): T {
	const copy = JSON.parse(JSON.stringify(order)) as { line_items: Array<{ sku?: string }> };
	for (const line of copy.line_items) if (line.sku) line.sku = productSkuOf(line.sku);
	return copy as T;
}

/** What the examples hold where a merchant puts their own storefront's address. */
export const SHOPIFY_ADMIN_URL_PLACEHOLDER = 'https://your-shop.myshopify.com';
export const WOOCOMMERCE_URL_PLACEHOLDER = 'https://your-store.example';

/** The credentials the way-back examples name (created by `npm start` and the end-to-end suite). */
export const SHOPIFY_CREDENTIAL = { id: 'shopifyStandIn', name: 'Shopify stand-in' };
export const WOOCOMMERCE_CREDENTIAL = { id: 'wooCommerceStandIn', name: 'WooCommerce stand-in' };
/** n8n's Shopify OAuth2 API credential of the stand-in's Dev Dashboard app. */
export const SHOPIFY_OAUTH2_CREDENTIAL = {
	id: 'shopifyOAuth2StandIn',
	name: 'Shopify stand-in (OAuth2)',
};
/** n8n's WordPress credential of the WooCommerce stand-in's site: its media library. */
export const WORDPRESS_CREDENTIAL = { id: 'wordpressStandIn', name: 'WordPress stand-in' };

type Json = Record<string, unknown>;

export interface RecordedRequest {
	method: string;
	/** The path without the query. */
	path: string;
	query: Record<string, string>;
	/** The headers the authentication lives in, as received. */
	auth: { authorization?: string; shopifyAccessToken?: string };
	contentType?: string;
	/** The parsed JSON body, undefined when there was none or it was not JSON. */
	body: unknown;
	/** The bytes of a body that is not JSON (an upload), as received. */
	raw?: Buffer;
	/** The status the stand-in answered. */
	status: number;
}

export interface StandIn {
	/** `http://127.0.0.1:<port>` */
	url: string;
	/** Every request received, answered or refused, in order. */
	requests: RecordedRequest[];
	/**
	 * The store is down for this long: its port refuses connections (ECONNREFUSED), then listens
	 * again on the same port. Returns once it refuses.
	 */
	down(forMs: number): Promise<void>;
	close(): Promise<void>;
}

interface Reply {
	status: number;
	body: unknown;
	/** An answer that is not JSON (a bucket's XML), sent as it is with its own content type. */
	text?: string;
	/** Headers besides the content type (a list's totals and page links). */
	headers?: Record<string, string>;
}

interface Incoming {
	method: string;
	/** Where the request came in: `http(s)://<host>`, as the client named the host. */
	origin: string;
	path: string;
	query: URLSearchParams;
	headers: http.IncomingHttpHeaders;
	body: unknown;
	/** The body's bytes, as received. */
	raw: Buffer;
}

const fixture = (file: string) =>
	JSON.parse(readFileSync(path.join(ROOT, 'test/fixtures/storefront', file), 'utf8')) as Json;

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

async function readBody(req: http.IncomingMessage): Promise<{ text: string; raw: Buffer }> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	const raw = Buffer.concat(chunks);
	return { text: raw.toString('utf8'), raw };
}

/** An upload's body (an image, a multipart form): not JSON, and not refused for it. */
const isUpload = (contentType: string | undefined) =>
	contentType !== undefined &&
	/^(image\/|multipart\/form-data|application\/octet-stream)/i.test(contentType);

/** One loopback server: parse, authenticate, route, record. */
async function serve(
	port: number,
	authenticate: (incoming: Incoming) => Reply | undefined,
	route: (incoming: Incoming) => Reply,
	onRequest?: (request: RecordedRequest) => void,
	tls?: TlsIdentity,
	requests: RecordedRequest[] = [],
): Promise<StandIn> {
	const handle: http.RequestListener = (req, res) => {
		void (async () => {
			const url = new URL(req.url ?? '/', 'http://127.0.0.1');
			const { text, raw } = await readBody(req);
			const upload = isUpload(req.headers['content-type']);
			let body: unknown;
			let reply: Reply;
			try {
				// An OAuth token request is a form (n8n's OAuth2 client sends one); an upload (an image,
				// a staged file's form) is kept raw; all else is JSON.
				body =
					!text || upload
						? undefined
						: /^application\/x-www-form-urlencoded/.test(req.headers['content-type'] ?? '')
							? Object.fromEntries(new URLSearchParams(text))
							: JSON.parse(text);
			} catch {
				body = text;
			}
			const incoming: Incoming = {
				method: req.method ?? 'GET',
				origin: `${tls ? 'https' : 'http'}://${req.headers.host ?? '127.0.0.1'}`,
				path: url.pathname,
				query: url.searchParams,
				headers: req.headers,
				body,
				raw,
			};
			try {
				reply =
					typeof body === 'string'
						? { status: 400, body: { errors: 'The body is not JSON' } }
						: (authenticate(incoming) ?? route(incoming));
			} catch (error) {
				reply = { status: 500, body: { errors: (error as Error).message } };
			}
			const recorded: RecordedRequest = {
				method: incoming.method,
				path: incoming.path,
				query: Object.fromEntries(url.searchParams),
				auth: {
					authorization: req.headers.authorization,
					shopifyAccessToken: req.headers['x-shopify-access-token'] as string | undefined,
				},
				contentType: req.headers['content-type'],
				body,
				...(upload ? { raw } : {}),
				status: reply.status,
			};
			requests.push(recorded);
			onRequest?.(recorded);
			res.writeHead(reply.status, {
				'content-type': 'application/json; charset=utf-8',
				...reply.headers,
			});
			res.end(reply.text ?? JSON.stringify(reply.body));
		})();
	};
	const server = tls
		? https.createServer({ key: tls.key, cert: tls.cert }, handle)
		: http.createServer(handle);
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, '127.0.0.1', () => resolve());
	});
	const address = server.address() as AddressInfo;
	let closed = false;
	const stop = async () =>
		await new Promise<void>((resolve) => {
			server.closeAllConnections();
			server.close(() => resolve());
		});
	return {
		url: `${tls ? 'https' : 'http'}://127.0.0.1:${address.port}`,
		requests,
		down: async (forMs) => {
			await stop();
			setTimeout(() => {
				if (!closed) server.listen(address.port, '127.0.0.1');
			}, forMs);
		},
		close: async () => {
			closed = true;
			if (server.listening) await stop();
		},
	};
}

/** A key and a certificate for 127.0.0.1, for a stand-in that must answer over HTTPS. */
export interface TlsIdentity {
	key: string;
	cert: string;
	/** The certificate's file: what NODE_EXTRA_CA_CERTS of an n8n that must trust it names. */
	certFile: string;
}

/** A self-signed certificate for 127.0.0.1 (openssl), valid for a day, in `folder`. */
export function selfSignedIdentity(folder: string): TlsIdentity {
	const keyFile = path.join(folder, 'stand-in.key');
	const certFile = path.join(folder, 'stand-in.crt');
	execFileSync(
		'openssl',
		[
			...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1'],
			...['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
			...['-keyout', keyFile, '-out', certFile],
		],
		{ stdio: 'ignore' },
	);
	return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), certFile };
}

/** Timestamps as each platform writes them. */
const shopifyTime = () => new Date().toISOString().replace(/\.\d{3}Z$/, '-00:00');
const wooTime = () => new Date().toISOString().slice(0, 19);

// ---------------------------------------------------------------------------------------------
// Webhook deliveries: what each store sends to a subscription's address
// ---------------------------------------------------------------------------------------------

/** One attempt to deliver an order to a webhook subscription. */
export interface DeliveryAttempt {
	/** The store's order ID. */
	orderId: number;
	webhookId: number;
	/** 1 for the first attempt. */
	attempt: number;
	/** Date.now() when the attempt was sent. */
	at: number;
	/** The status the address answered, or undefined when it did not answer (`error`). */
	status?: number;
	error?: string;
}

/** The deliveries a stand-in sent, and a way to wait until none is pending. */
export interface WebhookDeliveries {
	attempts: DeliveryAttempt[];
	/** Deliveries started and not yet ended (answered, or given up). */
	pending(): number;
	/** Resolves once no delivery is pending. */
	settled(): Promise<void>;
}

/** How long a stand-in waits for a webhook's answer: Shopify documents five seconds. */
const DELIVERY_TIMEOUT_MS = 5_000;

/** POST one webhook body; the status, or the reason there was none. */
async function post(
	address: string,
	body: string,
	headers: Record<string, string>,
): Promise<{ status?: number; error?: string }> {
	return await new Promise((resolve) => {
		const target = new URL(address);
		const send = target.protocol === 'https:' ? https.request : http.request;
		const req = send(
			target,
			{
				method: 'POST',
				headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
				timeout: DELIVERY_TIMEOUT_MS,
			},
			(res) => {
				res.resume();
				res.once('end', () => resolve({ status: res.statusCode }));
			},
		);
		req.once('timeout', () => req.destroy(new Error(`no answer in ${DELIVERY_TIMEOUT_MS} ms`)));
		req.once('error', (error) => resolve({ error: error.message }));
		req.end(body);
	});
}

function deliveryTracker() {
	const attempts: DeliveryAttempt[] = [];
	let pending = 0;
	let waiters: Array<() => void> = [];
	const track = async (work: () => Promise<void>) => {
		pending++;
		try {
			await work();
		} finally {
			pending--;
			if (pending === 0) {
				for (const resolve of waiters) resolve();
				waiters = [];
			}
		}
	};
	const deliveries: WebhookDeliveries = {
		attempts,
		pending: () => pending,
		settled: async () =>
			pending === 0 ? undefined : await new Promise<void>((resolve) => waiters.push(resolve)),
	};
	return { attempts, track, deliveries };
}

const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

const signed = (secret: string, body: string) =>
	createHmac('sha256', secret).update(body, 'utf8').digest('base64');

// ---------------------------------------------------------------------------------------------
// Shopify
// ---------------------------------------------------------------------------------------------

export interface ShopifyStandIn extends StandIn {
	accessToken: string;
	/** `<url>/admin/api/2026-07`: what the example's Shopify Admin URL becomes. */
	adminUrl: string;
	/**
	 * With `tls`: the Shop Subdomain that sends n8n's Shopify node to the HTTPS port
	 * (`127.0.0.1:<port>/pod-platform-stand-in`); without, a name that reaches no stand-in.
	 */
	shopSubdomain: string;
	/** Add an order (the Order resource) and its fulfillment orders. */
	addOrder(order: Json, fulfillmentOrders?: Json[]): void;
	/** Add a fulfillment order to an order already held. */
	addFulfillmentOrder(orderId: number, fulfillmentOrder: Json): void;
	order(id: number): Json | undefined;
	fulfillmentOrders(orderId: number): Json[];
	/** The fulfillments created through the stand-in, in order. */
	fulfillments: Json[];
	/** The secret Shopify signs webhooks with: the app's, the credential's App Secret Key. */
	appSecretKey: string;
	/** The webhook subscriptions held (Shopify's Webhook resource). */
	webhooks(): Json[];
	/**
	 * A new order, as a customer's checkout makes it: held, then sent to every `orders/create`
	 * subscription (not awaited; `deliveries` follows them).
	 */
	createOrder(order: Json): void;
	deliveries: WebhookDeliveries;
	/** The store's products: GraphQL productSet / productByIdentifier, REST products.json. */
	catalog: ShopifyProducts;
	/** The GraphQL Admin API of orders, fulfillments, tags and variants, and its bucket. */
	graphql: AdminGraphql;
	/** The Dev Dashboard app n8n's Shopify OAuth2 credential connects (./storefronts/shopifyOAuth.ts). */
	oauth: ShopifyOAuthApp;
	/** The staged upload targets stagedUploadsCreate issued, and the files uploaded to them. */
	staged: ShopifyStagedUploads;
}

export interface ShopifyOptions {
	port?: number;
	accessToken: string;
	/** Also answer n8n's Shopify node, over HTTPS with this identity. */
	tls?: TlsIdentity;
	onRequest?: (request: RecordedRequest) => void;
	/** The app's secret key that signs webhooks (default `stand-in-app-secret`). */
	appSecretKey?: string;
	/**
	 * The waits before each retry of a delivery that got no 2xx in time. Shopify retries 8 times
	 * over 4 hours; the default compresses that to minutes, so that a run can see the retries.
	 */
	webhookRetryDelaysMs?: number[];
	/** The GraphQL bucket (default: the Standard plan's, ./storefronts/shopifyGraphql.ts). */
	throttle?: ThrottleOptions;
	/** The OAuth app's client and its tokens' lifetime. */
	oauth?: ShopifyOAuthOptions;
}

/** Shopify's eight retries, compressed from four hours to about five minutes. */
export const SHOPIFY_RETRY_DELAYS_MS = [5, 10, 20, 30, 40, 60, 60, 60].map((s) => s * 1000);

/** The statuses of a fulfillment order that a fulfillment can be created for. */
const FULFILLABLE = ['open', 'in_progress'];

export async function startShopifyStandIn(options: ShopifyOptions): Promise<ShopifyStandIn> {
	const orders = new Map<number, Json>();
	const fulfillmentOrders = new Map<number, Json[]>();
	const fulfillments: Json[] = [];
	let nextFulfillmentId = 1069019900;
	const webhooks = new Map<number, Json>();
	let nextWebhookId = 4759306;
	const appSecretKey = options.appSecretKey ?? 'stand-in-app-secret';
	const retryDelays = options.webhookRetryDelaysMs ?? SHOPIFY_RETRY_DELAYS_MS;
	const { attempts, track, deliveries } = deliveryTracker();
	const base = `/admin/api/${SHOPIFY_API_VERSION}`;
	/** The API version n8n's Shopify node (n8n-nodes-base, Shopify v1) calls. */
	const nodeBase = `/admin/api/${SHOPIFY_NODE_API_VERSION}`;

	const addOrder = (order: Json, list: Json[] = []) => {
		orders.set(Number(order.id), clone(order));
		fulfillmentOrders.set(Number(order.id), clone(list));
	};
	let url = '';
	const staged = shopifyStagedUploads(() => url);
	const catalog = shopifyProducts(shopifyTime, staged);
	addOrder(
		fixture('shopify-orders-create.json'),
		fixture('shopify-fulfillment-orders.json').fulfillment_orders as Json[],
	);

	const notFound: Reply = { status: 404, body: { errors: 'Not Found' } };
	const unprocessable = (message: string): Reply => ({ status: 422, body: { errors: [message] } });

	const createFulfillment = (body: Json): Reply => {
		const fulfillment = body.fulfillment as Json | undefined;
		const groups = fulfillment?.line_items_by_fulfillment_order as Json[] | undefined;
		if (!fulfillment || !Array.isArray(groups) || groups.length === 0) {
			return unprocessable('line_items_by_fulfillment_order is required');
		}
		const found = groups.map((group) => {
			for (const [orderId, list] of fulfillmentOrders) {
				const match = list.find((entry) => entry.id === group.fulfillment_order_id);
				if (match) return { orderId, fulfillmentOrder: match, group };
			}
			return undefined;
		});
		if (found.some((entry) => entry === undefined)) return notFound;
		const entries = found as Array<{ orderId: number; fulfillmentOrder: Json; group: Json }>;
		if (new Set(entries.map((entry) => entry.orderId)).size !== 1) {
			return unprocessable('All fulfillment orders must belong to the same order');
		}
		const closed = entries.find(
			(entry) => !FULFILLABLE.includes(String(entry.fulfillmentOrder.status)),
		);
		if (closed) {
			return unprocessable(
				`Fulfillment order ${String(closed.fulfillmentOrder.id)} has an unfulfillable status= ${String(closed.fulfillmentOrder.status)}.`,
			);
		}
		const orderId = entries[0].orderId;
		const order = orders.get(orderId) as Json;
		const orderLines = (order.line_items as Json[]) ?? [];
		const lineItems: Json[] = [];
		for (const { fulfillmentOrder, group } of entries) {
			const chosen = group.fulfillment_order_line_items as Json[] | undefined;
			for (const line of fulfillmentOrder.line_items as Json[]) {
				const quantity = chosen
					? Number(chosen.find((entry) => entry.id === line.id)?.quantity ?? 0)
					: Number(line.fulfillable_quantity);
				if (quantity <= 0) continue;
				const orderLine = orderLines.find((entry) => entry.id === line.line_item_id);
				lineItems.push({ ...clone(orderLine ?? {}), quantity, fulfillment_status: 'fulfilled' });
				line.fulfillable_quantity = Number(line.fulfillable_quantity) - quantity;
			}
			if ((fulfillmentOrder.line_items as Json[]).every((line) => !line.fulfillable_quantity)) {
				fulfillmentOrder.status = 'closed';
			}
		}
		const tracking = (fulfillment.tracking_info as Json | undefined) ?? {};
		const id = nextFulfillmentId++;
		const now = shopifyTime();
		// The order changes with it, as Shopify's does: `updated_at`, and `fulfillment_status`
		// "fulfilled" once no line of its fulfillment orders is left to fulfil, else "partial".
		const left = (fulfillmentOrders.get(orderId) ?? []).some((entry) =>
			(entry.line_items as Json[]).some((line) => Number(line.fulfillable_quantity) > 0),
		);
		Object.assign(order, { updated_at: now, fulfillment_status: left ? 'partial' : 'fulfilled' });
		const created: Json = {
			id,
			order_id: orderId,
			status: 'success',
			created_at: now,
			service: 'manual',
			updated_at: now,
			tracking_company: tracking.company ?? null,
			shipment_status: null,
			location_id: entries[0].fulfillmentOrder.assigned_location_id ?? null,
			origin_address: null,
			line_items: lineItems,
			tracking_number: tracking.number ?? null,
			tracking_numbers: tracking.number ? [tracking.number] : [],
			tracking_url: tracking.url ?? null,
			tracking_urls: tracking.url ? [tracking.url] : [],
			receipt: {},
			name: `${String(order.name)}.${fulfillments.length + 1}`,
			admin_graphql_api_id: `gid://shopify/Fulfillment/${id}`,
		};
		fulfillments.push(created);
		return { status: 201, body: { fulfillment: created } };
	};

	/**
	 * "Retrieve a list of orders" as documented: `status` open (the default: not closed, not
	 * cancelled), closed, cancelled or any; `created_at_min` / `created_at_max` (ISO 8601,
	 * inclusive); `limit` 1 to 250 (default 50). Newest first. Paged as the REST Admin API pages
	 * ("Make paginated requests to the REST Admin API", shopify.dev/docs/api/admin-rest/usage/
	 * pagination): where there is another page, a `Link` header names it, `<…?limit=…&page_info=…>;
	 * rel="next"`, and from the second page on the previous page first, `rel="previous"`; a request
	 * with `page_info` may carry only `limit` and `fields` besides, and `page_info` is the stand-in's
	 * own cursor (the filter and the last order of the page before), opaque to the client.
	 */
	const listOrders = ({ origin, path: requested, query }: Incoming): Reply => {
		const invalid = (param: string, message: string): Reply => ({
			status: 400,
			body: { errors: { [param]: [message] } },
		});
		const limit = Number(query.get('limit') ?? 50);
		if (!Number.isInteger(limit) || limit < 1 || limit > 250) {
			return invalid('limit', 'must be between 1 and 250');
		}
		interface Cursor {
			filter: Record<string, string>;
			/** The last order of the page before (created_at, id), and which way to go from it. */
			after?: [number, number];
			before?: [number, number];
		}
		let cursor: Cursor;
		const pageInfo = query.get('page_info');
		if (pageInfo !== null) {
			const others = [...query.keys()].filter(
				(key) => !['page_info', 'limit', 'fields'].includes(key),
			);
			if (others.length) {
				return invalid('page_info', `cannot be used with other parameters (${others.join(', ')})`);
			}
			try {
				cursor = JSON.parse(Buffer.from(pageInfo, 'base64url').toString('utf8')) as Cursor;
				if (typeof cursor.filter !== 'object' || cursor.filter === null) throw new Error();
			} catch {
				return invalid('page_info', 'Invalid value.');
			}
		} else {
			const filter: Record<string, string> = {};
			for (const param of ['status', 'created_at_min', 'created_at_max']) {
				const value = query.get(param);
				if (value !== null) filter[param] = value;
			}
			cursor = { filter };
		}
		const status = cursor.filter.status ?? 'open';
		if (!['open', 'closed', 'cancelled', 'any'].includes(status)) {
			return invalid('status', 'is not one of open, closed, cancelled, any');
		}
		const bounds: Record<string, number> = {};
		for (const param of ['created_at_min', 'created_at_max']) {
			const value = cursor.filter[param];
			if (value === undefined) continue;
			const time = Date.parse(value);
			if (Number.isNaN(time)) return invalid(param, 'is not an ISO 8601 date');
			bounds[param] = time;
		}
		const statusOf = (order: Json) =>
			order.cancelled_at ? 'cancelled' : order.closed_at ? 'closed' : 'open';
		const created = (order: Json) => Date.parse(String(order.created_at));
		/** Newest first; the same time, the higher ID first. */
		const key = (order: Json): [number, number] => [created(order), Number(order.id)];
		const newer = (a: [number, number], b: [number, number]) =>
			a[0] !== b[0] ? a[0] > b[0] : a[1] > b[1];
		const matching = [...orders.values()]
			.filter((order) => status === 'any' || statusOf(order) === status)
			.filter(
				(order) => bounds.created_at_min === undefined || created(order) >= bounds.created_at_min,
			)
			.filter(
				(order) => bounds.created_at_max === undefined || created(order) <= bounds.created_at_max,
			)
			.sort((a, b) => (newer(key(a), key(b)) ? -1 : 1));
		let page: Json[];
		if (cursor.before) {
			const earlier = matching.filter((order) => newer(key(order), cursor.before!));
			page = earlier.slice(Math.max(0, earlier.length - limit));
		} else {
			const from = cursor.after
				? matching.filter((order) => newer(cursor.after!, key(order)))
				: matching;
			page = from.slice(0, limit);
		}
		const link = (to: Cursor, rel: string) => {
			const info = Buffer.from(JSON.stringify(to), 'utf8').toString('base64url');
			return `<${origin}${requested}?limit=${limit}&page_info=${info}>; rel="${rel}"`;
		};
		const links: string[] = [];
		if (page.length) {
			const first = key(page[0]);
			const last = key(page[page.length - 1]);
			if (matching.some((order) => newer(key(order), first))) {
				links.push(link({ filter: cursor.filter, before: first }, 'previous'));
			}
			if (matching.some((order) => newer(last, key(order)))) {
				links.push(link({ filter: cursor.filter, after: last }, 'next'));
			}
		}
		return {
			status: 200,
			body: { orders: page },
			headers: links.length ? { link: links.join(', ') } : undefined,
		};
	};

	const graphql = adminGraphql(
		{
			orders: () => [...orders.values()],
			order: (id) => orders.get(id),
			fulfillmentOrders: (orderId) => fulfillmentOrders.get(orderId) ?? [],
			fulfillments: () => fulfillments,
			createFulfillment,
			products: () => catalog.products(),
		},
		options.throttle,
	);

	const oauth = shopifyOAuthApp(options.oauth);

	const route = (incoming: Incoming): Reply => {
		const { method, path: requested, query, body } = incoming;
		const tokenReply = oauth.route(method, requested, body);
		if (tokenReply) return tokenReply;
		// n8n's Shopify node's requests, on the HTTPS port: `/<shop>.myshopify.com/admin/api/2024-07`.
		// It joins `/admin/api/2024-07/` and `/orders.json`: the double slash is one, as at Shopify.
		const nodePrefix = `/${SHOP_NAME}.myshopify.com${nodeBase}/`;
		const single = requested.replace(/\/{2,}/g, '/');
		const pathname = single.startsWith(nodePrefix)
			? `${base}/${single.slice(nodePrefix.length)}`
			: requested;
		if (pathname.startsWith(`${STAGED_UPLOADS_PATH}/`)) {
			return staged.route(method, pathname, incoming.headers, incoming.raw);
		}
		if (!pathname.startsWith(`${base}/`)) return notFound;
		const rest = pathname.slice(base.length);
		if (method === 'POST' && rest === '/graphql.json' && graphql.handles(body)) {
			return graphql.answer(body);
		}
		const productReply = catalog.route(method, rest, query, body);
		if (productReply) return productReply;
		if (method === 'GET' && rest === '/orders.json') return listOrders(incoming);
		if (method === 'POST' && rest === '/fulfillments.json') return createFulfillment(body as Json);
		// n8n's Shopify Trigger lists them at `/webhooks` (no `.json`), which Shopify also answers.
		if (method === 'GET' && (rest === '/webhooks' || rest === '/webhooks.json')) {
			const topic = query.get('topic');
			const address = query.get('address');
			const list = [...webhooks.values()].filter(
				(webhook) =>
					(topic === null || webhook.topic === topic) &&
					(address === null || webhook.address === address),
			);
			return { status: 200, body: { webhooks: list } };
		}
		if (method === 'POST' && rest === '/webhooks.json') {
			const input = (body as Json | undefined)?.webhook as Json | undefined;
			if (!input || typeof input.topic !== 'string' || typeof input.address !== 'string') {
				return { status: 422, body: { errors: { webhook: ['topic and address are required'] } } };
			}
			const taken = [...webhooks.values()].some(
				(webhook) => webhook.topic === input.topic && webhook.address === input.address,
			);
			if (taken) {
				return {
					status: 422,
					body: { errors: { address: ['for this topic has already been taken'] } },
				};
			}
			const id = nextWebhookId++;
			const now = shopifyTime();
			const webhook: Json = {
				id,
				address: input.address,
				topic: input.topic,
				created_at: now,
				updated_at: now,
				format: input.format ?? 'json',
				fields: [],
				metafield_namespaces: [],
				api_version: SHOPIFY_NODE_API_VERSION,
				private_metafield_namespaces: [],
			};
			webhooks.set(id, webhook);
			return { status: 201, body: { webhook } };
		}
		const webhookMatch = /^\/webhooks\/(\d+)\.json$/.exec(rest);
		if (webhookMatch && method === 'DELETE') {
			return webhooks.delete(Number(webhookMatch[1])) ? { status: 200, body: {} } : notFound;
		}
		let match = /^\/orders\/(\d+)\/fulfillment_orders\.json$/.exec(rest);
		if (match && method === 'GET') {
			const id = Number(match[1]);
			if (!orders.has(id)) return notFound;
			return { status: 200, body: { fulfillment_orders: fulfillmentOrders.get(id) ?? [] } };
		}
		match = /^\/orders\/(\d+)\.json$/.exec(rest);
		if (match) {
			const order = orders.get(Number(match[1]));
			if (!order) return notFound;
			if (method === 'GET') {
				const fields = query.get('fields');
				if (!fields) return { status: 200, body: { order } };
				const picked = Object.fromEntries(
					fields
						.split(',')
						.map((field) => field.trim())
						.filter((field) => field in order)
						.map((field) => [field, order[field]]),
				);
				return { status: 200, body: { order: picked } };
			}
			if (method === 'PUT') {
				const changes = (body as Json | undefined)?.order as Json | undefined;
				if (!changes || typeof changes !== 'object') {
					return {
						status: 400,
						body: { errors: { order: 'Required parameter missing or invalid' } },
					};
				}
				// The order's ID is the path's; the body's, when sent, changes nothing.
				Object.assign(order, changes, { id: order.id, updated_at: shopifyTime() });
				return { status: 200, body: { order } };
			}
		}
		return notFound;
	};

	const authenticate = ({ headers, path: requested }: Incoming): Reply | undefined =>
		// A staged target is the bucket's: its form fields authorize the upload, no Shopify token.
		requested.startsWith(`${STAGED_UPLOADS_PATH}/`) ||
		headers['x-shopify-access-token'] === options.accessToken ||
		oauth.valid(headers['x-shopify-access-token'] as string | undefined) ||
		// The token endpoint authenticates the app by its client ID and secret (./storefronts/shopifyOAuth.ts).
		/\/admin\/oauth\/access_token$/.test(requested)
			? undefined
			: {
					status: 401,
					body: {
						errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
					},
				};

	const standIn = await serve(options.port ?? 0, authenticate, route, options.onRequest);
	url = standIn.url;
	// The same orders and the same record of requests, over HTTPS for n8n's Shopify node.
	const secure = options.tls
		? await serve(0, authenticate, route, options.onRequest, options.tls, standIn.requests)
		: undefined;
	return {
		...standIn,
		down: async (forMs) => {
			await Promise.all([secure?.down(forMs), standIn.down(forMs)]);
		},
		close: async () => {
			await secure?.close();
			await standIn.close();
		},
		accessToken: options.accessToken,
		adminUrl: `${standIn.url}${base}`,
		shopSubdomain: secure ? `${new URL(secure.url).host}/${SHOP_NAME}` : SHOP_NAME,
		addOrder,
		addFulfillmentOrder: (orderId, fulfillmentOrder) => {
			fulfillmentOrders.get(orderId)?.push(clone(fulfillmentOrder));
		},
		order: (id) => orders.get(id),
		fulfillmentOrders: (orderId) => fulfillmentOrders.get(orderId) ?? [],
		fulfillments,
		appSecretKey,
		webhooks: () => [...webhooks.values()].map(clone),
		createOrder: (order) => {
			addOrder(order);
			const body = JSON.stringify(order);
			for (const webhook of webhooks.values()) {
				if (webhook.topic !== 'orders/create') continue;
				// The headers Shopify documents for a webhook; n8n's Shopify Trigger checks the HMAC.
				const headers = {
					'content-type': 'application/json',
					'x-shopify-topic': 'orders/create',
					'x-shopify-hmac-sha256': signed(appSecretKey, body),
					'x-shopify-shop-domain': `${SHOP_NAME}.myshopify.com`,
					'x-shopify-api-version': String(webhook.api_version),
					'x-shopify-webhook-id': randomUUID(),
					'x-shopify-event-id': randomUUID(),
					'x-shopify-triggered-at': new Date().toISOString(),
				};
				void track(async () => {
					for (let attempt = 1; ; attempt++) {
						const at = Date.now();
						const outcome = await post(String(webhook.address), body, headers);
						attempts.push({
							orderId: Number(order.id),
							webhookId: Number(webhook.id),
							attempt,
							at,
							...outcome,
						});
						const ok = outcome.status !== undefined && outcome.status < 300;
						if (ok || attempt > retryDelays.length) return;
						await sleep(retryDelays[attempt - 1]);
					}
				});
			}
		},
		deliveries,
		catalog,
		graphql,
		oauth,
		staged,
	};
}

// ---------------------------------------------------------------------------------------------
// WooCommerce
// ---------------------------------------------------------------------------------------------

/**
 * The order statuses WooCommerce documents for `status` (REST API docs, "Order properties"; core's
 * `wc_get_order_statuses()` and `checkout-draft`, the block checkout's draft). Paid are `processing`
 * and `completed` (core's `wc_get_is_paid_statuses()`): reaching either sets `date_paid`.
 */
const WOOCOMMERCE_STATUSES = [
	'pending',
	'processing',
	'on-hold',
	'completed',
	'cancelled',
	'refunded',
	'failed',
	'checkout-draft',
	'trash',
];

/**
 * The hooks behind each order topic of a webhook, as WooCommerce core maps them
 * (`WC_Webhook::get_default_topic_hooks`, plugins/woocommerce/includes/class-wc-webhook.php):
 * `order.updated` is every save of an existing order (a status change, a REST update) and a refund.
 */
const WOOCOMMERCE_TOPIC_HOOKS: Record<string, string[]> = {
	'order.created': ['woocommerce_new_order'],
	'order.updated': [
		'woocommerce_update_order',
		'woocommerce_order_refunded',
		'woocommerce_delete_order_refund',
	],
	'order.deleted': ['wp_trash_post', 'woocommerce_trash_order'],
	'order.restored': ['untrashed_post', 'woocommerce_untrash_order'],
};

export interface WooCommerceStandIn extends StandIn {
	consumerKey: string;
	consumerSecret: string;
	addOrder(order: Json): void;
	order(id: number): Json | undefined;
	notes(orderId: number): Json[];
	/** The webhooks held (WooCommerce's Webhook resource), with their status. */
	webhooks(): Json[];
	/**
	 * A new order, as a checkout makes it: held, then sent once to every active `order.created`
	 * webhook (not awaited; `deliveries` follows them). WooCommerce does not retry a delivery; it
	 * counts failures in a row and disables a webhook after more than five.
	 */
	createOrder(order: Json): void;
	/**
	 * A change made in the store (a payment received: `on-hold` to `processing` with `date_paid`):
	 * saved with a new `date_modified`, then sent to every active `order.updated` webhook, as a
	 * REST update (`PUT /orders/{id}`) is too.
	 */
	updateOrder(id: number, changes: Json): void;
	deliveries: WebhookDeliveries;
	/** The store's products and variations (wc/v3 products endpoints). */
	catalog: WooCommerceProducts;
	/** The site's WordPress media library (wp/v2 media), where product images are uploaded. */
	media: WordpressMedia;
	/** The WordPress user and application password the media library takes. */
	wordpress: WordpressLogin;
}

export interface WooCommerceOptions {
	port?: number;
	consumerKey: string;
	consumerSecret: string;
	/** The WordPress login of the media library; by default a user `pod-publisher`. */
	wordpress?: WordpressLogin;
	onRequest?: (request: RecordedRequest) => void;
}

export async function startWooCommerceStandIn(
	options: WooCommerceOptions,
): Promise<WooCommerceStandIn> {
	const orders = new Map<number, Json>();
	const notes = new Map<number, Json[]>();
	let nextNoteId = 281;
	let url = '';
	const base = '/wp-json/wc/v3';
	const webhooks = new Map<number, Json>();
	let nextWebhookId = 142;
	let nextDeliveryId = 1;
	const { attempts, track, deliveries } = deliveryTracker();
	/** WooCommerce's `woocommerce_max_webhook_delivery_failures`. */
	const MAX_FAILURES = 5;
	/** The webhook as the REST API shows it (the secret and the failure count are not shown). */
	const webhookView = (webhook: Json): Json => {
		const view = clone(webhook);
		delete view.secret;
		delete view.failure_count;
		return view;
	};

	const error = (status: number, code: string, message: string): Reply => ({
		status,
		body: { code, message, data: { status } },
	});
	/** `_links` as WooCommerce writes them: the store's own REST URLs. */
	const withLinks = (order: Json): Json => ({
		...order,
		_links: {
			self: [{ href: `${url}${base}/orders/${String(order.id)}` }],
			collection: [{ href: `${url}${base}/orders` }],
		},
	});
	const addOrder = (order: Json) => {
		orders.set(Number(order.id), clone(order));
		notes.set(Number(order.id), []);
	};
	addOrder(fixture('woocommerce-order.json'));
	const wordpress = options.wordpress ?? {
		user: 'pod-publisher',
		applicationPassword: 'Ab12 Cd34 Ef56 Gh78 Ij90 Kl12',
	};
	const media = wordpressMedia(() => url, wooTime, wordpress);
	const catalog = wooCommerceProducts(() => url, wooTime, media);

	let nextMetaId = 13000;
	/**
	 * The order's `meta_data` with a request's entries applied as WooCommerce's REST controller
	 * applies them (`update_meta_data(key, value, id)` for each, `WC_Data` in core's
	 * abstract-wc-data.php): an entry with an `id` changes that meta; one without changes the meta
	 * of its key (the first of them, the others removed), or adds one with a new ID.
	 */
	const mergedMeta = (order: Json, entries: Json[]): Json[] => {
		let meta = ((order.meta_data as Json[] | undefined) ?? []).map(clone);
		for (const entry of entries) {
			const byId = entry.id !== undefined ? meta.find((held) => held.id === entry.id) : undefined;
			if (byId) {
				byId.value = entry.value;
				continue;
			}
			const sameKey = meta.filter((held) => held.key === entry.key);
			if (sameKey.length) {
				sameKey[0].value = entry.value;
				meta = meta.filter((held) => held.key !== entry.key || held === sameKey[0]);
			} else meta.push({ id: nextMetaId++, key: entry.key, value: entry.value });
		}
		return meta;
	};

	/**
	 * An order saved with changes, as `WC_Order::save` does: a new `date_modified`; `date_paid` set
	 * on reaching a paid status without one (`WC_Order::maybe_set_date_paid`), `date_completed` on
	 * `completed`.
	 */
	const saveChanges = (order: Json, changes: Json) => {
		const now = wooTime();
		const { meta_data: metaChanges, ...rest } = changes;
		Object.assign(order, rest, { id: order.id, date_modified: now, date_modified_gmt: now });
		if (Array.isArray(metaChanges)) order.meta_data = mergedMeta(order, metaChanges as Json[]);
		const paid = ['processing', 'completed'].includes(String(order.status));
		if (paid && (order.date_paid === null || order.date_paid === undefined)) {
			Object.assign(order, { date_paid: now, date_paid_gmt: now });
		}
		if (changes.status === 'completed') {
			Object.assign(order, { date_completed: now, date_completed_gmt: now });
		}
	};

	/**
	 * The order sent once to every active webhook of `topic` (not awaited; `deliveries` follows
	 * them), never a draft (`WC_Webhook::is_valid_resource` skips `checkout-draft`). WooCommerce
	 * does not retry a delivery; it counts failures in a row and disables a webhook after more
	 * than five.
	 */
	const deliver = (topic: string, order: Json) => {
		if (order.status === 'checkout-draft') return;
		const body = JSON.stringify(withLinks(order));
		for (const webhook of webhooks.values()) {
			if (webhook.topic !== topic || webhook.status !== 'active') continue;
			// The headers WooCommerce's WC_Webhook sends; n8n's WooCommerce Trigger checks the signature.
			const headers = {
				'content-type': 'application/json',
				'x-wc-webhook-source': `${url}/`,
				'x-wc-webhook-topic': String(webhook.topic),
				'x-wc-webhook-resource': String(webhook.resource),
				'x-wc-webhook-event': String(webhook.event),
				'x-wc-webhook-signature': signed(String(webhook.secret), body),
				'x-wc-webhook-id': String(webhook.id),
				'x-wc-webhook-delivery-id': String(nextDeliveryId++),
			};
			void track(async () => {
				const at = Date.now();
				const outcome = await post(String(webhook.delivery_url), body, headers);
				attempts.push({
					orderId: Number(order.id),
					webhookId: Number(webhook.id),
					attempt: 1,
					at,
					...outcome,
				});
				if (outcome.status !== undefined && outcome.status < 300) {
					webhook.failure_count = 0;
					return;
				}
				webhook.failure_count = Number(webhook.failure_count) + 1;
				if (Number(webhook.failure_count) > MAX_FAILURES) webhook.status = 'disabled';
			});
		}
	};

	/**
	 * "List all orders" as documented: newest first (`order` asc or desc, `orderby` date or id), `per_page` (default 10, at most 100) and
	 * `page`, the totals in `X-WP-Total` and `X-WP-TotalPages`, and a `Link` header naming the next
	 * and previous pages where there are some. `status` is a list (`processing,on-hold`). `after`
	 * and `before` compare with `date_created` (the store's local time), `modified_after` and
	 * `modified_before` with `date_modified`, or their `_gmt` fields with `dates_are_gmt=true`
	 * (`WC_REST_CRUD_Controller::prepare_objects_query`: `post_date` / `post_modified`); the stand-in
	 * takes them without a zone offset only, as the examples send them, and refuses any other.
	 */
	const listOrders = (query: URLSearchParams): Reply => {
		const invalid = (param: string, message: string): Reply => ({
			status: 400,
			body: {
				code: 'rest_invalid_param',
				message: `Invalid parameter(s): ${param}`,
				data: { status: 400, params: { [param]: message } },
			},
		});
		const localDate = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
		for (const param of ['after', 'before', 'modified_after', 'modified_before']) {
			const value = query.get(param);
			if (value !== null && !localDate.test(value)) {
				return invalid(
					param,
					`${param} must be a date as YYYY-MM-DDThh:mm:ss (the stand-in takes no offset).`,
				);
			}
		}
		const statuses = (query.get('status') ?? 'any').split(',').filter(Boolean);
		const unknown = statuses.find(
			(status) => status !== 'any' && !WOOCOMMERCE_STATUSES.includes(status),
		);
		if (unknown)
			return invalid('status', `status is not one of any, ${WOOCOMMERCE_STATUSES.join(', ')}.`);
		const perPage = Number(query.get('per_page') ?? 10);
		const page = Number(query.get('page') ?? 1);
		if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) {
			return invalid('per_page', 'per_page must be between 1 (inclusive) and 100 (inclusive)');
		}
		if (!Number.isInteger(page) || page < 1) return invalid('page', 'page must be at least 1');
		const direction = query.get('order') ?? 'desc';
		if (direction !== 'asc' && direction !== 'desc') {
			return invalid('order', 'order is not one of asc, desc.');
		}
		const orderBy = query.get('orderby') ?? 'date';
		// The stand-in sorts by the two it is asked for (WooCommerce also takes include, title, slug, modified).
		if (orderBy !== 'date' && orderBy !== 'id') {
			return invalid('orderby', 'orderby is not one of date, id.');
		}
		const gmt = query.get('dates_are_gmt') === 'true' ? '_gmt' : '';
		/** Whether the order's `field` (its local or GMT date) is after or before the query's value. */
		const within = (order: Json, field: string, after: string, before: string) => {
			const value = String(order[`${field}${gmt}`]);
			const from = query.get(after);
			const to = query.get(before);
			return (from === null || value > from) && (to === null || value < to);
		};
		const matching = [...orders.values()]
			.filter((order) => statuses.includes('any') || statuses.includes(String(order.status)))
			.filter((order) => within(order, 'date_created', 'after', 'before'))
			.filter((order) => within(order, 'date_modified', 'modified_after', 'modified_before'))
			.sort((a, b) => {
				const ascending =
					orderBy === 'id'
						? Number(a.id) - Number(b.id)
						: String(a.date_created_gmt).localeCompare(String(b.date_created_gmt)) ||
							Number(a.id) - Number(b.id);
				return direction === 'asc' ? ascending : -ascending;
			});
		const totalPages = Math.ceil(matching.length / perPage);
		const pageUrl = (number: number) => {
			const next = new URLSearchParams(query);
			next.set('page', String(number));
			return `<${url}${base}/orders?${next.toString()}>`;
		};
		const links = [
			...(page > 1 ? [`${pageUrl(page - 1)}; rel="prev"`] : []),
			...(page < totalPages ? [`${pageUrl(page + 1)}; rel="next"`] : []),
		];
		// WordPress's `_fields` (rest_filter_response_fields): each record with the named fields only.
		const fields = query
			.get('_fields')
			?.split(',')
			.map((field) => field.trim());
		const shown = (order: Json): Json =>
			fields
				? Object.fromEntries(fields.filter((key) => key in order).map((key) => [key, order[key]]))
				: order;
		return {
			status: 200,
			body: matching
				.slice((page - 1) * perPage, page * perPage)
				.map(withLinks)
				.map(shown),
			headers: {
				'x-wp-total': String(matching.length),
				'x-wp-totalpages': String(totalPages),
				...(links.length ? { link: links.join(', ') } : {}),
			},
		};
	};

	const route = ({ method, path: pathname, query, body, headers, raw }: Incoming): Reply => {
		const noRoute = error(
			404,
			'rest_no_route',
			'No route was found matching the URL and request method',
		);
		if (pathname.startsWith(`${WORDPRESS_BASE}/`)) {
			return media.route(method, pathname.slice(WORDPRESS_BASE.length), headers, raw);
		}
		if (!pathname.startsWith(`${base}/`)) return noRoute;
		const rest = pathname.slice(base.length);
		if (method === 'GET' && rest === '/products/categories') return { status: 200, body: [] };
		const productReply = catalog.route(method, rest, query, body);
		if (productReply) return productReply;
		if (method === 'GET' && rest === '/webhooks') {
			const status = query.get('status') ?? 'all';
			const list = [...webhooks.values()].filter(
				(webhook) => status === 'all' || webhook.status === status,
			);
			return { status: 200, body: list.map(webhookView) };
		}
		if (method === 'POST' && rest === '/webhooks') {
			const input = (body ?? {}) as Json;
			if (typeof input.topic !== 'string' || typeof input.delivery_url !== 'string') {
				return {
					status: 400,
					body: {
						code: 'rest_missing_callback_param',
						message: 'Missing parameter(s): topic, delivery_url',
						data: { status: 400, params: ['topic', 'delivery_url'] },
					},
				};
			}
			const id = nextWebhookId++;
			const now = wooTime();
			const [resource, event] = input.topic.split('.');
			const webhook: Json = {
				id,
				name: input.name ?? `Webhook created on ${now}`,
				status: input.status ?? 'active',
				topic: input.topic,
				resource,
				event,
				hooks: WOOCOMMERCE_TOPIC_HOOKS[input.topic] ?? [`woocommerce_new_${resource}`],
				delivery_url: input.delivery_url,
				date_created: now,
				date_created_gmt: now,
				date_modified: now,
				date_modified_gmt: now,
				secret: typeof input.secret === 'string' ? input.secret : '',
				failure_count: 0,
			};
			webhooks.set(id, webhook);
			return { status: 201, body: webhookView(webhook) };
		}
		const webhookMatch = /^\/webhooks\/(\d+)$/.exec(rest);
		if (webhookMatch && method === 'DELETE') {
			const webhook = webhooks.get(Number(webhookMatch[1]));
			if (!webhook) return error(404, 'woocommerce_rest_webhook_invalid_id', 'Invalid ID.');
			if (query.get('force') !== 'true') {
				return error(
					501,
					'woocommerce_rest_trash_not_supported',
					'Webhooks do not support trashing.',
				);
			}
			webhooks.delete(Number(webhookMatch[1]));
			return { status: 200, body: webhookView(webhook) };
		}
		if (method === 'GET' && rest === '/orders') return listOrders(query);
		let match = /^\/orders\/(\d+)$/.exec(rest);
		if (match && (method === 'GET' || method === 'PUT')) {
			const order = orders.get(Number(match[1]));
			if (!order) return error(400, 'woocommerce_rest_shop_order_invalid_id', 'Invalid ID.');
			if (method === 'PUT') {
				const changes = (body ?? {}) as Json;
				if (
					changes.status !== undefined &&
					!WOOCOMMERCE_STATUSES.includes(String(changes.status))
				) {
					return {
						status: 400,
						body: {
							code: 'rest_invalid_param',
							message: 'Invalid parameter(s): status',
							data: {
								status: 400,
								params: { status: `status is not one of ${WOOCOMMERCE_STATUSES.join(', ')}.` },
							},
						},
					};
				}
				saveChanges(order, changes);
				deliver('order.updated', order);
			}
			return { status: 200, body: withLinks(order) };
		}
		match = /^\/orders\/(\d+)\/notes$/.exec(rest);
		if (match && (method === 'GET' || method === 'POST')) {
			const orderId = Number(match[1]);
			const list = notes.get(orderId);
			if (!list) return error(404, 'woocommerce_rest_order_invalid_id', 'Invalid order ID.');
			if (method === 'GET') return { status: 200, body: list };
			const input = (body ?? {}) as Json;
			if (typeof input.note !== 'string' || input.note === '') {
				return error(
					400,
					'woocommerce_rest_invalid_order_note',
					'Cannot create order note, please provide a note.',
				);
			}
			const id = nextNoteId++;
			const now = wooTime();
			const note: Json = {
				id,
				author: input.added_by_user === true ? 'admin' : 'system',
				date_created: now,
				date_created_gmt: now,
				note: input.note,
				customer_note: input.customer_note === true,
				_links: {
					self: [{ href: `${url}${base}/orders/${orderId}/notes/${id}` }],
					collection: [{ href: `${url}${base}/orders/${orderId}/notes` }],
					up: [{ href: `${url}${base}/orders/${orderId}` }],
				},
			};
			list.push(note);
			return { status: 201, body: note };
		}
		return noRoute;
	};

	const expected = `Basic ${Buffer.from(`${options.consumerKey}:${options.consumerSecret}`).toString('base64')}`;
	const authenticate = ({ headers, query, path: pathname }: Incoming): Reply | undefined => {
		// WordPress's own routes: its application passwords, not WooCommerce's keys (media.ts).
		if (pathname.startsWith(`${WORDPRESS_BASE}/`)) return undefined;
		if (headers.authorization === expected) return undefined;
		if (
			headers.authorization === undefined &&
			query.get('consumer_key') === options.consumerKey &&
			query.get('consumer_secret') === options.consumerSecret
		) {
			return undefined;
		}
		return error(401, 'woocommerce_rest_authentication_error', 'Consumer key is invalid.');
	};

	const standIn = await serve(options.port ?? 0, authenticate, route, options.onRequest);
	url = standIn.url;
	return {
		...standIn,
		consumerKey: options.consumerKey,
		consumerSecret: options.consumerSecret,
		addOrder,
		order: (id) => orders.get(id),
		notes: (orderId) => notes.get(orderId) ?? [],
		webhooks: () => [...webhooks.values()].map(webhookView),
		createOrder: (order) => {
			addOrder(order);
			deliver('order.created', orders.get(Number(order.id)) as Json);
		},
		updateOrder: (id, changes) => {
			const order = orders.get(id);
			if (!order) throw new Error(`the WooCommerce stand-in has no order ${id}`);
			saveChanges(order, changes);
			deliver('order.updated', order);
		},
		deliveries,
		catalog,
		media,
		wordpress,
	};
}

/** WordPress's own REST routes on the WooCommerce stand-in's site. */
const WORDPRESS_BASE = '/wp-json/wp/v2';

// ---------------------------------------------------------------------------------------------
// What n8n imports: the credentials, and the examples pointed at the stand-ins
// ---------------------------------------------------------------------------------------------

/**
 * n8n's own credentials (types `shopifyAccessTokenApi`, `wooCommerceApi`, `wordpressApi`) for the
 * stand-ins.
 */
export function standInCredentials(shopify: ShopifyStandIn, wooCommerce: WooCommerceStandIn) {
	return [
		{
			...SHOPIFY_CREDENTIAL,
			type: 'shopifyAccessTokenApi',
			data: {
				// Used by n8n's Shopify node (the catch-up example; it reaches the stand-in only when
				// started with `tls`) and credential test only; the way-back examples' HTTP Request
				// nodes take the shop's address from the workflow.
				shopSubdomain: shopify.shopSubdomain,
				accessToken: shopify.accessToken,
				appSecretKey: shopify.appSecretKey,
			},
		},
		{
			// n8n's Shopify OAuth2 API credential, connected: the token pair n8n stores once the merchant
			// has authorised the app (the authorize step is a browser's, so it is given here).
			...SHOPIFY_OAUTH2_CREDENTIAL,
			type: 'shopifyOAuth2Api',
			data: {
				shopSubdomain: shopify.shopSubdomain,
				clientId: shopify.oauth.clientId,
				clientSecret: shopify.oauth.clientSecret,
				oauthTokenData: { ...shopify.oauth.issue(), token_type: 'bearer' },
			},
		},
		{
			...WOOCOMMERCE_CREDENTIAL,
			type: 'wooCommerceApi',
			data: {
				consumerKey: wooCommerce.consumerKey,
				consumerSecret: wooCommerce.consumerSecret,
				url: wooCommerce.url,
				includeCredentialsInQuery: false,
			},
		},
		{
			...WORDPRESS_CREDENTIAL,
			type: 'wordpressApi',
			data: {
				username: wooCommerce.wordpress.user,
				password: wooCommerce.wordpress.applicationPassword,
				url: wooCommerce.url,
				allowUnauthorizedCerts: false,
			},
		},
	];
}

/**
 * The workflows with the storefront addresses a merchant sets (the placeholders) replaced by the
 * stand-ins' addresses.
 */
export function pointedAtStandIns<T>(
	workflows: T[],
	shopify: ShopifyStandIn,
	wooCommerce: WooCommerceStandIn,
): T[] {
	return workflows.map(
		(workflow) =>
			JSON.parse(
				JSON.stringify(workflow)
					.split(SHOPIFY_ADMIN_URL_PLACEHOLDER)
					.join(shopify.url)
					.split(WOOCOMMERCE_URL_PLACEHOLDER)
					.join(wooCommerce.url),
			) as T,
	);
}
