import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import type { OperationDefinition } from '../types';
import { webhookIdField, webhookOutput, webhookPath } from './fields';

export const get: OperationDefinition = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a webhook subscription',
		description: 'Retrieve one subscription (its secret is not shown)',
	},
	fields: [webhookIdField],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
		const answer = await apiRequest(this, {
			method: 'GET',
			path: await webhookPath(this, itemIndex),
			itemIndex,
		});
		return [{ json: webhookOutput(answer?.data ?? {}) }];
	},
};
