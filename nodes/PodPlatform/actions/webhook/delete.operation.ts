import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import type { OperationDefinition } from '../types';
import { webhookIdField, webhookPath } from './fields';

export const deleteWebhook: OperationDefinition = {
	option: {
		name: 'Delete',
		value: 'delete',
		action: 'Delete a webhook subscription',
		description: 'Stop the notifications of one subscription',
	},
	fields: [webhookIdField],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
		await apiRequest(this, {
			method: 'DELETE',
			path: await webhookPath(this, itemIndex),
			itemIndex,
		});
		return [{ json: { deleted: true } }];
	},
};
