/**
 * Parameters both trigger nodes share: the shop to watch, the events, the fulfilment-status
 * filter (with the rule that applies it), the full-payload and product-names options, and how a
 * trigger reads its shop.
 */
import type {
	IHookFunctions,
	INodeProperties,
	INodePropertyOptions,
	IPollFunctions,
} from 'n8n-workflow';

import { nodeErrorOf } from '../errors';
import { fulfilmentStatusLabel } from '../statusLabels';
import { FULFILMENT_STATUSES, type Topic } from '../types';
import { checkedShopId, shopLocator } from './shop';

export const TOPIC_LABELS: Record<Topic, INodePropertyOptions> = {
	'orders/updated': {
		name: 'Order Updated',
		value: 'orders/updated',
		description: 'Any change of the payment or fulfillment status',
	},
	'orders/readyForProduction': {
		name: 'Order Ready for Production',
		value: 'orders/readyForProduction',
		// The contract does not say when the service fires it; the poll trigger emits it on reaching
		// PREPARED_TO_PRODUCE (nodes/shared/events.ts).
		description:
			'The order is ready for production (polling: its print files are processed and it awaits pickup)',
	},
	'orders/fulfilled': {
		name: 'Order Fulfilled',
		value: 'orders/fulfilled',
		description: 'The order has shipped; carries the tracking numbers',
	},
	'orders/acknowledged': {
		name: 'Order Acknowledged',
		value: 'orders/acknowledged',
		description: 'The service accepted the order for production',
	},
	'orders/failed': {
		name: 'Order Failed',
		value: 'orders/failed',
		description: 'Processing the order failed; carries the error',
	},
	'orders/splitted': {
		name: 'Order Split',
		value: 'orders/splitted',
		description: 'The order was split into several orders; carries their IDs',
	},
	'orders/cancelled': {
		name: 'Order Canceled',
		value: 'orders/cancelled',
		description: 'The cancellation of the order is confirmed',
	},
};

export function topicsField(topics: Topic[], description: string): INodeProperties {
	return {
		displayName: 'Events',
		name: 'topics',
		type: 'multiOptions',
		required: true,
		default: ['orders/updated'],
		description,
		options: topics.map((topic) => TOPIC_LABELS[topic]),
	};
}

export const triggerShopLocator: INodeProperties = {
	...shopLocator,
	description: 'The shop whose orders to watch',
};

/** The shop ID chosen in a trigger's Shop field; fails before any request when it is not one. */
export function triggerShopIdOf(ctx: IHookFunctions | IPollFunctions): string {
	try {
		return checkedShopId(ctx.getNodeParameter('shop', '', { extractValue: true }));
	} catch (error) {
		throw nodeErrorOf(ctx.getNode(), error);
	}
}

export const fulfilmentStatusFilterOption: INodeProperties = {
	displayName: 'Only Fulfillment Statuses',
	name: 'fulfilmentStatuses',
	type: 'multiOptions',
	default: [],
	description:
		'Emit an event only when the order is in one of these fulfillment statuses. Leave empty to emit every event. A notification saying FULFILLED counts as Shipped.',
	options: FULFILMENT_STATUSES.map((status) => ({
		name: fulfilmentStatusLabel(status) ?? status,
		value: status,
	})),
};

export const includePayloadOption: INodeProperties = {
	displayName: 'Include Full Payload',
	name: 'includePayload',
	type: 'boolean',
	default: false,
	description:
		'Whether to add the whole order as the service sent it (payload, with payloadRoot) after the event’s own fields',
};

export const productNamesOption: INodeProperties = {
	displayName: 'Add Product Names',
	name: 'productNames',
	type: 'boolean',
	default: true,
	description:
		'Whether to set product, color and size names beside their IDs in items, as Order → Get does. Costs one product read per product this n8n process has not read in the last 10 minutes.',
};

/** Whether an event passes the Only Fulfillment Statuses option. */
export function passesStatusFilter(
	fulfilmentStatus: string | undefined,
	allowed: string[],
): boolean {
	if (!allowed.length) return true;
	return fulfilmentStatus !== undefined && allowed.includes(fulfilmentStatus);
}
