/**
 * How the benchmarks time: every side warmed up before anything is timed, sides alternated round
 * by round (so none runs in a warmer or quieter moment than another), and each side reported as
 * min / median / max of its rounds rather than one number.
 */

export interface Spread {
	min: number;
	median: number;
	max: number;
}

export function spread(values: number[]): Spread {
	const sorted = [...values].sort((a, b) => a - b);
	return { min: sorted[0], median: sorted[Math.floor(sorted.length / 2)], max: sorted.at(-1)! };
}

/** What a job measured: its own time (set-up and read-back excluded) and anything else. */
export interface Measured {
	ms: number;
}

/** One job a side runs. */
export type Job<T extends Measured> = () => Promise<T>;

/** Times a job that has nothing to set up or read back. */
export async function timed<T>(job: () => Promise<T>): Promise<Measured & { result: T }> {
	const started = performance.now();
	const result = await job();
	return { ms: performance.now() - started, result };
}

export interface Timed<T extends Measured> {
	ms: Spread;
	/** What the last timed round of the side reported (requests, connections…). */
	last: T;
}

/**
 * Runs every side once untimed, then `rounds` rounds of all sides in turn, the order rotated each
 * round; answers each side's times.
 */
export async function alternate<T extends Measured, K extends string>(
	sides: Record<K, Job<T>>,
	rounds: number,
): Promise<Record<K, Timed<T>>> {
	const names = Object.keys(sides) as K[];
	for (const name of names) await sides[name]();
	const times = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<
		K,
		number[]
	>;
	const last = {} as Record<K, T>;
	for (let round = 0; round < rounds; round++) {
		const order = names.map((_, i) => names[(i + round) % names.length]);
		for (const name of order) {
			last[name] = await sides[name]();
			times[name].push(last[name].ms);
		}
	}
	return Object.fromEntries(
		names.map((name) => [name, { ms: spread(times[name]), last: last[name] }]),
	) as Record<K, Timed<T>>;
}

export const round1 = (value: number) => Math.round(value * 10) / 10;

/** "812 / 840 / 901" for a spread of milliseconds. */
export const formatSpread = (ms: Spread) =>
	`${Math.round(ms.min)} / ${Math.round(ms.median)} / ${Math.round(ms.max)}`;
