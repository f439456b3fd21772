import { createHash } from 'node:crypto';

import type { App, ServiceContext } from './app';
import { requireSession } from './auth';
import { asArray, isPlainObject, readBool, readString } from './codec';
import { ApiError, badRequest } from './errors';
import { ok, type Router } from './router';
import { serviceWallTimeToEpochMs } from './service-zone';
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

type FieldType = 'int' | 'number' | 'string' | 'boolean' | 'date';
type Row = Record<string, unknown>;

/** A filterable entity: its typed properties and the sub-entity filters that join onto it. */
interface EntitySchema {
	fields: Record<string, FieldType>;
	/** Flattens a record into its filterable properties (dotted names for references). */
	view: (record: never, app: App) => Row;
	joins?: Record<string, { schema: string; rows: (record: never, app: App) => unknown[] }>;
}

const EXPRESSION_KINDS = [
	'expressionSimple',
	'betweenExpression',
	'expressionContain',
	'expressionIsNull',
	'expressionDisjunction',
	'expressionConjuction',
] as const;
type ExpressionKind = (typeof EXPRESSION_KINDS)[number];

const OPERATORS = ['=', '!=', 'like', 'ilike', '<', '>', '<=', '>='];

/** Keys inside a filter that are neither expressions nor sub-entity filters. */
const STRUCTURAL_KEYS = new Set(['order', 'filterId', 'expressions']);

