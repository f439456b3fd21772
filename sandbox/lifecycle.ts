/**
 * The order lifecycle of the emulated service: the legal fulfillment and payment moves, the
 * asynchronous processing of a submitted order, and the events each change fires to the webhook
 * dispatcher.
 */

import { nowIso, type Clock, type Scheduler } from './clock';
import type { OrderLifecycleService } from './context';
import { conflict } from './errors';
import type { Store } from './store';
import type { FinancialStatus, FulfilmentStatus, Order } from './types';

type FulfilmentState = FulfilmentStatus | 'NONE';

/**
 * Legal fulfilment moves: the contract's table, plus the sandbox's choices for the states the
 * contract leaves open (WAITING_FOR_RESOURCES → ERROR_HQ_MOTIVES → WAITING_FOR_RESOURCES as a
 * retry; FINISHED → RECLAMATION). Everything else is a 409.
 */
const FULFILMENT_MOVES: Record<FulfilmentState, FulfilmentStatus[]> = {
	NONE: ['WAITING_FOR_RESOURCES'],
	WAITING_FOR_RESOURCES: ['PREPARED_TO_PRODUCE', 'ERROR_HQ_MOTIVES'],
	PREPARED_TO_PRODUCE: ['NOT_EDITABLE'],
	NOT_EDITABLE: ['FINISHED', 'CANCELLATION_WAITING'],
	CANCELLATION_WAITING: ['CANCELLED'],
	FINISHED: ['RECLAMATION'],
	ERROR_HQ_MOTIVES: ['WAITING_FOR_RESOURCES'],
	RECLAMATION: [],
	CANCELLED: [],
};

/** Where a cancellation may be requested (`requestCancellation`). */
const CANCELLABLE: FulfilmentState[] = [
	'NONE',
	'WAITING_FOR_RESOURCES',
	'PREPARED_TO_PRODUCE',
	'ERROR_HQ_MOTIVES',
	'NOT_EDITABLE',
];

/** The step `advance` takes without a target: along the production path. */
const NEXT_STEP: Partial<Record<FulfilmentState, FulfilmentStatus>> = {
	NONE: 'WAITING_FOR_RESOURCES',
	WAITING_FOR_RESOURCES: 'PREPARED_TO_PRODUCE',
	PREPARED_TO_PRODUCE: 'NOT_EDITABLE',
	NOT_EDITABLE: 'FINISHED',
	CANCELLATION_WAITING: 'CANCELLED',
	ERROR_HQ_MOTIVES: 'WAITING_FOR_RESOURCES',
};

/** Forward-only payment moves shown by the contract (commitOrder stamps any value separately). */
const FINANCIAL_MOVES: Partial<Record<FinancialStatus, FinancialStatus[]>> = {
	PENDING: ['AUTHORIZED', 'PAID'],
	AUTHORIZED: ['PAID'],
};

const stateOf = (order: Order): FulfilmentState => order.fulfilmentStatus ?? 'NONE';

/** How the lifecycle announces what happened to an order (the webhook dispatcher). */
export interface OrderEvents {
	fireOrderEvent(topic: string, order: Order): void;
	fireProcessingError(order: Order, error: string): void;
	fireSplit(order: Order): void;
}

/** What the lifecycle works with. */
export interface LifecycleDeps {
	/** The current store (a reset replaces it). */
	store: () => Store;
	clock: Clock;
	scheduler: Scheduler;
	/** Delay between the pipeline's steps. */
	deferredProcessingMs: number;
	/** Orders move on past PREPARED_TO_PRODUCE by themselves. */
	autoAdvance: boolean;
	events: OrderEvents;
	/** Counts each registered order. */
	onOrderRegistered: () => void;
}

/** Order state machines, the asynchronous pipeline, and the events each change fires. */
export class OrderLifecycle implements OrderLifecycleService {
	constructor(private readonly deps: LifecycleDeps) {}

	register(order: Order): void {
		this.deps.store().orders.set(order.id, order);
		this.deps.onOrderRegistered();
	}

	private isCurrent(order: Order): boolean {
		return this.deps.store().orders.get(order.id) === order && !order.deleted;
	}

	private fire(topic: string, order: Order): void {
		this.deps.events.fireOrderEvent(topic, order);
	}

	// ----- payment -----------------------------------------------------------------------------

	setFinancial(order: Order, to: FinancialStatus): void {
		const from = order.financialStatus;
		if (!FINANCIAL_MOVES[from]?.includes(to)) {
			throw conflict('Illegal financial status transition', `${from} → ${to} is not allowed`);
		}
		order.financialStatus = to;
		this.fire('orders/updated', order);
		if (to === 'PAID') this.startProductionIfReady(order);
	}

