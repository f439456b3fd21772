/**
 * Stored filters (contract, "Filters"): the body of `POST /filters` built from the node's filter
 * builder, and the checks that stop a malformed filter before anything is sent.
 *
 * Shape: the root key names the filter type; inside it each expression element sits under its
 * element name (one object, or an array when there are several), `order` holds
 * `{direction, property}`, and sub-entity filters sit under their own names with the same inner
 * shape. Criteria side by side are combined with AND.
 */

import type { PlainObject } from '../values';
import { carriesZone, isDateObject, isValidZone, toFilterDate } from '../dates';
import { InputError } from '../errors';
import type { FilterProperty, FilterRoot } from './filterFields';
import { FILTER_PROPERTIES, RELATED_RECORD_FILTERS } from './filterFields';
import { isBlank } from '../values';

/**
 * The operators of a comparison, by the value the node's Operator field stores (none starts with
 * `=`, which n8n would read as an expression), as the service writes them.
 */
export const OPERATORS = {
	eq: '=',
	ne: '!=',
	gt: '>',
	gte: '>=',
	lt: '<',
	lte: '<=',
	like: 'like',
	ilike: 'ilike',
} as const;

export type OperatorValue = keyof typeof OPERATORS;

const SERVICE_OPERATORS: readonly string[] = Object.values(OPERATORS);

/**
 * The service's operator for what the Operator field holds: a value of the dropdown, or, given by
 * expression, the contract's own operator (`>=`, `ilike`, …), which must go through as written.
 */
