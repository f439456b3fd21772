/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-hardcoded-secrets -- tests run on Node, never shipped */
/**
 * Workflows that fail in many ways, and trigger deliveries with wrong signatures; every output
 * item, every error (message, description, the whole error object), every log line of n8n's
 * logger, every console line and the trigger's static data is scanned for the passwords, every
 * session token the service issued to the credential, the Creator page login's password and the
 * webhook secrets (as the service holds them: the node stores none). (A Creator snippet's page
 * session is made to be published: it is the page's, never the credential's.)
 */
import { createHash, createHmac } from 'node:crypto';

import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import type {
	ICredentialDataDecryptedObject,
	IHttpRequestHelper,
	INode,
	INodeParameters,
} from 'n8n-workflow';
import { LoggerProxy } from 'n8n-workflow';

import { startSandbox, type Sandbox, DEMO } from '../../sandbox';
import { CredentialStore, runNode, type RunResult } from '../support/n8n';
import { SandboxControl, shopParameter } from '../support/sandbox';
import { ServiceClient } from '../support/service';
import { TriggerHarness, serviceSecrets } from '../support/trigger';
import { order, submitParameters } from './helpers';
import { decodeDeliveries } from '../../nodes/PodPlatformTrigger/deliveries';

/** A credential store that remembers every session token the service issued to it. */
class RecordingStore extends CredentialStore {
	static readonly tokens = new Set<string>();

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		expired: boolean,
	) {
		const result = await super.preAuthentication(helpers, credentials, typeName, node, expired);
		const token = this.data().sessionToken;
		if (typeof token === 'string' && token) RecordingStore.tokens.add(token);
		return result;
	}
}

const WRONG_PASSWORD = 'wrong-Passw0rd-7f3a9c';
const WRONG_PAGE_PASSWORD = 'wrong-Page-Passw0rd-2b8e41';

