/* eslint-disable @typescript-eslint/no-explicit-any -- tests run on Node, never shipped */
/**
 * One Item per Storefront Order: a storefront's order, exactly as n8n's Shopify Trigger or
 * WooCommerce Trigger gives it (the documented orders in test/fixtures/storefront/), becomes one
 * print order with no expression at all: the node reads the order by the storefront's paths, and
 * every line gets the form's prints. Every line is accounted for (printed in the quantity still
 * owed, or named with the reason it is not), on the service as its contract defines it and on one
 * whose color/size pairs carry SKU texts.
 */
import shopifyOrder from '../fixtures/storefront/shopify-orders-create.json';
import wooOrder from '../fixtures/storefront/woocommerce-order-3-lines.json';
import { shopParameter } from '../support/sandbox';
import { SKU_MODES } from '../support/storefrontModes';
import type { RunResult } from '../support/n8n';
import { orderSandbox } from './fixtures';

/** Submit reading the storefront's order; one print on every line, FRONT with Company Logo. */
function fromStorefront(
	storefront: 'shopify' | 'woocommerce',
	options: Record<string, unknown> = {},
	extra: Record<string, unknown> = {},
) {
	return {
		resource: 'order',
		operation: 'submit',
		shop: shopParameter(),
		input: 'storefrontOrder',
		storefront,
		financialStatus: 'PAID',
		carrierId: '21',
		linePrints: {
			print: [
				{
					printArea: 'FRONT',
					elementType: 'libraryMotive',
					motiveId: { __rl: true, mode: 'name', value: 'Company Logo' },
				},
			],
		},
		options,
		...extra,
	};
}

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value));

/** Lines the Print Shop Does Not Sell: Leave Out (the documented WooCommerce order's Woo Single #1). */
const LEAVE_OUT = { linesNotSold: 'leaveOut' };

/** The output's items as the merchant reads them: product, color, size, SKU and amount. */
const namedLines = (order: Record<string, unknown>) =>
	(order.items as any[]).map((item) => [
		item.productName,
		item.colorName,
		item.sizeName,
		item.sku,
		item.amount,
	]);

/** What the run told the editor once, above its output (n8n's execution hints). */
const hintsOf = (result: RunResult) =>
	(result.run.data.resultData.runData['POD Platform']?.[0]?.hints ?? []).map(
		(hint: any) => hint.message,
	);

/** A Shopify order as a new one arrives: nothing refunded, every line still owed in full. */
const freshShopifyOrder = () => {
	const order = copy(shopifyOrder) as any;
	for (const line of order.line_items) line.current_quantity = line.quantity;
	return order;
};

