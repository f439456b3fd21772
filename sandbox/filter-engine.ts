/** The filter engine: checks a filter's structure, evaluates stored filters, digests their ids. */

import { createHash } from 'node:crypto';

import { asArray, isPlainObject, readBool, readString } from './codec';
import { ApiError, badRequest } from './errors';
import {
	SCHEMAS,
	TOP_LEVEL_ROOTS,
	type EntitySchema,
	type FieldType,
	type FilterSchemas,
	type Row,
} from './filter-schemas';
import { serviceWallTimeToEpochMs } from './service-zone';
import type { Store } from './store';
import type { StoredFilter } from './types';

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
	schemas: FilterSchemas,
	kind: ExpressionKind,
	expr: Record<string, unknown>,
	schemaName: string,
	row: Row,
): boolean {
	const schema = schemas[schemaName];
	if (kind === 'expressionDisjunction') {
		return expressionsOf(expr).some(([k, e]) => evalExpression(schemas, k, e, schemaName, row));
	}
	if (kind === 'expressionConjuction') {
		return expressionsOf(expr).every(([k, e]) => evalExpression(schemas, k, e, schemaName, row));
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
	schemas: FilterSchemas,
	store: Store,
	schemaName: string,
	content: Record<string, unknown>,
	record: unknown,
): boolean {
	const schema = schemas[schemaName];
	const row = schema.view(record as never, store);
	for (const [kind, expr] of expressionsOf(content)) {
		if (!evalExpression(schemas, kind, expr, schemaName, row)) return false;
	}
	for (const [key, value] of Object.entries(content)) {
		const join = schema.joins?.[key];
		if (!join) continue;
		const joined = join.rows(record as never, store);
		// A sub-entity filter keeps the record when at least one joined row satisfies it.
		for (const sub of asArray(value)) {
			const subFilter = sub as Record<string, unknown>;
			if (!joined.some((item) => matches(schemas, store, join.schema, subFilter, item)))
				return false;
		}
	}
	return true;
}

function sortRecords<T>(
	schemas: FilterSchemas,
	store: Store,
	schemaName: string,
	records: T[],
	orders: unknown[],
): T[] {
	const schema = schemas[schemaName];
	const keys = orders.map((order) => {
		const o = order as Record<string, unknown>;
		const [property, type] = fieldType(schema, schemaName, o.property);
		const sign = (readString(o.direction) ?? 'asc').toLowerCase() === 'desc' ? -1 : 1;
		return { property, type, sign };
	});
	if (keys.length === 0) keys.push({ property: 'id', type: 'int', sign: 1 });
	const rows = records.map((record) => ({ record, row: schema.view(record as never, store) }));
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

/** A list's records without `filterId`: its default filter (not deleted, by id). */
export function defaultSelection<T>(
	schemas: FilterSchemas,
	store: Store,
	records: T[],
	filterRoot: string | undefined,
): T[] {
	const visible = records.filter((record) => (record as { deleted?: boolean }).deleted !== true);
	return filterRoot ? sortRecords(schemas, store, filterRoot, visible, []) : visible;
}

/** The caller's stored filter for a list: 404 when unknown or another user's, 400 when of another type. */
export function storedFilterFor(
	store: Store,
	userId: number,
	filterId: string,
	filterRoot: string | undefined,
): StoredFilter {
	const stored = store.filters.get(filterId);
	if (!stored || stored.userId !== userId) throw filterNotFound(filterId);
	if (!filterRoot || stored.root !== filterRoot) {
		throw badRequest(
			'Filter type does not match this list',
			`Filter ${filterId} is a ${stored.root}; this list takes ${filterRoot ?? 'no filter'}`,
		);
	}
	return stored;
}

/**
 * The records a stored filter keeps, in its order (by id when it gives none); `schemas` are the
 * sandbox's (schemasFor), so a property only an off extension names is unknown when the list runs.
 */
export function applyFilter<T>(
	schemas: FilterSchemas,
	store: Store,
	stored: StoredFilter,
	records: T[],
): T[] {
	const kept = records.filter((record) =>
		matches(schemas, store, stored.root, stored.content, record),
	);
	return sortRecords(schemas, store, stored.root, kept, asArray(stored.content.order));
}

// ---------------------------------------------------------------------------------------------
// Parsing and digesting a filter to store

/** A filter body's root and content, checked: one top-level root, well-formed expressions. */
export function parseFilter(body: Record<string, unknown>): {
	root: string;
	content: Record<string, unknown>;
} {
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
	return { root, content };
}

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

/** The `filterId`: the same user and the same content digest give the same id. */
export function filterIdOf(userId: number, root: string, content: Record<string, unknown>): string {
	const digest = createHash('sha256')
		.update(`${userId}|${root}|${canonical(content)}`)
		.digest('hex');
	return digest.slice(0, 32);
}
