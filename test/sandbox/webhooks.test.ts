/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- the sandbox is a Node server, never shipped */
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { signBody, startSandbox, type Sandbox } from '../../sandbox';
import { eventually } from '../support/eventually';
import { SandboxControl, SHOP_PATH } from '../support/sandbox';
import { deferredOrder, list, Receiver, ServiceClient, type Json } from '../support/service';

/** An independent implementation of the contract's signature rule, to check deliveries with. */
function expectedSignature(secret: string, body: Buffer): string {
	const key = createHash('sha256').update(secret, 'utf8').digest('hex');
	return createHmac('sha256', key).update(body).digest('base64');
}

const vectorsFile = join(__dirname, '..', '..', 'docs', 'service', 'signature-vectors.json');

describe('sandbox: webhooks', () => {
	let sandbox: Sandbox;
	let control: SandboxControl;
	let demo: ServiceClient;
	let receiver: Receiver;

	beforeAll(async () => {
		// The plain default, also under SANDBOX_OPTIONS=all: no delivery id header, repeats stored.
		sandbox = await startSandbox({
			port: 0,
			deferredProcessingMs: 10,
			deliveryIdHeader: false,
			refuseRepeatedSubscription: false,
		});
		control = new SandboxControl(sandbox);
		demo = new ServiceClient(sandbox.baseUrl);
		receiver = await new Receiver().start();
	});
	afterAll(async () => {
		await sandbox.close();
		await receiver.close();
	});
	beforeEach(async () => {
		await control.call('POST', '/reset');
		await demo.login();
		receiver.received = [];
		receiver.status = 200;
	});

	const subscribe = async (topic: string, extra: Json = {}) => {
		const result = await demo.post(`${SHOP_PATH}/webhooks`, {
			webhook: {
				address: `${receiver.url}/hook`,
				topic,
				secret: 's3cr3t',
				mediaType: 'JSON',
				...extra,
			},
		});
		expect(result.status).toBe(200);
		return result.json.webhook.id as number;
	};
	const submitPaid = async (overrides: Json = {}) =>
		(await demo.post(`${SHOP_PATH}/orders/usingCreatorSE`, deferredOrder(overrides))).json
			.productionOrderSubmited.id as number;

	test('the signature matches every vector of the specification (docs/service/signature-vectors.json)', () => {
		const { vectors } = JSON.parse(readFileSync(vectorsFile, 'utf8'));
		expect(vectors.length).toBeGreaterThanOrEqual(4);
		for (const vector of vectors) {
			const body = Buffer.from(vector.bodyUtf8, 'utf8');
			expect(createHash('sha256').update(vector.secret, 'utf8').digest('hex')).toBe(vector.keyHex);
			expect(signBody(vector.secret, body)).toBe(vector['x-platform-hmac-sha256']);
		}
	});

	test('create, list, get, update and delete a subscription', async () => {
		const id = await subscribe('orders/updated');
		const got = (await demo.get(`${SHOP_PATH}/webhooks/${id}`)).json.webhook;
		expect(got).toMatchObject({
			id,
			address: `${receiver.url}/hook`,
			topic: 'orders/updated',
			secret: 's3cr3t',
			mediaType: 'JSON',
		});
		expect(list(got['atom.link'])[0]['@href']).toBe(
			`${sandbox.baseUrl}${SHOP_PATH}/webhooks/${id}`,
		);
		await subscribe('orders/fulfilled');
		expect((await demo.get(`${SHOP_PATH}/webhooks`)).json.pagedData.totalElements).toBe(2);

		const updated = await demo.put(`${SHOP_PATH}/webhooks/${id}`, {
			webhook: { mediaType: 'XML', topic: 'orders/cancelled' },
		});
		expect(updated.status).toBe(200);
		expect(updated.json.webhook).toMatchObject({
			topic: 'orders/cancelled',
			mediaType: 'XML',
			address: `${receiver.url}/hook`,
		});

		expect((await demo.delete(`${SHOP_PATH}/webhooks/${id}`)).status).toBe(204);
		expect((await demo.get(`${SHOP_PATH}/webhooks/${id}`)).status).toBe(404);
		expect((await demo.delete(`${SHOP_PATH}/webhooks/${id}`)).status).toBe(404);
		expect((await demo.get(`${SHOP_PATH}/webhooks`)).json.pagedData.totalElements).toBe(1);
		expect((await demo.get(`/accounts/387/shops/1598/webhooks/${id}`)).status).toBe(404);
	});

	test.each<[string, Json]>([
		['missing address', { topic: 'orders/updated' }],
		['relative address', { address: '/hook', topic: 'orders/updated' }],
		['ftp address', { address: 'ftp://x.example.com/', topic: 'orders/updated' }],
		['unknown topic', { address: 'http://127.0.0.1:1/x', topic: 'orders/created' }],
		['missing topic', { address: 'http://127.0.0.1:1/x' }],
		[
			'bad media type',
			{ address: 'http://127.0.0.1:1/x', topic: 'orders/updated', mediaType: 'YAML' },
		],
	])('400 on create: %s', async (_name, webhook) => {
		expect((await demo.post(`${SHOP_PATH}/webhooks`, { webhook })).status).toBe(400);
	});

	test('400 without the webhook root; a repeated address and topic is stored (the contract refuses no repeat); 403 for the viewer', async () => {
		expect(
			(
				await demo.post(`${SHOP_PATH}/webhooks`, {
					address: 'http://127.0.0.1:1/x',
					topic: 'orders/updated',
				})
			).status,
		).toBe(400);
		const first = await subscribe('orders/updated');
		const repeat = await demo.post(`${SHOP_PATH}/webhooks`, {
			webhook: { address: `${receiver.url}/hook`, topic: 'orders/updated' },
		});
		expect(repeat.status).toBe(200);
		expect(repeat.json.webhook.id).not.toBe(first);
		const viewer = new ServiceClient(sandbox.baseUrl);
		await viewer.login('viewer');
		expect(
			(
				await viewer.post(`${SHOP_PATH}/webhooks`, {
					webhook: { address: 'http://127.0.0.1:1/y', topic: 'orders/updated' },
				})
			).status,
		).toBe(403);
		expect((await viewer.get(`${SHOP_PATH}/webhooks`)).status).toBe(200);
	});

	test("the sandbox's choices where the contract shows no condition (README): acknowledged at hand-off, then production; readyForProduction on PREPARED_TO_PRODUCE; signed, in order", async () => {
		for (const topic of ['orders/updated', 'orders/readyForProduction', 'orders/acknowledged'])
			await subscribe(topic);
		const id = await submitPaid();
		await eventually(async () =>
			expect((await control.order(id)).fulfilmentStatus).toBe('PREPARED_TO_PRODUCE'),
		);
		await eventually(() => expect(receiver.received.length).toBeGreaterThanOrEqual(4));
		expect(receiver.topics()).toEqual([
			'orders/acknowledged',
			'orders/updated',
			'orders/updated',
			'orders/readyForProduction',
		]);
		for (const hook of receiver.received) {
			expect(hook.headers['x-platform-hmac-sha256']).toBe(expectedSignature('s3cr3t', hook.body));
			expect(hook.headers['content-type']).toMatch(/application\/json/);
			// The contract's two headers only: no delivery id without the option deliveryIdHeader.
			expect(hook.headers).not.toHaveProperty('x-platform-delivery-id');
			expect(JSON.parse(hook.body.toString()).productionOrderExpanded.id).toBe(id);
		}
		const statuses = receiver.received
			.filter((h) => h.headers['x-platform-topic'] === 'orders/updated')
			.map((h) => JSON.parse(h.body.toString()).productionOrderExpanded.fulfilmentStatus);
		expect(statuses).toEqual(['WAITING_FOR_RESOURCES', 'PREPARED_TO_PRODUCE']);
		expect((await control.call('GET', '/stats')).deliveriesAttempted).toBe(4);
	});

	test("the contract's rules (Events rule 5): orders/updated on every status change, payment too; orders/fulfilled on FINISHED and orders/cancelled on CANCELLED, and only there", async () => {
		for (const topic of ['orders/updated', 'orders/fulfilled', 'orders/cancelled'])
			await subscribe(topic);
		const statusOf = (hook: { body: Buffer }) => {
			const order = JSON.parse(hook.body.toString()).productionOrderExpanded;
			return `${order.financialStatus}|${order.fulfilmentStatus ?? ''}`;
		};
		const seen = (orderId: number) =>
			receiver.received
				.filter((h) => JSON.parse(h.body.toString()).productionOrderExpanded.id === orderId)
				.map((h) => `${String(h.headers['x-platform-topic'])} ${statusOf(h)}`);

		// Shipped: paid after hand-off, through production.
		const shipped = await submitPaid({ financialStatus: 'PENDING' });
		await eventually(async () => expect((await control.order(shipped)).handedOff).toBe(true));
		await control.call('POST', `/orders/${shipped}/pay`);
		await control.call('POST', `/orders/${shipped}/advance`, { to: 'NOT_EDITABLE' });
		await control.call('POST', `/orders/${shipped}/ship`, {});
		// Cancelled: a cancellation requested, then confirmed.
		const cancelled = await submitPaid();
		await eventually(async () =>
			expect((await control.order(cancelled)).fulfilmentStatus).toBe('PREPARED_TO_PRODUCE'),
		);
		await control.call('POST', `/orders/${cancelled}/advance`, { to: 'NOT_EDITABLE' });
		expect((await demo.delete(`${SHOP_PATH}/orders/${cancelled}/cancelOrder`)).status).toBe(204);
		await control.call('POST', `/orders/${cancelled}/cancel-confirm`);

		await eventually(() => expect(seen(cancelled).at(-1)).toBe('orders/cancelled PAID|CANCELLED'));
		expect(seen(shipped)).toEqual([
			'orders/updated PAID|',
			'orders/updated PAID|WAITING_FOR_RESOURCES',
			'orders/updated PAID|PREPARED_TO_PRODUCE',
			'orders/updated PAID|NOT_EDITABLE',
			'orders/updated PAID|FINISHED',
			// The quirk fulfilledAsFULFILLED: the contract's notification example spells it so.
			'orders/fulfilled PAID|FULFILLED',
		]);
		expect(seen(cancelled)).toEqual([
			'orders/updated PAID|WAITING_FOR_RESOURCES',
			'orders/updated PAID|PREPARED_TO_PRODUCE',
			'orders/updated PAID|NOT_EDITABLE',
			'orders/updated PAID|CANCELLATION_WAITING',
			'orders/updated PAID|CANCELLED',
			'orders/cancelled PAID|CANCELLED',
		]);
	});

	test('orders/fulfilled carries fulfillments and says FULFILLED (quirk), FINISHED without it', async () => {
		await subscribe('orders/fulfilled');
		const id = await submitPaid();
		await eventually(async () =>
			expect((await control.order(id)).fulfilmentStatus).toBe('PREPARED_TO_PRODUCE'),
		);
		await control.call('POST', `/orders/${id}/advance`);
		await control.call('POST', `/orders/${id}/ship`, {
			trackingNumber: 'TN-42',
			trackingUrl: 'https://track.example.com/TN-42',
		});
		await eventually(() => expect(receiver.received).toHaveLength(1));
		const payload = JSON.parse(receiver.received[0].body.toString()).productionOrderExpanded;
		expect(payload.fulfilmentStatus).toBe('FULFILLED');
		expect(payload.fulfillments.orderFulfillmentExpanded).toMatchObject({
			trackingNumber: 'TN-42',
			trackingUrl: 'https://track.example.com/TN-42',
		});
		expect(payload.orderedProducts.designedOrderedProduct).toMatchObject({ amount: 2 });
		expect(list(payload['atom.link']).map((l) => l['@rel'])).toContain('self');
		// The order itself says FINISHED.
		expect(
			(await demo.get(`${SHOP_PATH}/orders/expanded/${id}`)).json.productionOrderExpanded
				.fulfilmentStatus,
		).toBe('FINISHED');

		await control.call('PUT', '/quirks', { fulfilledAsFULFILLED: false });
		const second = await submitPaid();
		await eventually(async () =>
			expect((await control.order(second)).fulfilmentStatus).toBe('PREPARED_TO_PRODUCE'),
		);
		await control.call('POST', `/orders/${second}/advance`, { to: 'FINISHED' });
		await eventually(() => expect(receiver.received).toHaveLength(2));
		expect(
			JSON.parse(receiver.received[1].body.toString()).productionOrderExpanded.fulfilmentStatus,
		).toBe('FINISHED');
	});

	test('orders/cancelled, orders/failed and orders/splitted payloads', async () => {
		for (const topic of ['orders/cancelled', 'orders/failed', 'orders/splitted'])
			await subscribe(topic);
		const id = await submitPaid({
			uniqueId: 'EV-1',
			passthroughItems: {
				creatorse_passthroughItem: [{ sku: 'P-1', quantity: 1, referenceId: 'REF-1' }],
			},
		});
		await eventually(async () =>
			expect((await control.order(id)).fulfilmentStatus).toBe('PREPARED_TO_PRODUCE'),
		);
		await control.call('POST', `/orders/${id}/split`, { parts: 2 });
		await control.call('POST', `/orders/${id}/advance`);
		await demo.delete(`${SHOP_PATH}/orders/${id}/cancelOrder`);
		await control.call('POST', `/orders/${id}/cancel-confirm`);
		const pending = await submitPaid({ financialStatus: 'PENDING', uniqueId: 'EV-2' });
		await eventually(async () => expect((await control.order(pending)).handedOff).toBe(true));
		await control.call('POST', `/orders/${pending}/fail`, { error: 'motive file unreadable' });
		await eventually(() => expect(receiver.received).toHaveLength(3));
		const byTopic = Object.fromEntries(
			receiver.received.map((h) => [h.headers['x-platform-topic'], JSON.parse(h.body.toString())]),
		);
		expect(byTopic['orders/splitted'].productionOrderSplitted).toMatchObject({
			orderId: id,
			uniqueId: 'EV-1',
			customReferences: 'REF-1',
		});
		expect(list(byTopic['orders/splitted'].productionOrderSplitted.childOrderIds)).toHaveLength(2);
		expect(byTopic['orders/cancelled'].productionOrderExpanded).toMatchObject({
			id,
			fulfilmentStatus: 'CANCELLED',
		});
		expect(byTopic['orders/failed'].productionOrderProcessingError).toEqual({
			error: 'motive file unreadable',
			orderId: pending,
			uniqueId: 'EV-2',
			customReferences: '',
		});
	});

	test('XML subscriptions get XML bodies, signed over the exact bytes', async () => {
		await subscribe('orders/acknowledged', { mediaType: 'XML', secret: 'Grüße-🔐' });
		const id = await submitPaid();
		await eventually(() => expect(receiver.received).toHaveLength(1));
		const hook = receiver.received[0];
		expect(hook.headers['content-type']).toMatch(/application\/xml/);
		const text = hook.body.toString('utf8');
		expect(text).toMatch(/^<\?xml/);
		expect(text).toContain(
			`<productionOrderExpanded xmlns:atom="http://www.w3.org/2005/Atom"><id>${id}</id>`,
		);
		expect(text).toMatch(/<atom:link rel="self" href="[^"]+"\/>/);
		expect(hook.headers['x-platform-hmac-sha256']).toBe(expectedSignature('Grüße-🔐', hook.body));
	});

	test('failures (500, redirect) are retried hourly on the virtual clock for 48 hours', async () => {
		await subscribe('orders/acknowledged');
		receiver.status = 500;
		await submitPaid();
		await eventually(() => expect(receiver.received).toHaveLength(1));
		const [first] = (await control.call('GET', '/deliveries')) as Json[];
		expect(first).toMatchObject({
			attempt: 1,
			status: 500,
			topic: 'orders/acknowledged',
			address: `${receiver.url}/hook`,
		});
		expect(JSON.parse(first.body).productionOrderExpanded).toBeTruthy();

		await control.call('POST', '/clock/advance', { minutes: 59 });
		expect(await control.call('GET', '/deliveries')).toHaveLength(1);
		receiver.status = 302;
		await control.call('POST', '/clock/advance', { minutes: 1 });
		let attempts = await control.call('GET', '/deliveries');
		expect(attempts).toHaveLength(2);
		expect(attempts[1]).toMatchObject({ attempt: 2, status: 302, deliveryId: first.deliveryId });
		expect(attempts[1].at - first.at).toBe(60 * 60 * 1000);
		// Every retry the same bytes and signature, and no delivery id header.
		expect(receiver.received[1].body.equals(receiver.received[0].body)).toBe(true);
		expect(receiver.received.some((h) => 'x-platform-delivery-id' in h.headers)).toBe(false);

		// Far beyond the window: retries stop after 48 hours (1 first attempt + 48 retries).
		await control.call('POST', '/clock/advance', { minutes: 60 * 72 });
		attempts = await control.call('GET', '/deliveries');
		expect(attempts).toHaveLength(49);
		expect(attempts[48].at - first.at).toBe(48 * 60 * 60 * 1000);
		await control.call('POST', '/clock/advance', { minutes: 600 });
		expect(await control.call('GET', '/deliveries')).toHaveLength(49);
	});

	test('a retry that gets 200 ends the retries; redeliver resends the same delivery', async () => {
		await subscribe('orders/acknowledged');
		receiver.status = 503;
		await submitPaid();
		await eventually(() => expect(receiver.received).toHaveLength(1));
		receiver.status = 200;
		await control.call('POST', '/clock/advance', { minutes: 60 });
		await control.call('POST', '/clock/advance', { minutes: 180 });
		const attempts = await control.call('GET', '/deliveries');
		expect(attempts.map((a: Json) => a.status)).toEqual([503, 200]);

		const again = await control.call('POST', `/deliveries/${attempts[0].deliveryId}/redeliver`);
		expect(again).toMatchObject({ deliveryId: attempts[0].deliveryId, attempt: 3, status: 200 });
		expect(receiver.received).toHaveLength(3);
		expect(receiver.received[2].body.equals(receiver.received[0].body)).toBe(true);
		expect(receiver.received[2].headers['x-platform-hmac-sha256']).toBe(
			receiver.received[0].headers['x-platform-hmac-sha256'],
		);
		expect((await control.answer('POST', '/deliveries/nope/redeliver')).status).toBe(404);
	});

	test('a refused connection is status 0 and retried', async () => {
		const closed = await new Receiver().start();
		const deadUrl = closed.url;
		await closed.close();
		await demo.post(`${SHOP_PATH}/webhooks`, {
			webhook: { address: `${deadUrl}/gone`, topic: 'orders/acknowledged' },
		});
		await submitPaid();
		await eventually(async () => expect(await control.deliveries()).toHaveLength(1));
		expect((await control.call('GET', '/deliveries'))[0].status).toBe(0);
		await control.call('POST', '/clock/advance', { minutes: 120 });
		expect(await control.call('GET', '/deliveries')).toHaveLength(3);
	});

	test('testOrderEvent sends the subscription topic about an order; unknown order or hook is 404', async () => {
		const hookId = await subscribe('orders/updated');
		const id = await submitPaid({ financialStatus: 'PENDING' });
		const sent = await demo.post(`${SHOP_PATH}/webhooks/${hookId}/testOrderEvent/${id}`);
		expect(sent.status).toBe(204);
		expect(receiver.received).toHaveLength(1);
		expect(receiver.received[0].headers['x-platform-topic']).toBe('orders/updated');
		expect(receiver.received[0].headers).not.toHaveProperty('x-platform-delivery-id');
		expect(sent.headers).not.toHaveProperty('x-platform-delivery-id');
		expect((await demo.post(`${SHOP_PATH}/webhooks/${hookId}/testOrderEvent/999999`)).status).toBe(
			404,
		);
		expect((await demo.post(`${SHOP_PATH}/webhooks/999/testOrderEvent/${id}`)).status).toBe(404);
	});

	test('control events fire a topic now, to all matching subscriptions or to one', async () => {
		const failedHook = await subscribe('orders/failed');
		await subscribe('orders/updated');
		const id = await submitPaid({ financialStatus: 'PENDING' });
		receiver.received = [];
		const fired = await control.call('POST', '/events', {
			topic: 'orders/failed',
			orderId: id,
			error: 'boom',
		});
		expect(fired.deliveryIds).toHaveLength(1);
		expect(receiver.topics()).toEqual(['orders/failed']);
		expect(
			JSON.parse(receiver.received[0].body.toString()).productionOrderProcessingError.error,
		).toBe('boom');
		await control.call('POST', '/events', {
			topic: 'orders/splitted',
			orderId: id,
			subscriptionId: failedHook,
		});
		expect(receiver.topics()).toEqual(['orders/failed', 'orders/splitted']);
		expect((await control.answer('POST', '/events', { topic: 'nope', orderId: id })).status).toBe(
			400,
		);
		expect(
			(await control.answer('POST', '/events', { topic: 'orders/updated', orderId: 1 })).status,
		).toBe(404);
	});
});

