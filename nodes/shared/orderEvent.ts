/**
 * The one event both triggers emit, built from the typed OrderEvent (events.ts): the topic, then
 * the order in the simplified shape Order → Get and Submit give (simplify/order.ts: the same keys,
 * statuses with their labels, tracking, customer, items), then what a topic adds, then the
 * delivery's identity. The decoded payload is added only when Include Full Payload asks for it.
 */

import type { IDataObject } from 'n8n-workflow';

import { simplifyOrder } from './simplify/order';
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
		// The order's keys in the simplified order's sequence; the event's own reading of the
		// identity and statuses wins (a notification's `FULFILLED` is read as `FINISHED`).
		...(event.order ? simplifyOrder(event.order) : {}),
		id: event.orderId,
		uniqueId: event.uniqueId,
		financialStatus: event.financialStatus,
		financialStatusLabel: financialStatusLabel(event.financialStatus),
		// An order not in production has none: null, as in the simplified order.
		fulfilmentStatus: event.order ? (event.fulfilmentStatus ?? null) : event.fulfilmentStatus,
		fulfilmentStatusLabel: event.order
			? (fulfilmentStatusLabel(event.fulfilmentStatus) ?? null)
			: fulfilmentStatusLabel(event.fulfilmentStatus),
		created: event.created,
		// What some topics or sources add.
		error: event.error,
		customReferences: event.customReferences,
		childOrderIds: event.childOrderIds,
		previousFinancialStatus: event.previousFinancialStatus,
		previousFulfilmentStatus: event.previousFulfilmentStatus,
		fulfilmentStatusRaw:
			event.fulfilmentStatusRaw !== event.fulfilmentStatus ? event.fulfilmentStatusRaw : undefined,
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
