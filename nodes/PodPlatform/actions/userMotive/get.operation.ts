/**
 * User Motive → Get: reads one motive of the customer's library, marked with the library it lives
 * in.
 */

import { simplifyMotive } from '../common/simplify/catalog';
import { getOneOperation } from '../common/getOne';
import { userMotiveIdField, userMotiveJson, userMotivePath } from './fields';

export const getOperation = getOneOperation(
	{
		name: 'Get',
		value: 'get',
		action: 'Get a user motive',
		description: 'Get one motive of the customer’s library',
	},
	{
		fields: [userMotiveIdField],
		path: userMotivePath,
		shape: userMotiveJson,
		simplify: simplifyMotive,
	},
);
