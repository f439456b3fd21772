import { createHash, createHmac } from 'node:crypto';
import type { INodeParameters } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { HOUR, MINUTE, useMovedClock } from '../support/clock';
import { eventually } from '../support/eventually';
import { SandboxControl, shopParameter } from '../support/sandbox';
import { TriggerHarness, captureLogs, deliveryKeyOf, serviceSecrets } from '../support/trigger';
import { credentialStore, type Json } from './helpers';
import { ServiceClient, submitOrder } from '../support/service';

const shop = shopParameter();
const CYCLE = ['orders/updated', 'orders/readyForProduction', 'orders/fulfilled'];

/** The contract's signature, written here independently of the node's code. */
function sign(secretText: string, body: Buffer): string {
	const key = createHash('sha256').update(secretText, 'utf8').digest('hex');
	return createHmac('sha256', key).update(body).digest('base64');
}

/** The key of the bytes a control API delivery record sent (see deliveryKeyOf). */
const keyOf = (delivery: Json) => deliveryKeyOf(delivery.topic as string, delivery.body as string);

describe('trigger: receiving deliveries from the sandbox', () => {
	let sandbox: Sandbox;
	let control: SandboxControl;
	let service: ServiceClient;
	let trigger: TriggerHarness;
	/** The node's clock, and with it the sandbox's (see support/clock.ts). */
	const clock = useMovedClock();

	const start = async (topics: string[], extra: INodeParameters = {}) => {
		trigger = await new TriggerHarness({
			store: credentialStore(sandbox.baseUrl),
			parameters: { shop, topics, options: {}, ...extra },
		}).start();
		await trigger.activate();
		return trigger;
	};
	/** The secret the service signs this topic's deliveries with (the node stores none). */
	const secretOf = async (topic: string): Promise<string> => {
		const secret = (await serviceSecrets(service, trigger.webhookUrl))[topic];
		expect(secret).toMatch(/^[0-9a-f]{64}$/);
		return secret;
	};

	// The loopback URL warning is expected here; registration.test.ts checks it.
	let logs: ReturnType<typeof captureLogs>;

	beforeAll(async () => {
		logs = captureLogs();
		// No delivery id header, also under SANDBOX_OPTIONS=all: the node must not need one.
		// Ordered products with what was ordered (option orderedProductDetails): these tests assert
		// item details the contract does not give (the plain default's items: test/order/shape.test.ts).
		sandbox = await startSandbox({
			port: 0,
			deferredProcessingMs: 10,
			deliveryIdHeader: false,
			orderedProductDetails: true,
		});
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
		"a full cycle in %s emits each event exactly once, and the service's retries of them an hour later start nothing",
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
				id: orderId,
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
			// The service sent no delivery id, so the event carries none; its key names the bytes.
			expect(fulfilled).not.toHaveProperty('deliveryId');
			expect(fulfilled.deliveryKey).toBe(
				keyOf(deliveries.find((d) => d.topic === 'orders/fulfilled')!),
			);
			for (const topic of CYCLE)
				expect(JSON.stringify(events)).not.toContain(await secretOf(topic));

			// The service retries a delivery an hour after it: every delivery again, byte for byte,
			// answered 200, nothing emitted twice.
			const before = events.length;
			clock.advance(60 * MINUTE);
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

	test("deliveries retried on the service's schedule are emitted once; a retry after a lost answer starts nothing", async () => {
		await start(['orders/updated']);
		const orderId = await submitOrder(service, { financialStatus: 'PENDING' });
		await trigger.close(); // n8n is down: every first attempt fails
		await control.call('POST', `/orders/${orderId}/pay`);
		// orders/updated for PENDING→PAID, then →WAITING_FOR_RESOURCES and →PREPARED_TO_PRODUCE.
		const failed = await eventually(async () => {
			expect((await control.call('GET', `/orders/${orderId}`)).fulfilmentStatus).toBe(
				'PREPARED_TO_PRODUCE',
			);
			const all = await control.deliveries();
			expect(all).toHaveLength(3);
			return all;
		});
		expect(failed.map((d) => d.status)).toEqual([0, 0, 0]);
		const ids = failed.map((d) => d.deliveryId as string);
		const keys = failed.map(keyOf);

		// n8n comes back (a new process) on the same address with the static data it saved.
		const restarted = new TriggerHarness({
			store: credentialStore(sandbox.baseUrl),
			parameters: trigger.parameters,
			staticData: trigger.staticData,
		});
		trigger = restarted;
		await restarted.start(portOf(failed[0].address));
		// The node runs and answers each first retry, but the answers get lost on the way back.
		const firstRetry = new Set<string>();
		restarted.loseAnswer = (entry) => {
			const first = !firstRetry.has(entry.deliveryKey!);
			firstRetry.add(entry.deliveryKey!);
			return first;
		};

		// An hour later, for the service and the node alike (the sandbox's clock reads Date.now).
		clock.advance(60 * MINUTE);
		const sandboxNow = (await control.call('GET', '/clock')).now as number;
		expect(Math.abs(sandboxNow - Date.now())).toBeLessThan(60 * 1000);
		await control.call('POST', '/clock/advance', { minutes: 0 });
		await eventually(async () => {
			const all = await control.deliveries();
			expect(all).toHaveLength(6);
		});
		expect(restarted.emitted.map((e) => e.deliveryKey)).toEqual(keys);
		expect(restarted.received.every((r) => r.answerLost)).toBe(true);

		// Another hour: the service retries what it saw fail, and the node starts nothing.
		clock.advance(60 * MINUTE);
		await control.call('POST', '/clock/advance', { minutes: 0 });
		const attempts = await eventually(async () => {
			const all = await control.deliveries();
			expect(all).toHaveLength(9);
			return all;
		});
		for (const id of ids) {
			const ofDelivery = attempts.filter((d) => d.deliveryId === id);
			expect(ofDelivery.map((d) => d.status)).toEqual([0, 0, 200]);
			// Each retry an hour after the attempt before it, on the service's clock.
			expect(ofDelivery[2].at - ofDelivery[1].at).toBe(60 * MINUTE);
			expect(ofDelivery[1].at - ofDelivery[0].at).toBe(60 * MINUTE);
		}
		expect(restarted.received.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
		expect(restarted.received.map((r) => r.items.length)).toEqual([1, 1, 1, 0, 0, 0]);
		expect(restarted.emitted.map((e) => e.deliveryKey)).toEqual(keys);
		expect(restarted.emitted.map((e) => e.fulfilmentStatus)).toEqual([
			null,
			'WAITING_FOR_RESOURCES',
			'PREPARED_TO_PRODUCE',
		]);
	});

	/** Fires one `topic` delivery of a fresh order to the trigger; answers its delivery id. */
	const fireOne = async (topic: string): Promise<string> => {
		const orderId = await submitOrder(service);
		const { deliveryIds } = await control.call<{ deliveryIds: string[] }>('POST', '/events', {
			topic,
			orderId,
		});
		expect(deliveryIds).toHaveLength(1);
		return deliveryIds[0];
	};
	const attemptsOf = async (deliveryId: string) =>
		(await control.deliveries()).filter((d) => d.deliveryId === deliveryId);

	test("a delivery n8n could not start (it answered 500, no execution exists) is run by the service's retry an hour later, once", async () => {
		await start(['orders/fulfilled']);
		// n8n fails after webhook() and before the execution exists, on each delivery's first attempt.
		const tried = new Set<string>();
		trigger.startsNoExecution = (entry) => {
			const first = !tried.has(entry.deliveryKey!);
			tried.add(entry.deliveryKey!);
			return first;
		};
		const id = await fireOne('orders/fulfilled');
		expect((await attemptsOf(id)).map((d) => d.status)).toEqual([500]);
		expect(trigger.emitted).toEqual([]);

		// An hour later, for the service and the node alike: the service's retry runs.
		clock.advance(60 * MINUTE);
		await control.call('POST', '/clock/advance', { minutes: 0 });
		await eventually(async () =>
			expect((await attemptsOf(id)).map((d) => d.status)).toEqual([500, 200]),
		);
		expect(trigger.emitted.map((e) => e.deliveryKey)).toEqual([keyOf((await attemptsOf(id))[0])]);

		// Once: the service retries no more, and a copy of that retry an hour later (its answer
		// lost on the way, say) starts nothing.
		clock.advance(60 * MINUTE);
		await control.call('POST', '/clock/advance', { minutes: 0 });
		expect(await attemptsOf(id)).toHaveLength(2);
		const copy = await control.call('POST', `/deliveries/${id}/redeliver`);
		expect(copy.status).toBe(200);
		expect(trigger.emitted).toHaveLength(1);
		expect(trigger.received.map((r) => [r.status, r.items.length])).toEqual([
			[500, 0],
			[200, 1],
			[200, 0],
		]);
	});

	test("n8n's 200 alone remembers a delivery whose execution runs elsewhere (a queue-mode worker): the service's retry an hour later starts nothing", async () => {
		await start(['orders/fulfilled']);
		trigger.executionsElsewhere = true;
		const id = await fireOne('orders/fulfilled');
		expect(trigger.emitted).toHaveLength(1);
		clock.advance(60 * MINUTE);
		const retry = await control.call('POST', `/deliveries/${id}/redeliver`);
		expect(retry.status).toBe(200);
		expect(trigger.received.map((r) => [r.status, r.items.length])).toEqual([
			[200, 1],
			[200, 0],
		]);
	});

	describe('deliveries sent by hand', () => {
		const body = Buffer.from(
			JSON.stringify({
				productionOrderExpanded: { id: 10001, uniqueId: 'X', fulfilmentStatus: 'FINISHED' },
			}),
		);
		const failedBody = Buffer.from(
			JSON.stringify({
				productionOrderProcessingError: {
					error: 'Motive file broken',
					orderId: 10001,
					uniqueId: 'X',
				},
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
			const secretText = await secretOf('orders/fulfilled');
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

		test.each([
			['orders/fulfilled', body],
			['orders/failed', failedBody],
		])(
			'%s: byte-identical deliveries seconds apart are distinct events, both emitted; their retries an hour later start nothing',
			async (topic, bytes) => {
				await start([topic]);
				const signature = sign(await secretOf(topic), bytes);
				const send = () => trigger.deliver({ headers: headers(topic, signature), body: bytes });
				const first = await send();
				clock.advance(5 * 1000);
				const twin = await send();
				expect([first.status, twin.status]).toEqual([200, 200]);
				expect([first.items.length, twin.items.length]).toEqual([1, 1]);
				expect(trigger.emitted[0]).toEqual(trigger.emitted[1]);
				expect(trigger.emitted[0].topic).toBe(topic);

				// The service retries each of them an hour after it failed to see its answer.
				clock.advance(60 * MINUTE - 5 * 1000);
				const retries = [await send()];
				clock.advance(5 * 1000);
				retries.push(await send());
				expect(retries.map((r) => [r.status, r.items.length])).toEqual([
					[200, 0],
					[200, 0],
				]);
				expect(trigger.emitted).toHaveLength(2);
			},
		);

		test('without a delivery id, the same topic and body are recognised as a redelivery an hour later and up to 48 hours; after 49 hours they are new', async () => {
			await start(['orders/fulfilled']);
			const signature = sign(await secretOf('orders/fulfilled'), body);
			const send = async () =>
				(await trigger.deliver({ headers: headers('orders/fulfilled', signature), body })).items
					.length;
			expect(await send()).toBe(1);
			clock.advance(60 * MINUTE);
			expect(await send()).toBe(0);
			clock.advance(47 * HOUR - 60 * MINUTE);
			expect(await send()).toBe(0);
			clock.advance(3 * HOUR); // 50 hours after the first: past the retry window
			expect(await send()).toBe(1);
			expect(trigger.received.map((r) => r.status)).toEqual([200, 200, 200, 200]);
			expect(trigger.emitted).toHaveLength(2);
		});

		test('the event carries deliveryId only where a deployment sent a delivery id header (option deliveryIdHeader), and its memory does not use it', async () => {
			await start(['orders/fulfilled']);
			const signature = sign(await secretOf('orders/fulfilled'), body);
			const plain = await trigger.deliver({
				headers: headers('orders/fulfilled', signature),
				body,
			});
			expect(plain.items[0].json).not.toHaveProperty('deliveryId');
			// The retry an hour later with an id header it never had: still the same delivery.
			clock.advance(60 * MINUTE);
			const withId = await trigger.deliver({
				headers: headers('orders/fulfilled', signature, { 'x-platform-delivery-id': 'd-7' }),
				body,
			});
			expect(withId.items).toEqual([]);
			clock.advance(50 * HOUR);
			const later = await trigger.deliver({
				headers: headers('orders/fulfilled', signature, { 'x-platform-delivery-id': 'd-8' }),
				body,
			});
			expect(later.items[0].json.deliveryId).toBe('d-8');
		});

		test('a byte-identical delivery 54 minutes later is emitted: the service retries no sooner than an hour', async () => {
			await start(['orders/fulfilled']);
			const signature = sign(await secretOf('orders/fulfilled'), body);
			const send = async () =>
				(await trigger.deliver({ headers: headers('orders/fulfilled', signature), body })).items
					.length;
			expect(await send()).toBe(1);
			clock.advance(54 * MINUTE);
			expect(await send()).toBe(1);
			// Six minutes later: the retry of the first one (an hour after it), not a new event.
			clock.advance(6 * MINUTE);
			expect(await send()).toBe(0);
			expect(trigger.emitted).toHaveLength(2);
		});

		test('with Ignore Redeliveries off, the retry an hour later is emitted again', async () => {
			await start(['orders/fulfilled'], { options: { ignoreRedeliveries: false } });
			const signature = sign(await secretOf('orders/fulfilled'), body);
			const extra = { 'x-platform-delivery-id': 'd-1' };
			await trigger.deliver({ headers: headers('orders/fulfilled', signature, extra), body });
			clock.advance(60 * MINUTE);
			const retry = await trigger.deliver({
				headers: headers('orders/fulfilled', signature, extra),
				body,
			});
			expect(retry.items).toHaveLength(1);
			expect(trigger.emitted).toHaveLength(2);
			// Nothing is remembered either.
			expect(trigger.staticData.deliveries).toBeUndefined();
		});

		test('a branded header prefix is honoured and the default headers are then refused', async () => {
			await start(['orders/fulfilled'], { options: { headerPrefix: 'x-acme' } });
			const signature = sign(await secretOf('orders/fulfilled'), body);
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
			const secretText = await secretOf('orders/updated');
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

	test('orders/failed twins from the service (the same failure reported twice) are both emitted; their retries an hour later start nothing', async () => {
		await start(['orders/failed']);
		// Unpaid, so it stays before production: its processing fails twice with the same error.
		const orderId = await submitOrder(service, { financialStatus: 'PENDING' });
		await eventually(async () =>
			expect((await control.call('GET', `/orders/${orderId}`)).handedOff).toBe(true),
		);
		await control.call('POST', `/orders/${orderId}/fail`, { error: 'Motive file broken' });
		await control.call('POST', `/orders/${orderId}/fail`, { error: 'Motive file broken' });
		const twins = await eventually(async () => {
			const all = await control.deliveries();
			expect(all.map((d) => d.status)).toEqual([200, 200]);
			return all;
		});
		expect(twins[1].body).toBe(twins[0].body);
		expect(twins[1].deliveryId).not.toBe(twins[0].deliveryId);
		// Byte for byte the same, so the same key: told apart by when they came, not by an id.
		expect(trigger.emitted.map((e) => e.deliveryKey)).toEqual(twins.map(keyOf));
		expect(trigger.emitted.some((e) => 'deliveryId' in e)).toBe(false);
		expect(trigger.emitted.map((e) => e.error)).toEqual([
			'Motive file broken',
			'Motive file broken',
		]);

		clock.advance(60 * MINUTE);
		for (const twin of twins) {
			const attempt = await control.call('POST', `/deliveries/${twin.deliveryId}/redeliver`);
			expect(attempt.status).toBe(200);
		}
		expect(trigger.received.map((r) => r.items.length)).toEqual([1, 1, 0, 0]);
		expect(trigger.emitted).toHaveLength(2);
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
		expect(failed).toMatchObject({
			topic: 'orders/failed',
			id: orderId,
			error: 'Motive file broken',
		});
		expect(splitted).toMatchObject({ topic: 'orders/splitted', id: orderId });
		expect(splitted.childOrderIds).toEqual(split.children.map((c: Json) => c.id));
	});
});

function portOf(address: string): number {
	return Number(new URL(address).port);
}
