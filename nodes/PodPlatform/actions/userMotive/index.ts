/** The User Motive resource: its operations in dropdown order, with Upload as the default. */

import type { ResourceDefinition } from '../types';
import { deleteOperation } from './delete.operation';
import { getOperation } from './get.operation';
import { getAllOperation } from './getAll.operation';
import { getCustomerKeyOperation } from './getCustomerKey.operation';
import { uploadOperation } from './upload.operation';

export const userMotiveResource: ResourceDefinition = {
	name: 'User Motive',
	value: 'userMotive',
	description: 'Motives of one end customer, as used in the Creator',
	needsShop: true,
	defaultOperation: 'upload',
	operations: [
		deleteOperation,
		getOperation,
		getCustomerKeyOperation,
		getAllOperation,
		uploadOperation,
	],
};
