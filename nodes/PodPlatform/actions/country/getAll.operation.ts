/** Country → Get Many: the account's countries, through the shared Get Many. */

import { simplifyCountry } from '../common/simplify/catalog';
import { getManyOperation } from '../common/list';

export const getAllOperation = getManyOperation(
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many countries',
		description: 'List the countries of the account',
	},
	{
		filterRoot: 'countryFilter',
		async path(_itemIndex, run) {
			return `${await run.service.accountPath()}/countries`;
		},
		simplify: simplifyCountry,
	},
);
