/**
 * What each field of the service's records is, as the contract and the field notes give it: the
 * one table the codec types values by, so JSON and XML answers decode to the same output.
 *
 * XML carries every value as text, and JSON answers may carry a number as a string or a string
 * as a number; both are brought to the type listed here. A field that is not listed is left as
 * the wire gives it: a JSON value as it is, XML text as text.
 */

/** How one scalar value is typed. */
export type ScalarType =
	/** A number when the text is one (a `%` length, say, stays text). */
	| 'number'
	/** `true` / `false`. */
	| 'boolean'
	/** Text, even when it is all digits (a zip code, a tracking number, `uniqueId` "00042"). */
	| 'text'
	/** `true` / `false`, or a number: the centring of a position (contract, Position). */
	| 'booleanOrNumber';

/**
 * A field's type: a scalar; a nested record, which an empty XML element (or `""`) stands for
 * when it has no fields; or a collection, which is always an array, of records or of scalars.
 */
export type FieldType = ScalarType | 'record' | { collectionOf: ScalarType | 'record' };

const RECORDS = { collectionOf: 'record' } as const;

/** Fields by name, wherever they appear. */
export const FIELD_TYPES: Readonly<Record<string, FieldType>> = {
	// Identifiers (contract: `id` integer; references `{id}`; `...Id` fields of designs).
	id: 'number',
	accountId: 'number',
	shopId: 'number',
	userId: 'number',
	orderId: 'number',
	productId: 'number',
	templateProductId: 'number',
	orderedProductId: 'number',
	editOrderedProductId: 'number',
	stockId: 'number',
	colorId: 'number',
	sizeId: 'number',
	viewId: 'number',
	assignedColorId: 'number',
	assignedSizeId: 'number',
	assignedViewId: 'number',
	productAreaId: 'number',
	countryId: 'number',
	carrierId: 'number',
	motiveId: 'number',
	printTechnologyId: 'number',
	tagId: 'number',
	categoryId: 'number',
	langId: 'number',
	customerPermanentStorageId: 'number',

	// Identifiers that are text: the integrator's order id, UUIDs, digests, free group keys.
	uniqueId: 'text',
	uuid: 'text',
	sharedProductId: 'text',
	filterId: 'text',
	sessionId: 'text',
	orderSessionId: 'text',
	widgetId: 'text',
	referenceId: 'text',
	/** The CSV `order group id` column: any text that groups rows into one order. */
	orderGroupId: 'text',
	templateProductSku: 'text',
	sku: 'text',

	// Counts, amounts and prices.
	amount: 'number',
	quantity: 'number',
	price: 'number',
	codPrice: 'number',
	orderValue: 'number',
	standardVat: 'number',
	reducedVat: 'number',
	sortIndex: 'number',
	lineNumber: 'number',
	linesTotal: 'number',
	linesFailed: 'number',

	// Paging (contract, Pagination).
	totalElements: 'number',
	totalPages: 'number',
	number: 'number',
	page: 'number',
	size: 'number',

	// Sizes and placement: millimetres, or a `%` text (contract, Position).
	width: 'number',
	height: 'number',
	left: 'number',
	right: 'number',
	top: 'number',
	bottom: 'number',
	horizontalCenter: 'booleanOrNumber',
	verticalCenter: 'booleanOrNumber',

	// Flags.
	available: 'boolean',
	processed: 'boolean',
	/** The failure flag of a CSV import; the `orders/failed` payload's `error` is its message. */
	error: 'boolean',
	ok: 'boolean',
	deleted: 'boolean',
	default: 'boolean',
	negation: 'boolean',
	committed: 'boolean',
	handedOff: 'boolean',
	hasBitmap: 'boolean',
	validateSuppliers: 'boolean',
	showPriceDetails: 'boolean',
	enableMotives: 'boolean',
	enableProductChange: 'boolean',
	enableShareAndSave: 'boolean',

	// People and addresses (contract, Order: customer and Address).
	firstName: 'text',
	lastName: 'text',
	company: 'text',
	email: 'text',
	phone: 'text',
	street: 'text',
	streetNo: 'text',
	city: 'text',
	zip: 'text',
	countryCode: 'text',
	countryName: 'text',
	stateName: 'text',
	stateCode: 'text',

	// Names, codes and other text.
	name: 'text',
	title: 'text',
	description: 'text',
	language: 'text',
	code: 'text',
	type: 'text',
	unit: 'text',
	rgb: 'text',
	rgbColor: 'text',
	text: 'text',
	brand: 'text',
	color: 'text',
	placement: 'text',
	/** A view's `FRONT` / `BACK`; in design elements a record (see RECORD_FIELD_TYPES). */
	position: 'text',
	key: 'text',
	value: 'text',
	role: 'text',
	secret: 'text',
	topic: 'text',
	address: 'text',
	mediaType: 'text',
	financialStatus: 'text',
	fulfilmentStatus: 'text',
	trackingNumber: 'text',
	trackingUrl: 'text',
	url: 'text',
	attachment: 'text',
	filename: 'text',
	fileName: 'text',
	message: 'text',
	errorMessage: 'text',
	internalErrorMessage: 'text',
	exceptionName: 'text',
	html: 'text',
	preloaderUrl: 'text',
	namespace: 'text',
	creatorDesignMode: 'text',
	priceInfoLabelType: 'text',
	// Filter expressions: every value is a string (contract, Filters rule 4).
	property: 'text',
	op: 'text',
	minValue: 'text',
	maxValue: 'text',
	direction: 'text',
	String: 'text',

	// Dates: ISO 8601 text, or a number in some payloads (field notes); always given as text.
	created: 'text',
	createdDate: 'text',
	processedDate: 'text',
	updated: 'text',
	modified: 'text',

	// Nested records.
	customer: 'record',
	billingAddress: 'record',
	shippingAddress: 'record',
	country: 'record',
	currency: 'record',
	orderShipping: 'record',
	carrier: 'record',
	assignedColor: 'record',
	assignedSize: 'record',
	assignedView: 'record',
	productArea: 'record',
	productSku: 'record',
	printTechnology: 'record',
	previewResource: 'record',
	productionResource: 'record',

	// Collections: however the wire shapes them (one member as an object, none as `""`, wrapped
	// in an element named after the member), always an array.
	assignedColors: RECORDS,
	assignedSizes: RECORDS,
	assignedViews: RECORDS,
	assignedCategories: RECORDS,
	productSkus: RECORDS,
	printAreas: RECORDS,
	productAreas: RECORDS,
	prices: RECORDS,
	productPrices: RECORDS,
	localizations: RECORDS,
	technologies: RECORDS,
	printTechnologies: RECORDS,
	tags: RECORDS,
	orderedProducts: RECORDS,
	fulfillments: RECORDS,
	designs: RECORDS,
	templates: RECORDS,
	passthroughItems: RECORDS,
	compositions: RECORDS,
	layers: RECORDS,
	lines: RECORDS,
	views: RECORDS,
	colors: RECORDS,
	sizes: RECORDS,
	customAttributes: RECORDS,
	customReferences: { collectionOf: 'text' },
	childOrderIds: { collectionOf: 'number' },
};

/** Fields whose type depends on the record (named by its element) they are in. */
const DESIGN_ELEMENT: Readonly<Record<string, FieldType>> = {
	position: 'record',
	motive: 'record',
};

export const RECORD_FIELD_TYPES: Readonly<Record<string, Readonly<Record<string, FieldType>>>> = {
	/** The `orders/failed` payload (field notes): `error` is the failure's message. */
	productionOrderProcessingError: { error: 'text' },
	/** The error body: `code` is the numeric error code (-104, 2155). */
	exception: { code: 'number' },
	creatorse_designElementMotive: DESIGN_ELEMENT,
	creatorse_designElementDdf: DESIGN_ELEMENT,
	creatorse_designElementDecoration: DESIGN_ELEMENT,
	creatorse_element: DESIGN_ELEMENT,
};

function own<T>(table: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
	return table && Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}

/** The type of a field in a record, or undefined when the contract does not say. */
export function fieldTypeOf(record: string | undefined, field: string): FieldType | undefined {
	const inRecord = record === undefined ? undefined : own(RECORD_FIELD_TYPES, record);
	return own(inRecord, field) ?? own(FIELD_TYPES, field);
}
