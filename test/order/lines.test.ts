/* eslint-disable @typescript-eslint/no-explicit-any -- tests run on Node, never shipped */
/**
 * One Item per Line: a storefront order, split into one item per line as n8n's Split Out gives
 * it (Include: All Other Fields), becomes one print order holding every line, with field
 * references only. The storefront orders are the documented ones (test/fixtures/storefront/).
 */
import shopifyOrder from '../fixtures/storefront/shopify-orders-create.json';
import wooOrder from '../fixtures/storefront/woocommerce-order-3-lines.json';
import { SKU_MODES } from '../support/storefrontModes';
import { orderSandbox, shopifyLineParameters } from './fixtures';

/** What n8n's Split Out gives for `line_items` with Include: All Other Fields. */
function splitOut(order: Record<string, any>): Array<{ json: Record<string, any> }> {
	return (order.line_items as any[]).map((line) => ({ json: { ...order, line_items: line } }));
}

/** Submit, One Item per Line, mapped from a Shopify order with field references only. */
const fromShopify = shopifyLineParameters;

/** The same from a WooCommerce order: its number, billing and shipping, and line meta_data. */
function fromWooCommerce() {
	return {
		...fromShopify(),
		uniqueId: '={{ $json.id }}',
		country: '={{ $json.shipping.country }}',
		customer: {
			firstName: '={{ $json.billing.first_name }}',
			lastName: '={{ $json.billing.last_name }}',
			email: '={{ $json.billing.email }}',
		},
		shippingAddress: {
			address: {
				street: '={{ $json.shipping.address_1 }}',
				city: '={{ $json.shipping.city }}',
				zip: '={{ $json.shipping.postcode }}',
				countryCode: '={{ $json.shipping.country }}',
			},
		},
		shippingTitle: '={{ $json.shipping_lines[0].method_title }}',
		designs: {
			design: [
				{
					productId: { __rl: true, mode: 'sku', value: '={{ $json.line_items.sku }}' },
					variant: '={{ $json.line_items.meta_data }}',
					amount: '={{ $json.line_items.quantity }}',
				},
			],
		},
	};
}

