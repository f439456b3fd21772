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

/** `[field, type]` pairs for a list of fields of one type. */
function typed(type: FieldType, fields: string[]): Array<[string, FieldType]> {
	return fields.map((field) => [field, type]);
}

const RECORDS: FieldType = { collectionOf: 'record' };

/** Fields by name, wherever they appear. */
export const FIELD_TYPES: ReadonlyMap<string, FieldType> = new Map([
	// Identifiers: `id` is an integer (contract), so are references `{id}` and the `...Id` of designs.
	...typed('number', [
		'id',
		'accountId',
		'shopId',
		'userId',
		'orderId',
		'productId',
		'templateProductId',
		'orderedProductId',
		'editOrderedProductId',
		'stockId',
		'colorId',
		'sizeId',
		'viewId',
		'assignedColorId',
		'assignedSizeId',
		'assignedViewId',
		'productAreaId',
		'countryId',
		'carrierId',
		'motiveId',
		'printTechnologyId',
		'tagId',
		'categoryId',
		// A number where the service keys languages by ID; a code (`de`) stays text.
		'langId',
		'customerPermanentStorageId',
	]),
	// Identifiers that are text: the integrator's order id, UUIDs, digests, SKUs, and the CSV
	// `order group id`, any text that groups rows into one order.
	...typed('text', [
		'uniqueId',
		'uuid',
		'sharedProductId',
		'filterId',
		'sessionId',
		'orderSessionId',
		'widgetId',
		'referenceId',
		'orderGroupId',
		'templateProductSku',
		'sku',
	]),
	// Counts, amounts, prices, VAT rates; paging (contract, Pagination).
	...typed('number', [
		'amount',
		'quantity',
		'price',
		'codPrice',
		'orderValue',
		'standardVat',
		'reducedVat',
		'sortIndex',
		'lineNumber',
		'linesTotal',
		'linesFailed',
		'totalElements',
		'totalPages',
		'number',
		'page',
		'size',
	]),
	// Sizes and placement: millimetres, or a `%` text that stays text (contract, Position).
	...typed('number', ['width', 'height', 'left', 'right', 'top', 'bottom']),
	...typed('booleanOrNumber', ['horizontalCenter', 'verticalCenter']),
	// Flags. `error` is the failure flag of a CSV import; in the `orders/failed` payload it is the
	// failure's message (RECORD_FIELD_TYPES).
	...typed('boolean', [
		'available',
		'processed',
		'error',
		'ok',
		'deleted',
		'default',
		'negation',
		'committed',
		'handedOff',
		'hasBitmap',
		'validateSuppliers',
		'showPriceDetails',
		'enableMotives',
		'enableProductChange',
		'enableShareAndSave',
	]),
	// People and addresses (contract, Order: customer and Address; the CSV import's addresses).
	...typed('text', [
		'firstName',
		'lastName',
		'company',
		'email',
		'phone',
		'street',
		'streetNo',
		'city',
		'zip',
		'countryCode',
		'countryName',
		'stateName',
		'stateCode',
	]),
	// Names, codes, statuses, links and messages. `position` is a view's FRONT or BACK; in a design
	// element it is a record (RECORD_FIELD_TYPES).
	...typed('text', [
		'name',
		'title',
		'description',
		'language',
		'code',
		'type',
		'unit',
		'rgb',
		'rgbColor',
		'text',
		'brand',
		'color',
		'placement',
		'position',
		'key',
		'value',
		'role',
		'secret',
		'topic',
		'address',
		'mediaType',
		'financialStatus',
		'fulfilmentStatus',
		'trackingNumber',
		'trackingUrl',
		'url',
		'attachment',
		'filename',
		'fileName',
		'message',
		'errorMessage',
		'internalErrorMessage',
		'exceptionName',
		'html',
		'preloaderUrl',
		'namespace',
		'creatorDesignMode',
		'priceInfoLabelType',
	]),
	// Filter expressions: every value is a string (contract, Filters rule 4).
	...typed('text', ['property', 'op', 'minValue', 'maxValue', 'direction', 'String']),
	// Dates: ISO 8601 text, or a number in some payloads (field notes); always given as text.
	...typed('text', ['created', 'createdDate', 'processedDate', 'updated', 'modified']),
	// Nested records.
	...typed('record', [
		'customer',
		'billingAddress',
		'shippingAddress',
		'country',
		'currency',
		'orderShipping',
		'carrier',
		'assignedColor',
		'assignedSize',
		'assignedView',
		'productArea',
		'productSku',
		'printTechnology',
		'previewResource',
		'productionResource',
	]),
	// Collections of records: however the wire shapes them (one member as an object, none as
	// `""`, wrapped in an element named after the member), always an array.
	...typed(RECORDS, [
		'assignedColors',
		'assignedSizes',
		'assignedViews',
		'assignedCategories',
		'productSkus',
		'printAreas',
		'productAreas',
		'prices',
		'productPrices',
		'localizations',
		'technologies',
		'printTechnologies',
		'assignedPrintTechnologies',
		'tags',
		'orderedProducts',
		'fulfillments',
		'designs',
		'templates',
		'passthroughItems',
		'compositions',
		'layers',
		'lines',
		'views',
		'colors',
		'sizes',
		'customAttributes',
	]),
	['customReferences', { collectionOf: 'text' }],
	['childOrderIds', { collectionOf: 'number' }],
]);

/** Fields whose type depends on the record (named by its element) they are in. */
const DESIGN_ELEMENT: ReadonlyMap<string, FieldType> = new Map(
	typed('record', ['position', 'motive']),
);

export const RECORD_FIELD_TYPES: ReadonlyMap<string, ReadonlyMap<string, FieldType>> = new Map([
	// The `orders/failed` payload (field notes): `error` is the failure's message.
	['productionOrderProcessingError', new Map(typed('text', ['error']))],
	// The error body: `code` is the numeric error code (-104, 2155).
	['exception', new Map(typed('number', ['code']))],
	['creatorse_designElementMotive', DESIGN_ELEMENT],
	['creatorse_designElementDdf', DESIGN_ELEMENT],
	['creatorse_designElementDecoration', DESIGN_ELEMENT],
	['creatorse_element', DESIGN_ELEMENT],
]);

/**
 * Collections a record always carries (field notes, Webhooks): an empty one is `[]` even where
 * the wire leaves it out, as XML does with an empty list of repeated elements.
 */
export const RECORD_COLLECTIONS: ReadonlyMap<string, readonly string[]> = new Map([
	['productionOrderProcessingError', ['customReferences']],
	['productionOrderSplitted', ['childOrderIds', 'customReferences']],
]);

/** The type of a field in a record, or undefined when the contract does not say. */
export function fieldTypeOf(record: string | undefined, field: string): FieldType | undefined {
	const inRecord = record === undefined ? undefined : RECORD_FIELD_TYPES.get(record);
	return inRecord?.get(field) ?? FIELD_TYPES.get(field);
}
