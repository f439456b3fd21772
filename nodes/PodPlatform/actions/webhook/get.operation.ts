/** Webhook Subscription → Get: reads one subscription, without its secret. */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { PlainObject } from '../../../shared/codec';
import { simplifyWebhook } from '../common/simplify/settings';
import { simplifyField } from '../common/fields';
import type { OperationDefinition } from '../types';
import { webhookIdField, webhookOutput, webhookPath } from './fields';
import type { RunScope } from '../runScope';
import { recordOf } from '../../../shared/codec';

export const getOperation: OperationDefinition = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a webhook subscription',
		description: 'Retrieve one subscription (its secret is not shown)',
	},
	fields: [webhookIdField, simplifyField],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const answer = await run.service.request({
			method: 'GET',
			path: await webhookPath(run, itemIndex),
			itemIndex,
		});
		const json = webhookOutput(recordOf(answer));
		const simplify = run.parameter('simplify', itemIndex, true) as boolean;
		return [{ json: simplify ? simplifyWebhook(json as PlainObject) : json }];
	},
};