describe.each(SKU_MODES)(
	'storefront lines become one order (One Item per Line), on $mode',
	(mode) => {
		// Ordered products with what was ordered (option orderedProductDetails): these tests assert
		// item details the contract does not give (the plain default's items: test/order/shape.test.ts).
		const order = orderSandbox({
			variantSkuTexts: mode.variantSkuTexts,
			orderedProductDetails: true,
		});
		const shopify = mode.order(shopifyOrder);
		const woo = mode.order(wooOrder);
		const { run, submits } = order;
		const lines = (stored: any) =>
			(stored.orderedProducts as any[]).map((item) => [item.sku, item.amount]);

		test("Shopify's documented order: three lines, one order paired with every line; sent again, it already exists", async () => {
			const items = splitOut(shopify);
			const result = await run(fromShopify(), items);
			expect(result.error).toBeUndefined();
			expect(result.items).toHaveLength(1);
			const [output] = result.items;
			expect(output.pairedItem).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
			expect(output.json).toMatchObject({ uniqueId: '450789469', alreadyExisted: false });
			expect(output.json.items).toEqual([
				expect.objectContaining({
					productName: 'IPod Nano - 8gb',
					colorName: 'Green',
					sizeName: 'One Size',
					amount: 1,
					sku: mode.sku('IPOD2008GREEN'),
				}),
				expect.objectContaining({ colorName: 'Red', amount: 1, sku: mode.sku('IPOD2008RED') }),
				expect.objectContaining({ colorName: 'Black', amount: 1, sku: mode.sku('IPOD2008BLACK') }),
			]);
			const stored = await order.stored(output.json.id, false);
			expect(lines(stored)).toEqual([
				[mode.sku('IPOD2008GREEN'), 1],
				[mode.sku('IPOD2008RED'), 1],
				[mode.sku('IPOD2008BLACK'), 1],
			]);
			expect(stored.customer).toMatchObject({
				firstName: 'Bob',
				lastName: 'Norman',
				email: 'bob.norman@mail.example.com',
				shippingAddress: {
					street: 'Chestnut Street 92',
					city: 'Louisville',
					zip: '40202',
					countryCode: 'US',
				},
			});
			expect(stored.country).toMatchObject({ code: 'US' });
			const requests = await order.control.requests();
			expect(await submits()).toHaveLength(1);
			// The three SKUs: one stored filter and its page (a second for SKU texts); the product read once.
			expect(requests.filter((r) => r.method === 'GET' && /\/products$/.test(r.path))).toHaveLength(
				mode.variantSkuTexts ? 2 : 1,
			);
			expect(requests.filter((r) => r.status >= 400)).toEqual([]);
			expect(requests.filter((r) => /\/products\/expanded\/1004$/.test(r.path))).toHaveLength(1);

			const again = await run(fromShopify(), items);
			expect(again.items).toHaveLength(1);
			expect(again.items[0].json).toMatchObject({ id: output.json.id, alreadyExisted: true });
			expect(await submits()).toHaveLength(1);
		});

		test("WooCommerce's order: the variant from each line's meta_data; a line without a SKU fails the order, naming the line", async () => {
			const [noSku, ...withSku] = splitOut(woo);
			const result = await run(fromWooCommerce(), withSku);
			expect(result.error).toBeUndefined();
			const stored = await order.stored(result.items[0].json.id, false);
			expect(lines(stored)).toEqual([
				[mode.sku('Bar3'), 1],
				[mode.sku('TEE-CLASSIC-WHITE-L'), 2],
			]);
			expect(stored.uniqueId).toBe('727');
			expect(stored.customer.shippingAddress).toMatchObject({
				city: 'San Francisco',
				zip: '94103',
			});

			await order.control.clearRequests();
			const refused = await run(fromWooCommerce(), [
				{ json: { ...noSku.json, id: 728 } },
				...withSku.map((item) => ({ json: { ...item.json, id: 728 } })),
			]);
			expect(refused.error?.message).toBe('Order 728 › Line 1: the SKU is empty');
			expect(await submits()).toHaveLength(0);
		});

		test('every problem of the order at once, each named by its line as the merchant knows it', async () => {
			const items = splitOut(shopify);
			items[1].json.line_items = {
				...items[1].json.line_items,
				sku: 'TEE-CLASSIC',
				variant_title: 'Purple / M',
			};
			items[2].json.line_items = { ...items[2].json.line_items, sku: 'NOPE-1', quantity: 0 };
			const result = await run(fromShopify(), items);
			expect(result.error?.message).toBe(
				'Order 450789469 has 3 problems: Line 2 (SKU TEE-CLASSIC): no color Purple; Classic T-Shirt offers White, Black; and 2 more problems, listed below',
			);
			expect(result.error?.description?.split('\n')).toEqual([
				expect.stringMatching(
					/^1\. Line 2 \(SKU TEE-CLASSIC\): no color Purple; Classic T-Shirt offers White, Black\. /,
				),
				expect.stringMatching(
					/^2\. Line 3 \(SKU NOPE-1\): no product has the SKU NOPE-1; nothing in the shop is near it; the shop has TEE-CLASSIC \(Classic T-Shirt\), .*\. /,
				),
				expect.stringMatching(
					/^3\. Line 3 \(SKU NOPE-1\): Amount must be a positive whole number, got 0\. /,
				),
			]);
			expect(await submits()).toHaveLength(0);
		});

		test("a line whose order fields differ from the first line's is a problem of the order", async () => {
			const items = splitOut(shopify);
			items[2].json = {
				...items[2].json,
				shipping_address: { ...shopifyOrder.shipping_address, city: 'Lexington' },
				email: 'someone.else@example.com',
			};
			const result = await run(fromShopify(), items);
			expect(result.error?.message).toBe(
				`Order 450789469 › Line 3 (SKU ${mode.sku('IPOD2008BLACK')}): its Customer, Shipping Address differ from line 1's`,
			);
			expect(await submits()).toHaveLength(0);
		});

		test('a batch of orders: consecutive lines grouped, looked up at once, run with bounded concurrency; Continue On Fail pairs a refused order with its lines', async () => {
			const storefrontOrder = (id: number, skus: string[]) =>
				splitOut(
					mode.order({
						...shopifyOrder,
						id,
						line_items: skus.map((sku) => ({
							...(shopifyOrder.line_items.find((line) => line.sku === sku) ??
								shopifyOrder.line_items[0]),
							sku,
						})),
					}),
				);
			const items = [
				...storefrontOrder(2001, ['IPOD2008GREEN', 'IPOD2008RED']),
				...storefrontOrder(2002, ['IPOD2008BLACK']),
				...storefrontOrder(2003, ['IPOD2008RED', 'NOPE-2', 'IPOD2008GREEN']),
				...storefrontOrder(2004, ['IPOD2008GREEN', 'IPOD2008BLACK', 'IPOD2008RED']),
			];
			const result = await run(fromShopify({ concurrency: 2 }), items, true);
			expect(result.items.map((item) => item.pairedItem)).toEqual([
				[{ item: 0 }, { item: 1 }],
				{ item: 2 },
				[{ item: 3 }, { item: 4 }, { item: 5 }],
				[{ item: 6 }, { item: 7 }, { item: 8 }],
			]);
			expect(result.items.map((item) => item.json.uniqueId ?? item.json.error)).toEqual([
				'2001',
				'2002',
				'Order 2003 › Line 2 (SKU NOPE-2): no product has the SKU NOPE-2; nothing in the shop is near it; the shop has TEE-CLASSIC (Classic T-Shirt), HOODIE-PREMIUM (Hoodie), TOTE-COTTON (Tote Bag), IPOD2008 (IPod Nano - 8gb), SHIP-YOUR-IDEA (Ship Your Idea)',
				'2004',
			]);
			const requests = await order.control.requests();
			expect(await submits()).toHaveLength(3);
			// One uniqueId look-up for the four orders; one look-up of the products' own SKUs for the
			// nine lines (and, with SKU texts, one of the pairs' for the SKUs no product has); the shop's
			// products read once, for the nearest to the SKU no product has.
			// (and the same look-up once more after the last order, for repeats sent elsewhere).
			expect(requests.filter((r) => r.method === 'GET' && /\/orders$/.test(r.path))).toHaveLength(
				2,
			);
			expect(requests.filter((r) => r.method === 'GET' && /\/products$/.test(r.path))).toHaveLength(
				mode.variantSkuTexts ? 3 : 2,
			);
			expect(requests.filter((r) => r.status >= 400)).toEqual([]);
			expect(requests.filter((r) => /\/products\/expanded\//.test(r.path))).toHaveLength(1);
			expect(requests.filter((r) => r.path === '/auth' || r.path.endsWith('/auth'))).toHaveLength(
				1,
			);
		});

		test("an order's lines that are not next to each other are refused, each part, and none of them is sent", async () => {
			const first = splitOut(shopify);
			const other = splitOut({ ...shopify, id: 3001 });
			const result = await run(fromShopify(), [first[0], other[0], first[1]], true);
			const refusal = 'Order 450789469: its lines are not next to each other: item 1, item 3';
			expect(result.items.map((item) => item.json.error ?? item.json.uniqueId)).toEqual([
				refusal,
				'3001',
				refusal,
			]);
			expect(await order.control.orders('450789469')).toEqual([]);
		});
	},
);
