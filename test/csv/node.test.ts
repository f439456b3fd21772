/* eslint-disable @n8n/community-nodes/no-restricted-globals -- tests run on Node, never shipped */
import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { request } from 'undici';

import { PodPlatform } from '../../nodes/PodPlatform/PodPlatform.node';
import { CSV_COLUMNS } from '../../nodes/PodPlatform/actions/csvImport/csv';
import type { Sandbox } from '../../sandbox';
import { DEMO } from '../../sandbox';
import { resourceMapperFields } from '../support/editor';
import { runNode } from '../support/n8n';
import { SandboxControl, sandboxCredentials, shopParameter, useSandbox } from '../support/sandbox';
import { CONTRACT_HEADERS, erikasOrder, sampleLines, writeCsv } from './fixtures';

let sandbox: Sandbox;
let control: SandboxControl;
useSandbox((started) => ({ sandbox, control } = started));

const csvImport = (operation: string, extra: IDataObject = {}) => ({
	resource: 'csvImport',
	operation,
	shop: shopParameter(),
	...extra,
});

function fileItem(data: Buffer, fileName = 'orders.csv'): INodeExecutionData {
	return {
		json: {},
		binary: { data: { data: data.toString('base64'), mimeType: 'text/csv', fileName } },
	};
}

/** The bytes of an output binary, wherever n8n-core stored them. */
async function fileOf(item: INodeExecutionData, property = 'data'): Promise<Buffer> {
	return await Container.get(BinaryDataService).getAsBuffer(item.binary![property]);
}

const requests = async () => await control.requests();

/** The shop's order list, read from the service as any client would. */
async function orderList(): Promise<IDataObject[]> {
	const auth = await request(`${sandbox.baseUrl}/auth`, {
		headers: {
			authorization: `Basic ${Buffer.from(`${DEMO.login}:${DEMO.password}`).toString('base64')}`,
			accept: 'application/json',
		},
	});
	await auth.body.text();
	const token = String(auth.headers['x-auth-token']);
	const list = await request(
		`${sandbox.baseUrl}/accounts/${DEMO.accountId}/shops/${DEMO.shopId}/orders?size=100`,
		{
			headers: { 'x-auth-token': token, accept: 'application/json' },
		},
	);
	const body = (await list.body.json()) as {
		pagedData: { productionOrder?: IDataObject | IDataObject[] };
	};
	const orders = body.pagedData.productionOrder ?? [];
	return Array.isArray(orders) ? orders : [orders];
}

const orderItems: INodeExecutionData[] = [
	{
		json: erikasOrder('n8n-csv-1', { carrierId: 21, title: 'Standard; tracked', price: 4.95 }, [
			{
				productAreaId: 4001,
				elements: [{ motiveId: 5001, position: { left: 10.5, right: 10.5 } }, { motiveId: 5002 }],
			},
			{
				productAreaName: 'BACK',
				elements: [{ motiveId: 5003, position: { horizontalCenter: 0 } }],
			},
		]),
	},
	{
		json: {
			uniqueId: 'n8n-csv-2',
			country: { id: 3 },
			orderShipping: { title: 'Royal Mail', carrier: { id: 22 } },
			customer: {
				firstName: 'John',
				lastName: 'Smith',
				shippingAddress: {
					street: 'Baker Street',
					streetNo: '221b',
					city: 'London',
					zip: 'NW1 6XE',
					countryCode: 'GB',
				},
			},
			designs: { creatorse_design: [{ productId: 1001, amount: 1 }] },
		},
	},
];

