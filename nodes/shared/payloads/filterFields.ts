/**
 * The filter types, and what a filter of each type can name, as the node offers it: the properties of the filtered
 * record (the fields the contract names for it, plus `deleted`, which its default filter tests)
 * and the related-record filters that join onto it (the contract's sub-entity filters, by the
 * record they belong to). The builder's Property and Related Record Filters dropdowns are made
 * from these tables; any other name can still be given by expression.
 */

/** Filter types usable as `filterId` on a list, with the label the node shows. */
export const FILTER_ROOTS = {
	productFilter: 'Product',
	productionOrderFilter: 'Order',
	motiveFilter: 'Motive',
	sharedProductFilter: 'Shared Product',
	orderedProductFilter: 'Ordered Product',
	orderedProductCustomAttributeFilter: 'Ordered Product Custom Attribute',
	shopFilter: 'Shop',
	webhookFilter: 'Webhook Subscription',
	countryFilter: 'Country',
	productionOrderCsvImportFilter: 'Order CSV Import',
} as const;

export type FilterRoot = keyof typeof FILTER_ROOTS;

export function isFilterRoot(name: string): name is FilterRoot {
	return Object.prototype.hasOwnProperty.call(FILTER_ROOTS, name);
}

/** How a property's values are written: dates go in the service's filter form and zone. */
export type PropertyKind = 'text' | 'number' | 'boolean' | 'date';

export interface FilterProperty {
	label: string;
	kind: PropertyKind;
}

const id: FilterProperty = { label: 'ID', kind: 'number' };
const name: FilterProperty = { label: 'Name', kind: 'text' };
const created: FilterProperty = { label: 'Created', kind: 'date' };
const deleted: FilterProperty = { label: 'Deleted', kind: 'boolean' };

/** The filterable properties of each top-level filter type, by property name. */
export const FILTER_PROPERTIES: Record<FilterRoot, Record<string, FilterProperty>> = {
	productFilter: { id, name, created, deleted },
	productionOrderFilter: {
		id,
		uniqueId: { label: 'Unique ID', kind: 'text' },
		created,
		financialStatus: { label: 'Financial Status', kind: 'text' },
		fulfilmentStatus: { label: 'Fulfillment Status', kind: 'text' },
		'customer.firstName': { label: 'Customer First Name', kind: 'text' },
		'customer.lastName': { label: 'Customer Last Name', kind: 'text' },
		'customer.email': { label: 'Customer Email', kind: 'text' },
		'country.id': { label: 'Country ID', kind: 'number' },
		'country.code': { label: 'Country Code', kind: 'text' },
		'orderShipping.title': { label: 'Shipping Title', kind: 'text' },
		'orderShipping.carrier.id': { label: 'Carrier ID', kind: 'number' },
		deleted,
	},
	motiveFilter: { id, name, type: { label: 'Type', kind: 'text' }, created, deleted },
	sharedProductFilter: { id, name, 'product.id': { label: 'Product ID', kind: 'number' }, deleted },
	orderedProductFilter: {
		id,
		amount: { label: 'Amount', kind: 'number' },
		sku: { label: 'SKU', kind: 'text' },
		'product.id': { label: 'Product ID', kind: 'number' },
		'assignedColor.id': { label: 'Color ID', kind: 'number' },
		'assignedSize.id': { label: 'Size ID', kind: 'number' },
		deleted,
	},
	orderedProductCustomAttributeFilter: {
		id,
		key: { label: 'Key', kind: 'text' },
		value: { label: 'Value', kind: 'text' },
	},
	shopFilter: { id, name, deleted },
	webhookFilter: {
		id,
		address: { label: 'URL', kind: 'text' },
		topic: { label: 'Topic', kind: 'text' },
		mediaType: { label: 'Media Type', kind: 'text' },
		deleted,
	},
	countryFilter: { id, code: { label: 'Code', kind: 'text' }, name, deleted },
	productionOrderCsvImportFilter: {
		id,
		fileName: { label: 'File Name', kind: 'text' },
		createdDate: { label: 'Created', kind: 'date' },
		processed: { label: 'Processed', kind: 'boolean' },
		error: { label: 'Failed', kind: 'boolean' },
		deleted,
	},
};

/**
 * The related-record (sub-entity) filters each top-level filter type takes, with the label the
 * node shows and what the related records are. A type not listed takes none.
 */
export const RELATED_RECORD_FILTERS: Partial<
	Record<FilterRoot, Record<string, { label: string; description: string }>>
> = {
	productFilter: {
		productSkuFilter: { label: 'SKUs', description: 'The orderable color and size pairs' },
		assignedProductColorFilter: {
			label: 'Colors',
			description: 'The colors offered for the product (their IDs are the ones orders use)',
		},
		assignedProductSizeFilter: {
			label: 'Sizes',
			description: 'The sizes offered for the product (their IDs are the ones orders use)',
		},
		assignedProductViewFilter: {
			label: 'Views',
			description: 'The views offered for the product (front, back, ...)',
		},
		productColorFilter: {
			label: 'Catalog Colors',
			description: 'The catalog colors behind the offered colors',
		},
		productSizeFilter: {
			label: 'Catalog Sizes',
			description: 'The catalog sizes behind the offered sizes',
		},
		productViewFilter: {
			label: 'Catalog Views',
			description: 'The catalog views behind the offered views',
		},
		productViewColorDetailFilter: {
			label: 'View and Color Pairs',
			description: 'Each view of the product in each of its colors',
		},
		productPriceFilter: { label: 'Prices', description: 'The prices per country and size' },
		productLocalizedFilter: { label: 'Translations', description: 'The names per language' },
		productAssignedToCategoryFilter: {
			label: 'Categories',
			description: 'The categories the product is in',
		},
		assignedPrintTechnologyFilter: {
			label: 'Print Technologies',
			description: 'The print technologies the product takes',
		},
		assignedProductStickerFilter: { label: 'Stickers', description: 'The stickers of the product' },
		assignedAttributeListItemFilter: {
			label: 'Attributes',
			description: 'The attribute list items of the product',
		},
	},
	motiveFilter: {
		tagFilter: { label: 'Tags', description: 'The tags of the motive' },
		motiveAssignedToCategoryFilter: {
			label: 'Categories',
			description: 'The categories the motive is in',
		},
		motivePrintTechnologyFilter: {
			label: 'Print Technologies',
			description: 'The print technologies the motive is assigned to',
		},
		motiveLocalizedFilter: { label: 'Translations', description: 'The names per language' },
	},
	shopFilter: {
		shopPropertyFilter: {
			label: 'Properties',
			description: 'The key/value properties of the shop',
		},
	},
};
