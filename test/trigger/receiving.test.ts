import { createHash, createHmac } from 'node:crypto';
import type { INodeParameters } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { eventually } from '../support/eventually';
import { SandboxControl, shopParameter } from '../support/sandbox';
import { TriggerHarness, captureLogs } from '../support/trigger';
import { credentialStore, type Json } from './helpers';
import { ServiceClient, submitOrder } from '../support/service';

const shop = shopParameter();
const CYCLE = ['orders/updated', 'orders/readyForProduction', 'orders/fulfilled'];

/** The contract's signature, written here independently of the node's code. */
function sign(secretText: string, body: Buffer): string {
	const key = createHash('sha256').update(secretText, 'utf8').digest('hex');
	return createHmac('sha256', key).update(body).digest('base64');
}

describe('trigger: receiving deliveries from the sandbox', () => {
	let sandbox: Sandbox;
	let control: SandboxControl;
	let service: ServiceClient;
	let trigger: TriggerHarness;

	const start = async (topics: string[], extra: INodeParameters = {}) => {
		trigger = await new TriggerHarness({
			store: credentialStore(sandbox.baseUrl),
			parameters: { shop, topics, options: {}, ...extra },
		}).start();
		await trigger.activate();
		return trigger;
	};
	const secretOf = (topic: string): string =>
		(trigger.staticData.registrations as Json)[trigger.webhookUrl].subscriptions[topic].secret;

	// The loopback URL warning is expected here; registration.test.ts checks it.
	let logs: ReturnType<typeof captureLogs>;

	beforeAll(async () => {
		logs = captureLogs();
		sandbox = await startSandbox({ port: 0, deferredProcessingMs: 10 });
		control = new SandboxControl(sandbox);
	});
	afterAll(async () => {
		await sandbox.close();
		logs.restore();
	});
	beforeEach(async () => {
		await control.call('POST', '/reset');
		service = ServiceClient.as(sandbox.baseUrl);
	});
	afterEach(async () => {
		await trigger?.close();
	});

	/** Submit an order, walk it to FINISHED with a tracking number, and wait for every delivery. */
	const fullCycle = async () => {
		const orderId = await submitOrder(service);
		await eventually(async () => {
			const order = await control.call('GET', `/orders/${orderId}`);
			expect(order.fulfilmentStatus).toBe('PREPARED_TO_PRODUCE');
		});
		await control.call('POST', `/orders/${orderId}/advance`, { to: 'NOT_EDITABLE' });
		await control.call('POST', `/orders/${orderId}/ship`, {
			trackingNumber: 'TRACK-0042',
			trackingUrl: 'https://track.example.com/TRACK-0042',
		});
		const deliveries = await eventually(async () => {
			const all = await control.deliveries();
			expect(all.some((d) => d.topic === 'orders/fulfilled' && d.status === 200)).toBe(true);
			return all;
		});
		return { orderId, deliveries };
	};

	test.each(['JSON', 'XML'])(
		'a full cycle in %s emits each event exactly once, even when the sandbox redelivers',
		async (mediaType) => {
			await start(CYCLE, { options: { mediaType } });
			const { orderId, deliveries } = await fullCycle();
			expect(deliveries.every((d) => d.status === 200)).toBe(true);
			if (mediaType === 'XML') expect(deliveries[0].body.startsWith('<')).toBe(true);

			const events = trigger.emitted;
			const ofTopic = (topic: string) => events.filter((e) => e.topic === topic);
			// updated: PAID→WAITING_FOR_RESOURCES, →PREPARED_TO_PRODUCE, →NOT_EDITABLE, →FINISHED
			expect(ofTopic('orders/updated').map((e) => e.fulfilmentStatus)).toEqual([
				'WAITING_FOR_RESOURCES',
				'PREPARED_TO_PRODUCE',
				'NOT_EDITABLE',
				'FINISHED',
			]);
			expect(ofTopic('orders/readyForProduction')).toHaveLength(1);
			const [fulfilled] = ofTopic('orders/fulfilled');
			expect(ofTopic('orders/fulfilled')).toHaveLength(1);
			expect(fulfilled).toMatchObject({
				orderId,
				financialStatus: 'PAID',
				financialStatusLabel: 'Paid',
				fulfilmentStatus: 'FINISHED',
				fulfilmentStatusLabel: 'Shipped',
				trackingNumbers: ['TRACK-0042'],
				trackingUrls: ['https://track.example.com/TRACK-0042'],
				customer: { firstName: 'Ada', lastName: 'Lovelace' },
				items: [{ productId: 1001, colorId: 2001, sizeId: 3002, amount: 2 }],
				fulfilmentStatusRaw: 'FULFILLED',
				source: 'webhook',
			});
			expect(fulfilled.uniqueId).toMatch(/^U-/);
			// The full payload only when Include Full Payload asks for it.
			expect(fulfilled).not.toHaveProperty('payload');
			expect(JSON.stringify(fulfilled)).not.toMatch(/"links"|creatorse_/);
			expect(fulfilled.deliveryId).toBe(
				deliveries.find((d) => d.topic === 'orders/fulfilled')!.deliveryId,
			);
			expect(JSON.stringify(events)).not.toContain(secretOf('orders/fulfilled'));

			// Every delivery again: answered 200, nothing emitted twice.
			const before = events.length;
			for (const delivery of deliveries) {
				const attempt = await control.call('POST', `/deliveries/${delivery.deliveryId}/redeliver`);
				expect(attempt.status).toBe(200);
			}
			expect(trigger.emitted).toHaveLength(before);
			expect(trigger.received.filter((r) => r.status === 200)).toHaveLength(deliveries.length * 2);
		},
	);

	test('JSON and XML subscriptions give the same events', async () => {
		const json = await start(['orders/fulfilled']);
		const xml = await new TriggerHarness({
			store: credentialStore(sandbox.baseUrl),
			parameters: { shop, topics: ['orders/fulfilled'], options: { mediaType: 'XML' } },
			webhookId: 'c0ffee00-0000-4000-8000-0000000000aa',
		}).start();
		try {
			await xml.activate();
			await fullCycle();
			await eventually(() => expect(xml.emitted).toHaveLength(1));
			const strip = (event: Json) => {
				const copy = { ...event };
				// The delivery key names the bytes received, which differ between the two media types.
				for (const key of ['payload', 'payloadRoot', 'deliveryId', 'deliveryKey']) delete copy[key];
				return copy;
			};
			expect(strip(xml.emitted[0])).toEqual(strip(json.emitted[0]));
		} finally {
			await xml.close();
		}
	});

	test('a delivery retried by the service after a failure is emitted once', async () => {
		await start(['orders/updated']);
		const orderId = await submitOrder(service, { financialStatus: 'PENDING' });
		await trigger.close(); // n8n is down: the first attempt fails
		await control.call('POST', `/orders/${orderId}/pay`);
		const deliveries = await eventually(async () => {
			const all = await control.deliveries();
			expect(all.length).toBeGreaterThan(0);
			return all;
		});
		expect(deliveries.every((d) => d.status === 0)).toBe(true);
		const restarted = new TriggerHarness({
			store: credentialStore(sandbox.baseUrl),
			parameters: trigger.parameters,
			staticData: trigger.staticData,
		});
		// n8n comes back on the same address with the static data it saved.
		trigger = restarted;
		await restarted.start(portOf(deliveries[0].address));
		await control.call('POST', '/clock/advance', { minutes: 60 });
		await control.call('POST', '/clock/advance', { minutes: 60 });
		await eventually(async () =>
			expect((await control.call('GET', `/orders/${orderId}`)).fulfilmentStatus).toBe(
				'PREPARED_TO_PRODUCE',
			),
		);
		const attempts = await eventually(async () => {
			const all = await control.deliveries();
			const delivered = new Set(all.filter((d) => d.status === 200).map((d) => d.deliveryId));
			expect(new Set(all.map((d) => d.deliveryId)).size).toBe(delivered.size);
			return all;
		});
		const distinct = new Set(attempts.map((d) => d.deliveryId));
		// orders/updated for PENDING→PAID, then →WAITING_FOR_RESOURCES and →PREPARED_TO_PRODUCE.
		expect(distinct.size).toBe(3);
		// The deliveries made while n8n was down failed at first and got through on a retry.
		for (const { deliveryId } of deliveries) {
			const statuses = attempts.filter((d) => d.deliveryId === deliveryId).map((d) => d.status);
			expect(statuses[0]).toBe(0);
			expect(statuses).toContain(200);
		}
		// A retry after success (the answer lost on the way back) is not emitted again.
		await control.call('POST', `/deliveries/${deliveries[0].deliveryId}/redeliver`);
		const emitted = restarted.emitted.filter((e) => e.orderId === orderId);
		expect(emitted.map((e) => e.deliveryId).sort()).toEqual([...distinct].sort());
	});

	describe('forged and unexpected requests', () => {
		const body = Buffer.from(
			JSON.stringify({
				productionOrderExpanded: { id: 10001, uniqueId: 'X', fulfilmentStatus: 'FINISHED' },
			}),
		);
		const headers = (topic: string, signature?: string, extra: Json = {}) => ({
			'content-type': 'application/json',
			'x-platform-topic': topic,
			...(signature === undefined ? {} : { 'x-platform-hmac-sha256': signature }),
			...extra,
		});

		test('a correctly signed request is accepted; tampered, wrong-secret, unsigned and wrong-topic ones get 401', async () => {
			await start(['orders/fulfilled']);
			const secretText = secretOf('orders/fulfilled');
			const good = await trigger.deliver({
				headers: headers('orders/fulfilled', sign(secretText, body)),
				body,
			});
			expect(good.status).toBe(200);
			expect(good.items).toHaveLength(1);

			const tampered = Buffer.from(body.toString().replace('10001', '10002'));
			const cases = [
				trigger.deliver({
					headers: headers('orders/fulfilled', sign(secretText, body)),
					body: tampered,
				}),
				trigger.deliver({
					headers: headers('orders/fulfilled', sign('not-the-secret', body)),
					body,
				}),
				trigger.deliver({ headers: headers('orders/fulfilled'), body }),
				trigger.deliver({ headers: headers('orders/fulfilled', ''), body }),
				trigger.deliver({ headers: headers('orders/updated', sign(secretText, body)), body }),
				trigger.deliver({ headers: headers('orders/unknown', sign(secretText, body)), body }),
				trigger.deliver({ headers: { 'x-platform-hmac-sha256': sign(secretText, body) }, body }),
			];
			for (const result of await Promise.all(cases)) {
				expect(result.status).toBe(401);
				expect(result.items).toEqual([]);
			}
			expect(trigger.emitted).toHaveLength(1);
		});

		test('a forged request over HTTP gets 401 and starts nothing', async () => {
			await start(['orders/fulfilled']);
			const response = await fetch(trigger.webhookUrl, {
				method: 'POST',
				headers: headers('orders/fulfilled', sign('guess', body)),
				body,
			});
			expect(response.status).toBe(401);
			expect(trigger.emitted).toEqual([]);
		});

		test('without a delivery id, the same topic and body are recognised as a redelivery', async () => {
			await start(['orders/fulfilled']);
			const signature = sign(secretOf('orders/fulfilled'), body);
			const first = await trigger.deliver({
				headers: headers('orders/fulfilled', signature),
				body,
			});
			const again = await trigger.deliver({
				headers: headers('orders/fulfilled', signature),
				body,
			});
			expect([first.status, again.status]).toEqual([200, 200]);
			expect([first.items.length, again.items.length]).toEqual([1, 0]);
		});

		test('with Ignore Redeliveries off, a redelivery is emitted again', async () => {
			await start(['orders/fulfilled'], { options: { ignoreRedeliveries: false } });
			const signature = sign(secretOf('orders/fulfilled'), body);
			const extra = { 'x-platform-delivery-id': 'd-1' };
			await trigger.deliver({ headers: headers('orders/fulfilled', signature, extra), body });
			await trigger.deliver({ headers: headers('orders/fulfilled', signature, extra), body });
			expect(trigger.emitted).toHaveLength(2);
		});

		test('a branded header prefix is honoured and the default headers are then refused', async () => {
			await start(['orders/fulfilled'], { options: { headerPrefix: 'x-acme' } });
			const signature = sign(secretOf('orders/fulfilled'), body);
			const branded = await trigger.deliver({
				headers: { 'x-acme-topic': 'orders/fulfilled', 'x-acme-hmac-sha256': signature },
				body,
			});
			expect(branded.status).toBe(200);
			expect(branded.items).toHaveLength(1);
			const plain = await trigger.deliver({
				headers: headers('orders/fulfilled', signature),
				body,
			});
			expect(plain.status).toBe(401);
		});

		test('the status filter and Include Raw Body option', async () => {
			await start(['orders/updated'], {
				options: { fulfilmentStatuses: ['FINISHED'], includeRawBody: true },
			});
			const secretText = secretOf('orders/updated');
			const waiting = Buffer.from(
				JSON.stringify({ productionOrderExpanded: { id: 1, fulfilmentStatus: 'NOT_EDITABLE' } }),
			);
			const skipped = await trigger.deliver({
				headers: headers('orders/updated', sign(secretText, waiting)),
				body: waiting,
			});
			expect(skipped.status).toBe(200);
			expect(skipped.items).toEqual([]);
			const done = await trigger.deliver({
				headers: headers('orders/updated', sign(secretText, body)),
				body,
			});
			expect(done.items).toHaveLength(1);
			expect(done.items[0].json.rawBody).toBe(body.toString());
		});
	});

	test('orders/failed and orders/splitted carry their own fields', async () => {
		await start(['orders/failed', 'orders/splitted']);
		const orderId = await submitOrder(service, { financialStatus: 'PENDING' });
		await eventually(async () =>
			expect((await control.call('GET', `/orders/${orderId}`)).handedOff).toBe(true),
		);
		await control.call('POST', `/orders/${orderId}/fail`, { error: 'Motive file broken' });
		const split = await control.call('POST', `/orders/${orderId}/split`, { parts: 2 });
		await eventually(() => expect(trigger.emitted).toHaveLength(2));
		const [failed, splitted] = trigger.emitted;
		expect(failed).toMatchObject({ topic: 'orders/failed', orderId, error: 'Motive file broken' });
		expect(splitted).toMatchObject({ topic: 'orders/splitted', orderId });
		expect(splitted.childOrderIds).toEqual(split.children.map((c: Json) => c.id));
	});
});

function portOf(address: string): number {
	return Number(new URL(address).port);
}
