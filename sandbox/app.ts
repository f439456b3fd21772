/* eslint-disable @n8n/community-nodes/no-restricted-globals -- the sandbox is a Node server, never shipped */
import type { Doc, Quirks } from './codec';
import { FaultTable } from './faults';
import { OrderLifecycle } from './lifecycle';
import type { RequestInfo } from './router';
import { createSeededStore } from './seed';
import type { Store } from './store';
import type { Session, User } from './types';
import { WebhookDispatcher } from './webhooks';

export interface SandboxOptions {
	/** 0 = ephemeral (default 0). */
	port?: number;
	quirks?: Partial<Quirks>;
	/** Delay before the asynchronous pipeline processes a submitted order (default 50). */
	deferredProcessingMs?: number;
	/** Default false: orders move past PREPARED_TO_PRODUCE only through the control API. */
	autoAdvance?: boolean;
	/** Default 100; a larger `size` is clamped to it. */
	maxPageSize?: number;
}

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
}

export interface SessionPolicy {
	expireAfterRequests: number | null;
	ttlMs: number | null;
}

export interface ServiceContext extends RequestInfo {
	app: App;
	/** The decoded request document (JSON or XML); throws 400 when absent or malformed. */
	body(): Doc;
	/** Set by `requireSession`. */
	session?: Session;
	user?: User;
}

/** A virtual clock for webhook retries: real time plus whatever the control API advanced. */
export class VirtualClock {
	private offsetMs = 0;

	now(): number {
		return Date.now() + this.offsetMs;
	}

	advance(ms: number): void {
		this.offsetMs += ms;
	}

	reset(): void {
		this.offsetMs = 0;
	}
}

/** Real timers owned by the sandbox, so close and reset can cancel every pending one. */
export class Scheduler {
	private readonly pending = new Set<NodeJS.Timeout>();

	after(ms: number, task: () => void): void {
		const timer = setTimeout(() => {
			this.pending.delete(timer);
			task();
		}, ms);
		this.pending.add(timer);
	}

	sleep(ms: number): Promise<void> {
		return new Promise((resolve) => this.after(ms, resolve));
	}

	cancelAll(): void {
		for (const timer of this.pending) clearTimeout(timer);
		this.pending.clear();
	}
}

/** The running sandbox: configuration, state and the services working on it. */
export class App {
	store: Store = createSeededStore();
	quirks: Quirks;
	sessionPolicy: SessionPolicy = { expireAfterRequests: null, ttlMs: null };
	readonly clock = new VirtualClock();
	readonly scheduler = new Scheduler();
	readonly faults = new FaultTable();
	readonly webhooks: WebhookDispatcher;
	readonly lifecycle: OrderLifecycle;
	stats = { logins: 0, requests: 0, ordersCreated: 0, deliveriesAttempted: 0 };
	requestLog: RequestLogEntry[] = [];
	baseUrl = '';
	controlUrl = '';
	readonly deferredProcessingMs: number;
	readonly autoAdvance: boolean;
	readonly maxPageSize: number;

	constructor(private readonly options: SandboxOptions) {
		this.quirks = this.defaultQuirks();
		this.deferredProcessingMs = options.deferredProcessingMs ?? 50;
		this.autoAdvance = options.autoAdvance ?? false;
		this.maxPageSize = options.maxPageSize ?? 100;
		this.webhooks = new WebhookDispatcher(this);
		this.lifecycle = new OrderLifecycle(this);
	}

	private defaultQuirks(): Quirks {
		return {
			singleAsObject: this.options.quirks?.singleAsObject ?? true,
			emptyAsString: this.options.quirks?.emptyAsString ?? true,
			fulfilledAsFULFILLED: this.options.quirks?.fulfilledAsFULFILLED ?? true,
		};
	}

	/** Fresh seed; clears logs, faults, sessions, subscriptions, timers, deliveries and the clock. */
	reset(): void {
		this.scheduler.cancelAll();
		this.webhooks.reset();
		this.faults.clear();
		this.store = createSeededStore();
		this.quirks = this.defaultQuirks();
		this.sessionPolicy = { expireAfterRequests: null, ttlMs: null };
		this.clock.reset();
		this.stats = { logins: 0, requests: 0, ordersCreated: 0, deliveriesAttempted: 0 };
		this.requestLog = [];
	}

	close(): void {
		this.scheduler.cancelAll();
		this.webhooks.close();
	}
}
