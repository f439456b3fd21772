/**
 * The editor's dropdowns and searchable lists of the action node, called as the editor calls them,
 * against the sandbox over HTTP: the right entries, nothing (and no error) before their
 * prerequisite is chosen, and the operations reading every shape a chosen ID can take.
 */
import type { Sandbox } from '../../sandbox';
import { DEMO, startSandbox } from '../../sandbox';
import { listSearch, loadOptions } from '../support/editor';
import { runNode } from '../support/n8n';
import {
	byId,
	SandboxControl,
	SHOP_PATH,
	sandboxCredentials,
	shopParameter,
} from '../support/sandbox';
import { ServiceClient, submitOrder } from '../support/service';
import { binaryItem, tinyPng } from '../motive/helpers';

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

const fromList = (value: string) => ({ __rl: true, mode: 'list', value });
const byUrl = (path: string) => ({ __rl: true, mode: 'url', value: `${sandbox.baseUrl}${path}` });
const noShop = { shop: fromList('') };
const inShop = { shop: shopParameter() };
/** The editor always holds the resource and operation whose fields it shows. */
const on = (resource: string, operation: string) => ({ resource, operation, ...inShop });
const values = (entries: Array<{ value: unknown }>) => entries.map((entry) => entry.value);

describe('a list whose prerequisite is not chosen is empty, never an error', () => {
	test.each([
		'getAssignedColors',
		'getAssignedSizes',
		'getPrintTechnologies',
		'getLanguages',
		'getProducts',
		'getWebhookSubscriptions',
		'getOrderedProducts',
	])('%s without a shop', async (method) => {
		const store = sandboxCredentials(sandbox);
		await expect(
			loadOptions(store, method, { ...noShop, productId: fromList('1001') }),
		).resolves.toEqual([]);
	});

	test.each(['searchProducts', 'searchOrders', 'searchMotives', 'searchCsvImports'])(
		'%s without a shop',
		async (method) => {
			const store = sandboxCredentials(sandbox);
			await expect(listSearch(store, method, noShop)).resolves.toEqual({ results: [] });
		},
	);

	test('colours and sizes without a product, or with an expression', async () => {
		const store = sandboxCredentials(sandbox);
		for (const method of ['getAssignedColors', 'getAssignedSizes']) {
			await expect(
				loadOptions(store, method, { ...inShop, productId: fromList('') }),
			).resolves.toEqual([]);
			await expect(
				loadOptions(store, method, { ...inShop, productId: fromList('={{ $json.productId }}') }),
			).resolves.toEqual([]);
		}
		await expect(
			loadOptions(store, 'getOrderedProducts', { ...inShop, orderId: fromList('') }),
		).resolves.toEqual([]);
	});
});

describe('product, colour and size', () => {
	test('colours of the chosen product, and sizes that have a SKU with the chosen colour', async () => {
		const store = sandboxCredentials(sandbox);
		const product = { ...on('order', 'addProduct'), productId: fromList('1001') };
		expect(await loadOptions(store, 'getAssignedColors', product)).toEqual([
			{ name: 'White (2001)', value: '2001' },
			{ name: 'Black (2002)', value: '2002' },
		]);
		// Black has no 3XL SKU, White has every size.
		expect(
			values(await loadOptions(store, 'getAssignedSizes', { ...product, assignedColorId: '2002' })),
		).toEqual(['3001', '3002', '3003', '3004', '3005']);
		expect(
			values(await loadOptions(store, 'getAssignedSizes', { ...product, assignedColorId: '2001' })),
		).toEqual(['3001', '3002', '3003', '3004', '3005', '3006']);
	});

	test('inside the Creator snippet options, colour and size follow the product beside them', async () => {
		const store = sandboxCredentials(sandbox);
		const parameters = {
			resource: 'creator',
			operation: 'getSnippet',
			...inShop,
			options: { productId: '1001', assignedColorId: '2002' },
		};
		const sizes = await loadOptions(
			store,
			'getAssignedSizes',
			parameters,
			'parameters.options.assignedSizeId',
		);
		expect(values(sizes)).toEqual(['3001', '3002', '3003', '3004', '3005']);
		const products = await loadOptions(
			store,
			'getProducts',
			parameters,
			'parameters.options.productId',
		);
		expect(products).toEqual([
			{ name: 'Classic T-Shirt (1001)', value: '1001' },
			{ name: 'Hoodie (1002)', value: '1002' },
			{ name: 'Tote Bag (1003)', value: '1003' },
			{ name: 'IPod Nano - 8gb (1004)', value: '1004' },
			{ name: 'Ship Your Idea (1005)', value: '1005' },
		]);
	});

	test('the product search narrows by name or SKU and lists the whole shop without text', async () => {
		const store = sandboxCredentials(sandbox);
		expect((await listSearch(store, 'searchProducts', inShop)).results).toHaveLength(5);
		expect((await listSearch(store, 'searchProducts', inShop, 'hood')).results).toEqual([
			{ name: 'Hoodie (1002)', value: '1002' },
		]);
		expect(values((await listSearch(store, 'searchProducts', inShop, 'TOTE')).results)).toEqual([
			'1003',
		]);
	});
});

