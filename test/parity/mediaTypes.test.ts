/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- the customer key is a made-up public library id */
/**
 * The credential's Media Type changes the wire, never the output: every read of the action node,
 * Submit and Create Draft, and the trigger's events give the same items for JSON and XML. Both
 * runs read the same records, created once, so nothing legitimately differs between them.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { writeCsv, type Line } from '../csv/fixtures';
import { runNode, type CredentialStore } from '../support/n8n';
import { ServiceClient, type HttpResult } from '../support/service';
import { eventually } from '../support/eventually';
import {
	byId,
	SandboxControl,
	sandboxCredentials,
	SHOP_PATH,
	shopParameter,
} from '../support/sandbox';
import { TriggerHarness, captureLogs } from '../support/trigger';

type MediaType = 'json' | 'xml';
const MEDIA_TYPES: MediaType[] = ['json', 'xml'];
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** One permanent user motive library both credentials reach. */
const CUSTOMER_KEY = '5b1d3c9e-7f20-4a8b-9c4d-2e6f8a0b1c3d';

let sandbox: Sandbox;
let control: SandboxControl;
let stores: Record<MediaType, CredentialStore>;
let logs: ReturnType<typeof captureLogs>;

/** Records both media types read. */
const ids = { order: 0, orderedProduct: 0, csvImport: 0, webhook: 0, userMotive: 0 };

/** The body of a successful answer of the service; anything else fails the setup. */
function succeeded(answer: HttpResult): Json {
	if (answer.status >= 300) throw new Error(`${answer.status} ${answer.text}`);
	return answer.json;
}

/**
 * An order whose text fields are all digits where the contract says text (street, house number,
 * zip, phone, SKUs, colour, reference, tracking number) next to numbers sent as numbers.
 */
const DIGITS_ORDER = {
	creatorse_productionOrderDeferred: {
		uniqueId: '00042',
		financialStatus: 'PAID',
		country: { id: 1 },
		customer: {
			firstName: 'Ada',
			lastName: 'Lovelace',
			email: 'ada@example.com',
			phone: '0301234567',
			shippingAddress: {
				street: '1234',
				streetNo: '12',
				city: 'Berlin',
				zip: '01234',
				countryCode: 'DE',
			},
			billingAddress: { street: 'Main', streetNo: '7', city: 'Berlin', zip: '10115' },
		},
		orderShipping: { title: '24', carrier: { id: 21 } },
		designs: {
			creatorse_design: [
				{
					productId: 1001,
					amount: 2,
					assignedColor: { id: 2001 },
					assignedSize: { id: 3002 },
					customAttributes: { customAttribute: [{ key: '1', value: '42' }] },
					compositions: {
						creatorse_composition: [
							{
								productArea: { id: 4001 },
								elements: [
									{
										creatorse_designElementMotive: {
											motive: { id: 5001 },
											position: { left: 10, right: '10%', verticalCenter: 0 },
											layers: {
												creatorse_designElementLayer: [
													{ name: '1', text: '2024', rgbColor: '000000' },
												],
											},
										},
									},
									{ creatorse_designElementDecoration: { sku: '123', placement: '1' } },
								],
							},
						],
					},
				},
			],
		},
		passthroughItems: {
			creatorse_passthroughItem: [
				{ sku: '999', name: '12', quantity: 3, brand: '7', color: '1', referenceId: '77' },
			],
		},
	},
};

/** A CSV file of two orders: group 1 valid, group 2 naming a product the shop does not have. */
function csvFile(): Buffer {
	const order = (group: string, uniqueId: string, productId: string): Line => ({
		'order group id': group,
		uniqueId,
		countryId: '1',
		'shipping carrier Id': '21',
		orderShippingTitle: 'Standard',
		orderShippingPrice: '4,95',
		'customer first name': 'Erika',
		'customer last name': 'Mustermann',
		'customer email': 'erika@example.com',
		'customer phone': '0301111',
		'customer shipping address street': '55',
		'customer shipping address street no': '3',
		'customer shipping address city': 'Hamburg',
		'customer shipping address country code': 'DE',
		'customer shipping address zip': '20095',
		'design group id': '1',
		'design product id': productId,
		'design amount': '1',
		'composition group id': '1',
		'product area id': '4001',
		'element motive id': '5001',
	});
	return writeCsv([order('1', '1001', '1001'), order('2', '1002', '999999')]);
}

