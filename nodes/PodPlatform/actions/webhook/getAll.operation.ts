/**
 * Webhook Subscription → Get Many: lists the shop's subscriptions through the shared Get Many,
 * without their secrets.
 */

import { simplifyWebhook } from '../common/simplify/settings';
import { getManyOperation } from '../common/list';
import { webhookOutput, webhooksPath } from './fields';

export const getAllOperation = getManyOperation(
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many webhook subscriptions',
		description: 'List the subscriptions of the shop (their secrets are not shown)',
	},
	{
		filterRoot: 'webhookFilter',
		async path(itemIndex, run) {
			return await webhooksPath(run, itemIndex);
		},
		shape: (record) => webhookOutput(record),
		simplify: simplifyWebhook,
	},
);