describe('lists of the shop and the account', () => {
	test('motives by name, print technologies, languages and countries', async () => {
		const store = sandboxCredentials(sandbox);
		expect((await listSearch(store, 'searchMotives', inShop, 'cat')).results).toEqual([
			{ name: 'Cat Sketch (5002)', value: '5002' },
		]);
		expect(values((await listSearch(store, 'searchMotives', inShop)).results).sort()).toEqual([
			'5001',
			'5002',
			'5003',
		]);
		const technologies = await loadOptions(store, 'getPrintTechnologies', inShop);
		expect(technologies.map(({ name, value }) => ({ name, value }))).toEqual([
			{ name: 'Digital DTF (12)', value: '12' },
			{ name: 'Digital Print (11)', value: '11' },
		]);
		expect(technologies[1].description).toContain('Classic T-Shirt');
		const languages = await loadOptions(store, 'getLanguages', inShop);
		expect(languages.map(({ name, value }) => ({ name, value }))).toEqual([
			{ name: 'English (1)', value: '1' },
			{ name: 'German (2)', value: '2' },
		]);
		const countries = await loadOptions(store, 'getCountries', {});
		expect(countries).toHaveLength(8);
		expect(countries.find((country) => country.value === '1')?.name).toMatch(/\(DE\)$/);
	});

	test.each([
		['assignedPrintTechnologies (the contract vocabulary)', false],
		['printTechnologies', true],
	])(
		'print technologies of Assign Print Technology and Create From File, when the expanded product names them %s',
		async (_, printTechnologiesName) => {
			await control.call('PUT', '/quirks', {
				assignedPrintTechnologiesAsPrintTechnologies: printTechnologiesName,
			});
			const expanded = (
				await ServiceClient.as(sandbox.baseUrl).get(`${SHOP_PATH}/products/expanded/1001`)
			).json.product;
			expect(Object.keys(expanded)).toContain(
				printTechnologiesName ? 'printTechnologies' : 'assignedPrintTechnologies',
			);
			for (const mediaType of ['json', 'xml']) {
				const store = sandboxCredentials(sandbox, { mediaType });
				for (const operation of ['assignPrintTechnology', 'createFromBinary']) {
					const technologies = await loadOptions(
						store,
						'getPrintTechnologies',
						on('motive', operation),
						'parameters.printTechnologyId',
					);
					expect(technologies.map(({ name, value }) => ({ name, value }))).toEqual([
						{ name: 'Digital DTF (12)', value: '12' },
						{ name: 'Digital Print (11)', value: '11' },
					]);
					expect(technologies[0].description).toBe(
						'Offered by Classic T-Shirt, Hoodie, Tote Bag, IPod Nano - 8gb, Ship Your Idea',
					);
				}
			}
		},
	);

	test('orders newest first by unique ID and customer, searchable; their items once chosen', async () => {
		const store = sandboxCredentials(sandbox);
		const service = ServiceClient.as(sandbox.baseUrl);
		const first = await submitOrder(service, { uniqueId: 'SHOP-1001' });
		const second = await submitOrder(service, {
			uniqueId: 'SHOP-1002',
			customer: {
				firstName: 'Grace',
				lastName: 'Hopper',
				email: 'grace@example.com',
				shippingAddress: {
					street: 'Main',
					streetNo: '1',
					city: 'Berlin',
					zip: '10115',
					countryCode: 'DE',
				},
			},
		});
		const all = (await listSearch(store, 'searchOrders', inShop)).results;
		expect(all).toEqual([
			{ name: `SHOP-1002 · Grace Hopper (${second})`, value: String(second) },
			{ name: `SHOP-1001 · Ada Lovelace (${first})`, value: String(first) },
		]);
		expect(values((await listSearch(store, 'searchOrders', inShop, 'lovelace')).results)).toEqual([
			String(first),
		]);
		expect(
			values((await listSearch(store, 'searchOrders', inShop, String(second))).results),
		).toEqual([String(second)]);
		const items = await loadOptions(store, 'getOrderedProducts', {
			...on('order', 'getOrderedProductImage'),
			orderId: fromList(String(first)),
		});
		expect(items).toHaveLength(1);
		expect(items[0].name).toMatch(/ × 2 \(\d+\)$/);
	});

	test('webhook subscriptions by event and URL', async () => {
		const store = sandboxCredentials(sandbox);
		const service = ServiceClient.as(sandbox.baseUrl);
		const { json } = await service.post(`${SHOP_PATH}/webhooks`, {
			webhook: {
				address: 'https://example.com/hooks',
				topic: 'orders/updated',
				secret: 's',
				mediaType: 'JSON',
			},
		});
		expect(await loadOptions(store, 'getWebhookSubscriptions', inShop)).toEqual([
			{
				name: `Order Updated → https://example.com/hooks (${json.webhook.id})`,
				value: String(json.webhook.id),
			},
		]);
	});
	test('shared designs by name and UUID, and the user motives of the library, searchable', async () => {
		const store = sandboxCredentials(sandbox);
		expect(await loadOptions(store, 'getSharedProducts', noShop)).toEqual([]);
		const shared = await loadOptions(store, 'getSharedProducts', on('creator', 'getSnippet'));
		expect(values(shared)).toContain(DEMO.sharedProductUuid);
		expect(shared.every((entry) => entry.name.endsWith(`(${String(entry.value)})`))).toBe(true);

		expect(await listSearch(store, 'searchUserMotives', noShop)).toEqual({ results: [] });
		const upload = await runNode({
			store,
			parameters: {
				resource: 'userMotive',
				operation: 'upload',
				shop: shopParameter(),
				source: 'binary',
			},
			items: [binaryItem(tinyPng(), 'holiday-logo.png', 'image/png')],
		});
		expect(upload.error).toBeUndefined();
		const id = String(upload.items[0].json.id);
		const all = await listSearch(store, 'searchUserMotives', on('userMotive', 'get'));
		expect(all.results.map((entry) => entry.value)).toContain(id);
		const found = await listSearch(store, 'searchUserMotives', on('userMotive', 'get'), id);
		expect(found.results.map((entry) => entry.value)).toEqual([id]);
		const got = await runNode({
			store,
			parameters: { ...on('userMotive', 'get'), userMotiveId: fromList(id) },
		});
		expect(got.error).toBeUndefined();
		expect(String(got.items[0].json.id)).toBe(id);
	});
});