describe('faults: secrets never appear in output, errors or logs', () => {
	let sandbox: Sandbox;
	let control: SandboxControl;
	const lines: string[] = [];
	const spies: jest.SpyInstance[] = [];
	const webhookSecrets: string[] = [];

	const capture =
		(level: string) =>
		(...args: unknown[]) => {
			lines.push(
				`${level} ${args.map((a) => (typeof a === 'string' ? a : safeJson(a))).join(' ')}`,
			);
		};
	const logger = {
		error: capture('error'),
		warn: capture('warn'),
		info: capture('info'),
		debug: capture('debug'),
		scoped: () => logger,
	};

	beforeAll(async () => {
		Container.set(Logger, logger as unknown as Logger);
		LoggerProxy.init(logger as never);
		for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
			spies.push(jest.spyOn(console, method).mockImplementation(capture(`console.${method}`)));
		}
		sandbox = await startSandbox({ port: 0, deferredProcessingMs: 10 });
		control = new SandboxControl(sandbox);
	});
	afterAll(async () => {
		for (const spy of spies) spy.mockRestore();
		await sandbox.close();
	});

	const store = (overrides: ICredentialDataDecryptedObject = {}) =>
		new RecordingStore({
			podPlatformApi: {
				environment: 'custom',
				baseUrl: sandbox.baseUrl,
				login: DEMO.login,
				password: DEMO.password,
				accountId: '387',
				customerKey: '',
				mediaType: 'json',
				sessionToken: '',
				creatorPageLogin: DEMO.users.creatorPage.login,
				creatorPagePassword: DEMO.users.creatorPage.password,
				...overrides,
			},
		});

	const results: RunResult[] = [];
	const run = async (
		parameters: INodeParameters,
		credentials: ICredentialDataDecryptedObject = {},
		items = [{ json: {} }],
	) => {
		const result = await runNode({ store: store(credentials), parameters, items });
		results.push(result);
		return result;
	};
	const getOrder = (orderId: string) => ({
		resource: 'order',
		operation: 'get',
		shop: shopParameter(),
		orderId,
	});

	test('failing workflows of every kind report errors without secrets', async () => {
		await control.reset();
		const expectFailure = async (name: string, result: Promise<RunResult>, code?: string) => {
			const { error } = await result;
			expect({ name, failed: error !== undefined }).toEqual({ name, failed: true });
			if (code) expect({ name, code: error?.httpCode }).toEqual({ name, code });
		};

		await expectFailure('wrong password', run(getOrder('1'), { password: WRONG_PASSWORD }));
		await expectFailure(
			'wrong password in XML',
			run(getOrder('1'), { password: WRONG_PASSWORD, mediaType: 'xml' }),
		);
		await expectFailure('404', run(getOrder('424242')), '404');
		await expectFailure(
			'401 on a foreign shop',
			run(
				{
					...submitParameters({ checkSkus: false, exactlyOnce: false }),
					shop: shopParameter(9999),
				},
				{},
				[{ json: { order: order('SEC-401') } }],
			),
			'401',
		);
		await expectFailure(
			'403 for a read-only login',
			run(
				submitParameters({ checkSkus: false, exactlyOnce: false }),
				{ login: DEMO.users.viewer.login, password: DEMO.users.viewer.password },
				[{ json: { order: order('SEC-403') } }],
			),
			'403',
		);
		expect(
			(
				await run(submitParameters({ exactlyOnce: false }), {}, [
					{ json: { order: order('SEC-409') } },
				])
			).error,
		).toBeUndefined();
		await control.fault({ path: 'usingCreatorSE$', kind: 'status', status: 409, count: 1 });
		await expectFailure(
			'409 duplicate',
			run(submitParameters({ exactlyOnce: false }), {}, [{ json: { order: order('SEC-409') } }]),
			'409',
		);
		const bad = order('SEC-BAD');
		bad.creatorse_productionOrderDeferred.country = { code: 'Germany' };
		await expectFailure('bad input', run(submitParameters(), {}, [{ json: { order: bad } }]));

		// Tokens expiring every two requests: several tokens issued within one run, then a failure.
		await control.call('PUT', '/session-policy', { expireAfterRequests: 2 });
		await expectFailure(
			'after re-logins',
			run(submitParameters({ concurrency: 1 }), {}, [
				{ json: { order: order('SEC-EXP-1') } },
				{ json: { order: order('SEC-EXP-2') } },
				{ json: { order: bad } },
			]),
		);
		await control.call('PUT', '/session-policy', { expireAfterRequests: null });

		// Service faults: a 500, a reset, a malformed answer.
		await control.fault({ path: '/orders/1$', kind: 'status', status: 500, count: 1 });
		await expectFailure('500', run(getOrder('1')), '500');
		await control.fault({ path: '/orders/1$', kind: 'reset', count: 10 });
		await expectFailure('resets', run(getOrder('1')));
		await control.call('DELETE', '/faults');
		await control.fault({
			kind: 'status',
			status: 200,
			body: '{"productionOrderExpanded":',
			count: 1,
		});
		await expectFailure('malformed', run(getOrder('1')));
		// An address where nothing listens.
		await expectFailure(
			'unreachable',
			run(getOrder('1'), { baseUrl: 'http://127.0.0.1:9/webservices/rest' }),
		);

		expect(RecordingStore.tokens.size).toBeGreaterThanOrEqual(4);
	});

	test('trigger deliveries with wrong signatures, and valid ones, carry no secrets', async () => {
		await control.reset();
		const trigger = await new TriggerHarness({
			store: store(),
			parameters: {
				shop: shopParameter(),
				topics: ['orders/updated', 'orders/acknowledged'],
				mediaType: 'JSON',
				options: { includeRawBody: true },
			},
		}).start();
		try {
			await trigger.activate();
			// The secrets the service signs with, as its list of webhooks shows them.
			const secrets = await serviceSecrets(ServiceClient.as(sandbox.baseUrl), trigger.webhookUrl);
			webhookSecrets.push(...Object.values(secrets));
			expect(webhookSecrets).toHaveLength(2);
			for (const secret of webhookSecrets) expect(secret).toMatch(/^[0-9a-f]{64}$/);
			const body = Buffer.from(
				JSON.stringify({
					productionOrderExpanded: { id: 1, uniqueId: 'S-1', financialStatus: 'PAID' },
				}),
			);
			const sign = (secret: string, bytes: Buffer) =>
				createHmac('sha256', createHash('sha256').update(secret, 'utf8').digest('hex'))
					.update(bytes)
					.digest('base64');
			const deliver = (signature: string | undefined, topic = 'orders/updated', bytes = body) =>
				trigger.deliver({
					headers: {
						'x-platform-topic': topic,
						'x-platform-delivery-id': `d-${Math.random()}`,
						'content-type': 'application/json',
						...(signature === undefined ? {} : { 'x-platform-hmac-sha256': signature }),
					},
					body: bytes,
				});
			expect((await deliver(sign('not-the-secret', body))).status).toBe(401);
			expect((await deliver(undefined)).status).toBe(401);
			expect((await deliver(sign(secrets['orders/acknowledged'], body))).status).toBe(401);
			expect((await deliver(sign(secrets['orders/updated'], body), 'orders/unknown')).status).toBe(
				401,
			);
			const malformed = Buffer.from('{"productionOrderExpanded":');
			expect(
				(await deliver(sign(secrets['orders/updated'], malformed), 'orders/updated', malformed))
					.status,
			).toBe(400);
			const good = await deliver(sign(secrets['orders/updated'], body));
			expect(good.items).toHaveLength(1);

			lines.push(...trigger.received.map((r) => safeJson({ ...r, error: errorText(r.error) })));
			// The whole static data: subscriptions (IDs and nonces) and the memory of deliveries.
			const staticData = trigger.staticData;
			expect(decodeDeliveries(staticData.deliveries)).toHaveLength(1);
			lines.push(`static data ${safeJson(staticData)}`);
			await trigger.deactivate();
			lines.push(`static data after deactivation ${safeJson(trigger.staticData)}`);
		} finally {
			await trigger.close();
		}
	});

	test('a Creator snippet publishes a page session, never a session of the credential', async () => {
		await control.reset();
		const snippet = {
			resource: 'creator',
			operation: 'getSnippet',
			shop: shopParameter(),
			options: {},
		};
		// Without an Account ID the credential logs in during the run: its session exists to leak.
		const published = await run(snippet, { accountId: '' });
		expect(published.error).toBeUndefined();
		const pageSessionId = String(published.items[0].json.orderSessionId);
		expect(pageSessionId).toMatch(/^[0-9a-f-]{36}$/);
		expect([...RecordingStore.tokens]).not.toContain(pageSessionId);
		const basket = await run({
			resource: 'order',
			operation: 'getSessionOrder',
			shop: shopParameter(),
			orderSessionId: pageSessionId,
		});
		expect(basket.error).toBeUndefined();
		expect((await run(snippet, { password: WRONG_PASSWORD })).error).toBeUndefined();
		// Each refusal is the one its case means, not any failure.
		const pageLoginRefused =
			/^The service refused the Creator Page Login: check the Creator Page Login and Creator Page Password/;
		const pageLoginMissing =
			/^Get Snippet needs the Creator Page Login and Creator Page Password of the POD Platform credential/;
		const pageLoginIsOwn =
			/^The Creator Page Login of the POD Platform credential is its own Login/;
		// The page login refused, in JSON and XML; another account's; missing; the credential's own.
		expect(
			(await run(snippet, { creatorPagePassword: WRONG_PAGE_PASSWORD })).error?.message,
		).toMatch(pageLoginRefused);
		expect(
			(await run(snippet, { creatorPagePassword: WRONG_PAGE_PASSWORD, mediaType: 'xml' })).error
				?.message,
		).toMatch(pageLoginRefused);
		expect(
			(
				await run(snippet, {
					creatorPageLogin: DEMO.users.foreign.login,
					creatorPagePassword: DEMO.users.foreign.password,
				})
			).error?.httpCode,
		).toBe('404');
		expect((await run(snippet, { creatorPageLogin: '' })).error?.message).toMatch(pageLoginMissing);
		expect(
			(await run(snippet, { creatorPageLogin: DEMO.login, creatorPagePassword: DEMO.password }))
				.error?.message,
		).toMatch(pageLoginIsOwn);
		// Reusing a page session under a wrong page password: refused before any login.
		expect(
			(
				await run(
					{ ...snippet, options: { pageSessionId: pageSessionId } },
					{ creatorPageLogin: '', creatorPagePassword: WRONG_PAGE_PASSWORD },
				)
			).error?.message,
		).toMatch(pageLoginMissing);
	});

	test('nothing scanned holds a password, a session token or a webhook secret', () => {
		const secrets = [
			DEMO.password,
			DEMO.users.viewer.password,
			DEMO.users.creatorPage.password,
			DEMO.users.foreign.password,
			WRONG_PASSWORD,
			WRONG_PAGE_PASSWORD,
			...RecordingStore.tokens,
			...webhookSecrets,
			// The hashed signing key is as good as the secret.
			...webhookSecrets.map((s) => createHash('sha256').update(s, 'utf8').digest('hex')),
		];
		expect(secrets.length).toBeGreaterThan(8);

		const scanned: Array<[string, string]> = [];
		results.forEach((result, i) => {
			scanned.push([`run ${i} items`, safeJson(result.items)]);
			scanned.push([`run ${i} error`, errorText(result.error)]);
			scanned.push([`run ${i} execution data`, safeJson(result.run.data)]);
		});
		lines.forEach((line, i) => scanned.push([`log line ${i}`, line]));
		expect(results.length).toBeGreaterThan(10);
		expect(lines.length).toBeGreaterThan(0);

		const leaks = scanned.flatMap(([where, text]) =>
			secrets
				.filter((secret) => text.includes(secret))
				.map((secret) => `${where}: ${secret.slice(0, 4)}…`),
		);
		expect(leaks).toEqual([]);
	});
});

function safeJson(value: unknown): string {
	const seen = new WeakSet<object>();
	try {
		return (
			JSON.stringify(value, (_, v: unknown) => {
				if (typeof v === 'object' && v !== null) {
					if (seen.has(v)) return '[circular]';
					seen.add(v);
				}
				return v;
			}) ?? String(value)
		);
	} catch {
		return String(value);
	}
}

/** Everything an error exposes: message, description, stack, own fields, its cause chain. */
function errorText(error: unknown): string {
	if (!error) return '';
	const e = error as Record<string, unknown>;
	return [
		e.message,
		e.description,
		e.stack,
		safeJson(error),
		safeJson(Object.getOwnPropertyNames(error).map((k) => e[k])),
		e.cause ? errorText(e.cause) : '',
	]
		.map(String)
		.join('\n');
}
