/**
 * The Shopify examples on the GraphQL Admin API: none calls the legacy REST Admin API, each pins its
 * API version in one place, and what the catch-up reads through GraphQL reaches Submit in the shape
 * its reader takes (the Order resource's, as n8n's Shopify Trigger gives it), paid and not
 * cancelled, every line not printed named. The GraphQL answers are the stand-in's
 * (scripts/storefronts/shopifyGraphql.ts), which refuses a field the reference does not document.
 */
import type { FilterValue } from 'n8n-workflow';
import { executeFilter } from 'n8n-workflow';

import { readStorefrontOrder } from '../../nodes/PodPlatform/actions/order/submit/storefrontOrder';
import { adminGraphql } from '../../scripts/storefronts/shopifyGraphql';
import { evaluate, example, examples } from './exampleNodes';
import type { Example, ExampleNode } from './exampleNodes';
import shopifyOrder from '../fixtures/storefront/shopify-orders-create.json';

const shopifyExamples = examples.filter((workflow) =>
	JSON.stringify(workflow).includes('myshopify.com'),
);
const node = (workflow: Example, name: string) =>
	workflow.nodes.find((entry) => entry.name === name) as ExampleNode;

/** What a Set node (manual mode) makes of an item. */
const setOutput = (set: ExampleNode, json: object) =>
	Object.fromEntries(
		(
			set.parameters.assignments as { assignments: Array<{ name: string; value: unknown }> }
		).assignments.map(({ name, value }) => [name, evaluate(value, json)]),
	);

