import type { INodeParameters } from 'n8n-workflow';

import { signBody, startSandbox, type Sandbox } from '../../sandbox';
import { Receiver, ServiceClient, deferredOrder, list, type Json } from '../support/service';
import { CredentialStore, runNode } from '../support/n8n';
import { SandboxControl, sandboxCredentials, SHOP_PATH, shopParameter } from '../support/sandbox';

describe('Webhook Subscription resource', () => {
	let sandbox: Sandbox;
	let control: SandboxControl;
	let service: ServiceClient;
	let receiver: Receiver;
	let store: CredentialStore;

	const credential = (mediaType: 'json' | 'xml') =>
		sandboxCredentials(sandbox, { accountId: '387', mediaType });

	beforeAll(async () => {
		// Repeats stored (the plain default), also under SANDBOX_OPTIONS=all.
		sandbox = await startSandbox({ port: 0, refuseRepeatedSubscription: false });
		control = new SandboxControl(sandbox);
		service = new ServiceClient(sandbox.baseUrl);
		await service.login();
		receiver = await new Receiver().start();
		store = credential('json');
	});
	afterAll(async () => {
		await receiver.close();
		await sandbox.close();
	});

	const run = async (parameters: INodeParameters, runStore = store) => {
		const result = await runNode({
			store: runStore,
			parameters: { resource: 'webhook', shop: shopParameter(), ...parameters },
		});
		if (result.error) throw result.error;
		return result.items;
	};
	const failure = async (parameters: INodeParameters) => {
		const result = await runNode({
			store,
			parameters: { resource: 'webhook', shop: shopParameter(), ...parameters },
		});
		expect(result.error).toBeDefined();
		return result.error!;
	};
	const stored = async (id: unknown): Promise<Json> => {
		const answer = await service.get(`${SHOP_PATH}/webhooks/${id}`);
		return { status: answer.status, ...(answer.json.webhook ?? {}) };
	};
	const webhookPosts = async () =>
		((await control.call('GET', '/requests')) as Json[]).filter(
			(r) => r.method === 'POST' && /\/webhooks$/.test(String(r.path)),
		).length;
	let n = 0;
	const address = () => `${receiver.url}/hooks/${++n}`;

	test('Create generates a secret when none is given and returns it once', async () => {
		const url = address();
		const [created] = await run({ operation: 'create', address: url, topic: 'orders/fulfilled' });
		expect(created.json).toMatchObject({
			id: expect.any(Number),
			address: url,
			topic: 'orders/fulfilled',
			mediaType: 'JSON',
			secret: expect.stringMatching(/^[0-9a-f]{64}$/),
		});
		const server = await stored(created.json.id);
		expect(server).toMatchObject({
			status: 200,
			address: url,
			topic: 'orders/fulfilled',
			mediaType: 'JSON',
		});
		expect(server.secret).toBe(created.json.secret);

		const [other] = await run({
			operation: 'create',
			address: address(),
			topic: 'orders/fulfilled',
		});
		expect(other.json.secret).not.toBe(created.json.secret);
	});

	test('Create keeps a given secret and media type XML, also over an XML credential', async () => {
		const url = address();
		const [created] = await run(
			{
				operation: 'create',
				address: url,
				topic: 'orders/failed',
				secret: 's3cret',
				mediaType: 'XML',
			},
			credential('xml'),
		);
		expect(created.json).toMatchObject({
			address: url,
			topic: 'orders/failed',
			mediaType: 'XML',
			secret: 's3cret',
		});
		expect(await stored(created.json.id)).toMatchObject({ secret: 's3cret', mediaType: 'XML' });
	});

	test('Get and Get Many never show the secret; Get Many takes a built filter', async () => {
		const url = address();
		const [created] = await run({ operation: 'create', address: url, topic: 'orders/splitted' });
		const [got] = await run({ operation: 'get', webhookId: String(created.json.id) });
		expect(got.json).toMatchObject({
			id: created.json.id,
			address: url,
			topic: 'orders/splitted',
			hasSecret: true,
		});
		expect(got.json).not.toHaveProperty('secret');

		const all = await run({ operation: 'getAll', returnAll: true });
		expect(all.length).toBeGreaterThanOrEqual(4);
		for (const item of all) expect(item.json).not.toHaveProperty('secret');
		expect(JSON.stringify(all)).not.toContain(String(created.json.secret));

		const split = await run({
			operation: 'getAll',
			returnAll: true,
			filterMode: 'build',
			filterConditions: {
				condition: [
					{ conditionType: 'simple', property: 'topic', operator: 'eq', value: 'orders/splitted' },
				],
			},
		});
		expect(split.map((item) => item.json.id)).toEqual([created.json.id]);

		const limited = await run({ operation: 'getAll', returnAll: false, limit: 2 });
		expect(limited).toHaveLength(2);
	});

	test('Update changes only what is set and sends the rest as it was', async () => {
		const url = address();
		const [created] = await run({
			operation: 'create',
			address: url,
			topic: 'orders/updated',
			mediaType: 'XML',
		});
		const moved = address();
		const [updated] = await run({
			operation: 'update',
			webhookId: String(created.json.id),
			updateFields: { address: moved },
		});
		expect(updated.json).toMatchObject({
			id: created.json.id,
			address: moved,
			topic: 'orders/updated',
			mediaType: 'XML',
		});
		expect(updated.json).not.toHaveProperty('secret');
		expect(await stored(created.json.id)).toMatchObject({
			address: moved,
			topic: 'orders/updated',
			mediaType: 'XML',
			secret: created.json.secret,
		});

		const [topicAndType] = await run({
			operation: 'update',
			webhookId: String(created.json.id),
			updateFields: { topic: 'orders/cancelled', mediaType: 'JSON', secret: 'given-secret' },
		});
		expect(topicAndType.json).not.toHaveProperty('secret');
		expect(await stored(created.json.id)).toMatchObject({
			address: moved,
			topic: 'orders/cancelled',
			mediaType: 'JSON',
			secret: 'given-secret',
		});

		const [rotated] = await run({
			operation: 'update',
			webhookId: String(created.json.id),
			updateFields: { generateSecret: true },
		});
		expect(rotated.json.secret).toMatch(/^[0-9a-f]{64}$/);
		expect((await stored(created.json.id)).secret).toBe(rotated.json.secret);
	});

	test('Delete returns { deleted: true } and the subscription is gone', async () => {
		const [created] = await run({
			operation: 'create',
			address: address(),
			topic: 'orders/updated',
		});
		const [deleted] = await run({ operation: 'delete', webhookId: String(created.json.id) });
		expect(deleted.json).toEqual({ deleted: true });
		expect((await stored(created.json.id)).status).toBe(404);
		const again = await failure({ operation: 'delete', webhookId: String(created.json.id) });
		expect(again.message).toMatch(/not found/i);
	});

	test('Send Test Event makes the service deliver a signed notification of the topic', async () => {
		const url = address();
		const [created] = await run({
			operation: 'create',
			address: url,
			topic: 'orders/readyForProduction',
		});
		const order = await service.post(
			`${SHOP_PATH}/orders/usingCreatorSE`,
			deferredOrder({ financialStatus: 'PENDING' }),
		);
		const orderId = Number((Object.values(order.json)[0] as Json).id);
		const [sent] = await run({
			operation: 'sendTestEvent',
			webhookId: String(created.json.id),
			orderId: String(orderId),
		});
		expect(sent.json).toEqual({ sent: true, webhookId: created.json.id, orderId });

		const deliveries = (await control.call('GET', '/deliveries')) as Json[];
		const mine = deliveries.filter((d) => d.subscriptionId === created.json.id);
		expect(mine).toHaveLength(1);
		expect(mine[0]).toMatchObject({
			topic: 'orders/readyForProduction',
			address: url,
			status: 200,
		});

		const hit = receiver.received.find((r) => r.path === new URL(url).pathname);
		expect(hit).toBeDefined();
		expect(hit!.headers['x-platform-topic']).toBe('orders/readyForProduction');
		expect(hit!.headers['x-platform-hmac-sha256']).toBe(
			signBody(String(created.json.secret), hit!.body),
		);
		expect(JSON.parse(hit!.body.toString()).productionOrderExpanded.id).toBe(orderId);
	});

	test('Create whose answer is lost finds the subscription instead of creating it twice', async () => {
		const url = address();
		await control.call('POST', '/faults', {
			method: 'POST',
			path: '/webhooks$',
			kind: 'drop-after-processing',
			count: 1,
		});
		try {
			const [created] = await run({ operation: 'create', address: url, topic: 'orders/updated' });
			const all = list(
				(await service.get(`${SHOP_PATH}/webhooks?size=100`)).json.pagedData.webhook,
			);
			const same = all.filter((hook) => hook.address === url);
			expect(same).toHaveLength(1);
			expect(created.json).toMatchObject({ id: same[0].id, address: url });
			expect(created.json.secret).toBe(same[0].secret);
			const log = (await control.call('GET', '/requests')) as Json[];
			expect(
				log.some((r) => r.method === 'POST' && r.fault && /\/webhooks$/.test(String(r.path))),
			).toBe(true);
		} finally {
			await control.clearFaults();
		}
	});

	test('bad input stops before anything is sent', async () => {
		const before = await webhookPosts();
		const cases: Array<[INodeParameters, RegExp]> = [
			[
				{ operation: 'create', address: 'example.com/hook', topic: 'orders/updated' },
				/^Item 1: Address must be an absolute http\(s\) URL/,
			],
			[
				{ operation: 'create', address: 'ftp://example.com/hook', topic: 'orders/updated' },
				/Address must be an absolute/,
			],
			[
				{ operation: 'create', address: 'https://example.com/h', topic: '={{ "orders/shipped" }}' },
				/^Item 1: Topic "orders\/shipped" is not one of/,
			],
			[
				{
					operation: 'create',
					address: 'https://example.com/h',
					topic: 'orders/updated',
					mediaType: '={{ "CSV" }}',
				},
				/Media Type must be JSON or XML/,
			],
			[
				{ operation: 'get', webhookId: 'abc' },
				/^Item 1: Webhook Subscription ID must be a whole number, got "abc"/,
			],
			[{ operation: 'update', webhookId: '301', updateFields: {} }, /^Item 1: nothing to update/],
			[
				{
					operation: 'update',
					webhookId: '301',
					updateFields: { secret: 'x', generateSecret: true },
				},
				/both set/,
			],
			[
				{ operation: 'sendTestEvent', webhookId: '301', orderId: 'x12' },
				/^Item 1: Order ID must be a whole number/,
			],
		];
		for (const [parameters, message] of cases) {
			const error = await failure(parameters);
			expect(error.message).toMatch(message);
			expect(error.description).toBeTruthy();
		}
		expect(await webhookPosts()).toBe(before);
	});

	test('a repeated subscription is stored, as the contract refuses none; a missing one surfaces the service error', async () => {
		const url = address();
		const [first] = await run({ operation: 'create', address: url, topic: 'orders/acknowledged' });
		const [again] = await run({ operation: 'create', address: url, topic: 'orders/acknowledged' });
		expect(again.json.id).not.toBe(first.json.id);
		const missing = await failure({ operation: 'get', webhookId: '99999' });
		expect(missing.message).toMatch(/not found/i);
		expect(missing.description).toMatch(/does not exist/);
	});
});

describe('Webhook Subscription resource, on a service that refuses a repeated subscription (option refuseRepeatedSubscription)', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, refuseRepeatedSubscription: true });
	});
	afterAll(async () => await sandbox.close());

	test("the service's 409 is surfaced with its message, never the secret", async () => {
		const store = sandboxCredentials(sandbox, { accountId: '387' });
		const create = async () =>
			await runNode({
				store,
				parameters: {
					resource: 'webhook',
					shop: shopParameter(),
					operation: 'create',
					address: 'http://127.0.0.1:1/hooks/repeat',
					topic: 'orders/acknowledged',
				},
			});
		expect((await create()).error).toBeUndefined();
		const duplicate = (await create()).error;
		expect(duplicate?.message).toMatch(/Duplicate webhook subscription/);
		expect(duplicate?.message).not.toMatch(/[0-9a-f]{64}/);
	});
});
