import type { ResourceDefinition } from '../types';

export const webhookResource: ResourceDefinition = {
	name: 'Webhook Subscription',
	value: 'webhook',
	description: 'Subscriptions that push order events to a URL',
	needsShop: true,
	defaultOperation: '',
	operations: {},
};
