/**
 * The Carrier resource: one Get Many listing the shop's shipping carriers, whose IDs an order
 * names.
 */

import type { ResourceDefinition } from '../types';
import { getAllOperation } from './getAll.operation';

export const carrierResource: ResourceDefinition = {
	name: 'Carrier',
	value: 'carrier',
	description: 'Shipping carriers; an order names one by ID',
	needsShop: true,
	operations: [getAllOperation],
};
