/* eslint-disable @typescript-eslint/no-explicit-any -- tests run on Node, never shipped */
/**
 * Submit takes what a merchant knows, not the service's IDs: a product by its SKU or a variant
 * SKU, colors and sizes by name, the variant as Shopify and WooCommerce give it, print areas and
 * motives by name. Each name is matched against what the run reads once; an unknown or ambiguous
 * one fails the order before anything is sent, listing what the product offers.
 */
import { byId } from '../support/sandbox';
import { formParameters, jsonOrder, jsonParameters, orderSandbox } from './fixtures';
import { forgetAllExecutions } from '../../nodes/shared/acrossExecutions';

/**
 * Submit's guided form with these designs, plain products chosen (Print on Designs: Nothing), as
 * what is printed is not what these tests look at, unless a design carries prints.
 */
function withDesigns(uniqueId: string, designs: Array<Record<string, any>>) {
	return {
		...formParameters(uniqueId),
		linePrinting: 'blank',
		designs: { design: designs.map((design) => ({ amount: 1, ...design })) },
		templates: {},
		passthroughItems: {},
	};
}

const bySku = (sku: string) => ({ __rl: true, mode: 'sku', value: sku });
const byName = (name: string) => ({ __rl: true, mode: 'name', value: name });

/**
 * A sandbox of one deployment for a describe block, with the run, the request log and the ordered
 * products as the service stored them: product, color, size, amount.
 */
function namesHarness(options: { variantSkuTexts?: boolean } = {}) {
	// Ordered products with what was ordered (option orderedProductDetails): these tests assert
	// item details the contract does not give (the plain default's items: test/order/shape.test.ts).
	const order = orderSandbox({ ...options, orderedProductDetails: true });
	return {
		order,
		run: order.run,
		logged: async () => await order.control.requests(),
		stored: async (id: unknown) =>
			((await order.stored(id)).items as any[]).map((item) => [
				item.productId,
				item.colorId,
				item.sizeId,
				item.amount,
			]),
	};
}

