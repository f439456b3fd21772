/**
 * The Shared Product resource: one Get Many listing the designs saved and shared from the shop's
 * Creator.
 */

import { simplifySharedProduct } from '../common/simplify/catalog';
import { getManyOperation } from '../common/list';
import { itemShopPath } from '../common/scope';
import type { ResourceDefinition } from '../types';

export const sharedProductResource: ResourceDefinition = {
	name: 'Shared Product',
	value: 'sharedProduct',
	description: 'Designs saved and shared from the Creator',
	needsShop: true,
	operations: [
		getManyOperation(
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many shared products',
				description: 'List the shared products of the shop',
			},
			{
				filterRoot: 'sharedProductFilter',
				async path(itemIndex, run) {
					return `${await itemShopPath(run, itemIndex)}/sharedProducts`;
				},
				simplify: simplifySharedProduct,
			},
		),
	],
};
