/** The Shop resource: one Get Many listing the account's shops, which needs no shop itself. */

import type { ResourceDefinition } from '../types';
import { getAllOperation } from './getAll.operation';

export const shopResource: ResourceDefinition = {
	name: 'Shop',
	value: 'shop',
	description: 'The shops of the account; every order, motive and product lives in one',
	needsShop: false,
	operations: [getAllOperation],
};
