/* eslint-disable @n8n/community-nodes/no-restricted-globals -- tests run on Node, never shipped */

export const sleep = async (ms: number) =>
	await new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface EventuallyOptions {
	/** How long to keep retrying, from the first attempt (default 5000 ms). */
	timeoutMs?: number;
	/** The pause between two attempts (default 20 ms). */
	intervalMs?: number;
}

/**
 * Waits for something the sandbox or a node does asynchronously.
 *
 * The contract: `check` is called until it returns (or resolves) without throwing, and its value
 * is returned. Every throw or rejection counts as "not yet": the check is retried after
 * `intervalMs`. Once `timeoutMs` has passed, the error of the last attempt is thrown, so a failure
 * reads like the assertion that did not come true. The check is always run at least once.
 *
 * A condition is therefore written as assertions inside the check, never as a truthy return:
 *
 * ```ts
 * await eventually(() => expect(receiver.received).toHaveLength(1));
 * const order = await eventually(async () => {
 * 	const found = await control.order(id);
 * 	expect(found.fulfilmentStatus).toBe('PREPARED_TO_PRODUCE');
 * 	return found;
 * });
 * ```
 */
export async function eventually<T>(
	check: () => T | Promise<T>,
	options: EventuallyOptions = {},
): Promise<T> {
	const timeoutMs = options.timeoutMs ?? 5000;
	const intervalMs = options.intervalMs ?? 20;
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		try {
			return await check();
		} catch (failure) {
			// The last attempt's own error (an assertion, usually) is the failure to report.
			// eslint-disable-next-line @n8n/community-nodes/require-node-api-error -- test helper, not a node
			if (Date.now() >= deadline) throw failure;
		}
		await sleep(intervalMs);
	}
}
