/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a test of the stand-ins, never shipped */
/**
 * The storefront stand-ins (scripts/storefronts.ts) the way-back examples run against in the
 * end-to-end suite and in `npm start`: they answer the documented requests with the documented
 * shapes, refuse a request without the credential's authentication, and record everything.
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Agent, request } from 'undici';

import type { ShopifyStandIn, WooCommerceStandIn } from '../../scripts/storefronts';
import {
	selfSignedIdentity,
	startShopifyStandIn,
	startWooCommerceStandIn,
} from '../../scripts/storefronts';
import { callStandIn as call } from '../support/standInCall';
import fulfillmentOrders from '../fixtures/storefront/shopify-fulfillment-orders.json';
import shopifyOrder from '../fixtures/storefront/shopify-orders-create.json';
import wooCommerceOrder from '../fixtures/storefront/woocommerce-order.json';

const TOKEN = 'shpat_stand_in_test';
const KEY = 'ck_stand_in_test';
const SECRET = 'cs_stand_in_test';

describe('the Shopify stand-in', () => {
	let shopify: ShopifyStandIn;
	const auth = { 'x-shopify-access-token': TOKEN };

	beforeAll(async () => {
		shopify = await startShopifyStandIn({ accessToken: TOKEN });
	});
	afterAll(async () => await shopify.close());

	test('refuses a request without the access token, and records it', async () => {
		const url = `${shopify.adminUrl}/orders/450789469/fulfillment_orders.json`;
		const refused = await call(url, 'GET', {});
		expect(refused.status).toBe(401);
		expect(refused.json.errors).toMatch(/Invalid API key or access token/);
		expect((await call(url, 'GET', { 'x-shopify-access-token': 'wrong' })).status).toBe(401);
		expect(shopify.requests.slice(-2).map((r) => r.status)).toEqual([401, 401]);
	});

	test("lists the documented order's fulfillment orders, creates a fulfillment once, then refuses the closed one", async () => {
		const listed = await call(
			`${shopify.adminUrl}/orders/450789469/fulfillment_orders.json`,
			'GET',
			auth,
		);
		expect(listed.status).toBe(200);
		expect(listed.json).toEqual(fulfillmentOrders);

		const body = {
			fulfillment: {
				notify_customer: true,
				tracking_info: {
					number: '1Z001985YW99744790',
					url: 'https://ups.example/1Z',
					company: 'UPS',
				},
				line_items_by_fulfillment_order: [{ fulfillment_order_id: 1046000780 }],
			},
		};
		const created = await call(`${shopify.adminUrl}/fulfillments.json`, 'POST', auth, body);
		expect(created.status).toBe(201);
		expect(created.json.fulfillment).toMatchObject({
			order_id: 450789469,
			status: 'success',
			tracking_company: 'UPS',
			tracking_number: '1Z001985YW99744790',
			tracking_numbers: ['1Z001985YW99744790'],
			tracking_url: 'https://ups.example/1Z',
			tracking_urls: ['https://ups.example/1Z'],
			name: '#1001.1',
		});
		// The red line, the one line of the documented fulfillment order.
		expect(created.json.fulfillment.line_items.map((line: { id: number }) => line.id)).toEqual([
			518995019,
		]);
		expect(shopify.fulfillmentOrders(450789469)[0].status).toBe('closed');
		const again = await call(`${shopify.adminUrl}/fulfillments.json`, 'POST', auth, body);
		expect(again.status).toBe(422);
		expect(shopify.requests.at(-1)).toMatchObject({
			method: 'POST',
			path: '/admin/api/2026-07/fulfillments.json',
			body,
			status: 422,
			auth: { shopifyAccessToken: TOKEN },
		});
	});

	test('reads chosen fields of an order and updates its tags; an unknown order is 404', async () => {
		const url = `${shopify.adminUrl}/orders/450789469.json`;
		const read = await call(`${url}?fields=id%2Ctags`, 'GET', auth);
		expect(read).toEqual({ status: 200, json: { order: { id: 450789469, tags: '' } } });
		const updated = await call(url, 'PUT', auth, { order: { tags: 'Print cancelled' } });
		expect(updated.status).toBe(200);
		expect(updated.json.order.tags).toBe('Print cancelled');
		expect(updated.json.order.name).toBe('#1001');
		expect((await call(`${shopify.adminUrl}/orders/1.json`, 'GET', auth)).status).toBe(404);
		expect(
			(await call(`${shopify.url}/admin/api/2024-07/orders/450789469.json`, 'GET', auth)).status,
		).toBe(404);
	});

	test('lists orders as documented: open ones by default, created from a time on, newest first, at most the limit', async () => {
		const list = async (query: string) =>
			await call(`${shopify.adminUrl}/orders.json?${query}`, 'GET', auth);
		const made = (id: number, createdAt: string, extra: Record<string, unknown> = {}) =>
			shopify.addOrder({ ...shopifyOrder, id, created_at: createdAt, ...extra });
		made(1001, '2026-11-27T10:00:00-05:00');
		made(1002, '2026-11-27T12:00:00-05:00');
		made(1003, '2026-11-27T13:00:00-05:00', { cancelled_at: '2026-11-27T13:05:00-05:00' });
		const ids = (reply: { json: { orders: Array<{ id: number }> } }) =>
			reply.json.orders.map((order) => order.id);
		// 15:00 UTC is 10:00 in New York: inclusive, as Shopify's "at or after".
		expect(ids(await list('created_at_min=2026-11-27T15:00:00Z'))).toEqual([1002, 1001]);
		expect(ids(await list('created_at_min=2026-11-27T15:00:00Z&status=any'))).toEqual([
			1003, 1002, 1001,
		]);
		expect(ids(await list('created_at_min=2026-11-27T15:00:00Z&limit=1'))).toEqual([1002]);
		// The documented order of 2008 is open too.
		expect(ids(await list('limit=250'))).toEqual([1002, 1001, 450789469]);
		expect((await list('created_at_min=yesterday')).status).toBe(400);
		expect((await list('limit=251')).status).toBe(400);
		expect((await call(`${shopify.adminUrl}/orders.json`, 'GET', {})).status).toBe(401);
	});

	test("pages the list as the REST Admin API does: the Link header's page_info cursors, next and previous, nothing else beside them", async () => {
		const listed = async (url: string) => {
			const response = await request(url, { headers: auth });
			const json = (await response.body.json()) as { orders: Array<{ id: number }> };
			const link = String(response.headers.link ?? '');
			const rel = (name: string) =>
				new RegExp(`<([^>]+)>; rel="${name}"`).exec(link)?.[1] ?? undefined;
			return {
				status: response.statusCode,
				ids: json.orders?.map((order) => order.id),
				link,
				next: rel('next'),
				previous: rel('previous'),
			};
		};
		for (let id = 2001; id <= 2005; id++) {
			shopify.addOrder({ ...shopifyOrder, id, created_at: `2026-11-26T0${id - 2000}:00:00Z` });
		}
		const window = 'created_at_min=2026-11-26T00:00:00Z&created_at_max=2026-11-26T23:00:00Z';
		const first = await listed(`${shopify.adminUrl}/orders.json?${window}&limit=2`);
		expect(first.ids).toEqual([2005, 2004]);
		expect(first.previous).toBeUndefined();
		expect(first.next).toMatch(
			new RegExp(`^${shopify.adminUrl}/orders\\.json\\?limit=2&page_info=[A-Za-z0-9_-]+$`),
		);
		// A new order meanwhile does not move the pages: the cursor is the last order read.
		shopify.addOrder({ ...shopifyOrder, id: 2006, created_at: '2026-11-26T06:00:00Z' });
		const second = await listed(first.next!);
		expect(second.ids).toEqual([2003, 2002]);
		// From the second page on the previous page comes first in the header (what n8n's Shopify
		// node follows as if it were the next one).
		expect(second.link.indexOf('rel="previous"')).toBeLessThan(second.link.indexOf('rel="next"'));
		const third = await listed(second.next!);
		expect(third.ids).toEqual([2001]);
		expect(third.next).toBeUndefined();
		expect((await listed(third.previous!)).ids).toEqual([2003, 2002]);
		// One page holds all: no Link header.
		expect((await listed(`${shopify.adminUrl}/orders.json?${window}&limit=250`)).link).toBe('');
		// With page_info only limit and fields may be sent.
		expect((await listed(`${first.next!}&status=any`)).status).toBe(400);
		expect((await listed(`${shopify.adminUrl}/orders.json?page_info=nonsense`)).status).toBe(400);
	});
});

test("with tls, the Shopify stand-in answers n8n's Shopify node where its Shop Subdomain sends it, over HTTPS", async () => {
	const folder = mkdtempSync(path.join(tmpdir(), 'stand-in-tls-'));
	const identity = selfSignedIdentity(folder);
	const shopify = await startShopifyStandIn({ accessToken: TOKEN, tls: identity });
	try {
		// What n8n's Shopify node builds (n8n-nodes-base Shopify/GenericFunctions.ts: the version's
		// path, a slash, then the resource `/orders.json`).
		const url = `https://${shopify.shopSubdomain}.myshopify.com/admin/api/2024-07//orders.json`;
		expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/pod-platform-stand-in\.myshopify\.com\//);
		const trusting = new Agent({ connect: { ca: identity.cert } });
		const response = await request(url, {
			headers: { 'x-shopify-access-token': TOKEN },
			dispatcher: trusting,
		});
		expect(response.statusCode).toBe(200);
		const body = (await response.body.json()) as { orders: Array<{ id: number }> };
		expect(body.orders.map((order) => order.id)).toEqual([450789469]);
		// Recorded with the plain port's requests.
		expect(shopify.requests.at(-1)).toMatchObject({ method: 'GET', status: 200 });
		await trusting.close();
	} finally {
		await shopify.close();
		rmSync(folder, { recursive: true, force: true });
	}
});

describe('the WooCommerce stand-in', () => {
	let wooCommerce: WooCommerceStandIn;
	const basic = { authorization: `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}` };

	beforeAll(async () => {
		wooCommerce = await startWooCommerceStandIn({ consumerKey: KEY, consumerSecret: SECRET });
	});
	afterAll(async () => await wooCommerce.close());

	test('takes Basic or the query parameters, and refuses anything else', async () => {
		const url = `${wooCommerce.url}/wp-json/wc/v3/orders/727`;
		expect((await call(url, 'GET', basic)).status).toBe(200);
		expect(
			(await call(`${url}?consumer_key=${KEY}&consumer_secret=${SECRET}`, 'GET', {})).status,
		).toBe(200);
		const refused = await call(url, 'GET', {});
		expect(refused).toEqual({
			status: 401,
			json: {
				code: 'woocommerce_rest_authentication_error',
				message: 'Consumer key is invalid.',
				data: { status: 401 },
			},
		});
		const wrong = `Basic ${Buffer.from(`${KEY}:nope`).toString('base64')}`;
		expect((await call(url, 'GET', { authorization: wrong })).status).toBe(401);
	});

	test('updates the status of the documented order and answers the order with its own links', async () => {
		const url = `${wooCommerce.url}/wp-json/wc/v3/orders/727`;
		const updated = await call(url, 'PUT', basic, { status: 'completed' });
		expect(updated.status).toBe(200);
		expect(updated.json).toMatchObject({ id: 727, number: '727', status: 'completed' });
		expect(updated.json._links.self).toEqual([{ href: url }]);
		expect((await call(url, 'PUT', basic, { status: 'shipped' })).status).toBe(400);
		expect(
			(
				await call(`${wooCommerce.url}/wp-json/wc/v3/orders/9`, 'PUT', basic, {
					status: 'completed',
				})
			).status,
		).toBe(400);
	});

	test("keeps meta data as WooCommerce's REST API sets it: an entry by key changes that key's meta (or adds it with an ID), by ID that meta; the order's other fields stay", async () => {
		const url = `${wooCommerce.url}/wp-json/wc/v3/orders/727`;
		const status = wooCommerce.order(727)?.status;
		const first = await call(url, 'PUT', basic, {
			meta_data: [{ key: 'pod_tracking_number', value: 'T-1' }],
		});
		expect(first.status).toBe(200);
		expect(first.json.status).toBe(status);
		const [added] = (
			first.json.meta_data as Array<{ id: number; key: string; value: unknown }>
		).filter((meta) => meta.key === 'pod_tracking_number');
		expect(added).toEqual({ id: expect.any(Number), key: 'pod_tracking_number', value: 'T-1' });
		const again = await call(url, 'PUT', basic, {
			meta_data: [
				{ key: 'pod_tracking_number', value: 'T-2' },
				{ key: 'other', value: 'x' },
			],
		});
		const metas = again.json.meta_data as Array<{ id: number; key: string; value: unknown }>;
		expect(metas.filter((meta) => meta.key === 'pod_tracking_number')).toEqual([
			{ ...added, value: 'T-2' },
		]);
		const other = metas.find((meta) => meta.key === 'other')!;
		const byId = await call(url, 'PUT', basic, {
			meta_data: [{ id: other.id, key: 'other', value: 'y' }],
		});
		expect(
			(byId.json.meta_data as Array<{ id: number; value: unknown }>).find(
				(meta) => meta.id === other.id,
			)?.value,
		).toBe('y');
	});

	test('lists only the fields asked for with `_fields`, as WordPress does', async () => {
		const listed = await call(
			`${wooCommerce.url}/wp-json/wc/v3/orders?_fields=id,status`,
			'GET',
			basic,
		);
		expect(listed.status).toBe(200);
		expect(listed.json.length).toBeGreaterThan(0);
		for (const order of listed.json as object[])
			expect(Object.keys(order).sort()).toEqual(['id', 'status']);
	});

	test('creates an order note in the documented shape; a note is required', async () => {
		const url = `${wooCommerce.url}/wp-json/wc/v3/orders/727/notes`;
		const created = await call(url, 'POST', basic, { note: 'Order ok!!!', customer_note: true });
		expect(created.status).toBe(201);
		expect(Object.keys(created.json)).toEqual([
			'id',
			'author',
			'date_created',
			'date_created_gmt',
			'note',
			'customer_note',
			'_links',
		]);
		expect(created.json).toMatchObject({
			author: 'system',
			note: 'Order ok!!!',
			customer_note: true,
		});
		expect(wooCommerce.notes(727)).toHaveLength(1);
		expect((await call(url, 'POST', basic, {})).status).toBe(400);
	});

	test('lists orders as documented: newest first, by date and status, a page at a time with its totals and links', async () => {
		const created = (day: string) => ({
			date_created: `2026-11-${day}T12:00:00`,
			date_created_gmt: `2026-11-${day}T11:00:00`,
		});
		wooCommerce.addOrder({ ...wooCommerceOrder, id: 901, status: 'processing', ...created('23') });
		wooCommerce.addOrder({ ...wooCommerceOrder, id: 902, status: 'processing', ...created('24') });
		wooCommerce.addOrder({ ...wooCommerceOrder, id: 903, status: 'pending', ...created('24') });
		wooCommerce.addOrder({ ...wooCommerceOrder, id: 904, status: 'processing', ...created('25') });
		const list = async (query: string) => {
			const response = await request(`${wooCommerce.url}/wp-json/wc/v3/orders?${query}`, {
				headers: basic,
			});
			const json = (await response.body.json()) as Array<{ id: number }> | { code: string };
			return { status: response.statusCode, headers: response.headers, json };
		};
		const day = 'after=2026-11-23T23:59:59&before=2026-11-25T00:00:00';
		expect((await list(`${day}&status=processing`)).json).toEqual([
			expect.objectContaining({ id: 902, status: 'processing' }),
		]);
		expect(
			((await list(day)).json as Array<{ id: number }>).map((order) => order.id).sort(),
		).toEqual([902, 903]);
		// dates_are_gmt compares with date_created_gmt: 904 was created on the 25th at 11:00 GMT.
		expect(
			(
				(await list('after=2026-11-25T10:30:00&dates_are_gmt=true')).json as Array<{
					id: number;
				}>
			).map((order) => order.id),
		).toEqual([904]);

		// The documented order 727 (2017) stays out of the pages by its date.
		const recent = 'after=2026-01-01T00:00:00&status=processing';
		const first = await list(`${recent}&per_page=2`);
		expect((first.json as Array<{ id: number }>).map((order) => order.id)).toEqual([904, 902]);
		expect(first.headers['x-wp-total']).toBe('3');
		expect(first.headers['x-wp-totalpages']).toBe('2');
		expect(first.headers.link).toBe(
			`<${wooCommerce.url}/wp-json/wc/v3/orders?after=2026-01-01T00%3A00%3A00&status=processing&per_page=2&page=2>; rel="next"`,
		);
		const second = await list(`${recent}&per_page=2&page=2`);
		expect((second.json as Array<{ id: number }>).map((order) => order.id)).toEqual([901]);
		expect(second.headers.link).toBe(
			`<${wooCommerce.url}/wp-json/wc/v3/orders?after=2026-01-01T00%3A00%3A00&status=processing&per_page=2&page=1>; rel="prev"`,
		);

		// Oldest first, as the catch-up example reads them (orders made meanwhile come last).
		const oldest = await list(`${recent}&per_page=2&order=asc&orderby=date`);
		expect((oldest.json as Array<{ id: number }>).map((order) => order.id)).toEqual([901, 902]);
		expect((await list('order=up')).status).toBe(400);

		expect((await list('per_page=101')).status).toBe(400);
		expect((await list('status=shipped')).status).toBe(400);
		// The stand-in takes dates as the example sends them, with no offset.
		expect(await list('after=2026-11-24T00:00:00Z')).toMatchObject({
			status: 400,
			json: { code: 'rest_invalid_param' },
		});
	});

	test('lists by when an order last changed (modified_after), several statuses at once; a payment sets date_paid and date_modified', async () => {
		// An on-hold bank transfer placed two days ago and one pending order, both unchanged since.
		const placed = { date_created: '2026-11-20T09:00:00', date_created_gmt: '2026-11-20T08:00:00' };
		const unchanged = {
			date_modified: placed.date_created,
			date_modified_gmt: placed.date_created_gmt,
		};
		const unpaid = { date_paid: null, date_paid_gmt: null, ...placed, ...unchanged };
		wooCommerce.addOrder({ ...wooCommerceOrder, id: 911, status: 'on-hold', ...unpaid });
		wooCommerce.addOrder({ ...wooCommerceOrder, id: 912, status: 'pending', ...unpaid });
		const ids = async (query: string) => {
			const response = await request(`${wooCommerce.url}/wp-json/wc/v3/orders?${query}`, {
				headers: basic,
			});
			return ((await response.body.json()) as Array<{ id: number }>).map((order) => order.id);
		};
		const changedSince = 'modified_after=2026-11-21T00:00:00&status=processing,on-hold,pending';
		expect(await ids(changedSince)).toEqual([]);
		expect(
			(
				await ids(
					'modified_after=2026-11-19T00:00:00&modified_before=2026-11-21T00:00:00&status=on-hold,pending',
				)
			).sort(),
		).toEqual([911, 912]);

		wooCommerce.updateOrder(911, { status: 'processing' });
		const paid = wooCommerce.order(911)!;
		expect(paid.date_paid).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/));
		expect(paid.date_modified).toBe(paid.date_paid);
		expect(paid.date_created).toBe(placed.date_created);
		// Changed now, so in a window by modified_after though placed days before.
		expect(await ids(changedSince)).toEqual([911]);
		expect(await ids(`${changedSince}&after=2026-11-21T00:00:00`)).toEqual([]);
		const withOffset = await request(
			`${wooCommerce.url}/wp-json/wc/v3/orders?modified_after=2026-11-21T00:00:00Z`,
			{ headers: basic },
		);
		await withOffset.body.dump();
		expect(withOffset.statusCode).toBe(400);
	});
});

/**
 * What the storefront triggers need (the busiest-day run): the webhooks n8n's Shopify Trigger and
 * WooCommerce Trigger register, a new order sent to them signed as each store signs it, each
 * store's way with a delivery that fails, and a store that is down for a while.
 */
