/* eslint-disable @typescript-eslint/no-explicit-any -- tests run on Node, never shipped */
/**
 * The storefront SKUs this node writes (common/storefrontSku.ts) and Submit reads back: the format
 * round-trips, a typo is refused rather than read as another variant, a merchant's own SKU is
 * left alone; over real HTTP against the sandbox, a storefront order of two variants by these SKUs
 * costs exactly the requests of the same order by IDs (no stored filter, no product list), and a
 * mistyped one is refused naming the line, before anything is sent.
 */
import shopifyOrder from '../fixtures/storefront/shopify-orders-create.json';
import {
	encodeStorefrontSku,
	readStorefrontSku,
} from '../../nodes/PodPlatform/actions/common/storefrontSku';
import { shopParameter } from '../support/sandbox';
import type { LoggedRequest } from '../support/sandbox';
import { orderSandbox, shopifyOrderByIds, shopifyOrderParameters } from './fixtures';
import { forgetAllExecutions } from '../../nodes/shared/acrossExecutions';

const TEE = { productId: 1001, white: 2001, black: 2002, m: 3002, l: 3003 };
const blackM = { productId: TEE.productId, assignedColorId: TEE.black, assignedSizeId: TEE.m };
const whiteL = { productId: TEE.productId, assignedColorId: TEE.white, assignedSizeId: TEE.l };

describe('the storefront SKU format', () => {
	test('encodes product, color and size IDs readably and reads them back, in any case', () => {
		const sku = encodeStorefrontSku(blackM);
		expect(sku).toMatch(/^POD-P1001-C2002-S3002-[0-9A-Z]$/);
		expect(readStorefrontSku(sku)).toEqual({ kind: 'variant', ...blackM });
		expect(readStorefrontSku(` ${sku.toLowerCase()} `)).toEqual({ kind: 'variant', ...blackM });
	});

	test('every single mistyped digit and every swap of two neighbouring digits is refused, never read as another variant', () => {
		const sku = encodeStorefrontSku({
			productId: 104729,
			assignedColorId: 20481,
			assignedSizeId: 30977,
		});
		let typos = 0;
		let swaps = 0;
		for (let i = 0; i < sku.length; i++) {
			if (!/\d/.test(sku[i])) continue;
			for (const digit of '0123456789') {
				if (digit === sku[i]) continue;
				const typo = `${sku.slice(0, i)}${digit}${sku.slice(i + 1)}`;
				expect([typo, readStorefrontSku(typo).kind]).toEqual([typo, 'mistyped']);
				typos++;
			}
			if (/\d/.test(sku[i + 1] ?? '') && sku[i] !== sku[i + 1]) {
				const swap = `${sku.slice(0, i)}${sku[i + 1]}${sku[i]}${sku.slice(i + 2)}`;
				expect([swap, readStorefrontSku(swap).kind]).toEqual([swap, 'mistyped']);
				swaps++;
			}
		}
		expect(typos).toBeGreaterThan(100);
		expect(swaps).toBeGreaterThan(5);
		const check = sku.slice(-1);
		const otherCheck = check === 'A' ? 'B' : 'A';
		expect(readStorefrontSku(`${sku.slice(0, -1)}${otherCheck}`)).toEqual({
			kind: 'mistyped',
			reason: 'its check character does not fit its IDs',
		});
		expect(readStorefrontSku(sku.slice(0, -2))).toEqual({
			kind: 'mistyped',
			reason: 'its check character is missing',
		});
	});

	test('a listing with a motive: the motive and its print area are in the SKU, checked with the rest; the format without them reads as before', () => {
		const print = { motiveId: 5002, productAreaId: 4001 };
		const sku = encodeStorefrontSku({ ...blackM, print });
		expect(sku).toMatch(/^POD-P1001-M5002-A4001-C2002-S3002-[0-9A-Z]$/);
		expect(readStorefrontSku(sku)).toEqual({ kind: 'variant', ...blackM, print });
		// Another motive is another SKU; the plain product's SKU names no print.
		expect(encodeStorefrontSku({ ...blackM, print: { ...print, motiveId: 5001 } })).not.toBe(sku);
		expect(readStorefrontSku(encodeStorefrontSku(blackM))).toEqual({ kind: 'variant', ...blackM });
		// A typo in the motive's ID is refused, not read as another motive.
		const typo = sku.replace('M5002', 'M5003');
		expect(readStorefrontSku(typo)).toEqual({
			kind: 'mistyped',
			reason: 'its check character does not fit its IDs',
		});
		expect(sku.length).toBeLessThanOrEqual(255);
	});

	test("a merchant's own SKUs are not this node's", () => {
		for (const sku of [
			'TEE-CLASSIC',
			'IPOD2008RED',
			'POD-TSHIRT-BLK-M',
			'POD-1001-2002-3002',
			'',
		]) {
			expect(readStorefrontSku(sku)).toEqual({ kind: 'other' });
		}
		expect(readStorefrontSku(undefined)).toEqual({ kind: 'other' });
	});
});