const SCHEMAS: Record<string, EntitySchema> = {
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
				rows: (p: Product, app) =>
					app.store.printTechnologies.filter((t) => p.technologyIds.includes(t.id)),
			},
			productAssignedToCategoryFilter: {
				schema: 'categoryFilter',
				rows: (p: Product, app) => app.store.categories.filter((c) => p.categoryIds.includes(c.id)),
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
	productSkuFilter: {
		fields: {
			id: 'int',
			stockId: 'int',
			sku: 'string',
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
				rows: (m: Motive, app) => app.store.tags.filter((t) => m.tagIds.includes(t.id)),
			},
			motiveLocalizedFilter: { schema: 'localizedFilter', rows: (m: Motive) => m.localizations },
			motiveAssignedToCategoryFilter: {
				schema: 'categoryFilter',
				rows: (m: Motive, app) => app.store.categories.filter((c) => m.categoryIds.includes(c.id)),
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
		view: (o: Order, app) => ({
			id: o.id,
			uniqueId: o.uniqueId,
			created: o.created,
			financialStatus: o.financialStatus,
			fulfilmentStatus: o.fulfilmentStatus,
			deleted: o.deleted,
			'country.id': o.countryId,
			'country.code': app.store.countries.find((c) => c.id === o.countryId)?.code,
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

// ---------------------------------------------------------------------------------------------
// Errors

function sqlValidation(detail: string): ApiError {
	return new ApiError(400, 'SqlValidationException', detail, {
		exceptionName: 'SqlValidationException',
	});
}

function filterNotFound(filterId: string): ApiError {
	return new ApiError(
		404,
		'FilterNotFoundException',
		`No filter with filterId ${filterId} for this user`,
		{
			code: -104,
			exceptionName: 'FilterNotFoundException',
		},
	);
}

// ---------------------------------------------------------------------------------------------
// Structure check at creation (expression shapes and element names; property names are only
// checked when a list runs, as the contract says)

function expressionsOf(
	container: Record<string, unknown>,
): Array<[ExpressionKind, Record<string, unknown>]> {
	const found: Array<[ExpressionKind, Record<string, unknown>]> = [];
	const collect = (key: string, value: unknown) => {
		if (!(EXPRESSION_KINDS as readonly string[]).includes(key)) return;
		for (const item of asArray(value)) {
			if (!isPlainObject(item)) throw badRequest(`${key} must be an object`);
			found.push([key as ExpressionKind, item]);
		}
	};
	for (const [key, value] of Object.entries(container)) {
		if (key === 'expressions') {
			for (const entry of asArray(value)) {
				if (!isPlainObject(entry)) throw badRequest('expressions entries must be objects');
				for (const [innerKey, innerValue] of Object.entries(entry)) {
					if (!(EXPRESSION_KINDS as readonly string[]).includes(innerKey)) {
						throw badRequest(`Unknown expression element ${innerKey}`);
					}
					collect(innerKey, innerValue);
				}
			}
		} else collect(key, value);
	}
	return found;
}

function checkExpression(kind: ExpressionKind, expr: Record<string, unknown>): void {
	if (kind === 'expressionDisjunction' || kind === 'expressionConjuction') {
		const nested = expressionsOf(expr);
		if (nested.length === 0) throw badRequest(`${kind} needs nested expressions`);
		for (const [innerKind, inner] of nested) checkExpression(innerKind, inner);
		return;
	}
	if (!readString(expr.property)) throw badRequest(`${kind}.property is required`);
	if (kind === 'expressionSimple') {
		const op = readString(expr.op);
		if (!op || !OPERATORS.includes(op.toLowerCase())) {
			throw badRequest(`expressionSimple.op must be one of ${OPERATORS.join(' ')}`, `Got ${op}`);
		}
		if (expr.value === undefined) throw badRequest('expressionSimple.value is required');
	}
	if (
		kind === 'betweenExpression' &&
		(expr.minValue === undefined || expr.maxValue === undefined)
	) {
		throw badRequest('betweenExpression needs minValue and maxValue');
	}
	if (kind === 'expressionContain' && !isPlainObject(expr.list) && !Array.isArray(expr.list)) {
		throw badRequest('expressionContain.list must hold String values');
	}
}

function checkFilter(schemaName: string, content: Record<string, unknown>): void {
	const schema = SCHEMAS[schemaName];
	for (const [kind, expr] of expressionsOf(content)) checkExpression(kind, expr);
	for (const [key, value] of Object.entries(content)) {
		if (STRUCTURAL_KEYS.has(key) || key.startsWith('@')) continue;
		if ((EXPRESSION_KINDS as readonly string[]).includes(key)) continue;
		const join = schema.joins?.[key];
		if (!join) throw badRequest(`Unknown filter element ${key} inside ${schemaName}`);
		for (const sub of asArray(value)) {
			if (!isPlainObject(sub)) throw badRequest(`${key} must be an object`);
			checkFilter(join.schema, sub);
		}
	}
	for (const order of asArray(content.order)) {
		if (!isPlainObject(order) || !readString(order.property))
			throw badRequest('order needs a property');
		const direction = (readString(order.direction) ?? 'asc').toLowerCase();
		if (direction !== 'asc' && direction !== 'desc')
			throw badRequest('order.direction must be asc or desc');
	}
}

// ---------------------------------------------------------------------------------------------
// Evaluation

const DATE_PATTERN = /^(\d{4})\/(\d{2})\/(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

function toTyped(raw: unknown, type: FieldType, property: string): unknown {
	const text = readString(raw);
	if (text === undefined) throw sqlValidation(`Value for ${property} must be a string`);
	switch (type) {
		case 'int':
		case 'number': {
			const n = Number(text);
			if (text.trim() === '' || Number.isNaN(n))
				throw sqlValidation(`"${text}" is not a number for ${property}`);
			return n;
		}
		case 'boolean': {
			const b = readBool(text.toLowerCase());
			if (b === undefined) throw sqlValidation(`"${text}" is not true/false for ${property}`);
			return b;
		}
		case 'date': {
			// The filter date pattern yyyy/MM/dd HH:mm:ss carries no zone: a wall time in the
			// service's own zone, the one its `created` timestamps are written in.
			const m = DATE_PATTERN.exec(text.trim());
			if (!m) throw sqlValidation(`"${text}" does not match yyyy/MM/dd HH:mm:ss for ${property}`);
			return serviceWallTimeToEpochMs(
				+m[1],
				+m[2],
				+m[3],
				+(m[4] ?? 0),
				+(m[5] ?? 0),
				+(m[6] ?? 0),
			);
		}
		default:
			return text;
	}
}

function recordValue(row: Row, property: string, type: FieldType): unknown {
	const value = row[property];
	if (value === undefined || value === null || value === '') return null;
	if (type === 'date') return Date.parse(String(value));
	return value;
}

function likeToRegExp(pattern: string, caseInsensitive: boolean): RegExp {
	const body = pattern
		.split('%')
		.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/_/g, '.'))
		.join('.*');
	return new RegExp(`^${body}$`, caseInsensitive ? 'is' : 's');
}

function fieldType(
	schema: EntitySchema,
	schemaName: string,
	property: unknown,
): [string, FieldType] {
	const name = readString(property) ?? '';
	const type = schema.fields[name];
	if (!type) throw sqlValidation(`Unknown property "${name}" in ${schemaName}`);
	return [name, type];
}

function evalExpression(
	kind: ExpressionKind,
	expr: Record<string, unknown>,
	schemaName: string,
	row: Row,
): boolean {
	const schema = SCHEMAS[schemaName];
	if (kind === 'expressionDisjunction') {
		return expressionsOf(expr).some(([k, e]) => evalExpression(k, e, schemaName, row));
	}
	if (kind === 'expressionConjuction') {
		return expressionsOf(expr).every(([k, e]) => evalExpression(k, e, schemaName, row));
	}
	const [property, type] = fieldType(schema, schemaName, expr.property);
	const actual = recordValue(row, property, type);
	if (kind === 'expressionIsNull') return actual === null;
	if (kind === 'betweenExpression') {
		if (actual === null) return false;
		const min = toTyped(expr.minValue, type, property) as number | string;
		const max = toTyped(expr.maxValue, type, property) as number | string;
		return (actual as number | string) >= min && (actual as number | string) <= max;
	}
	if (kind === 'expressionContain') {
		const list = isPlainObject(expr.list)
			? asArray(expr.list.String ?? expr.list.string)
			: asArray(expr.list);
		const values = list.map((v) => toTyped(v, type, property));
		const negation = readBool(expr.negation) ?? false;
		if (actual === null) return false;
		return values.includes(actual) !== negation;
	}
	const op = (readString(expr.op) ?? '').toLowerCase();
	if (op === 'like' || op === 'ilike') {
		if (actual === null) return false;
		return likeToRegExp(readString(expr.value) ?? '', op === 'ilike').test(String(actual));
	}
	const expected = toTyped(expr.value, type, property) as number | string | boolean;
	if (actual === null) return op === '!=';
	const a = actual as number | string | boolean;
	switch (op) {
		case '=':
			return a === expected;
		case '!=':
			return a !== expected;
		case '<':
			return a < expected;
		case '>':
			return a > expected;
		case '<=':
			return a <= expected;
		default:
			return a >= expected;
	}
}

function matches(
	app: App,
	schemaName: string,
	content: Record<string, unknown>,
	record: unknown,
): boolean {
	const schema = SCHEMAS[schemaName];
	const row = schema.view(record as never, app);
	for (const [kind, expr] of expressionsOf(content)) {
		if (!evalExpression(kind, expr, schemaName, row)) return false;
	}
	for (const [key, value] of Object.entries(content)) {
		const join = schema.joins?.[key];
		if (!join) continue;
		const joined = join.rows(record as never, app);
		// A sub-entity filter keeps the record when at least one joined row satisfies it.
		for (const sub of asArray(value)) {
			const subFilter = sub as Record<string, unknown>;
			if (!joined.some((item) => matches(app, join.schema, subFilter, item))) return false;
		}
	}
	return true;
}

function sortRecords<T>(app: App, schemaName: string, records: T[], orders: unknown[]): T[] {
	const schema = SCHEMAS[schemaName];
	const keys = orders.map((order) => {
		const o = order as Record<string, unknown>;
		const [property, type] = fieldType(schema, schemaName, o.property);
		const sign = (readString(o.direction) ?? 'asc').toLowerCase() === 'desc' ? -1 : 1;
		return { property, type, sign };
	});
	if (keys.length === 0) keys.push({ property: 'id', type: 'int', sign: 1 });
	const rows = records.map((record) => ({ record, row: schema.view(record as never, app) }));
	rows.sort((x, y) => {
		for (const { property, type, sign } of keys) {
			const a = recordValue(x.row, property, type) as number | string | null;
			const b = recordValue(y.row, property, type) as number | string | null;
			if (a === b) continue;
			if (a === null) return 1;
			if (b === null) return -1;
			return (a < b ? -1 : 1) * sign;
		}
		return 0;
	});
	return rows.map((r) => r.record);
}

/**
 * The records a list endpoint shows: without `filterId` its default filter (not deleted, by id);
 * with one, only the stored filter of the caller, so deleted records are in unless the filter
 * excludes them (contract, Filters rule 2: the default applies when `filterId` is empty or absent).
 */
export function selectRecords<T>(
	ctx: ServiceContext,
	records: T[],
	filterRoot: string | undefined,
	filterId: string | null,
): T[] {
	const schemaName = filterRoot ?? '';
	const notDeleted = (record: T) => (record as { deleted?: boolean }).deleted !== true;
	if (!filterId) {
		const visible = records.filter(notDeleted);
		return filterRoot ? sortRecords(ctx.app, schemaName, visible, []) : visible;
	}
	const { user } = requireSession(ctx);
	const stored = ctx.app.store.filters.get(filterId);
	if (!stored || stored.userId !== user.id) throw filterNotFound(filterId);
	if (!filterRoot || stored.root !== filterRoot) {
		throw badRequest(
			'Filter type does not match this list',
			`Filter ${filterId} is a ${stored.root}; this list takes ${filterRoot ?? 'no filter'}`,
		);
	}
	const kept = records.filter((record) => matches(ctx.app, schemaName, stored.content, record));
	return sortRecords(ctx.app, schemaName, kept, asArray(stored.content.order));
}

// ---------------------------------------------------------------------------------------------
// POST /filters

/**
 * The content digest's form of a filter, the same for its JSON and XML bodies: every value as its
 * text (contract, Filters rule 4: all values are strings) and a one-member array as its member
 * (Media types rule 4), so `false` and `<negation>false</negation>` are the same filter.
 */
function canonical(value: unknown): string {
	if (Array.isArray(value)) {
		return value.length === 1 ? canonical(value[0]) : `[${value.map(canonical).join(',')}]`;
	}
	if (isPlainObject(value)) {
		return `{${Object.keys(value)
			.sort()
			.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
			.join(',')}}`;
	}
	return JSON.stringify(value === null || value === undefined ? value : String(value));
}

export function registerFilterRoutes(router: Router<ServiceContext>): void {
	router.post('/filters', (ctx) => {
		const { user } = requireSession(ctx);
		const body = ctx.body();
		const roots = Object.keys(body);
		if (roots.length !== 1) throw badRequest('Filter body must have exactly one root key');
		const root = roots[0];
		if (!TOP_LEVEL_ROOTS.includes(root)) {
			throw badRequest(
				SCHEMAS[root]
					? `${root} can only be nested inside a top-level filter`
					: `Unknown filter type ${root}`,
				`Top-level filter types: ${TOP_LEVEL_ROOTS.join(', ')}`,
			);
		}
		const raw = body[root];
		const content: Record<string, unknown> = isPlainObject(raw) ? { ...raw } : {};
		delete content.filterId;
		checkFilter(root, content);
		// Same user + same content digest → the same filterId.
		const digest = createHash('sha256')
			.update(`${user.id}|${root}|${canonical(content)}`)
			.digest('hex');
		const filterId = digest.slice(0, 32);
		if (!ctx.app.store.filters.has(filterId)) {
			ctx.app.store.filters.set(filterId, { filterId, userId: user.id, root, content });
		}
		return ok({ [root]: { ...content, filterId } });
	});
}
