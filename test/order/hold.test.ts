/* eslint-disable @typescript-eslint/no-explicit-any -- tests run on Node, never shipped */
/**
 * Submit › Hold for Approval: the order goes to the service as the contract's incremental draft
 * (`POST .../orders`, then one `orderedProducts/usingCreatorSE` per design), never committed or
 * sent to production, from every input and as an AI tool; what a draft cannot carry is refused
 * naming its place, before anything is sent; the answer is what a person approves with. Exactly
 * Once as for a deferred order: a held draft is found by its Unique ID, a lost answer is recovered
 * by looking, and a run that stopped half-way is settled by the next run, each stop point followed
 * by a run that leaves one complete held draft. Against the sandbox, over real HTTP.
 */
import shopifyOrder from '../fixtures/storefront/shopify-orders-create.json';
import { formDraft } from '../../nodes/PodPlatform/actions/order/submit/guidedForm';
import { heldOrderOf } from '../../nodes/PodPlatform/actions/order/submit/heldOrder';
import { checkOrder } from '../../nodes/PodPlatform/actions/order/submit/orderInput';
import { ACTION_NODE, runNode } from '../support/n8n';
import { SHOP_PATH, shopParameter } from '../support/sandbox';
import { ServiceClient } from '../support/service';
import { withProductSkus } from '../support/storefrontModes';
import { PodPlatform } from '../../nodes/PodPlatform/PodPlatform.node';
import {
	formParameters,
	guidedForm,
	jsonParameters,
	orderSandbox,
	shopifyLineParameters,
	shopifyOrderParameters,
} from './fixtures';

const HOLD = { holdForApproval: true };
const CANCELLING = ['CANCELLATION_WAITING', 'CANCELLED'];

const libraryPrint = (motiveId: string, printAreaId: string, placement = {}) => ({
	printAreaId,
	elementType: 'libraryMotive',
	motiveId: { __rl: true, mode: 'id', value: motiveId },
	...placement,
});

/** Two designs of library motives, Paid on the form: what a held order can carry. */
function heldForm(uniqueId: string, options: Record<string, any> = HOLD): Record<string, any> {
	const form = formParameters(uniqueId);
	return {
		...form,
		designs: {
			design: [
				{
					...form.designs.design[0],
					prints: { print: [libraryPrint('5001', '4001', { left: '10', right: '10' })] },
				},
				{
					productId: { __rl: true, mode: 'list', value: '1001' },
					assignedColorId: '2002',
					assignedSizeId: '3003',
					amount: 1,
					prints: { print: [libraryPrint('5002', '4002')] },
				},
			],
		},
		templates: {},
		passthroughItems: {},
		options,
	};
}

