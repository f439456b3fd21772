/**
 * Get Many for any paged list: Return All / Limit, and an optional filter (a stored filter ID,
 * or a filter built or written here that the node stores on the service and reuses).
 */

import { createHash } from 'crypto';
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { InputError, isFilterRefusal } from '../../../shared/errors';
import type { ServiceError } from '../../../shared/errors';
import type { PlainObject } from '../../../shared/codec';
import type { FilterRoot } from '../../../shared/payloads/filter';
import { listDefaultCondition, withListDefaultCondition } from '../../../shared/payloads/filter';
import { builtFilterBody, filterBuilderFields, jsonFilterBody } from '../filter/builder';
import { paginationFields, simplifyField } from './fields';
import type { OperationDefinition } from '../types';
import type { RunScope } from '../runScope';

export type { FilterRoot };

const FILTER_MODE = 'filterMode';

export function filterFields(filterRoot: FilterRoot): INodeProperties[] {
	const listDefault = listDefaultCondition(filterRoot);
	const defaultNote = listDefault
		? `; adds ${listDefault.property} ${listDefault.op} ${listDefault.value} unless the filter tests ${listDefault.property}`
		: '';
	return [
		{
			displayName: 'Filter',
			name: FILTER_MODE,
			type: 'options',
			default: 'none',
			options: [
				{ name: 'None', value: 'none', description: "The service's default: records not deleted" },
				{
					name: 'Stored Filter ID',
					value: 'id',
					description: 'A filter created earlier with Filter → Create',
				},
				{
					name: 'Build Filter',
					value: 'build',
					description: `Conditions set here; the node stores the filter and reuses it${defaultNote}`,
				},
				{
					name: 'Filter JSON',
					value: 'json',
					description: `A ${filterRoot} as JSON; the node stores it and reuses it${defaultNote}`,
				},
			],
		},
		{
			displayName: 'Filter ID',
			name: 'filterId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. 4f9c0a7b2e6d4c1a8b3e5f7a9c1d2e3f',
			description: `The filterId of a stored ${filterRoot}`,
			displayOptions: { show: { [FILTER_MODE]: ['id'] } },
		},
		...filterBuilderFields({ [FILTER_MODE]: ['build'] }),
		{
			displayName: 'Filter JSON',
			name: 'filterJson',
			type: 'json',
			default: `{\n  "${filterRoot}": {\n    "expressionSimple": { "property": "id", "op": ">", "value": "0" }\n  }\n}`,
			displayOptions: { show: { [FILTER_MODE]: ['json'] } },
			description: `The filter body, with or without its root key "${filterRoot}"`,
		},
	];
}

/** Store a filter body on the service (or reuse the one this run stored) and return its ID. */
export async function storeFilter(
	run: RunScope,
	body: PlainObject,
	itemIndex: number,
): Promise<string> {
	const digest = createHash('sha256').update(JSON.stringify(body)).digest('hex');
	const stored = run.storedFilters;
	let pending = stored.get(digest);
	if (!pending) {
		pending = (async () => {
			let answer;
			try {
				// The service answers the same filterId for the same content, so a repeat is harmless.
				answer = await run.service.request({
					method: 'POST',
					path: '/filters',
					body,
					itemIndex,
					idempotent: true,
				});
			} catch (error) {
				throw withFilterContext(error, `The ${Object.keys(body)[0]} could not be stored`, true);
			}
			const filterId = answer?.data.filterId;
			if (filterId === undefined || filterId === '') {
				throw new NodeOperationError(
					run.service.ctx.getNode(),
					'The service stored the filter but returned no filterId',
					{ itemIndex },
				);
			}
			return String(filterId);
		})();
		stored.set(digest, pending);
		// A failed store is not kept: a later item tries again.
		pending.catch(() => stored.delete(digest));
	}
	return await pending;
}

/** A filter chosen for a list: its ID and how to name it in an error. */
export interface ResolvedFilter {
	filterId: string;
	label: string;
}

/**
 * The filter chosen for this item (stored ID, built, or JSON), stored when needed. `listPath` gives
 * the list it narrows: dates in a built filter are written in the zone its timestamps show. A
 * built or JSON filter keeps the part of the list's default a filter would drop (a stored one is
 * used as it is).
 */
