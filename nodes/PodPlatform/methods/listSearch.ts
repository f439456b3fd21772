import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { matchingRecords } from '../../shared/methods/listSearch';
import { apiRequestAllItems } from '../../shared/transport';
import { currentShopPath } from '../actions/common/scope';

export { searchShops } from '../../shared/methods/listSearch';

export async function searchProducts(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const products = await apiRequestAllItems(
		this,
		{ method: 'GET', path: `${await currentShopPath(this)}/products` },
		{ returnAll: true },
	);
	return matchingRecords(products, filter);
}
