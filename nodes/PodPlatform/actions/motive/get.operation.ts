/**
 * Motive → Get: reads one motive of the shop's catalog by its ID, with its print technologies and
 * tags (read by their links where the record does not embed them).
 */

import { simplifyMotive } from '../common/simplify/catalog';
import { getOneOperation } from '../common/getOne';
import { motiveIdField, motivePath } from './fields';
import { withMotiveRelations } from './assignments';

export const getOperation = getOneOperation(
	{
		name: 'Get',
		value: 'get',
		action: 'Get a motive',
		description: 'Get one motive of the catalog with its print technologies and tags',
	},
	{
		fields: [motiveIdField],
		path: motivePath,
		complete: withMotiveRelations,
		simplify: simplifyMotive,
	},
);
