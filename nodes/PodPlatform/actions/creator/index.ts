import type { ResourceDefinition } from '../types';

export const creatorResource: ResourceDefinition = {
	name: 'Creator',
	value: 'creator',
	description: 'The embeddable Creator product designer',
	needsShop: true,
	defaultOperation: '',
	operations: {},
};
