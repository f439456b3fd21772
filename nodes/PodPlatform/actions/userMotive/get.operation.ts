import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import type { OperationDefinition } from '../types';
import { userMotiveIdField, userMotiveJson, userMotivePath } from './fields';

export const get: OperationDefinition = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a user motive',
		description: 'Get one motive of the customer’s library',
	},
	fields: [userMotiveIdField],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
		const path = await userMotivePath(this, itemIndex);
		const answer = await apiRequest(this, { method: 'GET', path, itemIndex });
		return [{ json: await userMotiveJson(this, answer) }];
	},
};
