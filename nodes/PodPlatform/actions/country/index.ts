/**
 * The Country resource: one Get Many listing the account's countries (currency and VAT settings),
 * which needs no shop.
 */

import { simplifyCountry } from '../common/simplify/catalog';
import { getManyOperation } from '../common/list';
import type { ResourceDefinition } from '../types';

export const countryResource: ResourceDefinition = {
	name: 'Country',
	value: 'country',
	description: 'Countries with their currency and VAT settings; an order needs one',
	needsShop: false,
	operations: [
		getManyOperation(
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
		),
	],
};