describe('sandbox: webhooks with the options deliveryIdHeader and refuseRepeatedSubscription', () => {
	let sandbox: Sandbox;
	let control: SandboxControl;
	let demo: ServiceClient;
	let receiver: Receiver;

	beforeAll(async () => {
		sandbox = await startSandbox({
			port: 0,
			deferredProcessingMs: 10,
			deliveryIdHeader: true,
			refuseRepeatedSubscription: true,
		});
		control = new SandboxControl(sandbox);
		demo = new ServiceClient(sandbox.baseUrl);
		receiver = await new Receiver().start();
	});
	afterAll(async () => {
		await sandbox.close();
		await receiver.close();
	});
	beforeEach(async () => {
		await control.call('POST', '/reset');
		await demo.login();
		receiver.received = [];
		receiver.status = 200;
	});

	const subscribe = async (topic: string) =>
		await demo.post(`${SHOP_PATH}/webhooks`, {
			webhook: { address: `${receiver.url}/hook`, topic, secret: 's3cr3t' },
		});

	test('a second subscription with the same address and topic is 409; another topic is not', async () => {
		expect((await subscribe('orders/updated')).status).toBe(200);
		const repeat = await subscribe('orders/updated');
		expect(repeat.status).toBe(409);
		expect(repeat.json.exception.message).toBe('Duplicate webhook subscription');
		expect((await subscribe('orders/fulfilled')).status).toBe(200);
	});

	test('deliveries carry x-platform-delivery-id, the same on retries, redeliveries and in the testOrderEvent answer', async () => {
		const hookId = (await subscribe('orders/acknowledged')).json.webhook.id as number;
		receiver.status = 500;
		const id = (await demo.post(`${SHOP_PATH}/orders/usingCreatorSE`, deferredOrder())).json
			.productionOrderSubmited.id as number;
		await eventually(() => expect(receiver.received).toHaveLength(1));
		receiver.status = 200;
		await control.call('POST', '/clock/advance', { minutes: 60 });
		const [first] = (await control.call('GET', '/deliveries')) as Json[];
		await control.call('POST', `/deliveries/${first.deliveryId}/redeliver`);
		expect(receiver.received).toHaveLength(3);
		expect(receiver.received.map((h) => h.headers['x-platform-delivery-id'])).toEqual([
			first.deliveryId,
			first.deliveryId,
			first.deliveryId,
		]);
		expect(first.deliveryId).toMatch(/^[0-9a-f-]{36}$/);

		const sent = await demo.post(`${SHOP_PATH}/webhooks/${hookId}/testOrderEvent/${id}`);
		expect(sent.status).toBe(204);
		expect(receiver.received[3].headers['x-platform-delivery-id']).toBe(
			sent.headers['x-platform-delivery-id'],
		);
	});
});
