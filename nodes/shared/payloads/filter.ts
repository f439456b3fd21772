/**
 * Stored filters (contract, "Filters"): the body of `POST /filters` built from the node's filter
 * builder, and the checks that stop a malformed filter before anything is sent.
 *
 * Shape: the root key names the filter type; inside it each expression element sits under its
 * element name (one object, or an array when there are several), `order` holds
 * `{direction, property}`, and sub-entity filters sit under their own names with the same inner
 * shape. Criteria side by side are combined with AND.
 */

import type { PlainObject } from '../codec';
import { isPlainObject, toArray } from '../codec';
import { carriesZone, isDateObject, isValidZone, toFilterDate } from '../dates';
import { InputError } from '../errors';
import { isBlank } from '../values';

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

/** Filters that only exist nested inside a top-level filter, with the label the node shows. */
export const SUB_ENTITY_FILTERS = {
	productLocalizedFilter: 'Product: Localization',
	productAssignedToCategoryFilter: 'Product: Category',
	productSkuFilter: 'Product: SKU',
	productColorFilter: 'Product: Color',
	productSizeFilter: 'Product: Size',
	productViewFilter: 'Product: View',
	productPriceFilter: 'Product: Price',
	assignedProductColorFilter: 'Product: Assigned Color',
	assignedProductSizeFilter: 'Product: Assigned Size',
	assignedProductViewFilter: 'Product: Assigned View',
	productViewColorDetailFilter: 'Product: View Color Detail',
	assignedProductStickerFilter: 'Product: Assigned Sticker',
	assignedPrintTechnologyFilter: 'Product: Print Technology',
	assignedAttributeListItemFilter: 'Product: Attribute List Item',
	motiveLocalizedFilter: 'Motive: Localization',
	motiveAssignedToCategoryFilter: 'Motive: Category',
	motivePrintTechnologyFilter: 'Motive: Print Technology',
	tagFilter: 'Motive: Tag',
	shopPropertyFilter: 'Shop: Property',
} as const;

export const SIMPLE_OPERATORS = ['=', '!=', 'like', 'ilike', '<', '>', '<=', '>='] as const;

export type ConditionType = 'simple' | 'between' | 'contain' | 'isNull';

/** One condition as the builder holds it (values as the user or an expression gave them). */
export interface ConditionInput {
	conditionType?: ConditionType;
	property?: unknown;
	operator?: unknown;
	value?: unknown;
	minValue?: unknown;
	maxValue?: unknown;
	values?: unknown;
	negation?: unknown;
	valueIsDate?: unknown;
	/** Inside an Any Of group: conditions sharing a key must hold together (explicit AND). */
	andKey?: unknown;
}

export interface FilterBuilderInput {
	conditions?: ConditionInput[];
	anyOf?: Array<{ conditions?: ConditionInput[] }>;
	order?: Array<{ property?: unknown; direction?: unknown }>;
	subFilters?: Array<{ entity?: unknown; conditions?: ConditionInput[] }>;
	/**
	 * The service's zone: dates with a zone or offset are written as its wall time, dates without
	 * one are taken as its wall time already. Empty: UTC, which leaves such wall times unchanged.
	 */
	timezone?: string;
}

type Element = [kind: string, content: PlainObject];

/** Elements side by side under their names: one as an object, several as an array. */
function container(elements: Element[]): PlainObject {
	const grouped: Record<string, PlainObject[]> = {};
	for (const [kind, content] of elements) (grouped[kind] ??= []).push(content);
	const out: PlainObject = {};
	for (const [kind, list] of Object.entries(grouped))
		out[kind] = list.length === 1 ? list[0] : list;
	return out;
}

function text(value: unknown): string {
	return value === undefined || value === null ? '' : String(value).trim();
}

