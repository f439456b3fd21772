import type { INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { DEMO } from '../../sandbox';
import { runNode } from '../support/n8n';
import {
	CREATOR_PAGE_LOGIN,
	SandboxControl,
	sandboxCredentials,
	shopParameter,
	useSandbox,
} from '../support/sandbox';
import { demoStore } from '../motive/helpers';
import { ServiceClient } from '../support/service';

let sandbox: Sandbox;
let control: SandboxControl;
// sessionDetailsByToken: these tests learn who holds a session with GET /auth and its token
// (ownerOf), which the package never asks. routingSuffix off, also under SANDBOX_OPTIONS=all:
// they compare tokens with bare UUIDs; the routingSuffix block below runs with it on.
useSandbox((started) => ({ sandbox, control } = started), {
	sessionDetailsByToken: true,
	routingSuffix: false,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ANY_UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** The contract's shape: exactly the mount div and one async script loading the preloader. */
const SNIPPET_SHAPE =
	/^<div id="topLevelSystemManager([A-Za-z0-9]*)"><\/div><script async src="([^"<>]+)"><\/script>$/;

function snippet(options: INodeParameters = {}): INodeParameters {
	return { resource: 'creator', operation: 'getSnippet', shop: shopParameter(), options };
}

type Out = Record<string, string>;

/** Every UUID in the parts of the snippet a merchant publishes. */
function publishedUuids(out: Out): string[] {
	const published = [out.html, out.preloaderUrl, out.pageFragment].join(' ');
	return [...new Set(published.match(ANY_UUID))];
}

/** A GET or POST on the service with a given session, as the widget on the page does. */
async function asSession(token: string, path: string, body?: unknown) {
	const page = ServiceClient.withSession(sandbox.baseUrl, token);
	return body === undefined ? await page.get(path) : await page.post(path, body);
}

function unescapeAttribute(text: string): string {
	return text
		.replace(/&quot;/g, '"')
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&amp;/g, '&');
}

test('without options: the mount div, one async preloader script and a sized page fragment', async () => {
	// Without an Account ID the credential logs in to learn it: its session exists during the run.
	const store = sandboxCredentials(sandbox, CREATOR_PAGE_LOGIN);
	const result = await runNode({ store, parameters: snippet() });
	expect(result.error).toBeUndefined();
	const out = result.items[0].json as Out;

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
	// The page's own session, never the credential's session token.
	expect(out.orderSessionId).toMatch(UUID);
	const token = String(store.data().sessionToken);
	expect(token).toMatch(UUID);
	expect(out.orderSessionId).not.toBe(token);
	expect(JSON.stringify(result.items)).not.toContain(token);
	expect(publishedUuids(out)).toEqual([out.orderSessionId]);
	// Two logins: the credential's, and the page session's (which asked for the snippet).
	expect((await control.call('GET', '/stats')).logins).toBe(2);

	const preloader = await fetch(out.preloaderUrl);
	expect(preloader.status).toBe(200);
	expect(preloader.headers.get('content-type')).toMatch(/javascript/);
});

test('every start parameter of the contract reaches the preloader URL', async () => {
	const store = demoStore(sandbox, CREATOR_PAGE_LOGIN);
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
	};
	const result = await runNode({ store, parameters: snippet(options) });
	expect(result.error).toBeUndefined();
	const out = result.items[0].json as Out;

	const match = SNIPPET_SHAPE.exec(out.html);
	expect(match![1]).toBe('second');
	expect(unescapeAttribute(match![2])).toBe(out.preloaderUrl);
	expect(out.widgetId).toBe('second');
	expect(out.namespace).toBe('platform.creatorsecond.api');
	expect(out.orderSessionId).toMatch(UUID);
	expect(publishedUuids(out).sort()).toEqual([out.orderSessionId, options.sharedProductId].sort());
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
		orderSessionId: out.orderSessionId,
	});
	expect(params.editOrderedProductSignature).toMatch(/^[0-9a-f]{64}$/);

	// What went over the wire: no session parameter (the contract has none), only the session.
	const sent = (await control.requests()).find((r) => r.path.endsWith('/creator/snippet'));
	expect(sent?.query).not.toHaveProperty('orderSessionId');
	expect(sent?.hasToken).toBe(true);
});

