/**
 * The batch CSV import file of the contract ("Batch CSV import"): its 54 columns in their fixed
 * order, the two number formats, and what each column may hold.
 */

import type { MultipartPart } from '../common/multipart';
import type { PlacementKey } from '../common/position';

/** Which group's rows must agree on a column: an order's, a design's, a composition's, or none. */
export type CsvLevel = 'order' | 'design' | 'composition' | 'element';

export type CsvKind =
	| 'groupId'
	| 'text'
	| 'integer'
	| 'decimal'
	| 'countryCode'
	| 'email'
	| 'url'
	| 'position'
	| 'boolean';

export interface CsvColumn {
	/** The header exactly as the contract writes it. */
	header: string;
	/** The same name in camelCase, for items keyed by field name. */
	key: string;
	/**
	 * The one name the node gives the column: Title Case, short enough for the column mapper's
	 * field width, used by the mapper's labels and by every problem about the column.
	 */
	label: string;
	/** What the column holds, in the merchant's words. */
	description: string;
	level: CsvLevel;
	kind: CsvKind;
	/**
	 * Why the column must be filled, when it must: a group id on every line, any other column on
	 * the first line of its order or design.
	 */
	required?: string;
}

/** One column: header, level, kind, label, description. */
type Row = [string, CsvLevel, CsvKind, string, string];

/** The thirteen address columns of the contract, by header suffix: kind, label word, what it holds. */
const ADDRESS_SUFFIXES: Array<[string, CsvKind, string, string]> = [
	['first name', 'text', 'First Name', 'first name'],
	['last name', 'text', 'Last Name', 'last name'],
	['name', 'text', 'Company', 'company name'],
	['street', 'text', 'Street', 'street'],
	['street no', 'text', 'Street No', 'house number'],
	['city', 'text', 'City', 'city'],
	['country name', 'text', 'Country Name', 'country, written out'],
	['country code', 'countryCode', 'Country Code', 'country as an ISO code such as DE'],
	['zip', 'text', 'ZIP', 'postal code'],
	['state name', 'text', 'State Name', 'state or region, written out'],
	['state code', 'text', 'State Code', 'state or region code'],
	['phone', 'text', 'Phone', 'phone number'],
	['email', 'email', 'Email', 'e-mail address'],
];

function addressColumns(which: 'billing' | 'shipping'): Row[] {
	const label = which === 'billing' ? 'Billing' : 'Shipping';
	return ADDRESS_SUFFIXES.map(([suffix, kind, word, holds]) => [
		`customer ${which} address ${suffix}`,
		'order',
		kind,
		`${label} ${word}`,
		`The ${which} address's ${holds}`,
	]);
}

const TABLE: Row[] = [
	[
		'order group id',
		'order',
		'groupId',
		'Order Group ID',
		'Any text that groups the lines of one order; every line needs it',
	],
	['uniqueId', 'order', 'text', 'Unique ID', "The shop's order number, different for every order"],
	[
		'countryId',
		'order',
		'integer',
		'Country ID',
		"The order's country by ID (Country → Get Many lists them); it sets currency and VAT",
	],
	[
		'shipping carrier Id',
		'order',
		'integer',
		'Carrier ID',
		"The carrier by ID (Carrier → Get Many lists the shop's carriers)",
	],
	['orderShippingCode', 'order', 'text', 'Shipping Method Code', 'The code of the shipping method'],
	[
		'orderShippingTitle',
		'order',
		'text',
		'Shipping Method Title',
		'The name of the shipping method',
	],
	[
		'orderShippingPrice',
		'order',
		'decimal',
		'Shipping Price',
		'What the customer pays for shipping',
	],
	[
		'orderShippingCodPrice',
		'order',
		'decimal',
		'Cash on Delivery Price',
		'The price of cash on delivery',
	],
	[
		'orderShippingOrderValue',
		'order',
		'decimal',
		'Order Value for Shipping',
		'The order value the shipping cost is calculated from',
	],
	['customer first name', 'order', 'text', 'Customer First Name', "The customer's first name"],
	['customer last name', 'order', 'text', 'Customer Last Name', "The customer's last name"],
	['customer email', 'order', 'email', 'Customer Email', "The customer's e-mail address"],
	['customer phone', 'order', 'text', 'Customer Phone', "The customer's phone number"],
	...addressColumns('billing'),
	...addressColumns('shipping'),
	[
		'design group id',
		'design',
		'groupId',
		'Design Group ID',
		'Any text that groups the lines of one product of the order; every line needs it',
	],
	[
		'design product id',
		'design',
		'integer',
		'Product ID',
		'The product by ID; or give its SKU in Product SKU',
	],
	[
		'design product sku',
		'design',
		'text',
		'Product SKU',
		// The contract's `design product sku` is an alternative to the product ID: the product's own
		// SKU. No column names a color or size, so only a deferred order (Submit) can choose one.
		"The product's own SKU, instead of its ID; a file names no color or size (Submit does)",
	],
	['design amount', 'design', 'integer', 'Amount', 'How many pieces of this product to make'],
	[
		'composition group id',
		'composition',
		'groupId',
		'Composition Group ID',
		'Any text that groups the motives printed on one print area',
	],
	[
		'product area id',
		'composition',
		'integer',
		'Print Area ID',
		'The print area by ID; or give its name in Print Area Name',
	],
	[
		'product area name',
		'composition',
		'text',
		'Print Area Name',
		'The print area by name, instead of its ID',
	],
	[
		'element motive id',
		'element',
		'integer',
		'Motive ID',
		'A motive of the shop by ID; or give an image address in Motive URL',
	],
	[
		'element motive url',
		'element',
		'url',
		'Motive URL',
		'The http(s) address of a JPEG or PNG, uploaded on import; instead of Motive ID',
	],
	[
		'position left',
		'element',
		'position',
		'Position Left',
		'Distance from the left edge of the print area, in millimetres or as a percentage (50%)',
	],
	[
		'position right',
		'element',
		'position',
		'Position Right',
		'Distance from the right edge of the print area, in millimetres or as a percentage',
	],
	[
		'position top',
		'element',
		'position',
		'Position Top',
		'Distance from the top edge of the print area, in millimetres or as a percentage',
	],
	[
		'position bottom',
		'element',
		'position',
		'Position Bottom',
		'Distance from the bottom edge of the print area, in millimetres or as a percentage',
	],
	[
		'position horizontal center',
		'element',
		'boolean',
		'Center Horizontally',
		'Whether to center the motive from left to right',
	],
	[
		'position vertical center',
		'element',
		'boolean',
		'Center Vertically',
		'Whether to center the motive from top to bottom',
	],
];