/** A value as the string the contract wants; dates in the filter form. */
function filterValue(raw: unknown, asDate: boolean, zone: string, where: string): string {
	if (asDate || isDateObject(raw)) {
		const formatted = toFilterDate(raw, zone);
		if (formatted === undefined) {
			throw new InputError(
				`${where}: "${typeof raw === 'object' ? JSON.stringify(raw) : String(raw)}" is not a date`,
				'Give an ISO date such as 2024-05-01T12:00:00Z, an n8n date such as {{ $now }}, a timestamp in milliseconds or seconds, or 2024/05/01 12:00:00. Or turn off "Value Is a Date".',
			);
		}
		return formatted;
	}
	if (raw === undefined || raw === null) return '';
	if (typeof raw === 'string') return raw;
	if (typeof raw === 'number' || typeof raw === 'boolean' || typeof raw === 'bigint')
		return String(raw);
	throw new InputError(
		`${where}: the value must be text, a number or a date, got ${Array.isArray(raw) ? 'a list' : 'an object'}`,
		'Give a single value; to match any of several values use the type "In List".',
	);
}

function listValues(raw: unknown): unknown[] {
	if (Array.isArray(raw)) return raw.filter((entry) => !isBlank(entry));
	if (typeof raw === 'string') {
		return raw
			.split(',')
			.map((entry) => entry.trim())
			.filter((entry) => entry !== '');
	}
	return isBlank(raw) ? [] : [raw];
}

function buildCondition(input: ConditionInput, zone: string, where: string): Element {
	const property = text(input.property);
	if (!property) {
		throw new InputError(
			`${where} has no Property`,
			'Enter the field to test, for example name, id or created (country.id for a field of a referenced record).',
		);
	}
	const asDate = isDateCondition(input);
	const kind = input.conditionType ?? 'simple';
	switch (kind) {
		case 'simple': {
			const op = text(input.operator || '=').toLowerCase();
			if (!(SIMPLE_OPERATORS as readonly string[]).includes(op)) {
				throw new InputError(
					`${where}: unknown operator "${op}"`,
					`Use one of ${SIMPLE_OPERATORS.join(' ')}.`,
				);
			}
			return [
				'expressionSimple',
				{ property, op, value: filterValue(input.value, asDate, zone, where) },
			];
		}
		case 'between': {
			const minValue = filterValue(input.minValue, asDate, zone, `${where} (Min Value)`);
			const maxValue = filterValue(input.maxValue, asDate, zone, `${where} (Max Value)`);
			if (minValue === '' || maxValue === '') {
				throw new InputError(
					`${where}: Between needs both a Min Value and a Max Value`,
					'Enter both ends of the range; both are included.',
				);
			}
			return ['betweenExpression', { property, minValue, maxValue }];
		}
		case 'contain': {
			const values = listValues(input.values).map((entry, index) =>
				filterValue(entry, asDate, zone, `${where} (value ${index + 1})`),
			);
			if (values.length === 0) {
				throw new InputError(
					`${where}: In List needs at least one value`,
					'Enter the values separated by commas, for example 1001, 1003, or an expression giving a list.',
				);
			}
			const negation = input.negation === true || input.negation === 'true';
			return ['expressionContain', { property, negation, list: { String: values } }];
		}
		case 'isNull':
			return ['expressionIsNull', { property }];
		default:
			throw new InputError(
				`${where}: unknown condition type "${String(kind)}"`,
				'Choose Compare, Between, In List or Is Empty.',
			);
	}
}

function isDateCondition(input: ConditionInput): boolean {
	return input.valueIsDate === true || input.valueIsDate === 'true';
}

/** The values of a condition as given, whatever its type. */
function conditionValues(input: ConditionInput): unknown[] {
	switch (input.conditionType ?? 'simple') {
		case 'simple':
			return [input.value];
		case 'between':
			return [input.minValue, input.maxValue];
		case 'contain':
			return listValues(input.values);
		default:
			return [];
	}
}

/**
 * Whether the filter holds a date that names an instant (an n8n date, ISO text with an offset, a
 * timestamp): only then does the zone it is written in depend on knowing the service's zone.
 */
