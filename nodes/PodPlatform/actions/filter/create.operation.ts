/**
 * Filter → Create: stores a filter, built in the form or written as JSON, and returns its filterId
 * for Get Many. The same filter always gets the same ID, so storing it again is harmless.
 */

import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { InputError } from '../../../shared/errors';
import { filterParts } from '../../../shared/payloads/listDefault';
import { FILTER_ROOTS } from '../../../shared/payloads/filterFields';
import type { FilterRoot } from '../../../shared/payloads/filterFields';
import { storeFilter } from '../common/list';
import type { OperationDefinition } from '../types';
import {
	builtFilterBody,
	filterBuilderFields,
	filterBuilderInput,
	filterRootOptions,
	jsonFilterBody,
} from './builder';
import type { RunScope } from '../runScope';

const ROOTS = Object.keys(FILTER_ROOTS) as FilterRoot[];

/**
 * The builder once per filter type, each showing that type's fields and related records, and
 * once more, with free-text properties, for a Filter Type given by expression. The copies share
 * their parameter names, so the conditions stay when the type changes.
 */
const builderFields: INodeProperties[] = [
	...ROOTS.flatMap((root) =>
		filterBuilderFields({ show: { definedWith: ['build'], filterType: [root] } }, root),
	),
	...filterBuilderFields(
		{ show: { definedWith: ['build'] }, hide: { filterType: ROOTS } },
		undefined,
	),
];

export const createOperation: OperationDefinition = {
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create a filter',
		description:
			'Store a filter on the service and get its filterId for Get Many; the same filter always gets the same ID',
	},
	fields: [
		{
			displayName: 'Filter Type',
			name: 'filterType',
			type: 'options',
			default: 'productFilter',
			options: filterRootOptions,
			description: 'Which list the filter is for (products, orders, motives, ...)',
		},
		{
			displayName: 'Define With',
			name: 'definedWith',
			type: 'options',
			default: 'build',
			options: [
				{ name: 'Builder', value: 'build', description: 'Conditions, groups and sorting set here' },
				{ name: 'JSON', value: 'json', description: 'The filter body written as JSON' },
			],
		},
		...builderFields,
		{
			displayName: 'Filter JSON',
			name: 'filterJson',
			type: 'json',
			default:
				'{\n  "expressionSimple": { "property": "name", "op": "ilike", "value": "%shirt%" },\n  "order": { "property": "id", "direction": "desc" }\n}',
			displayOptions: { show: { definedWith: ['json'] } },
			description:
				'The filter body, with or without its root key (which must then match the Filter Type)',
		},
	],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const root = run.parameter('filterType', itemIndex) as FilterRoot;
		const definedWith = run.parameter('definedWith', itemIndex, 'build') as string;
		// No list here: the account's shops are the cheap read that shows the service's zone.
		const body =
			definedWith === 'json'
				? jsonFilterBody(run, itemIndex, 'filterJson', root)
				: await builtFilterBody(
						run,
						itemIndex,
						root,
						filterBuilderInput(run, itemIndex),
						async () => `${await run.service.accountPath()}/shops`,
					);
		if (!body) {
			throw new InputError(
				'The filter is empty',
				'Add a condition, an Any Of group, a sort or a related-record filter to store.',
				'Conditions',
			);
		}
		const filterId = await storeFilter(run, body, itemIndex);
		const { content } = filterParts(body);
		return [{ json: { filterId, filterType: root, filter: content as IDataObject } }];
	},
};