test('invalid parameters are refused before sending, naming the item and the field', async () => {
	const store = demoStore(sandbox, CREATOR_PAGE_LOGIN);
	const cases: Array<[INodeParameters, string]> = [
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
			{ pageSessionId: 'basket-1.node7' },
			'Item 1: Reuse Page Session ID must be a session UUID, got "basket-1.node7"',
		],
	];
	for (const [options, message] of cases) {
		const result = await runNode({ store, parameters: snippet(options) });
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toBeTruthy();
	}
	expect(await control.requests()).toEqual([]);
});

test('a parameter only the service can check comes back as its 400', async () => {
	const store = demoStore(sandbox, CREATOR_PAGE_LOGIN);
	const result = await runNode({ store, parameters: snippet({ productId: '999999' }) });
	expect(result.error?.httpCode).toBe('400');
	expect(result.error?.message).toMatch(/productId/);
});

test('the same snippet through an XML credential', async () => {
	const store = sandboxCredentials(sandbox, { ...CREATOR_PAGE_LOGIN, mediaType: 'xml' });
	const result = await runNode({
		store,
		parameters: snippet({ productId: '1001', widgetId: 'x1' }),
	});
	expect(result.error).toBeUndefined();
	const out = result.items[0].json as Out;
	const match = SNIPPET_SHAPE.exec(out.html);
	expect(match![1]).toBe('x1');
	expect(publishedUuids(out)).toEqual([out.orderSessionId]);
	expect(JSON.stringify(out)).not.toContain(String(store.data().sessionToken));
	expect(unescapeAttribute(match![2])).toBe(out.preloaderUrl);
	expect(new URL(out.preloaderUrl).searchParams.get('productId')).toBe('1001');
	expect((await control.requests()).find((r) => r.path.endsWith('/snippet'))?.accept).toBe(
		'application/xml',
	);
});

