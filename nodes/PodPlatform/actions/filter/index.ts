import type { ResourceDefinition } from '../types';

export const filterResource: ResourceDefinition = {
	name: 'Filter',
	value: 'filter',
	description: 'Stored filters for narrowing lists',
	needsShop: false,
	defaultOperation: '',
	operations: {},
};
