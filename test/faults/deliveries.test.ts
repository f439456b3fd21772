/**
 * Deliveries that arrive late, out of order, retried hour after hour, in bursts, across a restart,
 * and forged ones among them: each valid event is emitted exactly once, a forged one never.
 */
import { createHash, createHmac } from 'node:crypto';
import { request } from 'undici';

import { startSandbox, type Sandbox } from '../../sandbox';
import { MINUTE, useMovedClock } from '../support/clock';
import { eventually, sleep } from '../support/eventually';
import { SandboxControl, sandboxCredentials, shopParameter } from '../support/sandbox';
import { TriggerHarness, captureLogs, deliveryKeyOf, serviceSecrets } from '../support/trigger';
import { ServiceClient, submitOrder } from '../support/service';
import { decodeDeliveries } from '../../nodes/PodPlatformTrigger/deliveries';

const TOPICS = ['orders/updated', 'orders/readyForProduction', 'orders/acknowledged'];

const sign = (secret: string, body: Buffer) =>
	createHmac('sha256', createHash('sha256').update(secret, 'utf8').digest('hex'))
		.update(body)
		.digest('base64');

/** A fixed shuffle, so the test sees the same disorder on every run. */
function shuffled<T>(values: T[], seed = 42): T[] {
	const out = [...values];
	let state = seed;
	for (let i = out.length - 1; i > 0; i--) {
		state = (state * 1103515245 + 12345) % 2 ** 31;
		const j = state % (i + 1);
		[out[i], out[j]] = [out[j], out[i]];
	}
	return out;
}