	/** commitOrder stamps the given status whatever it was; production is not started by it. */
	commit(order: Order, financialStatus: FinancialStatus): void {
		if (order.origin !== 'incremental' && order.origin !== 'session') {
			throw conflict(
				'Order is committed automatically',
				`A ${order.origin} order cannot be committed by the client`,
			);
		}
		if (order.committed)
			throw conflict('Order already committed', `Order ${order.id} was committed before`);
		order.committed = true;
		if (order.financialStatus !== financialStatus) {
			order.financialStatus = financialStatus;
			this.fire('orders/updated', order);
		}
	}

	sendToProduction(order: Order): void {
		if (!order.committed) throw conflict('Order is not committed', 'Call commitOrder first');
		if (order.handedOff) throw conflict('Order already sent to production');
		if (!order.orderedProducts.some((item) => !item.deleted)) {
			throw conflict(
				'Order has no ordered products',
				'Add ordered products before sending it to production',
			);
		}
		order.handedOff = true;
		this.fire('orders/acknowledged', order);
		this.startProductionIfReady(order);
	}

	// ----- the deferred pipeline ---------------------------------------------------------------

	scheduleDeferredProcessing(order: Order): void {
		this.deps.scheduler.after(this.deps.deferredProcessingMs, () => {
			if (!this.isCurrent(order) || order.handedOff) return;
			order.committed = true;
			order.handedOff = true;
			// The hand-off fires orders/acknowledged, then production starts: the same order as
			// sendToProduction's (the contract shows no condition for the event; README).
			this.fire('orders/acknowledged', order);
			this.startProductionIfReady(order);
		});
	}

	/** A paid, handed-off order enters production; its resources are ready one delay later. */
	private startProductionIfReady(order: Order): void {
		if (order.financialStatus !== 'PAID' || !order.handedOff || order.fulfilmentStatus) return;
		this.move(order, 'WAITING_FOR_RESOURCES');
		this.deps.scheduler.after(this.deps.deferredProcessingMs, () => {
			if (this.isCurrent(order) && order.fulfilmentStatus === 'WAITING_FOR_RESOURCES') {
				this.move(order, 'PREPARED_TO_PRODUCE');
			}
		});
	}

	// ----- fulfilment ---------------------------------------------------------------------------

	private move(
		order: Order,
		to: FulfilmentStatus,
		tracking: { trackingNumber?: string; trackingUrl?: string } = {},
	): void {
		const from = stateOf(order);
		if (!FULFILMENT_MOVES[from].includes(to)) {
			throw conflict('Illegal fulfilment status transition', `${from} → ${to} is not allowed`);
		}
		if (from === 'NONE' && (order.financialStatus !== 'PAID' || !order.handedOff)) {
			throw conflict(
				'Order is not in production',
				'Production starts when a handed-off order is PAID',
			);
		}
		order.fulfilmentStatus = to;
		if (to === 'FINISHED') {
			const id = this.deps.store().nextId('fulfillment');
			const trackingNumber = tracking.trackingNumber ?? `SBX${order.id}${id}`;
			order.fulfillments.push({
				id,
				trackingNumber,
				trackingUrl: tracking.trackingUrl ?? `https://tracking.example.com/track/${trackingNumber}`,
				created: nowIso(this.deps.clock),
			});
		}
		// Contract, Events rule 5: orders/updated on any status change, orders/fulfilled on reaching
		// FINISHED, orders/cancelled on reaching CANCELLED. When orders/readyForProduction fires is
		// not shown: the sandbox's choice is PREPARED_TO_PRODUCE ("resources ready"; README).
		this.fire('orders/updated', order);
		if (to === 'PREPARED_TO_PRODUCE') this.fire('orders/readyForProduction', order);
		if (to === 'FINISHED') this.fire('orders/fulfilled', order);
		if (to === 'CANCELLED') this.fire('orders/cancelled', order);
		if (this.deps.autoAdvance && (to === 'PREPARED_TO_PRODUCE' || to === 'NOT_EDITABLE')) {
			const next = to === 'PREPARED_TO_PRODUCE' ? 'NOT_EDITABLE' : 'FINISHED';
			this.deps.scheduler.after(this.deps.deferredProcessingMs, () => {
				if (this.isCurrent(order) && order.fulfilmentStatus === to) this.move(order, next);
			});
		}
	}

	/** One legal step along the production path, or the shortest walk of legal steps to `to`. */
	advance(order: Order, to?: FulfilmentStatus): void {
		if (!to) {
			const next = NEXT_STEP[stateOf(order)];
			if (!next) throw conflict('No further step', `Order ${order.id} is ${stateOf(order)}`);
			this.move(order, next);
			return;
		}
		const path = this.pathTo(stateOf(order), to);
		if (!path)
			throw conflict('Target status not reachable', `${stateOf(order)} cannot reach ${to}`);
		for (const step of path) this.move(order, step);
	}

