/**
 * What a handler receives. Route modules, the filter engine, the order lifecycle and the webhook
 * dispatcher build on these types; this module imports none of them, nor the app that composes
 * them.
 */

import type { Scheduler, VirtualClock } from './clock';
import type { Doc, Quirks } from './codec';
import type { FaultTable } from './faults';
import type { KindOptions } from './options';
import type { RequestInfo } from './router';
import type { Store } from './store';
import type {
	Delivery,
	DeliveryAttempt,
	FinancialStatus,
	FulfilmentStatus,
	Order,
	Session,
	User,
	Webhook,
} from './types';

export interface RequestLogEntry {
	seq: number;
	method: string;
	path: string;
	query: Record<string, string>;
	contentType?: string;
	accept?: string;
	hasToken: boolean;
	status: number;
	bodyBytes: number;
	fault?: string;
	/** Which TCP connection carried the request: 1 for the first the sandbox accepted, and so on. */
	connection: number;
	/**
	 * When the request arrived, in real time (Date.now(), not the virtual clock): a client's waits
	 * (a 429's Retry-After) pass in real time, so tests order requests against them by this.
	 */
	arrivedAtMs: number;
}

export interface SessionPolicy {
	expireAfterRequests: number | null;
	ttlMs: number | null;
}

export interface Stats {
	logins: number;
	requests: number;
	/** New TCP connections accepted (service and control API share the port). */
	connections: number;
	ordersCreated: number;
	deliveriesAttempted: number;
}

/** The order state machines and the asynchronous pipeline, as handlers drive them. */
export interface OrderLifecycleService {
	register(order: Order): void;
	scheduleDeferredProcessing(order: Order): void;
	setFinancial(order: Order, to: FinancialStatus): void;
	commit(order: Order, financialStatus: FinancialStatus): void;
	sendToProduction(order: Order): void;
	advance(order: Order, to?: FulfilmentStatus): void;
	requestCancellation(order: Order): void;
	confirmCancellation(order: Order): void;
	ship(order: Order, tracking: { trackingNumber?: string; trackingUrl?: string }): void;
	fail(order: Order, error: string): void;
	split(order: Order, parts: number): Order[];
}

/** Webhook deliveries, as handlers and the control API use them. */
export interface WebhookDeliveryService {
	readonly attempts: DeliveryAttempt[];
	/** The notification document for a topic about an order. */
	payloadFor(topic: string, order: Order, error?: string): Doc;
	/** Creates a delivery for one subscription and queues its first attempt. */
	send(hook: Webhook, topic: string, doc: Doc): Delivery;
	/** Resolves once every queued attempt has run. */
	idle(): Promise<void>;
	redeliver(deliveryId: string): Promise<DeliveryAttempt | undefined>;
	advanceClock(minutes: number): Promise<void>;
}

/**
 * The running sandbox as a handler sees it: its state (a reset gives the mutable fields fresh
 * values, so read them through this object, never keep them) and the services working on it.
 */
export interface SandboxState {
	store: Store;
	quirks: Quirks;
	sessionPolicy: SessionPolicy;
	stats: Stats;
	requestLog: RequestLogEntry[];
	/** The contract's {base_url}, known once the server listens. */
	readonly baseUrl: string;
	readonly deferredProcessingMs: number;
	readonly maxPageSize: number;
	/** The variant SKU text extension (SandboxOptions.variantSkuTexts); false = the contract's ProductSku. */
	readonly variantSkuTexts: boolean;
	/** The kinder behaviours this sandbox has on (sandbox/options.ts); all off = the contract's plainest reading. */
	readonly kind: KindOptions;
	readonly clock: VirtualClock;
	readonly scheduler: Scheduler;
	readonly faults: FaultTable;
	readonly lifecycle: OrderLifecycleService;
	readonly webhooks: WebhookDeliveryService;
}

/** What a service handler (under /webservices/rest) receives. */
export interface ServiceContext extends RequestInfo {
	sandbox: SandboxState;
	/** The decoded request document (JSON or XML); throws 400 when absent or malformed. */
	body(): Doc;
	/** Set by `requireSession`. */
	session?: Session;
	user?: User;
}

/** What a control handler (under /__sandbox) receives: JSON in and out, no authentication. */
export interface ControlContext {
	sandbox: SandboxState;
	/** Fresh seed; clears logs, faults, sessions, subscriptions, timers, deliveries and the clock. */
	reset(): void;
	params: Record<string, string>;
	query: URLSearchParams;
	body(): Record<string, unknown>;
}
