import { XMLParser } from 'fast-xml-parser';

import { DEMO, startSandbox, type Sandbox } from '../../sandbox';
import { SandboxControl, SHOP_PATH, type Json } from '../support/sandbox';
import { list, ServiceClient } from '../support/service';

describe('sandbox: catalog, paging, media types and JSON quirks', () => {
	let sandbox: Sandbox;
	let control: SandboxControl;
	let demo: ServiceClient;

	beforeAll(async () => {
		// pagingDetails off also under SANDBOX_OPTIONS=all: the paging test checks the contract's fields.
		sandbox = await startSandbox({
			port: 0,
			maxPageSize: 5,
			pagingDetails: false,
			variantSkuTexts: false,
		});
		control = new SandboxControl(sandbox);
		demo = new ServiceClient(sandbox.baseUrl);
		await demo.login();
	});
	afterAll(() => sandbox.close());

	test('DEMO names the seeded login and ids', () => {
		expect(DEMO).toMatchObject({
			login: 'demo',
			password: 'demo-password',
			accountId: 387,
			shopId: 1597,
		});
	});

	test('shops: account admin sees both shops, shop admin only its own; links are absolute', async () => {
		const shops = await demo.get('/accounts/387/shops');
		expect(shops.status).toBe(200);
		const items = list(shops.json.pagedData.shop);
		expect(items.map((s) => s.id)).toEqual([1597, 1598]);
		expect(items[0].name).toBe('Demo Merch Shop');
		const rels = list(items[0]['atom.link']).map((l) => l['@rel']);
		expect(rels).toEqual(
			expect.arrayContaining([
				'self',
				'products',
				'orders',
				'webhooks',
				'userMotives',
				'orderCsvImports',
			]),
		);
		expect(list(items[0]['atom.link'])[0]['@href']).toBe(
			`${sandbox.baseUrl}/accounts/387/shops/1597`,
		);

		const shopAdmin = new ServiceClient(sandbox.baseUrl);
		await shopAdmin.login('shopadmin');
		const own = await shopAdmin.get('/accounts/387/shops');
		// One shop: the single-member quirk writes it as an object.
		expect(own.json.pagedData.shop.id).toBe(1597);
		expect((await shopAdmin.get('/accounts/387/shops/1598/products')).status).toBe(403);
		expect((await shopAdmin.get('/accounts/387/shops/1597/products')).status).toBe(200);
	});

	test('a foreign or unknown account or shop is 404', async () => {
		expect((await demo.get('/accounts/999/shops')).status).toBe(404);
		expect((await demo.get('/accounts/387/shops/9999/products')).status).toBe(404);
		expect((await demo.get('/accounts/12345/countries')).status).toBe(404);
		const other = new ServiceClient(sandbox.baseUrl);
		await other.login('other');
		expect((await other.get(`${SHOP_PATH}/products`)).status).toBe(404);
		expect((await other.get('/accounts/999/shops/9999/products/1801')).json.product.name).toBe(
			'Classic T-Shirt',
		);
	});

	test('countries carry code, currency, VAT and default; carriers list real ids', async () => {
		const countries = list((await demo.get('/accounts/387/countries')).json.pagedData.country);
		const de = countries.find((c) => c.code === 'DE');
		expect(de).toEqual({
			id: 1,
			code: 'DE',
			name: 'Germany',
			currency: { code: 'EUR' },
			standardVat: 19,
			reducedVat: 7,
			default: true,
		});
		expect(countries.find((c) => c.code === 'DK')).toMatchObject({
			id: 2,
			currency: { code: 'DKK' },
		});
		const carriers = list((await demo.get(`${SHOP_PATH}/carriers`)).json.pagedData.carrier);
		expect(carriers.map((c) => c.id)).toEqual([21, 22, 23]);
		expect(carriers[0].name).toBe('DHL');
	});

	test('paging: page and size, next only when there is one, prev only after page 0, size clamped', async () => {
		const first = (await demo.get(`${SHOP_PATH}/products?size=2`)).json.pagedData;
		expect(list(first.product).map((p) => p.id)).toEqual([1001, 1002]);
		expect(first.totalElements).toBe(5);
		const links = list(first['atom.link']);
		expect(links.map((l) => l['@rel'])).toEqual(['next']);
		const next = links.find((l) => l['@rel'] === 'next');
		expect(next?.['@href']).toMatch(
			new RegExp(`^${sandbox.baseUrl}/accounts/387/shops/1597/products\\?.*page=1`),
		);
		expect(next?.['@type']).toBe('application/json');
		const last = (await demo.get(`${SHOP_PATH}/products?size=2&page=2`)).json.pagedData;
		expect(last.product.id).toBe(1005);
		expect(list(last['atom.link']).map((l) => l['@rel'])).toEqual(['prev']);
		// maxPageSize is 5 in this sandbox: size=50 gives 5 SKUs per page.
		const skus = (await demo.get(`${SHOP_PATH}/products/1001/sku?size=50`)).json.pagedData;
		expect(list(skus.productSku)).toHaveLength(5);
		expect(skus.totalElements).toBe(11);
		// The contract names the items, totalElements and the links: nothing more by default.
		expect(Object.keys(skus).sort()).toEqual(['atom.link', 'productSku', 'totalElements']);
		expect((await demo.get(`${SHOP_PATH}/products?page=-1`)).status).toBe(400);
		expect((await demo.get(`${SHOP_PATH}/products?size=abc`)).status).toBe(400);
	});

	test('product, expanded product and SKUs: Black/3XL is listed but has no SKU', async () => {
		const basic = (await demo.get(`${SHOP_PATH}/products/1001`)).json.product;
		expect(basic).toMatchObject({ id: 1001, name: 'Classic T-Shirt' });
		const rels = list(basic['atom.link']).map((l) => l['@rel']);
		expect(rels).toEqual(
			expect.arrayContaining([
				'self',
				'expanded',
				'assignedColors',
				'assignedSizes',
				'assignedViews',
			]),
		);

		const expanded = (await demo.get(`${SHOP_PATH}/products/expanded/1001`)).json.product;
		const colors = list(expanded.assignedColors.assignedProductColorExpanded);
		expect(colors.map((c) => [c.id, c.name])).toEqual([
			[2001, 'White'],
			[2002, 'Black'],
		]);
		const sizes = list(expanded.assignedSizes.assignedProductSizeExpanded);
		expect(sizes.map((s) => s.name)).toEqual(['S', 'M', 'L', 'XL', 'XXL', '3XL']);
		expect(sizes.map((s) => s.id)).toEqual([3001, 3002, 3003, 3004, 3005, 3006]);
		const views = list(expanded.assignedViews.assignedProductViewExpanded);
		expect(views.map((v) => v.view.position)).toEqual(['FRONT', 'BACK']);
		expect(views.map((v) => list(v.productAreas.productArea)[0].id)).toEqual([4001, 4002]);
		// Named as the contract's vocabulary names them (assignedPrintTechnologyFilter).
		const techs = list(expanded.assignedPrintTechnologies.assignedPrintTechnology).map(
			(t) => t.printTechnology.name,
		);
		expect(techs).toEqual(['Digital Print', 'Digital DTF']);
		expect(expanded.printTechnologies).toBeUndefined();
		const skus = list(expanded.productSkus.productSku);
		expect(skus).toHaveLength(11);
		expect(skus.some((s) => s.assignedColor.id === 2002 && s.assignedSize.id === 3006)).toBe(false);
		expect(skus.some((s) => s.assignedColor.id === 2001 && s.assignedSize.id === 3006)).toBe(true);
		expect(list(expanded.productPrices.productPrice).length).toBeGreaterThan(0);
		expect(list(expanded.localizations.productLocalized).length).toBeGreaterThan(0);

		const skuPage = (await demo.get(`${SHOP_PATH}/products/1001/sku?size=20`)).json.pagedData;
		expect(list(skuPage.productSku)[0]).toEqual(
			expect.objectContaining({
				stockId: expect.any(Number),
				available: true,
				assignedColor: { id: 2001 },
			}),
		);
		expect((await demo.get(`${SHOP_PATH}/products/4242`)).status).toBe(404);
		expect((await demo.get(`${SHOP_PATH}/products/expanded/4242`)).status).toBe(404);
	});

	test("every ProductSku is exactly the contract's record: id, stockId, available, assignedColor{id}, assignedSize{id}", async () => {
		const contractRecord = (sku: Record<string, unknown>) => {
			expect(Object.keys(sku).sort()).toEqual(
				['assignedColor', 'assignedSize', 'available', 'id', 'stockId'].sort(),
			);
			expect(sku).toEqual({
				id: expect.any(Number),
				stockId: expect.any(Number),
				available: expect.any(Boolean),
				assignedColor: { id: expect.any(Number) },
				assignedSize: { id: expect.any(Number) },
			});
		};
		for (const productId of [1001, 1002, 1003, 1004, 1005]) {
			const expanded = (await demo.get(`${SHOP_PATH}/products/expanded/${productId}`)).json.product;
			const embedded = list(expanded.productSkus.productSku);
			embedded.forEach(contractRecord);
			// The list endpoint, page by page (maxPageSize is 5 here).
			const listed = [];
			for (let page = 0; listed.length < embedded.length; page++) {
				const paged = (await demo.get(`${SHOP_PATH}/products/${productId}/sku?page=${page}`)).json
					.pagedData;
				expect(paged.totalElements).toBe(embedded.length);
				listed.push(...list(paged.productSku));
			}
			listed.forEach(contractRecord);
			expect(listed).toEqual(embedded);
		}
		// The product's own SKU is the contract's Product field and stays.
		expect((await demo.get(`${SHOP_PATH}/products/1004`)).json.product.sku).toBe('IPOD2008');
		const xml = await demo.get(`${SHOP_PATH}/products/1005/sku`, { accept: 'application/xml' });
		expect(xml.text).toContain('<productSku>');
		expect(xml.text).not.toContain('<sku>');
		expect(xml.text).not.toContain('Bar3');
	});

	test('a colour withdrawn (control) leaves the expanded product with its SKUs; offered again, it is back with the same IDs, in its place', async () => {
		const expanded = async () =>
			(await demo.get(`${SHOP_PATH}/products/expanded/1001`)).json.product;
		const colorsOf = (product: Json) =>
			list(product.assignedColors.assignedProductColorExpanded).map((c) => c.id);
		const skusOf = (product: Json) =>
			list(product.productSkus.productSku).map((s) => [
				s.id,
				s.assignedColor.id,
				s.assignedSize.id,
			]);
		const before = await expanded();
		const blackSkus = skusOf(before).filter(([, color]) => color === 2002);
		expect(blackSkus).toHaveLength(5);
		try {
			const withdrawn = await control.call('PUT', '/products/1001/colors/2002', { offered: false });
			expect(withdrawn).toEqual({
				productId: 1001,
				assignedColorId: 2002,
				offered: false,
				skuIds: blackSkus.map(([id]) => id),
			});
			const without = await expanded();
			expect(colorsOf(without)).toEqual([2001]);
			expect(skusOf(without)).toEqual(skusOf(before).filter(([, color]) => color !== 2002));
			const skuPage = (await demo.get(`${SHOP_PATH}/products/1001/sku?size=20`)).json.pagedData;
			expect(list(skuPage.productSku).map((s) => s.assignedColor.id)).not.toContain(2002);
			// Withdrawn twice is still withdrawn; an unknown colour or product is 404, a bad body 400.
			await control.call('PUT', '/products/1001/colors/2002', { offered: false });
			const status = async (path: string, body: Record<string, unknown>) =>
				(await control.answer('PUT', path, body)).status;
			expect(await status('/products/1001/colors/2099', { offered: false })).toBe(404);
			expect(await status('/products/4242/colors/2002', { offered: false })).toBe(404);
			expect(await status('/products/1001/colors/2002', { offered: 'no' })).toBe(400);
		} finally {
			await control.call('PUT', '/products/1001/colors/2002', { offered: true });
		}
		const back = await expanded();
		expect(colorsOf(back)).toEqual(colorsOf(before));
		expect(skusOf(back)).toEqual(skusOf(before));
	});

	test('assignedColors, assignedSizes and assignedViews links lead to lists', async () => {
		const colors = list(
			(await demo.get(`${SHOP_PATH}/products/1001/assignedColors`)).json.pagedData
				.assignedProductColor,
		);
		expect(colors.map((c) => c.id)).toEqual([2001, 2002]);
		const sizes = list(
			(await demo.get(`${SHOP_PATH}/products/1002/assignedSizes`)).json.pagedData
				.assignedProductSize,
		);
		expect(sizes.map((s) => s.id)).toEqual([3011, 3012, 3013, 3014]);
		const views = list(
			(await demo.get(`${SHOP_PATH}/products/1001/assignedViews`)).json.pagedData
				.assignedProductView,
		);
		expect(views.map((v) => v.view.position)).toEqual(['FRONT', 'BACK']);
	});

	test('shared products', async () => {
		const shared = list(
			(await demo.get(`${SHOP_PATH}/sharedProducts`)).json.pagedData.sharedProduct,
		);
		expect(shared[0]).toMatchObject({ uuid: DEMO.sharedProductUuid, product: { id: 1001 } });
	});

	test('XML answers: root element, attributes, atom:link with namespace, repeated elements', async () => {
		const result = await demo.get(`${SHOP_PATH}/products?size=2`, { accept: 'application/xml' });
		expect(result.headers['content-type']).toMatch(/application\/xml/);
		expect(result.text).toMatch(/^<\?xml version="1.0"/);
		expect(result.text).toContain('<pagedData xmlns:atom="http://www.w3.org/2005/Atom">');
		expect(result.text).toMatch(
			/<atom:link rel="next" href="[^"]+page=1" type="application\/xml"\/>/,
		);
		const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(
			result.text,
		);
		expect(parsed.pagedData.product).toHaveLength(2);
		expect(parsed.pagedData.totalElements).toBe(5);
		const single = await demo.get(`${SHOP_PATH}/products/1001`, { accept: 'application/xml' });
		expect(single.text).toContain(
			'<product xmlns:atom="http://www.w3.org/2005/Atom"><id>1001</id>',
		);
		const error = await demo.get(`${SHOP_PATH}/products/4242`, { accept: 'application/xml' });
		expect(error.status).toBe(404);
		expect(error.text).toContain('<exception');
		expect(error.text).toContain('<message>Product not found</message>');
	});

	test('quirks: one-member collections as objects and empty ones as "" can be switched off', async () => {
		const tote = (await demo.get(`${SHOP_PATH}/products/expanded/1003`)).json.product;
		expect(Array.isArray(tote.assignedColors.assignedProductColorExpanded)).toBe(false);
		expect(tote.assignedColors.assignedProductColorExpanded.id).toBe(2021);
		const emptyHooks = (await demo.get(`${SHOP_PATH}/webhooks`)).json.pagedData;
		expect(emptyHooks.webhook).toBe('');

		await control.call('PUT', '/quirks', { singleAsObject: false, emptyAsString: false });
		const plainTote = (await demo.get(`${SHOP_PATH}/products/expanded/1003`)).json.product;
		expect(plainTote.assignedColors.assignedProductColorExpanded).toEqual([
			expect.objectContaining({ id: 2021 }),
		]);
		expect((await demo.get(`${SHOP_PATH}/webhooks`)).json.pagedData.webhook).toEqual([]);
		expect(await control.call('GET', '/quirks')).toEqual({
			singleAsObject: false,
			emptyAsString: false,
			fulfilledAsFULFILLED: true,
			assignedPrintTechnologiesAsPrintTechnologies: false,
			langIdAsCode: false,
		});
		await control.call('POST', '/reset');
		await demo.login();
		expect((await demo.get(`${SHOP_PATH}/webhooks`)).json.pagedData.webhook).toBe('');
	});

	test('quirk: the expanded product names its print technologies printTechnologies, in JSON and XML', async () => {
		await control.call('PUT', '/quirks', { assignedPrintTechnologiesAsPrintTechnologies: true });
		const expanded = (await demo.get(`${SHOP_PATH}/products/expanded/1001`)).json.product;
		expect(expanded.assignedPrintTechnologies).toBeUndefined();
		expect(
			list(expanded.printTechnologies.assignedPrintTechnology).map((t) => t.printTechnology.id),
		).toEqual([11, 12]);
		const xml = await demo.call('GET', `${SHOP_PATH}/products/expanded/1001`, {
			accept: 'application/xml',
		});
		expect(xml.text).toContain('<printTechnologies><assignedPrintTechnology>');
		expect(xml.text).not.toContain('<assignedPrintTechnologies>');
		expect(
			(
				await control.answer('PUT', '/quirks', {
					assignedPrintTechnologiesAsPrintTechnologies: 'x',
				})
			).status,
		).toBe(400);
	});

	test('viewer reads shop resources', async () => {
		const viewer = new ServiceClient(sandbox.baseUrl);
		await viewer.login('viewer');
		expect((await viewer.get(`${SHOP_PATH}/products`)).status).toBe(200);
		expect((await viewer.get('/accounts/387/countries')).status).toBe(200);
	});
});