describe("a page session's basket", () => {
	const sessionOrder = (orderSessionId?: string) => ({
		resource: 'order',
		operation: 'getSessionOrder',
		shop: shopParameter(),
		...(orderSessionId === undefined ? {} : { orderSessionId }),
	});

	test("Get Session Order with the snippet's Order Session ID reads that page's basket", async () => {
		const store = demoStore(sandbox, CREATOR_PAGE_LOGIN);
		const page = (await runNode({ store, parameters: snippet() })).items[0].json as Out;

		// The visitor adds a design to the basket: the widget calls the service with the page session.
		const basket = await asSession(page.orderSessionId, '/accounts/387/shops/1597/orders/session');
		expect(basket.status).toBe(200);
		const basketId = basket.json.productionOrderExpanded.id;
		const added = await asSession(
			page.orderSessionId,
			`/accounts/387/shops/1597/orders/${basketId}/orderedProducts/usingCreatorSE`,
			{
				creatorse_design: {
					productId: 1001,
					amount: 3,
					assignedColor: { id: 2002 },
					assignedSize: { id: 3003 },
				},
			},
		);
		expect(added.status).toBe(200);

		const read = await runNode({ store, parameters: sessionOrder(page.orderSessionId) });
		expect(read.error).toBeUndefined();
		const order = read.items[0].json as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
		expect(order.id).toBe(basketId);
		expect(order.orderedProducts).toEqual([
			expect.objectContaining({ id: added.json.orderedProduct.id, amount: 3 }),
		]);

		// Without the field: the credential's own session order, another (empty) basket.
		const own = await runNode({ store, parameters: sessionOrder() });
		expect(own.error).toBeUndefined();
		expect(own.items[0].json.id).not.toBe(basketId);
		expect(own.items[0].json.orderedProducts).toEqual([]);
		expect(JSON.stringify([read.items, own.items])).not.toContain(
			String(store.data().sessionToken),
		);
	});

	test('Reuse Page Session ID binds a second snippet to the same page session, without a login', async () => {
		const store = demoStore(sandbox, CREATOR_PAGE_LOGIN);
		const first = (await runNode({ store, parameters: snippet() })).items[0].json as Out;
		const loginsBefore = (await control.call('GET', '/stats')).logins;
		const second = await runNode({
			store,
			parameters: snippet({ pageSessionId: first.orderSessionId, widgetId: 'two' }),
		});
		expect(second.error).toBeUndefined();
		const out = second.items[0].json as Out;
		expect(out.orderSessionId).toBe(first.orderSessionId);
		expect(publishedUuids(out)).toEqual([first.orderSessionId]);
		expect((await control.call('GET', '/stats')).logins).toBe(loginsBefore);
	});

	test("a snippet that would hold the credential's session is never returned", async () => {
		const store = sandboxCredentials(sandbox, CREATOR_PAGE_LOGIN);
		expect((await runNode({ store, parameters: sessionOrder() })).error).toBeUndefined();
		const token = String(store.data().sessionToken);
		expect(token).toMatch(UUID);
		// Only a test knows the credential's token; reusing it as a page session must not leak it.
		const result = await runNode({ store, parameters: snippet({ pageSessionId: token }) });
		expect(result.error?.message).toMatch(/holds the session of the credential/);
		expect(result.items).toEqual([]);
		// The error object carries the node's parameters (where this test put the token) as n8n
		// errors do; what the node itself says must not repeat it.
		expect(`${result.error?.message} ${result.error?.description}`).not.toContain(token);
	});

	test('a bad Order Session ID is refused before sending, naming the item and the field', async () => {
		const store = demoStore(sandbox, CREATOR_PAGE_LOGIN);
		const result = await runNode({ store, parameters: sessionOrder('basket-1') });
		expect(result.error?.message).toBe(
			'Item 1: Order Session ID must be a session UUID, got "basket-1"',
		);
		expect(result.error?.description).toMatch(/Get Snippet/);
		expect(await control.requests()).toEqual([]);
	});

	test('a page session that has ended is named as such, in both operations', async () => {
		const store = demoStore(sandbox, CREATOR_PAGE_LOGIN);
		const ended = '0b6f5c1e-2d3a-4b5c-8d7e-9f0a1b2c3d4e';
		const read = await runNode({ store, parameters: sessionOrder(ended) });
		expect(read.error?.httpCode).toBe('401');
		expect(read.error?.message).toBe(
			'Item 1: The service refused the page session given in Order Session ID',
		);
		const reused = await runNode({ store, parameters: snippet({ pageSessionId: ended }) });
		expect(reused.error?.message).toBe(
			'Item 1: The service refused the page session given in Reuse Page Session ID',
		);
		expect(reused.error?.description).toMatch(/Get Snippet again/);
	});

	test('a wrong page password fails the page session with advice, never with the password', async () => {
		const wrongPassword = ['not', 'the', 'Passw0rd'].join('-');
		const store = demoStore(sandbox, { ...CREATOR_PAGE_LOGIN, creatorPagePassword: wrongPassword });
		const result = await runNode({ store, parameters: snippet() });
		expect(result.error?.message).toBe(
			'The service refused the Creator Page Login: check the Creator Page Login and Creator Page Password of the POD Platform credential',
		);
		expect(result.error?.description).toMatch(
			/correct Creator Page Login and Creator Page Password/,
		);
		expect(JSON.stringify(result.error)).not.toContain(wrongPassword);
		expect(result.items).toEqual([]);
		// Only the page login's own attempt went out; no snippet was asked for.
		expect((await control.requests()).map((r) => r.path)).toEqual(['/auth']);
	});
});

