/**
 * Rows of the import file from n8n items: either one structured order per item (customer,
 * shipping, designs → compositions → elements), or one file line per item keyed by column
 * headers or their camelCase names.
 */

import { stringify } from 'csv-stringify/sync';

import type { PlainObject } from '../../../shared/values';
import { isPlainObject, toArray } from '../../../shared/values';
import { InputError } from '../../../shared/errors';
import type { CsvFormat } from './csv';
import { COLUMN_INDEX, CSV_COLUMNS, CSV_HEADERS } from './csv';

export type CsvRow = string[];

const BOM = '\uFEFF';

export function csvBuffer(rows: CsvRow[], format: CsvFormat, withBom: boolean): Buffer {
	const text = stringify([CSV_HEADERS as string[], ...rows], {
		delimiter: format.delimiter,
		quote: format.quote,
		record_delimiter: '\r\n',
	});
	return Buffer.from(withBom ? BOM + text : text, 'utf8');
}

/**
 * One cell: numbers in the file's decimal format, centre flags as true/false. A problem names the
 * value as `name` (the column's label for a line, the item's path for a structured order) and
 * points at `field` in the item.
 */
export function cellValue(
	value: unknown,
	index: number,
	format: CsvFormat,
	name: string,
	field: string = name,
): string {
	if (value === undefined || value === null) return '';
	const { kind } = CSV_COLUMNS[index];
	if (kind === 'boolean') {
		// JSON order payloads centre with the number 0; the CSV says true/false.
		if (value === 0 || value === true) return 'true';
		if (value === false) return 'false';
	}
	if (typeof value === 'number') {
		if (!Number.isFinite(value)) {
			throw new InputError(
				`${name} must be a finite number, got ${value}`,
				'Give a plain number.',
				field,
			);
		}
		const text = String(value);
		return kind === 'decimal' || kind === 'position' ? text.replace('.', format.decimal) : text;
	}
	if (typeof value === 'boolean') return String(value);
	if (typeof value !== 'string') {
		throw new InputError(
			`${name} must be a text or a number, got ${Array.isArray(value) ? 'a list' : 'an object'}`,
			`Map ${name} to a single value.`,
			field,
		);
	}
	// Numbers in n8n data are written with "."; a European file wants ",".
	if ((kind === 'decimal' || kind === 'position') && /^-?\d+\.\d+%?$/.test(value)) {
		return value.replace('.', format.decimal);
	}
	return value;
}

/** One item keyed by column headers or camelCase names → one file line. */
export function rowFromLine(item: PlainObject, format: CsvFormat, ignoreUnknown: boolean): CsvRow {
	const row: CsvRow = new Array<string>(CSV_HEADERS.length).fill('');
	const unknown: string[] = [];
	for (const [key, value] of Object.entries(item)) {
		const index = COLUMN_INDEX.get(key);
		if (index === undefined) {
			unknown.push(key);
			continue;
		}
		// Named as the column mapper labels it, whether the item names it by header or camelCase.
		row[index] = cellValue(value, index, format, CSV_COLUMNS[index].label, key);
	}
	if (unknown.length && !ignoreUnknown) {
		throw new InputError(
			`Unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `"${k}"`).join(', ')}`,
			'Name each field after a column of the import file (its header, such as "order group id", or camelCase, such as "orderGroupId"), or turn on Ignore Unknown Fields.',
			unknown[0],
		);
	}
	return row;
}

/** A value that may come as a list, as `{ wrapperKey: list }` (the JSON convention), or alone. */
function listOf(value: unknown, wrapperKey: string): unknown[] {
	if (isPlainObject(value) && wrapperKey in value) return toArray(value[wrapperKey]);
	return toArray(value);
}

function pick(source: PlainObject, ...paths: string[]): unknown {
	for (const path of paths) {
		let value: unknown = source;
		for (const key of path.split('.')) {
			value = isPlainObject(value) ? value[key] : undefined;
		}
		if (value !== undefined && value !== null && value !== '') return value;
	}
	return undefined;
}

const ADDRESS_FIELDS: Record<string, string[]> = {
	FirstName: ['firstName'],
	LastName: ['lastName'],
	Name: ['company', 'name'],
	Street: ['street'],
	StreetNo: ['streetNo'],
	City: ['city'],
	CountryName: ['countryName'],
	CountryCode: ['countryCode'],
	Zip: ['zip'],
	StateName: ['stateName'],
	StateCode: ['stateCode'],
	Phone: ['phone'],
	Email: ['email'],
};

/** Where each column's value sits in a structured order, a design, a composition, an element. */
function structuredPaths(key: string): string[] {
	const address = /^customer(Billing|Shipping)Address(\w+)$/.exec(key);
	if (address) {
		const which = `customer.${address[1].toLowerCase()}Address`;
		return ADDRESS_FIELDS[address[2]].map((field) => `${which}.${field}`);
	}
	const paths: Record<string, string[]> = {
		countryId: ['country.id'],
		shippingCarrierId: ['shipping.carrierId', 'shipping.carrier.id', 'orderShipping.carrier.id'],
		orderShippingCode: ['shipping.code', 'orderShipping.code'],
		orderShippingTitle: ['shipping.title', 'orderShipping.title'],
		orderShippingPrice: ['shipping.price', 'orderShipping.price'],
		orderShippingCodPrice: ['shipping.codPrice', 'orderShipping.codPrice'],
		orderShippingOrderValue: ['shipping.orderValue', 'orderShipping.orderValue'],
		customerFirstName: ['customer.firstName'],
		customerLastName: ['customer.lastName'],
		customerEmail: ['customer.email'],
		customerPhone: ['customer.phone'],
		designProductId: ['productId', 'product.id'],
		designProductSku: ['productSku', 'sku'],
		designAmount: ['amount'],
		productAreaId: ['productAreaId', 'productArea.id'],
		productAreaName: ['productAreaName', 'productArea.name'],
		elementMotiveId: ['motiveId', 'motive.id'],
		elementMotiveUrl: ['motiveUrl', 'url', 'motive.url'],
		positionLeft: ['position.left'],
		positionRight: ['position.right'],
		positionTop: ['position.top'],
		positionBottom: ['position.bottom'],
		positionHorizontalCenter: ['position.horizontalCenter'],
		positionVerticalCenter: ['position.verticalCenter'],
	};
	return [key, ...(paths[key] ?? [])];
}

