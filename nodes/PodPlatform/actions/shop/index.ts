/** The Shop resource: one Get Many listing the account's shops, which needs no shop itself. */

import { simplifyShop } from '../common/simplify/catalog';
import { getManyOperation } from '../common/list';
import type { ResourceDefinition } from '../types';

export const shopResource: ResourceDefinition = {
	name: 'Shop',
	value: 'shop',
	description: 'The shops of the account; every order, motive and product lives in one',
	needsShop: false,
	operations: [
		getManyOperation(
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
		),
	],
};
