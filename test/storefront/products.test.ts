/**
 * The stand-ins' product endpoints (scripts/storefronts/products.ts), which the publish and set-up
 * check examples run against: Shopify's productSet as its GraphQL Admin reference documents the
 * input (unknown fields and wrong types refused as Shopify refuses a variable), upserting by handle
 * and keeping variants by ID; WooCommerce's products and variations, documented properties only;
 * WordPress's media library beside WooCommerce, and product images as WooCommerce takes them.
 */
import type { ShopifyStandIn, WooCommerceStandIn } from '../../scripts/storefronts';
import { startShopifyStandIn, startWooCommerceStandIn } from '../../scripts/storefronts';
import { request } from 'undici';

import { tinyPng } from '../../sandbox/images';
import { callStandIn as call } from '../support/standInCall';

const TOKEN = 'shpat_products_test';
const KEY = 'ck_products_test';
const SECRET = 'cs_products_test';

const PRODUCT_SET =
	'mutation PublishProduct($identifier: ProductSetIdentifiers, $input: ProductSetInput!) { productSet(identifier: $identifier, input: $input, synchronous: true) { product { id } userErrors { field message code } } }';

const tee = (colors: string[], extra: Record<string, unknown> = {}) => ({
	handle: 'pod-1001',
	title: 'Classic T-Shirt',
	productOptions: [
		{ name: 'Color', values: colors.map((name) => ({ name })) },
		{ name: 'Size', values: [{ name: 'L' }] },
	],
	variants: colors.map((color) => ({
		sku: `SKU-${color}`,
		price: '12.90',
		optionValues: [
			{ optionName: 'Color', name: color },
			{ optionName: 'Size', name: 'L' },
		],
		...extra,
	})),
});

