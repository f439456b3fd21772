import type { Sandbox } from '../../sandbox';
import { DEMO } from '../../sandbox';
import { runNode, type RunOptions } from '../support/n8n';
import {
	byId,
	SandboxControl,
	sandboxCredentials,
	shopParameter,
	useSandbox,
} from '../support/sandbox';

let sandbox: Sandbox;
let control: SandboxControl;
useSandbox((started) => ({ sandbox, control } = started), { maxPageSize: 3 });

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

/** Runs the node on the sandbox with new credentials unless `store` is given; answers them too. */
const run = async (
	parameters: RunOptions['parameters'],
	options: Partial<Omit<RunOptions, 'parameters'>> = {},
) => {
	const store = options.store ?? sandboxCredentials(sandbox);
	return { store, ...(await runNode({ ...options, store, parameters })) };
};

/** One fault on the next GET of `path` (a pattern); the rest as the sandbox README describes it. */
const faultOnGet = async (path: string, fault: Record<string, unknown>) =>
	await control.fault({ method: 'GET', path, count: 1, ...fault });

const countries = { resource: 'country', operation: 'getAll', returnAll: true };
const carriers = {
	resource: 'carrier',
	operation: 'getAll',
	returnAll: true,
	shop: shopParameter(),
};

describe('session', () => {
	test('one login serves many items and the next execution', async () => {
		const store = sandboxCredentials(sandbox);
		const first = await run(
			{ resource: 'shop', operation: 'getAll', returnAll: true },
			{ store, items: Array.from({ length: 5 }, () => ({ json: {} })) },
		);
		expect(first.error).toBeUndefined();
		expect(first.items).toHaveLength(10);
		expect(first.items.map((item) => item.pairedItem)).toEqual(
			[0, 0, 1, 1, 2, 2, 3, 3, 4, 4].map((item) => ({ item })),
		);
		const second = await run(countries, { store });
		expect(second.error).toBeUndefined();
		expect((await stats()).logins).toBe(1);
		expect(store.preAuthenticationCount).toBe(1);
		expect(store.data().sessionAccountId).toBe(String(DEMO.accountId));
	});

	test('an expired token is renewed with no failed item', async () => {
		await control.call('PUT', '/session-policy', { expireAfterRequests: 4 });
		const { store, ...result } = await run(productList(), {
			items: Array.from({ length: 12 }, () => ({ json: {} })),
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(60);
		const { logins } = await stats();
		// Every item reads one page of 5; the token lasts 4 requests, so it expires several times.
		expect(logins).toBeGreaterThan(2);
		expect(store.preAuthenticationCount).toBe(logins);
	});

	test('a wrong password says the login was refused, without the password', async () => {
		const { store, ...result } = await run(
			{ resource: 'shop', operation: 'getAll', returnAll: true },
			{ store: sandboxCredentials(sandbox, { password: 'not-the-password' }) },
		);
		expect(result.error?.message).toBe(
			'The service refused the login: check the login and password of the POD Platform credential',
		);
		expect(result.error?.message).not.toMatch(/reach|network/i);
		expect(String(result.error?.description)).not.toMatch(/network|base URL|Tried/i);
		expect(JSON.stringify(result.error)).not.toContain('not-the-password');
		expect(result.items).toHaveLength(0);
		// Refused once, not retried as if the network had failed.
		expect(store.preAuthenticationCount).toBe(1);
	});
});

describe('lists', () => {
	test('Return All follows next links over many pages and checks the total', async () => {
		const result = await run(countries);
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.code)).toEqual([
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
		const result = await run({ ...countries, returnAll: false, limit: 2 });
		expect(result.items.map((item) => item.json.code)).toEqual(['DE', 'DK']);
		const pages = (await requests()).filter((r) => r.path.endsWith('/countries'));
		expect(pages).toHaveLength(1);
		expect(pages[0].query).toMatchObject({ page: '0', size: '2' });
	});

	/** The first page of countries as the service answered it, in place of the seeded one. */
	const firstPage = async (pagedData: Record<string, unknown>) =>
		await faultOnGet('/countries$', {
			kind: 'status',
			status: 200,
			body: JSON.stringify({ pagedData }),
		});

	test('an incomplete list is an error, never a partial result', async () => {
		await firstPage({ country: [{ id: 1, code: 'DE' }], totalElements: 8 });
		const result = await run(countries);
		expect(result.error?.message).toMatch(/reported 8 records but the pages held 1/);
		expect(result.items).toHaveLength(0);
	});

	test('a list that grew while it was read is complete: every record once, none refused', async () => {
		// The first page counted 2 records; by the time it was read a third had pushed one of them
		// onto it twice (as offset paging does when records are added in front of the reader).
		await firstPage({
			country: [
				{ id: 1, code: 'DE' },
				{ id: 2, code: 'DK' },
				{ id: 2, code: 'DK' },
				{ id: 3, code: 'FR' },
			],
			totalElements: 2,
		});
		const result = await run(countries);
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.code)).toEqual(['DE', 'DK', 'FR']);
	});

	test('a filter given as JSON is stored once and narrows the list', async () => {
		const filterJson = JSON.stringify({
			expressionSimple: { property: 'name', op: 'ilike', value: '%shirt%' },
		});
		const result = await run(productList({ filterMode: 'json', filterJson }), {
			items: [{ json: {} }, { json: {} }],
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.name)).toEqual([
			'Classic T-Shirt',
			'Classic T-Shirt',
		]);
		expect((await requests()).filter((r) => r.path === '/filters')).toHaveLength(1);
	});
});