describe('Build CSV → Upload → processed orders', () => {
	test.each([
		['european', 'orders-eu.csv', false],
		['ukUs', 'orders-uk.csv', true],
	])('%s format: built, uploaded, processed, listed', async (format, fileName, bom) => {
		const store = sandboxCredentials(sandbox);
		const built = await runNode({
			store,
			items: orderItems,
			parameters: csvImport('buildCsv', { inputMode: 'order', format, options: { fileName, bom } }),
		});
		expect(built.error).toBeUndefined();
		expect(built.items).toHaveLength(1);
		const [file] = built.items;
		expect(file.pairedItem).toEqual([{ item: 0 }, { item: 1 }]);
		expect(file.json).toMatchObject({ fileName, rows: 5, orders: 2, designs: 3, valid: true, bom });
		expect(file.binary!.data).toMatchObject({ fileName, mimeType: 'text/csv' });
		const text = (await fileOf(file)).toString('utf8');
		expect(text.startsWith('\uFEFF')).toBe(bom);
		expect(text).toContain(format === 'european' ? ';4,95;' : ',4.95,');

		const uploaded = await runNode({
			store,
			items: [file],
			parameters: csvImport('upload', { format, waitForProcessing: true, maxWaitSeconds: 20 }),
		});
		expect(uploaded.error).toBeUndefined();
		const result = uploaded.items[0].json as IDataObject & { lines: IDataObject[] };
		expect(result).toMatchObject({ fileName, processed: true, error: false });
		expect(result.lines).toHaveLength(5);
		expect(result.lines.every((line) => line.ok === true && line.orderId !== undefined)).toBe(true);
		expect(result.lines.map((line) => line.lineNumber)).toEqual([2, 3, 4, 5, 6]);

		const post = (await requests()).find(
			(r) => r.method === 'POST' && r.path.endsWith('/orderCsvImport'),
		)!;
		expect(post.query).toEqual(format === 'european' ? {} : { separator: ',' });

		const orders = await orderList();
		const imported = orders.filter((o) => String(o.uniqueId).startsWith('n8n-csv-'));
		expect(imported.map((o) => o.uniqueId).sort()).toEqual(['n8n-csv-1', 'n8n-csv-2']);
		const orderIds = new Set(result.lines.map((line) => line.orderId));
		expect(new Set(imported.map((o) => o.id))).toEqual(orderIds);
	});
});

describe('Upload', () => {
	test('a file with problems is refused before anything is sent, naming line and column', async () => {
		const lines = sampleLines();
		lines[2]['design amount'] = '7';
		const run = await runNode({
			store: sandboxCredentials(sandbox),
			items: [fileItem(writeCsv(lines))],
			parameters: csvImport('upload', {}),
		});
		expect(run.error?.message).toBe('Item 1: the CSV file has 1 problem; nothing was uploaded');
		expect(run.error?.description).toContain(
			'line 4, column 43: Amount: "7" differs from "2" on line 2',
		);
		expect((await requests()).filter((r) => r.path.includes('orderCsvImport'))).toEqual([]);
	});

	test('without waiting it returns the import record; Get, Get Many and Get Lines read it back', async () => {
		const store = sandboxCredentials(sandbox);
		const lines = sampleLines();
		// Valid as a file, but the service knows no such SKU: a per-line result, not a local problem.
		lines[3]['design product sku'] = 'NO-SUCH-SKU';
		const upload = await runNode({
			store,
			items: [fileItem(writeCsv(lines), 'march.csv')],
			parameters: csvImport('upload', { waitForProcessing: false }),
		});
		expect(upload.error).toBeUndefined();
		const record = upload.items[0].json;
		expect(record).toMatchObject({ fileName: 'march.csv', processed: false });
		expect(record.lines).toBeUndefined();
		await new Promise((resolve) => setTimeout(resolve, 300));

		const got = await runNode({
			store,
			parameters: csvImport('get', {
				importId: { __rl: true, mode: 'list', value: String(record.id) },
			}),
		});
		expect(got.items[0].json).toMatchObject({ id: record.id, processed: true, error: true });
		// The import's own address (By URL) names the same import.
		const byUrl = await runNode({
			store,
			parameters: csvImport('get', {
				importId: {
					__rl: true,
					mode: 'url',
					value: `${sandbox.baseUrl}/accounts/387/shops/1597/orderCsvImport/${String(record.id)}`,
				},
			}),
		});
		expect(byUrl.items[0].json).toMatchObject({ id: record.id });

		const many = await runNode({ store, parameters: csvImport('getAll', { returnAll: true }) });
		expect(many.items.map((item) => item.json.id)).toEqual([record.id]);

		const lineItems = await runNode({
			store,
			parameters: csvImport('getLines', {
				importId: String(record.id),
				returnAll: false,
				limit: 10,
			}),
		});
		expect(lineItems.items).toHaveLength(5);
		const failed = lineItems.items.map((item) => item.json).filter((line) => line.ok !== true);
		expect(failed.map((line) => line.lineNumber)).toEqual([2, 3, 4, 5]);
		expect(String(failed.find((line) => line.lineNumber === 5)!.errorMessage)).toContain(
			'NO-SUCH-SKU',
		);
	});

	test('a bad Import ID is refused before sending', async () => {
		const run = await runNode({
			store: sandboxCredentials(sandbox),
			parameters: csvImport('get', { importId: 'four' }),
		});
		expect(run.error?.message).toBe('Item 1: Import ID must be a whole number, got "four"');
	});
});