/**
 * Columns a line cannot do without, by header, with the reason: the contract groups lines by the
 * two group ids and requires an order's country. Every other value "may be empty" (contract,
 * CSV import): what else a line needs (an amount, an address a parcel reaches) is the service's
 * to judge, per line.
 */
const REQUIRED: Record<string, string> = {
	'order group id': 'it names the order this line belongs to',
	'design group id': 'it names the design (ordered product) of this line',
	countryId: "the order's country ID",
};

/** "shipping carrier Id" → "shippingCarrierId"; names already in camelCase stay as they are. */
function camelCase(header: string): string {
	return header
		.split(' ')
		.map((word, index) =>
			index === 0 ? word[0].toLowerCase() + word.slice(1) : word[0].toUpperCase() + word.slice(1),
		)
		.join('');
}

export const CSV_COLUMNS: readonly CsvColumn[] = TABLE.map(
	([header, level, kind, label, description]) => ({
		header,
		key: camelCase(header),
		label,
		description,
		level,
		kind,
		...(REQUIRED[header] === undefined ? {} : { required: REQUIRED[header] }),
	}),
);

export const CSV_HEADERS: readonly string[] = CSV_COLUMNS.map((column) => column.header);

/** Column index by header and by camelCase key. */
export const COLUMN_INDEX: ReadonlyMap<string, number> = new Map(
	CSV_COLUMNS.flatMap((column, index) => [
		[column.header, index],
		[column.key, index],
	]),
);

/** Index of a column the code names by header; fails at load time on a typo. */
export function col(header: string): number {
	const index = CSV_HEADERS.indexOf(header);
	if (index < 0) throw new Error(`Unknown CSV column "${header}"`);
	return index;
}

export const COL = {
	orderGroupId: col('order group id'),
	uniqueId: col('uniqueId'),
	designGroupId: col('design group id'),
	designProductId: col('design product id'),
	designProductSku: col('design product sku'),
	compositionGroupId: col('composition group id'),
	productAreaId: col('product area id'),
	productAreaName: col('product area name'),
	elementMotiveId: col('element motive id'),
	elementMotiveUrl: col('element motive url'),
	positionLeft: col('position left'),
	positionVerticalCenter: col('position vertical center'),
} as const;

/** The column of each placement value (contract, columns 49-54). */
export const PLACEMENT_COLUMNS: Readonly<Record<PlacementKey, number>> = {
	left: col('position left'),
	right: col('position right'),
	top: col('position top'),
	bottom: col('position bottom'),
	horizontalCenter: col('position horizontal center'),
	verticalCenter: col('position vertical center'),
};

export type CsvFormatName = 'european' | 'ukUs';

export interface CsvFormat {
	name: CsvFormatName;
	/** Between values. */
	delimiter: string;
	/** Between the whole and the fractional part of a number. */
	decimal: string;
	quote: string;
}

const FORMATS: Record<CsvFormatName, { delimiter: string; decimal: string; label: string }> = {
	european: { delimiter: ';', decimal: ',', label: 'European' },
	ukUs: { delimiter: ',', decimal: '.', label: 'UK/US' },
};

export function csvFormat(name: CsvFormatName, quote = '"'): CsvFormat {
	const { delimiter, decimal } = FORMATS[name] ?? FORMATS.european;
	return { name: FORMATS[name] ? name : 'european', delimiter, decimal, quote: quote || '"' };
}

export function formatLabel(format: CsvFormat): string {
	const { label } = FORMATS[format.name];
	return `${label} ("${format.delimiter}" between values, "${format.decimal}" for decimals)`;
}

/**
 * Query parameters the upload needs for this format: none for the service's European default,
 * `separator` for UK/US, `quote` only when it is not the usual double quote.
 */
export function uploadQuery(format: CsvFormat): Record<string, string> {
	const query: Record<string, string> = {};
	if (format.delimiter !== FORMATS.european.delimiter) query.separator = format.delimiter;
	if (format.quote !== '"') query.quote = format.quote;
	return query;
}

/** The multipart field the upload carries the file in (field notes, CSV import). */
export const CSV_FORM_FIELD = 'file';

export function csvFormPart(data: Buffer, fileName: string): MultipartPart {
	return { name: CSV_FORM_FIELD, value: data, fileName, contentType: 'text/csv' };
}

/** ISO 3166-1 alpha-2, officially assigned codes. */
const ISO_COUNTRY_CODES = new Set(
	(
		'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR ' +
		'BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ ' +
		'EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW ' +
		'GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY ' +
		'KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV ' +
		'MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY ' +
		'QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG ' +
		'TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
	).split(' '),
);

export function isCountryCode(value: string): boolean {
	return ISO_COUNTRY_CODES.has(value);
}