describe('names and SKUs, not IDs', () => {
	const { order, run, logged, stored } = namesHarness();

	test("a product's own SKU, with color and size by name in any case", async () => {
		const result = await run(
			withDesigns('SKU-2', [
				{ productId: bySku('TEE-CLASSIC'), assignedColorId: 'black', assignedSizeId: 'xxl' },
				// An ID still works, and a dropdown's ID beside a name.
				{ productId: byId(1002), assignedColorId: 'Grey', assignedSizeId: '3014' },
			]),
		);
		expect(result.error).toBeUndefined();
		expect(await stored(result.items[0].json.id)).toEqual([
			[1001, 2002, 3005, 1],
			[1002, 2012, 3014, 1],
		]);
	});

	test('the variant as Shopify and WooCommerce give it, with no expression that splits or maps', async () => {
		const result = await run(
			withDesigns('VARIANT-1', [
				// Shopify's variant_title: option values joined by " / ".
				{ productId: bySku('TEE-CLASSIC'), variant: 'Black / M' },
				// WooCommerce's line meta_data: a taxonomy attribute's slug, a custom one's value.
				{
					productId: byId(1001),
					variant: [
						{ id: 1, key: 'pa_color', value: 'white' },
						{ id: 2, key: 'size', value: 'XL' },
						{ id: 3, key: '_reduced_stock', value: '1' },
					],
				},
				// Newer WooCommerce adds display_key / display_value; a third option is ignored.
				{
					productId: byId(1002),
					variant: [
						{ key: 'pa_colour', value: 'grey', display_key: 'Colour', display_value: 'Grey' },
						{ key: 'pa_size', value: 'l', display_key: 'Size', display_value: 'L' },
						{ key: 'Gift wrap', value: 'yes' },
					],
				},
				// Given as JSON text, as an expression over a list may hand it on.
				{
					productId: bySku('HOODIE-PREMIUM'),
					variant: '[{"key":"Color","value":"Navy"},{"key":"Size","value":"S"}]',
				},
			]),
		);
		expect(result.error).toBeUndefined();
		expect(await stored(result.items[0].json.id)).toEqual([
			[1001, 2002, 3002, 1],
			[1001, 2001, 3004, 1],
			[1002, 2012, 3013, 1],
			[1002, 2011, 3011, 1],
		]);
	});

	test('print areas and motives by name; the motive names of a run cost one look-up', async () => {
		const print = (area: string, motive: string) => ({
			printAreaId: area,
			elementType: 'libraryMotive',
			motiveId: byName(motive),
		});
		const result = await run(
			withDesigns('NAMES-1', [
				{
					productId: bySku('TEE-CLASSIC'),
					variant: 'Black / M',
					prints: {
						print: [print('front', 'company logo'), print('BACK print area', 'Cat Sketch')],
					},
				},
				{
					productId: bySku('HOODIE-PREMIUM'),
					variant: 'Navy / S',
					prints: { print: [print('Front', 'Company Logo')] },
				},
			]),
		);
		expect(result.error).toBeUndefined();
		const requests = await logged();
		const motiveLists = requests.filter((r) => r.method === 'GET' && /\/motives$/.test(r.path));
		expect(motiveLists).toHaveLength(1);
		const detail = await order.stored(result.items[0].json.id, false);
		expect(detail.uniqueId).toBe('NAMES-1');
		const designs = (detail.orderedProducts as any[]).map((product) =>
			JSON.stringify(product.compositions),
		);
		expect(designs[0]).toMatch(/4001.*5001.*4002.*5002/);
		expect(designs[1]).toMatch(/4011.*5001/);
	});

	test('every unknown or ambiguous word fails the order at once, naming what the product offers; nothing is sent', async () => {
		const result = await run(
			withDesigns('UNKNOWN-1', [
				{ productId: bySku('TEE-CLASSIC'), assignedColorId: 'Purple', assignedSizeId: 'M' },
				{ productId: bySku('NO-SUCH-SKU') },
				{ productId: byId(1001), variant: 'Black / Huge' },
				{
					productId: bySku('TEE-CLASSIC'),
					variant: 'White / S',
					assignedColorId: 'Black',
					prints: {
						print: [
							{ printAreaId: 'sleeve', elementType: 'libraryMotive', motiveId: byName('Nope') },
						],
					},
				},
			]),
		);
		expect(result.error?.message).toBe(
			'Item 1: The order has 6 problems: Design 1: no color Purple; Classic T-Shirt offers White, Black; and 5 more problems, listed below',
		);
		expect(result.error?.description?.split('\n')).toEqual([
			expect.stringMatching(
				/^1\. Design 1: no color Purple; Classic T-Shirt offers White, Black\. /,
			),
			expect.stringMatching(
				/^2\. Design 2: no product has the SKU NO-SUCH-SKU; nothing in the shop is near it; the shop has TEE-CLASSIC \(Classic T-Shirt\), .*SHIP-YOUR-IDEA \(Ship Your Idea\)\. /,
			),
			expect.stringMatching(
				// "Black" settled the color: the value left over names the size.
				/^3\. Design 3: no size Huge; Classic T-Shirt offers S, M, L, XL, XXL, 3XL\. /,
			),
			expect.stringMatching(
				/^4\. Design 4: the Color field gives color Black, but the Variant \(White\) gives White\. /,
			),
			expect.stringMatching(
				/^5\. Design 4 › Print 1: no print area sleeve; Classic T-Shirt offers FRONT print area \(4001\), BACK print area \(4002\)\. /,
			),
			expect.stringMatching(/^6\. Design 4 › Print 1: the shop has no motive named "Nope"\. /),
		]);
		expect(await order.submits()).toHaveLength(0);
	});

	test('Order JSON: a design names its product by the product SKU', async () => {
		const body = jsonOrder('JSON-SKU');
		const json = body.creatorse_productionOrderDeferred as any;
		json.designs.creatorse_design = [
			{ sku: 'HOODIE-PREMIUM', assignedColor: { id: 2012 }, assignedSize: { id: 3012 }, amount: 2 },
		];
		const result = await run({ ...jsonParameters(body), linePrinting: 'blank' });
		expect(result.error).toBeUndefined();
		expect((await stored(result.items[0].json.id)).slice(0, 1)).toEqual([[1002, 2012, 3012, 2]]);
	});

	test("a store's own SKUs that nothing of a small shop is near name the shop's products whole, so the merchant sees what to give", async () => {
		const result = await run(
			withDesigns('SKU-FAR-1', [
				{ productId: bySku('ZQX-BLK-M') },
				{ productId: bySku('HOODIE-NVY-XL') },
			]),
		);
		const shop =
			'TEE-CLASSIC (Classic T-Shirt), HOODIE-PREMIUM (Hoodie), TOTE-COTTON (Tote Bag), IPOD2008 (IPod Nano - 8gb), SHIP-YOUR-IDEA (Ship Your Idea)';
		expect(result.error?.message).toBe(
			`Item 1: The order has 2 problems: Design 1: no product has the SKU ZQX-BLK-M; nothing in the shop is near it; the shop has ${shop}; and 1 more problem, listed below`,
		);
		// The one near by its words is named as the nearest, not the whole shop.
		expect(result.error?.description).toMatch(
			/Design 2: no product has the SKU HOODIE-NVY-XL; nearest in the shop: HOODIE-PREMIUM \(Hoodie\)/,
		);
		expect(await order.submits()).toHaveLength(0);
	});

	test("a pair's SKU text, on a service whose pairs carry none, names no product: the nearest is named; the service is asked for pair texts only when the run has read no product, and its refusal fails nothing", async () => {
		const result = await run(
			withDesigns('SKU-TEXT-1', [
				{ productId: bySku('TEE-CLASSIC-BLACK-M') },
				{ productId: bySku('HOODIE-PREMIUM'), variant: 'Navy / S' },
			]),
		);
		expect(result.error?.message).toBe(
			'Item 1: Design 1: no product has the SKU TEE-CLASSIC-BLACK-M; nearest in the shop: TEE-CLASSIC (Classic T-Shirt)',
		);
		expect(await order.submits()).toHaveLength(0);
		// The hoodie the run read shows pairs without SKU texts: the service is not asked for them.
		expect((await logged()).filter((r) => r.status >= 400)).toEqual([]);
		// A run that read no product asks once, and takes the contract's refusal as "none".
		await order.control.clearRequests();
		const alone = await run(
			withDesigns('SKU-TEXT-3', [{ productId: bySku('TEE-CLASSIC-BLACK-M') }]),
		);
		expect(alone.error?.message).toBe(
			'Item 1: Design 1: no product has the SKU TEE-CLASSIC-BLACK-M; nearest in the shop: TEE-CLASSIC (Classic T-Shirt)',
		);
		const refused = (await logged()).filter((r) => r.status >= 400);
		expect(refused.map((r) => [r.method, r.path.split('/').pop(), r.status])).toEqual([
			['GET', 'products', 400],
		]);
		// An order by the product's own SKU costs one product filter and no refusal (in a fresh
		// process: a later execution takes the look-up the first one kept, acrossExecutions.ts).
		forgetAllExecutions();
		await order.control.clearRequests();
		const fine = await run(
			withDesigns('SKU-TEXT-2', [{ productId: bySku('HOODIE-PREMIUM'), variant: 'Navy / S' }]),
		);
		expect(fine.error).toBeUndefined();
		const requests = await logged();
		expect(requests.filter((r) => r.status >= 400)).toEqual([]);
		expect(requests.filter((r) => r.method === 'GET' && /\/products$/.test(r.path))).toHaveLength(
			1,
		);
	});
});

