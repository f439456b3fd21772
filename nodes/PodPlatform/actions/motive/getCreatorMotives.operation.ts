/**
 * Motive → Get Creator Motives: lists the motives the Creator widget offers the shop's customers,
 * with a motive filter.
 */

import { simplifyMotive } from '../common/simplify/catalog';
import { getManyOperation } from '../common/list';
import { itemShopPath } from '../common/scope';

export const getCreatorMotivesOperation = getManyOperation(
	{
		name: 'Get Creator Motives',
		value: 'getCreatorMotives',
		action: 'Get the motives offered in the creator',
		description: 'List the motives the Creator widget offers to customers of the shop',
	},
	{
		filterRoot: 'motiveFilter',
		async path(itemIndex, run) {
			return `${await itemShopPath(run, itemIndex)}/creator/motives`;
		},
		simplify: simplifyMotive,
	},
);
