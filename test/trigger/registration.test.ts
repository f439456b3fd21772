import { createHash } from 'node:crypto';
import type { INodeParameters } from 'n8n-workflow';

import { DEMO, signBody, startSandbox, type Sandbox } from '../../sandbox';
import { PodPlatformTrigger } from '../../nodes/PodPlatformTrigger/PodPlatformTrigger.node';
import { unreachableReason } from '../../nodes/PodPlatformTrigger/reachability';
import { decodeDeliveries } from '../../nodes/PodPlatformTrigger/deliveries';
import { SandboxControl, SHOP_PATH, shopParameter } from '../support/sandbox';
import { TriggerHarness, captureLogs, serviceSecrets } from '../support/trigger';
import { credentialStore, type Json } from './helpers';
import { ServiceClient, subscriptionsOf } from '../support/service';

const shop = shopParameter();
const THREE = ['orders/updated', 'orders/readyForProduction', 'orders/fulfilled'];

function params(topics = THREE, extra: INodeParameters = {}): INodeParameters {
	return { shop, topics, options: {}, ...extra };
}

/** Every string anywhere in a value (keys included), to look for secrets in static data. */
function stringsIn(value: unknown): string[] {
	if (typeof value === 'string') return [value];
	if (typeof value !== 'object' || value === null) return [];
	return Object.entries(value).flatMap(([key, inner]) => [key, ...stringsIn(inner)]);
}

/** Fails when the static data holds a secret, or the key derived from it, as a value or inside one. */
function expectNoSecretIn(staticData: Json, secrets: string[]) {
	expect(secrets.length).toBeGreaterThan(0);
	const forbidden = secrets.flatMap((secret) => [
		secret,
		createHash('sha256').update(secret, 'utf8').digest('hex'),
	]);
	const strings = stringsIn(staticData);
	const text = JSON.stringify(staticData);
	for (const secret of forbidden) {
		expect(strings).not.toContain(secret);
		expect(text).not.toContain(secret);
	}
}

/** A delivery signed with this secret, as the service signs one. */
function signedDelivery(topic: string, secret: string) {
	const body = Buffer.from(
		JSON.stringify({
			productionOrderExpanded: { id: 1, uniqueId: 'U-1', financialStatus: 'PAID' },
		}),
	);
	return {
		headers: {
			'content-type': 'application/json',
			'x-platform-topic': topic,
			'x-platform-hmac-sha256': signBody(secret, body),
		},
		body,
	};
}

