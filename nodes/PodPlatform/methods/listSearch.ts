import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import type { PlainObject } from '../../shared/codec';
import { accountPath, apiRequestAllItems } from '../../shared/transport';
import { currentShopPath } from '../actions/common/scope';

/** Keep records whose name or ID contains the search text (case-insensitive). */
function matching(records: PlainObject[], filter: string | undefined): INodeListSearchResult {
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
	const shops = await apiRequestAllItems(
		this,
		{ method: 'GET', path: `${await accountPath(this)}/shops` },
		{ returnAll: true },
	);
	return matching(shops, filter);
}

export async function searchProducts(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const products = await apiRequestAllItems(
		this,
		{ method: 'GET', path: `${await currentShopPath(this)}/products` },
		{ returnAll: true },
	);
	return matching(products, filter);
}