async function uploadCsv(service: ServiceClient): Promise<number> {
	const form = new FormData();
	form.append('file', new Blob([new Uint8Array(csvFile())]), 'orders.csv');
	// The platform's own multipart encoding of the form: its bytes and boundary.
	const encoded = new Response(form);
	const answer = succeeded(
		await service.post(`${SHOP_PATH}/orderCsvImport`, undefined, {
			raw: Buffer.from(await encoded.arrayBuffer()),
			contentType: encoded.headers.get('content-type') ?? '',
		}),
	);
	return answer.productionOrderCsvImport.id as number;
}

/** Every order settled: no pipeline step is still due, so two reads in a row see the same. */
async function settled(orderIds: number[]): Promise<void> {
	await eventually(async () => {
		const orders = await Promise.all(orderIds.map(async (id) => await control.order(id)));
		for (const order of orders) expect(order).toMatchObject({ committed: true, handedOff: true });
	});
}

beforeAll(async () => {
	logs = captureLogs();
	// Ordered products with what was ordered (option orderedProductDetails): these tests assert
	// item details the contract does not give (the plain default's items: test/order/shape.test.ts).
	sandbox = await startSandbox({ port: 0, deferredProcessingMs: 10, orderedProductDetails: true });
	control = new SandboxControl(sandbox);
	stores = {
		json: sandboxCredentials(sandbox, { mediaType: 'json', customerKey: CUSTOMER_KEY }),
		xml: sandboxCredentials(sandbox, { mediaType: 'xml', customerKey: CUSTOMER_KEY }),
	};
	const service = ServiceClient.as(sandbox.baseUrl);

	const submitted = succeeded(
		await service.post(`${SHOP_PATH}/orders/usingCreatorSE`, DIGITS_ORDER),
	);
	ids.order = submitted.productionOrderSubmited.id;
	await eventually(async () =>
		expect((await control.order(ids.order)).fulfilmentStatus).toBe('PREPARED_TO_PRODUCE'),
	);
	await control.call('POST', `/orders/${ids.order}/advance`, { to: 'NOT_EDITABLE' });
	await control.call('POST', `/orders/${ids.order}/ship`, {
		trackingNumber: '123456789',
		trackingUrl: 'https://tracking.example.com/123456789',
	});
	const order = await control.call<Json>('GET', `/orders/${ids.order}`);
	ids.orderedProduct = order.orderedProductIds[0];

	ids.csvImport = await uploadCsv(service);
	await eventually(async () =>
		expect(
			succeeded(await service.get(`${SHOP_PATH}/orderCsvImport/${ids.csvImport}`))
				.productionOrderCsvImport.processed,
		).toBe(true),
	);
	const imported = await control.call<Json[]>('GET', '/orders?uniqueId=1001');
	await settled(imported.map((entry) => entry.id));
	await control.call('POST', `/orders/${imported[0].id}/split`, { parts: 2 });

	const webhook = succeeded(
		await service.post(`${SHOP_PATH}/webhooks`, {
			webhook: {
				// Refused at once: deliveries to it fail fast and are never retried (the clock stands).
				address: 'http://127.0.0.1:9/1234',
				topic: 'orders/acknowledged',
				secret: '1234',
				mediaType: 'XML',
			},
		}),
	);
	ids.webhook = webhook.webhook.id;

	// Translations whose name and description are all digits, which XML must keep as text.
	for (const langId of [1, 2]) {
		succeeded(
			await service.post(`${SHOP_PATH}/motives/5002/localizations`, {
				motiveLocalized: { langId, name: `${langId}024`, description: '0042' },
			}),
		);
	}

	const upload = await runNode({
		store: stores.json,
		parameters: {
			resource: 'userMotive',
			operation: 'upload',
			shop: shopParameter(),
			source: 'url',
			url: 'https://files.example.com/2024.png',
		},
	});
	expect(upload.error).toBeUndefined();
	ids.userMotive = upload.items[0].json.id as number;
});

afterAll(async () => {
	await sandbox.close();
	logs.restore();
});

/** The node's output items for the same parameters, once per media type. */
async function outputs(parameters: INodeParameters): Promise<Record<MediaType, IDataObject[]>> {
	const result = {} as Record<MediaType, IDataObject[]>;
	for (const mediaType of MEDIA_TYPES) {
		const run = await runNode({ store: stores[mediaType], parameters });
		expect(run.error).toBeUndefined();
		result[mediaType] = run.items.map((item) => item.json);
	}
	return result;
}

const shop = shopParameter();
const all = { returnAll: true };

