/**
 * The Webhook Subscription resource: its operations in dropdown order, with Create as the
 * default.
 */

import type { ResourceDefinition } from '../types';
import { createOperation } from './create.operation';
import { deleteOperation } from './delete.operation';
import { getOperation } from './get.operation';
import { getAllOperation } from './getAll.operation';
import { sendTestEventOperation } from './sendTestEvent.operation';
import { updateOperation } from './update.operation';

export const webhookResource: ResourceDefinition = {
	name: 'Webhook Subscription',
	value: 'webhook',
	description: 'Subscriptions that push order events to a URL',
	needsShop: true,
	defaultOperation: 'create',
	operations: [
		createOperation,
		deleteOperation,
		getOperation,
		getAllOperation,
		updateOperation,
		sendTestEventOperation,
	],
};
