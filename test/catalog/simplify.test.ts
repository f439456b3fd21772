/**
 * Simplify on every Get and Get Many, over real HTTP against the sandbox: on (the default, also
 * for a saved node without the option) the records carry no `links` and no `creatorse_*` keys,
 * the fields a merchant acts on come first and names sit beside IDs; off gives the service's
 * record as it was sent.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { sampleLines, writeCsv } from '../csv/fixtures';
import { eventually } from '../support/eventually';
import { runNode, type CredentialStore } from '../support/n8n';
import {
	byId,
	SandboxControl,
	sandboxCredentials,
	SHOP_PATH,
	shopParameter,
	type Json,
} from '../support/sandbox';
import { ServiceClient, submitOrder } from '../support/service';

let sandbox: Sandbox;
let control: SandboxControl;
let store: CredentialStore;
const ids = { order: 0, orderedProduct: 0, csvImport: 0, webhook: 0, userMotive: 0 };
const shop = shopParameter();
const all = { returnAll: true };

beforeAll(async () => {
	// Shared products without a self link (the contract lists no path for one), motives without
	// their technologies and tags inline (the contract shows no such fields), also under all.
	sandbox = await startSandbox({
		port: 0,
		deferredProcessingMs: 10,
		variantSkuTexts: false,
		sharedProductById: false,
		motiveDetails: false,
		// Ordered products with what was ordered (option orderedProductDetails), as these tests assert item
		// details (the plain default's items: test/order/shape.test.ts).
		orderedProductDetails: true,
	});
	control = new SandboxControl(sandbox);
	store = sandboxCredentials(sandbox);
	const service = ServiceClient.as(sandbox.baseUrl);

	ids.order = await submitOrder(service);
	await eventually(async () =>
		expect((await control.order(ids.order)).fulfilmentStatus).toBe('PREPARED_TO_PRODUCE'),
	);
	await control.call('POST', `/orders/${ids.order}/advance`, { to: 'NOT_EDITABLE' });
	await control.call('POST', `/orders/${ids.order}/ship`, {
		trackingNumber: 'TRK-SIMPLE-1',
		trackingUrl: 'https://tracking.example.com/TRK-SIMPLE-1',
	});
	ids.orderedProduct = (
		await control.call<Json>('GET', `/orders/${ids.order}`)
	).orderedProductIds[0];

	const form = new FormData();
	form.append('file', new Blob([new Uint8Array(writeCsv(sampleLines()))]), 'orders.csv');
	const encoded = new Response(form);
	const upload = await service.post(`${SHOP_PATH}/orderCsvImport`, undefined, {
		raw: Buffer.from(await encoded.arrayBuffer()),
		contentType: encoded.headers.get('content-type') ?? '',
	});
	ids.csvImport = upload.json.productionOrderCsvImport.id;
	await eventually(async () =>
		expect(
			(await service.get(`${SHOP_PATH}/orderCsvImport/${ids.csvImport}`)).json
				.productionOrderCsvImport.processed,
		).toBe(true),
	);

	const webhook = await service.post(`${SHOP_PATH}/webhooks`, {
		webhook: {
			address: 'http://127.0.0.1:9/hooks',
			topic: 'orders/fulfilled',
			secret: 'not-shown-1',
			mediaType: 'JSON',
		},
	});
	ids.webhook = webhook.json.webhook.id;

	const userMotive = await runNode({
		store,
		parameters: {
			resource: 'userMotive',
			operation: 'upload',
			shop,
			source: 'url',
			url: 'https://files.example.com/logo.png',
		},
	});
	expect(userMotive.error).toBeUndefined();
	ids.userMotive = userMotive.items[0].json.id as number;
});

afterAll(async () => {
	await sandbox.close();
});

/** The items of one run; the parameters carry no `simplify` unless a case sets it. */
async function items(parameters: INodeParameters): Promise<IDataObject[]> {
	const run = await runNode({ store, parameters });
	expect(run.error).toBeUndefined();
	return run.items.map((item) => item.json);
}

/** Every key at any depth of a value. */
function keysOf(value: unknown): string[] {
	if (Array.isArray(value)) return value.flatMap(keysOf);
	if (value === null || typeof value !== 'object') return [];
	return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
}