describe('the Shopify examples are on the GraphQL Admin API', () => {
	test('there are six of them: intake, catch-up, way back, its catch-up, publish and check store', () => {
		expect(shopifyExamples.map((workflow) => workflow.id).sort()).toEqual(
			[
				'podExShopCatchUp',
				'podExShopCheck',
				'podExShopIntake',
				'podExShopPublish',
				'podExShopWbCatch',
				'podExWayBackShop',
			].sort(),
		);
	});

	test.each(shopifyExamples.map((workflow) => [workflow.id, workflow] as const))(
		'%s calls no REST Admin path (/admin/api/<version>/….json but graphql.json) and no node of n8n that does',
		(_id, workflow) => {
			const text = JSON.stringify(workflow.nodes.filter((entry) => !/stickyNote/.test(entry.type)));
			const restPaths = [...text.matchAll(/\/admin\/api\/[^"/]+\/([\w/{}.$ ]+?)\.json/g)]
				.map((match) => match[1])
				.filter((rest) => rest !== 'graphql');
			expect(restPaths).toEqual([]);
			// n8n's Shopify node reads REST 2024-07 (its GenericFunctions); the trigger only registers
			// its webhook, which n8n does for the merchant.
			expect(workflow.nodes.map((entry) => entry.type)).not.toContain('n8n-nodes-base.shopify');
		},
	);

	test.each(shopifyExamples.map((workflow) => [workflow.id, workflow] as const))(
		'%s names its API version in one place at most',
		(_id, workflow) => {
			// The notes may say which version it is; the nodes name it once.
			const nodes = workflow.nodes.filter((entry) => !/stickyNote/.test(entry.type));
			const versions = JSON.stringify(nodes).match(/\/admin\/api\/\d{4}-\d{2}/g) ?? [];
			expect(versions.length).toBeLessThanOrEqual(1);
		},
	);
});

describe("the Shopify catch-up's orders, read through GraphQL, as Submit reads them", () => {
	const workflow = example('podExShopCatchUp');
	const body = JSON.parse(
		String(evaluate(node(workflow, "Every Page of the Last Day's Orders").parameters.jsonBody, {})),
	) as { query: string; variables: Record<string, unknown> };
	/** The catch-up's own query against the stand-in holding `orders` (REST shape). */
	const read = (orders: object[]) => {
		const api = adminGraphql({
			orders: () => orders as Array<Record<string, unknown>>,
			order: () => undefined,
			fulfillmentOrders: () => [],
			fulfillments: () => [],
			createFulfillment: () => ({ status: 500, body: {} }),
			products: () => [],
		});
		const answer = api.answer({
			query: body.query,
			variables: { ...body.variables, search: "updated_at:>='2000-01-01T00:00:00Z'" },
		}).body as { data: { orders: { nodes: object[] } }; errors?: unknown };
		expect(answer.errors).toBeUndefined();
		return answer.data.orders.nodes.map((order) =>
			setOutput(node(workflow, 'As Submit Reads a Shopify Order'), order),
		);
	};

	test("gives the documented order's customer, address, shipping title and lines, as the Shopify Trigger's order gives them", () => {
		const [mapped] = read([shopifyOrder]);
		const fromGraphql = readStorefrontOrder('shopify', mapped);
		const fromWebhook = readStorefrontOrder('shopify', shopifyOrder);
		expect(fromGraphql).toEqual(fromWebhook);
		expect(fromGraphql.lines.length).toBeGreaterThan(0);
		expect(mapped.skipReason).toBe('');
	});

	test.each([
		['paid', ''],
		['partially_refunded', ''],
		['pending', 'not paid yet (displayFinancialStatus PENDING'],
		['authorized', 'not paid yet (displayFinancialStatus AUTHORIZED'],
		['partially_paid', 'not paid yet (displayFinancialStatus PARTIALLY_PAID'],
		['refunded', 'not paid yet (displayFinancialStatus REFUNDED'],
		['voided', 'not paid yet (displayFinancialStatus VOIDED'],
	])('financial status %s: %s', (status, reason) => {
		const [mapped] = read([{ ...shopifyOrder, financial_status: status }]);
		if (reason) expect(mapped.skipReason).toContain(reason);
		else expect(mapped.skipReason).toBe('');
	});

	test('a cancelled order is never printed, even when paid', () => {
		const [mapped] = read([
			{ ...shopifyOrder, financial_status: 'paid', cancelled_at: '2026-11-30T10:00:00-05:00' },
		]);
		expect(mapped.skipReason).toBe(
			'cancelled in Shopify (cancelledAt 2026-11-30T10:00:00-05:00): never printed',
		);
		// The gate sends only an order without a reason to Submit.
		const gate = node(workflow, 'Paid and Not Cancelled?').parameters.conditions as {
			conditions: Array<{ leftValue: string; operator: { operation: string } }>;
		};
		expect(gate.conditions).toEqual([
			expect.objectContaining({
				leftValue: '={{ $json.skipReason }}',
				operator: expect.objectContaining({ operation: 'empty' }),
			}),
		]);
	});

	test("names every store line Submit did not print, with its reason, in the order's outcome and the Summary", () => {
		const outcome = node(workflow, 'Outcome of Each Order');
		const linesNotPrinted = (
			outcome.parameters.assignments as { assignments: Array<{ name: string; value: unknown }> }
		).assignments.find((entry) => entry.name === 'linesNotPrinted')!.value;
		const submitted = {
			id: 10500,
			alreadyExisted: false,
			storeLines: [
				{ line: 1, sku: 'IPOD2008', printed: true, amount: 1 },
				{
					line: 2,
					title: 'Classic Tee',
					printed: false,
					reason: 'it has no SKU, and no product of the shop is named "Classic Tee"',
				},
				{ line: 3, sku: 'X', printed: false, reason: 'nothing is owed' },
			],
		};
		const lines = evaluate(linesNotPrinted, submitted);
		expect(lines).toEqual([
			'Line 2 (Classic Tee): it has no SKU, and no product of the shop is named "Classic Tee"',
			'Line 3 (SKU X): nothing is owed',
		]);
		const summary = node(workflow, 'Summary');
		const field = (name: string) =>
			(
				summary.parameters.assignments as { assignments: Array<{ name: string; value: unknown }> }
			).assignments.find((entry) => entry.name === name)!.value;
		const orders = [
			{ storeOrder: 'Shopify order #3321 (ID 1)', outcome: 'printed now', linesNotPrinted: lines },
			{
				storeOrder: 'Shopify order #3322 (ID 2)',
				outcome: 'skipped',
				reason: 'not paid yet',
				linesNotPrinted: [],
			},
		];
		expect(evaluate(field('linesNotPrinted'), { orders })).toEqual([
			'Shopify order #3321 (ID 1) › Line 2 (Classic Tee): it has no SKU, and no product of the shop is named "Classic Tee"',
			'Shopify order #3321 (ID 1) › Line 3 (SKU X): nothing is owed',
		]);
		expect(evaluate(field('skips'), { orders })).toEqual([
			'Shopify order #3322 (ID 2): not paid yet',
		]);
		expect(evaluate(field('skipped'), { orders })).toBe(1);
	});
});

describe('the Shopify way back fulfils the printed lines only (print-events-to-shopify.json and its catch-up)', () => {
	/** The documented order's shape in GraphQL: three lines, one fulfillment order per location. */
	const order = {
		id: 'gid://shopify/Order/1',
		lineItems: {
			nodes: [1, 2, 3].map((n) => ({ id: `gid://shopify/LineItem/${n}` })),
		},
		fulfillmentOrders: {
			nodes: [
				{
					id: 'gid://shopify/FulfillmentOrder/10',
					status: 'OPEN',
					lineItems: {
						nodes: [
							{
								id: 'gid://shopify/FulfillmentOrderLineItem/101',
								remainingQuantity: 2,
								lineItem: { id: 'gid://shopify/LineItem/1' },
							},
							{
								id: 'gid://shopify/FulfillmentOrderLineItem/102',
								remainingQuantity: 1,
								lineItem: { id: 'gid://shopify/LineItem/2' },
							},
						],
					},
				},
				{
					id: 'gid://shopify/FulfillmentOrder/20',
					status: 'IN_PROGRESS',
					lineItems: {
						nodes: [
							{
								id: 'gid://shopify/FulfillmentOrderLineItem/201',
								remainingQuantity: 1,
								lineItem: { id: 'gid://shopify/LineItem/3' },
							},
						],
					},
				},
				{
					id: 'gid://shopify/FulfillmentOrder/30',
					status: 'CLOSED',
					lineItems: {
						nodes: [
							{
								id: 'gid://shopify/FulfillmentOrderLineItem/301',
								remainingQuantity: 0,
								lineItem: { id: 'gid://shopify/LineItem/1' },
							},
						],
					},
				},
			],
		},
	};
	const READ = "$('Read Order and Fulfillment Orders').item.json";

	test.each(['podExWayBackShop', 'podExShopWbCatch'])(
		'%s: of each open fulfillment order, only the line items of printed lines, each at most the printed amount; none left, no fulfillment',
		(id) => {
			const workflow = example(id);
			const fulfil = node(workflow, 'Printed Lines to Fulfil');
			const evaluateWith = (storeLines: object[]) =>
				Object.fromEntries(
					(
						fulfil.parameters.assignments as { assignments: Array<{ name: string; value: string }> }
					).assignments.map(({ name, value }) => [
						name,
						evaluate(value.split(READ).join("$json['read']"), {
							storeLines,
							read: { data: { order } },
						}),
					]),
				);
			// Line 1 printed once (of 2 owed), line 2 not printed, line 3 printed.
			const some = evaluateWith([
				{ line: 1, sku: 'TS', printed: true, amount: 1 },
				{
					line: 2,
					title: 'Gift Wrap',
					printed: false,
					reason: 'it has no SKU, and no product of the shop is named "Gift Wrap"',
				},
				{ line: 3, sku: 'HD', printed: true, amount: 1 },
			]);
			expect(some.fulfillmentOrders).toEqual([
				{
					fulfillmentOrderId: 'gid://shopify/FulfillmentOrder/10',
					fulfillmentOrderLineItems: [
						{ id: 'gid://shopify/FulfillmentOrderLineItem/101', quantity: 1 },
					],
				},
				{
					fulfillmentOrderId: 'gid://shopify/FulfillmentOrder/20',
					fulfillmentOrderLineItems: [
						{ id: 'gid://shopify/FulfillmentOrderLineItem/201', quantity: 1 },
					],
				},
			]);
			expect(some.linesNotPrinted).toEqual([
				'Line 2 (Gift Wrap): it has no SKU, and no product of the shop is named "Gift Wrap"',
			]);
			// Nothing printed (or Check Only could not tell): no fulfillment order at all, never one
			// with an empty list of line items (which Shopify would fulfil whole).
			expect(evaluateWith([{ line: 2, printed: false, reason: 'x' }]).fulfillmentOrders).toEqual(
				[],
			);
			expect(evaluateWith([]).fulfillmentOrders).toEqual([]);
			const gate = node(workflow, 'Anything to Fulfil?').parameters.conditions as {
				conditions: Array<{
					leftValue: string;
					operator: { operation: string };
					rightValue: number;
				}>;
			};
			expect(gate.conditions).toEqual([
				expect.objectContaining({
					leftValue: '={{ $json.fulfillmentOrders.length }}',
					rightValue: 0,
					operator: expect.objectContaining({ operation: 'gt' }),
				}),
			]);
			// Submit reads the store's order as the intake did, Check Only: nothing is sent.
			const which = node(workflow, 'Which Lines Were Printed');
			const intake = example('podExShopIntake').nodes.find(
				(entry) => entry.name === 'Submit Print Order',
			)!;
			const asIntake = { ...intake.parameters };
			delete asIntake.exactlyOnce;
			// Which lines of a printed order were printed: a line the print shop does not sell was not,
			// whether the intake failed or left out such lines.
			expect(which.parameters).toEqual({
				...asIntake,
				linesNotSold: 'leaveOut',
				exactlyOnce: false,
				options: { checkOnly: true },
			});
		},
	);

	test.each(['podExWayBackShop', 'podExShopWbCatch'])(
		'%s: one fulfillmentCreate per fulfillment order, its line items named, with the tracking; the stand-in takes it as Shopify documents FulfillmentInput',
		(id) => {
			const workflow = example(id);
			const create = node(workflow, 'Create Fulfillment');
			const shopifyOrder = {
				adminApi: 'https://shop.example/admin/api/2026-07',
				trackingNumber: 'TRACK-1',
				trackingUrl: '',
				trackingCompany: 'DHL',
			};
			const body = JSON.parse(
				String(
					evaluate(
						String(create.parameters.jsonBody)
							.split("$('Shopify Order').item.json")
							.join("$json['order']"),
						{
							order: shopifyOrder,
							fulfillmentOrderId: 'gid://shopify/FulfillmentOrder/10',
							fulfillmentOrderLineItems: [
								{ id: 'gid://shopify/FulfillmentOrderLineItem/101', quantity: 1 },
							],
						},
					),
				),
			) as { query: string; variables: Record<string, unknown> };
			expect(body.variables).toEqual({
				fulfillment: {
					notifyCustomer: true,
					// An empty tracking link is left out, not sent as "".
					trackingInfo: { number: 'TRACK-1', company: 'DHL' },
					lineItemsByFulfillmentOrder: [
						{
							fulfillmentOrderId: 'gid://shopify/FulfillmentOrder/10',
							fulfillmentOrderLineItems: [
								{ id: 'gid://shopify/FulfillmentOrderLineItem/101', quantity: 1 },
							],
						},
					],
				},
			});
			const created: object[] = [];
			const api = adminGraphql({
				orders: () => [],
				order: () => undefined,
				fulfillmentOrders: () => [],
				fulfillments: () => [],
				createFulfillment: (request) => {
					created.push(request);
					return { status: 201, body: { fulfillment: { id: 5, status: 'success' } } };
				},
				products: () => [],
			});
			const answer = api.answer(body).body as {
				data?: { fulfillmentCreate: { userErrors: unknown[] } };
				errors?: unknown;
			};
			expect(answer.errors).toBeUndefined();
			expect(answer.data?.fulfillmentCreate.userErrors).toEqual([]);
			expect(created).toEqual([
				{
					fulfillment: expect.objectContaining({
						line_items_by_fulfillment_order: [
							{
								fulfillment_order_id: 10,
								fulfillment_order_line_items: [{ id: 101, quantity: 1 }],
							},
						],
					}),
				},
			]);
		},
	);
});

describe("the Shopify intake prints only a paid order, never a cancelled one (the Shopify Trigger's orders/create, REST shape)", () => {
	const workflow = example('podExShopIntake');
	const gate = node(workflow, 'Paid and Not Cancelled?');
	const passes = (order: object) =>
		executeFilter(evaluate(gate.parameters.conditions, order) as FilterValue);

	test.each([
		['paid', true],
		['partially_refunded', true],
		['pending', false],
		['authorized', false],
		['partially_paid', false],
		['refunded', false],
		['voided', false],
	])('financial_status %s: printed %s', (status, printed) => {
		expect(passes({ ...shopifyOrder, financial_status: status })).toBe(printed);
	});

	test('a cancelled order stops at the gate, whatever it was paid, and the skip says why', () => {
		const cancelled = {
			...shopifyOrder,
			financial_status: 'paid',
			cancelled_at: '2026-11-30T10:00:00-05:00',
		};
		expect(passes(cancelled)).toBe(false);
		expect(passes({ ...shopifyOrder, financial_status: 'paid', cancelled_at: null })).toBe(true);
		const skip = setOutput(node(workflow, 'Skip: Not Paid or Cancelled'), cancelled);
		expect(skip).toEqual({
			skipped: true,
			storeOrder: 'Shopify order #1001 (ID 450789469)',
			reason: 'cancelled in Shopify (cancelled_at 2026-11-30T10:00:00-05:00): never printed',
		});
		expect(
			setOutput(node(workflow, 'Skip: Not Paid or Cancelled'), {
				...shopifyOrder,
				financial_status: 'pending',
			}).reason,
		).toMatch(
			/^not paid yet \(financial_status pending; only paid and partially_refunded orders are printed\): nothing sent/,
		);
	});
});

describe("the Shopify way back keeps within Shopify's rate limit", () => {
	/** A parameter as n8n's pagination resolves it: with `$response`, `$request`, `$pageCount`. */
	const paged = (value: unknown, keys: object) =>
		evaluate(value, {}, keys as Record<string, unknown>);
	const records = {
		orders: () => [],
		order: () => undefined,
		fulfillmentOrders: () => [],
		fulfillments: () => [],
		createFulfillment: () => ({ status: 500, body: {} }),
		products: () => [],
	};
	const bodyOf = (id: string, name: string) =>
		JSON.parse(
			String(
				evaluate(
					String(node(example(id), name).parameters.jsonBody).replace(
						/\$\('Shopify Order'\)\.item\.json/g,
						'$json',
					),
					{
						shopifyOrderId: '1',
						adminApi: 'https://x',
						trackingNumber: 'T',
						trackingCompany: 'DHL',
						cancelledTag: 'Print cancelled',
						fulfillmentOrderId: 'gid://shopify/FulfillmentOrder/1',
						fulfillmentOrderLineItems: [],
						data: { order: { id: 'gid://shopify/Order/1' } },
					},
				),
			),
		) as { query: string; variables: object };

	test.each(['podExWayBackShop', 'podExShopWbCatch'])(
		"%s: the order read costs at most 226 points as Shopify counts them, one order at a time, spaced as a Standard plan's bucket restores it",
		(id) => {
			const read = node(example(id), 'Read Order and Fulfillment Orders');
			const answer = adminGraphql(records).answer(bodyOf(id, read.name)).body as {
				errors?: unknown;
				extensions: { cost: { requestedQueryCost: number } };
			};
			expect(answer.errors).toBeUndefined();
			const cost = answer.extensions.cost.requestedQueryCost;
			expect(cost).toBe(226);
			expect(read.parameters.options).toMatchObject({
				batching: { batch: { batchSize: 1, batchInterval: expect.any(Number) } },
			});
			const { batchInterval } = (
				read.parameters.options as { batching: { batch: { batchInterval: number } } }
			).batching.batch;
			expect(batchInterval).toBeGreaterThanOrEqual((cost / 100) * 1000);
		},
	);

	test.each(
		['podExWayBackShop', 'podExShopWbCatch'].flatMap((id) =>
			[
				['Read Order and Fulfillment Orders', 'Order Read (Not Throttled)'],
				['Create Fulfillment', 'Fulfillment Created (Not Throttled)'],
				['Get Order Tags', 'Tags Read (Not Throttled)'],
				['Add Tag', 'Tag Added (Not Throttled)'],
			].map(([call, filter]) => ({ id, call, filter })),
		),
	)(
		'$id: $call is asked again, the same request, while Shopify answers THROTTLED, each time once the bucket holds its cost; $filter lets only the answer after the last try on',
		({ id, call, filter }) => {
			const workflow = example(id) as Example & {
				connections: Record<string, { main: Array<Array<{ node: string }>> }>;
			};
			const request = node(workflow, call);
			const body = bodyOf(id, call);
			// The stand-in's bucket (the Standard plan's restore rate), emptied: Shopify's own answer.
			const api = adminGraphql(records, { maximumAvailable: 2000, restoreRate: 100 });
			api.drain();
			const throttled = { body: api.answer(body).body, headers: {}, statusCode: 200 };
			expect(throttled.body).toMatchObject({
				errors: [{ extensions: { code: 'THROTTLED' } }],
				extensions: { cost: { throttleStatus: { restoreRate: 100 } } },
			});
			const { pagination } = (
				request.parameters.options as {
					pagination: { pagination: Record<string, unknown> };
				}
			).pagination;
			expect(pagination).toMatchObject({
				paginationMode: 'updateAParameterInEachRequest',
				paginationCompleteWhen: 'other',
				limitPagesFetched: false,
			});
			const keys = (response: object) => ({
				$response: response,
				$request: { body },
				$pageCount: 1,
			});
			// Asked again while THROTTLED; any other answer (data, userErrors, another error) ends it.
			expect(paged(pagination.completeExpression, keys(throttled))).toBe(false);
			const answered = { body: adminGraphql(records).answer(body).body, statusCode: 200 };
			expect(paged(pagination.completeExpression, keys(answered))).toBe(true);
			expect(
				paged(
					pagination.completeExpression,
					keys({ body: { errors: [{ message: 'x' }] }, statusCode: 200 }),
				),
			).toBe(true);
			// An answer that is not 2xx (a refused token, Shopify down) does not end it: n8n's
			// pagination then throws its HTTP error, which it skips for a request that completes.
			expect(
				paged(
					pagination.completeExpression,
					keys({ body: { errors: '[API] Invalid API key or access token' }, statusCode: 401 }),
				),
			).toBe(false);
			// The same variables again: n8n merges them into the first request's body.
			const [parameter] = (
				pagination.parameters as {
					parameters: Array<{ type: string; name: string; value: string }>;
				}
			).parameters;
			expect(parameter).toMatchObject({ type: 'body', name: 'variables' });
			expect(paged(parameter.value, keys(throttled))).toEqual(body.variables);
			// The wait: what the bucket lacks of the requested cost, at its restore rate, plus 100 ms.
			const cost = (throttled.body as { extensions: { cost: { requestedQueryCost: number } } })
				.extensions.cost.requestedQueryCost;
			const wait = paged(pagination.requestInterval, keys(throttled)) as number;
			expect(wait).toBeGreaterThanOrEqual((cost / 100) * 1000);
			expect(wait).toBeLessThanOrEqual((cost / 100) * 1000 + 200);
			// The throttled answers go no further; every other answer does.
			expect(workflow.connections[call].main[0].map((target) => target.node)).toEqual([filter]);
			const keeps = (json: object) =>
				executeFilter(evaluate(node(workflow, filter).parameters.conditions, json) as FilterValue);
			expect(keeps(throttled.body as object)).toBe(false);
			expect(keeps(answered.body as object)).toBe(true);
			expect(
				keeps({ errors: [{ message: 'Access denied', extensions: { code: 'ACCESS_DENIED' } }] }),
			).toBe(true);
		},
	);

	test.each(['podExWayBackShop', 'podExShopWbCatch'])(
		"%s: the mutations go one at a time, 100 ms apart, what a mutation's 10 points take to restore at 100 a second",
		(id) => {
			for (const name of ['Create Fulfillment', 'Add Tag']) {
				expect({ name, options: node(example(id), name).parameters.options }).toMatchObject({
					name,
					options: { batching: { batch: { batchSize: 1, batchInterval: 100 } } },
				});
			}
		},
	);
});
