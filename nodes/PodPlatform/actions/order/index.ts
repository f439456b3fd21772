import type { ResourceDefinition } from '../types';

export const orderResource: ResourceDefinition = {
	name: 'Order',
	value: 'order',
	description: 'Print orders: submit, follow and manage',
	needsShop: true,
	defaultOperation: '',
	operations: {},
};