describe('webhooks of the stand-ins', () => {
	/** A receiver that answers the statuses given, in turn (then 200), and keeps what it got. */
	async function receiver(statuses: number[]) {
		const got: Array<{ headers: Record<string, unknown>; body: string }> = [];
		const server = createServer((req, res) => {
			let body = '';
			req.on('data', (chunk: Buffer) => (body += chunk.toString()));
			req.on('end', () => {
				got.push({ headers: req.headers, body });
				res.writeHead(statuses.shift() ?? 200);
				res.end();
			});
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
		const { port } = server.address() as AddressInfo;
		return { url: `http://127.0.0.1:${port}/webhook/x/webhook`, got, close: () => server.close() };
	}
	const hmac = (secret: string, body: string) =>
		createHmac('sha256', secret).update(body).digest('base64');

	test('Shopify: registers, lists (with and without .json) and deletes a webhook; a new order is sent signed with the app secret and retried until answered', async () => {
		const target = await receiver([503, 503]);
		const shopify = await startShopifyStandIn({
			accessToken: TOKEN,
			appSecretKey: 'app-secret',
			webhookRetryDelaysMs: [50, 50, 50],
		});
		try {
			const auth = { 'x-shopify-access-token': TOKEN };
			const created = await call(`${shopify.adminUrl}/webhooks.json`, 'POST', auth, {
				webhook: { topic: 'orders/create', address: target.url, format: 'json' },
			});
			expect(created.status).toBe(201);
			expect(
				(
					await call(`${shopify.adminUrl}/webhooks.json`, 'POST', auth, {
						webhook: { topic: 'orders/create', address: target.url },
					})
				).status,
			).toBe(422);
			const listed = await call(`${shopify.adminUrl}/webhooks?topic=orders/create`, 'GET', auth);
			expect(listed.json.webhooks).toEqual([created.json.webhook]);
			expect(
				(await call(`${shopify.adminUrl}/webhooks.json?topic=orders/updated`, 'GET', auth)).json
					.webhooks,
			).toEqual([]);

			const order = { ...shopifyOrder, id: 5001 };
			shopify.createOrder(order);
			await shopify.deliveries.settled();
			expect(shopify.deliveries.attempts.map((a) => [a.attempt, a.status])).toEqual([
				[1, 503],
				[2, 503],
				[3, 200],
			]);
			const [first] = target.got;
			expect(JSON.parse(first.body)).toEqual(order);
			expect(first.headers).toMatchObject({
				'x-shopify-topic': 'orders/create',
				'x-shopify-hmac-sha256': hmac('app-secret', first.body),
				'x-shopify-api-version': '2024-07',
			});
			expect(shopify.order(5001)).toEqual(order);

			const id = created.json.webhook.id as number;
			const deleted = await request(`${shopify.adminUrl}/webhooks/${id}.json`, {
				method: 'DELETE',
				headers: auth,
			});
			await deleted.body.dump();
			expect(deleted.statusCode).toBe(200);
			expect(shopify.webhooks()).toEqual([]);
		} finally {
			await shopify.close();
			target.close();
		}
	});

	test('WooCommerce: registers and lists active webhooks; a new order is sent once, signed with the webhook secret; more than 5 failures in a row disable the webhook', async () => {
		const target = await receiver([500, 500, 500, 500, 500, 500]);
		const wooCommerce = await startWooCommerceStandIn({ consumerKey: KEY, consumerSecret: SECRET });
		try {
			const auth = { authorization: `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}` };
			const base = `${wooCommerce.url}/wp-json/wc/v3`;
			const created = await call(`${base}/webhooks`, 'POST', auth, {
				delivery_url: target.url,
				topic: 'order.created',
				secret: 'hook-secret',
			});
			expect(created.status).toBe(201);
			expect(created.json).toMatchObject({ status: 'active', topic: 'order.created' });
			expect(created.json.secret).toBeUndefined();
			expect((await call(`${base}/webhooks?status=active`, 'GET', auth)).json).toHaveLength(1);

			for (let i = 0; i < 7; i++) {
				wooCommerce.createOrder({ ...wooCommerceOrder, id: 900 + i });
				await wooCommerce.deliveries.settled();
			}
			// Six failures, then disabled: the seventh order is not sent at all, and nothing is retried.
			expect(wooCommerce.deliveries.attempts.map((a) => [a.orderId, a.status])).toEqual(
				[900, 901, 902, 903, 904, 905].map((id) => [id, 500]),
			);
			const [first] = target.got;
			expect(first.headers).toMatchObject({
				'x-wc-webhook-topic': 'order.created',
				'x-wc-webhook-signature': hmac('hook-secret', first.body),
				'x-wc-webhook-id': String(created.json.id),
			});
			expect((await call(`${base}/webhooks?status=active`, 'GET', auth)).json).toEqual([]);
			expect(wooCommerce.webhooks()[0].status).toBe('disabled');
		} finally {
			await wooCommerce.close();
			target.close();
		}
	});

	test('WooCommerce: an order.updated webhook gets every change of an order (one made in the store, a REST update), an order.created one only new orders; a checkout draft goes to neither', async () => {
		const target = await receiver([]);
		const wooCommerce = await startWooCommerceStandIn({ consumerKey: KEY, consumerSecret: SECRET });
		try {
			const auth = { authorization: `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}` };
			const base = `${wooCommerce.url}/wp-json/wc/v3`;
			for (const topic of ['order.created', 'order.updated']) {
				const created = await call(`${base}/webhooks`, 'POST', auth, {
					delivery_url: `${target.url}?${topic}`,
					topic,
					secret: 'hook-secret',
				});
				expect(created.json).toMatchObject({ status: 'active', topic });
			}
			expect(wooCommerce.webhooks().map((webhook) => webhook.hooks)).toEqual([
				['woocommerce_new_order'],
				[
					'woocommerce_update_order',
					'woocommerce_order_refunded',
					'woocommerce_delete_order_refund',
				],
			]);
			const onHold = { ...wooCommerceOrder, id: 921, status: 'on-hold', date_paid: null };
			wooCommerce.createOrder(onHold);
			wooCommerce.createOrder({ ...wooCommerceOrder, id: 922, status: 'checkout-draft' });
			await wooCommerce.deliveries.settled();
			wooCommerce.updateOrder(921, { status: 'processing' });
			await wooCommerce.deliveries.settled();
			expect((await call(`${base}/orders/921`, 'PUT', auth, { status: 'completed' })).status).toBe(
				200,
			);
			await wooCommerce.deliveries.settled();
			const sent = target.got.map((got) => ({
				topic: got.headers['x-wc-webhook-topic'],
				id: (JSON.parse(got.body) as { id: number }).id,
				status: (JSON.parse(got.body) as { status: string }).status,
				signed: got.headers['x-wc-webhook-signature'] === hmac('hook-secret', got.body),
			}));
			expect(sent).toEqual([
				{ topic: 'order.created', id: 921, status: 'on-hold', signed: true },
				{ topic: 'order.updated', id: 921, status: 'processing', signed: true },
				{ topic: 'order.updated', id: 921, status: 'completed', signed: true },
			]);
		} finally {
			await wooCommerce.close();
			target.close();
		}
	});

	test('a stand-in that is down refuses connections, then answers again on the same port', async () => {
		const shopify = await startShopifyStandIn({ accessToken: TOKEN });
		try {
			const url = `${shopify.adminUrl}/orders/450789469.json`;
			await shopify.down(500);
			await expect(
				request(url, { headers: { 'x-shopify-access-token': TOKEN } }),
			).rejects.toMatchObject({ code: 'ECONNREFUSED' });
			await new Promise((resolve) => setTimeout(resolve, 700));
			expect((await call(url, 'GET', { 'x-shopify-access-token': TOKEN })).status).toBe(200);
		} finally {
			await shopify.close();
		}
	});
});
