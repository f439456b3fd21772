/** Shared Product → Get Many: the shop's shared products, through the shared Get Many. */

import { simplifySharedProduct } from '../common/simplify/catalog';
import { getManyOperation } from '../common/list';
import { itemShopPath } from '../common/scope';

export const getAllOperation = getManyOperation(
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many shared products',
		description: 'List the shared products of the shop',
	},
	{
		filterRoot: 'sharedProductFilter',
		async path(itemIndex, run) {
			return `${await itemShopPath(run, itemIndex)}/sharedProducts`;
		},
		simplify: simplifySharedProduct,
	},
);
