/**
 * What the webhook trigger's parameters ask of the service: the subscriptions wanted for this
 * node's webhook address. Bad parameters fail here, before any request.
 */
import type { IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { triggerShopIdOf } from '../shared/descriptions/triggers';
import { isTopic, type Topic } from '../shared/types';
import type { SubscriptionMediaType } from './staticData';

export interface Wanted {
	address: string;
	shopId: string;
	topics: Topic[];
	mediaType: SubscriptionMediaType;
}

export function wantedOf(ctx: IHookFunctions): Wanted {
	const address = ctx.getNodeWebhookUrl('default');
	if (!address) {
		throw new NodeOperationError(ctx.getNode(), 'n8n gave this trigger no webhook URL', {
			description: 'Save the workflow and activate it again.',
		});
	}
	const shopId = triggerShopIdOf(ctx);
	const chosen = ctx.getNodeParameter('topics', []) as string[];
	const topics = [...new Set(chosen)].filter(isTopic);
	if (topics.length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'Choose at least one event to listen to', {
			description: 'Select one or more entries under Events.',
		});
	}
	const mediaType = ctx.getNodeParameter('options.mediaType', 'JSON') === 'XML' ? 'XML' : 'JSON';
	return { address, shopId, topics, mediaType };
}
