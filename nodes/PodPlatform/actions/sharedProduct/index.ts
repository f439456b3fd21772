/**
 * The Shared Product resource: one Get Many listing the designs saved and shared from the shop's
 * Creator.
 */

import type { ResourceDefinition } from '../types';
import { getAllOperation } from './getAll.operation';

export const sharedProductResource: ResourceDefinition = {
	name: 'Shared Product',
	value: 'sharedProduct',
	description: 'Designs saved and shared from the Creator',
	needsShop: true,
	operations: [getAllOperation],
};