interface Case {
	name: string;
	parameters: () => INodeParameters;
	/** The first keys of the first simplified item, in order. */
	first: string[];
	/** What the first simplified item holds (names beside IDs among it). */
	holds?: Json;
	/** Whether the service's record carries links (so Simplify off shows them). */
	rawLinks: boolean;
}

const CASES: Case[] = [
	{
		name: 'Order → Get',
		parameters: () => ({ resource: 'order', operation: 'get', shop, orderId: String(ids.order) }),
		first: [
			'id',
			'uniqueId',
			'financialStatus',
			'financialStatusLabel',
			'fulfilmentStatus',
			'fulfilmentStatusLabel',
			'trackingNumbers',
			'trackingUrls',
			'customer',
			'items',
			'country',
		],
		holds: {
			financialStatusLabel: 'Paid',
			fulfilmentStatusLabel: 'Shipped',
			trackingNumbers: ['TRK-SIMPLE-1'],
			trackingUrls: ['https://tracking.example.com/TRK-SIMPLE-1'],
			customer: { firstName: 'Ada', lastName: 'Lovelace' },
			items: [
				{
					productId: 1001,
					productName: 'Classic T-Shirt',
					colorId: 2001,
					colorName: 'White',
					sizeId: 3002,
					sizeName: 'M',
					sku: 'TEE-CLASSIC',
					amount: 2,
				},
			],
			country: 'DE',
			shippingTitle: 'Standard',
			carrierId: 21,
		},
		rawLinks: true,
	},
	{
		name: 'Order → Get Many',
		parameters: () => ({ resource: 'order', operation: 'getAll', shop, ...all }),
		first: [
			'id',
			'uniqueId',
			'financialStatus',
			'financialStatusLabel',
			'fulfilmentStatus',
			'fulfilmentStatusLabel',
			'customer',
		],
		holds: { financialStatusLabel: 'Paid', country: 'DE' },
		rawLinks: true,
	},
	{
		name: 'Order → Get Ordered Products',
		parameters: () => ({
			resource: 'order',
			operation: 'getOrderedProducts',
			shop,
			orderId: String(ids.order),
			...all,
		}),
		first: [
			'id',
			'productId',
			'productName',
			'colorId',
			'colorName',
			'sizeId',
			'sizeName',
			'sku',
			'amount',
			'price',
		],
		holds: { productId: 1001, colorId: 2001, sizeId: 3002, sku: 'TEE-CLASSIC' },
		rawLinks: true,
	},
	{
		name: 'Product → Get',
		parameters: () => ({ resource: 'product', operation: 'get', shop, productId: byId('1001') }),
		first: ['id', 'name', 'sku', 'type'],
		holds: { name: 'Classic T-Shirt' },
		rawLinks: true,
	},
	{
		name: 'Product → Get Many',
		parameters: () => ({ resource: 'product', operation: 'getAll', shop, ...all }),
		first: ['id', 'name', 'sku', 'type'],
		holds: { name: 'Classic T-Shirt' },
		rawLinks: true,
	},
	{
		name: 'Motive → Get',
		parameters: () => ({ resource: 'motive', operation: 'get', shop, motiveId: '5001' }),
		// Read by the motive's links, as the record does not embed them.
		first: ['id', 'name', 'type', 'printTechnologies', 'tags'],
		holds: { printTechnologies: [{ id: 11, name: 'Digital Print' }], tags: ['logo'] },
		rawLinks: true,
	},
	{
		name: 'Motive → Get Many',
		parameters: () => ({ resource: 'motive', operation: 'getAll', shop, ...all }),
		// A list reads no relations: only what each record carries.
		first: ['id', 'name', 'type'],
		rawLinks: true,
	},
	{
		name: 'Motive → Get Creator Motives',
		parameters: () => ({ resource: 'motive', operation: 'getCreatorMotives', shop, ...all }),
		first: ['id', 'name', 'type'],
		rawLinks: true,
	},
	{
		name: 'User Motive → Get',
		parameters: () => ({
			resource: 'userMotive',
			operation: 'get',
			shop,
			userMotiveId: String(ids.userMotive),
		}),
		first: ['id', 'name', 'type'],
		holds: { library: expect.any(String) },
		rawLinks: true,
	},
	{
		name: 'User Motive → Get Many',
		parameters: () => ({ resource: 'userMotive', operation: 'getAll', shop, ...all }),
		first: ['id', 'name', 'type'],
		rawLinks: true,
	},
	{
		name: 'Shop → Get Many',
		parameters: () => ({ resource: 'shop', operation: 'getAll', ...all }),
		first: ['id', 'name'],
		holds: { name: 'Demo Merch Shop' },
		rawLinks: true,
	},
	{
		name: 'Country → Get Many',
		parameters: () => ({ resource: 'country', operation: 'getAll', ...all }),
		first: ['id', 'code', 'name', 'currency'],
		holds: { code: 'DE', name: 'Germany', currency: 'EUR' },
		rawLinks: false,
	},
	{
		name: 'Carrier → Get Many',
		parameters: () => ({ resource: 'carrier', operation: 'getAll', shop, ...all }),
		first: ['id', 'name'],
		holds: { id: 21, name: 'DHL' },
		rawLinks: false,
	},
	{
		name: 'Shared Product → Get Many',
		parameters: () => ({ resource: 'sharedProduct', operation: 'getAll', shop, ...all }),
		first: ['id', 'name', 'uuid', 'productId'],
		holds: { productId: 1001 },
		rawLinks: false,
	},
	{
		name: 'CSV Import → Get',
		parameters: () => ({
			resource: 'csvImport',
			operation: 'get',
			shop,
			importId: String(ids.csvImport),
		}),
		first: ['id', 'fileName', 'processed'],
		holds: { processed: true },
		rawLinks: true,
	},
	{
		name: 'CSV Import → Get Many',
		parameters: () => ({ resource: 'csvImport', operation: 'getAll', shop, ...all }),
		first: ['id', 'fileName', 'processed'],
		rawLinks: true,
	},
	{
		name: 'CSV Import → Get Lines',
		parameters: () => ({
			resource: 'csvImport',
			operation: 'getLines',
			shop,
			importId: String(ids.csvImport),
			...all,
		}),
		first: ['lineNumber', 'ok', 'orderId'],
		holds: { ok: true },
		rawLinks: false,
	},
	{
		name: 'Webhook Subscription → Get',
		parameters: () => ({
			resource: 'webhook',
			operation: 'get',
			shop,
			webhookId: String(ids.webhook),
		}),
		first: ['id', 'topic', 'address', 'mediaType'],
		holds: { topic: 'orders/fulfilled', hasSecret: true },
		rawLinks: true,
	},
	{
		name: 'Webhook Subscription → Get Many',
		parameters: () => ({ resource: 'webhook', operation: 'getAll', shop, ...all }),
		first: ['id', 'topic', 'address', 'mediaType'],
		rawLinks: true,
	},
];