/** The requests that are no catalog read or login, as `METHOD path-after-the-shop status`. */
function ordering(requests: Array<{ method: string; path: string; status: number }>): string[] {
	return requests
		.filter((r) => !/\/auth$|\/countries$|\/products\/expanded\//.test(r.path))
		.map((r) => `${r.method} ${r.path.replace(SHOP_PATH, '').replace(/\d{5,}/g, 'N')} ${r.status}`);
}

describe('Submit › Hold for Approval', () => {
	const harness = orderSandbox();
	const live = (orders: any[]) => orders.filter((o) => !CANCELLING.includes(o.fulfilmentStatus));

	test('the guided form: a draft of one create and one request per design, not committed; the answer is what a person approves with; Release produces it', async () => {
		const result = await harness.run(heldForm('HOLD-1'));
		expect(result.error).toBeUndefined();
		// Exactly Once's look-up (its stored filter and the list), the draft, its two designs, and
		// the look-up right after: a design more than the deferred order's four requests.
		expect(ordering(await harness.control.requests())).toEqual([
			'POST /filters 200',
			'GET /orders 200',
			'POST /orders 200',
			'POST /orders/N/orderedProducts/usingCreatorSE 200',
			'POST /orders/N/orderedProducts/usingCreatorSE 200',
			'GET /orders 200',
		]);
		const [stored] = await harness.control.orders('HOLD-1');
		expect(stored).toMatchObject({
			origin: 'incremental',
			committed: false,
			handedOff: false,
			// The form's Paid is not the draft's: Release stamps the payment status.
			financialStatus: 'PENDING',
			fulfilmentStatus: null,
			countryId: 1,
			customer: { email: 'ada@example.com' },
			shipping: { title: 'Standard', carrierId: 21 },
		});
		expect(stored.orderedProducts).toEqual([
			expect.objectContaining({
				productId: 1001,
				assignedColorId: 2001,
				assignedSizeId: 3002,
				amount: 2,
				compositions: [
					{
						productAreaId: 4001,
						elements: [
							{ kind: 'motive', motiveId: 5001, position: { left: '10', right: '10' }, layers: [] },
						],
					},
				],
			}),
			expect.objectContaining({ assignedColorId: 2002, assignedSizeId: 3003, amount: 1 }),
		]);
		const answer = result.items[0].json;
		expect(answer).toMatchObject({
			id: stored.id,
			uniqueId: 'HOLD-1',
			financialStatus: 'PENDING',
			fulfilmentStatus: null,
			alreadyExisted: false,
			held: true,
			currency: 'EUR',
			total: 38.7,
		});
		expect(answer.items).toEqual([
			expect.objectContaining({
				id: stored.orderedProductIds[0],
				productName: 'Classic T-Shirt',
				colorName: 'White',
				sizeName: 'M',
				amount: 2,
				unitPrice: 12.9,
			}),
			expect.objectContaining({
				id: stored.orderedProductIds[1],
				colorName: 'Black',
				sizeName: 'L',
				amount: 1,
				unitPrice: 12.9,
			}),
		]);
		expect(answer.approval).toMatch(
			new RegExp(
				`Order → Release with this order's ID ${stored.id} or its Unique ID HOLD-1.*Order → Discard.*Get Ordered Product Image`,
			),
		);

		// The mock-up of each item, by the IDs the answer gives.
		const mockUp = await harness.run({
			resource: 'order',
			operation: 'getOrderedProductImage',
			shop: shopParameter(),
			orderId: String(answer.id),
			orderedProductId: String((answer.items as any[])[1].id),
			binaryPropertyName: 'mockup',
		});
		expect(mockUp.error).toBeUndefined();
		expect(mockUp.items[0].binary?.mockup).toMatchObject({ mimeType: 'image/png' });

		// Submitted again: the held order found under its Unique ID, its items read, nothing sent.
		await harness.control.clearRequests();
		const again = await harness.run(heldForm('HOLD-1'));
		expect(again.error).toBeUndefined();
		expect(again.items[0].json).toMatchObject({
			id: stored.id,
			alreadyExisted: true,
			matchesRequest: true,
			held: true,
		});
		expect((again.items[0].json.items as any[]).map((item) => item.id)).toEqual(
			stored.orderedProductIds,
		);
		// The look-up's stored filter is known from the first run (kept across executions).
		expect(ordering(await harness.control.requests())).toEqual([
			'GET /orders 200',
			'GET /orders/N/orderedProducts 200',
		]);

		const released = await harness.run({
			resource: 'order',
			operation: 'release',
			shop: shopParameter(),
			orderId: { __rl: true, mode: 'uniqueId', value: 'HOLD-1' },
			financialStatus: 'PAID',
		});
		expect(released.error).toBeUndefined();
		expect(await harness.control.order(stored.id)).toMatchObject({
			committed: true,
			handedOff: true,
			financialStatus: 'PAID',
		});
		// Once released, a repeat of the order answers it in production: no longer held.
		const afterRelease = await harness.run(heldForm('HOLD-1'));
		expect(afterRelease.items[0].json).toMatchObject({
			id: stored.id,
			alreadyExisted: true,
			held: false,
		});
		expect(afterRelease.items[0].json.approval).toBeUndefined();
	});

	test('a batch of held orders: one look-up for the batch, then per order its draft, one request per design and its look-up after', async () => {
		const uniqueIds = ['HOLD-B-1', 'HOLD-B-2', 'HOLD-B-3'];
		const parameters = { ...heldForm('={{ $json.uniqueId }}') };
		const result = await harness.run(
			parameters,
			uniqueIds.map((uniqueId) => ({ json: { uniqueId } })),
		);
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.json.uniqueId, item.json.held])).toEqual(
			uniqueIds.map((uniqueId) => [uniqueId, true]),
		);
		const requests = ordering(await harness.control.requests());
		const count = (pattern: RegExp) => requests.filter((line) => pattern.test(line)).length;
		// 2 for the batch, then 1 + 2 designs + 2 per order (its own look-up's stored filter and list).
		expect(requests).toHaveLength(2 + 3 * 5);
		expect(count(/^POST \/orders 200$/)).toBe(3);
		expect(count(/usingCreatorSE 200$/)).toBe(6);
		expect(count(/^GET \/orders 200$/)).toBe(4);
		expect(count(/^POST \/filters 200$/)).toBe(4);
		for (const uniqueId of uniqueIds)
			expect(await harness.control.orders(uniqueId)).toHaveLength(1);
	});

	test('what a draft cannot carry is refused, each part named, before anything is sent; Check Only says the same', async () => {
		const parameters = { ...formParameters('HOLD-2'), options: HOLD };
		const refused = await harness.run(parameters);
		expect(refused.error?.message).toBe(
			'Item 1: The order has 5 problems: Design 1 › Print 2: a print file (DDF) cannot be held for approval: a held order prints motives of the shop only; and 4 more problems, listed below',
		);
		const listed = String(refused.error?.description).split('\n');
		expect(listed.map((line) => line.replace(/:.*/, ''))).toEqual([
			'1. Design 1 › Print 2',
			'2. Design 1 › Print 3',
			'3. Design 1 › Print 4',
			'4. Template Product 1',
			'5. Passthrough Item 1',
		]);
		expect(listed[1]).toContain('an image by URL or from a file cannot be held');
		expect(listed[2]).toContain('a decoration cannot be held');
		expect(listed[3]).toContain('a template product cannot be held');
		expect(listed[4]).toContain('a passthrough item cannot be held');
		for (const line of listed) expect(line).toContain('Hold for Approval off');
		expect((await harness.control.requests()).filter((r) => r.method !== 'GET')).toEqual([]);

		const checked = await harness.run({ ...parameters, options: { ...HOLD, checkOnly: true } });
		expect(checked.error).toBeUndefined();
		expect(checked.items[0].json).toMatchObject({ checkOnly: true, ready: false });
		expect(checked.items[0].json.problems).toHaveLength(5);
		const holdable = await harness.run(heldForm('HOLD-2', { ...HOLD, checkOnly: true }));
		expect(holdable.items[0].json).toMatchObject({ checkOnly: true, ready: true, held: true });
		expect((await harness.control.requests()).filter((r) => r.method !== 'GET')).toEqual([]);
		expect(await harness.control.orders('HOLD-2')).toEqual([]);
	});

	test('an SVG layer override on a library motive is refused too; without Hold for Approval the same order is sent', async () => {
		const parameters = heldForm('HOLD-3');
		parameters.designs.design[1].prints.print[0] = {
			...libraryPrint('5002', '4002'),
			layers: { layer: [{ name: 'title', text: 'Hi' }] },
		} as any;
		const refused = await harness.run(parameters);
		expect(refused.error?.message).toBe(
			"Item 1: Design 2 › Print 1: SVG layer overrides (a layer's text or color) cannot be held for approval: a held order prints the motive as it is",
		);
		const sent = await harness.run({ ...parameters, options: {} });
		expect(sent.error).toBeUndefined();
		expect(sent.items[0].json.held).toBeUndefined();
	});

	test("the draft writes the contract's incremental bodies: no financial status in the head, each element a creatorse_element", () => {
		const form = guidedForm('HOLD-BODY');
		const order = checkOrder(
			formDraft({
				...form,
				designs: [
					{
						...form.designs[0],
						prints: [
							{
								printAreaId: '4001',
								element: { type: 'libraryMotive', motiveId: '5001' },
								position: { left: 10, right: '10' },
							},
						],
					},
				],
				templates: [],
				passthroughItems: [],
			}),
		);
		const held = heldOrderOf(order, [{ id: 1, code: 'DE' }]);
		expect(held.head).toEqual({
			productionOrder: {
				uniqueId: 'HOLD-BODY',
				country: { id: 1 },
				customer: expect.objectContaining({ email: 'ada@example.com' }),
				orderShipping: { title: 'Standard', carrier: { id: 21 } },
			},
		});
		expect(held.designs).toEqual([
			{
				creatorse_design: {
					productId: 1001,
					amount: 2,
					assignedColor: { id: 2001 },
					assignedSize: { id: 3002 },
					compositions: {
						creatorse_composition: [
							{
								productArea: { id: 4001 },
								elements: {
									creatorse_element: [{ motive: { id: 5001 }, position: { left: 10, right: 10 } }],
								},
							},
						],
					},
				},
			},
		]);
		expect(held.designWords).toEqual(['Design 1']);
	});

	test('Order JSON, One Item per Line and One Item per Storefront Order are held the same way', async () => {
		const json = await harness.run(
			jsonParameters(
				{
					uniqueId: 'HOLD-JSON',
					financialStatus: 'PAID',
					country: { code: 'DE' },
					customer: {
						email: 'ada@example.com',
						shippingAddress: { city: 'Berlin', countryCode: 'DE' },
					},
					designs: {
						creatorse_design: [
							{
								productId: 1001,
								amount: 1,
								assignedColor: { id: 2001 },
								assignedSize: { id: 3002 },
								compositions: {
									creatorse_composition: [
										{
											productArea: { id: 4001 },
											elements: [{ creatorse_designElementMotive: { motive: { id: 5001 } } }],
										},
									],
								},
							},
						],
					},
				},
				HOLD,
			),
		);
		expect(json.error).toBeUndefined();
		expect(json.items[0].json).toMatchObject({
			uniqueId: 'HOLD-JSON',
			held: true,
			alreadyExisted: false,
		});

		const shopify = withProductSkus(shopifyOrder) as any;
		const lines = await harness.run(
			{ ...shopifyLineParameters(HOLD), uniqueId: '=lines-{{ $json.id }}' },
			(shopify.line_items as any[]).map((line) => ({ json: { ...shopify, line_items: line } })),
		);
		expect(lines.error).toBeUndefined();
		expect(lines.items[0].json).toMatchObject({ uniqueId: `lines-${shopify.id}`, held: true });
		expect(lines.items[0].json.items).toHaveLength(3);

		const storefront = await harness.run(
			{
				...shopifyOrderParameters({
					print: [
						{
							printArea: 'FRONT',
							elementType: 'libraryMotive',
							motiveId: { __rl: true, mode: 'name', value: 'Company Logo' },
						},
					],
				}),
				options: HOLD,
			},
			[{ json: shopify }],
		);
		expect(storefront.error).toBeUndefined();
		expect(storefront.items[0].json).toMatchObject({
			uniqueId: `shopify-${shopify.id}`,
			held: true,
			storeOrder: shopify.name,
		});
		for (const uniqueId of ['HOLD-JSON', `lines-${shopify.id}`, `shopify-${shopify.id}`]) {
			const stored = await harness.control.orders(uniqueId);
			expect(stored).toHaveLength(1);
			expect(stored[0]).toMatchObject({
				origin: 'incremental',
				committed: false,
				handedOff: false,
			});
		}
		expect(await harness.submits()).toEqual([]);
	});

	test("as an AI tool the agent's order waits; another caller of its Unique ID learns nothing of it", async () => {
		const toolNode = `${ACTION_NODE}Tool`;
		const variant = new PodPlatform();
		variant.description = { ...variant.description, name: `${variant.description.name}Tool` };
		const asTool = async (email: string) =>
			await runNode({
				store: harness.store,
				parameters: {
					...heldForm('HOLD-AGENT'),
					financialStatus: 'PENDING',
					customer: { firstName: 'Ada', lastName: 'Lovelace', email },
				},
				items: [{ json: {} }],
				nodeType: toolNode,
				extraNodeTypes: { [toolNode]: variant },
			});
		const placed = await asTool('ada@example.com');
		expect(placed.error).toBeUndefined();
		expect(placed.items[0].json).toMatchObject({
			uniqueId: 'HOLD-AGENT',
			held: true,
			alreadyExisted: false,
		});
		const other = await asTool('eve@example.com');
		expect(other.items[0].json).toMatchObject({ alreadyExisted: true, detailsWithheld: true });
		expect(other.items[0].json.approval).toBeUndefined();
		expect(other.items[0].json.items).toBeUndefined();
		expect(live(await harness.control.orders('HOLD-AGENT'))).toHaveLength(1);
	});
});

