/**
 * The event normaliser: a decoded notification body (JSON and XML decode alike through the codec)
 * or a polled order record becomes one typed OrderEvent.
 */

import type { Decoded } from './codec';
import type { PlainObject } from './values';
import { isPlainObject, toArray, isBlank } from './values';
import type { EventSource, OrderEvent, Topic } from './types';

/**
 * A notification example of the contract writes `FULFILLED` for a fulfilled order while the
 * value list names `FINISHED`; users filter on one name.
 */
export function normaliseFulfilmentStatus(raw: unknown): string | undefined {
	if (isBlank(raw)) return undefined;
	const value = String(raw).trim().toUpperCase();
	return value === 'FULFILLED' ? 'FINISHED' : value;
}

function text(value: unknown): string | undefined {
	if (isBlank(value)) return undefined;
	if (typeof value === 'object') return undefined;
	return String(value);
}

/** Ids stay numbers when they are numbers on the wire (or numeric text from XML). */
function id(value: unknown): number | string | undefined {
	if (typeof value === 'number') return value;
	const asText = text(value);
	if (asText === undefined) return undefined;
	return /^\d+$/.test(asText) ? Number(asText) : asText;
}

function referencesOf(value: unknown): string[] {
	return toArray<unknown>(value)
		.map((entry) => (isPlainObject(entry) ? text(entry.value ?? entry.referenceId) : text(entry)))
		.filter((entry): entry is string => entry !== undefined);
}

/** The fields of an order record (a ProductionOrderExpanded or a list item). */
function orderFields(order: PlainObject) {
	const rawStatus = text(order.fulfilmentStatus);
	return {
		orderId: id(order.id ?? order.orderId),
		uniqueId: text(order.uniqueId),
		financialStatus: text(order.financialStatus),
		fulfilmentStatus: normaliseFulfilmentStatus(rawStatus),
		fulfilmentStatusRaw: rawStatus,
		created: (order.created as string | number | undefined) ?? undefined,
		order,
	};
}

export interface NotificationContext {
	/** The delivery's key (see OrderEvent.deliveryKey). */
	deliveryKey: string;
	source?: EventSource;
	deliveryId?: string;
	rawBody?: string;
}

/** One typed event from a decoded notification body of the given topic. */
export function eventFromNotification(
	topic: Topic,
	decoded: Decoded,
	context: NotificationContext,
): OrderEvent {
	const body = decoded.data;
	const event: OrderEvent = {
		topic,
		source: context.source ?? 'webhook',
		deliveryKey: context.deliveryKey,
		payload: body,
		payloadRoot: decoded.root,
	};
	if (decoded.root === 'productionOrderProcessingError' || topic === 'orders/failed') {
		Object.assign(event, {
			orderId: id(body.orderId ?? body.id),
			uniqueId: text(body.uniqueId),
			error: text(body.error) ?? text(body.message),
			customReferences: referencesOf(body.customReferences),
		});
	} else if (decoded.root === 'productionOrderSplitted' || topic === 'orders/splitted') {
		Object.assign(event, {
			orderId: id(body.orderId ?? body.id),
			uniqueId: text(body.uniqueId),
			childOrderIds: toArray<unknown>(body.childOrderIds)
				.map((entry) => id(isPlainObject(entry) ? (entry.value ?? entry.id) : entry))
				.filter((entry) => entry !== undefined),
			customReferences: referencesOf(body.customReferences),
		});
	} else {
		Object.assign(event, orderFields(body));
	}
	if (context.deliveryId) event.deliveryId = context.deliveryId;
	if (context.rawBody !== undefined) event.rawBody = context.rawBody;
	return dropUndefined(event);
}

// ---------------------------------------------------------------------------------------------
// Polling: events derived from status changes
// ---------------------------------------------------------------------------------------------

export interface StatusPair {
	financialStatus?: string;
	fulfilmentStatus?: string;
}

/**
 * The fulfilment statuses whose arrival the poll reports with a topic of its own. FINISHED and
 * CANCELLED are the contract's (Events rule 5: `orders/fulfilled`, `orders/cancelled`).
 * PREPARED_TO_PRODUCE is the poll's own reading: the contract does not show when the service fires
 * `orders/readyForProduction`, and this is the state it describes as "resources ready, awaiting
 * pickup", so a poll's event may not come at the moment a webhook's would (docs/triggers.md). The
 * other topics (acknowledged, failed, split) follow no status an order list shows, so polling
 * cannot see them.
 */
const TOPIC_OF_FULFILMENT_STATUS: ReadonlyMap<string, Topic> = new Map([
	['PREPARED_TO_PRODUCE', 'orders/readyForProduction'],
	['FINISHED', 'orders/fulfilled'],
	['CANCELLED', 'orders/cancelled'],
]);

/** Every topic a status change can fire, so every topic the poll trigger offers. */
export const TOPICS_OF_STATUS_CHANGES: readonly Topic[] = [
	'orders/updated',
	...TOPIC_OF_FULFILMENT_STATUS.values(),
];

/**
 * The topics a change between two observed statuses gives: `orders/updated` on any change
 * (contract, Events rule 5), then the topic of the fulfilment status reached, if it has one.
 */
export function topicsForChange(previous: StatusPair | undefined, current: StatusPair): Topic[] {
	const before = {
		financial: previous?.financialStatus,
		fulfilment: normaliseFulfilmentStatus(previous?.fulfilmentStatus),
	};
	const after = {
		financial: current.financialStatus,
		fulfilment: normaliseFulfilmentStatus(current.fulfilmentStatus),
	};
	if (before.financial === after.financial && before.fulfilment === after.fulfilment) return [];
	const topics: Topic[] = ['orders/updated'];
	if (before.fulfilment !== after.fulfilment) {
		const reached = TOPIC_OF_FULFILMENT_STATUS.get(after.fulfilment ?? '');
		if (reached) topics.push(reached);
	}
	return topics;
}

/** One typed event about a polled order record. */
export function eventFromOrder(
	topic: Topic,
	order: PlainObject,
	previous: StatusPair | undefined,
): OrderEvent {
	const fields = orderFields(order);
	return dropUndefined({
		topic,
		source: 'poll',
		// One status change of one order: seen again, it is the same event.
		deliveryKey: `poll:${topic}:${String(fields.orderId)}:${fields.financialStatus ?? ''}:${fields.fulfilmentStatus ?? ''}`,
		...fields,
		previousFinancialStatus: previous?.financialStatus,
		previousFulfilmentStatus: previous?.fulfilmentStatus,
		payload: order,
	} as OrderEvent);
}

function dropUndefined<T extends object>(value: T): T {
	for (const key of Object.keys(value) as Array<keyof T>) {
		if (value[key] === undefined) delete value[key];
	}
	return value;
}
