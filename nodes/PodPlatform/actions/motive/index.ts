import type { ResourceDefinition } from '../types';

export const motiveResource: ResourceDefinition = {
	name: 'Motive',
	value: 'motive',
	description: 'The motive (artwork) catalog of the shop',
	needsShop: true,
	defaultOperation: '',
	operations: {},
};