describe('Validate CSV', () => {
	test('reports every problem and passes the file on', async () => {
		const lines = sampleLines();
		lines[0]['position left'] = '10.5';
		lines[4]['customer shipping address country code'] = 'Germany';
		const item = fileItem(writeCsv(lines));
		const run = await runNode({
			store: sandboxCredentials(sandbox),
			items: [item, fileItem(writeCsv(sampleLines()))],
			parameters: { resource: 'csvImport', operation: 'validateCsv', format: 'european' },
		});
		expect(run.error).toBeUndefined();
		const [bad, good] = run.items;
		expect(bad.json).toMatchObject({ valid: false, problemCount: 2, rows: 5, orders: 2 });
		expect((bad.json.problems as IDataObject[]).map((p) => [p.line, p.column])).toEqual([
			[2, 'position left'],
			[6, 'customer shipping address country code'],
		]);
		expect(bad.binary!.data.data).toBe(item.binary!.data.data);
		expect(good.json).toMatchObject({ valid: true, problemCount: 0, problems: [] });
		expect((await requests()).length).toBe(0);
	});
});

describe('Build CSV input errors', () => {
	test('one item per line: keyed by header or camelCase; a misspelt key names the item', async () => {
		const store = sandboxCredentials(sandbox);
		const lineItems = sampleLines().map((line) => ({ json: line as IDataObject }));
		const built = await runNode({
			store,
			items: lineItems,
			parameters: {
				resource: 'csvImport',
				operation: 'buildCsv',
				inputMode: 'line',
				format: 'european',
			},
		});
		expect(built.error).toBeUndefined();
		expect(built.items[0].json).toMatchObject({ rows: 5, orders: 2, designs: 3, valid: true });
		expect((await fileOf(built.items[0])).equals(writeCsv(sampleLines()))).toBe(true);

		const misspelt = await runNode({
			store,
			items: [{ json: { orderGroupId: 'A' } }, { json: { orderGroupId: 'A', designGroupID: '1' } }],
			parameters: { resource: 'csvImport', operation: 'buildCsv', inputMode: 'line' },
		});
		expect(misspelt.error?.message).toBe('Item 2: Unknown column "designGroupID"');
	});

	test('a problem found in the built file names the item it came from', async () => {
		const items = [
			orderItems[0],
			{ json: { ...orderItems[1].json, countryId: undefined, country: { id: 'GB' } } },
		];
		const run = await runNode({
			store: sandboxCredentials(sandbox),
			items,
			parameters: { resource: 'csvImport', operation: 'buildCsv', inputMode: 'order' },
		});
		expect(run.error?.message).toBe('Item 2: the CSV file has 1 problem; no file was built');
		expect(run.error?.description).toContain(
			'item 2, column 3: Country ID: must be a positive whole number, got "GB"',
		);
	});

	test('two items of the same order group are refused', async () => {
		const run = await runNode({
			store: sandboxCredentials(sandbox),
			items: [orderItems[0], orderItems[0]],
			parameters: { resource: 'csvImport', operation: 'buildCsv', inputMode: 'order' },
		});
		expect(run.error?.message).toBe('Item 2: Order Group ID "n8n-csv-1" is already used by item 1');
	});
});

