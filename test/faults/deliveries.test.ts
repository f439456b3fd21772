/**
 * Deliveries that arrive late, out of order, several times, and forged ones among them: each
 * valid event is emitted exactly once, a forged one never.
 */
import { createHash, createHmac } from 'node:crypto';
import { request } from 'undici';

import { startSandbox, type Sandbox } from '../../sandbox';
import { eventually } from '../support/eventually';
import { SandboxControl, sandboxCredentials, shopParameter } from '../support/sandbox';
import { TriggerHarness, captureLogs } from '../support/trigger';
import { ServiceClient, submitOrder } from '../support/service';
import { type Json } from './helpers';

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

	beforeAll(async () => {
		logs = captureLogs();
		sandbox = await startSandbox({ port: 0, deferredProcessingMs: 10 });
		control = new SandboxControl(sandbox);
	});
	afterAll(async () => {
		await trigger?.close();
		await sandbox.close();
		logs.restore();
	});

	test('each valid event is emitted once whatever the order and repetition; forged ones never', async () => {
		await control.reset();
		trigger = await new TriggerHarness({
			store: sandboxCredentials(sandbox, { accountId: '387' }),
			parameters: { shop: shopParameter(), topics: TOPICS, mediaType: 'JSON', options: {} },
		}).start();
		await trigger.activate();
		const subscriptions = (trigger.staticData.registrations as Json)[trigger.webhookUrl]
			.subscriptions as Json;
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

		// n8n is back: the service redelivers everything, shuffled and each one three times.
		await trigger.start(port);
		const ids = deliveries.map((d) => d.deliveryId as string);
		for (const id of shuffled([...ids, ...ids, ...ids])) {
			const attempt = await control.call('POST', `/deliveries/${id}/redeliver`);
			expect(attempt.status).toBe(200);
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
				{ 'x-platform-hmac-sha256': sign(subscriptions['orders/updated'].secret, genuine) },
				tampered,
			],
			[
				'a body signed with a guessed secret',
				{ 'x-platform-hmac-sha256': sign('guessed-secret', tampered) },
				tampered,
			],
			[
				"a body signed with another topic's secret",
				{ 'x-platform-hmac-sha256': sign(subscriptions['orders/acknowledged'].secret, tampered) },
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
		for (const event of emitted) {
			counts.set(event.deliveryId as string, (counts.get(event.deliveryId as string) ?? 0) + 1);
		}
		expect([...counts.keys()].sort()).toEqual([...new Set(ids)].sort());
		expect([...counts.values()].every((n) => n === 1)).toBe(true);
		expect(emitted.some((event) => event.financialStatus === 'REFUNDED')).toBe(false);
		expect(emitted.some((event) => String(event.deliveryId).startsWith('forged-'))).toBe(false);
		// Every delivery to the trigger was acknowledged, duplicates included; forgeries were refused.
		const answered = trigger.received.map((r) => r.status);
		expect(answered.filter((s) => s === 200)).toHaveLength(ids.length * 3);
		expect(answered.filter((s) => s === 401)).toHaveLength(forged.length);
	});
});
