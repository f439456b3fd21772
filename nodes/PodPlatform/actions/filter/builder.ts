/**
 * The filter builder: the same fields in Filter → Create and in every Get Many ("Build" mode),
 * read back into the input of `buildFilterBody`.
 */

import type {
	IDisplayOptions,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { parseJsonInput } from '../../../shared/errors';
import type { PlainObject } from '../../../shared/codec';
import type {
	ConditionInput,
	FilterBuilderInput,
	FilterRoot,
} from '../../../shared/payloads/filter';
import {
	FILTER_ROOTS,
	SUB_ENTITY_FILTERS,
	buildFilterBody,
	collectionEntries,
	filterBodyFromJson,
	hasZonedDates,
} from '../../../shared/payloads/filter';
import { serviceZone } from './serviceZone';
import type { RunScope } from '../runScope';

const byName = (a: INodePropertyOptions, b: INodePropertyOptions) => a.name.localeCompare(b.name);

export const filterRootOptions: INodePropertyOptions[] = Object.entries(FILTER_ROOTS)
	.map(([value, label]) => ({ name: label, value, description: `A ${value}` }))
	.sort(byName);

const subEntityOptions: INodePropertyOptions[] = Object.entries(SUB_ENTITY_FILTERS)
	.map(([value, label]) => ({ name: label, value, description: `A ${value}` }))
	.sort(byName);

function conditionFields(inAnyOfGroup: boolean): INodeProperties[] {
	const valued = { show: { conditionType: ['simple', 'between', 'contain'] } };
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
		{
			displayName: 'Property',
			name: 'property',
			type: 'string',
			default: '',
			placeholder: 'e.g. name',
			description:
				'Field of the record to test, such as <code>name</code> or <code>created</code>; fields of a referenced record use a dot, such as <code>country.code</code>',
		},
		{
			displayName: 'Operator',
			name: 'operator',
			type: 'options',
			default: '=',
			displayOptions: { show: { conditionType: ['simple'] } },
			options: [
				{ name: 'Equals', value: '=' },
				{ name: 'Greater Than', value: '>' },
				{ name: 'Greater Than or Equal', value: '>=' },
				{ name: 'Less Than', value: '<' },
				{ name: 'Less Than or Equal', value: '<=' },
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
				{ name: 'Not Equals', value: '!=' },
			],
		},
		{
			displayName: 'Value',
			name: 'value',
			type: 'string',
			default: '',
			placeholder: 'e.g. %shirt%',
			displayOptions: { show: { conditionType: ['simple'] } },
			description: 'Sent as text and converted by the service to the type of the field',
		},
		{
			displayName: 'Min Value',
			name: 'minValue',
			type: 'string',
			default: '',
			placeholder: 'e.g. 10001',
			displayOptions: { show: { conditionType: ['between'] } },
		},
		{
			displayName: 'Max Value',
			name: 'maxValue',
			type: 'string',
			default: '',
			placeholder: 'e.g. 10050',
			displayOptions: { show: { conditionType: ['between'] } },
		},
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
			displayOptions: valued,
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
	inAnyOfGroup: boolean,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'fixedCollection',
		placeholder: 'Add Condition',
		default: {},
		typeOptions: { multipleValues: true, sortable: true },
		description,
		options: [
			{ displayName: 'Condition', name: 'condition', values: conditionFields(inAnyOfGroup) },
		],
	};
}

/** The builder's fields, shown when `show` holds (the operation's own display options). */
export function filterBuilderFields(show: IDisplayOptions['show']): INodeProperties[] {
	const displayOptions = { show };
	return [
		{
			...conditionsCollection(
				'filterConditions',
				'Conditions',
				'Every condition must hold (AND)',
				false,
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
							true,
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
						{
							displayName: 'Property',
							name: 'property',
							type: 'string',
							default: 'id',
							placeholder: 'e.g. created',
						},
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
		{
			displayName: 'Related Record Filters',
			name: 'filterSubEntities',
			type: 'fixedCollection',
			placeholder: 'Add Related Record Filter',
			default: {},
			typeOptions: { multipleValues: true },
			displayOptions,
			description:
				'Conditions on records joined to each record (its SKUs, colours, tags, ...); a record is kept when at least one joined record matches',
			options: [
				{
					displayName: 'Related Record Filter',
					name: 'subFilter',
					values: [
						{
							displayName: 'Related Records',
							name: 'entity',
							type: 'options',
							default: 'productSkuFilter',
							options: subEntityOptions,
							description:
								'Which related records the conditions apply to; each belongs to the filter type named before the colon',
						},
						conditionsCollection(
							'conditions',
							'Conditions',
							'Every condition must hold (AND)',
							false,
						),
					],
				},
			],
		},
		{
			displayName: 'Date Timezone',
			name: 'filterTimezone',
			type: 'string',
			default: '',
			placeholder: 'e.g. Europe/Berlin',
			displayOptions,
			description:
				"The service's timezone, in which it reads filter dates. A date with a zone (an n8n date such as {{ $now }}, ISO text ending in Z or +01:00, a timestamp) is that instant and is written in this timezone; a date without one (2026/11/23 10:00:00) is already a time of day in it. Leave empty to learn it from the service: the UTC offset of a timestamp in the list (one read per run), used as a fixed offset. Where the service's timezone has daylight saving, enter its name (such as Europe/Berlin) so each date gets the offset in force on that day.",
		},
	];
}

function conditionsOf(value: unknown): ConditionInput[] {
	return collectionEntries<ConditionInput>(value, 'condition');
}

/**
 * The filter body the builder fields of this item describe. Without a Date Timezone, dates that
 * name an instant are written in the service's zone, learned from the list at `zonePath`.
 */
export async function builtFilterBody(
	ctx: IExecuteFunctions,
	run: RunScope,
	itemIndex: number,
	root: FilterRoot,
	zonePath: () => Promise<string>,
): Promise<PlainObject> {
	const param = (name: string) => ctx.getNodeParameter(name, itemIndex, {});
	const input: FilterBuilderInput = {
		conditions: conditionsOf(param('filterConditions')),
		anyOf: collectionEntries<{ conditions?: unknown }>(param('filterAnyOf'), 'group').map(
			(group) => ({ conditions: conditionsOf(group.conditions) }),
		),
		order: collectionEntries(param('filterOrder'), 'order'),
		subFilters: collectionEntries<{ entity?: unknown; conditions?: unknown }>(
			param('filterSubEntities'),
			'subFilter',
		).map((sub) => ({ entity: sub.entity, conditions: conditionsOf(sub.conditions) })),
		timezone: String(ctx.getNodeParameter('filterTimezone', itemIndex, '') ?? '').trim(),
	};
	// Built once in full first, so that bad input fails before anything is sent.
	const checked = buildFilterBody(root, input);
	if (input.timezone || !hasZonedDates(input)) return checked;
	const timezone = await serviceZone(run, itemIndex, await zonePath());
	return buildFilterBody(root, { ...input, timezone });
}

/** The filter body given as JSON in `parameter` for this item. */
export function jsonFilterBody(
	ctx: IExecuteFunctions,
	itemIndex: number,
	parameter: string,
	expected: FilterRoot | undefined,
): PlainObject {
	const raw = ctx.getNodeParameter(parameter, itemIndex, '{}');
	const parsed = typeof raw === 'string' ? parseJsonInput(raw, 'Filter JSON') : raw;
	return filterBodyFromJson(parsed, expected);
}
