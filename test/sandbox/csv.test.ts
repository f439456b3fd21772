import { stringify } from 'csv-stringify/sync';

import { startSandbox, type Sandbox } from '../../sandbox';
import { CONTRACT_HEADERS } from '../csv/fixtures';
import { eventually } from '../support/eventually';
import { SandboxControl, SHOP_PATH, useSandbox } from '../support/sandbox';
import { list, multipartFile, ServiceClient, type Json } from '../support/service';

/** The contract's 54 columns, written out by the tests independently of the sandbox. */
const HEADERS = CONTRACT_HEADERS;

type Row = Record<string, string>;

function row(values: Row): string[] {
	for (const key of Object.keys(values))
		if (!HEADERS.includes(key)) throw new Error(`unknown column ${key}`);
	return HEADERS.map((h) => values[h] ?? '');
}

function orderRow(group: string, uniqueId: string, extra: Row = {}): Row {
	return {
		'order group id': group,
		uniqueId,
		countryId: '1',
		'shipping carrier Id': '21',
		orderShippingTitle: 'Standard; tracked',
		orderShippingPrice: '4,95',
		'customer first name': 'Jürgen',
		'customer last name': 'Müller',
		'customer email': 'j@example.com',
		'customer shipping address street': 'Hauptstraße',
		'customer shipping address street no': '5',
		'customer shipping address city': 'Köln',
		'customer shipping address zip': '50667',
		'customer shipping address country code': 'DE',
		'design group id': 'd1',
		'design product id': '1001',
		// The contract's `design product sku` is the product's SKU (an alternative to its id).
		'design product sku': 'TEE-CLASSIC',
		'design amount': '2',
		'composition group id': 'c1',
		'product area id': '4001',
		'element motive id': '5001',
		'position left': '10,5',
		'position right': '10',
		'position horizontal center': 'false',
		...extra,
	};
}

