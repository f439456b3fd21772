/**
 * Moves this process's clock (`Date.now`) forward, for tests of what happens hours later.
 *
 * Everything that reads `Date.now` moves with it: the trigger node's memory of deliveries, and the
 * sandbox, whose virtual clock is real time plus what `POST /__sandbox/clock/advance` added (so
 * moving this clock moves the sandbox's too; `clock/advance` with 0 minutes then performs the
 * retries that fell due). Timers (`setTimeout`) and `new Date()` are left alone. The real clock is
 * back after each test of the describe block that called `useMovedClock`.
 */
export interface MovedClock {
	/** Moves `Date.now` forward by this many milliseconds (added to any move before). */
	advance(ms: number): void;
	/** How far `Date.now` is ahead of the real time now. */
	readonly offsetMs: number;
}

export const MINUTE = 60 * 1000;
export const HOUR = 60 * MINUTE;

export function useMovedClock(): MovedClock {
	const realNow = Date.now.bind(Date);
	let offset = 0;
	let spy: jest.SpyInstance<number, []> | undefined;
	afterEach(() => {
		spy?.mockRestore();
		spy = undefined;
		offset = 0;
	});
	return {
		advance(ms: number) {
			offset += ms;
			spy ??= jest.spyOn(Date, 'now').mockImplementation(() => realNow() + offset);
		},
		get offsetMs() {
			return offset;
		},
	};
}
