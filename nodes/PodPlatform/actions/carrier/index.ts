/**
 * The Carrier resource: one Get Many listing the shop's shipping carriers, whose IDs an order
 * names.
 */

import { simplifyCarrier } from '../common/simplify/catalog';
import { getManyOperation } from '../common/list';
import { itemShopPath } from '../common/scope';
import type { ResourceDefinition } from '../types';

export const carrierResource: ResourceDefinition = {
	name: 'Carrier',
	value: 'carrier',
	description: 'Shipping carriers; an order names one by ID',
	needsShop: true,
	operations: [
		getManyOperation(
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many carriers',
				description: 'List the carriers of the shop',
			},
			{
				async path(itemIndex, run) {
					return `${await itemShopPath(run, itemIndex)}/carriers`;
				},
				simplify: simplifyCarrier,
			},
		),
	],
};