/** Every read of the action node, on the records set up above. */
const READS: Array<[string, () => INodeParameters]> = [
	['Shop → Get Many', () => ({ resource: 'shop', operation: 'getAll', ...all })],
	['Country → Get Many', () => ({ resource: 'country', operation: 'getAll', ...all })],
	['Carrier → Get Many', () => ({ resource: 'carrier', operation: 'getAll', shop, ...all })],
	[
		'Shared Product → Get Many',
		() => ({ resource: 'sharedProduct', operation: 'getAll', shop, ...all }),
	],
	...['1001', '1003'].flatMap((productId): Array<[string, () => INodeParameters]> => {
		const product = {
			resource: 'product',
			shop,
			productId: byId(productId),
		};
		return [
			[`Product ${productId} → Get`, () => ({ ...product, operation: 'get' })],
			[
				`Product ${productId} → Get Expanded (simplified)`,
				() => ({ ...product, operation: 'getExpanded', simplify: true }),
			],
			[
				`Product ${productId} → Get Expanded (raw)`,
				() => ({ ...product, operation: 'getExpanded', simplify: false }),
			],
			[
				`Product ${productId} → Get SKUs`,
				() => ({ ...product, operation: 'getSkus', onlyAvailable: false }),
			],
		];
	}),
	['Product → Get Many', () => ({ resource: 'product', operation: 'getAll', shop, ...all })],
	['Motive → Get', () => ({ resource: 'motive', operation: 'get', shop, motiveId: '5002' })],
	['Motive → Get Many', () => ({ resource: 'motive', operation: 'getAll', shop, ...all })],
	[
		'Motive → Get Localizations',
		() => ({ resource: 'motive', operation: 'getLocalizations', shop, motiveId: '5002', ...all }),
	],
	[
		'Motive → Get Creator Motives',
		() => ({ resource: 'motive', operation: 'getCreatorMotives', shop, ...all }),
	],
	[
		'User Motive → Get',
		() => ({
			resource: 'userMotive',
			operation: 'get',
			shop,
			userMotiveId: String(ids.userMotive),
		}),
	],
	['User Motive → Get Many', () => ({ resource: 'userMotive', operation: 'getAll', shop, ...all })],
	[
		'Order → Get',
		() => ({ resource: 'order', operation: 'get', shop, orderId: String(ids.order) }),
	],
	['Order → Get Many', () => ({ resource: 'order', operation: 'getAll', shop, ...all })],
	[
		'Order → Get Ordered Products',
		() => ({
			resource: 'order',
			operation: 'getOrderedProducts',
			shop,
			orderId: String(ids.order),
			...all,
		}),
	],
	[
		'Order → Get Ordered Product Custom Attributes',
		() => ({
			resource: 'order',
			operation: 'getCustomAttributes',
			shop,
			orderId: String(ids.order),
			orderedProductId: String(ids.orderedProduct),
			...all,
		}),
	],
	[
		'CSV Import → Get',
		() => ({ resource: 'csvImport', operation: 'get', shop, importId: String(ids.csvImport) }),
	],
	['CSV Import → Get Many', () => ({ resource: 'csvImport', operation: 'getAll', shop, ...all })],
	[
		'CSV Import → Get Lines',
		() => ({
			resource: 'csvImport',
			operation: 'getLines',
			shop,
			importId: String(ids.csvImport),
			...all,
		}),
	],
	[
		'Webhook Subscription → Get',
		() => ({ resource: 'webhook', operation: 'get', shop, webhookId: String(ids.webhook) }),
	],
	[
		'Webhook Subscription → Get Many',
		() => ({ resource: 'webhook', operation: 'getAll', shop, ...all }),
	],
];

/** Every read with a Simplify option, once more with Simplify off: the service's records as sent. */
const RAW_READS = READS.filter(([name]) => !/Get SKUs|Get Expanded/.test(name)).map(
	([name, parameters]): [string, () => INodeParameters] => [
		`${name} (Simplify off)`,
		() => ({ ...parameters(), simplify: false }),
	],
);