function fill(
	row: CsvRow,
	level: string,
	source: PlainObject,
	format: CsvFormat,
	fieldPrefix: string,
) {
	CSV_COLUMNS.forEach((column, index) => {
		if (column.level !== level || column.kind === 'groupId') return;
		const value = pick(source, column.header, ...structuredPaths(column.key));
		if (value !== undefined)
			row[index] = cellValue(value, index, format, `${fieldPrefix}${column.key}`);
	});
}

const ELEMENT_KEYS = ['creatorse_designElementMotive', 'creatorse_element'];
const UNSUPPORTED_ELEMENT_KEYS = [
	'creatorse_designElementDdf',
	'creatorse_designElementDecoration',
];

/**
 * One structured order → its file lines: one per motive element, or one per composition without
 * elements, or one per design without compositions (a plain base product).
 */
export function rowsFromOrder(
	order: PlainObject,
	orderGroupId: string,
	format: CsvFormat,
): CsvRow[] {
	const orderRow: CsvRow = new Array<string>(CSV_HEADERS.length).fill('');
	orderRow[COLUMN_INDEX.get('orderGroupId')!] = orderGroupId;
	fill(orderRow, 'order', order, format, '');
	if (
		pick(order, 'countryId', 'country.id') === undefined &&
		pick(order, 'country.code') !== undefined
	) {
		throw new InputError(
			'The country is given by code, but the import file takes the country ID',
			'Set countryId (Country → Get Many lists the IDs of your account).',
			'country',
		);
	}

	const designs = listOf(pick(order, 'designs'), 'creatorse_design');
	if (designs.length === 0) {
		throw new InputError(
			'The order has no designs',
			'Give designs: a list of { productId or productSku, amount, compositions }.',
			'designs',
		);
	}
	const rows: CsvRow[] = [];
	designs.forEach((design, d) => {
		const designField = `designs[${d}].`;
		if (!isPlainObject(design)) {
			throw new InputError(
				`designs[${d}] must be an object`,
				'Give each design as an object.',
				`designs[${d}]`,
			);
		}
		// The file has no color or size column: a color or size given would be dropped in silence,
		// with or without a SKU beside it.
		if (pick(design, 'assignedColor.id', 'assignedSize.id') !== undefined) {
			throw new InputError(
				`${designField}assignedColor/assignedSize cannot be written to the import file`,
				"The import file has no color or size column: give the product's own SKU or ID only (a color/size SKU text where the service has them), or send the order with Order → Submit, which takes the color and size.",
				`${designField}sku`,
			);
		}
		const designRow = [...orderRow];
		designRow[COLUMN_INDEX.get('designGroupId')!] = String(design.designGroupId ?? d + 1);
		fill(designRow, 'design', design, format, designField);

		const compositions = listOf(design.compositions, 'creatorse_composition');
		if (compositions.length === 0) rows.push(designRow);
		compositions.forEach((composition, c) => {
			const compositionField = `${designField}compositions[${c}].`;
			if (!isPlainObject(composition)) {
				throw new InputError(
					`${designField}compositions[${c}] must be an object`,
					'Give each composition as an object with productAreaId and elements.',
					`${designField}compositions[${c}]`,
				);
			}
			const compositionRow = [...designRow];
			compositionRow[COLUMN_INDEX.get('compositionGroupId')!] = String(
				composition.compositionGroupId ?? `${d + 1}.${c + 1}`,
			);
			fill(compositionRow, 'composition', composition, format, compositionField);

			const elements = listOf(composition.elements, 'creatorse_element');
			if (elements.length === 0) rows.push(compositionRow);
			elements.forEach((entry, e) => {
				const elementField = `${compositionField}elements[${e}]`;
				const element = elementOf(entry, elementField);
				const elementRow = [...compositionRow];
				fill(elementRow, 'element', element, format, `${elementField}.`);
				rows.push(elementRow);
			});
		});
	});
	return rows;
}

function elementOf(entry: unknown, field: string): PlainObject {
	if (!isPlainObject(entry)) {
		throw new InputError(
			`${field} must be an object`,
			'Give each element as { motiveId, position }.',
			field,
		);
	}
	const unsupported = UNSUPPORTED_ELEMENT_KEYS.find((key) => key in entry);
	if (unsupported) {
		throw new InputError(
			`${field} is a ${unsupported}, which the import file cannot carry`,
			'The CSV import places motives only (by motive ID or URL); send this order as a deferred order instead.',
			field,
		);
	}
	const wrapped = ELEMENT_KEYS.find((key) => isPlainObject(entry[key]));
	return wrapped ? (entry[wrapped] as PlainObject) : entry;
}
