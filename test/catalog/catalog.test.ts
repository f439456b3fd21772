import type { Sandbox } from '../../sandbox';
import { DEMO, startSandbox } from '../../sandbox';
import { runNode } from '../support/n8n';
import { byId, SandboxControl, sandboxCredentials, shopParameter } from '../support/sandbox';

let sandbox: Sandbox;
let control: SandboxControl;

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0, maxPageSize: 3 });
	control = new SandboxControl(sandbox);
});

afterAll(async () => {
	await sandbox.close();
});

beforeEach(async () => {
	await control.call('POST', '/reset');
});

/** Parameters of a Product operation on one product of the demo shop. */
const productParameters = (
	operation: string,
	productId: string,
	extra: Record<string, unknown> = {},
) => ({
	resource: 'product',
	operation,
	shop: shopParameter(),
	productId: byId(productId),
	...extra,
});

/** Parameters of Product → Get Many (Return All) in a shop of the demo account. */
const productList = (extra: Record<string, unknown> = {}, shopId?: number) => ({
	resource: 'product',
	operation: 'getAll',
	returnAll: true,
	shop: shopParameter(shopId),
	...extra,
});

const stats = async () => await control.stats();
const requests = async () => await control.requests();

describe('session', () => {
	test('one login serves many items and the next execution', async () => {
		const store = sandboxCredentials(sandbox);
		const items = Array.from({ length: 5 }, () => ({ json: {} }));
		const first = await runNode({
			store,
			items,
			parameters: { resource: 'shop', operation: 'getAll', returnAll: true },
		});
		expect(first.error).toBeUndefined();
		expect(first.items).toHaveLength(10);
		expect(first.items.map((item) => item.pairedItem)).toEqual(
			[0, 0, 1, 1, 2, 2, 3, 3, 4, 4].map((item) => ({ item })),
		);
		const second = await runNode({
			store,
			parameters: { resource: 'country', operation: 'getAll', returnAll: true },
		});
		expect(second.error).toBeUndefined();
		expect((await stats()).logins).toBe(1);
		expect(store.preAuthenticationCount).toBe(1);
		expect(store.data().sessionAccountId).toBe(String(DEMO.accountId));
	});

	test('an expired token is renewed with no failed item', async () => {
		const store = sandboxCredentials(sandbox);
		await control.call('PUT', '/session-policy', { expireAfterRequests: 4 });
		const items = Array.from({ length: 12 }, () => ({ json: {} }));
		const run = await runNode({
			store,
			items,
			parameters: productList(),
		});
		expect(run.error).toBeUndefined();
		expect(run.items).toHaveLength(60);
		const { logins } = await stats();
		// Every item reads one page of 5; the token lasts 4 requests, so it expires several times.
		expect(logins).toBeGreaterThan(2);
		expect(store.preAuthenticationCount).toBe(logins);
	});

	test('a wrong password says the login was refused, without the password', async () => {
		const store = sandboxCredentials(sandbox, { password: 'not-the-password' });
		const run = await runNode({
			store,
			parameters: { resource: 'shop', operation: 'getAll', returnAll: true },
		});
		expect(run.error?.message).toBe(
			'The service refused the login: check the login and password of the POD Platform credential',
		);
		expect(run.error?.message).not.toMatch(/reach|network/i);
		expect(String(run.error?.description)).not.toMatch(/network|base URL|Tried/i);
		expect(JSON.stringify(run.error)).not.toContain('not-the-password');
		expect(run.items).toHaveLength(0);
		// Refused once, not retried as if the network had failed.
		expect(store.preAuthenticationCount).toBe(1);
	});
});