export function hasZonedDates(input: FilterBuilderInput): boolean {
	const conditions = [
		...(input.conditions ?? []),
		...(input.anyOf ?? []).flatMap((group) => group.conditions ?? []),
		...(input.subFilters ?? []).flatMap((sub) => sub.conditions ?? []),
	];
	return conditions.some((condition) =>
		conditionValues(condition).some(
			(value) => (isDateCondition(condition) || isDateObject(value)) && carriesZone(value),
		),
	);
}

/** An Any Of group: each alternative is a condition, or the conditions sharing an AND key. */
function buildAnyOf(conditions: ConditionInput[], zone: string, where: string): PlainObject {
	if (conditions.length === 0) {
		throw new InputError(
			`${where} has no conditions`,
			'Add the alternative conditions to the group, or remove the group.',
		);
	}
	const alternatives: Element[] = [];
	const together = new Map<string, Element[]>();
	conditions.forEach((condition, index) => {
		const element = buildCondition(condition, zone, `${where}, condition ${index + 1}`);
		const key = text(condition.andKey);
		if (!key) {
			alternatives.push(element);
			return;
		}
		let members = together.get(key);
		if (!members) {
			members = [];
			together.set(key, members);
			// Placeholder keeps the alternatives in the order the user wrote them.
			alternatives.push(['expressionConjuction', { __key: key }]);
		}
		members.push(element);
	});
	const resolved = alternatives.map(([kind, content]): Element => {
		if (kind !== 'expressionConjuction' || typeof content.__key !== 'string')
			return [kind, content];
		const members = together.get(content.__key) ?? [];
		return members.length === 1 ? members[0] : ['expressionConjuction', container(members)];
	});
	return container(resolved);
}

/**
 * The `POST /filters` body for a built filter. Throws InputError (naming the condition)
 * for anything the service would refuse or misread.
 */
export function buildFilterBody(root: FilterRoot, input: FilterBuilderInput): PlainObject {
	const zone = text(input.timezone) || 'UTC';
	if (!isValidZone(zone)) {
		throw new InputError(
			`Unknown timezone "${zone}"`,
			'Use an IANA timezone such as Europe/Berlin, or UTC.',
		);
	}
	const elements: Element[] = [];
	(input.conditions ?? []).forEach((condition, index) => {
		elements.push(buildCondition(condition, zone, `Condition ${index + 1}`));
	});
	(input.anyOf ?? []).forEach((group, index) => {
		elements.push([
			'expressionDisjunction',
			buildAnyOf(group.conditions ?? [], zone, `Any Of group ${index + 1}`),
		]);
	});
	(input.order ?? []).forEach((order, index) => {
		const property = text(order.property);
		if (!property) {
			throw new InputError(
				`Sort ${index + 1} has no Property`,
				'Enter the field to sort by, for example id or created.',
			);
		}
		const direction = text(order.direction || 'asc').toLowerCase();
		if (direction !== 'asc' && direction !== 'desc') {
			throw new InputError(
				`Sort ${index + 1}: direction must be asc or desc`,
				'Choose Ascending or Descending.',
			);
		}
		elements.push(['order', { direction, property }]);
	});
	(input.subFilters ?? []).forEach((sub, index) => {
		const entity = text(sub.entity);
		const where = `Sub-entity filter ${index + 1}${entity ? ` (${entity})` : ''}`;
		if (!entity) {
			throw new InputError(
				`${where} has no entity`,
				'Choose which related records the conditions apply to.',
			);
		}
		const conditions = sub.conditions ?? [];
		if (conditions.length === 0) {
			throw new InputError(
				`${where} has no conditions`,
				'Add conditions for the related records, or remove it.',
			);
		}
		elements.push([
			entity,
			container(
				conditions.map((condition, n) =>
					buildCondition(condition, zone, `${where}, condition ${n + 1}`),
				),
			),
		]);
	});
	if (elements.length === 0) {
		throw new InputError(
			'The filter is empty',
			'Add at least one condition, Any Of group, sort or sub-entity filter, or choose no filter.',
		);
	}
	return { [root]: container(elements) };
}

