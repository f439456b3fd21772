/**
 * Motive → Get Many: lists the shop's motive catalog through the shared Get Many, with a motive
 * filter.
 */

import { simplifyMotive } from '../common/simplify/catalog';
import { getManyOperation } from '../common/list';
import { itemShopPath } from '../common/scope';

export const getAllOperation = getManyOperation(
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many motives',
		description: 'List the motive catalog of the shop',
	},
	{
		filterRoot: 'motiveFilter',
		async path(itemIndex, run) {
			return `${await itemShopPath(run, itemIndex)}/motives`;
		},
		simplify: simplifyMotive,
	},
);