describe('lists', () => {
	test('Return All follows next links over many pages and checks the total', async () => {
		const store = sandboxCredentials(sandbox);
		const run = await runNode({
			store,
			parameters: { resource: 'country', operation: 'getAll', returnAll: true },
		});
		expect(run.error).toBeUndefined();
		expect(run.items.map((item) => item.json.code)).toEqual([
			'DE',
			'DK',
			'GB',
			'US',
			'FR',
			'AT',
			'NL',
			'CH',
		]);
		const pages = (await requests()).filter((r) => r.path.endsWith('/countries'));
		expect(pages).toHaveLength(3);
	});

	test('Limit stops early and asks for no page it does not need', async () => {
		const store = sandboxCredentials(sandbox);
		const run = await runNode({
			store,
			parameters: { resource: 'country', operation: 'getAll', returnAll: false, limit: 2 },
		});
		expect(run.items.map((item) => item.json.code)).toEqual(['DE', 'DK']);
		const pages = (await requests()).filter((r) => r.path.endsWith('/countries'));
		expect(pages).toHaveLength(1);
		expect(pages[0].query).toMatchObject({ page: '0', size: '2' });
	});

	test('an incomplete list is an error, never a partial result', async () => {
		const store = sandboxCredentials(sandbox);
		await control.call('POST', '/faults', {
			method: 'GET',
			path: '/countries$',
			count: 1,
			kind: 'status',
			status: 200,
			body: JSON.stringify({ pagedData: { country: [{ id: 1, code: 'DE' }], totalElements: 8 } }),
		});
		const run = await runNode({
			store,
			parameters: { resource: 'country', operation: 'getAll', returnAll: true },
		});
		expect(run.error?.message).toMatch(/reported 8 records but the pages held 1/);
		expect(run.items).toHaveLength(0);
	});

	test('a list that grew while it was read is complete: every record once, none refused', async () => {
		const store = sandboxCredentials(sandbox);
		// The first page counted 2 records; by the time it was read a third had pushed one of them
		// onto it twice (as offset paging does when records are added in front of the reader).
		await control.call('POST', '/faults', {
			method: 'GET',
			path: '/countries$',
			count: 1,
			kind: 'status',
			status: 200,
			body: JSON.stringify({
				pagedData: {
					country: [
						{ id: 1, code: 'DE' },
						{ id: 2, code: 'DK' },
						{ id: 2, code: 'DK' },
						{ id: 3, code: 'FR' },
					],
					totalElements: 2,
				},
			}),
		});
		const run = await runNode({
			store,
			parameters: { resource: 'country', operation: 'getAll', returnAll: true },
		});
		expect(run.error).toBeUndefined();
		expect(run.items.map((item) => item.json.code)).toEqual(['DE', 'DK', 'FR']);
	});

	test('a filter given as JSON is stored once and narrows the list', async () => {
		const store = sandboxCredentials(sandbox);
		const filterJson = JSON.stringify({
			expressionSimple: { property: 'name', op: 'ilike', value: '%shirt%' },
		});
		const run = await runNode({
			store,
			items: [{ json: {} }, { json: {} }],
			parameters: productList({
				filterMode: 'json',
				filterJson,
			}),
		});
		expect(run.error).toBeUndefined();
		expect(run.items.map((item) => item.json.name)).toEqual(['Classic T-Shirt', 'Classic T-Shirt']);
		expect((await requests()).filter((r) => r.path === '/filters')).toHaveLength(1);
	});

	test('an unknown filter property surfaces the service message with advice', async () => {
		const store = sandboxCredentials(sandbox);
		const run = await runNode({
			store,
			parameters: productList({
				filterMode: 'json',
				filterJson: JSON.stringify({
					expressionSimple: { property: 'colour', op: '=', value: 'x' },
				}),
			}),
		});
		expect(run.error?.message).toMatch(/SqlValidationException|colour/);
		expect(run.error?.description).toMatch(/property the service does not know/);
	});

	test('an unknown stored filter ID says the filter is gone', async () => {
		const store = sandboxCredentials(sandbox);
		const run = await runNode({
			store,
			parameters: productList({
				filterMode: 'id',
				filterId: '0123456789abcdef0123456789abcdef',
			}),
		});
		expect(run.error?.message).toMatch(/-104|FilterNotFound/);
		expect(run.error?.description).toMatch(/stored filter does not exist/);
	});
});

