/* eslint-disable @n8n/community-nodes/no-restricted-globals -- tests run on Node, never shipped */
/**
 * Submissions whose answer never arrives (the service processed the order, then the connection
 * died: what a client sees as a timeout), followed by the user running the workflow again. No
 * order may exist twice.
 */
import { runNode } from '../support/n8n';
import { sandboxCredentials } from '../support/sandbox';
import { orderItems, submitParameters, type Json, useFaultSandbox } from './helpers';

const SUBMIT = 'orders/usingCreatorSE$';

describe('faults: lost Submit answers and workflow retries', () => {
	const env = useFaultSandbox();

	const submissions = async () =>
		(await env.control.requests()).filter(
			(r) => r.method === 'POST' && new RegExp(SUBMIT).test(r.path),
		).length;
	const countsOf = async (prefix: string) => {
		const counts = new Map<string, number>();
		for (const o of await env.control.orders()) {
			if (o.uniqueId?.startsWith(`${prefix}-`))
				counts.set(o.uniqueId, (counts.get(o.uniqueId) ?? 0) + 1);
		}
		return counts;
	};

	test('half the answers lost: each lost one is found by looking up, and a retried run creates nothing', async () => {
		const items = orderItems('LOST', 40);
		await env.control.fault({
			method: 'POST',
			path: SUBMIT,
			kind: 'drop-after-processing',
			rate: 0.5,
			seed: 7,
		});
		const store = sandboxCredentials(env.sandbox, { accountId: '387' });

		const first = await runNode({ store, parameters: submitParameters({ concurrency: 4 }), items });
		expect(first.error).toBeUndefined();
		const recovered = first.items.filter((item) => item.json.recoveredAfterTimeout === true);
		const dropped = (await env.control.requests()).filter(
			(r) => r.fault === 'drop-after-processing',
		);
		expect(recovered.length).toBe(dropped.length);
		expect(recovered.length).toBeGreaterThan(10);
		// A lost answer is resolved by looking, never by sending the order again.
		expect(await submissions()).toBe(40);

		const retried = await runNode({
			store,
			parameters: submitParameters({ concurrency: 4 }),
			items,
		});
		expect(retried.error).toBeUndefined();
		expect(retried.items.every((item) => item.json.alreadyExisted === true)).toBe(true);
		expect(retried.items.map((item) => item.json.id)).toEqual(
			first.items.map((item) => item.json.id),
		);
		expect(await submissions()).toBe(40);

		const counts = await countsOf('LOST');
		expect(counts.size).toBe(40);
		expect([...counts.values()].every((n) => n === 1)).toBe(true);
	});

	/** Counts once no more orders appear (a failed run's other workers may still be finishing). */
	const settledCountsOf = async (prefix: string) => {
		let last = -1;
		for (;;) {
			const counts = await countsOf(prefix);
			if (counts.size === last) return counts;
			last = counts.size;
			await new Promise((resolve) => setTimeout(resolve, 400));
		}
	};

	test('a run stopped half way by a lost answer it cannot resolve, then run again: every order once', async () => {
		const items = orderItems('HALF', 30);
		// Lost answers, and a lookup service that is down when the node tries to find out.
		await env.control.fault({
			method: 'POST',
			path: SUBMIT,
			kind: 'drop-after-processing',
			rate: 0.3,
			seed: 3,
		});
		const store = sandboxCredentials(env.sandbox, { accountId: '387' });
		await env.control.fault({
			method: 'GET',
			path: '/orders$',
			kind: 'status',
			status: 500,
			rate: 0.15,
			seed: 4,
		});

		const first = await runNode({ store, parameters: submitParameters({ concurrency: 4 }), items });
		expect(first.error).toBeDefined();
		const afterFirst = await settledCountsOf('HALF');
		expect(afterFirst.size).toBeGreaterThan(0);

		await env.control.call('DELETE', '/faults');
		const retried = await runNode({
			store,
			parameters: submitParameters({ concurrency: 4 }),
			items,
		});
		expect(retried.error).toBeUndefined();
		const outputs = retried.items.map((item) => item.json as Json);
		expect(outputs.map((o) => o.uniqueId)).toEqual(items.map((_, i) => `HALF-${i}`));
		for (const o of outputs) expect(o.alreadyExisted).toBe(afterFirst.has(o.uniqueId));

		const counts = await countsOf('HALF');
		expect(counts.size).toBe(30);
		expect([...counts.values()].every((n) => n === 1)).toBe(true);
	});

	test('with Continue On Fail, the items whose outcome stayed unknown are reported, and a retry completes them once', async () => {
		const items = orderItems('COF', 20);
		await env.control.fault({
			method: 'POST',
			path: SUBMIT,
			kind: 'drop-after-processing',
			rate: 0.5,
			seed: 9,
		});
		// Every lookup after the first few fails, so a lost answer cannot be resolved in this run.
		await env.control.fault({
			method: 'GET',
			path: '/orders$',
			kind: 'status',
			status: 500,
			rate: 0.5,
			seed: 5,
		});
		const store = sandboxCredentials(env.sandbox, { accountId: '387' });

		const first = await runNode({
			store,
			parameters: submitParameters({ concurrency: 4 }),
			items,
			continueOnFail: true,
		});
		expect(first.error).toBeUndefined();
		const failed = first.items.filter((item) => item.json.error !== undefined);
		expect(failed.length).toBeGreaterThan(0);
		for (const item of failed) expect(String(item.json.error)).not.toMatch(/^undefined$|\[object/);

		await env.control.call('DELETE', '/faults');
		const retried = await runNode({
			store,
			parameters: submitParameters({ concurrency: 4 }),
			items,
		});
		expect(retried.error).toBeUndefined();
		const counts = await countsOf('COF');
		expect(counts.size).toBe(20);
		expect([...counts.values()].every((n) => n === 1)).toBe(true);
	});

	// Without Continue On Fail, a failing item stops the run: items under way finish, no new one
	// starts, and nothing is submitted after the failure has been reported.
	test('a run that fails at one item submits nothing after it has reported the failure', async () => {
		const items = orderItems('STOP', 40);
		(
			items[10].json.order as Json
		).creatorse_productionOrderDeferred.designs.creatorse_design[0].productId = 1999;
		const store = sandboxCredentials(env.sandbox, { accountId: '387' });

		const result = await runNode({
			store,
			parameters: submitParameters({ concurrency: 4, checkSkus: false }),
			items,
		});
		expect(result.error?.message).toMatch(/Unknown product/);
		const atFailure = (await countsOf('STOP')).size;
		expect((await settledCountsOf('STOP')).size).toBe(atFailure);
	});
});