describe('reads give the same items for JSON and XML', () => {
	test.each([...READS, ...RAW_READS])('%s', async (_name, parameters) => {
		const { json, xml } = await outputs(parameters());
		expect(json.length).toBeGreaterThan(0);
		expect(xml).toEqual(json);
	});

	test('the items carry the contract types: digits of text fields stay text, counts are numbers', async () => {
		const order = (
			await outputs({
				resource: 'order',
				operation: 'get',
				shop,
				orderId: String(ids.order),
				simplify: false,
			})
		).xml[0] as Json;
		expect(order).toMatchObject({
			id: ids.order,
			uniqueId: '00042',
			customer: {
				phone: '0301234567',
				shippingAddress: { street: '1234', streetNo: '12', zip: '01234' },
			},
			orderShipping: { title: '24', carrier: { id: 21 } },
			fulfillments: [{ trackingNumber: '123456789' }],
			passthroughItems: [{ sku: '999', name: '12', quantity: 3, color: '1', referenceId: '77' }],
		});
		const [design] = order.orderedProducts;
		expect(design).toMatchObject({ id: ids.orderedProduct, amount: 2, productId: 1001 });
		expect(design.compositions[0].elements).toEqual([
			{
				creatorse_designElementMotive: expect.objectContaining({
					motive: { id: 5001 },
					position: { left: 10, right: '10%', verticalCenter: expect.anything() },
					layers: [{ name: '1', text: '2024', rgbColor: '000000' }],
				}),
			},
			{ creatorse_designElementDecoration: { sku: '123', placement: '1' } },
		]);

		const lines = (
			await outputs({
				resource: 'csvImport',
				operation: 'getLines',
				shop,
				importId: String(ids.csvImport),
				...all,
			})
		).xml;
		expect(lines.map((line) => [line.lineNumber, line.orderGroupId, line.ok])).toEqual([
			[2, '1', true],
			[3, '2', false],
		]);
		const [csvImport] = (
			await outputs({
				resource: 'csvImport',
				operation: 'get',
				shop,
				importId: String(ids.csvImport),
			})
		).xml;
		expect(csvImport).toMatchObject({ id: ids.csvImport, processed: true, error: true });

		const [webhook] = (
			await outputs({ resource: 'webhook', operation: 'get', shop, webhookId: String(ids.webhook) })
		).xml;
		expect(webhook).toMatchObject({
			id: ids.webhook,
			topic: 'orders/acknowledged',
			mediaType: 'XML',
		});
	});
});

describe('the trigger emits the same event for a JSON and an XML delivery', () => {
	const TOPICS = ['orders/updated', 'orders/fulfilled', 'orders/failed', 'orders/splitted'];
	const triggers = {} as Record<MediaType, TriggerHarness>;

	beforeAll(async () => {
		for (const mediaType of MEDIA_TYPES) {
			triggers[mediaType] = await new TriggerHarness({
				store: stores[mediaType],
				parameters: {
					shop,
					topics: TOPICS,
					// With the payload, the decoded bodies are compared as well.
					options: { mediaType: mediaType.toUpperCase(), includePayload: true },
				},
			}).start();
			await triggers[mediaType].activate();
		}
	});

	afterAll(async () => {
		for (const mediaType of MEDIA_TYPES) await triggers[mediaType]?.close();
	});

	const split = async () =>
		(await control.call<Json[]>('GET', '/orders?uniqueId=1001'))[0].id as number;

	test.each([
		['orders/updated', async () => ids.order, {}],
		['orders/fulfilled', async () => ids.order, {}],
		['orders/failed', async () => ids.order, { error: '404' }],
		['orders/splitted', split, {}],
	] as Array<[string, () => Promise<number>, Json]>)('%s', async (topic, orderId, extra) => {
		const before = MEDIA_TYPES.map((mediaType) => triggers[mediaType].received.length);
		await control.call('POST', '/events', { topic, orderId: await orderId(), ...extra });
		const [json, xml] = MEDIA_TYPES.map((mediaType, index) => {
			const received = triggers[mediaType].received.slice(before[index]);
			expect(received.map((entry) => [entry.topic, entry.status])).toEqual([[topic, 200]]);
			const [{ json: event }] = received[0].items;
			// Each subscription's delivery has its own bytes to recognise it by (and its own id, where
			// a deployment sends one: option deliveryIdHeader).
			return { ...event, deliveryId: undefined, deliveryKey: undefined };
		});
		expect(xml).toEqual(json);
		expect((json as Json).payloadRoot).toBeDefined();
	});

	test('the typed event fields follow the contract in both', () => {
		const [failed] = triggers.xml.emitted.filter((event) => event.topic === 'orders/failed');
		expect(failed).toMatchObject({
			id: ids.order,
			uniqueId: '00042',
			error: '404',
			customReferences: ['77'],
		});
		const [fulfilled] = triggers.xml.emitted.filter((event) => event.topic === 'orders/fulfilled');
		expect(fulfilled).toMatchObject({ id: ids.order, trackingNumbers: ['123456789'] });
		const [splitted] = triggers.xml.emitted.filter((event) => event.topic === 'orders/splitted');
		expect((splitted.childOrderIds as unknown[]).every((id) => typeof id === 'number')).toBe(true);
	});
});