describe("the Shopify stand-in's products", () => {
	let shopify: ShopifyStandIn;
	const auth = { 'x-shopify-access-token': TOKEN };
	const graphql = async (query: string, variables: unknown) =>
		await call(`${shopify.adminUrl}/graphql.json`, 'POST', auth, { query, variables });

	beforeAll(async () => {
		shopify = await startShopifyStandIn({ accessToken: TOKEN });
	});
	afterAll(async () => await shopify.close());
	beforeEach(() => shopify.catalog.clearProducts());

	test('productSet creates by handle, then updates the same product; a variant given its ID is kept, one left out is deleted', async () => {
		const identifier = { handle: 'pod-1001' };
		const created = await graphql(PRODUCT_SET, { identifier, input: tee(['White', 'Black']) });
		expect(created.status).toBe(200);
		expect(created.json.data.productSet.userErrors).toEqual([]);
		const [product] = shopify.catalog.products() as Array<{
			id: string;
			variants: { nodes: Array<{ id: string; sku: string }> };
		}>;
		const white = product.variants.nodes[0];

		const input = tee(['White']);
		(input.variants[0] as Record<string, unknown>).id = white.id;
		const updated = await graphql(PRODUCT_SET, { identifier, input });
		expect(updated.json.data.productSet.userErrors).toEqual([]);
		const held = shopify.catalog.products() as Array<typeof product>;
		expect(held).toHaveLength(1);
		expect(held[0].id).toBe(product.id);
		expect(held[0].variants.nodes.map((variant) => [variant.id, variant.sku])).toEqual([
			[white.id, 'SKU-White'],
		]);
		// productOptions is a list field as well: the value left out is gone from the product.
		expect(
			(held[0] as unknown as { options: Array<{ optionValues: unknown[] }> }).options[0]
				.optionValues,
		).toEqual([{ name: 'White' }]);
	});

	test('a held variant sent with its ID and option values only keeps its SKU and price; tracked under DENY it is sold out, untracked again for sale, the same ID throughout', async () => {
		const identifier = { handle: 'pod-1001' };
		await graphql(PRODUCT_SET, { identifier, input: tee(['White', 'Black']) });
		type Held = { variants: { nodes: Array<Record<string, unknown>> } };
		const [first] = shopify.catalog.products() as Held[];
		const ids = first.variants.nodes.map((variant) => variant.id);
		const input = tee(['White']);
		Object.assign(input.variants[0], { id: ids[0] });
		// What the publish example sends for a variant the listing no longer has.
		input.productOptions[0].values.push({ name: 'Black' });
		(input.variants as Array<Record<string, unknown>>).push({
			id: ids[1],
			optionValues: [
				{ optionName: 'Color', name: 'Black' },
				{ optionName: 'Size', name: 'L' },
			],
			inventoryPolicy: 'DENY',
			inventoryItem: { tracked: true },
		});
		const kept = await graphql(PRODUCT_SET, { identifier, input });
		expect(kept.json.data.productSet.userErrors).toEqual([]);
		const state = () =>
			(shopify.catalog.products() as Held[])[0].variants.nodes.map((variant) => [
				variant.id,
				variant.sku,
				variant.price,
				variant.availableForSale,
			]);
		expect(state()).toEqual([
			[ids[0], 'SKU-White', '12.90', true],
			[ids[1], 'SKU-Black', '12.90', false],
		]);
		const back = tee(['White', 'Black'], { inventoryItem: { tracked: false } });
		back.variants.forEach((variant, at) => Object.assign(variant, { id: ids[at] }));
		await graphql(PRODUCT_SET, { identifier, input: back });
		expect(state()).toEqual([
			[ids[0], 'SKU-White', '12.90', true],
			[ids[1], 'SKU-Black', '12.90', true],
		]);
	});

	test('an unknown field or a wrong type is refused as a GraphQL variable error, and nothing is kept', async () => {
		const unknown = await graphql(PRODUCT_SET, {
			input: tee(['White'], { inventoryQuantity: 0 }),
		});
		expect(unknown.status).toBe(200);
		expect(unknown.json.errors[0].message).toBe(
			'Variable $input of type ProductSetInput! was provided invalid value for variants.0.inventoryQuantity (Field is not defined on ProductVariantSetInput)',
		);
		const number = await graphql(PRODUCT_SET, { input: tee(['White'], { price: 12.9 }) });
		expect(number.json.errors[0].extensions.problems[0].path).toEqual(['variants', 0, 'price']);
		const policy = await graphql(PRODUCT_SET, {
			input: tee(['White'], { inventoryPolicy: 'NEVER' }),
		});
		expect(policy.json.errors[0].message).toMatch(/DENY, CONTINUE/);
		expect(shopify.catalog.products()).toEqual([]);
	});

	test('a variant whose option value the product does not list is a user error', async () => {
		const input = tee(['White']);
		input.variants[0].optionValues[0].name = 'Purple';
		const refused = await graphql(PRODUCT_SET, { input });
		expect(refused.json.data.productSet.userErrors).toEqual([
			expect.objectContaining({ code: 'OPTION_VALUE_DOES_NOT_EXIST' }),
		]);
	});

	test("a tracked variant under DENY with no stock is sold out; productByIdentifier and the REST list (n8n's Shopify node) show what is held", async () => {
		const input = tee(['White', 'Black']);
		Object.assign(input.variants[1], { inventoryPolicy: 'DENY', inventoryItem: { tracked: true } });
		await graphql(PRODUCT_SET, { identifier: { handle: 'pod-1001' }, input });
		const read = await graphql(
			'query ReadProduct($identifier: ProductIdentifierInput!) { productByIdentifier(identifier: $identifier) { id } }',
			{ identifier: { handle: 'pod-1001' } },
		);
		expect(
			read.json.data.productByIdentifier.variants.nodes.map(
				(variant: { sku: string; availableForSale: boolean }) => [
					variant.sku,
					variant.availableForSale,
				],
			),
		).toEqual([
			['SKU-White', true],
			['SKU-Black', false],
		]);
		const missing = await graphql(
			'query ReadProduct($identifier: ProductIdentifierInput!) { productByIdentifier(identifier: $identifier) { id } }',
			{ identifier: { handle: 'pod-9999' } },
		);
		expect(missing.json.data.productByIdentifier).toBeNull();
		const listed = await call(`${shopify.adminUrl}/products.json`, 'GET', auth);
		expect(listed.json.products[0]).toMatchObject({
			handle: 'pod-1001',
			options: [
				{ name: 'Color', values: ['White', 'Black'] },
				{ name: 'Size', values: ['L'] },
			],
			variants: [
				{ sku: 'SKU-White', title: 'White / L', option1: 'White', option2: 'L' },
				{ sku: 'SKU-Black', inventory_management: 'shopify', inventory_policy: 'deny' },
			],
		});
	});

	describe("staged uploads and the product's files", () => {
		const STAGE =
			'mutation Stage($input: [StagedUploadInput!]!) { stagedUploadsCreate(input: $input) { stagedTargets { url resourceUrl parameters { name value } } userErrors { field message } } }';
		const art = tinyPng([220, 180, 20], 24);
		beforeEach(() => shopify.staged.clear());
		const stage = async () => {
			const answer = await graphql(STAGE, {
				input: [
					{
						filename: 'pod-1001-motive-5002.png',
						mimeType: 'image/png',
						resource: 'IMAGE',
						httpMethod: 'POST',
					},
				],
			});
			expect(answer.json.data.stagedUploadsCreate.userErrors).toEqual([]);
			return answer.json.data.stagedUploadsCreate.stagedTargets[0] as {
				url: string;
				resourceUrl: string;
				parameters: Array<{ name: string; value: string }>;
			};
		};
		/** The form a client posts to the target: its parameters, then the file (or as given). */
		const post = async (
			url: string,
			fields: Array<{ name: string; value: string }>,
			fileFirst = false,
		) => {
			const form = new FormData();
			const file = () =>
				form.append(
					'file',
					new Blob([new Uint8Array(art)], { type: 'image/png' }),
					'pod-1001-motive-5002.png',
				);
			if (fileFirst) file();
			for (const field of fields) form.append(field.name, field.value);
			if (!fileFirst) file();
			// Node's fetch encodes a FormData as multipart/form-data, in the order of its fields.
			const response = await fetch(url, { method: 'POST', body: form });
			return { status: response.status, text: await response.text() };
		};

		test("the file posted to the staged target with its parameters is the product's image in productSet's files, READY; needing no Shopify token", async () => {
			const target = await stage();
			expect(target.url).toBe(`${shopify.url}/staged-uploads/`);
			expect(target.parameters.map((p) => p.name)).toEqual(
				expect.arrayContaining(['Content-Type', 'key', 'policy', 'x-goog-signature']),
			);
			const uploaded = await post(target.url, target.parameters);
			expect(uploaded.status).toBe(201);
			expect(uploaded.text).toContain('<PostResponse>');
			expect(shopify.staged.fileAt(target.resourceUrl)?.bytes.equals(art)).toBe(true);
			const set = await graphql(PRODUCT_SET, {
				identifier: { handle: 'pod-1001' },
				input: {
					...tee(['White']),
					files: [
						{ originalSource: target.resourceUrl, contentType: 'IMAGE', alt: 'Classic T-Shirt' },
					],
				},
			});
			expect(set.json.data.productSet.userErrors).toEqual([]);
			const [product] = shopify.catalog.products() as Array<{
				media: { nodes: Array<Record<string, unknown>> };
			}>;
			expect(product.media.nodes).toEqual([
				expect.objectContaining({ alt: 'Classic T-Shirt', status: 'READY', mediaErrors: [] }),
			]);
			// Set again naming the media by its ID: kept, not added again; without files: unchanged.
			const id = product.media.nodes[0].id as string;
			await graphql(PRODUCT_SET, {
				identifier: { handle: 'pod-1001' },
				input: { ...tee(['White']), files: [{ id }] },
			});
			await graphql(PRODUCT_SET, { identifier: { handle: 'pod-1001' }, input: tee(['White']) });
			const held = shopify.catalog.products() as (typeof product)[];
			expect(held[0].media.nodes.map((m) => m.id)).toEqual([id]);
		});

		test('a form missing a parameter, or with the file before them, is refused by the target, nothing kept', async () => {
			const target = await stage();
			const missing = await post(
				target.url,
				target.parameters.filter((p) => p.name !== 'policy'),
			);
			expect(missing.status).toBe(403);
			expect(missing.text).toContain('AccessDenied');
			const fileFirst = await post(target.url, target.parameters, true);
			expect(fileFirst.status).toBe(403);
			expect(shopify.staged.files()).toEqual([]);
		});

		test("an originalSource that is not one of its staged targets' (the print service's preview) is a FAILED media with a media error; the product is still set", async () => {
			const preview = 'http://127.0.0.1:8787/accounts/387/shops/1597/motives/5002/image';
			const set = await graphql(PRODUCT_SET, {
				identifier: { handle: 'pod-1001' },
				input: { ...tee(['White']), files: [{ originalSource: preview, contentType: 'IMAGE' }] },
			});
			expect(set.json.data.productSet.userErrors).toEqual([]);
			const [product] = shopify.catalog.products() as Array<{
				handle: string;
				media: { nodes: Array<Record<string, unknown>> };
			}>;
			expect(product.handle).toBe('pod-1001');
			expect(product.media.nodes).toEqual([
				expect.objectContaining({
					status: 'FAILED',
					image: null,
					mediaErrors: [expect.objectContaining({ code: 'IMAGE_DOWNLOAD_FAILURE' })],
				}),
			]);
			expect(shopify.staged.files()).toEqual([]);
		});

		test('a staged upload input of a wrong type is refused as a variable error', async () => {
			const answer = await graphql(STAGE, {
				input: [{ filename: 'a.png', mimeType: 'image/png', resource: 'PICTURE' }],
			});
			expect(answer.json.errors[0].extensions.problems[0].path).toEqual([0, 'resource']);
		});
	});

	test("an order line of a held variant is the Order resource's line: SKU, variant title, IDs", () => {
		const { product } = shopify.catalog.set(tee(['White']));
		const id = Number(
			String((product as { variants: { nodes: Array<{ id: string }> } }).variants.nodes[0].id)
				.split('/')
				.pop(),
		);
		expect(shopify.catalog.orderLine(id, 2)).toMatchObject({
			sku: 'SKU-White',
			title: 'Classic T-Shirt',
			variant_title: 'White / L',
			variant_id: id,
			quantity: 2,
			current_quantity: 2,
		});
	});
});