describe('operations read every shape of a chosen ID', () => {
	const motiveGet = (motiveId: string | ReturnType<typeof byId>) => ({
		resource: 'motive',
		operation: 'get',
		shop: shopParameter(),
		motiveId,
	});

	test('a motive from the list, by ID, by URL and as a plain ID saved earlier', async () => {
		const store = sandboxCredentials(sandbox);
		for (const motiveId of [
			fromList('5002'),
			byId('5002'),
			byUrl(`/accounts/${DEMO.accountId}/shops/${DEMO.shopId}/motives/5002`),
			'5002',
		]) {
			const run = await runNode({ store, parameters: motiveGet(motiveId) });
			expect(run.error).toBeUndefined();
			expect(run.items[0].json).toMatchObject({ id: 5002, name: 'Cat Sketch' });
		}
	});

	test('an order and a product by their URLs', async () => {
		const store = sandboxCredentials(sandbox);
		const orderId = await submitOrder(ServiceClient.as(sandbox.baseUrl), { uniqueId: 'URL-1' });
		const order = await runNode({
			store,
			parameters: {
				resource: 'order',
				operation: 'get',
				shop: shopParameter(),
				orderId: byUrl(`${SHOP_PATH}/orders/${orderId}`),
			},
		});
		expect(order.error).toBeUndefined();
		expect(order.items[0].json).toMatchObject({ id: orderId, uniqueId: 'URL-1' });
		const product = await runNode({
			store,
			parameters: {
				resource: 'product',
				operation: 'get',
				shop: shopParameter(),
				productId: byUrl(`${SHOP_PATH}/products/1003`),
			},
		});
		expect(product.error).toBeUndefined();
		expect(product.items[0].json).toMatchObject({ id: 1003 });
	});

	test('Create From File takes the chosen print technologies as a list', async () => {
		const store = sandboxCredentials(sandbox);
		const run = await runNode({
			store,
			items: [binaryItem(tinyPng(), 'logo.png', 'image/png')],
			parameters: {
				resource: 'motive',
				operation: 'createFromBinary',
				shop: shopParameter(),
				binaryPropertyName: 'data',
				printTechnologyId: ['11', '12'],
				type: 'HIGH_RESOLUTION_BITMAP',
			},
		});
		expect(run.error).toBeUndefined();
		const motiveId = run.items[0].json.id as number;
		const { json } = await ServiceClient.as(sandbox.baseUrl).get(
			`${SHOP_PATH}/motives/${motiveId}/technologies`,
		);
		const assigned = JSON.stringify(json);
		expect(assigned).toContain('"id":11');
		expect(assigned).toContain('"id":12');
	});
});
