/**
 * Webhook Subscription → Create: subscribes an address to an order event, generating a secret when
 * none is given. The secret is returned only here; a lost answer is resolved by looking the
 * subscription up, never by sending it again.
 */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { generateSecret } from '../../../shared/signature';
import { isPlainObject } from '../../../shared/values';
import type { OperationDefinition } from '../types';
import type { WebhookBody } from './fields';
import {
	addressField,
	checkWebhook,
	mediaTypeField,
	secretField,
	topicField,
	webhookOutput,
	webhooksPath,
} from './fields';
import type { RunScope } from '../runScope';

export const createOperation: OperationDefinition = {
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create a webhook subscription',
		description: 'Subscribe a URL to an order event',
	},
	fields: [
		{
			displayName:
				"To start a workflow on order events, use the POD Platform Trigger node instead: it creates and removes its subscriptions itself and checks every delivery's signature. Create a subscription here only for a receiver outside n8n.",
			name: 'triggerNotice',
			type: 'notice',
			default: '',
		},
		{ ...addressField, required: true },
		topicField,
		{
			...secretField,
			description:
				'Key for the signature header of each notification. Leave empty to generate a random one. The secret is returned once, in the output of this operation, so you can verify deliveries elsewhere; store it there, as Get and Get Many never show it.',
		},
		mediaTypeField,
	],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const given = String(run.parameter('secret', itemIndex, '') ?? '');
		const body: WebhookBody = {
			address: String(run.parameter('address', itemIndex, '') ?? '').trim(),
			topic: String(run.parameter('topic', itemIndex, '') ?? ''),
			secret: given === '' ? generateSecret() : given,
			mediaType: String(run.parameter('mediaType', itemIndex, 'JSON') ?? ''),
		};
		checkWebhook(body);
		const path = await webhooksPath(run, itemIndex);
		const answer = await run.service.request({
			method: 'POST',
			path,
			body: { webhook: { ...body } },
			itemIndex,
			// The service refuses a second subscription of the same address and topic, so when the
			// outcome is unknown the subscription is looked up rather than sent again.
			recover: async () => {
				const existing = await run.service.requestAllItems(
					{ method: 'GET', path, itemIndex },
					{ returnAll: true },
				);
				const found = existing.find(
					(hook) => hook.address === body.address && hook.topic === body.topic,
				);
				return found ? { root: 'webhook', data: found } : undefined;
			},
		});
		const record = isPlainObject(answer?.data) ? answer.data : {};
		return [{ json: { ...webhookOutput(record), secret: body.secret } }];
	},
};
