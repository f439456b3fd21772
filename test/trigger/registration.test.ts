import type { INodeParameters } from 'n8n-workflow';

import { DEMO, startSandbox, type Sandbox } from '../../sandbox';
import { unreachableReason } from '../../nodes/PodPlatformTrigger/reachability';
import { SandboxControl, SHOP_PATH, shopParameter } from '../support/sandbox';
import { TriggerHarness, captureLogs } from '../support/trigger';
import { credentialStore, type Json } from './helpers';
import { ServiceClient, subscriptionsOf } from '../support/service';

const shop = shopParameter();
const THREE = ['orders/updated', 'orders/readyForProduction', 'orders/fulfilled'];

function params(topics = THREE, extra: INodeParameters = {}): INodeParameters {
	return { shop, topics, options: {}, ...extra };
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

	test('activation makes one subscription per topic, each with its own 32-byte secret', async () => {
		const trigger = await harness();
		expect(await trigger.activate()).toEqual({ existed: false });
		const subs = await mine(trigger.webhookUrl);
		expect(subs.map((s) => s.topic).sort()).toEqual([...THREE].sort());
		expect(subs.every((s) => s.mediaType === 'JSON')).toBe(true);

		const registration = (trigger.staticData.registrations as Json)[trigger.webhookUrl];
		expect(registration.shopId).toBe(String(DEMO.shopId));
		const secrets = THREE.map((topic) => registration.subscriptions[topic].secret as string);
		for (const secret of secrets) expect(secret).toMatch(/^[0-9a-f]{64}$/);
		expect(new Set(secrets).size).toBe(3);
		// The service holds the secret the node keeps.
		for (const sub of subs) expect(sub.secret).toBe(registration.subscriptions[sub.topic].secret);
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
			expect(sub.secret).toBe(registration.subscriptions[sub.topic].secret);
			expect(sub.secret).not.toBe(before.find((b) => b.id === sub.id)!.secret);
		}
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
			const registration = (trigger.staticData.registrations as Json)[trigger.webhookUrl];
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
			for (const topic of THREE)
				expect(logs.error[0]).not.toContain(registration.subscriptions[topic].secret);
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
