/**
 * Get Many for any paged list: Return All / Limit, and an optional filter (a stored filter ID,
 * or a filter built or written here that the node stores on the service and reuses). A list may
 * put simple filters of its own in front (Filter = Simple); the builder, a stored filter ID and
 * filter JSON are then the advanced choices.
 */

import { createHash } from 'crypto';
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { InputError, filterRefusalOf } from '../../../shared/errors';
import type { PlainObject } from '../../../shared/values';
import type { FilterBuilderInput } from '../../../shared/payloads/filter';
import type { FilterRoot } from '../../../shared/payloads/filterFields';
import { unlistedProperties } from '../../../shared/payloads/filter';
import {
	listDefaultCondition,
	withListDefaultCondition,
} from '../../../shared/payloads/listDefault';
import {
	builtFilterBody,
	filterBuilderFields,
	filterBuilderInput,
	jsonFilterBody,
} from '../filter/builder';
import { paginationFields, simplifyField } from './fields';
import type { OperationDefinition } from '../types';
import type { RunScope } from '../runScope';

export type { FilterRoot };

const FILTER_MODE = 'filterMode';

/** Filters a list puts in front of the builder, in its users' words. */
export interface SimpleFilters {
	/** What the list can be filtered by, said in the Filter dropdown. */
	summary: string;
	/** The fields shown when Filter is Simple. */
	fields: INodeProperties[];
	/** The builder input these fields give for an item; one without conditions is no filter. */
	input(run: RunScope, itemIndex: number): FilterBuilderInput;
	/**
	 * Keys added to each listed record's item after Simplify, for a choice of these fields that
	 * says why a record is listed (Order → Get Many's Needs Attention); undefined adds none.
	 */
	annotate?(record: PlainObject, run: RunScope, itemIndex: number): IDataObject | undefined;
}

export function filterFields(filterRoot: FilterRoot, simple?: SimpleFilters): INodeProperties[] {
	const listDefault = listDefaultCondition(filterRoot);
	const defaultNote = listDefault
		? `; adds ${listDefault.property} ${listDefault.op} ${listDefault.value} unless the filter tests ${listDefault.property}`
		: '';
	const none = {
		name: 'None',
		value: 'none',
		description: "The service's default: records not deleted",
	};
	const advanced = simple ? 'Advanced: ' : '';
	const modes = [
		{
			name: simple ? `${advanced}Stored Filter ID` : 'Stored Filter ID',
			value: 'id',
			description: 'A filter created earlier with Filter → Create',
		},
		{
			name: simple ? `${advanced}Build` : 'Build Filter',
			value: 'build',
			description: `Conditions, groups and sorting on any field; the node stores the filter and reuses it${defaultNote}`,
		},
		{
			name: simple ? `${advanced}JSON` : 'Filter JSON',
			value: 'json',
			description: `A ${filterRoot} as JSON; the node stores it and reuses it${defaultNote}`,
		},
	];
	const show = (mode: string) => ({ show: { [FILTER_MODE]: [mode] } });
	return [
		simple
			? {
					displayName: 'Filter',
					name: FILTER_MODE,
					type: 'options',
					default: 'simple',
					options: [
						...modes.sort((a, b) => a.name.localeCompare(b.name)),
						none,
						{ name: 'Simple', value: 'simple', description: simple.summary },
					],
				}
			: {
					displayName: 'Filter',
					name: FILTER_MODE,
					type: 'options',
					default: 'none',
					options: [none, ...modes],
				},
		// Shown with Filter: Simple, beside any condition of the field's own.
		...(simple
			? simple.fields.map((field) => ({
					...field,
					displayOptions: {
						...field.displayOptions,
						show: { ...field.displayOptions?.show, ...show('simple').show },
					},
				}))
			: []),
		{
			displayName: 'Filter ID',
			name: 'filterId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. 4f9c0a7b2e6d4c1a8b3e5f7a9c1d2e3f',
			description: `The filterId of a stored ${filterRoot}`,
			displayOptions: show('id'),
		},
		...filterBuilderFields(show('build'), filterRoot),
		{
			displayName: 'Filter JSON',
			name: 'filterJson',
			type: 'json',
			default: `{\n  "${filterRoot}": {\n    "expressionSimple": { "property": "id", "op": ">", "value": "0" }\n  }\n}`,
			displayOptions: show('json'),
			description: `The filter body, with or without its root key "${filterRoot}"`,
		},
	];
}

const digestOf = (body: PlainObject) =>
	createHash('sha256').update(JSON.stringify(body)).digest('hex');