describe('Submit › Hold for Approval: a run that stops half-way, and the run after it', () => {
	// A service that stores a repeated Unique ID (the contract), so that a draft can be built again.
	const harness = orderSandbox({ refuseRepeatedUniqueId: false });
	const live = (orders: any[]) => orders.filter((o) => !CANCELLING.includes(o.fulfilmentStatus));
	const adds = 'orderedProducts/usingCreatorSE$';

	/** The one complete held draft the Unique ID settles to, and what else it names. */
	const settled = async (uniqueId: string) => {
		const orders = (await harness.control.orders(uniqueId)) as any[];
		const kept = live(orders);
		expect(kept).toHaveLength(1);
		expect(kept[0]).toMatchObject({ origin: 'incremental', committed: false, handedOff: false });
		expect(kept[0].orderedProducts).toHaveLength(2);
		return { kept: kept[0], others: orders.filter((o) => o.id !== kept[0].id) };
	};

	test('stopped after the create (its first design refused): the draft is discarded and the run says so; the next run builds it again', async () => {
		await harness.control.fault({
			method: 'POST',
			path: adds,
			kind: 'status',
			status: 400,
			count: 1,
		});
		const stopped = await harness.run(heldForm('STOP-1'));
		const [draft] = (await harness.control.orders('STOP-1')) as any[];
		expect(stopped.error?.message).toMatch(
			new RegExp(
				`^Order STOP-1 was not held: Design 1 could not be added to its draft order ${draft.id} \\(.*\\); the draft, holding 0 of the order's 2 designs, was discarded$`,
			),
		);
		expect(stopped.error?.description).toMatch(/Run it again/);
		expect(draft.fulfilmentStatus).toBe('CANCELLATION_WAITING');

		const next = await harness.run(heldForm('STOP-1'));
		expect(next.error).toBeUndefined();
		const { kept, others } = await settled('STOP-1');
		expect(others.map((o) => o.id)).toEqual([draft.id]);
		expect(next.items[0].json).toMatchObject({ id: kept.id, alreadyExisted: false, held: true });
		// Discarded by the run that stopped: nothing for this run to discard.
		expect(next.items[0].json.incompleteDraftsDiscarded).toBeUndefined();
	});

	test('stopped after some designs, and its discard refused too: the next run discards the incomplete draft and builds the order again', async () => {
		// The first add passes (it takes the first rule), the second is refused, and so is the discard.
		await harness.control.fault({
			method: 'POST',
			path: adds,
			kind: 'latency',
			latencyMs: 1,
			count: 1,
		});
		await harness.control.fault({
			method: 'POST',
			path: adds,
			kind: 'status',
			status: 400,
			count: 1,
		});
		await harness.control.fault({
			method: 'DELETE',
			path: 'cancelOrder$',
			kind: 'status',
			status: 500,
			count: 1,
		});
		const stopped = await harness.run(heldForm('STOP-2'));
		const [draft] = (await harness.control.orders('STOP-2')) as any[];
		expect(stopped.error?.message).toMatch(
			new RegExp(
				`^Order STOP-2 was not held: Design 2 could not be added to its draft order ${draft.id} \\(.*\\), and discarding the draft, which holds 1 of the order's 2 designs, failed too \\(.*\\)$`,
			),
		);
		expect(stopped.error?.description).toBe(
			`The next run with this Unique ID discards draft ${draft.id} and builds the order again; or discard it with Order → Discard.`,
		);
		expect(draft.orderedProducts).toHaveLength(1);
		expect(draft.fulfilmentStatus).toBeNull();

		const next = await harness.run(heldForm('STOP-2'));
		expect(next.error).toBeUndefined();
		const { kept, others } = await settled('STOP-2');
		expect(others).toEqual([
			expect.objectContaining({ id: draft.id, fulfilmentStatus: 'CANCELLATION_WAITING' }),
		]);
		expect(next.items[0].json).toMatchObject({
			id: kept.id,
			alreadyExisted: false,
			held: true,
			incompleteDraftsDiscarded: [
				{ orderId: draft.id, orderedProducts: 1, designs: 2, discard: 'requested' },
			],
		});
		// A third run finds the complete draft: the existing held order, nothing sent.
		const third = await harness.run(heldForm('STOP-2'));
		expect(third.items[0].json).toMatchObject({ id: kept.id, alreadyExisted: true, held: true });
		await settled('STOP-2');
	});

	test('the answer of the create lost: the draft is found by its Unique ID, never made twice, and built on', async () => {
		await harness.control.fault({
			method: 'POST',
			path: '/orders$',
			kind: 'drop-after-processing',
			count: 1,
		});
		const result = await harness.run(heldForm('LOST-1'));
		expect(result.error).toBeUndefined();
		const { kept, others } = await settled('LOST-1');
		expect(others).toEqual([]);
		expect(result.items[0].json).toMatchObject({
			id: kept.id,
			alreadyExisted: false,
			recoveredAfterTimeout: true,
			held: true,
		});
		const creates = (await harness.control.requests()).filter(
			(r) => r.method === 'POST' && /\/orders$/.test(r.path),
		);
		expect(creates.map((r) => r.fault ?? 'answered')).toEqual(['drop-after-processing']);
		const next = await harness.run(heldForm('LOST-1'));
		expect(next.items[0].json).toMatchObject({ id: kept.id, alreadyExisted: true, held: true });
		await settled('LOST-1');
	});

	test("the answer of a design lost: the draft's ordered products are read, and the design is not added twice", async () => {
		await harness.control.fault({
			method: 'POST',
			path: adds,
			kind: 'drop-after-processing',
			count: 1,
		});
		const result = await harness.run(heldForm('LOST-2'));
		expect(result.error).toBeUndefined();
		const { kept } = await settled('LOST-2');
		expect((result.items[0].json.items as any[]).map((item) => item.id)).toEqual(
			kept.orderedProductIds,
		);
		const added = (await harness.control.requests()).filter(
			(r) => r.method === 'POST' && /usingCreatorSE$/.test(r.path),
		);
		expect(added).toHaveLength(2);
		const next = await harness.run(heldForm('LOST-2'));
		expect(next.items[0].json).toMatchObject({ id: kept.id, alreadyExisted: true, held: true });
	});
});