/**
 * A filter body from JSON the user wrote: with or without its root key; a `filterId` copied from
 * an earlier answer is dropped. Throws InputError for anything that is not one filter of
 * the expected type (or, with no expected type, of some top-level type).
 */
export function filterBodyFromJson(parsed: unknown, expected: FilterRoot | undefined): PlainObject {
	if (!isPlainObject(parsed)) {
		throw new InputError('Filter JSON must be an object', 'Write the filter as a JSON object.');
	}
	const keys = Object.keys(parsed);
	const namedRoot = keys.length === 1 && isFilterRoot(keys[0]) ? keys[0] : undefined;
	const root = namedRoot ?? expected;
	if (!root) {
		throw new InputError(
			'Filter JSON does not name its filter type',
			`Wrap the filter in its type, for example {"productFilter": {...}}; types: ${Object.keys(FILTER_ROOTS).join(', ')}.`,
		);
	}
	if (expected && root !== expected) {
		throw new InputError(
			`Filter JSON is a ${root}, but this list takes a ${expected}`,
			`Write a ${expected}, or leave out the root key and give only its content.`,
		);
	}
	const content = namedRoot ? parsed[namedRoot] : parsed;
	if (!isPlainObject(content)) {
		throw new InputError(
			`Filter JSON: ${root} must hold an object`,
			'Put the expressions inside an object.',
		);
	}
	const rest = { ...content };
	delete rest.filterId;
	return { [root]: rest };
}

const TESTS = new Set([
	'expressionSimple',
	'betweenExpression',
	'expressionContain',
	'expressionIsNull',
]);
const GROUPS = new Set(['expressionDisjunction', 'expressionConjuction']);

/**
 * Whether a filter's own expressions (nested groups included; sub-entity filters and sorting are
 * about other things) test a property.
 */
function testsProperty(container: PlainObject, property: string): boolean {
	return Object.entries(container).some(([key, value]) => {
		const members = toArray(value).filter(isPlainObject);
		if (key === 'expressions' || GROUPS.has(key))
			return members.some((member) => testsProperty(member, property));
		if (TESTS.has(key)) return members.some((test) => text(test.property) === property);
		return false;
	});
}

/**
 * The part of a list's default filter that a stored filter replaces (contract, Filters rule 2:
 * the default applies only when no filter is given), for the lists whose default the node keeps.
 * A deleted motive stays in the service and would otherwise come back with any filter.
 */
const LIST_DEFAULT_CONDITIONS: Partial<
	Record<FilterRoot, { property: string; op: string; value: string }>
> = {
	motiveFilter: { property: 'deleted', op: '=', value: 'false' },
};

/** The condition a Get Many keeps for this filter type, if any (for the field descriptions). */
export function listDefaultCondition(
	root: FilterRoot,
): { property: string; op: string; value: string } | undefined {
	return LIST_DEFAULT_CONDITIONS[root];
}

/**
 * A filter for a Get Many with the list's default condition added (see LIST_DEFAULT_CONDITIONS), unless the
 * user's filter says something about that property; then theirs stands.
 */
export function withListDefaultCondition(body: PlainObject): PlainObject {
	const { root, content } = filterParts(body);
	const condition = isFilterRoot(root) ? LIST_DEFAULT_CONDITIONS[root] : undefined;
	if (!condition || testsProperty(content, condition.property)) return body;
	const simple = [...toArray(content.expressionSimple), { ...condition }];
	return {
		[root]: { ...content, expressionSimple: simple.length === 1 ? simple[0] : simple },
	};
}

/** The root and content of a filter body (`{ productFilter: {...} }`). */
export function filterParts(body: PlainObject): { root: string; content: PlainObject } {
	const root = Object.keys(body)[0];
	const content = body[root];
	return { root, content: isPlainObject(content) ? content : {} };
}

/** Every collection member of a fixedCollection value, as an array (n8n gives `{ name: [...] }`). */
export function collectionEntries<T>(value: unknown, name: string): T[] {
	return isPlainObject(value) ? toArray<T>(value[name]) : [];
}
