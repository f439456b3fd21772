/* eslint-disable @n8n/community-nodes/no-restricted-globals -- the sandbox is a Node server, never shipped */
/**
 * The sandbox's time: a virtual clock the control API can move forward (for webhook retries),
 * service timestamps read from it, and the real timers it owns so close and reset cancel them all.
 */

import { serviceTimestamp } from './service-zone';

/** Anything that tells the time on the sandbox's clock. */
export interface Clock {
	now(): number;
}

/** A virtual clock for webhook retries: real time plus whatever the control API advanced. */
export class VirtualClock implements Clock {
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

/** Now on the virtual clock, as the service stamps `created` (in its own zone, with the offset). */
export function nowIso(clock: Clock): string {
	return serviceTimestamp(clock.now());
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
