import type { Sandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import { runNode } from '../support/n8n';
import { SHOP, control, demoStore, requestLog } from '../motive/helpers';

let sandbox: Sandbox;

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0 });
});
afterAll(async () => {
	await sandbox.close();
});
beforeEach(async () => {
	await control(sandbox, 'POST', '/reset');
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The contract's shape: exactly the mount div and one async script loading the preloader. */
const SNIPPET_SHAPE =
	/^<div id="topLevelSystemManager([A-Za-z0-9]*)"><\/div><script async src="([^"<>]+)"><\/script>$/;

function snippet(options: Record<string, unknown> = {}) {
	return { resource: 'creator', operation: 'getSnippet', shop: SHOP, options };
}

function unescapeAttribute(text: string): string {
	return text
		.replace(/&quot;/g, '"')
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&amp;/g, '&');
}

test('without options: the mount div, one async preloader script and a sized page fragment', async () => {
	const store = demoStore(sandbox);
	const result = await runNode({ store, parameters: snippet() });
	expect(result.error).toBeUndefined();
	const out = result.items[0].json as Record<string, string>;

	const match = SNIPPET_SHAPE.exec(out.html);
	expect(match).not.toBeNull();
	expect(match![1]).toBe('');
	expect(unescapeAttribute(match![2])).toBe(out.preloaderUrl);
	expect(out.widgetId).toBe('');
	expect(out.namespace).toBe('platform.creator.api');
	expect(out.pageFragment).toBe(
		`<div id="creatorContainer" style="width:100%;height:100%">${out.html}</div>`,
	);

	const url = new URL(out.preloaderUrl);
	expect(`${url.origin}${url.pathname}`).toBe(`${sandbox.baseUrl}/public/creator/preloader.js`);
	expect(Object.fromEntries(url.searchParams)).toEqual({
		accountId: '387',
		shopId: '1597',
		creatorDesignMode: 'SHOP',
		width: '100%',
		height: '100%',
		orderSessionId: out.orderSessionId,
	});
	// A fresh basket session, never the credential's session token.
	expect(out.orderSessionId).toMatch(UUID);
	const token = String(store.data().sessionToken);
	expect(token).not.toBe('');
	expect(JSON.stringify(result.items)).not.toContain(token);

	const preloader = await fetch(out.preloaderUrl);
	expect(preloader.status).toBe(200);
	expect(preloader.headers.get('content-type')).toMatch(/javascript/);
});

test('every start parameter of the contract reaches the preloader URL', async () => {
	const store = demoStore(sandbox);
	const sessionUuid = '0b6f5c1e-2d3a-4b5c-8d7e-9f0a1b2c3d4e';
	const options = {
		productId: '1001',
		assignedColorId: '2001',
		assignedSizeId: '3002',
		amount: 3,
		sharedProductId: '3f1c2b7e-8a4d-4c1e-9b2a-5d6e7f8a9b01',
		orderedProductId: '50001',
		editOrderedProductId: '50002',
		templateProductId: '7001',
		creatorDesignMode: 'TEMPLATE',
		width: '800',
		height: '90%',
		langId: '1',
		countryId: '1',
		priceInfoLabelType: 'NET',
		showPriceDetails: true,
		addToBasketCallback: 'onAddToBasket',
		productChangeCallback: 'onProductChange',
		creatorStartCallback: 'onCreatorStart',
		widgetId: 'second',
		orderSessionId: `${sessionUuid}.node-7`,
	};
	const result = await runNode({ store, parameters: snippet(options) });
	expect(result.error).toBeUndefined();
	const out = result.items[0].json as Record<string, string>;

	const match = SNIPPET_SHAPE.exec(out.html);
	expect(match![1]).toBe('second');
	expect(unescapeAttribute(match![2])).toBe(out.preloaderUrl);
	expect(out.widgetId).toBe('second');
	expect(out.namespace).toBe('platform.creatorsecond.api');
	expect(out.orderSessionId).toBe(sessionUuid);
	expect(out.pageFragment).toBe(
		`<div id="creatorContainersecond" style="width:800px;height:90%">${out.html}</div>`,
	);

	const params = Object.fromEntries(new URL(out.preloaderUrl).searchParams);
	expect(params).toMatchObject({
		accountId: '387',
		shopId: '1597',
		productId: '1001',
		assignedColorId: '2001',
		assignedSizeId: '3002',
		amount: '3',
		sharedProductId: options.sharedProductId,
		orderedProductId: '50001',
		editOrderedProductId: '50002',
		templateProductId: '7001',
		creatorDesignMode: 'TEMPLATE',
		width: '800',
		height: '90%',
		langId: '1',
		countryId: '1',
		priceInfoLabelType: 'NET',
		showPriceDetails: 'true',
		addToBasketCallback: 'onAddToBasket',
		productChangeCallback: 'onProductChange',
		creatorStartCallback: 'onCreatorStart',
		widgetId: 'second',
		orderSessionId: sessionUuid,
	});
	expect(params.editOrderedProductSignature).toMatch(/^[0-9a-f]{64}$/);

	// What went over the wire: the suffix was stripped before sending.
	const sent = (await requestLog(sandbox)).find((r) => r.path.endsWith('/creator/snippet'));
	expect(JSON.stringify(sent?.query)).toContain(sessionUuid);
	expect(JSON.stringify(sent?.query)).not.toContain('node-7');
});

