/**
 * What a stored filter can name: each filterable entity's typed properties (the record's fields
 * plus dotted references) and the sub-entity filters that join onto it.
 */

import type { Store } from './store';
import type {
	CsvImport,
	Country,
	Motive,
	Order,
	OrderedProduct,
	Product,
	SharedProduct,
	Shop,
	Webhook,
} from './types';

export type FieldType = 'int' | 'number' | 'string' | 'boolean' | 'date';
export type Row = Record<string, unknown>;

/** A filterable entity: its typed properties and the sub-entity filters that join onto it. */
export interface EntitySchema {
	fields: Record<string, FieldType>;
	/** Flattens a record into its filterable properties (dotted names for references). */
	view: (record: never, store: Store) => Row;
	joins?: Record<string, { schema: string; rows: (record: never, store: Store) => unknown[] }>;
}

/** Every filterable entity by its filter's name. */
export type FilterSchemas = Record<string, EntitySchema>;

/** The contract's filterable entities (the default; see schemasFor for the extension). */
export const SCHEMAS: FilterSchemas = {
	productFilter: {
		fields: {
			id: 'int',
			name: 'string',
			sku: 'string',
			type: 'string',
			created: 'date',
			deleted: 'boolean',
			'shop.id': 'int',
		},
		view: (p: Product) => ({
			id: p.id,
			name: p.name,
			sku: p.sku,
			type: p.type,
			created: p.created,
			deleted: p.deleted,
			'shop.id': p.shopId,
		}),
		joins: {
			productSkuFilter: { schema: 'productSkuFilter', rows: (p: Product) => p.skus },
			assignedProductColorFilter: {
				schema: 'assignedProductColorFilter',
				rows: (p: Product) => p.colors,
			},
			assignedProductSizeFilter: {
				schema: 'assignedProductSizeFilter',
				rows: (p: Product) => p.sizes,
			},
			assignedProductViewFilter: {
				schema: 'assignedProductViewFilter',
				rows: (p: Product) => p.views,
			},
			productLocalizedFilter: { schema: 'localizedFilter', rows: (p: Product) => p.localizations },
			productPriceFilter: { schema: 'productPriceFilter', rows: (p: Product) => p.prices },
			assignedPrintTechnologyFilter: {
				schema: 'printTechnologyFilter',
				rows: (p: Product, store) =>
					store.printTechnologies.filter((t) => p.technologyIds.includes(t.id)),
			},
			productAssignedToCategoryFilter: {
				schema: 'categoryFilter',
				rows: (p: Product, store) => store.categories.filter((c) => p.categoryIds.includes(c.id)),
			},
			productColorFilter: {
				schema: 'productColorFilter',
				rows: (p: Product) => p.colors.map((c) => ({ id: c.colorId, name: c.name, rgb: c.rgb })),
			},
			productSizeFilter: {
				schema: 'productSizeFilter',
				rows: (p: Product) => p.sizes.map((s) => ({ id: s.sizeId, name: s.name })),
			},
			productViewFilter: {
				schema: 'productViewFilter',
				rows: (p: Product) =>
					p.views.map((v) => ({ id: v.viewId, name: v.name, position: v.position })),
			},
			productViewColorDetailFilter: {
				schema: 'productViewColorDetailFilter',
				rows: (p: Product) => p.views.flatMap((v) => p.colors.map((c) => ({ view: v, color: c }))),
			},
			assignedProductStickerFilter: { schema: 'namedItemFilter', rows: () => [] },
			assignedAttributeListItemFilter: { schema: 'namedItemFilter', rows: () => [] },
		},
	},
	// The contract's ProductSku: no SKU text, so `sku` is an unknown property (SqlValidationException
	// when a list runs) unless the extension `variantSkuTexts` adds it (schemasFor).
	productSkuFilter: {
		fields: {
			id: 'int',
			stockId: 'int',
			available: 'boolean',
			'assignedColor.id': 'int',
			'assignedSize.id': 'int',
		},
		view: (s: Product['skus'][number]) => ({
			id: s.id,
			stockId: s.stockId,
			sku: s.sku,
			available: s.available,
			'assignedColor.id': s.assignedColorId,
			'assignedSize.id': s.assignedSizeId,
		}),
	},
	assignedProductColorFilter: {
		fields: { id: 'int', name: 'string', rgb: 'string', 'color.id': 'int' },
		view: (c: Product['colors'][number]) => ({
			id: c.id,
			name: c.name,
			rgb: c.rgb,
			'color.id': c.colorId,
		}),
	},
	assignedProductSizeFilter: {
		fields: { id: 'int', name: 'string', sortIndex: 'int', 'size.id': 'int' },
		view: (s: Product['sizes'][number]) => ({
			id: s.id,
			name: s.name,
			sortIndex: s.sortIndex,
			'size.id': s.sizeId,
		}),
	},
	assignedProductViewFilter: {
		fields: {
			id: 'int',
			name: 'string',
			'view.position': 'string',
			position: 'string',
			'view.id': 'int',
		},
		view: (v: Product['views'][number]) => ({
			id: v.id,
			name: v.name,
			'view.position': v.position,
			position: v.position,
			'view.id': v.viewId,
		}),
	},
	localizedFilter: {
		fields: { id: 'int', langId: 'int', language: 'string', name: 'string', description: 'string' },
		view: (l: Row) => ({ ...l }),
	},
	productPriceFilter: {
		fields: {
			id: 'int',
			price: 'number',
			currencyCode: 'string',
			'country.id': 'int',
			'assignedSize.id': 'int',
		},
		view: (p: Product['prices'][number]) => ({
			id: p.id,
			price: p.price,
			currencyCode: p.currencyCode,
			'country.id': p.countryId,
			'assignedSize.id': p.assignedSizeId,
		}),
	},
	printTechnologyFilter: {
		fields: { id: 'int', name: 'string', 'printTechnology.id': 'int' },
		view: (t: { id: number; name: string }) => ({
			id: t.id,
			name: t.name,
			'printTechnology.id': t.id,
		}),
	},
	categoryFilter: {
		fields: { id: 'int', name: 'string', 'category.id': 'int' },
		view: (c: { id: number; name: string }) => ({ id: c.id, name: c.name, 'category.id': c.id }),
	},
	productColorFilter: {
		fields: { id: 'int', name: 'string', rgb: 'string' },
		view: (r: Row) => ({ ...r }),
	},
	productSizeFilter: { fields: { id: 'int', name: 'string' }, view: (r: Row) => ({ ...r }) },
	productViewFilter: {
		fields: { id: 'int', name: 'string', position: 'string' },
		view: (r: Row) => ({ ...r }),
	},
	productViewColorDetailFilter: {
		fields: {
			'view.id': 'int',
			'view.position': 'string',
			'color.id': 'int',
			'assignedColor.id': 'int',
		},
		view: (r: { view: Product['views'][number]; color: Product['colors'][number] }) => ({
			'view.id': r.view.id,
			'view.position': r.view.position,
			'color.id': r.color.colorId,
			'assignedColor.id': r.color.id,
		}),
	},
	namedItemFilter: {
		fields: { id: 'int', name: 'string', value: 'string' },
		view: (r: Row) => ({ ...r }),
	},
	motiveFilter: {
		fields: {
			id: 'int',
			uuid: 'string',
			name: 'string',
			type: 'string',
			created: 'date',
			deleted: 'boolean',
		},
		view: (m: Motive) => ({
			id: m.id,
			uuid: m.uuid,
			name: m.name,
			type: m.type,
			created: m.created,
			deleted: m.deleted,
		}),
		joins: {
			tagFilter: {
				schema: 'tagFilter',
				rows: (m: Motive, store) => store.tags.filter((t) => m.tagIds.includes(t.id)),
			},
			motiveLocalizedFilter: { schema: 'localizedFilter', rows: (m: Motive) => m.localizations },
			motiveAssignedToCategoryFilter: {
				schema: 'categoryFilter',
				rows: (m: Motive, store) => store.categories.filter((c) => m.categoryIds.includes(c.id)),
			},
			motivePrintTechnologyFilter: {
				schema: 'motivePrintTechnologyFilter',
				rows: (m: Motive) => m.technologies,
			},
		},
	},
	tagFilter: { fields: { id: 'int', name: 'string' }, view: (t: Row) => ({ ...t }) },
	motivePrintTechnologyFilter: {
		fields: { id: 'int', 'printTechnology.id': 'int' },
		view: (t: Motive['technologies'][number]) => ({
			id: t.id,
			'printTechnology.id': t.printTechnologyId,
		}),
	},
	productionOrderFilter: {
		fields: {
			id: 'int',
			uniqueId: 'string',
			created: 'date',
			financialStatus: 'string',
			fulfilmentStatus: 'string',
			deleted: 'boolean',
			'country.id': 'int',
			'country.code': 'string',
			'customer.firstName': 'string',
			'customer.lastName': 'string',
			'customer.email': 'string',
			'orderShipping.title': 'string',
			'orderShipping.carrier.id': 'int',
		},
		view: (o: Order, store) => ({
			id: o.id,
			uniqueId: o.uniqueId,
			created: o.created,
			financialStatus: o.financialStatus,
			fulfilmentStatus: o.fulfilmentStatus,
			deleted: o.deleted,
			'country.id': o.countryId,
			'country.code': store.countries.find((c) => c.id === o.countryId)?.code,
			'customer.firstName': o.customer?.firstName,
			'customer.lastName': o.customer?.lastName,
			'customer.email': o.customer?.email,
			'orderShipping.title': o.shipping.title,
			'orderShipping.carrier.id': o.shipping.carrierId,
		}),
		joins: {
			orderedProductFilter: {
				schema: 'orderedProductFilter',
				rows: (o: Order) => o.orderedProducts,
			},
		},
	},
	orderedProductFilter: {
		fields: {
			id: 'int',
			amount: 'int',
			sku: 'string',
			price: 'number',
			created: 'date',
			deleted: 'boolean',
			'product.id': 'int',
			productId: 'int',
			'assignedColor.id': 'int',
			'assignedSize.id': 'int',
		},
		view: (i: OrderedProduct) => ({
			id: i.id,
			amount: i.amount,
			sku: i.sku,
			price: i.price,
			created: i.created,
			deleted: i.deleted,
			'product.id': i.productId,
			productId: i.productId,
			'assignedColor.id': i.assignedColorId,
			'assignedSize.id': i.assignedSizeId,
		}),
		joins: {
			orderedProductCustomAttributeFilter: {
				schema: 'orderedProductCustomAttributeFilter',
				rows: (i: OrderedProduct) => i.customAttributes,
			},
		},
	},
	orderedProductCustomAttributeFilter: {
		fields: { id: 'int', key: 'string', value: 'string' },
		view: (a: Row) => ({ ...a }),
	},
	shopFilter: {
		fields: { id: 'int', name: 'string', created: 'date', deleted: 'boolean' },
		view: (s: Shop) => ({ id: s.id, name: s.name, created: s.created, deleted: s.deleted }),
		joins: {
			shopPropertyFilter: { schema: 'shopPropertyFilter', rows: (s: Shop) => s.properties },
		},
	},
	shopPropertyFilter: {
		fields: { id: 'int', key: 'string', value: 'string' },
		view: (p: Row) => ({ ...p }),
	},
	webhookFilter: {
		fields: {
			id: 'int',
			address: 'string',
			topic: 'string',
			mediaType: 'string',
			created: 'date',
			deleted: 'boolean',
		},
		view: (w: Webhook) => ({
			id: w.id,
			address: w.address,
			topic: w.topic,
			mediaType: w.mediaType,
			created: w.created,
			deleted: w.deleted,
		}),
	},
	countryFilter: {
		fields: {
			id: 'int',
			code: 'string',
			name: 'string',
			'currency.code': 'string',
			standardVat: 'number',
			reducedVat: 'number',
			default: 'boolean',
			deleted: 'boolean',
		},
		view: (c: Country) => ({
			id: c.id,
			code: c.code,
			name: c.name,
			'currency.code': c.currencyCode,
			standardVat: c.standardVat,
			reducedVat: c.reducedVat,
			default: c.isDefault,
			deleted: c.deleted,
		}),
	},
	sharedProductFilter: {
		fields: {
			id: 'int',
			uuid: 'string',
			name: 'string',
			'product.id': 'int',
			created: 'date',
			deleted: 'boolean',
		},
		view: (s: SharedProduct) => ({
			id: s.id,
			uuid: s.uuid,
			name: s.name,
			'product.id': s.productId,
			created: s.created,
			deleted: s.deleted,
		}),
	},
	productionOrderCsvImportFilter: {
		fields: {
			id: 'int',
			fileName: 'string',
			createdDate: 'date',
			processedDate: 'date',
			processed: 'boolean',
			error: 'boolean',
			errorMessage: 'string',
			deleted: 'boolean',
		},
		view: (c: CsvImport) => ({
			id: c.id,
			fileName: c.fileName,
			createdDate: c.createdDate,
			processedDate: c.processedDate,
			processed: c.processed,
			error: c.error,
			errorMessage: c.errorMessage,
			deleted: c.deleted,
		}),
	},
};

/** Roots a client may store and use as `filterId` (the contract's top-level list). */
export const TOP_LEVEL_ROOTS = [
	'productFilter',
	'productionOrderFilter',
	'motiveFilter',
	'sharedProductFilter',
	'orderedProductFilter',
	'orderedProductCustomAttributeFilter',
	'shopFilter',
	'webhookFilter',
	'countryFilter',
	'productionOrderCsvImportFilter',
];

/**
 * With the extension `variantSkuTexts` (SandboxOptions), `productSkuFilter` also names each
 * ProductSku's variant SKU text as `sku`; every other entity is the contract's.
 */
const WITH_VARIANT_SKU_TEXTS: FilterSchemas = {
	...SCHEMAS,
	productSkuFilter: {
		...SCHEMAS.productSkuFilter,
		fields: { ...SCHEMAS.productSkuFilter.fields, sku: 'string' },
	},
};

/** The filterable entities of a sandbox, by its options. */
export function schemasFor(settings: { variantSkuTexts: boolean }): FilterSchemas {
	return settings.variantSkuTexts ? WITH_VARIANT_SKU_TEXTS : SCHEMAS;
}
