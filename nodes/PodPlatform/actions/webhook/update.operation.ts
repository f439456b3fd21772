/**
 * Webhook Subscription → Update: changes a subscription's address, topic, media type or secret. The
 * service takes the whole subscription, so the current one is read first; a generated secret is
 * returned once.
 */

import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { generateSecret } from '../../../shared/signature';
import { InputError } from '../../../shared/errors';
import type { OperationDefinition } from '../types';
import type { WebhookBody } from './fields';
import {
	addressField,
	checkWebhook,
	mediaTypeField,
	secretField,
	topicField,
	webhookIdField,
	webhookOutput,
	webhookPath,
} from './fields';
import type { RunScope } from '../runScope';
import { recordOf } from '../../../shared/codec';

export const updateOperation: OperationDefinition = {
	option: {
		name: 'Update',
		value: 'update',
		action: 'Update a webhook subscription',
		description: 'Change the address, topic, secret or media type of a subscription',
	},
	fields: [
		webhookIdField,
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				addressField,
				{
					displayName: 'Generate New Secret',
					name: 'generateSecret',
					type: 'boolean',
					default: false,
					description:
						'Whether to replace the secret with a random one; the new secret is returned once, in the output of this operation',
				},
				mediaTypeField,
				{
					...secretField,
					description: 'New key for the signature header of each notification',
				},
				topicField,
			],
		},
	],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const changes = run.parameter('updateFields', itemIndex, {}) as IDataObject;
		const wantsNewSecret = changes.generateSecret === true;
		const givenSecret =
			typeof changes.secret === 'string' && changes.secret !== '' ? changes.secret : undefined;
		if (wantsNewSecret && givenSecret !== undefined) {
			throw new InputError(
				'Secret and Generate New Secret are both set',
				'Either enter the new secret or let the node generate one.',
			);
		}
		const has = (name: string) => changes[name] !== undefined && changes[name] !== '';
		if (
			!['address', 'topic', 'mediaType'].some(has) &&
			!wantsNewSecret &&
			givenSecret === undefined
		) {
			throw new InputError('nothing to update', 'Add at least one field under Update Fields.');
		}

		const path = await webhookPath(run, itemIndex);
		// The service takes the whole subscription, so unchanged fields are sent as they are now.
		const current = recordOf(await run.service.request({ method: 'GET', path, itemIndex }));
		const newSecret = wantsNewSecret ? generateSecret() : givenSecret;
		const body: WebhookBody = {
			address: has('address') ? String(changes.address).trim() : String(current.address ?? ''),
			topic: has('topic') ? String(changes.topic) : String(current.topic ?? ''),
			mediaType: has('mediaType') ? String(changes.mediaType) : String(current.mediaType ?? 'JSON'),
		};
		const secret = newSecret ?? (typeof current.secret === 'string' ? current.secret : undefined);
		if (secret !== undefined) body.secret = secret;
		checkWebhook(body);

		const answer = await run.service.request({
			method: 'PUT',
			path,
			body: { webhook: { ...body } },
			itemIndex,
		});
		const json = webhookOutput(recordOf(answer));
		// Only a secret the node made up is handed back: the user has no other way to learn it.
		if (wantsNewSecret) json.secret = newSecret;
		return [{ json }];
	},
};