describe('the Creator page login', () => {
	/** Who a session belongs to, as the service tells its own session (field notes, Session). */
	async function ownerOf(token: string) {
		const details = await asSession(token, '/auth');
		const account = await asSession(token, '/accounts/session');
		return {
			status: details.status,
			userId: details.json?.authSessionDetails?.userId,
			customerPermanentStorageId: details.json?.authSessionDetails?.customerPermanentStorageId,
			// The role is the sandbox's own addition to the account; the contract does not name it.
			role: account.json?.account?.role,
		};
	}

	/** The user id of a login, from a login of its own (after the node's runs: it counts). */
	async function userIdOf(login: string, password: string) {
		const client = new ServiceClient(sandbox.baseUrl);
		const answer = await client.login(login, password);
		expect(answer.status).toBe(200);
		return answer.json.authSessionDetails.userId as number;
	}

	test('without a page login Get Snippet is refused, explaining why and how, and sends nothing', async () => {
		const cases: Array<[string, Record<string, string>]> = [
			['no page login', {}],
			['an empty page login', { creatorPageLogin: '', creatorPagePassword: '' }],
			['a page login without its password', { creatorPageLogin: 'creatorpage' }],
			['only spaces', { creatorPageLogin: '  ', creatorPagePassword: 'x' }],
		];
		for (const [name, fields] of cases) {
			const store = sandboxCredentials(sandbox, fields);
			for (const options of [{}, { pageSessionId: '0b6f5c1e-2d3a-4b5c-8d7e-9f0a1b2c3d4e' }]) {
				const result = await runNode({ store, parameters: snippet(options) });
				expect({ name, message: result.error?.message }).toEqual({
					name,
					message:
						"Get Snippet needs the Creator Page Login and Creator Page Password of the POD Platform credential: without them every visitor of the page would hold a session of the credential's own login",
				});
				expect(result.error?.description).toBe(
					'Open the POD Platform credential, fill in Creator Page Login and Creator Page Password with a login of the lowest role (ROLE_AUTHORIZED_USER) that may use the shop, and save it. Nothing was sent to the service.',
				);
				expect(result.items).toEqual([]);
			}
			// Not even the credential's own login (its Account ID is empty here).
			expect(store.data().sessionToken).toBe('');
		}
		expect(await control.requests()).toEqual([]);
		expect((await control.stats()).logins).toBe(0);
	});

	test("the credential's own Login as the page login is refused alike, before sending", async () => {
		const store = sandboxCredentials(sandbox, {
			creatorPageLogin: ` ${DEMO.login.toUpperCase()} `,
			creatorPagePassword: DEMO.password,
		});
		const result = await runNode({ store, parameters: snippet() });
		expect(result.error?.message).toBe(
			'The Creator Page Login of the POD Platform credential is its own Login: every visitor of the page would hold a session of that login',
		);
		expect(result.error?.description).toMatch(
			/with another login of the lowest role \(ROLE_AUTHORIZED_USER\)/,
		);
		expect(await control.requests()).toEqual([]);
	});

	test("the snippet's session belongs to the page login, and the credential's session is untouched", async () => {
		const store = demoStore(sandbox, CREATOR_PAGE_LOGIN);
		// The credential's own session first, through another operation.
		const own = await runNode({
			store,
			parameters: { resource: 'order', operation: 'getSessionOrder', shop: shopParameter() },
		});
		expect(own.error).toBeUndefined();
		const credentialToken = String(store.data().sessionToken);
		expect(credentialToken).toMatch(UUID);

		const result = await runNode({ store, parameters: snippet() });
		expect(result.error).toBeUndefined();
		const out = result.items[0].json as Out;
		expect(publishedUuids(out)).toEqual([out.orderSessionId]);

		// The credential keeps its token, which still works and still is the credential's login's.
		expect(store.data().sessionToken).toBe(credentialToken);
		const credentialSession = await ownerOf(credentialToken);
		const pageSession = await ownerOf(out.orderSessionId);
		expect(credentialSession.status).toBe(200);
		expect(pageSession.status).toBe(200);
		expect(credentialSession.role).toBe('ROLE_ACCOUNT_ADMIN');
		expect(pageSession.role).toBe('ROLE_AUTHORIZED_USER');
		expect(pageSession.userId).toBe(
			await userIdOf(DEMO.users.creatorPage.login, DEMO.users.creatorPage.password),
		);
		expect(credentialSession.userId).toBe(await userIdOf(DEMO.login, DEMO.password));
		expect(pageSession.userId).not.toBe(credentialSession.userId);
		// The credential's basket is not the page's.
		const again = await runNode({
			store,
			parameters: { resource: 'order', operation: 'getSessionOrder', shop: shopParameter() },
		});
		expect(again.items[0].json.id).toBe(own.items[0].json.id);
		expect(store.data().sessionToken).toBe(credentialToken);
	});

	test('the page login signs in without the Customer Key of the credential', async () => {
		// A customer key as the public Nonce resource gives one.
		const nonce = await new ServiceClient(sandbox.baseUrl).get('/public/nonce/uuid');
		const store = demoStore(sandbox, {
			...CREATOR_PAGE_LOGIN,
			customerKey: String(nonce.json.string.value),
		});
		const own = await runNode({
			store,
			parameters: { resource: 'order', operation: 'getSessionOrder', shop: shopParameter() },
		});
		expect(own.error).toBeUndefined();
		const result = await runNode({ store, parameters: snippet() });
		expect(result.error).toBeUndefined();
		const page = await ownerOf(String(result.items[0].json.orderSessionId));
		const credential = await ownerOf(String(store.data().sessionToken));
		expect(credential.customerPermanentStorageId).toEqual(expect.any(Number));
		expect(page.customerPermanentStorageId).toBeUndefined();
	});

	test('a page login of another account is named in the refusal of the shop', async () => {
		const store = demoStore(sandbox, {
			creatorPageLogin: DEMO.users.foreign.login,
			creatorPagePassword: DEMO.users.foreign.password,
		});
		const result = await runNode({ store, parameters: snippet() });
		expect(result.error?.httpCode).toBe('404');
		expect(result.error?.message).toBe(
			'Item 1: The service refused the shop to the Creator Page Login (HTTP 404)',
		);
		expect(result.error?.description).toMatch(
			/a login of the shop's account that may use this shop/,
		);
		expect(result.items).toEqual([]);
	});

	test('the page session fills its own basket and may place no order of the shop', async () => {
		const store = demoStore(sandbox, CREATOR_PAGE_LOGIN);
		const page = (await runNode({ store, parameters: snippet() })).items[0].json as Out;
		const basket = await asSession(page.orderSessionId, '/accounts/387/shops/1597/orders/session');
		const added = await asSession(
			page.orderSessionId,
			`/accounts/387/shops/1597/orders/${basket.json.productionOrderExpanded.id}/orderedProducts/usingCreatorSE`,
			{
				creatorse_design: {
					productId: 1001,
					amount: 1,
					assignedColor: { id: 2001 },
					assignedSize: { id: 3001 },
				},
			},
		);
		expect(added.status).toBe(200);
		// A page session may not place orders of the shop: its role is the lowest.
		const draft = await asSession(page.orderSessionId, '/accounts/387/shops/1597/orders', {
			productionOrder: { country: { id: 1 } },
		});
		expect(draft.status).toBe(403);
	});
});