/** A run the service refuses: the parameters, and what the error's fields must match. */
type Refusal = [
	what: string,
	parameters: RunOptions['parameters'],
	error: { message?: RegExp; description?: RegExp; httpCode?: RegExp },
];

const REFUSALS: Refusal[] = [
	[
		'an unknown filter property surfaces the service message with advice',
		productList({
			filterMode: 'json',
			filterJson: JSON.stringify({ expressionSimple: { property: 'colour', op: '=', value: 'x' } }),
		}),
		{ message: /SqlValidationException|colour/, description: /property the service does not know/ },
	],
	[
		'an unknown stored filter ID says the filter is gone',
		productList({ filterMode: 'id', filterId: '0123456789abcdef0123456789abcdef' }),
		{ message: /-104|FilterNotFound/, description: /stored filter does not exist/ },
	],
	[
		'an unknown product is a 404 with the service message and advice',
		productParameters('get', '999999'),
		{ httpCode: /^404$/, description: /does not exist or belongs to another account/ },
	],
	[
		'a foreign shop is refused with advice about the account and shop',
		productList({}, 9999),
		{ httpCode: /^(401|403|404)$/ },
	],
];

describe('refusals', () => {
	test.each(REFUSALS)(
		'%s, naming no secret and giving no item',
		async (_what, parameters, error) => {
			const { store, ...result } = await run(parameters);
			for (const [field, pattern] of Object.entries(error))
				expect([field, result.error?.[field as keyof typeof error]]).toEqual([
					field,
					expect.stringMatching(pattern),
				]);
			expect(JSON.stringify(result.error)).not.toContain(store.data().sessionToken as string);
			expect(result.items).toHaveLength(0);
		},
	);
});

describe('products', () => {
	test('Get Expanded gives clean arrays of colours, sizes, views, print areas and SKUs', async () => {
		const result = await run(productParameters('getExpanded', '1001', { simplify: true }));
		expect(result.error).toBeUndefined();
		const product = result.items[0].json as Record<string, Array<Record<string, unknown>>>;
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
		const result = await run(productParameters('getSkus', '1001', { onlyAvailable: false }));
		expect(result.error).toBeUndefined();
		const pairs = result.items.map(
			(item) => `${item.json.assignedColorId}/${item.json.assignedSizeId}`,
		);
		expect(pairs).toHaveLength(11);
		expect(pairs).not.toContain('2002/3006');
	});

	test('JSON and XML credentials give identical output', async () => {
		const parameters = productParameters('getExpanded', '1001', { simplify: false });
		const viaJson = await run(parameters);
		const viaXml = await run(parameters, {
			store: sandboxCredentials(sandbox, { mediaType: 'xml' }),
		});
		expect(viaJson.error).toBeUndefined();
		expect(viaXml.error).toBeUndefined();
		const strip = (value: unknown) =>
			JSON.parse(JSON.stringify(value).replace(/"type=[^"]*"|application\/(json|xml)/g, ''));
		expect(strip(viaXml.items[0].json)).toEqual(strip(viaJson.items[0].json));
		const xmlRequests = (await requests()).filter((r) => r.path.includes('/products/expanded/'));
		expect(xmlRequests).toHaveLength(2);
	});

	test('a product ID that is not a number is refused before anything is sent', async () => {
		const result = await run(productParameters('get', '={{ $json.productId }}'), {
			items: [{ json: { productId: 'tee' } }],
		});
		expect(result.error?.message).toMatch(/Item 1: Product ID must be a whole number/);
		expect((await requests()).filter((r) => r.path.includes('/products'))).toHaveLength(0);
	});
});

describe('resilience', () => {
	/** Faults on the carrier list that a read waits out or retries; the least time it then takes. */
	const RETRIED: Array<[what: string, faults: Array<Record<string, unknown>>, leastMs: number]> = [
		['429 with Retry-After is waited out', [{ kind: 'status', status: 429, retryAfter: 1 }], 900],
		[
			'503 and a connection reset on a read are retried',
			[{ kind: 'status', status: 503 }, { kind: 'reset' }],
			0,
		],
	];

	test.each(RETRIED)('%s and the item succeeds', async (_what, faults, leastMs) => {
		for (const fault of faults) await faultOnGet('/carriers', fault);
		const started = Date.now();
		const result = await run(carriers);
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.name)).toEqual(['DHL', 'UPS', 'DPD']);
		expect(Date.now() - started).toBeGreaterThanOrEqual(leastMs);
	});

	test('continue on fail turns a failing item into an error item and keeps the others', async () => {
		const result = await run(productParameters('get', '={{ $json.id }}'), {
			continueOnFail: true,
			items: [{ json: { id: '1001' } }, { json: { id: '424242' } }, { json: { id: '1002' } }],
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.id ?? 'error')).toEqual([1001, 'error', 1002]);
		expect(result.items[1].json.error).toBeDefined();
		expect(result.items[1].pairedItem).toEqual({ item: 1 });
	});
});
