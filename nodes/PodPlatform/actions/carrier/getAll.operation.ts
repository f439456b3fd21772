/** Carrier → Get Many: the shop's shipping carriers, through the shared Get Many. */

import { simplifyCarrier } from '../common/simplify/catalog';
import { getManyOperation } from '../common/list';
import { itemShopPath } from '../common/scope';

export const getAllOperation = getManyOperation(
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many carriers',
		description: 'List the carriers of the shop',
	},
	{
		async path(itemIndex, run) {
			return `${await itemShopPath(run, itemIndex)}/carriers`;
		},
		simplify: simplifyCarrier,
	},
);
