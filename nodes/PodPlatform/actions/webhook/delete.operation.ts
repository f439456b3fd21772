/** Webhook Subscription → Delete: removes one subscription, so its notifications stop. */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { OperationDefinition } from '../types';
import { webhookIdField, webhookPath } from './fields';
import type { RunScope } from '../runScope';

export const deleteOperation: OperationDefinition = {
	option: {
		name: 'Delete',
		value: 'delete',
		action: 'Delete a webhook subscription',
		description: 'Stop the notifications of one subscription',
	},
	fields: [webhookIdField],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		await run.service.request({
			method: 'DELETE',
			path: await webhookPath(run, itemIndex),
			itemIndex,
		});
		return [{ json: { deleted: true } }];
	},
};