function csv(rows: Row[], delimiter = ';', headers = HEADERS): string {
	return stringify([headers, ...rows.map(row)], { delimiter, quoted_match: /[;,"]/ });
}

const multipart = (content: string | Buffer, filename = 'orders.csv') =>
	multipartFile(content, filename, { type: 'text/csv' });

describe('sandbox: CSV order import', () => {
	let sandbox: Sandbox;
	let control: SandboxControl;
	let demo: ServiceClient;

	useSandbox(
		(started) => {
			({ sandbox, control } = started);
			demo = new ServiceClient(sandbox.baseUrl);
		},
		// The contract's ProductSku (no texts), a repeated uniqueId stored, multipart uploads only
		// and the field notes' import record (no line counts), also under SANDBOX_OPTIONS=all; ordered
		// products with what was ordered (option orderedProductDetails), as the tests read the
		// imported designs back through them.
		{
			deferredProcessingMs: 10,
			orderedProductDetails: true,
			variantSkuTexts: false,
			refuseRepeatedUniqueId: false,
			csvRawUpload: false,
			csvImportLineCounts: false,
		},
	);
	beforeEach(() => demo.login());

	const upload = async (content: string | Buffer, query = '') => {
		const result = await demo.call(
			'POST',
			`${SHOP_PATH}/orderCsvImport${query}`,
			multipart(content),
		);
		expect(result.status).toBe(200);
		return result.json.productionOrderCsvImport as Json;
	};
	const finished = (id: number) =>
		eventually(async () => {
			const job = (await demo.get(`${SHOP_PATH}/orderCsvImport/${id}`)).json
				.productionOrderCsvImport;
			expect(job.processed).toBeTruthy();
			return job;
		});
	const lines = async (id: number) =>
		list(
			(await demo.get(`${SHOP_PATH}/orderCsvImport/${id}/lines?size=100`)).json.pagedData
				.productionOrderCsvImportLine,
		);
	/** How many lines an import has and how many failed, by its lines (the record counts none). */
	const counts = async (id: number) => {
		const all = await lines(id);
		return { total: all.length, failed: all.filter((l) => l.ok !== true).length };
	};

	test('European file: groups build orders, designs and compositions; quoted fields; async processing', async () => {
		const content = csv([
			orderRow('o1', 'CSV-1'),
			orderRow('o1', 'CSV-1', { 'composition group id': 'c1', 'element motive id': '5002' }),
			orderRow('o1', 'CSV-1', {
				'composition group id': 'c2',
				'product area id': '',
				'product area name': 'BACK',
				'element motive id': '5003',
			}),
			orderRow('o1', 'CSV-1', {
				'design group id': 'd2',
				'design product id': '1003',
				'design product sku': '',
				'design amount': '1',
				'composition group id': '',
				'element motive id': '',
			}),
			orderRow('o2', 'CSV-2', {
				'design product sku': '',
				'design product id': '1002',
				'product area id': '4011',
				'position horizontal center': 'true',
			}),
		]);
		expect(content).toContain('"Standard; tracked"');
		const job = await upload(content);
		expect(job).toMatchObject({ fileName: 'orders.csv', processed: false, error: false });
		const done = await finished(job.id);
		expect(done).toMatchObject({ processed: true, error: false });
		// The field notes' record: id, fileName, createdDate, processedDate, processed, error,
		// errorMessage (and links); no counts without option csvImportLineCounts.
		expect(done).not.toHaveProperty('linesTotal');
		expect(done).not.toHaveProperty('linesFailed');
		expect(await counts(job.id)).toEqual({ total: 5, failed: 0 });
		expect(done.processedDate).toBeTruthy();

		const results = await lines(job.id);
		expect(results.map((l) => l.lineNumber)).toEqual([2, 3, 4, 5, 6]);
		expect(results.every((l) => l.ok === true && typeof l.orderId === 'number')).toBe(true);
		const [first] = (await control.call('GET', '/orders?uniqueId=CSV-1')) as Json[];
		expect(first).toMatchObject({ origin: 'csv', shopId: 1597 });
		expect(results[0].orderId).toBe(first.id);

		const order = (await demo.get(`${SHOP_PATH}/orders/expanded/${first.id}`)).json
			.productionOrderExpanded;
		expect(order.customer).toMatchObject({
			firstName: 'Jürgen',
			shippingAddress: { city: 'Köln' },
		});
		expect(order.orderShipping).toMatchObject({
			title: 'Standard; tracked',
			price: 4.95,
			carrier: { id: 21 },
		});
		const items = list(order.orderedProducts.designedOrderedProduct);
		expect(items).toHaveLength(2);
		// The CSV names no colour or size: the product's first available SKU (White/S).
		expect(items[0]).toMatchObject({
			productId: 1001,
			assignedColor: { id: 2001 },
			assignedSize: { id: 3001 },
			amount: 2,
		});
		const compositions = list(items[0].compositions.composition);
		expect(compositions.map((c) => c.productArea.id)).toEqual([4001, 4002]);
		expect(list(compositions[0].elements.creatorse_designElementMotive)).toHaveLength(2);
		expect(list(compositions[0].elements.creatorse_designElementMotive)[0].position).toMatchObject({
			left: '10.5',
			right: '10',
		});

		const listed = list((await demo.get(`${SHOP_PATH}/orders`)).json.pagedData.productionOrder).map(
			(o) => o.uniqueId,
		);
		expect(listed).toEqual(expect.arrayContaining(['CSV-1', 'CSV-2']));
		const imports = (await demo.get(`${SHOP_PATH}/orderCsvImport`)).json.pagedData;
		expect(imports.productionOrderCsvImport.id).toBe(job.id);
	});

	test('UK/US file with separator=, and decimal point, and a BOM', async () => {
		const content = `\uFEFF${csv([orderRow('1', 'UK-1', { orderShippingPrice: '1,234.50', 'position left': '12.5' })], ',')}`;
		const result = await demo.call(
			'POST',
			`${SHOP_PATH}/orderCsvImport?separator=,`,
			multipart(content, 'uk.csv'),
		);
		expect(result.status).toBe(200);
		expect(result.json.productionOrderCsvImport.fileName).toBe('uk.csv');
		const done = await finished(result.json.productionOrderCsvImport.id);
		expect(done.error).toBe(false);
		const [order] = (await control.call('GET', '/orders?uniqueId=UK-1')) as Json[];
		const full = (await demo.get(`${SHOP_PATH}/orders/expanded/${order.id}`)).json
			.productionOrderExpanded;
		expect(full.orderShipping.price).toBe(1234.5);
	});

	test('a custom quote character and a windows-1252 encoding', async () => {
		const content = csv([orderRow('1', 'Q-1', { orderShippingTitle: 'Express; fast' })]).replace(
			/"/g,
			"'",
		);
		const job = await upload(Buffer.from(content, 'latin1'), "?quote='&encoding=windows-1252");
		expect((await finished(job.id)).error).toBe(false);
		const [order] = (await control.call('GET', '/orders?uniqueId=Q-1')) as Json[];
		const full = (await demo.get(`${SHOP_PATH}/orders/expanded/${order.id}`)).json
			.productionOrderExpanded;
		expect(full.orderShipping.title).toBe('Express; fast');
		expect(full.customer.lastName).toBe('Müller');
	});

	test('per-line errors: the failing line names the problem, its group fails, other groups import', async () => {
		const content = csv([
			orderRow('g1', 'OK-1'),
			orderRow('g2', 'BAD-1'),
			orderRow('g2', 'BAD-1', {
				'design group id': 'd9',
				'design product id': '4242',
				'design product sku': '',
			}),
			orderRow('g3', 'BAD-2', { countryId: '77' }),
			orderRow('g4', 'BAD-3', {
				'customer shipping address street': '',
				'customer shipping address street no': '',
				'customer shipping address city': '',
				'customer shipping address zip': '',
				'customer shipping address country code': '',
			}),
			orderRow('g5', 'OK-1'),
			orderRow('g6', 'BAD-4', { 'design product sku': 'TEE-CLASSIC-BLACK-3XL' }),
		]);
		const job = await upload(content);
		const done = await finished(job.id);
		expect(done).toMatchObject({ error: true });
		expect(await counts(job.id)).toEqual({ total: 7, failed: 5 });
		const byLine = Object.fromEntries((await lines(job.id)).map((l) => [l.lineNumber, l]));
		expect(byLine[2]).toMatchObject({ ok: true, orderGroupId: 'g1', uniqueId: 'OK-1' });
		expect(byLine[4]).toMatchObject({ ok: false });
		expect(byLine[4].errorMessage).toMatch(/4242/);
		expect(byLine[3].errorMessage).toMatch(/see line 4/);
		expect(byLine[5].errorMessage).toMatch(/country/i);
		expect(byLine[6].errorMessage).toMatch(/shipping address/i);
		// A repeated uniqueId is a new order (refused only under refuseRepeatedUniqueId).
		expect(byLine[7]).toMatchObject({ ok: true, orderGroupId: 'g5', uniqueId: 'OK-1' });
		expect(byLine[8].errorMessage).toMatch(/SKU/);
		expect(await control.call('GET', '/orders?uniqueId=OK-1')).toHaveLength(2);
		expect(await control.call('GET', '/orders?uniqueId=BAD-1')).toHaveLength(0);
	});

	test("design product sku is the product's own SKU, alone or with its id; a variant SKU text or another product's SKU fails the line", async () => {
		const content = csv([
			orderRow('g1', 'SKU-1', {
				'design product id': '',
				'design product sku': 'IPOD2008',
				'product area id': '4031',
			}),
			orderRow('g2', 'SKU-2', {
				'design product id': '',
				'design product sku': 'TEE-CLASSIC-BLACK-L',
			}),
			orderRow('g3', 'SKU-3', { 'design product sku': 'HOODIE-PREMIUM' }),
		]);
		const job = await upload(content);
		expect(await finished(job.id)).toMatchObject({ error: true });
		expect(await counts(job.id)).toEqual({ total: 3, failed: 2 });
		const byLine = Object.fromEntries((await lines(job.id)).map((l) => [l.lineNumber, l]));
		expect(byLine[2].ok).toBe(true);
		const [order] = await control.orders('SKU-1');
		expect(order.orderedProducts).toMatchObject([
			// IPod Nano's first SKU: Green, One Size.
			{ productId: 1004, assignedColorId: 2031, assignedSizeId: 3031, sku: 'IPOD2008' },
		]);
		expect(byLine[3].errorMessage).toBe(
			'design product sku "TEE-CLASSIC-BLACK-L" is not the SKU of any product of shop 1597; see GET .../products',
		);
		expect(byLine[4].errorMessage).toBe(
			'design product sku "HOODIE-PREMIUM" is not the SKU of product 1001 (design product id); see GET .../products',
		);
	});

	test('a product whose SKUs are all unavailable fails the line, naming the product', async () => {
		for (const assignedSizeId of [3011, 3012, 3013, 3014]) {
			for (const assignedColorId of [2011, 2012]) {
				await control.call('PUT', '/products/1002/availability', {
					assignedColorId,
					assignedSizeId,
					available: false,
				});
			}
		}
		const job = await upload(
			csv([
				orderRow('g1', 'NONE-1', {
					'design product id': '',
					'design product sku': 'HOODIE-PREMIUM',
					'product area id': '4011',
				}),
			]),
		);
		await finished(job.id);
		expect((await lines(job.id))[0].errorMessage).toMatch(/^product 1002 has no available SKU/);
	});

	test('a wrong header marks the whole import as failed', async () => {
		const swapped = [...HEADERS];
		[swapped[1], swapped[2]] = [swapped[2], swapped[1]];
		const job = await upload(csv([orderRow('1', 'H-1')], ';', swapped));
		const done = await finished(job.id);
		expect(done).toMatchObject({ error: true });
		expect(await lines(job.id)).toEqual([]);
		expect(done.errorMessage).toMatch(/Column 2/);
		const short = await upload(csv([], ';', HEADERS.slice(0, 53)));
		expect((await finished(short.id)).errorMessage).toMatch(/54/);
	});

	test('a header in another case or with surrounding space is wrong: the contract says exactly', async () => {
		const upper = [...HEADERS];
		upper[1] = 'UNIQUEID';
		const upperJob = await finished((await upload(csv([orderRow('1', 'H-2')], ';', upper))).id);
		expect(upperJob).toMatchObject({ error: true });
		expect(await lines(upperJob.id)).toEqual([]);
		expect(upperJob.errorMessage).toBe('Column 2 must be "uniqueId", found "UNIQUEID"');
		const spaced = [...HEADERS];
		spaced[2] = ` ${HEADERS[2]} `;
		const spacedJob = await finished((await upload(csv([orderRow('1', 'H-3')], ';', spaced))).id);
		expect(spacedJob.errorMessage).toMatch(/^Column 3 must be "countryId"/);
	});

	test('a row with the wrong number of values fails alone', async () => {
		const content = `${csv([orderRow('1', 'N-1')])}2;N-2;1\n`;
		const job = await upload(content);
		await finished(job.id);
		const results = await lines(job.id);
		expect(results.find((l) => l.lineNumber === 3)?.errorMessage).toMatch(/54/);
		expect(results.find((l) => l.lineNumber === 2)?.ok).toBe(true);
	});

	test('upload errors: no file part, empty file, bad separator, wrong content type, viewer; unknown import is 404', async () => {
		const noFile = await demo.call('POST', `${SHOP_PATH}/orderCsvImport`, {
			raw: '--b\r\nContent-Disposition: form-data; name="other"\r\n\r\nx\r\n--b--\r\n',
			contentType: 'multipart/form-data; boundary=b',
		});
		expect(noFile.status).toBe(400);
		const empty = await demo.call('POST', `${SHOP_PATH}/orderCsvImport`, multipart(''));
		expect([empty.status, empty.json.exception.message]).toEqual([400, 'The CSV file is empty']);
		// The contract's separators only: ";" and ",".
		for (const separator of ['x', '|', 'tab', '%09']) {
			const refused = await demo.call(
				'POST',
				`${SHOP_PATH}/orderCsvImport?separator=${separator}`,
				multipart('a'),
			);
			expect([separator, refused.status]).toEqual([separator, 400]);
		}
		// Multipart, as the field notes advise; a raw CSV body only with option csvRawUpload.
		const raw = await demo.call('POST', `${SHOP_PATH}/orderCsvImport`, {
			raw: csv([orderRow('1', 'RAW-1')]),
			contentType: 'text/csv',
		});
		expect([raw.status, raw.json.exception.message]).toEqual([
			400,
			'Upload the CSV as multipart/form-data (field "file")',
		]);
		expect(
			(
				await demo.call('POST', `${SHOP_PATH}/orderCsvImport`, {
					raw: '{}',
					contentType: 'application/json',
				})
			).status,
		).toBe(400);
		const viewer = new ServiceClient(sandbox.baseUrl);
		await viewer.login('viewer');
		expect((await viewer.call('POST', `${SHOP_PATH}/orderCsvImport`, multipart('x'))).status).toBe(
			403,
		);
		expect((await demo.get(`${SHOP_PATH}/orderCsvImport/9999`)).status).toBe(404);
		expect((await demo.get(`${SHOP_PATH}/orderCsvImport/9999/lines`)).status).toBe(404);
	});

	test('option csvRawUpload: the file as a raw text/csv body, named by query fileName', async () => {
		const kind = await startSandbox({ port: 0, deferredProcessingMs: 10, csvRawUpload: true });
		try {
			const client = new ServiceClient(kind.baseUrl);
			await client.login();
			const result = await client.call('POST', `${SHOP_PATH}/orderCsvImport?fileName=raw.csv`, {
				raw: csv([orderRow('1', 'RAW-1')]),
				contentType: 'text/csv',
			});
			expect(result.status).toBe(200);
			expect(result.json.productionOrderCsvImport.fileName).toBe('raw.csv');
			const empty = await client.call('POST', `${SHOP_PATH}/orderCsvImport`, {
				raw: '',
				contentType: 'text/csv',
			});
			expect(empty.status).toBe(400);
		} finally {
			await kind.close();
		}
	});

	test('option csvImportLineCounts: the record also counts its lines and the failed ones', async () => {
		const kind = await startSandbox({
			port: 0,
			deferredProcessingMs: 10,
			csvImportLineCounts: true,
		});
		try {
			const client = new ServiceClient(kind.baseUrl);
			await client.login();
			const content = csv([
				orderRow('g1', 'COUNT-1'),
				orderRow('g2', 'COUNT-2', { 'design product id': '4242', 'design product sku': '' }),
			]);
			const sent = await client.call('POST', `${SHOP_PATH}/orderCsvImport`, multipart(content));
			const id = sent.json.productionOrderCsvImport.id as number;
			const job = await eventually(async () => {
				const current = (await client.get(`${SHOP_PATH}/orderCsvImport/${id}`)).json
					.productionOrderCsvImport;
				expect(current.processed).toBeTruthy();
				return current;
			});
			expect(job).toMatchObject({ error: true, linesTotal: 2, linesFailed: 1 });
		} finally {
			await kind.close();
		}
	});

	test('lines are paged', async () => {
		const rows = Array.from({ length: 12 }, (_, i) => orderRow(`g${i}`, `P-${i}`));
		const job = await upload(csv(rows));
		await finished(job.id);
		const page = (await demo.get(`${SHOP_PATH}/orderCsvImport/${job.id}/lines?size=5&page=2`)).json
			.pagedData;
		expect(page.totalElements).toBe(12);
		expect(list(page.productionOrderCsvImportLine).map((l) => l.lineNumber)).toEqual([12, 13]);
	});
});

describe('sandbox: CSV order import with the variant SKU text extension (option variantSkuTexts)', () => {
	let sandbox: Sandbox;
	let control: SandboxControl;
	let demo: ServiceClient;

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, deferredProcessingMs: 10, variantSkuTexts: true });
		control = new SandboxControl(sandbox);
		demo = new ServiceClient(sandbox.baseUrl);
		await demo.login();
	});
	afterAll(() => sandbox.close());

	test("design product sku may also be a variant SKU text, which names the colour and size; the product's own SKU still works", async () => {
		const result = await demo.call('POST', `${SHOP_PATH}/orderCsvImport`, {
			...multipart(
				csv([
					orderRow('g1', 'EXT-1', {
						'design product id': '',
						'design product sku': 'TEE-CLASSIC-BLACK-L',
					}),
					orderRow('g2', 'EXT-2', { 'design product sku': 'TEE-CLASSIC-BLACK-L' }),
					orderRow('g3', 'EXT-3', { 'design product id': '', 'design product sku': 'TEE-CLASSIC' }),
					orderRow('g4', 'EXT-4', { 'design product sku': 'IPOD2008RED' }),
				]),
			),
		});
		expect(result.status).toBe(200);
		const id = result.json.productionOrderCsvImport.id as number;
		const job = await eventually(async () => {
			const current = (await demo.get(`${SHOP_PATH}/orderCsvImport/${id}`)).json
				.productionOrderCsvImport;
			expect(current.processed).toBeTruthy();
			return current;
		});
		expect(job).toMatchObject({ error: true });
		const results = list(
			(await demo.get(`${SHOP_PATH}/orderCsvImport/${id}/lines`)).json.pagedData
				.productionOrderCsvImportLine,
		);
		expect(results.map((line) => line.ok)).toEqual([true, true, true, false]);
		const items = async (uniqueId: string) =>
			((await control.orders(uniqueId))[0]?.orderedProducts ?? []).map((item: Json) => [
				item.productId,
				item.assignedColorId,
				item.assignedSizeId,
				item.sku,
			]);
		expect(await items('EXT-1')).toEqual([[1001, 2002, 3003, 'TEE-CLASSIC-BLACK-L']]);
		expect(await items('EXT-2')).toEqual([[1001, 2002, 3003, 'TEE-CLASSIC-BLACK-L']]);
		expect(await items('EXT-3')).toEqual([[1001, 2001, 3001, 'TEE-CLASSIC-WHITE-S']]);
		// A variant SKU text of another product than the row's design product id.
		const failed = list(
			(await demo.get(`${SHOP_PATH}/orderCsvImport/${id}/lines`)).json.pagedData
				.productionOrderCsvImportLine,
		).find((line) => line.uniqueId === 'EXT-4');
		expect(failed?.errorMessage).toBe(
			'design product sku "IPOD2008RED" is not the SKU of product 1001 (design product id) nor a variant SKU of it; see GET .../products',
		);
	});
});