describe('Submit › Hold for Approval: a draft of the Unique ID made elsewhere, on a service that lists what an ordered product orders', () => {
	// Another order's draft is told from this one's by what its ordered products order (product,
	// color, size): the sandbox's orderedProductDetails. The contract's ordered product shows only
	// its ID and amount, and there a draft of another order with the same amounts is taken as this
	// order's own (heldDraftContents.ts).
	const harness = orderSandbox({ refuseRepeatedUniqueId: false, orderedProductDetails: true });
	const live = (orders: any[]) => orders.filter((o) => !CANCELLING.includes(o.fulfilmentStatus));

	test('a complete draft of the Unique ID made elsewhere is the existing held order; one holding another order is refused as that order', async () => {
		const service = new ServiceClient(harness.sandbox.baseUrl);
		await service.login();
		const draftOf = async (uniqueId: string, sizes: number[]) => {
			const created = await service.post(`${SHOP_PATH}/orders`, {
				productionOrder: {
					uniqueId,
					country: { id: 1 },
					customer: {
						email: 'ada@example.com',
						shippingAddress: { city: 'Berlin', countryCode: 'DE' },
					},
				},
			});
			const id = Number(created.json.productionOrderExpanded.id);
			for (const size of sizes) {
				const added = await service.post(
					`${SHOP_PATH}/orders/${id}/orderedProducts/usingCreatorSE`,
					{
						creatorse_design: {
							productId: 1001,
							amount: 1,
							assignedColor: { id: 2002 },
							assignedSize: { id: size },
						},
					},
				);
				expect(added.status).toBe(200);
			}
			return id;
		};
		// Another order's draft: one item the request does not have, and fewer than its two.
		const other = await draftOf('ELSEWHERE-1', [3002]);
		const refused = await harness.run(heldForm('ELSEWHERE-1'));
		expect(refused.error?.message).toMatch(new RegExp(`already names print order ${other}\\b`));
		expect(live(await harness.control.orders('ELSEWHERE-1'))).toHaveLength(1);

		const form = heldForm('ELSEWHERE-2');
		form.designs.design = form.designs.design.map((design: any) => ({
			...design,
			assignedColorId: '2002',
			assignedSizeId: '3003',
			amount: 1,
		}));
		const complete = await draftOf('ELSEWHERE-2', [3003, 3003]);
		const found = await harness.run(form);
		expect(found.error).toBeUndefined();
		expect(found.items[0].json).toMatchObject({ id: complete, alreadyExisted: true, held: true });
		expect(await harness.control.orders('ELSEWHERE-2')).toHaveLength(1);
	});
});

