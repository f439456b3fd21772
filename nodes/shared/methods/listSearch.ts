/**
 * List searches several nodes share, and the one way every searchable list of the package asks
 * the service: the search text becomes a stored filter, so the service narrows and orders the
 * list and a long catalog is never read whole. `searchShops` fills the Shop field's list (see
 * `descriptions/shop.ts`) in the action node and both triggers.
 */
import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import type { PlainObject } from '../values';
import type { FilterBuilderInput } from '../payloads/filter';
import type { FilterRoot } from '../payloads/filterFields';
import { buildFilterBody } from '../payloads/filter';
import { withListDefaultCondition } from '../payloads/listDefault';
import { ServiceClient } from '../transport';

/** Entries a searchable list shows at most; the search text narrows the rest. */
export const LISTED_AT_MOST = 100;

/** "Name (ID)": the ID stays visible, so the entry can be checked against other data. */
export function nameWithId(record: PlainObject): string {
	return `${String(record.name ?? 'Unnamed')} (${String(record.id)})`;
}

export interface SearchSpec {
	/** The collection's path on the service. */
	path: string;
	/** The collection's filter type. */
	root: FilterRoot;
	/** Text properties the search text is looked for in (any of them, ignoring case). */
	textProperties: string[];
	/** How the list is ordered, first key first; the service's own order when not given. */
	order?: Array<{ property: string; direction: 'asc' | 'desc' }>;
	/** The entry's label; "Name (ID)" when not given. */
	label?: (record: PlainObject) => string;
}

/** The stored filter for this search text and order, or undefined when the list needs none. */
async function searchFilterId(
	service: ServiceClient,
	spec: SearchSpec,
	text: string,
): Promise<string | undefined> {
	const input: FilterBuilderInput = {};
	if (text !== '') {
		const conditions = spec.textProperties.map((property) => ({
			property,
			operator: 'ilike',
			value: `%${text}%`,
		}));
		// A number may be the record's ID itself.
		if (/^\d+$/.test(text)) conditions.push({ property: 'id', operator: 'eq', value: text });
		input.anyOf = [{ conditions }];
	}
	if (spec.order) input.order = spec.order;
	const built = buildFilterBody(spec.root, input);
	if (!built) return undefined;
	const body = withListDefaultCondition(built);
	const answer = await service.request({
		method: 'POST',
		path: '/filters',
		body,
		idempotent: true,
	});
	const filterId = answer?.data.filterId;
	return filterId === undefined || filterId === '' ? undefined : String(filterId);
}

/** The records of a collection matching the search text, labeled for a list. */
export async function searchRecords(
	service: ServiceClient,
	spec: SearchSpec,
	filter: string | undefined,
): Promise<INodeListSearchResult> {
	const filterId = await searchFilterId(service, spec, (filter ?? '').trim());
	const records = await service.requestAllItems(
		{ method: 'GET', path: spec.path, ...(filterId ? { qs: { filterId } } : {}) },
		{ returnAll: false, limit: LISTED_AT_MOST },
	);
	const label = spec.label ?? nameWithId;
	return { results: records.map((record) => ({ name: label(record), value: String(record.id) })) };
}

export async function searchShops(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const service = new ServiceClient(this);
	return await searchRecords(
		service,
		{ path: `${await service.accountPath()}/shops`, root: 'shopFilter', textProperties: ['name'] },
		filter,
	);
}
