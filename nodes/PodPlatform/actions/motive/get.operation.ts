/** Motive → Get: reads one motive of the shop's catalog by its ID. */

import { simplifyMotive } from '../common/simplify/catalog';
import { getOneOperation } from '../common/getOne';
import { motiveIdField, motivePath } from './fields';

export const getOperation = getOneOperation(
	{
		name: 'Get',
		value: 'get',
		action: 'Get a motive',
		description: 'Get one motive of the catalog',
	},
	{ fields: [motiveIdField], path: motivePath, simplify: simplifyMotive },
);
