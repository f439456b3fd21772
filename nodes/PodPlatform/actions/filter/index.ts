/** The Filter resource: Create, its one operation; it needs no shop. */

import type { ResourceDefinition } from '../types';
import { createOperation } from './create.operation';

export const filterResource: ResourceDefinition = {
	name: 'Filter',
	value: 'filter',
	description: 'Stored filters for narrowing lists',
	needsShop: false,
	defaultOperation: 'create',
	operations: [createOperation],
};