describe('sandbox: catalog with the variant SKU text extension (option variantSkuTexts)', () => {
	let sandbox: Sandbox;
	let demo: ServiceClient;

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, variantSkuTexts: true });
		demo = new ServiceClient(sandbox.baseUrl);
		await demo.login();
	});
	afterAll(() => sandbox.close());

	test('every ProductSku also carries its SKU text, in the expanded product, the SKU list and XML', async () => {
		const texts = async (productId: number) =>
			list(
				(await demo.get(`${SHOP_PATH}/products/expanded/${productId}`)).json.product.productSkus
					.productSku,
			).map((sku) => sku.sku);
		expect(await texts(1004)).toEqual(['IPOD2008GREEN', 'IPOD2008RED', 'IPOD2008BLACK']);
		expect(await texts(1005)).toEqual(['Bar3']);
		expect(await texts(1001)).toContain('TEE-CLASSIC-BLACK-L');
		const listed = list(
			(await demo.get(`${SHOP_PATH}/products/1001/sku?size=20`)).json.pagedData.productSku,
		);
		expect(listed.find((sku) => sku.sku === 'TEE-CLASSIC-BLACK-L')).toMatchObject({
			available: true,
			assignedColor: { id: 2002 },
			assignedSize: { id: 3003 },
		});
		const xml = await demo.get(`${SHOP_PATH}/products/1005/sku`, { accept: 'application/xml' });
		expect(xml.text).toContain('<sku>Bar3</sku>');
		expect((await demo.get(`${SHOP_PATH}/products/1001`)).json.product.sku).toBe('TEE-CLASSIC');
	});
});

describe('sandbox: paging with the option pagingDetails', () => {
	let sandbox: Sandbox;
	let demo: ServiceClient;

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, maxPageSize: 5, pagingDetails: true });
		demo = new ServiceClient(sandbox.baseUrl);
		await demo.login();
	});
	afterAll(() => sandbox.close());

	test('pagedData also carries totalPages, number, the size served (clamped) and a self link', async () => {
		const skus = (await demo.get(`${SHOP_PATH}/products/1001/sku?size=50&page=1`)).json.pagedData;
		expect(skus).toMatchObject({ totalElements: 11, totalPages: 3, number: 1, size: 5 });
		expect(list(skus.productSku)).toHaveLength(5);
		const self = list(skus['atom.link']).find((l) => l['@rel'] === 'self');
		expect(self?.['@href']).toMatch(/\/products\/1001\/sku\?.*page=1/);
	});
});
