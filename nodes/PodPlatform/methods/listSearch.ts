/**
 * Searchable lists of the action node's resource locators: the account's shops and the chosen
 * shop's products.
 */

import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { matchingRecords } from '../../shared/methods/listSearch';
import { ServiceClient } from '../../shared/transport';
import { currentShopPath } from '../actions/common/scope';

export { searchShops } from '../../shared/methods/listSearch';

export async function searchProducts(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const service = new ServiceClient(this);
	const products = await service.requestAllItems(
		{ method: 'GET', path: `${await currentShopPath(this, service)}/products` },
		{ returnAll: true },
	);
	return matchingRecords(products, filter);
}