describe('SKU texts of color/size pairs, on a service that has them', () => {
	const { order, run, logged, stored } = namesHarness({ variantSkuTexts: true });

	test('a variant SKU names product, color and size; the SKUs of a run cost one look-up of each kind', async () => {
		const result = await run(
			withDesigns('SKU-1', [
				{ productId: bySku('TEE-CLASSIC-BLACK-M'), amount: 2 },
				{ productId: bySku('TEE-CLASSIC-WHITE-L') },
				{ productId: bySku('HOODIE-PREMIUM-NAVY-S') },
			]),
		);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.items).toEqual([
			expect.objectContaining({
				productName: 'Classic T-Shirt',
				colorName: 'Black',
				sizeName: 'M',
				amount: 2,
			}),
			expect.objectContaining({
				productName: 'Classic T-Shirt',
				colorName: 'White',
				sizeName: 'L',
			}),
			expect.objectContaining({ productName: 'Hoodie', colorName: 'Navy', sizeName: 'S' }),
		]);
		const requests = await logged();
		// One stored filter for the products' own SKUs, one for the pairs' SKU texts, and their
		// pages; each product read once, as by ID.
		const productLists = requests.filter((r) => r.method === 'GET' && /\/products$/.test(r.path));
		expect(productLists).toHaveLength(2);
		const reads = requests.filter((r) => /\/products\/expanded\/\d+$/.test(r.path));
		expect(reads.map((r) => r.path.split('/').pop()).sort()).toEqual(['1001', '1002']);
		expect(await stored(result.items[0].json.id)).toEqual([
			[1001, 2002, 3002, 2],
			[1001, 2001, 3003, 1],
			[1002, 2011, 3011, 1],
		]);
	});

	test('a SKU text and a field that disagree are a problem; a variant value the pair does not have too', async () => {
		const result = await run(
			withDesigns('SKU-TEXT-3', [
				{ productId: bySku('TEE-CLASSIC-WHITE-S'), assignedColorId: 'Black' },
				{ productId: bySku('TEE-CLASSIC-WHITE-S'), variant: 'Purple' },
			]),
		);
		expect(result.error?.description?.split('\n')).toEqual([
			expect.stringMatching(
				/^1\. Design 1: the Color field gives color Black, but the SKU TEE-CLASSIC-WHITE-S gives White\. /,
			),
			expect.stringMatching(
				/^2\. Design 2: no color or size Purple; Classic T-Shirt offers colors White, Black and sizes S, M, L, XL, XXL, 3XL\. /,
			),
		]);
		expect(await order.submits()).toHaveLength(0);
	});

	test('Order JSON: a design may name its product by a pair SKU text or by the product SKU', async () => {
		const body = jsonOrder('JSON-SKU');
		const order = body.creatorse_productionOrderDeferred as any;
		order.designs.creatorse_design = [
			{ sku: 'TEE-CLASSIC-BLACK-L', amount: 1 },
			{ sku: 'HOODIE-PREMIUM', assignedColor: { id: 2012 }, assignedSize: { id: 3012 }, amount: 2 },
		];
		const result = await run({ ...jsonParameters(body), linePrinting: 'blank' });
		expect(result.error).toBeUndefined();
		expect((result.items[0].json.items as any[]).slice(0, 2)).toEqual([
			expect.objectContaining({
				productName: 'Classic T-Shirt',
				colorName: 'Black',
				sizeName: 'L',
				sku: 'TEE-CLASSIC-BLACK-L',
			}),
			expect.objectContaining({
				productName: 'Hoodie',
				colorName: 'Grey',
				sizeName: 'M',
				// Named by the product's SKU, answered as sent (Order → Get shows the pair's own).
				sku: 'HOODIE-PREMIUM',
			}),
		]);
		expect((await stored(result.items[0].json.id)).slice(0, 2)).toEqual([
			[1001, 2002, 3003, 1],
			[1002, 2012, 3012, 2],
		]);
	});
});
