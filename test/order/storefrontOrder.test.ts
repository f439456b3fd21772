/* eslint-disable @typescript-eslint/no-explicit-any -- tests run on Node, never shipped */
/**
 * One Item per Storefront Order: a storefront's order, exactly as n8n's Shopify Trigger or
 * WooCommerce Trigger gives it (the documented orders in test/fixtures/storefront/), becomes one
 * print order with no expression at all: the node reads the order by the storefront's paths, and
 * every line gets the form's prints.
 */
import shopifyOrder from '../fixtures/storefront/shopify-orders-create.json';
import wooOrder from '../fixtures/storefront/woocommerce-order-3-lines.json';
import { shopParameter } from '../support/sandbox';
import { orderSandbox } from './fixtures';

/** Submit reading the storefront's order; one print on every line, FRONT with Company Logo. */
function fromStorefront(
	storefront: 'shopify' | 'woocommerce',
	options: Record<string, unknown> = {},
) {
	return {
		resource: 'order',
		operation: 'submit',
		shop: shopParameter(),
		inputMode: 'form',
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
	};
}

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value));

/** The output's items as the merchant reads them: product, color, size, SKU and amount. */
const namedLines = (order: Record<string, unknown>) =>
	(order.items as any[]).map((item) => [
		item.productName,
		item.colorName,
		item.sizeName,
		item.sku,
		item.amount,
	]);