/** Store a filter body on the service (or reuse the one this run stored) and return its ID. */
export async function storeFilter(
	run: RunScope,
	body: PlainObject,
	itemIndex: number,
): Promise<string> {
	const digest = digestOf(body);
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

/**
 * How many values (uniqueIds, SKUs, names) one stored lookup filter holds. A thousand orders are
 * looked up in two requests (the filter and its first page of found orders), and the filter's body
 * stays near 30 KB, well within what any request size limit allows.
 */
export const UNIQUE_IDS_PER_LOOKUP = 1000;

/**
 * A list read through a stored filter whose ID this credential may know from an earlier execution
 * (acrossExecutions.ts): the same content is the same filter (contract, Filters rule 1), so it is
 * not stored again. A filter the service no longer knows (-104, FilterNotFoundException) is stored
 * again and the list read once more.
 */
export async function listByStoredFilter<T>(
	run: RunScope,
	body: PlainObject,
	itemIndex: number,
	list: (filterId: string) => Promise<T>,
): Promise<T> {
	const digest = digestOf(body);
	const memory = await run.acrossExecutions();
	const known = run.storedFilters.has(digest) ? undefined : memory?.filterId(digest);
	if (known) run.storedFilters.set(digest, Promise.resolve(known));
	const filterId = await storeFilter(run, body, itemIndex);
	memory?.rememberFilter(digest, filterId);
	let refusal: unknown;
	try {
		return await list(filterId);
	} catch (error) {
		refusal = error;
	}
	if (!(refusal instanceof NodeApiError) || filterRefusalOf(refusal) !== 'unknownFilter') {
		throw refusal;
	}
	// Forget the ID the service no longer knows, unless another item has stored it again.
	if ((await run.storedFilters.get(digest)?.catch(() => undefined)) === filterId) {
		run.storedFilters.delete(digest);
	}
	memory?.forgetFilter(digest);
	const again = await storeFilter(run, body, itemIndex);
	memory?.rememberFilter(digest, again);
	return await list(again);
}

/** A filter chosen for a list: its ID and how to name it in an error. */
export interface ResolvedFilter {
	filterId: string;
	label: string;
	/** Where the filter names properties the node does not list, for an unknown-property error. */
	suspects?: Array<{ property: string; where: string }>;
}

/**
 * The filter a builder input describes for this item, stored, with the list's default condition
 * kept (see withListDefaultCondition); undefined when the input holds nothing.
 */
async function storedBuiltFilter(
	run: RunScope,
	itemIndex: number,
	filterRoot: FilterRoot,
	input: FilterBuilderInput,
	listPath: () => Promise<string>,
	from: string,
): Promise<ResolvedFilter | undefined> {
	const body = await builtFilterBody(run, itemIndex, filterRoot, input, listPath);
	if (!body) return undefined;
	const filterId = await storeFilter(run, withListDefaultCondition(body), itemIndex);
	return {
		filterId,
		label: `${from} (stored as "${filterId}")`,
		suspects: unlistedProperties(filterRoot, input),
	};
}

/**
 * The filter chosen for this item (simple filters, built, stored ID, or JSON), stored when
 * needed; undefined for none, and for simple filters or a builder left empty. `listPath` gives
 * the list it narrows: dates are written in the zone its timestamps show. A built or JSON filter
 * keeps the part of the list's default a filter would drop (a stored one is used as it is).
 */
export async function resolveFilter(
	run: RunScope,
	itemIndex: number,
	filterRoot: FilterRoot,
	listPath: () => Promise<string>,
	simple?: SimpleFilters,
): Promise<ResolvedFilter | undefined> {
	const mode = run.parameter(FILTER_MODE, itemIndex, simple ? 'simple' : 'none') as string;
	if (mode === 'simple' && simple) {
		const input = simple.input(run, itemIndex);
		return await storedBuiltFilter(run, itemIndex, filterRoot, input, listPath, 'The filter');
	}
	if (mode === 'id') {
		const id = String(run.parameter('filterId', itemIndex, '')).trim();
		if (!id) {
			throw new InputError(
				'Filter ID is empty',
				'Enter the ID of a stored filter, or set Filter to None.',
				'Filter ID',
			);
		}
		return { filterId: id, label: `The stored filter "${id}"` };
	}
	if (mode === 'build') {
		const input = filterBuilderInput(run, itemIndex);
		return await storedBuiltFilter(run, itemIndex, filterRoot, input, listPath, 'The built filter');
	}
	if (mode === 'json') {
		const body = withListDefaultCondition(jsonFilterBody(run, itemIndex, 'filterJson', filterRoot));
		const filterId = await storeFilter(run, body, itemIndex);
		return { filterId, label: `The filter from Filter JSON (stored as "${filterId}")` };
	}
	return undefined;
}

/**
 * Put the filter's name in front of a service error about the filter, so the user knows which
 * filter to fix. With `always`, any service error is named (the filter was the whole request).
 * Anything else is returned as it is.
 */
export function withFilterContext(error: unknown, label: string, always = false): unknown {
	if (!(error instanceof NodeApiError)) return error;
	if ((always || filterRefusalOf(error) !== undefined) && !error.message.startsWith(label)) {
		error.message = `${label}: ${error.message}`;
	}
	return error;
}

/**
 * A service error about a filter of this run, named as withFilterContext does; when the service
 * does not know a property and the filter names properties the node does not list, the message
 * names those form fields first.
 */
function namedFilterError(error: unknown, filter: ResolvedFilter): unknown {
	const named = withFilterContext(error, filter.label);
	const suspects = filter.suspects ?? [];
	if (!(named instanceof NodeApiError) || suspects.length === 0) return named;
	if (filterRefusalOf(named) !== 'unknownProperty') return named;
	const places = suspects.map(({ property, where }) => `${where} › Property "${property}"`);
	named.message = `${places.join(', ')}: not a field the service can filter by. ${named.message}`;
	named.description =
		`Choose the Property from its list, or give the name of a field of the record by expression. ${named.description ?? ''}`.trim();
	return named;
}

export interface GetManyConfig {
	/** The filter type the list accepts; omitted for lists the contract gives no filter. */
	filterRoot?: FilterRoot;
	/** The list path for this item. */
	path(this: IExecuteFunctions, itemIndex: number, run: RunScope): Promise<string>;
	/** Extra fields shown before pagination (for example an order ID). */
	extraFields?: INodeProperties[];
	/** Filters of the list's own, in front of the builder (Filter = Simple, the default). */
	simpleFilters?: SimpleFilters;
	/** Turns one record into the item's JSON (for a Simplify option, say). */
	shape?(this: IExecuteFunctions, record: PlainObject, itemIndex: number): IDataObject;
	/** The record as Simplify (on by default) shows it, after `shape`; adds the Simplify field. */
	simplify?(record: PlainObject): IDataObject;
	/** What a language model reads about the list when the node is its tool (OperationDefinition). */
	forModel?: string;
}

export function getManyOperation(
	option: OperationDefinition['option'],
	config: GetManyConfig,
): OperationDefinition {
	return {
		option,
		forModel: config.forModel,
		fields: [
			...(config.extraFields ?? []),
			...paginationFields(),
			...(config.filterRoot ? filterFields(config.filterRoot, config.simpleFilters) : []),
			...(config.simplify ? [simplifyField] : []),
		],
		async execute(
			this: IExecuteFunctions,
			itemIndex: number,
			run: RunScope,
		): Promise<INodeExecutionData[]> {
			const returnAll = run.parameter('returnAll', itemIndex, false) as boolean;
			const limit = run.parameter('limit', itemIndex, 50) as number;
			// The filter first, so that bad filter input fails before anything is sent.
			const listPath = async () => await config.path.call(this, itemIndex, run);
			const filter = config.filterRoot
				? await resolveFilter(run, itemIndex, config.filterRoot, listPath, config.simpleFilters)
				: undefined;
			const path = await listPath();
			let records: PlainObject[];
			try {
				records = await run.service.requestAllItems(
					{ method: 'GET', path, qs: { filterId: filter?.filterId }, itemIndex },
					{ returnAll, limit },
				);
			} catch (error) {
				throw filter ? namedFilterError(error, filter) : error;
			}
			const simplify =
				config.simplify && run.parameter('simplify', itemIndex, true) ? config.simplify : undefined;
			const simpleMode =
				config.simpleFilters && run.parameter(FILTER_MODE, itemIndex, 'simple') === 'simple'
					? config.simpleFilters
					: undefined;
			return records.map((record) => {
				const json = config.shape ? config.shape.call(this, record, itemIndex) : record;
				const shown = (simplify ? simplify(json) : json) as IDataObject;
				const annotation = simpleMode?.annotate?.(record, run, itemIndex);
				return { json: annotation ? { ...shown, ...annotation } : shown };
			});
		},
	};
}