describe('faults: redelivered, reordered and forged deliveries', () => {
	let sandbox: Sandbox;
	let control: SandboxControl;
	let trigger: TriggerHarness;
	let logs: ReturnType<typeof captureLogs>;
	/** The node's clock, and with it the sandbox's (see support/clock.ts). */
	const clock = useMovedClock();

	beforeAll(async () => {
		logs = captureLogs();
		// Ordered products with what was ordered (option orderedProductDetails): these tests assert
		// item details the contract does not give (the plain default's items: test/order/shape.test.ts).
		sandbox = await startSandbox({
			port: 0,
			deferredProcessingMs: 10,
			orderedProductDetails: true,
		});
		control = new SandboxControl(sandbox);
	});
	afterAll(async () => {
		await sandbox.close();
		logs.restore();
	});
	afterEach(async () => {
		await trigger?.close();
	});

	test('each valid event is emitted once whatever the order and the hourly retries; forged ones never', async () => {
		await control.reset();
		trigger = await new TriggerHarness({
			store: sandboxCredentials(sandbox, { accountId: '387' }),
			parameters: { shop: shopParameter(), topics: TOPICS, mediaType: 'JSON', options: {} },
		}).start();
		await trigger.activate();
		// The secrets the service signs with: the node keeps none.
		const secrets = await serviceSecrets(ServiceClient.as(sandbox.baseUrl), trigger.webhookUrl);
		expect(Object.keys(secrets).sort()).toEqual([...TOPICS].sort());
		const port = Number(new URL(trigger.webhookUrl).port);

		// n8n is down while the orders go through production: every first attempt fails.
		await trigger.close();
		const service = ServiceClient.as(sandbox.baseUrl);
		const orderIds = [];
		for (let i = 0; i < 4; i++) orderIds.push(await submitOrder(service));
		const deliveries = await eventually(async () => {
			const attempts = await control.deliveries();
			const ready = attempts.filter((d) => d.topic === 'orders/readyForProduction');
			expect(ready).toHaveLength(orderIds.length);
			return attempts;
		});
		expect(deliveries.length).toBeGreaterThanOrEqual(orderIds.length * 3);
		expect(deliveries.every((d) => d.status === 0)).toBe(true);

		// n8n is back: the service redelivers everything, shuffled, and then each again an hour
		// later and two hours later, in other orders (its answers lost, say).
		await trigger.start(port);
		const ids = deliveries.map((d) => d.deliveryId as string);
		for (const round of [0, 1, 2]) {
			if (round > 0) clock.advance(60 * MINUTE);
			for (const id of shuffled(ids, 42 + round)) {
				const attempt = await control.call('POST', `/deliveries/${id}/redeliver`);
				expect(attempt.status).toBe(200);
			}
			expect(trigger.emitted).toHaveLength(ids.length);
		}

		// Forgeries over HTTP, built from real deliveries.
		const post = async (headers: Record<string, string>, body: Buffer) =>
			(await request(trigger.webhookUrl, { method: 'POST', headers, body })).statusCode;
		const original = deliveries.find((d) => d.topic === 'orders/updated')!;
		const tampered = Buffer.from(
			(original.body as string).replace(/"financialStatus":"PAID"/, '"financialStatus":"REFUNDED"'),
		);
		expect(tampered.toString()).toContain('REFUNDED');
		const genuine = Buffer.from(original.body as string);
		const forged: Array<[string, Record<string, string>, Buffer]> = [
			[
				'a tampered body under the original signature',
				{ 'x-platform-hmac-sha256': sign(secrets['orders/updated'], genuine) },
				tampered,
			],
			[
				'a body signed with a guessed secret',
				{ 'x-platform-hmac-sha256': sign('guessed-secret', tampered) },
				tampered,
			],
			[
				"a body signed with another topic's secret",
				{ 'x-platform-hmac-sha256': sign(secrets['orders/acknowledged'], tampered) },
				tampered,
			],
			['no signature at all', {}, tampered],
		];
		for (const [, headers, body] of forged) {
			const status = await post(
				{
					'content-type': 'application/json',
					'x-platform-topic': 'orders/updated',
					'x-platform-delivery-id': `forged-${Math.random()}`,
					...headers,
				},
				body,
			);
			expect(status).toBe(401);
		}

		const emitted = trigger.emitted;
		const counts = new Map<string, number>();
		// Deliveries told apart by their topic and bytes: the service sends no delivery id.
		for (const event of emitted) {
			const key = event.deliveryKey as string;
			counts.set(key, (counts.get(key) ?? 0) + 1);
		}
		const keys = deliveries.map((d) => deliveryKeyOf(d.topic as string, d.body as string));
		expect(new Set(keys).size).toBe(keys.length);
		expect([...counts.keys()].sort()).toEqual([...keys].sort());
		expect([...counts.values()].every((n) => n === 1)).toBe(true);
		expect(emitted.some((event) => event.financialStatus === 'REFUNDED')).toBe(false);
		expect(
			emitted.some((event) => event.deliveryKey === deliveryKeyOf('orders/updated', tampered)),
		).toBe(false);
		// Every delivery to the trigger was acknowledged, duplicates included; forgeries were refused.
		const answered = trigger.received.map((r) => r.status);
		expect(answered.filter((s) => s === 200)).toHaveLength(ids.length * 3);
		expect(answered.filter((s) => s === 401)).toHaveLength(forged.length);
	});

	/** A burst of signed `orders/updated` deliveries, sent all at once over HTTP. */
	const burst = async (count: number) => {
		trigger = await new TriggerHarness({
			store: sandboxCredentials(sandbox, { accountId: '387' }),
			parameters: { shop: shopParameter(), topics: ['orders/updated'], options: {} },
		}).start();
		await trigger.activate();
		const secret = (await serviceSecrets(ServiceClient.as(sandbox.baseUrl), trigger.webhookUrl))[
			'orders/updated'
		];
		const bodies = Array.from({ length: count }, (_, i) =>
			Buffer.from(
				JSON.stringify({
					productionOrderExpanded: { id: 50_000 + i, uniqueId: `B-${i}`, financialStatus: 'PAID' },
				}),
			),
		);
		const sendAll = async () =>
			await Promise.all(
				bodies.map(
					async (body) =>
						(
							await request(trigger.webhookUrl, {
								method: 'POST',
								headers: {
									'content-type': 'application/json',
									'x-platform-topic': 'orders/updated',
									'x-platform-hmac-sha256': sign(secret, body),
								},
								body,
							})
						).statusCode,
				),
			);
		return { sendAll };
	};

	/**
	 * The workflow after the trigger holds the executions in groups of `size` (in the order they
	 * started) until the whole group has started, then lets them end in the reverse order, one
	 * group after the other: the first started of each group is its last to end. Returns the order
	 * in which the executions must have ended.
	 */
	const endGroupsInReverse = (count: number, size: number): number[] => {
		const release = new Map<number, () => void>();
		let previousGroup = Promise.resolve();
		trigger.restOfWorkflow = async (execution) => {
			await new Promise<void>((resolve) => {
				release.set(execution, resolve);
				const first = Math.floor((execution - 1) / size) * size + 1;
				const last = Math.min(first + size - 1, count);
				const group = Array.from({ length: last - first + 1 }, (_, i) => last - i);
				if (group.every((member) => release.has(member))) {
					previousGroup = previousGroup.then(async () => {
						for (const member of group) {
							release.get(member)!();
							while (!trigger.endedExecutions.includes(member)) await sleep(1);
						}
					});
				}
			});
		};
		const order: number[] = [];
		for (let first = 1; first <= count; first += size) {
			const last = Math.min(first + size - 1, count);
			for (let execution = last; execution >= first; execution--) order.push(execution);
		}
		return order;
	};

	test.each([
		[200, 50],
		[200, 200],
	])(
		'a burst of %i concurrent deliveries, their executions ending in reverse order in groups of %i, is emitted once each; the retries after a restart start nothing',
		async (count, size) => {
			await control.reset();
			const { sendAll } = await burst(count);
			const endOrder = endGroupsInReverse(count, size);

			const statuses = await sendAll();
			expect(statuses.every((status) => status === 200)).toBe(true);
			expect(trigger.emitted).toHaveLength(count);
			expect(new Set(trigger.emitted.map((e) => e.id)).size).toBe(count);
			// The executions ended out of order: the one that ended last started long before others.
			expect(trigger.endedExecutions).toEqual(endOrder);
			// n8n saved the copies the trigger wrote into, not one per execution (deliveries.ts,
			// persistInto); whichever it saved last holds every delivery.
			expect(trigger.savedExecutions.length).toBeGreaterThan(0);
			expect(trigger.savedExecutions.length).toBeLessThan(count);
			expect(decodeDeliveries(trigger.staticData.deliveries)).toHaveLength(count);

			// n8n restarts (a new process, with the static data saved last); the service retries all
			// of them 61 minutes later, all at once.
			trigger.restart();
			trigger.restOfWorkflow = undefined;
			clock.advance(61 * MINUTE);
			const before = trigger.received.length;
			const again = await sendAll();
			expect(again.every((status) => status === 200)).toBe(true);
			const retries = trigger.received.slice(before);
			expect(retries).toHaveLength(count);
			expect(retries.filter((r) => r.items.length > 0)).toHaveLength(0);
			expect(trigger.emitted).toHaveLength(count);
		},
	);
});