describe('Build CSV, one item per line, with the column mapper', () => {
	const lineMode = { resource: 'csvImport', operation: 'buildCsv', inputMode: 'line' };

	test('the mapper offers the 54 columns in file order by their labels, the ones every order needs required', async () => {
		const { fields } = await resourceMapperFields(
			sandboxCredentials(sandbox),
			'getCsvColumns',
			lineMode,
		);
		// Each column keeps its camelCase key: the label is what the editor shows.
		expect(fields.map((field) => field.id)).toEqual(CSV_COLUMNS.map((column) => column.key));
		expect(CSV_COLUMNS.map((column) => column.header)).toEqual(CONTRACT_HEADERS);
		expect(fields.map((field) => field.displayName)).toEqual(
			CSV_COLUMNS.map((column) => column.label),
		);
		expect(new Set(fields.map((field) => field.displayName)).size).toBe(54);
		expect(fields.filter((field) => field.required).map((field) => field.displayName)).toEqual([
			// The contract groups lines by the two group ids and requires the order's country;
			// every other value may be empty, and the service judges each line.
			'Order Group ID',
			'Country ID',
			'Design Group ID',
		]);
		const byLabel = new Map(fields.map((field) => [field.displayName, field]));
		expect(byLabel.get('Carrier ID')).toMatchObject({ id: 'shippingCarrierId', type: 'number' });
		expect(byLabel.get('Shipping Price')?.type).toBe('number');
		expect(byLabel.get('Billing Street No')?.id).toBe('customerBillingAddressStreetNo');
		expect(byLabel.get('Position Left')?.type).toBe('string');
		expect(byLabel.get('Center Vertically')?.type).toBe('boolean');
		expect(byLabel.get('Motive URL')?.type).toBe('url');
		expect(fields.every((field) => field.display && !field.defaultMatch)).toBe(true);
	});

	/** Storefront-shaped items, one per order line, whose keys name no column. */
	const storefrontLines = (quantities: Array<number | string>): INodeExecutionData[] =>
		quantities.map((quantity, index) => ({
			json: {
				ref: `shop-${100 + index}`,
				country: 1,
				shippingCost: 4.95,
				address: { street: 'Hauptstraße', houseNumber: '5', city: 'Berlin', country: 'DE' },
				sku: 'TEE-CLASSIC',
				quantity,
			},
		}));

	async function mappedRun(items: INodeExecutionData[]) {
		const store = sandboxCredentials(sandbox);
		// The editor saves the columns it showed beside the mapping.
		const { fields } = await resourceMapperFields(store, 'getCsvColumns', lineMode);
		return await runNode({
			store,
			items,
			parameters: {
				...lineMode,
				format: 'european',
				columns: {
					mappingMode: 'defineBelow',
					value: {
						orderGroupId: '={{ $json.ref }}',
						uniqueId: '={{ $json.ref }}',
						countryId: '={{ $json.country }}',
						orderShippingPrice: '={{ $json.shippingCost }}',
						customerShippingAddressStreet: '={{ $json.address.street }}',
						customerShippingAddressStreetNo: '={{ $json.address.houseNumber }}',
						customerShippingAddressCity: '={{ $json.address.city }}',
						customerShippingAddressCountryCode: '={{ $json.address.country }}',
						designGroupId: '1',
						designProductSku: '={{ $json.sku }}',
						designAmount: '={{ $json.quantity }}',
					},
					matchingColumns: [],
					schema: fields,
					attemptToConvertTypes: false,
					convertFieldsToString: false,
				},
			},
		});
	}

	test('a line is built from the columns mapped one by one', async () => {
		const built = await mappedRun(storefrontLines([2, '3']));
		expect(built.error).toBeUndefined();
		expect(built.items[0].json).toMatchObject({ rows: 2, orders: 2, designs: 2, valid: true });
		const line = (ref: string, amount: string) => ({
			'order group id': ref,
			uniqueId: ref,
			countryId: '1',
			orderShippingPrice: '4,95',
			'customer shipping address street': 'Hauptstraße',
			'customer shipping address street no': '5',
			'customer shipping address city': 'Berlin',
			'customer shipping address country code': 'DE',
			'design group id': '1',
			'design product sku': 'TEE-CLASSIC',
			'design amount': amount,
		});
		expect(
			(await fileOf(built.items[0])).equals(
				writeCsv([line('shop-100', '2'), line('shop-101', '3')]),
			),
		).toBe(true);
	});

	test('a mapped value the file cannot take names the item and the column as the mapper labels it', async () => {
		const run = await mappedRun(storefrontLines([2, 'two']));
		expect(run.error?.message).toBe('Item 2: the CSV file has 1 problem; no file was built');
		expect(run.error?.description).toContain(
			'item 2, column 43: Amount: must be a positive whole number, got "two"',
		);
		const notANumber = await mappedRun(storefrontLines([2, Number.POSITIVE_INFINITY]));
		expect(notANumber.error?.message).toBe('Item 2: Amount must be a finite number, got Infinity');
	});

	test('Map Automatically reads each item by header or camelCase name, as saved workflows do', async () => {
		const built = await runNode({
			store: sandboxCredentials(sandbox),
			items: sampleLines().map((line) => ({ json: line as IDataObject })),
			parameters: {
				...lineMode,
				format: 'european',
				columns: { mappingMode: 'autoMapInputData', value: null },
			},
		});
		expect(built.error).toBeUndefined();
		expect((await fileOf(built.items[0])).equals(writeCsv(sampleLines()))).toBe(true);
	});
});