describe('Submit reads the storefront SKUs back with no look-up', () => {
	// Ordered products with what was ordered (option orderedProductDetails): these tests assert
	// item details the contract does not give (the plain default's items: test/order/shape.test.ts).
	const order = orderSandbox({ orderedProductDetails: true });
	const { run, submits } = order;
	const prints = {
		print: [
			{
				printArea: 'FRONT',
				elementType: 'libraryMotive',
				motiveId: { __rl: true, mode: 'name', value: 'Company Logo' },
			},
		],
	};

	/** Shopify's documented order, new, with two lines: Black/M twice and White/L once. */
	function shopifyOrderOf(skus: [string, string], id = 7001) {
		const fresh = JSON.parse(JSON.stringify(shopifyOrder));
		fresh.id = id;
		fresh.refunds = [];
		fresh.line_items = fresh.line_items.slice(0, 2).map((line: any, i: number) => ({
			...line,
			sku: skus[i],
			// The store named its options its own way: the SKU settles the variant.
			variant_title: i === 0 ? 'Midnight / Medium' : 'Snow / Large',
			quantity: i === 0 ? 2 : 1,
			current_quantity: i === 0 ? 2 : 1,
		}));
		return fresh;
	}

	const fromStorefront = shopifyOrderParameters(prints);

	/** Get Storefront Listing of the T-shirt in DE, with what a case adds (a motive, a print area). */
	const listTee = async (extra: Record<string, unknown> = {}) =>
		await run({
			resource: 'product',
			operation: 'getStorefrontListing',
			shop: shopParameter(),
			listingOf: 'product',
			productId: { __rl: true, mode: 'id', value: '1001' },
			country: 'DE',
			...extra,
		});

	/** The same order through the guided form, by product, color and size IDs. */
	const byIds = (uniqueId: string) =>
		shopifyOrderByIds(
			uniqueId,
			[blackM, whiteL].map((variant, i) => ({
				productId: { __rl: true, mode: 'id', value: String(variant.productId) },
				assignedColorId: String(variant.assignedColorId),
				assignedSizeId: String(variant.assignedSizeId),
				amount: i === 0 ? 2 : 1,
				prints: {
					print: [
						{
							printAreaId: 'FRONT',
							elementType: 'libraryMotive',
							motiveId: { __rl: true, mode: 'name', value: 'Company Logo' },
						},
					],
				},
			})),
		);

	/**
	 * A run's requests as method and path, sorted (reads of one order run at once), with the ID of
	 * the order made (read back once it is made) as `{order}`. The login is the credential's, made
	 * by whichever run comes first, not the order's.
	 */
	const shapeOf = (requests: LoggedRequest[]) =>
		requests
			.filter((r) => r.path !== '/auth')
			.map((r) => `${r.method} ${r.path.replace(/\/orders\/(expanded\/)?\d+$/, '/orders/{order}')}`)
			.sort();

	const storedItems = async (id: unknown) =>
		((await order.stored(id, false)).orderedProducts as any[]).map((item) => ({
			productId: item.productId,
			colorId: item.assignedColor?.id,
			sizeId: item.assignedSize?.id,
			amount: item.amount,
			compositions: item.compositions,
		}));

	test('an order of two variants by the SKUs equals the same order by IDs, request for request', async () => {
		const skus: [string, string] = [encodeStorefrontSku(blackM), encodeStorefrontSku(whiteL)];
		await order.control.clearRequests();
		const bySku = await run(fromStorefront, [{ json: shopifyOrderOf(skus) }]);
		expect(bySku.error).toBeUndefined();
		const skuRequests = await order.control.requests();

		// The order by IDs from a fresh start too: nothing the first execution read is kept.
		forgetAllExecutions();
		await order.control.clearRequests();
		const byId = await run(byIds('by-ids-7001'), [{ json: {} }]);
		expect(byId.error).toBeUndefined();
		const idRequests = await order.control.requests();

		expect(shapeOf(skuRequests)).toEqual(shapeOf(idRequests));
		// (the Unique ID is looked up before and after the send: a repeat sent elsewhere is found;
		// the look-up after lists the new order, which answers it).
		expect(shapeOf(skuRequests)).toHaveLength(8);
		// No product look-up: no product list (by filter or whole) was read.
		expect(skuRequests.filter((r) => /\/products$/.test(r.path))).toEqual([]);
		expect(skuRequests.filter((r) => r.status >= 400)).toEqual([]);

		const [skuOrder, idOrder] = [bySku.items[0].json, byId.items[0].json];
		expect(await storedItems(skuOrder.id)).toEqual(await storedItems(idOrder.id));
		expect(await storedItems(skuOrder.id)).toEqual([
			expect.objectContaining({ productId: 1001, colorId: 2002, sizeId: 3002, amount: 2 }),
			expect.objectContaining({ productId: 1001, colorId: 2001, sizeId: 3003, amount: 1 }),
		]);
		// The output is the order as the service holds it: each line's color, size and amount, and
		// the service's own SKU of what was ordered (the product's), never the node's.
		expect(
			(skuOrder.items as any[]).map((item) => [
				item.colorName,
				item.sizeName,
				item.sku,
				item.amount,
			]),
		).toEqual([
			['Black', 'M', 'TEE-CLASSIC', 2],
			['White', 'L', 'TEE-CLASSIC', 1],
		]);
		// The service is sent IDs, never the node's SKU.
		const stored = await order.stored(skuOrder.id, false);
		expect(JSON.stringify(stored)).not.toContain('POD-P');
	});

	test("the SKUs of Get Storefront Listing order the variants they list, also after the product and its colors' store names change", async () => {
		const listed = await listTee();
		expect(listed.error).toBeUndefined();
		const variants = listed.items[0].json.variants as any[];
		const pick = (color: string, size: string) =>
			variants.find((v) => v.color === color && v.size === size);
		const [first, second] = [pick('Black', 'M'), pick('White', 'L')];
		// The merchant renames the product in the catalog after publishing.
		await order.control.call('PUT', '/products/1001/name', { name: 'Organic Tee' });
		const result = await run(fromStorefront, [
			{ json: shopifyOrderOf([first.sku, second.sku], 7003) },
		]);
		expect(result.error).toBeUndefined();
		expect(
			(result.items[0].json.items as any[]).map((item) => [
				item.productName,
				item.colorName,
				item.sizeName,
				item.amount,
			]),
		).toEqual([
			['Organic Tee', 'Black', 'M', 2],
			['Organic Tee', 'White', 'L', 1],
		]);
		expect(await storedItems(result.items[0].json.id)).toEqual([
			expect.objectContaining({
				productId: 1001,
				colorId: first.assignedColorId,
				sizeId: first.assignedSizeId,
			}),
			expect.objectContaining({
				productId: 1001,
				colorId: second.assignedColorId,
				sizeId: second.assignedSizeId,
			}),
		]);
	});

	test("two listings of one product with two motives: each line prints its own listing's motive, not the Line Prints, with no look-up", async () => {
		const listing = async (motiveId: string) => {
			const listed = await listTee({ motiveId: { __rl: true, mode: 'id', value: motiveId } });
			expect(listed.error).toBeUndefined();
			return listed.items[0].json as any;
		};
		const [cat, logo] = [await listing('5002'), await listing('5001')];
		expect(cat.title).toBe('Cat Sketch – Classic T-Shirt');
		// The motive goes on the product's front print area unless another is chosen.
		expect(cat.printArea).toEqual({ productAreaId: expect.any(Number), name: expect.any(String) });
		const pick = (listed: any, color: string, size: string) =>
			listed.variants.find((v: any) => v.color === color && v.size === size).sku as string;
		const [catSku, logoSku] = [pick(cat, 'Black', 'M'), pick(logo, 'Black', 'M')];
		expect(catSku).not.toBe(logoSku);
		expect(catSku).toContain('-M5002-');

		forgetAllExecutions();
		await order.control.clearRequests();
		// Line Prints say Company Logo: a line of the cat listing still prints the cat.
		const result = await run(fromStorefront, [{ json: shopifyOrderOf([catSku, logoSku], 7010) }]);
		expect(result.error).toBeUndefined();
		const requests = await order.control.requests();
		// No product look-up (by filter or whole list): the SKUs name product, motive and area.
		expect(requests.filter((r) => /\/products$/.test(r.path))).toEqual([]);
		const stored = await order.stored(result.items[0].json.id, false);
		const motivesOf = (item: any) =>
			JSON.stringify(item.compositions)
				.match(/"motive":\{"id":(\d+)/g)
				?.map((m) => m.replace(/\D/g, ''));
		const areasOf = (item: any) =>
			JSON.stringify(item.compositions)
				.match(/"productArea":\{"id":(\d+)/g)
				?.map((m) => m.replace(/\D/g, ''));
		const items = stored.orderedProducts as any[];
		expect(items.map(motivesOf)).toEqual([['5002'], ['5001']]);
		expect(items.map(areasOf)).toEqual([
			[String(cat.printArea.productAreaId)],
			[String(logo.printArea.productAreaId)],
		]);
	});

	test('Get Storefront Listing: a print area the product does not have is refused, naming those it has', async () => {
		const listed = await listTee({
			motiveId: { __rl: true, mode: 'id', value: '5002' },
			printAreaId: '99',
		});
		expect(listed.error?.message).toMatch(
			/Print Area 99 is not a print area of Classic T-Shirt, which offers .*\(\d+\)/,
		);
	});

	test("a SKU of a pair the product no longer offers is refused in the store's words: names, not IDs, and what to do in the store", async () => {
		await order.control.call('PUT', '/products/1001/availability', {
			assignedColorId: TEE.black,
			assignedSizeId: TEE.m,
			available: false,
		});
		const sku = encodeStorefrontSku(blackM);
		const result = await run(fromStorefront, [
			{ json: shopifyOrderOf([sku, encodeStorefrontSku(whiteL)], 7004) },
		]);
		expect(result.error?.message).toBe(
			`Shopify order #1001 (shopify-7004) › Line 1 (SKU ${sku}): Black / M is no longer made for Classic T-Shirt; in Black it offers S, L, XL, XXL`,
		);
		expect(result.error?.description).toBe(
			'Take the Black / M variant off sale in the store, or publish the product again.',
		);
		expect(await submits()).toHaveLength(0);
	});

	test('a SKU with a typo is refused, naming the line and the fix, and nothing is sent or looked up', async () => {
		const good = encodeStorefrontSku(blackM);
		// One digit of the color mistyped: 2002 → 2001 (White), which a reader must not take.
		const typo = good.replace('C2002', 'C2001');
		expect(readStorefrontSku(typo).kind).toBe('mistyped');
		await order.control.clearRequests();
		const result = await run(fromStorefront, [
			{ json: shopifyOrderOf([typo, encodeStorefrontSku(whiteL)], 7002) },
		]);
		expect(result.error?.message).toBe(
			`Shopify order #1001 (shopify-7002) › Line 1 (SKU ${typo}): the SKU ${typo} is shaped like a SKU this node writes (POD-P<product>-C<color>-S<size>-<check>, or with -M<motive>-A<print area> after the product), but its check character does not fit its IDs`,
		);
		expect(result.error?.description).toMatch(/Product → Get Storefront Listing/);
		expect(await submits()).toHaveLength(0);
		const requests = await order.control.requests();
		expect(requests.filter((r) => /\/products$/.test(r.path))).toEqual([]);
	});
});