export function serviceOperator(raw: unknown): string | undefined {
	const given = text(raw).toLowerCase();
	if (Object.prototype.hasOwnProperty.call(OPERATORS, given))
		return OPERATORS[given as OperatorValue];
	return SERVICE_OPERATORS.includes(given) ? given : undefined;
}

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
	/** The form field the condition comes from, when it is not one of the builder's Conditions. */
	formField?: string;
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
		if (isBlank(raw)) return '';
		const formatted = toFilterDate(raw, zone);
		if (formatted === undefined) {
			throw new InputError(
				`${where}: "${typeof raw === 'object' ? JSON.stringify(raw) : String(raw)}" is not a date`,
				'Pick a date, or give an ISO date such as 2024-05-01T12:00:00Z, an n8n date such as {{ $now }}, a timestamp in milliseconds or seconds, or 2024/05/01 12:00:00.',
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

/** The properties of the records a set of conditions tests; unknown for related records. */
type Properties = Record<string, FilterProperty> | undefined;

/** Whether a condition's values are dates: its property is a date, or the user said so. */
function isDateCondition(input: ConditionInput, properties: Properties): boolean {
	const property = properties?.[text(input.property)];
	return property?.kind === 'date' || input.valueIsDate === true || input.valueIsDate === 'true';
}

function buildCondition(
	input: ConditionInput,
	properties: Properties,
	zone: string,
	where: string,
): Element {
	const property = text(input.property);
	if (!property) {
		throw new InputError(
			`${where} has no Property`,
			'Choose the field to test in Property (or give its name by expression, with a dot for a field of a referenced record, such as country.id).',
		);
	}
	const asDate = isDateCondition(input, properties);
	const kind = input.conditionType ?? 'simple';
	switch (kind) {
		case 'simple': {
			// The service refuses an empty date with an SQL error that reads as an unknown property.
			if (asDate && isBlank(input.value)) {
				const label = properties?.[property]?.label ?? property;
				throw new InputError(
					`${where}: Value is empty, but ${label} is compared as a date`,
					`Pick a date in Value, or set Type to Is Empty to find the records that have no ${label} date.`,
				);
			}
			const op = serviceOperator(input.operator);
			if (op === undefined) {
				throw new InputError(
					`${where}: unknown Operator "${text(input.operator)}"`,
					`Choose an Operator from the list (by expression: one of ${Object.keys(OPERATORS).join(', ')}, or the service's own ${SERVICE_OPERATORS.join(' ')}).`,
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
				filterValue(entry, asDate, zone, `${where} (Values, value ${index + 1})`),
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
				`${where}: unknown Type "${String(kind)}"`,
				'Choose Compare, Between, In List or Is Empty.',
			);
	}
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

/** Where each condition sits in the form, and which properties its records have. */
interface PlacedCondition {
	condition: ConditionInput;
	properties: Properties;
	where: string;
}

const CONDITIONS = 'Conditions';
const ANY_OF = 'Any Of Groups';
const SORT = 'Sort';
const RELATED = 'Related Record Filters';

/** Where a top-level condition sits in the form. */
function conditionPlace(condition: ConditionInput, index: number): string {
	return condition.formField ?? `${CONDITIONS} › Condition ${index + 1}`;
}

/** The label of a related-record filter, as the form shows it for this filter type. */
function relatedLabel(root: FilterRoot, entity: string): string {
	return RELATED_RECORD_FILTERS[root]?.[entity]?.label ?? entity;
}

/** Every condition of the builder with its place in the form, in the form's order. */
function placedConditions(root: FilterRoot, input: FilterBuilderInput): PlacedCondition[] {
	const properties = FILTER_PROPERTIES[root];
	return [
		...(input.conditions ?? []).map((condition, index) => ({
			condition,
			properties,
			where: conditionPlace(condition, index),
		})),
		...(input.anyOf ?? []).flatMap((group, g) =>
			(group.conditions ?? []).map((condition, index) => ({
				condition,
				properties,
				where: `${ANY_OF} › Group ${g + 1} › Alternative ${index + 1}`,
			})),
		),
		...(input.subFilters ?? []).flatMap((sub, s) =>
			(sub.conditions ?? []).map((condition, index) => ({
				condition,
				properties: undefined,
				where: `${RELATED} › Filter ${s + 1} (${relatedLabel(root, text(sub.entity))}) › Condition ${index + 1}`,
			})),
		),
	];
}

/**
 * Whether the filter holds a date that names an instant (an n8n date, ISO text with an offset, a
 * timestamp): only then does the zone it is written in depend on knowing the service's zone.
 */
export function hasZonedDates(root: FilterRoot, input: FilterBuilderInput): boolean {
	return placedConditions(root, input).some(({ condition, properties }) =>
		conditionValues(condition).some(
			(value) =>
				(isDateCondition(condition, properties) || isDateObject(value)) && carriesZone(value),
		),
	);
}

/**
 * The properties the builder names that are not among the filter type's known fields, each with
 * its place in the form: the suspects when the service refuses a property name.
 */
export function unlistedProperties(
	root: FilterRoot,
	input: FilterBuilderInput,
): Array<{ property: string; where: string }> {
	const known = FILTER_PROPERTIES[root];
	const named = [
		...placedConditions(root, input)
			.filter(({ properties }) => properties !== undefined)
			.map(({ condition, where }) => ({ property: text(condition.property), where })),
		...(input.order ?? []).map((order, index) => ({
			property: text(order.property),
			where: `${SORT} › Sort ${index + 1}`,
		})),
	];
	return named.filter(({ property }) => property !== '' && !(property in known));
}

/** An Any Of group: each alternative is a condition, or the conditions sharing an AND key. */
function buildAnyOf(
	conditions: ConditionInput[],
	properties: Properties,
	zone: string,
	where: string,
): PlainObject {
	const alternatives: Element[] = [];
	const together = new Map<string, Element[]>();
	conditions.forEach((condition, index) => {
		const element = buildCondition(
			condition,
			properties,
			zone,
			`${where} › Alternative ${index + 1}`,
		);
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
 * The `POST /filters` body for a built filter, or undefined when the builder holds nothing (no
 * condition, no group or related-record filter with conditions, no sort): that is no filter.
 * Throws InputError, naming the place in the form, for anything the service would refuse or
 * misread.
 */
export function buildFilterBody(
	root: FilterRoot,
	input: FilterBuilderInput,
): PlainObject | undefined {
	const zone = text(input.timezone) || 'UTC';
	if (!isValidZone(zone)) {
		throw new InputError(
			`Date Timezone: unknown timezone "${zone}"`,
			'Use an IANA timezone such as Europe/Berlin, or UTC.',
		);
	}
	const properties = FILTER_PROPERTIES[root];
	const elements: Element[] = [];
	(input.conditions ?? []).forEach((condition, index) => {
		elements.push(buildCondition(condition, properties, zone, conditionPlace(condition, index)));
	});
	(input.anyOf ?? []).forEach((group, index) => {
		const conditions = group.conditions ?? [];
		// A group without alternatives says nothing.
		if (conditions.length === 0) return;
		elements.push([
			'expressionDisjunction',
			buildAnyOf(conditions, properties, zone, `${ANY_OF} › Group ${index + 1}`),
		]);
	});
	(input.order ?? []).forEach((order, index) => {
		const where = `${SORT} › Sort ${index + 1}`;
		const property = text(order.property);
		if (!property) {
			throw new InputError(`${where} has no Property`, 'Choose the field to sort by in Property.');
		}
		const direction = text(order.direction || 'asc').toLowerCase();
		if (direction !== 'asc' && direction !== 'desc') {
			throw new InputError(
				`${where}: Direction must be Ascending or Descending`,
				'Choose Ascending or Descending (by expression: asc or desc).',
			);
		}
		elements.push(['order', { direction, property }]);
	});
	(input.subFilters ?? []).forEach((sub, index) => {
		const conditions = sub.conditions ?? [];
		// A related-record filter without conditions says nothing.
		if (conditions.length === 0) return;
		const entity = text(sub.entity);
		const where = `${RELATED} › Filter ${index + 1}${entity ? ` (${relatedLabel(root, entity)})` : ''}`;
		if (!entity) {
			throw new InputError(
				`${where} has no Related Records`,
				'Choose which related records the conditions apply to.',
			);
		}
		elements.push([
			entity,
			container(
				conditions.map((condition, n) =>
					buildCondition(condition, undefined, zone, `${where} › Condition ${n + 1}`),
				),
			),
		]);
	});
	return elements.length === 0 ? undefined : { [root]: container(elements) };
}
