/**
 * The sandbox's composition root: the state every handler reads (store, quirks, session policy,
 * stats, request log) and the services working on it (clock, scheduler, faults, order lifecycle,
 * webhook dispatcher), each given only what it uses.
 */

import { Scheduler, VirtualClock } from './clock';
import type { Quirks } from './codec';
import type { RequestLogEntry, SandboxState, SessionPolicy, Stats } from './context';
import { FaultTable } from './faults';
import { OrderLifecycle } from './lifecycle';
import type { KindOptions } from './options';
import { createSeededStore } from './seed';
import type { Store } from './store';
import { WebhookDispatcher } from './webhook-dispatcher';

/**
 * How a sandbox is started. Beside the settings below, each kinder behaviour of
 * sandbox/options.ts (`KIND_OPTION_NAMES`) is a boolean here, off by default; `startSandbox`
 * takes any not given from SANDBOX_OPTIONS (sandbox/README.md, Options).
 */
export interface SandboxOptions extends Partial<KindOptions> {
	/** 0 = ephemeral (default 0). */
	port?: number;
	quirks?: Partial<Quirks>;
	/** Delay before the asynchronous pipeline processes a submitted order (default 50). */
	deferredProcessingMs?: number;
	/** Default false: orders move past PREPARED_TO_PRODUCE only through the control API. */
	autoAdvance?: boolean;
	/** Default 100; a larger `size` is clamped to it. */
	maxPageSize?: number;
	/**
	 * Default false: the seed holds no orders. True adds four demo orders in shop 1597, kept by a
	 * reset (sandbox/README.md).
	 */
	demoOrders?: boolean;
}

const freshStats = (): Stats => ({
	logins: 0,
	requests: 0,
	connections: 0,
	ordersCreated: 0,
	deliveriesAttempted: 0,
});

/**
 * The running sandbox, composed: options, the state handlers read, and the services working on
 * it, each given only what it uses.
 */
export class App implements SandboxState {
	store: Store;
	quirks: Quirks;
	sessionPolicy: SessionPolicy = { expireAfterRequests: null, ttlMs: null };
	readonly clock = new VirtualClock();
	readonly scheduler = new Scheduler();
	readonly faults = new FaultTable(() => this.clock.now());
	readonly webhooks: WebhookDispatcher;
	readonly lifecycle: OrderLifecycle;
	stats = freshStats();
	requestLog: RequestLogEntry[] = [];
	baseUrl = '';
	controlUrl = '';
	readonly deferredProcessingMs: number;
	readonly autoAdvance: boolean;
	readonly maxPageSize: number;
	readonly kind: KindOptions;

	/** `kind`: the kinder behaviours as startSandbox resolved them (given, else SANDBOX_OPTIONS, else off). */
	constructor(
		private readonly options: SandboxOptions,
		kind: KindOptions,
	) {
		this.kind = kind;
		this.store = this.freshStore();
		this.quirks = this.defaultQuirks();
		this.deferredProcessingMs = options.deferredProcessingMs ?? 50;
		this.autoAdvance = options.autoAdvance ?? false;
		this.maxPageSize = options.maxPageSize ?? 100;
		this.webhooks = new WebhookDispatcher({
			store: () => this.store,
			quirks: () => this.quirks,
			baseUrl: () => this.baseUrl,
			clock: this.clock,
			deliveryIdHeader: kind.deliveryIdHeader,
			orderedProductDetails: kind.orderedProductDetails,
			onAttempt: () => {
				this.stats.deliveriesAttempted++;
			},
		});
		this.lifecycle = new OrderLifecycle({
			store: () => this.store,
			clock: this.clock,
			scheduler: this.scheduler,
			deferredProcessingMs: this.deferredProcessingMs,
			autoAdvance: this.autoAdvance,
			events: this.webhooks,
			onOrderRegistered: () => {
				this.stats.ordersCreated++;
			},
		});
	}

	get variantSkuTexts(): boolean {
		return this.kind.variantSkuTexts;
	}

	private freshStore(): Store {
		return createSeededStore({
			demoOrders: this.options.demoOrders,
			variantSkuTexts: this.variantSkuTexts,
		});
	}

	private defaultQuirks(): Quirks {
		return {
			singleAsObject: this.options.quirks?.singleAsObject ?? true,
			emptyAsString: this.options.quirks?.emptyAsString ?? true,
			fulfilledAsFULFILLED: this.options.quirks?.fulfilledAsFULFILLED ?? true,
			assignedPrintTechnologiesAsPrintTechnologies:
				this.options.quirks?.assignedPrintTechnologiesAsPrintTechnologies ?? false,
			langIdAsCode: this.options.quirks?.langIdAsCode ?? false,
		};
	}

	/** Fresh seed; clears logs, faults, sessions, subscriptions, timers, deliveries and the clock. */
	reset(): void {
		this.scheduler.cancelAll();
		this.webhooks.reset();
		this.faults.clear();
		this.store = this.freshStore();
		this.quirks = this.defaultQuirks();
		this.sessionPolicy = { expireAfterRequests: null, ttlMs: null };
		this.clock.reset();
		this.stats = freshStats();
		this.requestLog = [];
	}

	close(): void {
		this.scheduler.cancelAll();
		this.webhooks.close();
	}
}
