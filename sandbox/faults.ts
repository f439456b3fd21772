/**
 * Failures injected into service requests through the control API: an error status, a reset
 * connection, added latency, or an answer dropped after the request took effect. A seeded random
 * pick keeps `rate` repeatable; `forMs` limits a fault to a stretch of the sandbox's clock (a rate
 * limit that lasts a while).
 */

import { badRequest } from './errors';

export const FAULT_KINDS = [
	'status',
	'reset',
	'latency',
	'connect-latency',
	'drop-after-processing',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultSpec {
	method?: string;
	/** Regular expression matched against the path below the base URL. */
	path?: string;
	count?: number;
	rate?: number;
	seed?: number;
	kind: FaultKind;
	status?: number;
	/** Seconds, or a text sent as it is (an HTTP date). */
	retryAfter?: number | string;
	latencyMs?: number;
	body?: string;
	/** The fault applies for this many milliseconds of the sandbox's clock after it is added. */
	forMs?: number;
}

export interface Fault extends FaultSpec {
	id: number;
	remaining: number;
	/** The sandbox time from which the fault no longer applies (with `forMs`). */
	until?: number;
	pathPattern?: RegExp;
	random: () => number;
}

/** A small seeded PRNG (mulberry32), so `rate` picks the same requests on every run. */
function seededRandom(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

function optionalNumber(value: unknown, name: string): number | undefined {
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'number' || !Number.isFinite(value))
		throw badRequest(`${name} must be a number`);
	return value;
}

/** A Retry-After: seconds, or a non-empty text (an HTTP date) sent as it is. */
function optionalRetryAfter(value: unknown): number | string | undefined {
	if (typeof value === 'string' && value.trim() !== '') return value.trim();
	return optionalNumber(value, 'retryAfter');
}

/** Injected failures for service requests, configured through the control API. */
export class FaultTable {
	private faults: Fault[] = [];
	private nextId = 1;

	/** @param now The sandbox's time (its virtual clock), for `forMs`. */
	constructor(private readonly now: () => number) {}

	add(input: Record<string, unknown>): Fault {
		const kind = input.kind as FaultKind;
		if (!FAULT_KINDS.includes(kind))
			throw badRequest(`kind must be one of ${FAULT_KINDS.join(', ')}`);
		// A connection is delayed before any request on it is read: there is no method or path yet.
		if (kind === 'connect-latency' && (input.method !== undefined || input.path !== undefined))
			throw badRequest('connect-latency applies to connections, which have no method or path');
		let pathPattern: RegExp | undefined;
		if (input.path !== undefined) {
			try {
				pathPattern = new RegExp(String(input.path));
			} catch (error) {
				throw badRequest('path is not a valid regular expression', (error as Error).message);
			}
		}
		const count = optionalNumber(input.count, 'count');
		const forMs = optionalNumber(input.forMs, 'forMs');
		const rate = optionalNumber(input.rate, 'rate');
		const status = optionalNumber(input.status, 'status') ?? (kind === 'status' ? 503 : undefined);
		const fault: Fault = {
			id: this.nextId++,
			kind,
			method: input.method ? String(input.method).toUpperCase() : undefined,
			path: input.path === undefined ? undefined : String(input.path),
			pathPattern,
			count,
			rate,
			seed: optionalNumber(input.seed, 'seed') ?? 1,
			status,
			retryAfter: optionalRetryAfter(input.retryAfter),
			latencyMs:
				optionalNumber(input.latencyMs, 'latencyMs') ??
				(kind === 'latency' || kind === 'connect-latency' ? 500 : undefined),
			body: input.body === undefined ? undefined : String(input.body),
			forMs,
			until: forMs === undefined ? undefined : this.now() + forMs,
			remaining: count ?? Infinity,
			random: seededRandom(optionalNumber(input.seed, 'seed') ?? 1),
		};
		this.faults.push(fault);
		return fault;
	}

	clear(): void {
		this.faults = [];
	}

	list(): Fault[] {
		return this.faults;
	}

	/** The first fault that applies to this request, consuming one of its `count`. */
	pick(method: string, path: string): Fault | undefined {
		return this.first((fault) => {
			if (fault.kind === 'connect-latency') return false;
			if (fault.method && fault.method !== method) return false;
			return !fault.pathPattern || fault.pathPattern.test(path);
		});
	}

	/** The first connect-latency fault that applies to a new connection, consuming one of its `count`. */
	pickConnection(): Fault | undefined {
		return this.first((fault) => fault.kind === 'connect-latency');
	}

	private first(applies: (fault: Fault) => boolean): Fault | undefined {
		for (const fault of this.faults) {
			if (fault.remaining <= 0 || !applies(fault)) continue;
			if (fault.until !== undefined && this.now() >= fault.until) continue;
			// Every matching request (or connection) draws, so the pattern depends only on the seed and the order.
			if (fault.rate !== undefined && fault.random() >= fault.rate) continue;
			fault.remaining--;
			return fault;
		}
		return undefined;
	}
}
