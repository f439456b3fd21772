/** The Product field other operations share, and the path of the product it names. */

import type { INodeProperties } from 'n8n-workflow';

import { idLocator } from '../common/locators';
import { idParameter, itemShopPath } from '../common/scope';
import type { RunScope } from '../runScope';

/** The product to work on: searched in the shop's catalog by name or SKU, by ID, or by its URL. */
export const productLocator: INodeProperties = idLocator({
	displayName: 'Product',
	name: 'productId',
	searchListMethod: 'searchProducts',
	noun: 'product',
	placeholderId: '1001',
	urlSegment: 'products',
});

/** The product's path in the item's shop; with `expanded`, its expanded record. */
export async function productPath(
	run: RunScope,
	itemIndex: number,
	expanded = false,
): Promise<string> {
	const productId = idParameter(run, 'productId', 'Product ID', itemIndex);
	return `${await itemShopPath(run, itemIndex)}/products/${expanded ? 'expanded/' : ''}${productId}`;
}
