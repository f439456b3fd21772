/**
 * The filter builder: the same fields in Filter → Create and in every Get Many ("Build" mode),
 * read back into the input of `buildFilterBody`.
 */

import type { IDisplayOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { parseJsonInput } from '../common/jsonInput';
import { isPlainObject, toArray, type PlainObject } from '../../../shared/values';
import type {
	ConditionInput,
	FilterBuilderInput,
	OperatorValue,
} from '../../../shared/payloads/filter';
import { buildFilterBody, hasZonedDates } from '../../../shared/payloads/filter';
import { filterBodyFromJson } from './filterJson';
import type { FilterRoot } from '../../../shared/payloads/filterFields';
import {
	FILTER_PROPERTIES,
	FILTER_ROOTS,
	RELATED_RECORD_FILTERS,
} from '../../../shared/payloads/filterFields';
import { serviceZone } from './serviceZone';
import type { RunScope } from '../runScope';

const byName = (a: INodePropertyOptions, b: INodePropertyOptions) => a.name.localeCompare(b.name);

export const filterRootOptions: INodePropertyOptions[] = Object.entries(FILTER_ROOTS)
	.map(([value, label]) => ({ name: label, value, description: `A ${value}` }))
	.sort(byName);

const OPERATOR_OPTIONS: Array<INodePropertyOptions & { value: OperatorValue }> = [
	{ name: 'Equals', value: 'eq' },
	{ name: 'Greater Than', value: 'gt' },
	{ name: 'Greater Than or Equal', value: 'gte' },
	{ name: 'Less Than', value: 'lt' },
	{ name: 'Less Than or Equal', value: 'lte' },
	{
		name: 'Like (Case-Insensitive)',
		value: 'ilike',
		description: 'Text pattern; % matches any text, e.g. %shirt%',
	},
	{
		name: 'Like (Case-Sensitive)',
		value: 'like',
		description: 'Text pattern; % matches any text, e.g. Classic%',
	},
	{ name: 'Not Equals', value: 'ne' },
];

/** The Property dropdown's entries for a filter type: its fields, the API name as description. */
function propertyOptions(root: FilterRoot): INodePropertyOptions[] {
	return Object.entries(FILTER_PROPERTIES[root])
		.map(([value, { label }]) => ({ name: label, value }))
		.sort(byName);
}

function dateProperties(root: FilterRoot | undefined): string[] {
	if (!root) return [];
	return Object.entries(FILTER_PROPERTIES[root])
		.filter(([, { kind }]) => kind === 'date')
		.map(([name]) => name);
}

/** The Related Records entries for a filter type; without one, every type's, named by type. */
function relatedRecordOptions(root: FilterRoot | undefined): INodePropertyOptions[] {
	const roots = root ? [root] : (Object.keys(RELATED_RECORD_FILTERS) as FilterRoot[]);
	return roots
		.flatMap((owner) =>
			Object.entries(RELATED_RECORD_FILTERS[owner] ?? {}).map(([value, entry]) => ({
				name: root ? entry.label : `${FILTER_ROOTS[owner]}: ${entry.label}`,
				value,
				description: entry.description,
			})),
		)
		.sort(byName);
}

/**
 * A value field of a condition. On a date property (known from the dropdown) it is a date
 * field; otherwise text. Both keep the same name, so a value survives a change of property.
 */
function valueFields(
	field: Omit<INodeProperties, 'type' | 'default'>,
	conditionTypes: string[],
	dates: string[],
): INodeProperties[] {
	const show = { conditionType: conditionTypes };
	const asText: INodeProperties = {
		...field,
		type: 'string',
		default: '',
		displayOptions: dates.length ? { show, hide: { property: dates } } : { show },
	};
	if (dates.length === 0) return [asText];
	return [
		asText,
		{
			...field,
			type: 'dateTime',
			default: '',
			placeholder: undefined,
			description: "The date, sent as a time of day in the service's timezone (see Date Timezone)",
			displayOptions: { show: { ...show, property: dates } },
		},
	];
}

/**
 * The fields of one condition. With a filter type, Property is a dropdown of its fields (any
 * other name by expression) and a date property takes a date field; without one (related
 * records, or a filter type given by expression), Property is text and Value Is a Date says
 * which values are dates.
 */
function conditionFields(root: FilterRoot | undefined, inAnyOfGroup: boolean): INodeProperties[] {
	const dates = dateProperties(root);
	const valued = ['simple', 'between', 'contain'];
	const property: INodeProperties = root
		? {
				displayName: 'Property',
				name: 'property',
				type: 'options',
				default: 'id',
				options: propertyOptions(root),
				description:
					'The field of the record to test. To test a field not listed, give its name by expression, such as <code>country.code</code>.',
			}
		: {
				displayName: 'Property',
				name: 'property',
				type: 'string',
				default: '',
				placeholder: 'e.g. name',
				description:
					'Field of the record to test, such as <code>name</code> or <code>created</code>; fields of a referenced record use a dot, such as <code>country.code</code>',
			};
	const fields: INodeProperties[] = [
		{
			displayName: 'Type',
			name: 'conditionType',
			type: 'options',
			default: 'simple',
			options: [
				{
					name: 'Between',
					value: 'between',
					description: 'Value within a range, both ends included',
				},
				{ name: 'Compare', value: 'simple', description: 'Compare the value with an operator' },
				{ name: 'In List', value: 'contain', description: 'Value is (or is not) one of a list' },
				{ name: 'Is Empty', value: 'isNull', description: 'The field has no value (null)' },
			],
		},
		property,
		{
			displayName: 'Operator',
			name: 'operator',
			type: 'options',
			default: 'eq',
			displayOptions: { show: { conditionType: ['simple'] } },
			options: OPERATOR_OPTIONS,
		},
		...valueFields(
			{
				displayName: 'Value',
				name: 'value',
				placeholder: 'e.g. %shirt%',
				description: 'Sent as text and converted by the service to the type of the field',
			},
			['simple'],
			dates,
		),
		...valueFields(
			{ displayName: 'Min Value', name: 'minValue', placeholder: 'e.g. 10001' },
			['between'],
			dates,
		),
		...valueFields(
			{ displayName: 'Max Value', name: 'maxValue', placeholder: 'e.g. 10050' },
			['between'],
			dates,
		),
		{
			displayName: 'Values',
			name: 'values',
			type: 'string',
			default: '',
			placeholder: 'e.g. 1001, 1003',
			displayOptions: { show: { conditionType: ['contain'] } },
			description:
				'Values separated by commas, or an expression giving a list (for values that contain commas)',
		},
		{
			displayName: 'Exclude Listed Values',
			name: 'negation',
			type: 'boolean',
			default: false,
			displayOptions: { show: { conditionType: ['contain'] } },
			description: 'Whether to keep the records whose value is NOT in the list',
		},
		{
			displayName: 'Value Is a Date',
			name: 'valueIsDate',
			type: 'boolean',
			default: false,
			displayOptions: dates.length
				? { show: { conditionType: valued }, hide: { property: dates } }
				: { show: { conditionType: valued } },
			description:
				"Whether the values are dates (ISO text, an n8n date such as {{ $now }}, or a timestamp); they are sent in the service's form yyyy/MM/dd HH:mm:ss, in the service's timezone (see Date Timezone)",
		},
	];
	if (inAnyOfGroup) {
		fields.push({
			displayName: 'AND Key',
			name: 'andKey',
			type: 'string',
			default: '',
			placeholder: 'e.g. a',
			description:
				'Conditions of this group with the same key must all hold together, as one alternative. Leave empty for a condition that is an alternative on its own.',
		});
	}
	return fields;
}

function conditionsCollection(
	name: string,
	displayName: string,
	description: string,
	conditions: INodeProperties[],
): INodeProperties {
	return {
		displayName,
		name,
		type: 'fixedCollection',
		placeholder: 'Add Condition',
		default: {},
		typeOptions: { multipleValues: true, sortable: true },
		description,
		options: [{ displayName: 'Condition', name: 'condition', values: conditions }],
	};
}

/**
 * The builder's fields for a filter type (its fields in the Property dropdowns, its related
 * records), shown when `displayOptions` hold (the operation's own). Without a type, for a type
 * given by expression: Property is text and every related-record filter is offered.
 */
export function filterBuilderFields(
	displayOptions: IDisplayOptions,
	root: FilterRoot | undefined,
): INodeProperties[] {
	const related = relatedRecordOptions(root);
	const firstRelated = related[0]?.value ?? '';
	const sortProperty: INodeProperties = root
		? {
				displayName: 'Property',
				name: 'property',
				type: 'options',
				default: 'id',
				options: propertyOptions(root),
				description:
					'The field to sort by; to sort by a field not listed, give its name by expression',
			}
		: {
				displayName: 'Property',
				name: 'property',
				type: 'string',
				default: 'id',
				placeholder: 'e.g. created',
			};
	const fields: INodeProperties[] = [
		{
			...conditionsCollection(
				'filterConditions',
				'Conditions',
				'Every condition must hold (AND)',
				conditionFields(root, false),
			),
			displayOptions,
		},
		{
			displayName: 'Any Of Groups',
			name: 'filterAnyOf',
			type: 'fixedCollection',
			placeholder: 'Add Any Of Group',
			default: {},
			typeOptions: { multipleValues: true },
			displayOptions,
			description:
				'Each group holds when at least one of its conditions holds (OR); the groups and the conditions above must all hold',
			options: [
				{
					displayName: 'Group',
					name: 'group',
					values: [
						conditionsCollection(
							'conditions',
							'Alternatives',
							'The group holds when any alternative holds; give conditions the same AND Key to make them one alternative',
							conditionFields(root, true),
						),
					],
				},
			],
		},
		{
			displayName: 'Sort',
			name: 'filterOrder',
			type: 'fixedCollection',
			placeholder: 'Add Sort',
			default: {},
			typeOptions: { multipleValues: true, sortable: true },
			displayOptions,
			description: 'Order of the records in the list; the first sort counts most',
			options: [
				{
					displayName: 'Sort',
					name: 'order',
					values: [
						sortProperty,
						{
							displayName: 'Direction',
							name: 'direction',
							type: 'options',
							default: 'asc',
							options: [
								{ name: 'Ascending', value: 'asc' },
								{ name: 'Descending', value: 'desc' },
							],
						},
					],
				},
			],
		},
	];
	if (related.length > 0) {
		fields.push({
			displayName: 'Related Record Filters',
			name: 'filterSubEntities',
			type: 'fixedCollection',
			placeholder: 'Add Related Record Filter',
			default: {},
			typeOptions: { multipleValues: true },
			displayOptions,
			description:
				'Conditions on records joined to each record (its SKUs, colors, tags, ...); a record is kept when at least one joined record matches',
			options: [
				{
					displayName: 'Related Record Filter',
					name: 'subFilter',
					values: [
						{
							displayName: 'Related Records',
							name: 'entity',
							type: 'options',
							default: firstRelated,
							options: related,
							description: 'Which related records the conditions apply to',
						},
						conditionsCollection(
							'conditions',
							'Conditions',
							'Every condition must hold (AND)',
							conditionFields(undefined, false),
						),
					],
				},
			],
		});
	}
	fields.push({
		displayName: 'Date Timezone',
		name: 'filterTimezone',
		type: 'string',
		default: '',
		placeholder: 'e.g. Europe/Berlin',
		displayOptions,
		description:
			"The service's timezone, in which it reads filter dates. A date with a zone (an n8n date such as {{ $now }}, ISO text ending in Z or +01:00, a timestamp) is that instant and is written in this timezone; a date without one (a date picked here, 2026/11/23 10:00:00) is already a time of day in it. Leave empty to learn it from the service: the UTC offset of a timestamp in the list (one read per run), used as a fixed offset. Where the service's timezone has daylight saving, enter its name (such as Europe/Berlin) so each date gets the offset in force on that day.",
	});
	return fields;
}

function conditionsOf(value: unknown): ConditionInput[] {
	return collectionEntries<ConditionInput>(value, 'condition');
}

/** What the builder fields of this item hold. */
export function filterBuilderInput(run: RunScope, itemIndex: number): FilterBuilderInput {
	const param = (name: string) => run.parameter(name, itemIndex, {});
	return {
		conditions: conditionsOf(param('filterConditions')),
		anyOf: collectionEntries<{ conditions?: unknown }>(param('filterAnyOf'), 'group').map(
			(group) => ({ conditions: conditionsOf(group.conditions) }),
		),
		order: collectionEntries(param('filterOrder'), 'order'),
		subFilters: collectionEntries<{ entity?: unknown; conditions?: unknown }>(
			param('filterSubEntities'),
			'subFilter',
		).map((sub) => ({ entity: sub.entity, conditions: conditionsOf(sub.conditions) })),
		timezone: String(run.parameter('filterTimezone', itemIndex, '') ?? '').trim(),
	};
}

/**
 * The filter body the builder input describes, or undefined when it holds nothing. Without a
 * Date Timezone, dates that name an instant are written in the service's zone, learned from the
 * list at `zonePath`.
 */
export async function builtFilterBody(
	run: RunScope,
	itemIndex: number,
	root: FilterRoot,
	input: FilterBuilderInput,
	zonePath: () => Promise<string>,
): Promise<PlainObject | undefined> {
	// Built once in full first, so that bad input fails before anything is sent.
	const checked = buildFilterBody(root, input);
	if (!checked || input.timezone || !hasZonedDates(root, input)) return checked;
	const timezone = await serviceZone(run, itemIndex, await zonePath());
	return buildFilterBody(root, { ...input, timezone });
}

/** The filter body given as JSON in `parameter` for this item. */
export function jsonFilterBody(
	run: RunScope,
	itemIndex: number,
	parameter: string,
	expected: FilterRoot | undefined,
): PlainObject {
	const raw = run.parameter(parameter, itemIndex, '{}');
	const parsed = typeof raw === 'string' ? parseJsonInput(raw, 'Filter JSON') : raw;
	return filterBodyFromJson(parsed, expected);
}

/** Every collection member of a fixedCollection value, as an array (n8n gives `{ name: [...] }`). */
export function collectionEntries<T>(value: unknown, name: string): T[] {
	return isPlainObject(value) ? toArray<T>(value[name]) : [];
}