describe("the WooCommerce stand-in's products", () => {
	let woo: WooCommerceStandIn;
	const auth = () => ({
		authorization: `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}`,
	});
	const api = (path: string) => `${woo.url}/wp-json/wc/v3${path}`;

	beforeAll(async () => {
		woo = await startWooCommerceStandIn({ consumerKey: KEY, consumerSecret: SECRET });
	});
	afterAll(async () => await woo.close());
	beforeEach(() => woo.catalog.clearProducts());

	const product = {
		name: 'Classic T-Shirt',
		type: 'variable',
		sku: 'pod-1001',
		attributes: [
			{ name: 'Color', position: 0, visible: true, variation: true, options: ['White', 'Black'] },
			{ name: 'Size', position: 1, visible: true, variation: true, options: ['L'] },
		],
	};
	const variation = (sku: string, color: string) => ({
		sku,
		regular_price: '12.90',
		attributes: [
			{ name: 'Color', option: color },
			{ name: 'Size', option: 'L' },
		],
	});

	test('creates a variable product, finds it by SKU, updates it; its variations are created, updated and read in one batch', async () => {
		const created = await call(api('/products'), 'POST', auth(), product);
		expect(created.status).toBe(201);
		const found = await call(api('/products?sku=pod-1001&per_page=1'), 'GET', auth());
		expect(found.json.map((entry: { id: number }) => entry.id)).toEqual([created.json.id]);
		const batch = await call(api(`/products/${created.json.id}/variations/batch`), 'POST', auth(), {
			create: [variation('V-WHITE', 'White'), variation('V-BLACK', 'Black')],
		});
		expect(batch.json.create.map((entry: { sku: string }) => entry.sku)).toEqual([
			'V-WHITE',
			'V-BLACK',
		]);
		const [white] = batch.json.create;
		const update = await call(
			api(`/products/${created.json.id}/variations/batch`),
			'POST',
			auth(),
			{ update: [{ id: white.id, stock_status: 'outofstock' }] },
		);
		expect(update.json.update[0]).toMatchObject({ id: white.id, stock_status: 'outofstock' });
		const read = await call(
			api(`/products/${created.json.id}/variations?per_page=100`),
			'GET',
			auth(),
		);
		expect(
			read.json.map((entry: { sku: string; stock_status: string }) => [
				entry.sku,
				entry.stock_status,
			]),
		).toEqual([
			['V-WHITE', 'outofstock'],
			['V-BLACK', 'instock'],
		]);
		const renamed = await call(api(`/products/${created.json.id}`), 'PUT', auth(), {
			name: 'Classic Tee',
		});
		expect(renamed.json).toMatchObject({
			id: created.json.id,
			name: 'Classic Tee',
			sku: 'pod-1001',
		});
	});

	test('refuses an undocumented property, a duplicated SKU, and a variation update of an unknown ID in place', async () => {
		const strange = await call(api('/products'), 'POST', auth(), { ...product, colour: 'x' });
		expect(strange.status).toBe(400);
		expect(strange.json.code).toBe('rest_invalid_param');
		const created = await call(api('/products'), 'POST', auth(), product);
		const again = await call(api('/products'), 'POST', auth(), product);
		expect(again.json.code).toBe('product_invalid_sku');
		const batch = await call(api(`/products/${created.json.id}/variations/batch`), 'POST', auth(), {
			create: [{ ...variation('V-WHITE', 'White'), colour: 'x' }],
			update: [{ id: 1, regular_price: '1.00' }],
		});
		expect(batch.json.create[0].error.code).toBe('rest_invalid_param');
		expect(batch.json.update[0].error.code).toBe('woocommerce_rest_product_variation_invalid_id');
		expect(woo.catalog.variations(created.json.id)).toEqual([]);
	});

	test('an order line of a held variation carries its SKU and its attributes as meta_data', () => {
		const held = woo.catalog.addProduct(product, [variation('V-WHITE', 'White')]);
		const [made] = woo.catalog.variations(Number(held.id)) as Array<{ id: number }>;
		expect(woo.catalog.orderLine(made.id, 1)).toMatchObject({
			product_id: held.id,
			variation_id: made.id,
			sku: 'V-WHITE',
			quantity: 1,
			meta_data: [
				expect.objectContaining({ key: 'color', value: 'White' }),
				expect.objectContaining({ key: 'size', value: 'L' }),
			],
		});
	});

	describe("WordPress's media library and the product's images", () => {
		const art = tinyPng([40, 90, 200], 32);
		const wordpress = () =>
			`Basic ${Buffer.from(`${woo.wordpress.user}:${woo.wordpress.applicationPassword}`).toString('base64')}`;
		const upload = async (headers: Record<string, string>, body: Buffer = art) => {
			const response = await request(`${woo.url}/wp-json/wp/v2/media`, {
				method: 'POST',
				headers: { 'content-type': 'image/png', ...headers },
				body,
			});
			// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read field by field
			return { status: response.statusCode, json: (await response.body.json()) as any };
		};
		beforeEach(() => woo.media.clear());

		test('takes the file as the body with Content-Disposition and an application password, and answers the attachment; the same name again gets -1', async () => {
			const disposition = {
				'content-disposition': 'attachment; filename="pod-1001-motive-5002.png"',
			};
			const uploaded = await upload({ authorization: wordpress(), ...disposition });
			expect(uploaded.status).toBe(201);
			expect(uploaded.json).toMatchObject({
				id: expect.any(Number),
				type: 'attachment',
				media_type: 'image',
				mime_type: 'image/png',
				source_url: expect.stringMatching(
					new RegExp(`^${woo.url}/wp-content/uploads/\\d{4}/\\d{2}/pod-1001-motive-5002\\.png$`),
				),
			});
			expect(woo.media.files()[0].file.bytes.equals(art)).toBe(true);
			// The spaces of the password's display do not count, as in WordPress.
			const spaced = `Basic ${Buffer.from(`${woo.wordpress.user}:${woo.wordpress.applicationPassword.replace(/ /g, '')}`).toString('base64')}`;
			const again = await upload({ authorization: spaced, ...disposition });
			expect(again.json.source_url).toMatch(/pod-1001-motive-5002-1\.png$/);
		});

		test("WooCommerce's consumer key does not reach it, nor does no login; a body without Content-Disposition or without bytes, or not an image, is refused", async () => {
			const disposition = { 'content-disposition': 'attachment; filename=art.png' };
			const byKey = await upload({ ...auth(), ...disposition });
			expect(byKey).toMatchObject({ status: 401, json: { code: 'invalid_username' } });
			const anonymous = await upload(disposition);
			expect(anonymous).toMatchObject({ status: 401, json: { code: 'rest_cannot_create' } });
			const wrong = `Basic ${Buffer.from(`${woo.wordpress.user}:not-it`).toString('base64')}`;
			expect(await upload({ authorization: wrong, ...disposition })).toMatchObject({
				status: 401,
				json: { code: 'incorrect_password' },
			});
			expect(await upload({ authorization: wordpress() })).toMatchObject({
				status: 400,
				json: { code: 'rest_upload_no_content_disposition' },
			});
			expect(
				await upload({ authorization: wordpress(), ...disposition }, Buffer.alloc(0)),
			).toMatchObject({ status: 400, json: { code: 'rest_upload_no_data' } });
			expect(
				await upload({ authorization: wordpress(), ...disposition }, Buffer.from('<html>')),
			).toMatchObject({ status: 500, json: { code: 'rest_upload_unknown_error' } });
			expect(woo.media.files()).toEqual([]);
		});

		test("a product's image by the media's ID is that attachment; an unknown ID is refused", async () => {
			const uploaded = await upload({
				authorization: wordpress(),
				'content-disposition': 'attachment; filename=art.png',
			});
			const created = await call(api('/products'), 'POST', auth(), {
				...product,
				images: [{ id: uploaded.json.id, alt: 'Classic T-Shirt' }],
			});
			expect(created.status).toBe(201);
			expect(created.json.images).toEqual([
				expect.objectContaining({
					id: uploaded.json.id,
					src: uploaded.json.source_url,
					alt: 'Classic T-Shirt',
				}),
			]);
			const unknown = await call(api(`/products/${created.json.id}`), 'PUT', auth(), {
				images: [{ id: 99999 }],
			});
			expect(unknown).toMatchObject({
				status: 400,
				json: {
					code: 'woocommerce_product_invalid_image_id',
					message: '#99999 is an invalid image ID.',
				},
			});
			expect(woo.catalog.products()[0].images).toEqual(created.json.images);
		});

		test('an image by src is downloaded into the library: its own media becomes a new attachment; any other address refuses the whole product, nothing fetched, nothing kept', async () => {
			const uploaded = await upload({
				authorization: wordpress(),
				'content-disposition': 'attachment; filename=art.png',
			});
			const own = await call(api('/products'), 'POST', auth(), {
				...product,
				images: [{ src: uploaded.json.source_url }],
			});
			expect(own.status).toBe(201);
			expect(own.json.images[0].id).not.toBe(uploaded.json.id);
			expect(woo.media.files().map((file) => file.file.bytes.equals(art))).toEqual([true, true]);

			const preview = 'http://127.0.0.1:8787/accounts/387/shops/1597/motives/5002/image';
			const refused = await call(api('/products'), 'POST', auth(), {
				...product,
				sku: 'pod-1001-motive-5002',
				images: [{ src: preview, alt: 'Cat Sketch' }],
			});
			expect(refused.status).toBe(400);
			expect(refused.json.code).toBe('woocommerce_product_image_upload_error');
			expect(refused.json.message).toMatch(
				new RegExp(`^Error getting remote image ${preview.replace(/[.?]/g, '\\$&')}\\. Error: `),
			);
			expect(woo.catalog.products().map((entry) => entry.sku)).toEqual(['pod-1001']);
			expect(woo.media.files()).toHaveLength(2);
		});
	});
});