test('the Shop field is shown for the CSV operations that call the service, not for local files', () => {
	const shop = new PodPlatform().description.properties.find(
		(p) => p.name === 'shop' && p.displayOptions?.show?.resource?.includes('csvImport'),
	)!;
	const operations = shop.displayOptions?.show?.operation;
	expect(operations).toEqual(expect.arrayContaining(['upload', 'get', 'getAll', 'getLines']));
	expect(operations).not.toContain('buildCsv');
	expect(operations).not.toContain('validateCsv');
});

describe('Upload over an unreliable line', () => {
	test('an expired session is renewed and the same file is sent again in full', async () => {
		const store = sandboxCredentials(sandbox, {
			sessionToken: 'expired-token',
			sessionAccountId: String(DEMO.accountId),
		});
		const run = await runNode({
			store,
			items: [fileItem(writeCsv(sampleLines()))],
			parameters: csvImport('upload', { waitForProcessing: true, maxWaitSeconds: 20 }),
		});
		expect(run.error).toBeUndefined();
		expect(run.items[0].json).toMatchObject({
			processed: true,
			error: false,
			linesTotal: 5,
			linesFailed: 0,
		});
		const posts = (await requests()).filter(
			(r) => r.method === 'POST' && r.path.endsWith('/orderCsvImport'),
		);
		expect(posts.map((r) => r.status)).toEqual([401, 200]);
	});

	test('a lost answer is not retried blindly: one import, and the error says to check', async () => {
		await control.call('POST', '/faults', {
			method: 'POST',
			path: 'orderCsvImport',
			kind: 'drop-after-processing',
			count: 1,
		});
		const store = sandboxCredentials(sandbox);
		const run = await runNode({
			store,
			items: [fileItem(writeCsv(sampleLines()))],
			parameters: csvImport('upload', {}),
		});
		expect(run.error?.description).toContain('may or may not have reached the service');
		await control.call('DELETE', '/faults');
		const list = await runNode({ store, parameters: csvImport('getAll', { returnAll: true }) });
		expect(list.items).toHaveLength(1);
	});

	test('an XML credential reads the record and the lines alike', async () => {
		const run = await runNode({
			store: sandboxCredentials(sandbox, { mediaType: 'xml' }),
			items: [fileItem(writeCsv(sampleLines('.'), { delimiter: ',' }))],
			parameters: csvImport('upload', {
				format: 'ukUs',
				waitForProcessing: true,
				maxWaitSeconds: 20,
			}),
		});
		expect(run.error).toBeUndefined();
		const result = run.items[0].json as IDataObject & { lines: IDataObject[] };
		expect(result).toMatchObject({ processed: true, error: false, linesTotal: 5, linesFailed: 0 });
		expect(result.lines.map((line) => line.ok)).toEqual([true, true, true, true, true]);
	});

	test('waiting, it counts the lines and the failed ones from the lines it read, whether the record counts them or not', async () => {
		const lines = sampleLines();
		// Valid as a file, but the service knows no such SKU: its order group's lines fail.
		lines[3]['design product sku'] = 'NO-SUCH-SKU';
		const run = await runNode({
			store: sandboxCredentials(sandbox),
			items: [fileItem(writeCsv(lines))],
			parameters: csvImport('upload', { waitForProcessing: true, maxWaitSeconds: 20 }),
		});
		expect(run.error).toBeUndefined();
		const result = run.items[0].json as IDataObject & { lines: IDataObject[] };
		const failed = result.lines.filter((line) => line.ok === false).length;
		expect(failed).toBeGreaterThan(0);
		expect(result).toMatchObject({ error: true, linesTotal: 5, linesFailed: failed });
	});
});