describe('Submit › Hold for Approval on a service that refuses a repeated Unique ID', () => {
	const harness = orderSandbox({ refuseRepeatedUniqueId: true });

	test('a draft discarded half-way keeps its Unique ID there: the next run says the order cannot be held under it again, and sends nothing more', async () => {
		await harness.control.fault({
			method: 'POST',
			path: 'orderedProducts/usingCreatorSE$',
			kind: 'status',
			status: 400,
			count: 1,
		});
		const stopped = await harness.run(heldForm('KEPT-ID-1'));
		expect(stopped.error?.message).toMatch(/was discarded$/);
		const [draft] = (await harness.control.orders('KEPT-ID-1')) as any[];
		const next = await harness.run(heldForm('KEPT-ID-1'));
		expect(next.error?.message).toBe(
			`Item 1: The service refuses a second order with the Unique ID KEPT-ID-1, and the order it has under it is order ${draft.id}, an incomplete draft that was discarded`,
		);
		expect(next.error?.description).toMatch(/Unique ID of its own/);
		expect(await harness.control.orders('KEPT-ID-1')).toHaveLength(1);
	});
});

describe('Submit › Hold for Approval without Exactly Once', () => {
	const harness = orderSandbox();

	test('the draft is built with no look-up; a run that stops half-way discards it and says the next run will not look', async () => {
		const parameters = { ...heldForm('NO-EO-1'), exactlyOnce: false };
		const result = await harness.run(parameters);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ held: true, alreadyExisted: false });
		expect(ordering(await harness.control.requests())).toEqual([
			'POST /orders 200',
			'POST /orders/N/orderedProducts/usingCreatorSE 200',
			'POST /orders/N/orderedProducts/usingCreatorSE 200',
		]);
		await harness.control.fault({
			method: 'POST',
			path: 'orderedProducts/usingCreatorSE$',
			kind: 'status',
			status: 400,
			count: 1,
		});
		await harness.control.fault({
			method: 'DELETE',
			path: 'cancelOrder$',
			kind: 'status',
			status: 500,
			count: 1,
		});
		const stopped = await harness.run({ ...parameters, uniqueId: 'NO-EO-2' });
		expect(stopped.error?.description).toMatch(
			/^Discard draft \d+ with Order → Discard before running again/,
		);
	});
});
