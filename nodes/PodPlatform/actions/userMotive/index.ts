import type { ResourceDefinition } from '../types';
import { deleteUserMotive } from './delete.operation';
import { get } from './get.operation';
import { getAll } from './getAll.operation';
import { getCustomerKey } from './getCustomerKey.operation';
import { upload } from './upload.operation';

export const userMotiveResource: ResourceDefinition = {
	name: 'User Motive',
	value: 'userMotive',
	description: 'Motives of one end customer, as used in the Creator',
	needsShop: true,
	defaultOperation: 'upload',
	operations: {
		delete: deleteUserMotive,
		get,
		getCustomerKey,
		getAll,
		upload,
	},
};