test('invalid parameters are refused before sending, naming the item and the field', async () => {
	const store = demoStore(sandbox);
	const cases: Array<[Record<string, unknown>, string]> = [
		[
			{ addToBasketCallback: 'on-add' },
			'Item 1: Add To Basket Callback must be an alphanumeric function name, got "on-add"',
		],
		[
			{ creatorStartCallback: 'window.start' },
			'Item 1: Creator Start Callback must be an alphanumeric function name, got "window.start"',
		],
		[{ sharedProductId: '9501' }, 'Item 1: Shared Product ID must be a UUID, got "9501"'],
		[{ width: 'wide' }, 'Item 1: Width must be a CSS length, a percentage or pixels, got "wide"'],
		[
			{ height: '100%;color:red' },
			'Item 1: Height must be a CSS length, a percentage or pixels, got "100%;color:red"',
		],
		[
			{ creatorDesignMode: 'DRAFT' },
			'Item 1: Creator Design Mode must be SHOP or TEMPLATE, got "DRAFT"',
		],
		[{ amount: 0 }, 'Item 1: Amount must be a positive whole number, got "0"'],
		[{ amount: 1.5 }, 'Item 1: Amount must be a positive whole number, got "1.5"'],
		[{ productId: 'tee' }, 'Item 1: Product ID must be a whole number, got "tee"'],
		[{ widgetId: 'a-b' }, 'Item 1: Widget ID must be alphanumeric, got "a-b"'],
		[
			{ orderSessionId: 'basket-1.node7' },
			'Item 1: Order Session ID must be a UUID, got "basket-1"',
		],
	];
	for (const [options, message] of cases) {
		const result = await runNode({ store, parameters: snippet(options) });
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toBeTruthy();
	}
	expect(await requestLog(sandbox)).toEqual([]);
});

test('a parameter only the service can check comes back as its 400', async () => {
	const store = demoStore(sandbox);
	const result = await runNode({ store, parameters: snippet({ productId: '999999' }) });
	expect(result.error?.httpCode).toBe('400');
	expect(result.error?.message).toMatch(/productId/);
});

test('the same snippet through an XML credential', async () => {
	const store = demoStore(sandbox, { mediaType: 'xml' });
	const result = await runNode({
		store,
		parameters: snippet({ productId: '1001', widgetId: 'x1' }),
	});
	expect(result.error).toBeUndefined();
	const out = result.items[0].json as Record<string, string>;
	const match = SNIPPET_SHAPE.exec(out.html);
	expect(match![1]).toBe('x1');
	expect(unescapeAttribute(match![2])).toBe(out.preloaderUrl);
	expect(new URL(out.preloaderUrl).searchParams.get('productId')).toBe('1001');
	expect((await requestLog(sandbox)).find((r) => r.path.endsWith('/snippet'))?.accept).toBe(
		'application/xml',
	);
});
