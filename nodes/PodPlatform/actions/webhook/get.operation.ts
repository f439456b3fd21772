/** Webhook Subscription → Get: reads one subscription, without its secret. */

import { recordOf } from '../../../shared/codec';
import { type PlainObject } from '../../../shared/values';
import { simplifyWebhook } from '../common/simplify/settings';
import { getOneOperation } from '../common/getOne';
import { webhookIdField, webhookOutput, webhookPath } from './fields';

export const getOperation = getOneOperation(
	{
		name: 'Get',
		value: 'get',
		action: 'Get a webhook subscription',
		description: 'Retrieve one subscription (its secret is not shown)',
	},
	{
		fields: [webhookIdField],
		path: webhookPath,
		shape: (_context, answer) => webhookOutput(recordOf(answer) as PlainObject),
		simplify: simplifyWebhook,
	},
);