export async function resolveFilter(
	ctx: IExecuteFunctions,
	run: RunScope,
	itemIndex: number,
	filterRoot: FilterRoot,
	listPath: () => Promise<string>,
): Promise<ResolvedFilter | undefined> {
	const mode = ctx.getNodeParameter(FILTER_MODE, itemIndex, 'none') as string;
	if (mode === 'id') {
		const id = String(ctx.getNodeParameter('filterId', itemIndex, '')).trim();
		if (!id) {
			throw new InputError(
				'Filter ID is empty',
				'Enter the ID of a stored filter, or set Filter to None.',
			);
		}
		return { filterId: id, label: `The stored filter "${id}"` };
	}
	if (mode === 'build') {
		const body = withListDefaultCondition(
			await builtFilterBody(ctx, run, itemIndex, filterRoot, listPath),
		);
		const filterId = await storeFilter(run, body, itemIndex);
		return { filterId, label: `The built filter (stored as "${filterId}")` };
	}
	if (mode === 'json') {
		const body = withListDefaultCondition(jsonFilterBody(ctx, itemIndex, 'filterJson', filterRoot));
		const filterId = await storeFilter(run, body, itemIndex);
		return { filterId, label: `The filter from Filter JSON (stored as "${filterId}")` };
	}
	return undefined;
}

/** Whether a service error is about the filter: an unknown filterId or an unknown property. */
function isFilterError(error: NodeApiError): boolean {
	return (
		isFilterRefusal((error.errorResponse ?? {}) as Partial<ServiceError>) ||
		/FilterNotFoundException|SqlValidationException/.test(error.message)
	);
}

/**
 * Put the filter's name in front of a service error about the filter, so the user knows which
 * filter to fix. With `always`, any service error is named (the filter was the whole request).
 * Anything else is returned as it is.
 */
export function withFilterContext(error: unknown, label: string, always = false): unknown {
	if (!(error instanceof NodeApiError)) return error;
	if ((always || isFilterError(error)) && !error.message.startsWith(label)) {
		error.message = `${label}: ${error.message}`;
	}
	return error;
}

export interface GetManyConfig {
	/** The filter type the list accepts; omitted for lists the contract gives no filter. */
	filterRoot?: FilterRoot;
	/** The list path for this item. */
	path(this: IExecuteFunctions, itemIndex: number, run: RunScope): Promise<string>;
	/** Extra fields shown before pagination (for example an order ID). */
	extraFields?: INodeProperties[];
	/** Turns one record into the item's JSON (for a Simplify option, say). */
	shape?(this: IExecuteFunctions, record: PlainObject, itemIndex: number): IDataObject;
	/** The record as Simplify (on by default) shows it, after `shape`; adds the Simplify field. */
	simplify?(record: PlainObject): IDataObject;
}

export function getManyOperation(
	option: OperationDefinition['option'],
	config: GetManyConfig,
): OperationDefinition {
	return {
		option,
		fields: [
			...(config.extraFields ?? []),
			...paginationFields(),
			...(config.filterRoot ? filterFields(config.filterRoot) : []),
			...(config.simplify ? [simplifyField] : []),
		],
		async execute(
			this: IExecuteFunctions,
			itemIndex: number,
			run: RunScope,
		): Promise<INodeExecutionData[]> {
			const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
			const limit = this.getNodeParameter('limit', itemIndex, 50) as number;
			// The filter first, so that bad filter input fails before anything is sent.
			const listPath = async () => await config.path.call(this, itemIndex, run);
			const filter = config.filterRoot
				? await resolveFilter(this, run, itemIndex, config.filterRoot, listPath)
				: undefined;
			const path = await listPath();
			let records: PlainObject[];
			try {
				records = await run.service.requestAllItems(
					{ method: 'GET', path, qs: { filterId: filter?.filterId }, itemIndex },
					{ returnAll, limit },
				);
			} catch (error) {
				throw filter ? withFilterContext(error, filter.label) : error;
			}
			const simplify =
				config.simplify && this.getNodeParameter('simplify', itemIndex, true)
					? config.simplify
					: undefined;
			return records.map((record) => {
				const json = config.shape ? config.shape.call(this, record, itemIndex) : record;
				return { json: (simplify ? simplify(json) : json) as IDataObject };
			});
		},
	};
}