describe('a storefront order read by the node (One Item per Storefront Order)', () => {
	const order = orderSandbox();
	const { run, submits } = order;
	/** Each stored item: SKU, product, color, size, amount, and its prints' areas and motives. */
	const items = (stored: any) =>
		(stored.orderedProducts as any[]).map((item) => ({
			sku: item.sku,
			productId: item.productId,
			colorId: item.assignedColor?.id,
			sizeId: item.assignedSize?.id,
			amount: item.amount,
		}));

	test("Shopify's documented order: one print order with its three lines, customer and address; sent again, it already exists", async () => {
		const result = await run(fromStorefront('shopify'), [{ json: copy(shopifyOrder) }]);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		const [output] = result.items;
		expect(output.pairedItem).toEqual({ item: 0 });
		expect(output.json).toMatchObject({
			uniqueId: 'shopify-450789469',
			alreadyExisted: false,
			country: 'US',
			shippingTitle: 'Free Shipping',
		});
		expect(namedLines(output.json)).toEqual([
			['IPod Nano - 8gb', 'Green', 'One Size', 'IPOD2008GREEN', 1],
			['IPod Nano - 8gb', 'Red', 'One Size', 'IPOD2008RED', 1],
			['IPod Nano - 8gb', 'Black', 'One Size', 'IPOD2008BLACK', 1],
		]);
		const stored = await order.stored(output.json.id, false);
		expect(items(stored)).toEqual([
			{ sku: 'IPOD2008GREEN', productId: 1004, colorId: 2031, sizeId: 3031, amount: 1 },
			{ sku: 'IPOD2008RED', productId: 1004, colorId: 2032, sizeId: 3031, amount: 1 },
			{ sku: 'IPOD2008BLACK', productId: 1004, colorId: 2033, sizeId: 3031, amount: 1 },
		]);
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
		// Every line got the form's one print: FRONT of its product, the Company Logo.
		const logoOnFront = [
			{
				productArea: { id: 4031 },
				elements: [{ creatorse_designElementMotive: { motive: { id: 5001 } } }],
			},
		];
		expect((stored.orderedProducts as any[]).map((item) => item.compositions)).toEqual([
			logoOnFront,
			logoOnFront,
			logoOnFront,
		]);

		const again = await run(fromStorefront('shopify'), [{ json: copy(shopifyOrder) }]);
		expect(again.error).toBeUndefined();
		expect(again.items).toHaveLength(1);
		expect(again.items[0].json).toMatchObject({ id: output.json.id, alreadyExisted: true });
		expect(await submits()).toHaveLength(1);
	});

	test("WooCommerce's order of three lines: the two with a SKU, each variant from its meta_data; the line without a SKU is left out", async () => {
		const result = await run(fromStorefront('woocommerce'), [{ json: copy(wooOrder) }]);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		const [output] = result.items;
		expect(output.json).toMatchObject({ uniqueId: 'woocommerce-727', shippingTitle: 'Flat Rate' });
		expect(namedLines(output.json)).toEqual([
			['Ship Your Idea', 'Black', 'M Test', 'Bar3', 1],
			['Classic T-Shirt', 'White', 'L', 'TEE-CLASSIC-WHITE-L', 2],
		]);
		const stored = await order.stored(output.json.id, false);
		expect(items(stored)).toEqual([
			{ sku: 'Bar3', productId: 1005, colorId: 2041, sizeId: 3041, amount: 1 },
			expect.objectContaining({ sku: 'TEE-CLASSIC-WHITE-L', productId: 1001, amount: 2 }),
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
		expect(stored.country).toMatchObject({ code: 'US' });

		const again = await run(fromStorefront('woocommerce'), [{ json: copy(wooOrder) }]);
		expect(again.items[0].json).toMatchObject({ id: output.json.id, alreadyExisted: true });
		expect(await submits()).toHaveLength(1);

		// The product's own SKU: the color and size come from the line's meta_data alone.
		const byProductSku = copy(wooOrder) as any;
		byProductSku.id = 728;
		byProductSku.line_items[2] = {
			...byProductSku.line_items[2],
			sku: 'TEE-CLASSIC',
			meta_data: [
				{ id: 1, key: 'pa_color', value: 'black' },
				{ id: 2, key: 'size', value: 'L' },
			],
		};
		const variant = await run(fromStorefront('woocommerce'), [{ json: byProductSku }]);
		expect(variant.error).toBeUndefined();
		expect(
			(variant.items[0].json.items as any[]).map((item: any) => [
				item.colorName,
				item.sizeName,
				item.sku,
			]),
		).toEqual([
			['Black', 'M Test', 'Bar3'],
			['Black', 'L', 'TEE-CLASSIC'],
		]);
	});

	test('an unknown SKU fails the whole order before anything is sent, naming the line as the store numbers it and what the catalog offers', async () => {
		const woo = copy(wooOrder) as any;
		woo.line_items[1].sku = 'NOPE-1';
		woo.line_items[2] = {
			...woo.line_items[2],
			sku: 'TEE-CLASSIC',
			meta_data: [
				{ id: 1, key: 'pa_color', value: 'purple' },
				{ id: 2, key: 'size', value: 'L' },
			],
		};
		const result = await run(fromStorefront('woocommerce'), [{ json: woo }]);
		// Line 1 has no SKU and is left out, yet the lines keep the numbers the store gives them.
		expect(result.error?.message).toBe(
			'Item 1: WooCommerce order woocommerce-727 has 2 problems: Line 2 (SKU NOPE-1): no product or variant has the SKU NOPE-1; and 1 more problem, listed below',
		);
		expect(result.error?.description?.split('\n')).toEqual([
			expect.stringMatching(
				/^1\. Line 2 \(SKU NOPE-1\): no product or variant has the SKU NOPE-1\. Give the SKU of one product or of one of its color\/size variants/,
			),
			expect.stringMatching(
				/^2\. Line 3 \(SKU TEE-CLASSIC\): no color purple; Classic T-Shirt offers White, Black\. /,
			),
		]);
		expect(await submits()).toHaveLength(0);
		expect(await order.control.orders('woocommerce-727')).toEqual([]);
	});

	test('an order with no line to print gives no print order and no item; a split line is refused, saying what to give', async () => {
		const woo = copy(wooOrder) as any;
		woo.line_items = [woo.line_items[0]];
		const nothing = await run(fromStorefront('woocommerce'), [{ json: woo }]);
		expect(nothing.error).toBeUndefined();
		expect(nothing.items).toEqual([]);
		expect(await submits()).toHaveLength(0);

		const split = { ...copy(shopifyOrder), line_items: shopifyOrder.line_items[0] };
		const refused = await run(fromStorefront('shopify'), [{ json: split }]);
		expect(refused.error?.message).toBe(
			'Item 1: The item holds one line, not a Shopify order: line_items is not a list',
		);
		expect(refused.error?.description).toMatch(/choose Input One Item per Line/);
		expect(await submits()).toHaveLength(0);
	});

	test('a batch of orders: each its own print order, looked up at once', async () => {
		const orders = [1, 2, 3].map((k) => ({
			json: { ...copy(shopifyOrder), id: 5000 + k },
		}));
		// The product's own SKU: the color comes from the variant_title alone.
		orders[1].json.line_items[0] = {
			...orders[1].json.line_items[0],
			sku: 'IPOD2008',
			variant_title: 'red',
		};
		const result = await run(fromStorefront('shopify', { concurrency: 2 }), orders);
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.json.uniqueId, item.pairedItem])).toEqual([
			['shopify-5001', { item: 0 }],
			['shopify-5002', { item: 1 }],
			['shopify-5003', { item: 2 }],
		]);
		expect(
			(result.items[1].json.items as any[]).map((item: any) => [item.colorName, item.sku]),
		).toEqual([
			['Red', 'IPOD2008'],
			['Red', 'IPOD2008RED'],
			['Black', 'IPOD2008BLACK'],
		]);
		const requests = await order.control.requests();
		expect(await submits()).toHaveLength(3);
		expect(requests.filter((r) => r.method === 'GET' && /\/orders$/.test(r.path))).toHaveLength(1);
		expect(requests.filter((r) => /\/products\/expanded\/1004$/.test(r.path))).toHaveLength(1);
	});
});