describe('Simplify on (the default)', () => {
	test.each(CASES.map((entry) => [entry.name, entry] as const))('%s', async (_name, entry) => {
		const simplified = await items(entry.parameters());
		expect(simplified.length).toBeGreaterThan(0);
		for (const item of simplified) {
			const keys = keysOf(item);
			expect(keys).not.toContain('links');
			expect(keys.filter((key) => key.startsWith('creatorse_'))).toEqual([]);
			expect(keys).not.toContain('secret');
		}
		expect(Object.keys(simplified[0]).slice(0, entry.first.length)).toEqual(entry.first);
		if (entry.holds) expect(simplified[0]).toMatchObject(entry.holds);
		// Saying Simplify on gives the same as leaving it out, as a saved node without it does.
		expect(await items({ ...entry.parameters(), simplify: true })).toEqual(simplified);
	});
});

describe('Simplify off: the service record as sent', () => {
	test.each(CASES.map((entry) => [entry.name, entry] as const))('%s', async (_name, entry) => {
		const raw = await items({ ...entry.parameters(), simplify: false });
		expect(raw.length).toBeGreaterThan(0);
		expect(keysOf(raw).includes('links')).toBe(entry.rawLinks);
		expect(keysOf(raw)).not.toContain('secret');
	});

	test('the order keeps its nested records, with the element type key', async () => {
		const [order] = await items({
			resource: 'order',
			operation: 'get',
			shop,
			orderId: String(ids.order),
			simplify: false,
		});
		expect(order).toMatchObject({
			country: { id: 1, code: 'DE' },
			orderShipping: { title: 'Standard', carrier: { id: 21 } },
			fulfillments: [{ trackingNumber: 'TRK-SIMPLE-1' }],
		});
		expect(order).not.toHaveProperty('financialStatusLabel');
		expect(keysOf(order)).toContain('creatorse_designElementMotive');
	});
});
