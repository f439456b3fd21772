/** Typed records and events both nodes share. */

/** The contract's event topics (Events). One subscription carries one topic. */
export const TOPICS = [
	'orders/updated',
	'orders/readyForProduction',
	'orders/fulfilled',
	'orders/acknowledged',
	'orders/failed',
	'orders/splitted',
	'orders/cancelled',
] as const;

export type Topic = (typeof TOPICS)[number];

export function isTopic(value: unknown): value is Topic {
	return typeof value === 'string' && (TOPICS as readonly string[]).includes(value);
}

/** The contract's fulfilmentStatus values (States and transitions). */
export const FULFILMENT_STATUSES = [
	'WAITING_FOR_RESOURCES',
	'PREPARED_TO_PRODUCE',
	'NOT_EDITABLE',
	'FINISHED',
	'RECLAMATION',
	'CANCELLATION_WAITING',
	'CANCELLED',
	'ERROR_HQ_MOTIVES',
] as const;

export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

/** The contract's financialStatus values. */
export const FINANCIAL_STATUSES = [
	'PENDING',
	'AUTHORIZED',
	'PARTIALLY_PAID',
	'PAID',
	'PARTIALLY_REFUNDED',
	'REFUNDED',
	'VOIDED',
] as const;

/** Where an event came from: a signed webhook delivery, or a change seen by polling. */
export type EventSource = 'webhook' | 'poll';

/** One order event, the same whether it arrived as JSON, as XML or through polling. */
export interface OrderEvent {
	topic: Topic;
	source: EventSource;
	orderId?: number | string;
	uniqueId?: string;
	financialStatus?: string;
	/** The fulfilment status with the notification's `FULFILLED` read as the contract's `FINISHED`. */
	fulfilmentStatus?: string;
	/** The fulfilment status exactly as the service wrote it. */
	fulfilmentStatusRaw?: string;
	/** For polled events: the statuses before the change (absent for an order seen first). */
	previousFinancialStatus?: string;
	previousFulfilmentStatus?: string;
	created?: string | number;
	/**
	 * The order the delivery carries (ProductionOrderExpanded) or the polled order: its tracking,
	 * customer and items are emitted as the simplified order (simplify/order.ts). Absent for
	 * `orders/failed` and `orders/splitted`, which carry only references to the order.
	 */
	order?: Record<string, unknown>;
	/** `orders/failed`: the processing error. */
	error?: string;
	/** `orders/failed`, `orders/splitted`: references the integrator attached to the order. */
	customReferences?: string[];
	/** `orders/splitted`: the orders the parent was split into. */
	childOrderIds?: Array<number | string>;
	/**
	 * Names this event: the same key for a redelivery of the same delivery (webhook: SHA-256 of
	 * topic and body) or for the same status change seen again (poll). Remove Duplicates keys on it.
	 */
	deliveryKey: string;
	/**
	 * The delivery's own id, only when the service sent one (a deployment's `x-…-delivery-id`
	 * header; the contract names none). Nothing in the package reads it: deliveries are told
	 * apart by `deliveryKey`.
	 */
	deliveryId?: string;
	/** Root element of the notification body (`productionOrderExpanded`, ...). */
	payloadRoot?: string;
	/** The decoded notification body (or the polled order record). */
	payload: Record<string, unknown>;
	/** The body as received, when the Include Raw Body option is on. */
	rawBody?: string;
}