describe('writes answer the same for JSON and XML', () => {
	const submit = (uniqueId: string): INodeParameters => ({
		resource: 'order',
		operation: 'submit',
		shop,
		input: 'json',
		orderJson: JSON.stringify({
			...DIGITS_ORDER.creatorse_productionOrderDeferred,
			uniqueId,
			passthroughItems: undefined,
		}),
		options: {},
	});

	test('Submit: a new order each, then the same existing order found by its Unique ID', async () => {
		const fresh = {} as Record<MediaType, IDataObject>;
		for (const mediaType of MEDIA_TYPES) {
			const run = await runNode({ store: stores[mediaType], parameters: submit(`0${mediaType}7`) });
			expect(run.error).toBeUndefined();
			fresh[mediaType] = run.items[0].json;
		}
		// The same order, statuses and named items whatever the media type.
		// Each new order is read back as the service holds it: its own IDs, creation time and,
		// as the service moves it on, its fulfilment status (compared below, once it stays).
		const sameButIds = (output: IDataObject) => ({
			...output,
			id: 0,
			uniqueId: '',
			created: '',
			fulfilmentStatus: '',
			fulfilmentStatusLabel: '',
			items: (output.items as IDataObject[]).map((item) => ({ ...item, id: 0, created: '' })),
		});
		expect(fresh.json).toMatchObject({
			id: expect.any(Number),
			uniqueId: '0json7',
			financialStatus: 'PAID',
			alreadyExisted: false,
			items: [
				expect.objectContaining({
					productName: 'Classic T-Shirt',
					colorName: 'White',
					sizeName: 'M',
				}),
			],
		});
		expect(fresh.xml).toMatchObject({ id: expect.any(Number), uniqueId: '0xml7' });
		expect(sameButIds(fresh.xml)).toEqual(sameButIds(fresh.json));

		// The sandbox moves a new order on to Prepared to Produce, where it stays: the two reads
		// below compare that status, not two moments of the move.
		await eventually(async () =>
			expect((await control.order(Number(fresh.json.id))).fulfilmentStatus).toBe(
				'PREPARED_TO_PRODUCE',
			),
		);
		const { json, xml } = await outputs(submit('0json7'));
		// Found, the order is the service's record of it as the look-up by Unique ID lists it: its
		// status, creation and customer (a list record holds no items or tracking); it matches the
		// request.
		const read = await control.order(Number(fresh.json.id));
		expect(json).toEqual([
			expect.objectContaining({
				id: fresh.json.id,
				uniqueId: '0json7',
				fulfilmentStatus: 'PREPARED_TO_PRODUCE',
				fulfilmentStatusLabel: 'Ready for Production',
				created: expect.any(String),
				customer: fresh.json.customer,
				alreadyExisted: true,
				matchesRequest: true,
				differences: [],
			}),
		]);
		expect(read.uniqueId).toBe('0json7');
		expect(xml).toEqual(json);
	});

	test('Create Draft: the same order but for its fresh ID and creation time', async () => {
		const parameters: INodeParameters = {
			resource: 'order',
			operation: 'create',
			shop,
			country: 'DE',
			customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '030' },
			shippingAddress: {
				address: {
					street: '1234',
					streetNo: '12',
					city: 'Berlin',
					zip: '01234',
					countryCode: 'DE',
				},
			},
			shippingTitle: 'Standard',
			carrierId: '21',
		};
		const { json, xml } = await outputs(parameters);
		/** The order with its own ID (also inside its links) as 0 and its creation time left out. */
		const comparable = ([order]: IDataObject[]) =>
			JSON.parse(
				JSON.stringify({ ...order, created: typeof order.created }).replace(
					new RegExp(`\\b${String(order.id)}\\b`, 'g'),
					'0',
				),
			) as Json;
		expect(typeof json[0].id).toBe('number');
		expect(comparable(xml)).toEqual(comparable(json));
		expect(comparable(json)).toMatchObject({
			customer: { shippingAddress: { street: '1234', streetNo: '12', zip: '01234' } },
		});
	});

	test('Filter → Create: the same stored filter', async () => {
		const { json, xml } = await outputs({
			resource: 'filter',
			operation: 'create',
			filterType: 'productionOrderFilter',
			definedWith: 'json',
			filterJson: JSON.stringify({
				expressionSimple: { property: 'uniqueId', op: '=', value: '00042' },
				expressionContain: { property: 'id', negation: false, list: { String: ['1', '2'] } },
			}),
		});
		expect(json).toHaveLength(1);
		expect(xml).toEqual(json);
	});
});