describe('trigger: subscriptions on the service', () => {
	let sandbox: Sandbox;
	let control: SandboxControl;
	let service: ServiceClient;
	const harnesses: TriggerHarness[] = [];

	const harness = async (parameters = params(), staticData?: Json) => {
		const created = await new TriggerHarness({
			store: credentialStore(sandbox.baseUrl),
			parameters,
			staticData,
		}).start();
		harnesses.push(created);
		return created;
	};

	const mine = async (address: string) =>
		(await subscriptionsOf(service)).filter((entry) => entry.address === address);

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, deferredProcessingMs: 10 });
		control = new SandboxControl(sandbox);
		service = ServiceClient.as(sandbox.baseUrl);
	});
	afterAll(async () => {
		for (const h of harnesses) await h.close();
		await sandbox.close();
	});
	beforeEach(async () => {
		await control.call('POST', '/reset');
		service = ServiceClient.as(sandbox.baseUrl);
	});

	test('activation makes one subscription per topic, each with its own 32-byte secret on the service; static data holds none', async () => {
		const trigger = await harness();
		expect(await trigger.activate()).toEqual({ existed: false });
		const subs = await mine(trigger.webhookUrl);
		expect(subs.map((s) => s.topic).sort()).toEqual([...THREE].sort());
		expect(subs.every((s) => s.mediaType === 'JSON')).toBe(true);

		const secrets = await serviceSecrets(service, trigger.webhookUrl);
		expect(Object.keys(secrets).sort()).toEqual([...THREE].sort());
		for (const secret of Object.values(secrets)) expect(secret).toMatch(/^[0-9a-f]{64}$/);
		expect(new Set(Object.values(secrets)).size).toBe(3);

		// Static data: the subscription's ID and the nonce its secret is derived from, nothing more.
		const staticData = trigger.staticData;
		const registration = (staticData.registrations as Json)[trigger.webhookUrl];
		expect(registration.shopId).toBe(String(DEMO.shopId));
		for (const sub of subs) {
			const stored = registration.subscriptions[sub.topic];
			expect(Object.keys(stored).sort()).toEqual(['id', 'nonce']);
			expect(String(stored.id)).toBe(String(sub.id));
			expect(stored.nonce).toMatch(/^[0-9a-f]{32}$/);
		}
		expectNoSecretIn(staticData, Object.values(secrets));

		// The service's secret is the one the node checks deliveries against; a forged one is refused.
		const signed = await trigger.deliver(
			signedDelivery('orders/updated', secrets['orders/updated']),
		);
		expect([signed.status, signed.items.length]).toEqual([200, 1]);
		const forged = await trigger.deliver(signedDelivery('orders/updated', 'f'.repeat(64)));
		expect([forged.status, forged.items.length]).toEqual([401, 0]);
		const otherTopic = await trigger.deliver(
			signedDelivery('orders/updated', secrets['orders/fulfilled']),
		);
		expect(otherTopic.status).toBe(401);
		// Nor does the memory of deliveries hold one.
		expect(decodeDeliveries(trigger.staticData.deliveries)).toHaveLength(1);
		expectNoSecretIn(trigger.staticData, Object.values(secrets));
	});

	test("a changed credential password makes checkExists false, and activation renews the service's secrets", async () => {
		const trigger = await harness();
		await trigger.activate();
		const before = await serviceSecrets(service, trigger.webhookUrl);
		expect(await trigger.checkExists()).toBe(true);

		// The credential's new password (the service still takes the session the credential holds:
		// the sandbox has no way to change a password).
		expect(trigger.store.data().sessionToken).toBeTruthy();
		trigger.store.patch({ password: 'a-new-Passw0rd' });
		expect(await trigger.checkExists()).toBe(false);
		expect(await trigger.activate('init')).toEqual({ existed: false });
		const after = await serviceSecrets(service, trigger.webhookUrl);
		for (const topic of THREE) expect(after[topic]).not.toBe(before[topic]);
		expect(await trigger.checkExists()).toBe(true);
		expect(await mine(trigger.webhookUrl)).toHaveLength(3);

		const withOld = await trigger.deliver(
			signedDelivery('orders/updated', before['orders/updated']),
		);
		expect(withOld.status).toBe(401);
		const withNew = await trigger.deliver(
			signedDelivery('orders/updated', after['orders/updated']),
		);
		expect(withNew.status).toBe(200);

		// Back to the old password: the secrets derived from it no longer match what the service holds.
		trigger.store.patch({ password: DEMO.password });
		expect(await trigger.checkExists()).toBe(false);
	});

	test('checkExists is false when the service holds a secret other than the one the node derives', async () => {
		const trigger = await harness();
		await trigger.activate();
		const [sub] = await mine(trigger.webhookUrl);
		await service.put(`${SHOP_PATH}/webhooks/${sub.id}`, { webhook: { secret: 'a'.repeat(64) } });
		expect(await trigger.checkExists()).toBe(false);
		await trigger.activate();
		expect(await trigger.checkExists()).toBe(true);
		const secrets = await serviceSecrets(service, trigger.webhookUrl);
		expect(secrets[sub.topic]).not.toBe('a'.repeat(64));
		const delivered = await trigger.deliver(signedDelivery(sub.topic, secrets[sub.topic]));
		expect(delivered.status).toBe(200);
	});

	test('an execution that was running while the workflow was re-activated does not bring the old subscriptions back when it ends', async () => {
		const trigger = await harness(params(['orders/updated']));
		await trigger.activate();
		const send = async () => {
			const secret = (await serviceSecrets(service, trigger.webhookUrl))['orders/updated'];
			return await trigger.deliver(signedDelivery('orders/updated', secret));
		};
		// A delivery starts an execution whose workflow takes a while.
		let endExecution = () => {};
		let started = () => {};
		const executionStarted = new Promise<void>((resolve) => (started = resolve));
		trigger.restOfWorkflow = async () =>
			await new Promise<void>((end) => {
				endExecution = end;
				started();
			});
		const running = send();
		await executionStarted;

		// Meanwhile the user saves the active workflow with another delivery format: n8n activates
		// it again, and the subscription is renewed.
		trigger.restart(params(['orders/updated'], { options: { mediaType: 'XML' } }), {
			process: false,
		});
		expect(await trigger.activate('update')).toEqual({ existed: false });
		const renewed = (trigger.staticData.registrations as Json)[trigger.webhookUrl];
		expect(await trigger.checkExists()).toBe(true);

		// The execution ends and n8n saves its copy of the static data.
		endExecution();
		expect((await running).items).toHaveLength(1);
		trigger.restOfWorkflow = undefined;
		expect(trigger.savedExecutions).toEqual([1]);
		expect((trigger.staticData.registrations as Json)[trigger.webhookUrl]).toEqual(renewed);
		expect(await trigger.checkExists()).toBe(true);
		const next = await send();
		expect(next.status).toBe(200);
	});

	test('activating twice, after a restart and after saving never adds subscriptions', async () => {
		const trigger = await harness();
		await trigger.activate();
		expect(await trigger.activate()).toEqual({ existed: true });
		trigger.restart();
		expect(await trigger.activate('init')).toEqual({ existed: true });
		trigger.restart(params());
		expect(await trigger.activate('update')).toEqual({ existed: true });
		expect(await mine(trigger.webhookUrl)).toHaveLength(3);
		expect(await subscriptionsOf(service)).toHaveLength(3);
	});

	test('subscriptions left on the service without static data are adopted, with new secrets', async () => {
		const first = await harness();
		await first.activate();
		const before = await mine(first.webhookUrl);

		// Same workflow and node URL, static data lost (an import, a copy, a crash before saving).
		const lost = new TriggerHarness({
			store: credentialStore(sandbox.baseUrl),
			parameters: params(),
		});
		Object.defineProperty(lost, 'webhookBaseUrl', { get: () => first.webhookBaseUrl });
		expect(await lost.checkExists()).toBe(false);
		await lost.activate();
		const after = await mine(first.webhookUrl);
		expect(after).toHaveLength(3);
		expect(after.map((s) => s.id).sort()).toEqual(before.map((s) => s.id).sort());
		const registration = (lost.staticData.registrations as Json)[first.webhookUrl];
		for (const sub of after) {
			expect(String(registration.subscriptions[sub.topic].id)).toBe(String(sub.id));
			expect(sub.secret).toMatch(/^[0-9a-f]{64}$/);
			expect(sub.secret).not.toBe(before.find((b) => b.id === sub.id)!.secret);
		}
		expect(await lost.checkExists()).toBe(true);
		// The first workflow's nonces no longer give the secrets the service holds.
		expect(await first.checkExists()).toBe(false);
	});

	test('checkExists is false when a stored subscription is gone, re-pointed or of another media type', async () => {
		const trigger = await harness();
		await trigger.activate();
		const subs = await mine(trigger.webhookUrl);
		const [a, b] = subs;

		expect((await service.delete(`${SHOP_PATH}/webhooks/${a.id}`)).status).toBe(204);
		expect(await trigger.checkExists()).toBe(false);
		await trigger.activate();
		expect(await trigger.checkExists()).toBe(true);
		expect(await mine(trigger.webhookUrl)).toHaveLength(3);

		await service.put(`${SHOP_PATH}/webhooks/${b.id}`, {
			webhook: { mediaType: 'XML' },
		});
		expect(await trigger.checkExists()).toBe(false);
		await trigger.activate();
		expect((await mine(trigger.webhookUrl)).every((s) => s.mediaType === 'JSON')).toBe(true);

		await service.put(`${SHOP_PATH}/webhooks/${b.id}`, {
			webhook: { address: 'https://elsewhere.example.com/hook' },
		});
		expect(await trigger.checkExists()).toBe(false);
		await trigger.activate();
		expect(await mine(trigger.webhookUrl)).toHaveLength(3);
		// The re-pointed subscription belongs to someone else now and is left alone.
		expect(await subscriptionsOf(service)).toHaveLength(4);
	});

	test('changing topics, media type or shop reconciles without leftovers', async () => {
		const trigger = await harness();
		await trigger.activate();

		trigger.restart(params(['orders/updated', 'orders/cancelled']));
		expect(await trigger.activate('update')).toEqual({ existed: false });
		let subs = await mine(trigger.webhookUrl);
		expect(subs.map((s) => s.topic).sort()).toEqual(['orders/cancelled', 'orders/updated']);
		expect(await subscriptionsOf(service)).toHaveLength(2);

		trigger.restart(
			params(['orders/updated', 'orders/cancelled'], { options: { mediaType: 'XML' } }),
		);
		expect(await trigger.activate('update')).toEqual({ existed: false });
		subs = await mine(trigger.webhookUrl);
		expect(subs).toHaveLength(2);
		expect(subs.every((s) => s.mediaType === 'XML')).toBe(true);

		trigger.restart(params(['orders/updated'], { shop: shopParameter(1598) }));
		await trigger.activate('update');
		expect(await subscriptionsOf(service)).toHaveLength(0);
		const other = await service.get('/accounts/387/shops/1598/webhooks');
		expect(other.json.pagedData.totalElements).toBe(1);
		await trigger.deactivate();
		expect(
			(await service.get('/accounts/387/shops/1598/webhooks')).json.pagedData.totalElements,
		).toBe(0);
	});

	test('delete removes every subscription; one already gone is not an error', async () => {
		const logs = captureLogs();
		try {
			const trigger = await harness();
			await trigger.activate();
			const [gone] = await mine(trigger.webhookUrl);
			await service.delete(`${SHOP_PATH}/webhooks/${gone.id}`);
			expect(await trigger.deactivate()).toBe(true);
			expect(await subscriptionsOf(service)).toHaveLength(0);
			expect(trigger.staticData.registrations).toEqual({});
			expect(await trigger.deactivate()).toBe(true);
			expect(logs.error).toEqual([]);
		} finally {
			logs.restore();
		}
	});

	test('a failed delete is logged, kept for the next attempt, and never shows a secret', async () => {
		const logs = captureLogs();
		try {
			const trigger = await harness();
			await trigger.activate();
			const secrets = Object.values(await serviceSecrets(service, trigger.webhookUrl));
			expect(secrets).toHaveLength(3);
			await control.call('POST', '/faults', {
				method: 'DELETE',
				path: 'webhooks/\\d+$',
				count: 1,
				kind: 'status',
				status: 500,
			});
			expect(await trigger.deactivate()).toBe(false);
			expect(logs.error).toHaveLength(1);
			expect(logs.error[0]).toMatch(
				/could not remove the orders\/\w+ webhook subscription \d+ of shop 1597/,
			);
			for (const secret of secrets) expect(logs.error[0]).not.toContain(secret);
			expect(await subscriptionsOf(service)).toHaveLength(1);

			expect(await trigger.deactivate()).toBe(true);
			expect(await subscriptionsOf(service)).toHaveLength(0);
		} finally {
			logs.restore();
		}
	});

	test('test and production URLs hold separate subscriptions; removing one keeps the other', async () => {
		const trigger = await harness(params(['orders/updated']));
		await trigger.activate('activate');
		await trigger.activate('manual', { test: true });
		const all = await subscriptionsOf(service);
		expect(all.map((s) => s.address).sort()).toEqual(
			[trigger.webhookUrl, trigger.webhookUrl.replace('/webhook/', '/webhook-test/')].sort(),
		);
		await trigger.deactivate({ test: true });
		expect((await subscriptionsOf(service)).map((s) => s.address)).toEqual([trigger.webhookUrl]);
		expect(await trigger.checkExists()).toBe(true);
	});

	test('two workflows with a trigger each, in one n8n process (one node instance), each keep their own subscriptions and secrets, and each emits its deliveries', async () => {
		// n8n loads the node type once per process: both workflows run the same instance, with the
		// same node name and ID (a workflow duplicated in n8n keeps its nodes' IDs).
		const node = new PodPlatformTrigger();
		const two = await Promise.all(
			['wfShopOrders', 'wfShopOrders2'].map(async (workflowId, index) => {
				const created = await new TriggerHarness({
					store: credentialStore(sandbox.baseUrl),
					parameters: params(['orders/updated']),
					workflowId,
					sharedNode: node,
					webhookId: `c0ffee00-0000-4000-8000-00000000000${index + 2}`,
				}).start();
				harnesses.push(created);
				return created;
			}),
		);
		for (const trigger of two) expect(await trigger.activate()).toEqual({ existed: false });
		const secrets = await Promise.all(
			two.map(
				async (trigger) => (await serviceSecrets(service, trigger.webhookUrl))['orders/updated'],
			),
		);
		expect(secrets[0]).not.toBe(secrets[1]);
		// The same notification to both: each emits it.
		for (const [index, trigger] of two.entries()) {
			const delivered = await trigger.deliver(signedDelivery('orders/updated', secrets[index]));
			expect({ index, status: delivered.status, items: delivered.items.length }).toEqual({
				index,
				status: 200,
				items: 1,
			});
		}
		// Signed for the other workflow's subscription: refused.
		const crossed = await two[1].deliver(signedDelivery('orders/updated', secrets[0]));
		expect(crossed.status).toBe(401);
		// Deactivating one leaves the other's subscription and deliveries alone.
		await two[0].deactivate();
		expect((await subscriptionsOf(service)).map((entry) => entry.address)).toEqual([
			two[1].webhookUrl,
		]);
		const after = await two[1].deliver(signedDelivery('orders/updated', secrets[1]));
		expect([after.status, after.items.length]).toEqual([200, 1]);
	});

	test('activation warns when the URL is not reachable from the internet and says how to fix it', async () => {
		const logs = captureLogs();
		try {
			const trigger = await harness();
			await trigger.activate();
			expect(logs.warn.join('\n')).toMatch(
				/not reachable from the internet \(127\.0\.0\.1 is a loopback address\).*N8N_WEBHOOK_URL=/,
			);
		} finally {
			logs.restore();
		}
		expect(unreachableReason('http://localhost:5678/webhook/x')).toMatch(/localhost/);
		expect(unreachableReason('http://192.168.1.20:5678/webhook/x')).toMatch(/private/);
		expect(unreachableReason('http://10.0.0.5/webhook/x')).toMatch(/private/);
		expect(unreachableReason('http://172.20.1.1/webhook/x')).toMatch(/private/);
		expect(unreachableReason('http://[::1]:5678/webhook/x')).toMatch(/loopback/);
		expect(unreachableReason('http://n8n:5678/webhook/x')).toMatch(/not a public host/);
		expect(unreachableReason('https://n8n.example.com/webhook/x')).toBeUndefined();
		expect(unreachableReason('https://203.0.113.7/webhook/x')).toBeUndefined();
	});
});
