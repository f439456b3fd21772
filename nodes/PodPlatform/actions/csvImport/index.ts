import type { ResourceDefinition } from '../types';

export const csvImportResource: ResourceDefinition = {
	name: 'CSV Import',
	value: 'csvImport',
	description: 'Many orders at once from a CSV file',
	needsShop: true,
	defaultOperation: '',
	operations: {},
};
