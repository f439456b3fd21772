import type { ResourceDefinition } from '../types';

export const userMotiveResource: ResourceDefinition = {
	name: 'User Motive',
	value: 'userMotive',
	description: 'Motives of one end customer, as used in the Creator',
	needsShop: true,
	defaultOperation: '',
	operations: {},
};
