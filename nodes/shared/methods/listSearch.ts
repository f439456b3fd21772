/**
 * List searches several nodes share. `searchShops` fills the Shop field's list (see
 * `descriptions/shop.ts`) in the action node and both triggers.
 */
import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import type { PlainObject } from '../codec';
import { ServiceClient } from '../transport';

/** Keep records whose name or ID contains the search text (case-insensitive). */
export function matchingRecords(
	records: PlainObject[],
	filter: string | undefined,
): INodeListSearchResult {
	const needle = (filter ?? '').trim().toLowerCase();
	const results = records
		.map((record) => ({
			name: `${String(record.name ?? 'Unnamed')} (${String(record.id)})`,
			value: String(record.id),
		}))
		.filter((entry) => !needle || entry.name.toLowerCase().includes(needle));
	return { results };
}

export async function searchShops(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const service = new ServiceClient(this);
	const shops = await service.requestAllItems(
		{ method: 'GET', path: `${await service.accountPath()}/shops` },
		{ returnAll: true },
	);
	return matchingRecords(shops, filter);
}
