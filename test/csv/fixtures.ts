import type { IDataObject } from 'n8n-workflow';

/**
 * Import files written straight from the contract's column table ("Batch CSV import"), by a small
 * writer of its own, so the tests do not read files through the code under test.
 */

const SUFFIXES =
	'first name, last name, name, street, street no, city, country name, country code, zip, state name, state code, phone, email'.split(
		', ',
	);

/** The contract's table, row by row. */
export const CONTRACT_HEADERS: string[] = [
	'order group id',
	'uniqueId',
	'countryId',
	'shipping carrier Id',
	'orderShippingCode',
	'orderShippingTitle',
	'orderShippingPrice',
	'orderShippingCodPrice',
	'orderShippingOrderValue',
	'customer first name',
	'customer last name',
	'customer email',
	'customer phone',
	...SUFFIXES.map((s) => `customer billing address ${s}`),
	...SUFFIXES.map((s) => `customer shipping address ${s}`),
	'design group id',
	'design product id',
	'design product sku',
	'design amount',
	'composition group id',
	'product area id',
	'product area name',
	'element motive id',
	'element motive url',
	'position left',
	'position right',
	'position top',
	'position bottom',
	'position horizontal center',
	'position vertical center',
];

export type Line = Record<string, string>;

export interface WriteOptions {
	delimiter?: string;
	quote?: string;
	bom?: boolean;
	headers?: string[];
	eol?: string;
}

export function writeCsv(lines: Line[], options: WriteOptions = {}): Buffer {
	const delimiter = options.delimiter ?? ';';
	const quote = options.quote ?? '"';
	const headers = options.headers ?? CONTRACT_HEADERS;
	const cell = (value: string) =>
		value.includes(delimiter) || value.includes(quote) || /[\r\n]/.test(value)
			? quote + value.split(quote).join(quote + quote) + quote
			: value;
	for (const line of lines) {
		for (const key of Object.keys(line)) {
			if (!CONTRACT_HEADERS.includes(key)) throw new Error(`fixture uses unknown column ${key}`);
		}
	}
	const text = [
		headers.map(cell).join(delimiter),
		...lines.map((line) => CONTRACT_HEADERS.map((h) => cell(line[h] ?? '')).join(delimiter)),
	].join(options.eol ?? '\r\n');
	return Buffer.from((options.bom ? '\uFEFF' : '') + text + (options.eol ?? '\r\n'), 'utf8');
}

/** Order-level values of a valid order, in the European or UK/US number format. */
export function orderValues(group: string, uniqueId: string, decimal = ','): Line {
	return {
		'order group id': group,
		uniqueId,
		countryId: '1',
		'shipping carrier Id': '21',
		orderShippingTitle: 'Standard; tracked',
		orderShippingPrice: `4${decimal}95`,
		'customer first name': 'Erika',
		'customer last name': 'Mustermann',
		'customer email': 'erika@example.com',
		'customer shipping address first name': 'Erika',
		'customer shipping address last name': 'Mustermann',
		'customer shipping address name': 'Muster "GmbH", Werk 2',
		'customer shipping address street': 'Hauptstraße',
		'customer shipping address street no': '5',
		'customer shipping address city': 'Berlin',
		'customer shipping address country code': 'DE',
		'customer shipping address zip': '10115',
	};
}

/**
 * A two-order file: order A with two designs (the first printed front and back with two
 * motives on the front; the second named by the product's own SKU, as the contract's
 * `design product sku` is), order B a plain base product.
 */
export function sampleLines(decimal = ','): Line[] {
	const a = orderValues('A', 'ext-a', decimal);
	const b = orderValues('B', 'ext-b', decimal);
	const design1 = { 'design group id': '1', 'design product id': '1001', 'design amount': '2' };
	return [
		{
			...a,
			...design1,
			'composition group id': '1',
			'product area id': '4001',
			'element motive id': '5001',
			'position left': `10${decimal}5`,
			'position right': '10%',
			'position horizontal center': 'false',
		},
		{
			...a,
			...design1,
			'composition group id': '1',
			'product area id': '4001',
			'element motive id': '5002',
			'position vertical center': 'true',
		},
		{
			...a,
			...design1,
			'composition group id': '2',
			'product area name': 'BACK',
			'element motive id': '5003',
		},
		{
			...a,
			'design group id': '2',
			'design product sku': 'TEE-CLASSIC',
			'design amount': '1',
			'composition group id': '1',
			'product area id': '4001',
			'element motive url': 'https://example.com/cat.png',
		},
		{ ...b, 'design group id': '1', 'design product id': '1001', 'design amount': '3' },
	];
}

/**
 * Erika's order as a workflow hands it to Build CSV: product 1001 designed on two areas, then the
 * product's own SKU on its own design (the file has no colour or size column, contract columns
 * 40-43). Each test gives its shipping and the two compositions, in the forms it covers.
 */
export function erikasOrder(
	uniqueId: string,
	shipping: IDataObject,
	compositions: IDataObject[],
): IDataObject {
	return {
		uniqueId,
		countryId: 1,
		shipping,
		customer: {
			firstName: 'Erika',
			lastName: 'Mustermann',
			email: 'erika@example.com',
			shippingAddress: {
				company: 'Muster "GmbH"',
				street: 'Hauptstraße',
				streetNo: '5',
				city: 'Berlin',
				zip: '10115',
				countryCode: 'DE',
			},
		},
		designs: [
			{ productId: 1001, amount: 2, compositions },
			{ sku: 'TEE-CLASSIC', amount: 1 },
		],
	};
}
