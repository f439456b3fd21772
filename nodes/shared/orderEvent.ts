/**
 * The one event both triggers emit, built from the typed OrderEvent (events.ts): what a merchant
 * acts on first, in a fixed key order (topic, order, statuses with their labels, tracking,
 * customer, items), then what a topic adds, then the delivery's identity. The decoded payload is
 * added only when the Include Full Payload option asks for it.
 */

import type { IDataObject } from 'n8n-workflow';

import { isPlainObject } from './codec';
import { simplifyCustomer, simplifyOrderedProduct } from './simplify/order';
import { financialStatusLabel, fulfilmentStatusLabel } from './statusLabels';
import type { OrderEvent } from './types';

export interface EmitOptions {
	/** Whether to add the decoded notification body (or the polled order) as `payload`. */
	includePayload?: boolean;
}

/** The event as the workflow receives it; keys whose value is undefined are left out. */
export function emittedEvent(event: OrderEvent, options: EmitOptions = {}): IDataObject {
	const ordered: Record<string, unknown> = {
		topic: event.topic,
		orderId: event.orderId,
		uniqueId: event.uniqueId,
		financialStatus: event.financialStatus,
		financialStatusLabel: financialStatusLabel(event.financialStatus),
		fulfilmentStatus: event.fulfilmentStatus,
		fulfilmentStatusLabel: fulfilmentStatusLabel(event.fulfilmentStatus),
		trackingNumbers: event.trackingNumbers,
		trackingUrls: event.fulfillments
			.map((fulfilment) => fulfilment.trackingUrl)
			.filter((url): url is string => url !== undefined),
		customer: simplifyCustomer(event.customer),
		items: (event.orderedProducts as unknown[]).filter(isPlainObject).map(simplifyOrderedProduct),
		// What some topics or sources add.
		error: event.error,
		customReferences: event.customReferences,
		childOrderIds: event.childOrderIds,
		previousFinancialStatus: event.previousFinancialStatus,
		previousFulfilmentStatus: event.previousFulfilmentStatus,
		fulfilmentStatusRaw:
			event.fulfilmentStatusRaw !== event.fulfilmentStatus ? event.fulfilmentStatusRaw : undefined,
		created: event.created,
		// The delivery: where it came from and the keys Remove Duplicates and redelivery memory use.
		source: event.source,
		deliveryKey: event.deliveryKey,
		deliveryId: event.deliveryId,
		payloadRoot: options.includePayload ? event.payloadRoot : undefined,
		payload: options.includePayload ? event.payload : undefined,
		rawBody: event.rawBody,
	};
	const result: IDataObject = {};
	for (const [key, value] of Object.entries(ordered)) {
		if (value !== undefined) result[key] = value as IDataObject[string];
	}
	return result;
}