describe('on a service whose session tokens carry a routing suffix (option routingSuffix)', () => {
	let suffixed: Sandbox;
	let suffixedControl: SandboxControl;
	useSandbox((started) => ({ sandbox: suffixed, control: suffixedControl } = started), {
		routingSuffix: true,
	});

	test('the page gets the bare UUID as its Order Session ID, which the Creator and Get Session Order take', async () => {
		// The token as issued carries the suffix: the x-auth-token is used as issued (contract).
		const login = new ServiceClient(suffixed.baseUrl);
		await login.login(CREATOR_PAGE_LOGIN.creatorPageLogin, CREATOR_PAGE_LOGIN.creatorPagePassword);
		expect(login.token).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9-]+$/);

		const store = demoStore(suffixed, CREATOR_PAGE_LOGIN);
		const result = await runNode({ store, parameters: snippet() });
		expect(result.error).toBeUndefined();
		const out = result.items[0].json as Out;
		// The strip (creator/snippetQuery.ts stripRoutingSuffix): without it this is `<uuid>.<suffix>`.
		expect(out.orderSessionId).toMatch(UUID);
		const preloader = new URL(out.preloaderUrl);
		expect(preloader.searchParams.get('orderSessionId')).toBe(out.orderSessionId);
		expect(publishedUuids(out)).toEqual([out.orderSessionId]);
		// The Creator starts with the bare id (it fails with 500 on a suffixed one).
		const started = await new ServiceClient(suffixed.baseUrl).get(
			`${preloader.pathname.replace(/^.*\/webservices\/rest/, '')}${preloader.search}`,
			{ token: null },
		);
		expect(started.status).toBe(200);

		// Reusing the page session by its bare id binds a second snippet to it.
		const again = await runNode({
			store,
			parameters: snippet({ pageSessionId: out.orderSessionId, widgetId: 'two' }),
		});
		expect(again.error).toBeUndefined();
		expect((again.items[0].json as Out).orderSessionId).toBe(out.orderSessionId);
		expect((await suffixedControl.stats()).logins).toBe(2);

		// The basket of that page session, read by its bare id.
		const basket = await runNode({
			store,
			parameters: {
				resource: 'order',
				operation: 'getSessionOrder',
				shop: shopParameter(),
				orderSessionId: out.orderSessionId,
			},
		});
		expect(basket.error).toBeUndefined();
		expect(basket.items[0].json.orderedProducts).toEqual([]);
	});
});
