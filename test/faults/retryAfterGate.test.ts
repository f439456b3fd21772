/**
 * A 429's Retry-After holds every request of the credential, not only the one that met it: the
 * service answers one submission 429 with Retry-After: 2 while Submit's other workers are busy. The
 * requests already on the wire when that 429 came back (at most one per other worker) still arrive;
 * no request starts after it until the 2 seconds have passed, and every order is made once.
 * The times are the sandbox's own arrival stamps, in the one clock of this process.
 *
 * Every other request is answered after `ROUND_TRIP_MS`, so that no worker can finish a request and
 * start another between the 429's arrival and the node reading it: what arrives inside the wait is
 * then exactly what was on the wire, one request per other worker at most.
 */
import { RETRY } from '../../nodes/shared/send';
import type { LoggedRequest, SandboxControl } from '../support/sandbox';
import { runNode } from '../support/n8n';
import { sandboxCredentials } from '../support/sandbox';
import { orderItems, submitParameters, useFaultSandbox } from './helpers';

const SUBMIT = /orders\/usingCreatorSE$/;
const RETRY_AFTER_S = 2;
/**
 * Node's timers may fire up to a millisecond before the time asked for: the held requests are
 * asked to arrive no earlier than this before the end of the wait.
 */
const TIMER_SLACK_MS = 5;
const ROUND_TRIP_MS = 300;

/** The first submission answered 429 with this Retry-After; every other request takes its time. */
async function rateLimitTheFirstSubmission(control: SandboxControl, retryAfter: number) {
	await control.fault({
		method: 'POST',
		path: SUBMIT.source,
		kind: 'status',
		status: 429,
		retryAfter,
		count: 1,
	});
	await control.fault({ kind: 'latency', latencyMs: ROUND_TRIP_MS });
}

/** The 429 and every request that arrived after it, split by the end of its Retry-After. */
function aroundTheLimit(log: LoggedRequest[]) {
	const limited = log.filter((r) => r.status === 429);
	expect(limited).toHaveLength(1);
	const [rateLimited] = limited;
	const heldUntil = rateLimited.arrivedAtMs + RETRY_AFTER_S * 1000 - TIMER_SLACK_MS;
	const later = log.filter((r) => r.seq > rateLimited.seq);
	return {
		rateLimited,
		insideTheWait: later.filter((r) => r.arrivedAtMs < heldUntil),
		afterTheWait: later.filter((r) => r.arrivedAtMs >= heldUntil),
	};
}

describe('faults: a 429 with Retry-After holds every request of the credential', () => {
	const env = useFaultSandbox();

	test.each([4, 8])(
		'Concurrency %i: nothing starts inside the wait, nothing is sent twice, every order made once',
		async (concurrency) => {
			const ordersInRun = concurrency * 2;
			const prefix = `GATE${concurrency}`;
			// The first submission: the other workers' look-ups and submissions are under way beside it.
			await rateLimitTheFirstSubmission(env.control, RETRY_AFTER_S);
			const store = sandboxCredentials(env.sandbox, { accountId: '387' });

			const result = await runNode({
				store,
				parameters: submitParameters({ concurrency }),
				items: orderItems(prefix, ordersInRun),
			});

			expect(result.error).toBeUndefined();
			expect(result.items.map((item) => item.json.uniqueId)).toEqual(
				Array.from({ length: ordersInRun }, (_, i) => `${prefix}-${i}`),
			);
			expect(result.items.every((item) => item.json.alreadyExisted === false)).toBe(true);

			const log = await env.control.requests();
			const { rateLimited, insideTheWait, afterTheWait } = aroundTheLimit(log);
			expect(SUBMIT.test(rateLimited.path)).toBe(true);
			// Only what was already on the wire: one request of each other worker at most.
			expect(insideTheWait.length).toBeLessThanOrEqual(concurrency - 1);
			// The refused submission was sent again after the wait, with the rest of the run.
			expect(afterTheWait.filter((r) => SUBMIT.test(r.path)).length).toBeGreaterThan(0);

			// Each order sent once, but for the one the service refused and asked to wait for.
			expect(log.filter((r) => SUBMIT.test(r.path))).toHaveLength(ordersInRun + 1);
			const stored = (await env.control.orders()).filter((o) =>
				String(o.uniqueId).startsWith(`${prefix}-`),
			);
			expect(stored.map((o) => o.uniqueId).sort()).toEqual(
				Array.from({ length: ordersInRun }, (_, i) => `${prefix}-${i}`).sort(),
			);
		},
	);

	test('two executions at once with the same credential: the 429 of one holds the other too', async () => {
		const concurrency = 2;
		const ordersInRun = 4;
		await rateLimitTheFirstSubmission(env.control, RETRY_AFTER_S);
		const store = sandboxCredentials(env.sandbox, { accountId: '387' });
		const run = async (prefix: string) =>
			await runNode({
				store,
				parameters: submitParameters({ concurrency }),
				items: orderItems(prefix, ordersInRun),
			});

		const results = await Promise.all([run('OVERLAP-A'), run('OVERLAP-B')]);

		for (const result of results) expect(result.error).toBeUndefined();
		const log = await env.control.requests();
		const { insideTheWait } = aroundTheLimit(log);
		// Both executions' workers together: what was on the wire, one request each at most.
		expect(insideTheWait.length).toBeLessThanOrEqual(2 * concurrency - 1);
		expect(log.filter((r) => SUBMIT.test(r.path))).toHaveLength(2 * ordersInRun + 1);
		for (const prefix of ['OVERLAP-A', 'OVERLAP-B']) {
			for (let i = 0; i < ordersInRun; i++) {
				expect(await env.control.orders(`${prefix}-${i}`)).toHaveLength(1);
			}
		}
	});

	test('a wait longer than the node waits: nothing more is sent, each order made once at most, the error names the wait', async () => {
		const concurrency = 4;
		const ordersInRun = 12;
		const retryAfter = RETRY.maxRetryAfterMs / 1000 + 1;
		await rateLimitTheFirstSubmission(env.control, retryAfter);
		const store = sandboxCredentials(env.sandbox, { accountId: '387' });

		const result = await runNode({
			store,
			parameters: submitParameters({ concurrency }),
			items: orderItems('LONGWAIT', ordersInRun),
			// Every order goes on to its turn, and meets the hold.
			continueOnFail: true,
		});

		// Each order is its own item (Continue On Fail): every one says what became of it.
		expect(result.error).toBeUndefined();
		const errors = result.items.map((item) => String(item.json.error ?? ''));
		expect(errors).toHaveLength(ordersInRun);
		expect(
			errors.every((error) =>
				/asked to wait 1\d\d s \(Retry-After\), longer than the node waits/.test(error),
			),
		).toBe(true);
		const log = await env.control.requests();
		const [rateLimited] = log.filter((r) => r.status === 429);
		// What was on the wire when the 429 came back, and nothing after it.
		expect(log.filter((r) => r.seq > rateLimited.seq).length).toBeLessThanOrEqual(concurrency - 1);
		const stored = (await env.control.orders()).filter((o) =>
			String(o.uniqueId).startsWith('LONGWAIT-'),
		);
		expect(new Set(stored.map((o) => o.uniqueId)).size).toBe(stored.length);
		expect(stored.length).toBeLessThanOrEqual(ordersInRun - 1);
		// An order that was made says so (its ID), so that nobody sends it again by hand.
		expect(errors.filter((error) => /^.*The order was made \(ID \d+\)/.test(error))).toHaveLength(
			stored.length,
		);
	});
});
