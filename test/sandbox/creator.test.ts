import { startSandbox, type Sandbox } from '../../sandbox';
import { SHOP_PATH } from '../support/sandbox';
import { ServiceClient } from '../support/service';

const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

describe('sandbox: Creator snippet', () => {
	let sandbox: Sandbox;
	let demo: ServiceClient;
	const snippet = (query = '', accept?: string) =>
		demo.get(`${SHOP_PATH}/creator/snippet${query}`, { accept });

	beforeAll(async () => {
		// Bare-UUID tokens, also under SANDBOX_OPTIONS=all (test/creator runs routingSuffix).
		sandbox = await startSandbox({ port: 0, routingSuffix: false });
		demo = new ServiceClient(sandbox.baseUrl);
		await demo.login();
	});
	afterAll(() => sandbox.close());

	test('without parameters: a mount div and an async preloader script with the defaults', async () => {
		const result = await snippet();
		expect(result.status).toBe(200);
		const body = result.json.creatorSnippet;
		expect(body.widgetId).toBe('');
		expect(body.namespace).toBe('platform.creator.api');
		const url = new URL(body.preloaderUrl);
		expect(`${url.origin}${url.pathname}`).toBe(`${sandbox.baseUrl}/public/creator/preloader.js`);
		expect(Object.fromEntries(url.searchParams)).toMatchObject({
			accountId: '387',
			shopId: '1597',
			creatorDesignMode: 'SHOP',
			width: '100%',
			height: '100%',
			orderSessionId: demo.token,
		});
		expect(body.orderSessionId).toBe(demo.token);
		const escaped = body.preloaderUrl.replace(/&/g, '&amp;');
		expect(body.html).toBe(
			`<div id="topLevelSystemManager"></div><script async src="${escaped}"></script>`,
		);
		// The snippet is safe to repeat and has no configuration data-attributes.
		expect((await snippet()).json.creatorSnippet.html).toBe(body.html);
		expect(body.html).not.toContain('data-');
		const preloader = await demo.get('/public/creator/preloader.js', { token: null });
		expect(preloader.status).toBe(200);
		expect(preloader.headers['content-type']).toMatch(/javascript/);
	});

	test('every start parameter is packed into the preloader URL', async () => {
		const params = new URLSearchParams({
			productId: '1001',
			assignedColorId: '2002',
			assignedSizeId: '3003',
			amount: '3',
			sharedProductId: '3F1C2B7E-8A4D-4C1E-9B2A-5D6E7F8A9B01',
			orderedProductId: '50001',
			editOrderedProductId: '50002',
			templateProductId: '7001',
			creatorDesignMode: 'TEMPLATE',
			width: '800px',
			height: '90%',
			langId: '2',
			countryId: '5',
			priceInfoLabelType: 'GROSS',
			showPriceDetails: 'true',
			addToBasketCallback: 'onBasket',
			productChangeCallback: 'onProduct2',
			creatorStartCallback: 'onStart',
			widgetId: 'Two',
		});
		const body = (await snippet(`?${params.toString()}`)).json.creatorSnippet;
		const packed = Object.fromEntries(new URL(body.preloaderUrl).searchParams);
		for (const [key, value] of params) {
			expect([key, packed[key]]).toEqual([
				key,
				key === 'sharedProductId' ? value.toLowerCase() : value,
			]);
		}
		expect(packed.editOrderedProductSignature).toMatch(/^[0-9a-f]{64}$/);
		expect(body.widgetId).toBe('Two');
		expect(body.namespace).toBe('platform.creatorTwo.api');
		expect(
			body.html.startsWith('<div id="topLevelSystemManagerTwo"></div><script async src="'),
		).toBe(true);
		const otherEdit = (await snippet('?editOrderedProductId=50003')).json.creatorSnippet
			.preloaderUrl;
		expect(new URL(otherEdit).searchParams.get('editOrderedProductSignature')).not.toBe(
			packed.editOrderedProductSignature,
		);
	});

	test.each([
		['sharedProductId=not-a-uuid', /sharedProductId/],
		['addToBasketCallback=window.evil()', /addToBasketCallback/],
		['creatorStartCallback=on_start', /creatorStartCallback/],
		['productChangeCallback=a-b', /productChangeCallback/],
		['productId=abc', /productId/],
		['productId=4242', /productId/],
		['amount=0', /amount/],
		['creatorDesignMode=EDIT', /creatorDesignMode/],
		['width=wide', /width/],
		['height=10em', /height/],
		['showPriceDetails=maybe', /showPriceDetails/],
		['widgetId=a.b', /widgetId/],
	])('400 for %s', async (query, message) => {
		const result = await snippet(`?${query}`);
		expect(result.status).toBe(400);
		expect(result.json.exception.message).toMatch(message);
	});

	test('a non-alphanumeric callback carries the client error code 2155', async () => {
		const result = await snippet('?addToBasketCallback=do.it');
		expect(result.json.exception.code).toBe(2155);
	});

	test("the snippet carries the caller's session, whatever orderSessionId says", async () => {
		const page = new ServiceClient(sandbox.baseUrl);
		await page.login();
		expect(page.token).not.toBe(demo.token);
		const otherId = '0b6f5c1e-2d3a-4b5c-8d7e-9f0a1b2c3d4e';
		for (const query of ['', `?orderSessionId=${otherId}`, `?orderSessionId=${demo.token}.x`]) {
			const result = await page.get(`${SHOP_PATH}/creator/snippet${query}`);
			expect(result.status).toBe(200);
			const body = result.json.creatorSnippet;
			expect(body.orderSessionId).toBe(page.token);
			expect(new URL(body.preloaderUrl).searchParams.get('orderSessionId')).toBe(page.token);
			const uuids = new Set(JSON.stringify(body).match(UUIDS));
			expect([...uuids]).toEqual([page.token]);
		}
	});

	test("the snippet's session reads its own session order, apart from other sessions", async () => {
		const page = new ServiceClient(sandbox.baseUrl);
		await page.login();
		const sessionId = (await page.get(`${SHOP_PATH}/creator/snippet`)).json.creatorSnippet
			.orderSessionId;
		const asPage = (path: string, body?: unknown) =>
			page.call(body ? 'POST' : 'GET', path, { body, token: sessionId });
		const basket = (await asPage(`${SHOP_PATH}/orders/session`)).json.productionOrderExpanded;
		// What the widget does when the visitor adds a design to the basket.
		const added = await asPage(`${SHOP_PATH}/orders/${basket.id}/orderedProducts/usingCreatorSE`, {
			creatorse_design: {
				productId: 1001,
				amount: 2,
				assignedColor: { id: 2001 },
				assignedSize: { id: 3002 },
			},
		});
		expect(added.status).toBe(200);
		const again = (await asPage(`${SHOP_PATH}/orders/session`)).json.productionOrderExpanded;
		expect(again.id).toBe(basket.id);
		expect(again.orderedProducts.designedOrderedProduct).toMatchObject({
			id: added.json.orderedProduct.id,
			amount: 2,
		});
		const callers = (await demo.get(`${SHOP_PATH}/orders/session`)).json.productionOrderExpanded;
		expect(callers.id).not.toBe(basket.id);
		expect(callers.orderedProducts).toBe('');
	});

	test('a page session of the lowest role fills its own basket and no other order', async () => {
		const page = new ServiceClient(sandbox.baseUrl);
		expect((await page.login('creatorpage')).status).toBe(200);
		expect((await page.get('/accounts/session')).json.account.role).toBe('ROLE_AUTHORIZED_USER');
		const snippetAnswer = await page.get(`${SHOP_PATH}/creator/snippet`);
		expect(snippetAnswer.status).toBe(200);
		expect(snippetAnswer.json.creatorSnippet.orderSessionId).toBe(page.token);
		const design = {
			creatorse_design: {
				productId: 1001,
				amount: 1,
				assignedColor: { id: 2001 },
				assignedSize: { id: 3002 },
			},
		};
		const addTo = (client: ServiceClient, orderId: number) =>
			client.post(`${SHOP_PATH}/orders/${orderId}/orderedProducts/usingCreatorSE`, design);

		const basket = (await page.get(`${SHOP_PATH}/orders/session`)).json.productionOrderExpanded;
		expect((await addTo(page, basket.id)).status).toBe(200);
		// Another session's basket, a draft of the shop and an unknown order: all refused alike.
		const othersBasket = (await demo.get(`${SHOP_PATH}/orders/session`)).json
			.productionOrderExpanded;
		expect((await addTo(page, othersBasket.id)).status).toBe(403);
		const draft = await demo.post(`${SHOP_PATH}/orders`, {
			productionOrder: {
				country: { id: 1 },
				orderShipping: { title: 'Std', carrier: { id: 23 } },
				customer: {
					firstName: 'A',
					shippingAddress: { street: 'Main', streetNo: '1', city: 'Berlin', zip: '10115' },
				},
			},
		});
		expect(draft.status).toBe(200);
		expect((await addTo(page, draft.json.productionOrderExpanded.id)).status).toBe(403);
		expect((await addTo(page, 999999)).status).toBe(403);
		expect((await page.put(`${SHOP_PATH}/orders/${basket.id}/commitOrder`)).status).toBe(403);
		// A second session of the same login has a basket of its own.
		const second = new ServiceClient(sandbox.baseUrl);
		await second.login('creatorpage');
		expect((await addTo(second, basket.id)).status).toBe(403);
	});

	test('XML answer, and the usual session and scope rules', async () => {
		const xml = await snippet('?widgetId=X1', 'application/xml');
		expect(xml.text).toContain('<creatorSnippet');
		expect(xml.text).toContain('<widgetId>X1</widgetId>');
		expect(xml.text).toContain('&lt;div id=&quot;topLevelSystemManagerX1&quot;&gt;');
		expect((await demo.get(`${SHOP_PATH}/creator/snippet`, { token: null })).status).toBe(401);
		expect((await demo.get('/accounts/999/shops/9999/creator/snippet')).status).toBe(404);
	});
});
