import { parse } from 'csv-parse/sync';

import {
	CSV_HEADERS,
	csvFormat,
	isCountryCode,
} from '../../nodes/PodPlatform/actions/csvImport/csv';
import { InputError } from '../../nodes/shared/errors';
import {
	csvBuffer,
	rowFromLine,
	rowsFromOrder,
} from '../../nodes/PodPlatform/actions/csvImport/csvBuild';
import { validateCsv } from '../../nodes/PodPlatform/actions/csvImport/csvValidate';
import { CONTRACT_HEADERS, erikasOrder } from './fixtures';

const european = csvFormat('european');
const ukUs = csvFormat('ukUs');

/** A structured order as a workflow would hand it over, the BACK area in its nested form. */
const structuredOrder = erikasOrder(
	'shop-1001',
	{ carrierId: 21, title: 'Express; signed', price: 4.95 },
	[
		{
			productAreaId: 4001,
			elements: [
				{ motiveId: 5001, position: { left: 10.5, right: '12.25', verticalCenter: 0 } },
				{ motiveId: 5002 },
			],
		},
		{
			productArea: { name: 'BACK' },
			elements: {
				creatorse_designElementMotive: { motive: { id: 5003 }, position: { top: '20%' } },
			},
		},
	],
);

function cells(file: Buffer, delimiter: string) {
	return parse(file, { delimiter, bom: true }) as string[][];
}

const at = (row: string[], header: string) => row[CONTRACT_HEADERS.indexOf(header)];

describe('building the import file', () => {
	it('knows all 249 ISO country codes', () => {
		expect(
			isCountryCode('DE') && isCountryCode('GB') && !isCountryCode('UK') && !isCountryCode('de'),
		).toBe(true);
	});

	it('one structured order → one line per element, plain base products on their own line', () => {
		const rows = rowsFromOrder(structuredOrder, 'shop-1001', european);
		const file = csvBuffer(rows, european, false);
		const [header, ...lines] = cells(file, ';');
		expect(header).toEqual(CONTRACT_HEADERS);
		expect(lines).toHaveLength(4);
		expect(
			lines.map((l) => [
				at(l, 'design group id'),
				at(l, 'composition group id'),
				at(l, 'element motive id'),
			]),
		).toEqual([
			['1', '1.1', '5001'],
			['1', '1.1', '5002'],
			['1', '1.2', '5003'],
			['2', '', ''],
		]);
		expect(at(lines[0], 'orderShippingPrice')).toBe('4,95');
		expect(at(lines[0], 'position left')).toBe('10,5');
		expect(at(lines[0], 'position right')).toBe('12,25');
		expect(at(lines[0], 'position vertical center')).toBe('true');
		expect(at(lines[2], 'position top')).toBe('20%');
		expect(at(lines[2], 'product area name')).toBe('BACK');
		expect(at(lines[3], 'design product sku')).toBe('TEE-CLASSIC');
		expect(lines.every((l) => at(l, 'customer shipping address name') === 'Muster "GmbH"')).toBe(
			true,
		);
		expect(file.toString()).toContain('"Express; signed"');
		expect(file.toString()).toContain('"Muster ""GmbH"""');
		const report = validateCsv(file, european);
		expect(report.problems).toEqual([]);
		expect(report).toMatchObject({ rows: 4, orders: 1, designs: 2 });
	});

	it('UK/US format with a BOM', () => {
		const file = csvBuffer(rowsFromOrder(structuredOrder, 'o1', ukUs), ukUs, true);
		expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
		const [, first] = cells(file, ',');
		expect(at(first, 'orderShippingPrice')).toBe('4.95');
		expect(at(first, 'position left')).toBe('10.5');
		expect(file.toString()).toContain(',Express; signed,');
		expect(validateCsv(file, ukUs)).toMatchObject({ valid: true, bom: true });
	});

	it('one line per item, by header or camelCase key', () => {
		const row = rowFromLine(
			{
				orderGroupId: 'A',
				'design group id': '1',
				orderShippingPrice: 3.5,
				positionVerticalCenter: false,
			},
			european,
			false,
		);
		expect(row).toHaveLength(54);
		expect(row[0]).toBe('A');
		expect(row[CSV_HEADERS.indexOf('design group id')]).toBe('1');
		expect(row[CSV_HEADERS.indexOf('orderShippingPrice')]).toBe('3,5');
		expect(row[53]).toBe('false');
	});

	it('refuses what the file cannot carry, naming the field', () => {
		const fail = (fn: () => unknown) => {
			try {
				fn();
			} catch (error) {
				expect(error).toBeInstanceOf(InputError);
				return error as InputError;
			}
			throw new Error('did not fail');
		};
		expect(fail(() => rowFromLine({ orderGroupID: 'A' }, european, false)).message).toContain(
			'"orderGroupID"',
		);
		expect(rowFromLine({ orderGroupID: 'A' }, european, true)[0]).toBe('');
		expect(
			fail(() => rowsFromOrder({ ...structuredOrder, designs: [] }, 'x', european)).field,
		).toBe('designs');
		expect(
			fail(() =>
				rowsFromOrder(
					{
						...structuredOrder,
						designs: [{ productId: 1001, assignedColor: { id: 2001 }, amount: 1 }],
					},
					'x',
					european,
				),
			).field,
		).toBe('designs[0].sku');
		// A SKU beside them does not make the file carry a color or size: refused, not dropped.
		expect(
			fail(() =>
				rowsFromOrder(
					{
						...structuredOrder,
						designs: [{ sku: 'TEE-CLASSIC', assignedSize: { id: 3002 }, amount: 1 }],
					},
					'x',
					european,
				),
			).message,
		).toBe('designs[0].assignedColor/assignedSize cannot be written to the import file');
		const ddf = {
			compositions: [{ productAreaId: 1, elements: [{ creatorse_designElementDdf: {} }] }],
			productId: 1,
			amount: 1,
		};
		expect(
			fail(() => rowsFromOrder({ ...structuredOrder, designs: [ddf] }, 'x', european)).field,
		).toBe('designs[0].compositions[0].elements[0]');
		expect(
			fail(() =>
				rowsFromOrder(
					{ ...structuredOrder, countryId: undefined, country: { code: 'DE' } },
					'x',
					european,
				),
			).field,
		).toBe('country');
		expect(fail(() => rowFromLine({ customerEmail: { a: 1 } }, european, false)).field).toBe(
			'customerEmail',
		);
	});
});
