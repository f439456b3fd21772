import type {
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { searchShops } from '../PodPlatform/methods/listSearch';
import { TOPICS } from '../shared/types';
import { fulfilmentStatusFilterOption, topicsField, triggerShopLocator } from './fields';
import { DEFAULT_HEADER_PREFIX, RECENT_DELIVERIES_KEPT, receive } from './receive';
import { checkExists, create, remove } from './subscriptions';

export class PodPlatformTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'POD Platform Trigger',
		name: 'podPlatformTrigger',
		icon: {
			light: 'file:../../icons/podPlatform.svg',
			dark: 'file:../../icons/podPlatform.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["topics"].join(", ")}}',
		description: 'Starts the workflow when the print-on-demand service reports an order event',
		defaults: { name: 'POD Platform Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'podPlatformApi', required: true }],
		webhooks: [
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' },
		],
		properties: [
			{
				displayName:
					"The service must reach this workflow's production URL from the internet. If n8n runs on localhost or a private network, set n8n's WEBHOOK_URL environment variable to its public address, or use the POD Platform Poll Trigger.",
				name: 'reachabilityNotice',
				type: 'notice',
				default: '',
			},
			triggerShopLocator,
			topicsField([...TOPICS], 'The order events that start the workflow'),
			{
				displayName: 'Delivery Format',
				name: 'mediaType',
				type: 'options',
				default: 'JSON',
				description: 'Format in which the service sends notifications. Both give the same event.',
				options: [
					{ name: 'JSON', value: 'JSON' },
					{ name: 'XML', value: 'XML' },
				],
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Header Prefix',
						name: 'headerPrefix',
						type: 'string',
						default: DEFAULT_HEADER_PREFIX,
						description:
							'Prefix of the topic and signature headers. Deployments that brand them send x-BRAND-topic and x-BRAND-hmac-sha256; enter x-BRAND then.',
					},
					{
						displayName: 'Ignore Redeliveries',
						name: 'ignoreRedeliveries',
						type: 'boolean',
						default: true,
						description: `Whether to acknowledge a delivery already emitted (the service retries failed deliveries every hour for two days) without starting the workflow again. The last ${RECENT_DELIVERIES_KEPT} deliveries are remembered.`,
					},
					{
						displayName: 'Include Raw Body',
						name: 'includeRawBody',
						type: 'boolean',
						default: false,
						description: 'Whether to add the notification body, exactly as received, as rawBody',
					},
					fulfilmentStatusFilterOption,
				],
			},
		],
	};

	methods = { listSearch: { searchShops } };

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await checkExists(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await create(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await remove(this);
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receive(this);
	}
}
