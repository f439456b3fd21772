/**
 * Bulk submission while about one request in ten fails: 429 with Retry-After, 503, and connection
 * resets. Afterwards every order exists exactly once and every item reports its order.
 */
import { runNode } from '../support/n8n';
import { sandboxCredentials } from '../support/sandbox';
import { orderItems, submitParameters, useFaultSandbox } from './helpers';

const ITEMS = 200;
// Each 429 holds all eight workers for its Retry-After (1 s): about ten seconds of the run are waits.
jest.setTimeout(60_000);

describe('faults: 429, 503 and resets on 10% of requests during bulk submission', () => {
	const env = useFaultSandbox();

	test('8 at a time: every order exists exactly once, each item reports its own order', async () => {
		const concurrency = 8;
		// Faults are drawn in creation order, each from its own seeded sequence: about 2.5% + 4% + 4%.
		await env.control.fault({ kind: 'status', status: 429, retryAfter: 1, rate: 0.025, seed: 11 });
		await env.control.fault({ kind: 'status', status: 503, rate: 0.04, seed: 12 });
		await env.control.fault({ kind: 'reset', rate: 0.04, seed: 13 });
		const store = sandboxCredentials(env.sandbox, { accountId: '387' });
		const prefix = `BULK${concurrency}`;

		const result = await runNode({
			store,
			parameters: submitParameters({ concurrency }),
			items: orderItems(prefix, ITEMS),
		});

		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(ITEMS);
		expect(result.items.map((item) => item.json.uniqueId)).toEqual(
			Array.from({ length: ITEMS }, (_, i) => `${prefix}-${i}`),
		);

		const log = await env.control.requests();
		const byFault = (kind: string, status?: number) =>
			log.filter((r) => r.fault === kind && (status === undefined || r.status === status)).length;
		const faulted = byFault('status', 429) + byFault('status', 503) + byFault('reset');
		expect(byFault('status', 429)).toBeGreaterThan(0);
		expect(byFault('status', 503)).toBeGreaterThan(0);
		expect(byFault('reset')).toBeGreaterThan(0);
		expect(faulted / log.length).toBeGreaterThan(0.06);
		// Submissions themselves were hit too, not only the lookups around them.
		const submissions = log.filter((r) => /usingCreatorSE$/.test(r.path));
		expect(submissions.filter((r) => r.fault).length).toBeGreaterThan(0);

		const stored = (await env.control.orders()).filter((o) => o.uniqueId?.startsWith(`${prefix}-`));
		const counts = new Map<string, number>();
		for (const o of stored) counts.set(o.uniqueId, (counts.get(o.uniqueId) ?? 0) + 1);
		expect(counts.size).toBe(ITEMS);
		expect([...counts.values()].every((n) => n === 1)).toBe(true);
		// Each item reports the order that was stored for its uniqueId.
		const idOf = new Map(stored.map((o) => [o.uniqueId, o.id]));
		for (const item of result.items)
			expect(item.json.id).toBe(idOf.get(item.json.uniqueId as string));
		expect((await env.control.stats()).logins).toBe(1);
	});
});
