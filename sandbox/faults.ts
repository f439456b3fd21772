/**
 * Failures injected into service requests through the control API: an error status, a reset
 * connection, added latency, or an answer dropped after the request took effect. A seeded random
 * pick keeps `rate` repeatable.
 */

import { badRequest } from './errors';

export const FAULT_KINDS = ['status', 'reset', 'latency', 'drop-after-processing'] as const;
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
	retryAfter?: number;
	latencyMs?: number;
	body?: string;
}

export interface Fault extends FaultSpec {
	id: number;
	remaining: number;
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

/** Injected failures for service requests, configured through the control API. */
export class FaultTable {
	private faults: Fault[] = [];
	private nextId = 1;

	add(input: Record<string, unknown>): Fault {
		const kind = input.kind as FaultKind;
		if (!FAULT_KINDS.includes(kind))
			throw badRequest(`kind must be one of ${FAULT_KINDS.join(', ')}`);
		let pathPattern: RegExp | undefined;
		if (input.path !== undefined) {
			try {
				pathPattern = new RegExp(String(input.path));
			} catch (error) {
				throw badRequest('path is not a valid regular expression', (error as Error).message);
			}
		}
		const count = optionalNumber(input.count, 'count');
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
			retryAfter: optionalNumber(input.retryAfter, 'retryAfter'),
			latencyMs:
				optionalNumber(input.latencyMs, 'latencyMs') ?? (kind === 'latency' ? 500 : undefined),
			body: input.body === undefined ? undefined : String(input.body),
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
		for (const fault of this.faults) {
			if (fault.remaining <= 0) continue;
			if (fault.method && fault.method !== method) continue;
			if (fault.pathPattern && !fault.pathPattern.test(path)) continue;
			// Every matching request draws, so the pattern depends only on the seed and the order.
			if (fault.rate !== undefined && fault.random() >= fault.rate) continue;
			fault.remaining--;
			return fault;
		}
		return undefined;
	}
}
