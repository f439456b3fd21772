/* eslint-disable @typescript-eslint/no-explicit-any -- tests run on Node, never shipped */
/**
 * Product → Get Storefront Listing, over real HTTP against the sandbox: a print product as a store
 * lists it, in a chosen language and country; one variant per orderable pair (the product's SKUs,
 * not every color × size), each with availability, price and the storefront SKU Submit reads
 * back; a motive names the listing and gives its image; a shared product lists under its name; a
 * language or country the product lacks is refused, naming what it has.
 */
import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';

import type { Sandbox } from '../../sandbox';
import { readStorefrontSku } from '../../nodes/PodPlatform/actions/common/storefrontSku';
import { descriptionAsHtml } from '../../nodes/PodPlatform/actions/product/storefrontListing';
import { tinyPng } from '../../sandbox/images';
import { runNode } from '../support/n8n';
import {
	byId,
	SandboxControl,
	sandboxCredentials,
	SHOP_PATH,
	shopParameter,
	useSandbox,
} from '../support/sandbox';
import { ServiceClient } from '../support/service';

let sandbox: Sandbox;
let control: SandboxControl;
useSandbox((started) => ({ sandbox, control } = started));

const listing = async (extra: Record<string, unknown>) =>
	await runNode({
		store: sandboxCredentials(sandbox),
		parameters: {
			resource: 'product',
			operation: 'getStorefrontListing',
			shop: shopParameter(),
			listingOf: 'product',
			productId: byId('1001'),
			country: 'DE',
			...extra,
		},
	});

const SIZES = ['S', 'M', 'L', 'XL', 'XXL', '3XL'];

test('the T-shirt in German, priced in Germany: one variant per orderable pair, each with its SKU and price in EUR', async () => {
	const run = await listing({ language: '2' });
	expect(run.error).toBeUndefined();
	const json = run.items[0].json as any;
	expect(json).toMatchObject({
		productId: 1001,
		// The key a store finds the product by again: from IDs, whatever the language.
		handle: 'pod-1001',
		title: 'Klassisches T-Shirt',
		description: 'Ein weiches Baumwoll-T-Shirt, auf Bestellung bedruckt.',
		// The same text for a store's product page (Shopify's descriptionHtml, WooCommerce's description).
		descriptionHtml: '<p>Ein weiches Baumwoll-T-Shirt, auf Bestellung bedruckt.</p>',
		language: 2,
		country: 'DE',
		currency: 'EUR',
		options: [
			{ name: 'Color', values: ['White', 'Black'] },
			{ name: 'Size', values: SIZES },
		],
		images: [],
	});
	// Black in 3XL is listed as a color and a size, but no SKU joins them: no variant.
	expect(json.variants.map((v: any) => `${v.color}/${v.size}`)).toEqual([
		...SIZES.map((size) => `White/${size}`),
		...SIZES.filter((size) => size !== '3XL').map((size) => `Black/${size}`),
	]);
	expect(json.variants[0]).toEqual({
		sku: expect.stringMatching(/^POD-P1001-C2001-S3001-[0-9A-Z]$/),
		color: 'White',
		size: 'S',
		options: [
			{ name: 'Color', value: 'White' },
			{ name: 'Size', value: 'S' },
		],
		available: true,
		price: 12.9,
		currency: 'EUR',
		rgb: '#FFFFFF',
		assignedColorId: 2001,
		assignedSizeId: 3001,
	});
	expect(json.variants.find((v: any) => v.size === 'XXL').price).toBe(14.9);
	// Every SKU reads back as the pair it lists, and no two are alike.
	for (const variant of json.variants) {
		expect(readStorefrontSku(variant.sku)).toEqual({
			kind: 'variant',
			productId: 1001,
			assignedColorId: variant.assignedColorId,
			assignedSizeId: variant.assignedSizeId,
		});
	}
	expect(new Set(json.variants.map((v: any) => v.sku)).size).toBe(11);
	// The expanded product and the account's countries (the country's code and currency): nothing
	// else but the
	// credential's login and its account, read once per session.
	const paths = (await control.requests())
		.filter((r) => !['/auth', '/accounts/session'].includes(r.path))
		.map((r) => r.path);
	expect(paths.sort()).toEqual([
		'/accounts/387/countries',
		'/accounts/387/shops/1597/products/expanded/1001',
	]);
});

test('in the US, in English by language code: prices in USD; a pair the service marks unavailable is listed unavailable, or left out with Only Available', async () => {
	await control.call('PUT', '/products/1001/availability', {
		assignedColorId: 2001,
		assignedSizeId: 3006,
		available: false,
	});
	const run = await listing({ country: 'us', language: 'en' });
	expect(run.error).toBeUndefined();
	const json = run.items[0].json as any;
	expect(json).toMatchObject({
		title: 'Classic T-Shirt',
		description: 'A soft cotton T-shirt, printed on demand.',
		country: 'US',
		currency: 'USD',
	});
	expect(json.variants[0]).toMatchObject({ size: 'S', price: 14.19, currency: 'USD' });
	const white3xl = json.variants.find((v: any) => v.color === 'White' && v.size === '3XL');
	expect(white3xl.available).toBe(false);

	// The country by its ID, as the Country list gives it.
	const only = await listing({ country: '4', onlyAvailable: true });
	const onlyJson = only.items[0].json as any;
	expect(onlyJson).toMatchObject({ country: 'US', currency: 'USD' });
	// 3XL is now orderable in no color: it is no option value of the listing either.
	expect(onlyJson.options[1].values).toEqual(SIZES.filter((size) => size !== '3XL'));
	expect(onlyJson.variants).toHaveLength(10);
	expect(onlyJson.variants.every((v: any) => v.available)).toBe(true);
	// Without a language: the product's own name.
	expect(onlyJson.title).toBe('Classic T-Shirt');
});

