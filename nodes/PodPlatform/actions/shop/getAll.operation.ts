/** Shop → Get Many: the account's shops, through the shared Get Many. */

import { simplifyShop } from '../common/simplify/catalog';
import { getManyOperation } from '../common/list';

export const getAllOperation = getManyOperation(
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many shops',
		description: 'List the shops of the account',
	},
	{
		filterRoot: 'shopFilter',
		async path(_itemIndex, run) {
			return `${await run.service.accountPath()}/shops`;
		},
		simplify: simplifyShop,
	},
);
