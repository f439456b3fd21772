import type { ResourceDefinition } from '../types';
import { create } from './create.operation';
import { deleteWebhook } from './delete.operation';
import { get } from './get.operation';
import { getAll } from './getAll.operation';
import { sendTestEvent } from './sendTestEvent.operation';
import { update } from './update.operation';

export const webhookResource: ResourceDefinition = {
	name: 'Webhook Subscription',
	value: 'webhook',
	description: 'Subscriptions that push order events to a URL',
	needsShop: true,
	defaultOperation: 'create',
	operations: { create, delete: deleteWebhook, get, getAll, update, sendTestEvent },
};
