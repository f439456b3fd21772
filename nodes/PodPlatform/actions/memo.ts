/**
 * A run's memory of one kind of read: what a run (or one batch of it) reads once and shares across
 * its items, kept on the run, never in module state, so that nothing outlives an execution.
 */

/**
 * A run's memory of one kind of read, by key: the pending read (`get` waits for it) and, once it
 * succeeded, its value (`peek` takes it without waiting). A read that fails is forgotten.
 */
export class Memo<T> {
	private readonly pending = new Map<string, Promise<T>>();
	private readonly settled = new Map<string, T>();

	has(key: string): boolean {
		return this.pending.has(key);
	}

	/** The value of a read that has succeeded; undefined while it is missing, pending or failed. */
	peek(key: string): T | undefined {
		return this.settled.get(key);
	}

	/** The values of the reads that have succeeded, by key. */
	settledEntries(): IterableIterator<[string, T]> {
		return this.settled.entries();
	}

	/** The read of this key: the one the run has, or `read()` kept for the run. */
	async get(key: string, read?: () => Promise<T>): Promise<T | undefined> {
		const known = this.pending.get(key);
		if (known) return await known;
		if (!read) return undefined;
		return await this.keep(key, read());
	}

	/** Keep a pending read under a key: its value once it succeeds, nothing once it fails. */
	keep(key: string, pending: Promise<T>): Promise<T> {
		this.pending.set(key, pending);
		pending.then(
			(value) => {
				if (this.pending.get(key) === pending) this.settled.set(key, value);
			},
			() => {
				if (this.pending.get(key) === pending) this.pending.delete(key);
			},
		);
		return pending;
	}
}
