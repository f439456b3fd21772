/* eslint-disable @typescript-eslint/no-explicit-any -- tests run on Node, never shipped */
/**
 * Submit › Check Only, over real HTTP against the sandbox: nothing is sent (no order, no
 * exactly-once look-up); an order that passes says what would be ordered (products, colors,
 * sizes, amounts, print areas and what is printed on them), an order refused lists every problem
 * with its line and fix as output, not as an error.
 */
import shopifyOrder from '../fixtures/storefront/shopify-orders-create.json';
import { encodeStorefrontSku } from '../../nodes/PodPlatform/actions/common/storefrontSku';
import { shopParameter } from '../support/sandbox';
import { formParameters, orderSandbox } from './fixtures';

const order = orderSandbox();
const { run, submits } = order;

const checkOnly = {
	resource: 'order',
	operation: 'submit',
	shop: shopParameter(),
	input: 'storefrontOrder',
	storefront: 'shopify',
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
	options: { checkOnly: true },
};

const blackM = encodeStorefrontSku({
	productId: 1001,
	assignedColorId: 2002,
	assignedSizeId: 3002,
});

/** Shopify's documented order, new, with these lines (SKU, variant title, quantity). */
function shopifyOrderOf(lines: Array<[sku: string, variantTitle: string, quantity: number]>) {
	const fresh = JSON.parse(JSON.stringify(shopifyOrder));
	fresh.refunds = [];
	fresh.line_items = lines.map(([sku, variantTitle, quantity], i) => ({
		...fresh.line_items[i % fresh.line_items.length],
		sku,
		variant_title: variantTitle,
		quantity,
		current_quantity: quantity,
	}));
	return fresh;
}

/** What the run sent or wrote: anything but reads and the stored filters reads need. */
const writes = async () =>
	(await order.control.requests()).filter(
		(r) => r.method !== 'GET' && !(r.method === 'POST' && r.path === '/filters'),
	);

test('a store order with one unknown SKU, one unknown color and one good variant lists exactly the two problems, and sends nothing', async () => {
	const result = await run(checkOnly, [
		{
			json: shopifyOrderOf([
				['NOPE-123', 'Black / M', 1],
				['TEE-CLASSIC', 'Purple / M', 1],
				[blackM, 'Black / M', 2],
			]),
		},
	]);
	expect(result.error).toBeUndefined();
	expect(result.items).toHaveLength(1);
	const json = result.items[0].json as any;
	expect(json).toMatchObject({
		checkOnly: true,
		ready: false,
		uniqueId: 'shopify-450789469',
		message: expect.stringMatching(/^Shopify order #1001 \(shopify-450789469\) has 2 problems: /),
	});
	expect(json.problems.map((p: any) => [p.where, p.message])).toEqual([
		['Line 1 (SKU NOPE-123)', expect.stringMatching(/^no product has the SKU NOPE-123/)],
		['Line 2 (SKU TEE-CLASSIC)', 'no color Purple; Classic T-Shirt offers White, Black'],
	]);
	expect(json.problems.every((p: any) => p.fix.length > 0)).toBe(true);
	expect(await submits()).toHaveLength(0);
	expect(await writes()).toEqual([]);
});

test('an order that passes says what would be ordered, with its print areas, and nothing is sent or looked up by Unique ID', async () => {
	const result = await run(checkOnly, [
		{
			json: shopifyOrderOf([
				[blackM, 'Black / M', 2],
				['TEE-CLASSIC', 'white / l', 1],
			]),
		},
	]);
	expect(result.error).toBeUndefined();
	const json = result.items[0].json as any;
	expect(json).toMatchObject({
		checkOnly: true,
		ready: true,
		uniqueId: 'shopify-450789469',
		financialStatus: 'PAID',
		country: 'US',
		problems: [],
	});
	expect(json.id).toBeUndefined();
	expect(json.alreadyExisted).toBeUndefined();
	expect(
		json.items.map((item: any) => [
			item.productName,
			item.colorName,
			item.sizeName,
			item.amount,
			item.prints,
		]),
	).toEqual([
		[
			'Classic T-Shirt',
			'Black',
			'M',
			2,
			[{ printAreaId: 4001, printAreaName: 'FRONT print area', elements: [{ motiveId: 5001 }] }],
		],
		[
			'Classic T-Shirt',
			'White',
			'L',
			1,
			[{ printAreaId: 4001, printAreaName: 'FRONT print area', elements: [{ motiveId: 5001 }] }],
		],
	]);
	expect(json.storeLines.map((line: any) => line.printed)).toEqual([true, true]);
	expect(await submits()).toHaveLength(0);
	expect(await writes()).toEqual([]);
	// No exactly-once look-up: there is no order sent to find.
	expect((await order.control.requests()).filter((r) => /\/orders$/.test(r.path))).toEqual([]);
});

test('the guided form with Check Only: a Color not of the product and a Print Area not of it are both listed, by design and print', async () => {
	const parameters = formParameters('CHECK-1');
	parameters.options = { checkOnly: true };
	parameters.designs.design[0].assignedColorId = 'Purple';
	parameters.designs.design[0].prints.print[0].printAreaId = 'SLEEVE';
	const result = await run(parameters);
	expect(result.error).toBeUndefined();
	const json = result.items[0].json as any;
	expect(json).toMatchObject({ checkOnly: true, ready: false, uniqueId: 'CHECK-1' });
	expect(json.problems.map((p: any) => [p.where, p.message])).toEqual([
		['Design 1', 'no color Purple; Classic T-Shirt offers White, Black'],
		['Design 1 › Print 1', expect.stringMatching(/^no print area SLEEVE; Classic T-Shirt offers/)],
	]);
	expect(await submits()).toHaveLength(0);
	expect(await writes()).toEqual([]);
});
