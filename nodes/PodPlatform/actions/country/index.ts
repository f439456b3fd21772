/**
 * The Country resource: one Get Many listing the account's countries (currency and VAT settings),
 * which needs no shop.
 */

import type { ResourceDefinition } from '../types';
import { getAllOperation } from './getAll.operation';

export const countryResource: ResourceDefinition = {
	name: 'Country',
	value: 'country',
	description: 'Countries with their currency and VAT settings; an order needs one',
	needsShop: false,
	operations: [getAllOperation],
};
