/** What the node needs to know about webhook subscriptions (contract, Webhooks; field notes). */

import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { TOPIC_LABELS } from '../../../shared/descriptions/triggers';
import { InputError } from '../../../shared/errors';
import type { PlainObject } from '../../../shared/values';
import { TOPICS, isTopic } from '../../../shared/types';
import { isHttpUrl } from '../../../shared/values';
import { idParameter, itemShopPath } from '../common/scope';
import type { RunScope } from '../runScope';

export const topicField: INodeProperties = {
	displayName: 'Topic',
	name: 'topic',
	type: 'options',
	default: 'orders/updated',
	options: TOPICS.map((topic) => ({
		name: TOPIC_LABELS[topic].name,
		value: topic,
		description: topic,
	})).sort((a, b) => a.name.localeCompare(b.name)),
	description: 'The order event that triggers a notification; one topic per subscription',
};

export const addressField: INodeProperties = {
	displayName: 'URL',
	name: 'address',
	type: 'string',
	default: '',
	placeholder: 'e.g. https://example.com/hooks/orders',
	description: 'Where the service sends each notification (a POST); it must answer 200',
};

export const secretField: INodeProperties = {
	displayName: 'Secret',
	name: 'secret',
	type: 'string',
	typeOptions: { password: true },
	default: '',
	description:
		'Key for the signature header of each notification. Leave empty to generate a random one.',
};

export const mediaTypeField: INodeProperties = {
	displayName: 'Media Type',
	name: 'mediaType',
	type: 'options',
	default: 'JSON',
	options: [
		{ name: 'JSON', value: 'JSON' },
		{ name: 'XML', value: 'XML' },
	],
	description: 'Format of the notification body',
};

export const webhookIdField: INodeProperties = {
	displayName: 'Webhook Subscription Name or ID',
	name: 'webhookId',
	type: 'options',
	typeOptions: {
		loadOptionsMethod: 'getWebhookSubscriptions',
		loadOptionsDependsOn: ['shop.value'],
	},
	default: '',
	required: true,
	description:
		'A subscription of the shop, by its event and URL. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

/** `.../shops/{shopId}/webhooks`. */
export async function webhooksPath(run: RunScope, itemIndex: number): Promise<string> {
	return `${await itemShopPath(run, itemIndex)}/webhooks`;
}

/** `.../shops/{shopId}/webhooks/{id}` of the Webhook Subscription ID field. */
export async function webhookPath(run: RunScope, itemIndex: number): Promise<string> {
	const id = idParameter(run, 'webhookId', 'Webhook Subscription ID', itemIndex);
	return `${await webhooksPath(run, itemIndex)}/${id}`;
}

/** A subscription as output: without its secret, which only Create hands back once. */
export function webhookOutput(record: PlainObject): IDataObject {
	const { secret, ...rest } = record;
	return {
		...(rest as IDataObject),
		hasSecret: typeof secret === 'string' ? secret !== '' : undefined,
	};
}

export interface WebhookBody {
	address: string;
	topic: string;
	secret?: string;
	mediaType: string;
}

/** Check a subscription before sending it: absolute http(s) address, known topic, JSON or XML. */
export function checkWebhook(body: WebhookBody): void {
	const fail = (message: string, description: string) => new InputError(message, description);
	if (!isHttpUrl(body.address)) {
		throw fail(
			`Address must be an absolute http(s) URL, got "${body.address}"`,
			'Enter the full URL of the receiver, for example https://example.com/hooks/orders.',
		);
	}
	if (!isTopic(body.topic)) {
		throw fail(
			`Topic "${body.topic}" is not one of the service's topics`,
			`Use one of ${TOPICS.join(', ')}.`,
		);
	}
	if (body.mediaType !== 'JSON' && body.mediaType !== 'XML') {
		throw fail(`Media Type must be JSON or XML, got "${body.mediaType}"`, 'Choose JSON or XML.');
	}
}