	private pathTo(from: FulfilmentState, to: FulfilmentStatus): FulfilmentStatus[] | undefined {
		const previous = new Map<FulfilmentState, FulfilmentState>();
		const queue: FulfilmentState[] = [from];
		const seen = new Set<FulfilmentState>([from]);
		while (queue.length) {
			const state = queue.shift() as FulfilmentState;
			for (const next of FULFILMENT_MOVES[state]) {
				if (seen.has(next)) continue;
				seen.add(next);
				previous.set(next, state);
				if (next === to) {
					const path: FulfilmentStatus[] = [];
					let cursor: FulfilmentState = next;
					while (cursor !== from) {
						path.unshift(cursor as FulfilmentStatus);
						cursor = previous.get(cursor) as FulfilmentState;
					}
					return path;
				}
				queue.push(next);
			}
		}
		return undefined;
	}

	/**
	 * A cancellation request. The contract shows it from NOT_EDITABLE (to CANCELLATION_WAITING,
	 * confirmed later as CANCELLED); the field notes record integrators cancelling uncommitted
	 * orders routinely. The states before pickup (none yet, WAITING_FOR_RESOURCES,
	 * PREPARED_TO_PRODUCE, ERROR_HQ_MOTIVES) the contract leaves open: the sandbox takes the
	 * request there too, the same way, and production does not go on. Shipped, reclaimed or
	 * already cancelling orders: 409.
	 */
	requestCancellation(order: Order): void {
		const from = stateOf(order);
		if (!CANCELLABLE.includes(from)) {
			throw conflict(
				'Order cannot be cancelled now',
				`Cancellation is requested before the order ships; order is ${from}`,
			);
		}
		// Before production the pipeline's own checks (`startProductionIfReady`, the resource
		// timer) see a status and stop; the move is set here, past the NONE → production rule.
		order.fulfilmentStatus = 'CANCELLATION_WAITING';
		this.fire('orders/updated', order);
		if (this.deps.autoAdvance) {
			this.deps.scheduler.after(this.deps.deferredProcessingMs, () => {
				if (this.isCurrent(order) && order.fulfilmentStatus === 'CANCELLATION_WAITING') {
					this.move(order, 'CANCELLED');
				}
			});
		}
	}

	confirmCancellation(order: Order): void {
		this.move(order, 'CANCELLED');
	}

	ship(order: Order, tracking: { trackingNumber?: string; trackingUrl?: string }): void {
		this.move(order, 'FINISHED', tracking);
	}

	/**
	 * A processing failure: before production it only fires `orders/failed`; while resources
	 * are processed it also moves the order to ERROR_HQ_MOTIVES.
	 */
	fail(order: Order, error: string): void {
		const state = stateOf(order);
		if (state !== 'NONE' && state !== 'WAITING_FOR_RESOURCES') {
			throw conflict(
				'Order cannot fail now',
				`Processing failures happen before PREPARED_TO_PRODUCE; order is ${state}`,
			);
		}
		if (state === 'WAITING_FOR_RESOURCES') this.move(order, 'ERROR_HQ_MOTIVES');
		this.deps.events.fireProcessingError(order, error);
	}

	/** Splits an order into `parts` child orders, spreading its ordered products over them. */
	split(order: Order, parts: number): Order[] {
		const state = stateOf(order);
		if (order.childOrderIds.length || ['FINISHED', 'CANCELLED', 'RECLAMATION'].includes(state)) {
			throw conflict(
				'Order cannot be split',
				`Order ${order.id} is ${state}${order.childOrderIds.length ? ' and already split' : ''}`,
			);
		}
		const children: Order[] = [];
		for (let i = 0; i < parts; i++) {
			const childId = this.deps.store().nextId('order');
			const child: Order = {
				...order,
				id: childId,
				uniqueId: order.uniqueId ? `${order.uniqueId}-${i + 1}` : undefined,
				origin: 'split',
				created: nowIso(this.deps.clock),
				orderedProducts: order.orderedProducts
					.filter((_, index) => index % parts === i)
					.map((item) => ({ ...item, orderId: childId })),
				passthroughItems: i === 0 ? [...order.passthroughItems] : [],
				fulfillments: [],
				parentOrderId: order.id,
				childOrderIds: [],
			};
			this.register(child);
			children.push(child);
		}
		order.childOrderIds = children.map((child) => child.id);
		this.deps.events.fireSplit(order);
		return children;
	}
}
