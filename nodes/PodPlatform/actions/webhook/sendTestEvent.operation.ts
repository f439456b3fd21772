/**
 * Webhook Subscription → Send Test Event: has the service notify a subscription's address now,
 * about an existing order. Safe to send twice, so it is retried like a read.
 */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { idParameter } from '../common/scope';
import { orderIdField } from '../order/fields';
import type { OperationDefinition } from '../types';
import { webhookIdField, webhookPath } from './fields';
import type { RunScope } from '../runScope';

export const sendTestEventOperation: OperationDefinition = {
	option: {
		name: 'Send Test Event',
		value: 'sendTestEvent',
		action: 'Send a test event to a webhook subscription',
		description: "Have the service send the subscription's topic about an existing order now",
	},
	fields: [
		webhookIdField,
		{
			...orderIdField,
			description: 'An existing order of the shop that the test notification is about',
		},
	],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const webhookId = idParameter(run, 'webhookId', 'Webhook Subscription ID', itemIndex);
		const orderId = idParameter(run, 'orderId', 'Order ID', itemIndex);
		await run.service.request({
			method: 'POST',
			path: `${await webhookPath(run, itemIndex)}/testOrderEvent/${orderId}`,
			itemIndex,
			// A second test notification does no harm, so an unknown outcome may be sent again.
			idempotent: true,
		});
		return [{ json: { sent: true, webhookId: Number(webhookId), orderId: Number(orderId) } }];
	},
};
