/** Product → Get Many: the products of the shop, through the shared Get Many. */

import { simplifyProductSummary } from '../common/simplify/catalog';
import { getManyOperation } from '../common/list';
import { itemShopPath } from '../common/scope';
import { READ } from '../wordsForModel';

export const getAllOperation = getManyOperation(
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many products',
		description: 'List the products of the shop',
	},
	{
		filterRoot: 'productFilter',
		forModel: `List the products of the shop with their IDs, names and SKUs. ${READ}`,
		async path(itemIndex, run) {
			return `${await itemShopPath(run, itemIndex)}/products`;
		},
		simplify: simplifyProductSummary,
	},
);
