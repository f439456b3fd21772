import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import type { OperationDefinition } from '../types';
import { userMotiveIdField, userMotivePath } from './fields';

export const deleteUserMotive: OperationDefinition = {
	option: {
		name: 'Delete',
		value: 'delete',
		action: 'Delete a user motive',
		description: 'Remove a motive from the customer’s library',
	},
	fields: [userMotiveIdField],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
		const path = await userMotivePath(this, itemIndex);
		await apiRequest(this, { method: 'DELETE', path, itemIndex });
		return [{ json: { deleted: true } }];
	},
};