describe.each(SKU_MODES)('a storefront order read by the node, on $mode', (mode) => {
	// Ordered products with what was ordered (option orderedProductDetails): these tests assert
	// item details the contract does not give (the plain default's items: test/order/shape.test.ts).
	const order = orderSandbox({
		variantSkuTexts: mode.variantSkuTexts,
		orderedProductDetails: true,
	});
	const { run, submits } = order;
	/** Each stored item: SKU, product, color, size, amount. */
	const items = (stored: any) =>
		(stored.orderedProducts as any[]).map((item) => ({
			productId: item.productId,
			colorId: item.assignedColor?.id,
			sizeId: item.assignedSize?.id,
			amount: item.amount,
		}));

	test("Shopify's documented order: only the line still owed is printed, the two refunded ones are named; sent again, it already exists", async () => {
		const result = await run(fromStorefront('shopify'), [{ json: mode.order(shopifyOrder) }]);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		const [output] = result.items;
		expect(output.pairedItem).toEqual({ item: 0 });
		expect(output.json).toMatchObject({
			uniqueId: 'shopify-450789469',
			storeOrder: '#1001',
			alreadyExisted: false,
			country: 'US',
			shippingTitle: 'Free Shipping',
			// Its refunded lines are owed nothing: the order is printed whole.
			partlyPrinted: false,
		});
		expect(namedLines(output.json)).toEqual([
			['IPod Nano - 8gb', 'Red', 'One Size', mode.sku('IPOD2008RED'), 1],
		]);
		const refunded = 'nothing is owed: Shopify gives current_quantity 0 (refunded or removed)';
		expect(output.json.storeLines).toEqual([
			{
				line: 1,
				sku: mode.sku('IPOD2008GREEN'),
				title: 'IPod Nano - 8gb',
				printed: false,
				reason: refunded,
			},
			{
				line: 2,
				sku: mode.sku('IPOD2008RED'),
				title: 'IPod Nano - 8gb',
				printed: true,
				amount: 1,
				quantityFrom: 'current_quantity',
			},
			{
				line: 3,
				sku: mode.sku('IPOD2008BLACK'),
				title: 'IPod Nano - 8gb',
				printed: false,
				reason: refunded,
			},
		]);
		const stored = await order.stored(output.json.id, false);
		expect(items(stored)).toEqual([{ productId: 1004, colorId: 2032, sizeId: 3031, amount: 1 }]);
		expect(stored.uniqueId).toBe('shopify-450789469');
		expect(stored.customer).toMatchObject({
			firstName: 'Bob',
			lastName: 'Norman',
			email: 'bob.norman@mail.example.com',
			phone: '+1(502)-459-2181',
			shippingAddress: {
				street: 'Chestnut Street 92',
				city: 'Louisville',
				zip: '40202',
				countryCode: 'US',
			},
		});
		expect(stored.country).toMatchObject({ code: 'US' });
		// The line got the form's one print: FRONT of its product, the Company Logo.
		expect((stored.orderedProducts as any[]).map((item) => item.compositions)).toEqual([
			[
				{
					productArea: { id: 4031 },
					elements: [{ creatorse_designElementMotive: { motive: { id: 5001 } } }],
				},
			],
		]);
		// Once per run, the editor says how the SKUs were matched.
		expect(hintsOf(result)).toEqual([
			mode.variantSkuTexts
				? expect.stringMatching(/SKU texts this service gives its color\/size pairs/)
				: expect.stringMatching(/^SKUs were matched to the print products' own SKUs/),
		]);

		const again = await run(fromStorefront('shopify'), [{ json: mode.order(shopifyOrder) }]);
		expect(again.error).toBeUndefined();
		expect(again.items).toHaveLength(1);
		expect(again.items[0].json).toMatchObject({ id: output.json.id, alreadyExisted: true });
		expect(await submits()).toHaveLength(1);
	});

	test('a new Shopify order prints every line in its quantity; the SKUs cost one product filter on the contract', async () => {
		const fresh = mode.order(freshShopifyOrder());
		const result = await run(fromStorefront('shopify'), [{ json: fresh }]);
		expect(result.error).toBeUndefined();
		expect(namedLines(result.items[0].json)).toEqual([
			['IPod Nano - 8gb', 'Green', 'One Size', mode.sku('IPOD2008GREEN'), 1],
			['IPod Nano - 8gb', 'Red', 'One Size', mode.sku('IPOD2008RED'), 1],
			['IPod Nano - 8gb', 'Black', 'One Size', mode.sku('IPOD2008BLACK'), 1],
		]);
		const requests = await order.control.requests();
		const productLists = requests.filter((r) => r.method === 'GET' && /\/products$/.test(r.path));
		// By the products' own SKU: one filter; by color/size SKU texts, a second for those.
		expect(productLists).toHaveLength(mode.variantSkuTexts ? 2 : 1);
		expect(requests.filter((r) => r.status >= 400)).toEqual([]);
	});

	test("WooCommerce's order of three lines, one without a SKU of no product of the shop: the order fails by default, naming that line and its fix; nothing is sent", async () => {
		const result = await run(fromStorefront('woocommerce'), [{ json: mode.order(wooOrder) }]);
		expect(result.error?.message).toBe(
			'WooCommerce order #727 (woocommerce-727) › Line 1 (Woo Single #1): it has no SKU, and no product of the shop is named "Woo Single #1"',
		);
		expect(result.error?.description).toBe(
			"Give the store's product the print product's SKU (Product → Find lists each product's SKU), or name it exactly as the print product is named. If the print shop does not make it, set Lines the Print Shop Does Not Sell to Leave Out: the order's other lines are then printed without it.",
		);
		expect(await submits()).toHaveLength(0);
		expect(await order.control.orders('woocommerce-727')).toEqual([]);
	});

	test("WooCommerce's order of three lines, Lines the Print Shop Does Not Sell: Leave Out: the two with a SKU are printed, each variant from its meta_data; the order says it is printed in part, and names the line left out", async () => {
		const result = await run(fromStorefront('woocommerce', {}, LEAVE_OUT), [
			{ json: mode.order(wooOrder) },
		]);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		const [output] = result.items;
		expect(output.json).toMatchObject({
			uniqueId: 'woocommerce-727',
			storeOrder: '#727',
			shippingTitle: 'Flat Rate',
			partlyPrinted: true,
		});
		expect(namedLines(output.json)).toEqual([
			['Ship Your Idea', 'Black', 'M Test', mode.sku('Bar3'), 1],
			['Classic T-Shirt', 'White', 'L', mode.sku('TEE-CLASSIC-WHITE-L'), 2],
		]);
		expect((output.json.storeLines as any[])[0]).toEqual({
			line: 1,
			title: 'Woo Single #1',
			printed: false,
			reason: 'it has no SKU, and no product of the shop is named "Woo Single #1"',
		});
		const stored = await order.stored(output.json.id, false);
		expect(items(stored)).toEqual([
			{ productId: 1005, colorId: 2041, sizeId: 3041, amount: 1 },
			expect.objectContaining({ productId: 1001, amount: 2 }),
		]);
		expect(stored.customer).toMatchObject({
			firstName: 'John',
			lastName: 'Doe',
			email: 'john.doe@example.com',
			phone: '(555) 555-5555',
			shippingAddress: {
				street: '969 Market',
				city: 'San Francisco',
				zip: '94103',
				countryCode: 'US',
			},
		});

		const again = await run(fromStorefront('woocommerce', {}, LEAVE_OUT), [
			{ json: mode.order(wooOrder) },
		]);
		expect(again.items[0].json).toMatchObject({
			id: output.json.id,
			alreadyExisted: true,
			partlyPrinted: true,
		});
		expect(await submits()).toHaveLength(1);
	});

	test("Leave Out leaves out a line whose own SKU no product of the shop has, and a line with neither SKU nor name; a line of this node's SKU, or of a product the shop has, still fails the order", async () => {
		const woo = mode.order(wooOrder) as any;
		woo.id = 732;
		woo.line_items = [
			{ ...woo.line_items[1], id: 1, sku: 'STICKER-OWN-1', name: 'Sticker', meta_data: [] },
			{ ...woo.line_items[1], id: 2, sku: '', name: '', meta_data: [] },
			woo.line_items[2],
		];
		const result = await run(fromStorefront('woocommerce', {}, LEAVE_OUT), [{ json: woo }]);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ partlyPrinted: true, alreadyExisted: false });
		expect(result.items[0].json.storeLines).toEqual([
			{
				line: 1,
				sku: 'STICKER-OWN-1',
				title: 'Sticker',
				printed: false,
				reason: 'no product of the shop has the SKU STICKER-OWN-1',
			},
			{ line: 2, printed: false, reason: 'the line has neither a SKU nor a product name' },
			expect.objectContaining({ line: 3, sku: mode.sku('TEE-CLASSIC-WHITE-L'), printed: true }),
		]);

		// By default the same order fails, naming both lines; the own SKU with the shop's nearest.
		const failed = await run(fromStorefront('woocommerce'), [{ json: { ...woo, id: 733 } }]);
		expect(failed.error?.message).toMatch(
			/^WooCommerce order #727 \(woocommerce-733\) has 2 problems: Line 2: the line has neither a SKU nor a product name; and 1 more problem/,
		);
		expect(failed.error?.description).toMatch(
			/^1\. Line 2: .*\n2\. Line 1 \(SKU STICKER-OWN-1\): no product has the SKU STICKER-OWN-1/,
		);

		// A line of a product the shop has, in a color it does not offer, is no line left out.
		const purple = { ...woo, id: 734 };
		purple.line_items = [
			woo.line_items[0],
			{
				...woo.line_items[2],
				sku: 'TEE-CLASSIC',
				meta_data: [
					{ id: 1, key: 'pa_color', value: 'purple' },
					{ id: 2, key: 'size', value: 'L' },
				],
			},
		];
		const refused = await run(fromStorefront('woocommerce', {}, LEAVE_OUT), [{ json: purple }]);
		expect(refused.error?.message).toBe(
			'WooCommerce order #727 (woocommerce-734) › Line 2 (SKU TEE-CLASSIC): no color purple; Classic T-Shirt offers White, Black',
		);
		// Nor is a line of this node's SKU with a typo: it names a print product, mistyped.
		const typo = { ...woo, id: 735 };
		typo.line_items = [woo.line_items[2], { ...woo.line_items[2], sku: 'POD-P1001-C2002-S3002-0' }];
		const mistyped = await run(fromStorefront('woocommerce', {}, LEAVE_OUT), [{ json: typo }]);
		expect(mistyped.error?.message).toMatch(
			/› Line 2 \(SKU POD-P1001-C2002-S3002-0\): the SKU POD-P1001-C2002-S3002-0 is shaped like a SKU this node writes/,
		);
		expect(await submits()).toHaveLength(1);
	});

	test('a line without a SKU is printed by its product name where the shop has exactly one product of it', async () => {
		const woo = mode.order(wooOrder) as any;
		woo.id = 731;
		woo.line_items[0] = {
			...woo.line_items[0],
			name: 'Classic T-Shirt &ndash; Color: Black, Size: M',
			meta_data: [
				{ id: 1, key: 'pa_color', value: 'black' },
				{ id: 2, key: 'size', value: 'M' },
			],
		};
		const result = await run(fromStorefront('woocommerce', { readBack: true }), [{ json: woo }]);
		expect(result.error).toBeUndefined();
		// Read back, the SKU is the service's for the item: the pair's text where it gives one.
		expect(namedLines(result.items[0].json)[0]).toEqual([
			'Classic T-Shirt',
			'Black',
			'M',
			mode.variantSkuTexts ? 'TEE-CLASSIC-BLACK-M' : 'TEE-CLASSIC',
			2,
		]);
		expect((result.items[0].json.storeLines as any[]).every((line) => line.printed)).toBe(true);
	});

	test('a variant value the product does not offer is refused whatever the SKU says, naming the store order and the line as the store numbers it', async () => {
		const shopify = mode.order(freshShopifyOrder());
		shopify.line_items[1].variant_title = 'purple';
		const result = await run(fromStorefront('shopify'), [{ json: shopify }]);
		// With a SKU text the SKU settles the color too; either way "purple" is no color of it.
		expect(result.error?.message).toBe(
			`Shopify order #1001 (shopify-450789469) › Line 2 (SKU ${mode.sku('IPOD2008RED')}): ${
				mode.variantSkuTexts
					? 'no color or size purple; IPod Nano - 8gb offers colors Green, Red, Black and sizes One Size'
					: 'no color purple; IPod Nano - 8gb offers Green, Red, Black'
			}`,
		);
		expect(result.error?.description).toBe(
			"Name the store's variant options as the product names its colors and sizes (any case).",
		);
		// No item number beside the store's own name of the order, in the message or from n8n.
		expect(result.error?.context?.itemIndex).toBeUndefined();
		expect(await submits()).toHaveLength(0);
	});

	test("an unknown SKU fails the whole order before anything is sent, naming the shop's nearest product; the fixes name only what the store and this input show", async () => {
		const woo = mode.order(wooOrder) as any;
		woo.line_items[1].sku = 'TEE-CLASIC';
		woo.line_items[2] = {
			...woo.line_items[2],
			sku: 'TEE-CLASSIC',
			meta_data: [
				{ id: 1, key: 'pa_color', value: 'purple' },
				{ id: 2, key: 'size', value: 'L' },
			],
		};
		const result = await run(fromStorefront('woocommerce'), [{ json: woo }]);
		expect(result.error?.message).toBe(
			'WooCommerce order #727 (woocommerce-727) has 3 problems: Line 1 (Woo Single #1): it has no SKU, and no product of the shop is named "Woo Single #1"; and 2 more problems, listed below',
		);
		const description = result.error?.description?.split('\n') ?? [];
		expect(description).toEqual([
			`1. Line 1 (Woo Single #1): it has no SKU, and no product of the shop is named "Woo Single #1". Give the store's product the print product's SKU (Product → Find lists each product's SKU), or name it exactly as the print product is named. If the print shop does not make it, set Lines the Print Shop Does Not Sell to Leave Out: the order's other lines are then printed without it.`,
			"2. Line 2 (SKU TEE-CLASIC): no product has the SKU TEE-CLASIC; nearest in the shop: TEE-CLASSIC (Classic T-Shirt). Give the store's variant the SKU of the print product (Product → Find lists each product's SKU and the colors and sizes it is ordered in), and name its options as the product names its colors and sizes.",
			"3. Line 3 (SKU TEE-CLASSIC): no color purple; Classic T-Shirt offers White, Black. Give the store's color option the name the product lists (any case).",
		]);
		// Nothing the storefront input does not show: no Color or Size field, no list to choose from.
		expect(description.join(' ')).not.toMatch(/Color and Size fields|from the list|field/);
		expect(await submits()).toHaveLength(0);
		expect(await order.control.orders('woocommerce-727')).toEqual([]);
	});

	test('an order with no line to print gives no print order and one item saying why; a split line is refused, saying what to give', async () => {
		const woo = copy(wooOrder) as any;
		woo.line_items = [woo.line_items[0]];
		// Its one line the print shop does not sell: the order fails, unless such lines are left out.
		const failed = await run(fromStorefront('woocommerce'), [{ json: woo }]);
		expect(failed.error?.message).toBe(
			'WooCommerce order #727 (woocommerce-727) › Line 1 (Woo Single #1): it has no SKU, and no product of the shop is named "Woo Single #1"',
		);
		const nothing = await run(fromStorefront('woocommerce', {}, LEAVE_OUT), [{ json: woo }]);
		expect(nothing.error).toBeUndefined();
		expect(nothing.items.map((item) => item.json)).toEqual([
			{
				id: null,
				uniqueId: 'woocommerce-727',
				printed: false,
				reason:
					'Nothing of WooCommerce order #727 is printed: Line 1 (Woo Single #1): it has no SKU, and no product of the shop is named "Woo Single #1"',
				storeOrder: '#727',
				storeLines: [
					{
						line: 1,
						title: 'Woo Single #1',
						printed: false,
						reason: 'it has no SKU, and no product of the shop is named "Woo Single #1"',
					},
				],
			},
		]);
		expect(await submits()).toHaveLength(0);

		const refundedOrder = { ...mode.order(shopifyOrder), financial_status: 'refunded' } as any;
		const refunded = await run(fromStorefront('shopify'), [{ json: refundedOrder }]);
		expect(refunded.items[0].json).toMatchObject({
			printed: false,
			reason: expect.stringMatching(
				/^Nothing of Shopify order #1001 is printed: Line 1 .*refunded/,
			),
		});
		expect(await submits()).toHaveLength(0);

		const split = { ...copy(shopifyOrder), line_items: shopifyOrder.line_items[0] };
		const refused = await run(fromStorefront('shopify'), [{ json: split }]);
		expect(refused.error?.message).toBe(
			'Item 1: The item holds one line, not a Shopify order: line_items is not a list',
		);
		expect(refused.error?.description).toMatch(/choose Input One Item per Line/);
		expect(await submits()).toHaveLength(0);
	});

	test('a WooCommerce order with a refund that names no line is refused before anything is sent', async () => {
		const woo = mode.order(wooOrder) as any;
		woo.refunds = [{ id: 726, reason: '', total: '-10.00' }];
		// Its lines of print products only: the refund is the one problem.
		woo.line_items = woo.line_items.slice(1);
		const result = await run(fromStorefront('woocommerce'), [{ json: woo }]);
		expect(result.error?.message).toBe(
			"WooCommerce order #727 (woocommerce-727): it has a refund (10.00) that WooCommerce's order does not assign to lines",
		);
		expect(await submits()).toHaveLength(0);
	});

	test('no print in Line Prints: n8n flags the field and refuses to run the node, so nothing is sent; Blank Products chosen, plain products are ordered', async () => {
		const blank = await run({ ...fromStorefront('shopify'), linePrints: {} }, [
			{ json: mode.order(freshShopifyOrder()) },
		]).catch((error: Error) => ({ refusal: error }));
		expect('refusal' in blank && blank.refusal.message).toBe(
			"The 'POD Platform' node has issues:\n- At least 1 field is required.",
		);
		expect(await submits()).toHaveLength(0);

		const chosen = await run(
			{ ...fromStorefront('shopify'), linePrints: {}, linePrinting: 'blank' },
			[{ json: mode.order(freshShopifyOrder()) }],
		);
		expect(chosen.error).toBeUndefined();
		const stored = await order.stored(chosen.items[0].json.id, false);
		expect((stored.orderedProducts as any[]).map((item) => item.compositions ?? [])).toEqual([
			[],
			[],
			[],
		]);
	});

	test('two stores of one platform with the same order number make two print orders, each under its Store Key', async () => {
		const first = await run(fromStorefront('woocommerce', {}, LEAVE_OUT), [
			{ json: mode.order(wooOrder) },
		]);
		const second = await run(
			fromStorefront('woocommerce', {}, { ...LEAVE_OUT, storeKey: 'woocommerce-eu' }),
			[{ json: mode.order(wooOrder) }],
		);
		expect(first.items[0].json).toMatchObject({
			uniqueId: 'woocommerce-727',
			alreadyExisted: false,
		});
		expect(second.items[0].json).toMatchObject({
			uniqueId: 'woocommerce-eu-727',
			alreadyExisted: false,
		});
		expect(second.items[0].json.id).not.toBe(first.items[0].json.id);
		expect(await submits()).toHaveLength(2);
	});

	test('a batch of orders: each its own print order, looked up at once', async () => {
		const orders = [1, 2, 3].map((k) => ({
			json: { ...mode.order(freshShopifyOrder()), id: 5000 + k },
		}));
		// The product's own SKU: the color comes from the variant_title alone.
		orders[1].json.line_items[0] = {
			...orders[1].json.line_items[0],
			sku: 'IPOD2008',
			variant_title: 'red',
		};
		const result = await run(fromStorefront('shopify', { concurrency: 2, readBack: true }), orders);
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.json.uniqueId, item.pairedItem])).toEqual([
			['shopify-5001', { item: 0 }],
			['shopify-5002', { item: 1 }],
			['shopify-5003', { item: 2 }],
		]);
		expect(
			(result.items[1].json.items as any[]).map((item: any) => [item.colorName, item.sku]),
		).toEqual([
			// The SKU the service holds for the item (Order → Get's): the pair's own where it has one.
			['Red', mode.sku('IPOD2008RED')],
			['Red', mode.sku('IPOD2008RED')],
			['Black', mode.sku('IPOD2008BLACK')],
		]);
		const requests = await order.control.requests();
		expect(await submits()).toHaveLength(3);
		// The batch's one Unique ID look-up, and the same once more after its last order (a repeat
		// sent elsewhere at the same moment is found there).
		expect(requests.filter((r) => r.method === 'GET' && /\/orders$/.test(r.path))).toHaveLength(2);
		expect(requests.filter((r) => /\/products\/expanded\/1004$/.test(r.path))).toHaveLength(1);
	});
});