describe('products', () => {
	test('Get Expanded gives clean arrays of colours, sizes, views, print areas and SKUs', async () => {
		const store = sandboxCredentials(sandbox);
		const run = await runNode({
			store,
			parameters: productParameters('getExpanded', '1001', { simplify: true }),
		});
		expect(run.error).toBeUndefined();
		const product = run.items[0].json as Record<string, Array<Record<string, unknown>>>;
		expect(product.colors.map((c) => c.assignedColorId)).toEqual([2001, 2002]);
		expect(product.sizes.map((s) => s.name)).toEqual(['S', 'M', 'L', 'XL', 'XXL', '3XL']);
		expect(product.views.map((v) => v.position)).toEqual(['FRONT', 'BACK']);
		expect(product.printAreas.map((a) => a.productAreaId)).toEqual([4001, 4002]);
		expect(product.skus).toHaveLength(11);
		// Per country and size: the six sizes in Germany (EUR), the US (USD) and Switzerland (CHF).
		expect(product.prices).toHaveLength(18);
		expect(product.prices[0]).toEqual({
			price: expect.any(Number),
			currency: 'EUR',
			assignedSizeId: 3001,
			countryId: 1,
		});
		expect(product.prices[12]).toEqual({
			price: expect.any(Number),
			currency: 'CHF',
			assignedSizeId: 3001,
			countryId: 8,
		});
	});

	test('Get SKUs lists only orderable pairs', async () => {
		const store = sandboxCredentials(sandbox);
		const run = await runNode({
			store,
			parameters: productParameters('getSkus', '1001', { onlyAvailable: false }),
		});
		expect(run.error).toBeUndefined();
		const pairs = run.items.map(
			(item) => `${item.json.assignedColorId}/${item.json.assignedSizeId}`,
		);
		expect(pairs).toHaveLength(11);
		expect(pairs).not.toContain('2002/3006');
	});

	test('JSON and XML credentials give identical output', async () => {
		const parameters = productParameters('getExpanded', '1001', { simplify: false });
		const viaJson = await runNode({ store: sandboxCredentials(sandbox), parameters });
		const viaXml = await runNode({
			store: sandboxCredentials(sandbox, { mediaType: 'xml' }),
			parameters,
		});
		expect(viaJson.error).toBeUndefined();
		expect(viaXml.error).toBeUndefined();
		const strip = (value: unknown) =>
			JSON.parse(JSON.stringify(value).replace(/"type=[^"]*"|application\/(json|xml)/g, ''));
		expect(strip(viaXml.items[0].json)).toEqual(strip(viaJson.items[0].json));
		const xmlRequests = (await requests()).filter((r) => r.path.includes('/products/expanded/'));
		expect(xmlRequests).toHaveLength(2);
	});

	test('an unknown product is a 404 with the service message and advice, naming no secret', async () => {
		const store = sandboxCredentials(sandbox);
		const run = await runNode({
			store,
			parameters: productParameters('get', '999999'),
		});
		expect(run.error?.httpCode).toBe('404');
		expect(run.error?.description).toMatch(/does not exist or belongs to another account/);
		expect(JSON.stringify(run.error)).not.toContain(store.data().sessionToken as string);
	});

	test('a foreign shop is refused with advice about the account and shop', async () => {
		const store = sandboxCredentials(sandbox);
		const run = await runNode({
			store,
			parameters: productList({}, 9999),
		});
		expect(['401', '403', '404']).toContain(run.error?.httpCode);
	});

	test('a product ID that is not a number is refused before anything is sent', async () => {
		const store = sandboxCredentials(sandbox);
		const run = await runNode({
			store,
			items: [{ json: { productId: 'tee' } }],
			parameters: productParameters('get', '={{ $json.productId }}'),
		});
		expect(run.error?.message).toMatch(/Item 1: Product ID must be a whole number/);
		expect((await requests()).filter((r) => r.path.includes('/products'))).toHaveLength(0);
	});
});

describe('resilience', () => {
	test('429 with Retry-After is waited out and the item succeeds', async () => {
		const store = sandboxCredentials(sandbox);
		await control.call('POST', '/faults', {
			method: 'GET',
			path: '/carriers',
			count: 1,
			kind: 'status',
			status: 429,
			retryAfter: 1,
		});
		const started = Date.now();
		const run = await runNode({
			store,
			parameters: {
				resource: 'carrier',
				operation: 'getAll',
				returnAll: true,
				shop: shopParameter(),
			},
		});
		expect(run.error).toBeUndefined();
		expect(run.items).toHaveLength(3);
		expect(Date.now() - started).toBeGreaterThanOrEqual(900);
	});

	test('503 and a connection reset on a read are retried', async () => {
		const store = sandboxCredentials(sandbox);
		await control.call('POST', '/faults', {
			method: 'GET',
			path: '/carriers',
			count: 1,
			kind: 'status',
			status: 503,
		});
		await control.call('POST', '/faults', {
			method: 'GET',
			path: '/carriers',
			count: 1,
			kind: 'reset',
		});
		const run = await runNode({
			store,
			parameters: {
				resource: 'carrier',
				operation: 'getAll',
				returnAll: true,
				shop: shopParameter(),
			},
		});
		expect(run.error).toBeUndefined();
		expect(run.items.map((item) => item.json.name)).toEqual(['DHL', 'UPS', 'DPD']);
	});

	test('continue on fail turns a failing item into an error item and keeps the others', async () => {
		const store = sandboxCredentials(sandbox);
		const run = await runNode({
			store,
			continueOnFail: true,
			items: [{ json: { id: '1001' } }, { json: { id: '424242' } }, { json: { id: '1002' } }],
			parameters: productParameters('get', '={{ $json.id }}'),
		});
		expect(run.error).toBeUndefined();
		expect(run.items.map((item) => item.json.id ?? 'error')).toEqual([1001, 'error', 1002]);
		expect(run.items[1].json.error).toBeDefined();
		expect(run.items[1].pairedItem).toEqual({ item: 1 });
	});
});
