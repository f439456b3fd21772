/** User Motive → Get Many: lists the customer's library through the shared Get Many. */

import { simplifyMotive } from '../common/simplify/catalog';
import { getManyOperation } from '../common/list';
import { userMotivesPath } from './fields';

// The contract names no filter type for user motives, so the list takes none.
export const getAllOperation = getManyOperation(
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many user motives',
		description: 'List the motives of the customer’s library',
	},
	{
		async path(itemIndex, run) {
			return await userMotivesPath(run, itemIndex);
		},
		simplify: simplifyMotive,
	},
);