test("a motive on the product names the listing and gives its image, the motive's preview", async () => {
	const run = await listing({ motiveId: byId('5002') });
	expect(run.error).toBeUndefined();
	const json = run.items[0].json as any;
	expect(json.title).toBe('Cat Sketch – Classic T-Shirt');
	expect(json.handle).toBe('pod-1001-motive-5002');
	expect(json.motive).toEqual({ id: 5002, name: 'Cat Sketch' });
	expect(json.images).toEqual([
		{
			url: expect.stringMatching(/\/accounts\/387\/shops\/1597\/motives\/5002\/image$/),
			alt: 'Cat Sketch – Classic T-Shirt',
		},
	]);
});

test('the description as HTML: a paragraph per blank-line part, a line break as <br>, what HTML reads escaped', () => {
	expect(descriptionAsHtml('')).toBe('');
	expect(descriptionAsHtml('Cotton & <b>bold</b> "print"\nwashable\n\n\n  Second part  ')).toBe(
		'<p>Cotton &amp; &lt;b&gt;bold&lt;/b&gt; &quot;print&quot;<br>washable</p><p>Second part</p>',
	);
});

test('a shared product is listed under its name, with the variants of its product', async () => {
	const run = await listing({ listingOf: 'sharedProduct', sharedProductId: byId('9502') });
	expect(run.error).toBeUndefined();
	const json = run.items[0].json as any;
	expect(json).toMatchObject({
		productId: 1002,
		handle: 'pod-shared-9502',
		title: 'Shared cat hoodie',
		sharedProduct: { id: 9502, name: 'Shared cat hoodie' },
		options: [
			{ name: 'Color', values: ['Navy', 'Grey'] },
			{ name: 'Size', values: ['S', 'M', 'L', 'XL'] },
		],
	});
	expect(json.variants).toHaveLength(8);
	expect(json.variants[0].sku).toMatch(/^POD-P1002-C2011-S3011-/);
});

test('a country the product is not priced in, or a language it has no translation in, is refused naming what it has', async () => {
	const danish = await listing({ country: 'DK' });
	expect(danish.error?.message).toBe(
		'Item 1: Classic T-Shirt has no price in DK; it is priced in DE (EUR), US (USD), CH (CHF)',
	);
	expect(danish.error?.description).toMatch(/Choose a Country the product is priced in/);
	const nowhere = await listing({ country: 'XX' });
	expect(nowhere.error?.message).toMatch(
		/^Item 1: Country XX is not a country of this account, which has DE, /,
	);
	const french = await listing({ language: 'fr' });
	expect(french.error?.message).toBe(
		'Item 1: Classic T-Shirt has no translation in language fr; it has English (1), German (2)',
	);
});

describe('Download Image', () => {
	const previewPath = `${SHOP_PATH}/motives/5002/image`;

	test("reads the motive's preview with the session into the binary field, the bytes the service serves, named after the handle", async () => {
		// A bitmap of its own on the motive, so that bytes from anywhere else cannot match.
		const art = tinyPng([12, 200, 90], 48);
		const service = ServiceClient.as(sandbox.baseUrl);
		const uploaded = await service.post(`${SHOP_PATH}/motives/5002/bitmap`, undefined, {
			raw: art,
			contentType: 'image/png',
		});
		expect(uploaded.status).toBeLessThan(300);
		const served = await service.get(previewPath);
		expect(served.bytes.equals(art)).toBe(true);
		// Without the session the link answers 401: a store fetching it gets nothing.
		expect((await ServiceClient.withSession(sandbox.baseUrl, 'none').get(previewPath)).status).toBe(
			401,
		);

		await control.clearRequests();
		const run = await listing({
			motiveId: byId('5002'),
			downloadImage: true,
			binaryPropertyName: 'image',
		});
		expect(run.error).toBeUndefined();
		const [item] = run.items;
		expect(item.json.imageNote).toBeUndefined();
		expect(item.binary?.image).toMatchObject({
			mimeType: 'image/png',
			fileName: 'pod-1001-motive-5002.png',
			fileExtension: 'png',
		});
		const bytes = await Container.get(BinaryDataService).getAsBuffer(item.binary!.image);
		expect(bytes.equals(art)).toBe(true);
		// The link the service gave, followed once.
		const reads = (await control.requests()).filter((r) => r.path === previewPath);
		expect(reads).toHaveLength(1);
	});

	test('a listing without an image gives no binary and says so in imageNote', async () => {
		const run = await listing({ downloadImage: true });
		expect(run.error).toBeUndefined();
		const [item] = run.items;
		expect(item.binary).toBeUndefined();
		expect(item.json.images).toEqual([]);
		expect(item.json.imageNote).toMatch(/no image/);
	});

	test('off by default: the listing only, no read of the image', async () => {
		await control.clearRequests();
		const run = await listing({ motiveId: byId('5002') });
		expect(run.items[0].binary).toBeUndefined();
		expect(run.items[0].json.imageNote).toBeUndefined();
		expect((await control.requests()).filter((r) => r.path === previewPath)).toEqual([]);
	});
});
