/**
 * The Shopify stand-in's GraphQL Admin API of orders (scripts/storefronts/shopifyGraphql.ts): what
 * the Shopify examples read and write, answered as the GraphQL Admin reference documents it, with
 * its cost, its throttle and its cursor pages.
 */
import { sleep } from 'n8n-workflow';
import { request } from 'undici';

import type { ShopifyStandIn } from '../../scripts/storefronts';
import { SHOPIFY_API_VERSION, startShopifyStandIn } from '../../scripts/storefronts';
import { callStandIn as call } from '../support/standInCall';
import shopifyOrder from '../fixtures/storefront/shopify-orders-create.json';

const TOKEN = 'shpat_graphql_test';
const auth = { 'x-shopify-access-token': TOKEN };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL answers read field by field
type Json = Record<string, any>;

describe("the Shopify stand-in's GraphQL Admin API", () => {
	let shopify: ShopifyStandIn;
	const graphql = async (query: string, variables: Json = {}) =>
		(await call(`${shopify.adminUrl}/graphql.json`, 'POST', auth, { query, variables })) as {
			status: number;
			json: Json;
		};

	beforeEach(async () => {
		shopify = await startShopifyStandIn({ accessToken: TOKEN });
	});
	afterEach(async () => await shopify.close());

	test('answers at the pinned version with the access token only', async () => {
		expect(shopify.adminUrl).toMatch(new RegExp(`/admin/api/${SHOPIFY_API_VERSION}$`));
		const refused = await call(
			`${shopify.adminUrl}/graphql.json`,
			'POST',
			{},
			{ query: '{ orders(first: 1) { nodes { id } } }' },
		);
		expect(refused.status).toBe(401);
	});

	test('reads orders created from a time on, a page at a time by pageInfo cursors, with the cost', async () => {
		const base = Date.parse('2026-11-01T10:00:00Z');
		for (let n = 0; n < 5; n++) {
			shopify.addOrder({
				...shopifyOrder,
				id: 900 + n,
				name: `#${900 + n}`,
				created_at: new Date(base + n * 3_600_000).toISOString(),
			});
		}
		const query = `query Orders($query: String!, $after: String) {
			orders(first: 2, after: $after, query: $query, sortKey: CREATED_AT) {
				nodes { id legacyResourceId name displayFinancialStatus cancelledAt
					lineItems(first: 10) { nodes { id sku title variantTitle quantity currentQuantity } } }
				pageInfo { hasNextPage endCursor }
			}
		}`;
		const search = `created_at:>='${new Date(base + 3_600_000).toISOString()}'`;
		const seen: string[] = [];
		let after: string | null = null;
		let pages = 0;
		for (;;) {
			const { status, json } = await graphql(query, { query: search, after });
			expect(status).toBe(200);
			expect(json.errors).toBeUndefined();
			pages++;
			const orders = json.data.orders;
			seen.push(...orders.nodes.map((order: Json) => order.legacyResourceId));
			// 2 for the connection, 2 orders × (1 + the line items' 2 + 10 × 1).
			expect(json.extensions.cost.requestedQueryCost).toBe(2 + 2 * (1 + 2 + 10));
			expect(json.extensions.cost.throttleStatus).toMatchObject({
				maximumAvailable: 2000,
				restoreRate: 100,
			});
			if (!orders.pageInfo.hasNextPage) break;
			after = orders.pageInfo.endCursor;
		}
		expect(seen).toEqual(['901', '902', '903', '904']);
		expect(pages).toBe(2);
		const { json } = await graphql(query, { query: `id:901` });
		expect(json.data.orders.nodes[0]).toMatchObject({
			id: 'gid://shopify/Order/901',
			displayFinancialStatus: shopifyOrder.financial_status.toUpperCase(),
			cancelledAt: null,
			lineItems: {
				nodes: shopifyOrder.line_items.map((line) => ({
					id: `gid://shopify/LineItem/${line.id}`,
					sku: line.sku,
					title: line.title,
					variantTitle: line.variant_title,
					quantity: line.quantity,
					currentQuantity: line.current_quantity,
				})),
			},
		});
	});

	test('refuses an unknown field, a connection without first, and a query over 1,000 points, as Shopify words them', async () => {
		const unknown = await graphql('{ orders(first: 1) { nodes { finacialStatus } } }');
		expect(unknown.json.errors[0]).toMatchObject({
			message: "Field 'finacialStatus' doesn't exist on type 'Order'",
			extensions: { code: 'undefinedField' },
		});
		const noFirst = await graphql('{ orders { nodes { id } } }');
		expect(noFirst.json.errors[0].message).toBe('you must provide one of first or last');
		const tooDear = await graphql(
			'{ orders(first: 250) { nodes { id lineItems(first: 250) { nodes { id } } } } }',
		);
		expect(tooDear.json.errors[0].extensions.code).toBe('MAX_COST_EXCEEDED');
	});

	test('answers THROTTLED with the cost when the bucket cannot hold the query, and again once it has leaked back', async () => {
		await shopify.close();
		shopify = await startShopifyStandIn({
			accessToken: TOKEN,
			throttle: { maximumAvailable: 100, restoreRate: 50 },
		});
		const query = '{ orders(first: 40) { nodes { id } } }';
		const first = await graphql(query);
		expect(first.json.data.orders.nodes).toHaveLength(1);
		shopify.graphql.drain();
		const throttled = await graphql(query);
		expect(throttled.json.data).toBeUndefined();
		expect(throttled.json.errors).toEqual([
			expect.objectContaining({
				message: 'Throttled',
				extensions: expect.objectContaining({ code: 'THROTTLED' }),
			}),
		]);
		expect(throttled.json.extensions.cost).toMatchObject({
			requestedQueryCost: 42,
			actualQueryCost: null,
			throttleStatus: { maximumAvailable: 100, restoreRate: 50 },
		});
		expect(shopify.graphql.throttled).toBe(1);
		await sleep(1000);
		const again = await graphql(query);
		expect(again.json.data.orders.nodes).toHaveLength(1);
		// The actual cost is what came back: 2 + 1 order.
		expect(again.json.extensions.cost.actualQueryCost).toBe(3);
	});

	test('fulfils only the fulfillment-order line items given, with the tracking, and refuses a closed fulfillment order in userErrors', async () => {
		const lines = shopifyOrder.line_items;
		shopify.addOrder({ ...shopifyOrder, id: 777 }, [
			{
				id: 5001,
				order_id: 777,
				status: 'open',
				request_status: 'unsubmitted',
				assigned_location_id: 1,
				line_items: lines.map((line, index) => ({
					id: 6000 + index,
					fulfillment_order_id: 5001,
					line_item_id: line.id,
					quantity: line.quantity,
					fulfillable_quantity: line.quantity,
				})),
			},
		]);
		const read = await graphql(
			`
				query ($id: ID!) {
					order(id: $id) {
						tags
						fulfillmentOrders(first: 5) {
							nodes {
								id
								status
								lineItems(first: 50) {
									nodes {
										id
										remainingQuantity
										lineItem {
											id
											sku
										}
									}
								}
							}
						}
					}
				}
			`,
			{ id: 'gid://shopify/Order/777' },
		);
		const [fulfillmentOrder] = read.json.data.order.fulfillmentOrders.nodes;
		expect(fulfillmentOrder.status).toBe('OPEN');
		expect(fulfillmentOrder.lineItems.nodes[0]).toEqual({
			id: 'gid://shopify/FulfillmentOrderLineItem/6000',
			remainingQuantity: lines[0].quantity,
			lineItem: { id: `gid://shopify/LineItem/${lines[0].id}`, sku: lines[0].sku },
		});
		const mutation = `mutation Ship($fulfillment: FulfillmentInput!) {
			fulfillmentCreate(fulfillment: $fulfillment) {
				fulfillment { id status trackingInfo { number url company } }
				userErrors { field message }
			}
		}`;
		const fulfillment = {
			notifyCustomer: true,
			trackingInfo: { number: '1Z999', url: 'https://track.example/1Z999', company: 'DHL' },
			lineItemsByFulfillmentOrder: [
				{
					fulfillmentOrderId: fulfillmentOrder.id,
					fulfillmentOrderLineItems: [
						{ id: 'gid://shopify/FulfillmentOrderLineItem/6000', quantity: 1 },
					],
				},
			],
		};
		const created = await graphql(mutation, { fulfillment });
		expect(created.json.data.fulfillmentCreate).toEqual({
			fulfillment: {
				id: expect.stringMatching(/^gid:\/\/shopify\/Fulfillment\/\d+$/),
				status: 'SUCCESS',
				trackingInfo: [{ number: '1Z999', url: 'https://track.example/1Z999', company: 'DHL' }],
			},
			userErrors: [],
		});
		expect(created.json.extensions.cost.requestedQueryCost).toBe(10);
		// Only the line given was fulfilled; the others are still owed.
		expect(shopify.fulfillments.at(-1)?.line_items).toEqual([
			expect.objectContaining({ id: lines[0].id, quantity: 1 }),
		]);
		const left = shopify.fulfillmentOrders(777)[0].line_items as Json[];
		expect(left.map((line) => line.fulfillable_quantity)).toEqual(
			lines.map((line, index) => (index === 0 ? line.quantity - 1 : line.quantity)),
		);
		// A wrong input field is refused before anything is done.
		const misspelt = await graphql(mutation, {
			fulfillment: { ...fulfillment, notifyCustomers: true },
		});
		expect(misspelt.json.errors[0].message).toMatch(
			/notifyCustomers: Field is not defined on FulfillmentInput/,
		);
		// Close it, then fulfil again: refused in userErrors, nothing created.
		for (const line of left) line.fulfillable_quantity = 0;
		shopify.fulfillmentOrders(777)[0].status = 'closed';
		const count = shopify.fulfillments.length;
		const refused = await graphql(mutation, { fulfillment });
		expect(refused.json.data.fulfillmentCreate.fulfillment).toBeNull();
		expect(refused.json.data.fulfillmentCreate.userErrors[0].message).toMatch(
			/unfulfillable status= closed/,
		);
		expect(shopify.fulfillments).toHaveLength(count);
		// A closed fulfillment order is listed only with includeClosed.
		const listed = await graphql(
			`
				query ($id: ID!) {
					order(id: $id) {
						open: fulfillmentOrders(first: 5) {
							nodes {
								id
							}
						}
						all: fulfillmentOrders(first: 5, includeClosed: true) {
							nodes {
								status
							}
						}
					}
				}
			`,
			{ id: 'gid://shopify/Order/777' },
		);
		expect(listed.json.data.order.open.nodes).toEqual([]);
		expect(listed.json.data.order.all.nodes).toEqual([{ status: 'CLOSED' }]);
	});

	test("a fulfillment changes its order as Shopify's does: updatedAt now, displayFulfillmentStatus PARTIALLY_FULFILLED while a line is owed, FULFILLED once none is", async () => {
		const [line] = shopifyOrder.line_items;
		shopify.addOrder({ ...shopifyOrder, id: 778, fulfillment_status: null }, [
			{
				id: 5101,
				order_id: 778,
				status: 'open',
				line_items: [
					{
						id: 6101,
						fulfillment_order_id: 5101,
						line_item_id: line.id,
						quantity: 2,
						fulfillable_quantity: 2,
					},
				],
			},
		]);
		const status = async () =>
			(
				await graphql(
					'query ($id: ID!) { order(id: $id) { displayFulfillmentStatus updatedAt } }',
					{
						id: 'gid://shopify/Order/778',
					},
				)
			).json.data.order as { displayFulfillmentStatus: string; updatedAt: string };
		expect((await status()).displayFulfillmentStatus).toBe('UNFULFILLED');
		const ship = async (quantity: number) =>
			await graphql(
				'mutation Ship($fulfillment: FulfillmentInput!) { fulfillmentCreate(fulfillment: $fulfillment) { userErrors { message } } }',
				{
					fulfillment: {
						lineItemsByFulfillmentOrder: [
							{
								fulfillmentOrderId: 'gid://shopify/FulfillmentOrder/5101',
								fulfillmentOrderLineItems: [
									{ id: 'gid://shopify/FulfillmentOrderLineItem/6101', quantity },
								],
							},
						],
					},
				},
			);
		const before = Date.now();
		await ship(1);
		const partly = await status();
		expect(partly.displayFulfillmentStatus).toBe('PARTIALLY_FULFILLED');
		expect(Date.parse(partly.updatedAt)).toBeGreaterThanOrEqual(before - 1000);
		await ship(1);
		expect((await status()).displayFulfillmentStatus).toBe('FULFILLED');
		// Found by the orders query's updated_at search, as a catch-up's window reads it.
		const since = new Date(before - 1000).toISOString();
		const found = await graphql(
			'query ($search: String!) { orders(first: 5, query: $search) { nodes { legacyResourceId displayFulfillmentStatus } } }',
			{ search: `updated_at:>='${since}'` },
		);
		expect(found.json.data.orders.nodes).toContainEqual({
			legacyResourceId: '778',
			displayFulfillmentStatus: 'FULFILLED',
		});
	});

	test('adds a tag once, keeping the others', async () => {
		const mutation = `mutation Tag($id: ID!, $tags: [String!]!) { tagsAdd(id: $id, tags: $tags) { node { id } userErrors { field message } } }`;
		const id = `gid://shopify/Order/${shopifyOrder.id}`;
		const before = String(shopify.order(shopifyOrder.id)?.tags ?? '');
		const added = await graphql(mutation, { id, tags: ['Print cancelled'] });
		expect(added.json.data.tagsAdd).toEqual({ node: { id }, userErrors: [] });
		await graphql(mutation, { id, tags: ['Print cancelled'] });
		const tags = String(shopify.order(shopifyOrder.id)?.tags).split(', ');
		expect(tags.filter((tag) => tag === 'Print cancelled')).toHaveLength(1);
		expect(tags).toEqual([...before.split(', ').filter(Boolean), 'Print cancelled']);
		const missing = await graphql(mutation, { id: 'gid://shopify/Order/1', tags: ['x'] });
		expect(missing.json.data.tagsAdd.userErrors).toEqual([
			{ field: ['id'], message: 'Order does not exist' },
		]);
	});

	test("reads the store's variants with their product", async () => {
		shopify.catalog.set({
			handle: 'classic-t-shirt',
			title: 'Classic T-Shirt',
			productOptions: [{ name: 'Size', values: [{ name: 'M' }] }],
			variants: [{ optionValues: [{ optionName: 'Size', name: 'M' }], sku: 'TS', price: '20.00' }],
		});
		const { json } = await graphql(
			'{ productVariants(first: 50) { nodes { id sku title displayName selectedOptions { name value } product { title } } pageInfo { hasNextPage } } }',
		);
		expect(json.data.productVariants).toEqual({
			nodes: [
				{
					id: expect.stringMatching(/^gid:\/\/shopify\/ProductVariant\//),
					sku: 'TS',
					title: 'M',
					displayName: 'Classic T-Shirt - M',
					selectedOptions: [{ name: 'Size', value: 'M' }],
					product: { title: 'Classic T-Shirt' },
				},
			],
			pageInfo: { hasNextPage: false },
		});
	});
});

describe("the Shopify stand-in's OAuth app (n8n's Shopify OAuth2 API credential)", () => {
	let shopify: ShopifyStandIn;
	beforeEach(async () => {
		shopify = await startShopifyStandIn({ accessToken: TOKEN });
	});
	afterEach(async () => await shopify.close());

	const tokenEndpoint = () =>
		`${shopify.url}/pod-platform-stand-in.myshopify.com/admin/oauth/access_token`;
	/** A refresh as n8n's OAuth2 client sends it: a form, the client in the body. */
	const refresh = async (refreshToken: string, clientSecret = shopify.oauth.clientSecret) => {
		const response = await request(tokenEndpoint(), {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({
				grant_type: 'refresh_token',
				refresh_token: refreshToken,
				client_id: shopify.oauth.clientId,
				client_secret: clientSecret,
			}).toString(),
		});
		return { status: response.statusCode, json: (await response.body.json()) as Json };
	};
	const read = async (token: string) =>
		await call(
			`${shopify.adminUrl}/graphql.json`,
			'POST',
			{ 'x-shopify-access-token': token },
			{ query: '{ orders(first: 1) { nodes { id } } }' },
		);

	test('an issued token works until it expires; then 401, and a refresh gives a new pair, its refresh token once', async () => {
		const issued = shopify.oauth.issue();
		expect((await read(issued.access_token)).status).toBe(200);
		shopify.oauth.expireAll();
		const expired = await read(issued.access_token);
		expect(expired.status).toBe(401);
		expect(expired.json.errors).toMatch(/Invalid API key or access token/);
		const renewed = await refresh(issued.refresh_token);
		expect(renewed.status).toBe(200);
		expect(renewed.json).toMatchObject({
			access_token: expect.stringMatching(/^shpua_/),
			refresh_token: expect.stringMatching(/^shprt_/),
			expires_in: 3600,
		});
		expect((await read(String(renewed.json.access_token))).status).toBe(200);
		// A refresh token is used once; a wrong client secret is refused.
		expect((await refresh(issued.refresh_token)).json.error).toBe('invalid_grant');
		expect((await refresh(String(renewed.json.refresh_token), 'wrong')).status).toBe(401);
		expect(shopify.oauth.refreshes.map((entry) => entry.status)).toEqual([200, 400, 401]);
	});
});
