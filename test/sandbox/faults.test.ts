/* eslint-disable @n8n/community-nodes/no-restricted-imports -- tests run on Node, never shipped */
import * as http from 'node:http';

import { Client } from 'undici';

import type { Sandbox } from '../../sandbox';
import { SandboxControl, SHOP_PATH, useSandbox } from '../support/sandbox';
import { deferredOrder, ServiceClient } from '../support/service';

describe('sandbox: fault injection and the control API', () => {
	let sandbox: Sandbox;
	let control: SandboxControl;
	let demo: ServiceClient;

	useSandbox(
		(started) => {
			({ sandbox, control } = started);
			demo = new ServiceClient(sandbox.baseUrl);
		},
		// A client's blind retry is a second order on the contract's plain reading, also under all.
		{ refuseRepeatedUniqueId: false },
	);
	beforeEach(() => demo.login());

	const addFault = (fault: Record<string, unknown>) => control.call('POST', '/faults', fault);
	const lastLogged = async () => (await control.call('GET', '/requests')).pop();

	test('status faults answer without processing, with Retry-After and an error body in the caller media type', async () => {
		const { id } = await addFault({
			method: 'POST',
			path: 'orders/usingCreatorSE$',
			kind: 'status',
			status: 429,
			retryAfter: 2,
			count: 1,
		});
		expect(id).toEqual(expect.any(Number));
		const limited = await demo.post(
			`${SHOP_PATH}/orders/usingCreatorSE`,
			deferredOrder({ uniqueId: 'F-429' }),
		);
		expect(limited.status).toBe(429);
		expect(limited.headers['retry-after']).toBe('2');
		expect(limited.json.exception.message).toBe('Too Many Requests');
		expect(await control.call('GET', '/orders?uniqueId=F-429')).toEqual([]);
		expect(await lastLogged()).toMatchObject({ status: 429, fault: 'status' });
		// count: 1 → the next request goes through.
		expect(
			(await demo.post(`${SHOP_PATH}/orders/usingCreatorSE`, deferredOrder({ uniqueId: 'F-429' })))
				.status,
		).toBe(200);

		await addFault({ path: '^/accounts/387/shops$', kind: 'status', status: 503 });
		const xml = await demo.get('/accounts/387/shops', { accept: 'application/xml' });
		expect(xml.status).toBe(503);
		expect(xml.text).toContain('<exception');
		await addFault({
			path: '^/accounts/387/countries',
			kind: 'status',
			status: 502,
			body: '<html><body>Bad gateway</body></html>',
		});
		const html = await demo.get('/accounts/387/countries');
		expect(html.status).toBe(502);
		expect(html.headers['content-type']).toBe('text/html');
		expect(html.text).toContain('Bad gateway');
	});

	test('forMs limits a fault to a stretch of the sandbox clock; retryAfter may be an HTTP date', async () => {
		const until = 'Wed, 21 Oct 2037 07:28:00 GMT';
		await addFault({
			method: 'GET',
			path: '/orders$',
			kind: 'status',
			status: 429,
			retryAfter: 120,
			forMs: 120_000,
		});
		await addFault({
			path: '^/accounts/387/shops$',
			kind: 'status',
			status: 429,
			retryAfter: until,
		});
		const limited = await demo.get(`${SHOP_PATH}/orders`);
		expect(limited.status).toBe(429);
		expect(limited.headers['retry-after']).toBe('120');
		expect((await demo.get('/accounts/387/shops')).headers['retry-after']).toBe(until);
		expect((await control.call('GET', '/faults'))[0]).toMatchObject({ forMs: 120_000 });
		// Still inside the window a minute later; past it, the list answers again.
		await control.call('POST', '/clock/advance', { minutes: 1 });
		expect((await demo.get(`${SHOP_PATH}/orders`)).status).toBe(429);
		await control.call('POST', '/clock/advance', { minutes: 1 });
		expect((await demo.get(`${SHOP_PATH}/orders`)).status).toBe(200);
		await expect(addFault({ kind: 'status', forMs: 'soon' })).rejects.toThrow(/forMs/);
	});

	test('reset destroys the connection without processing', async () => {
		await addFault({ method: 'POST', path: 'usingCreatorSE', kind: 'reset', count: 1 });
		await expect(
			demo.post(`${SHOP_PATH}/orders/usingCreatorSE`, deferredOrder({ uniqueId: 'F-RESET' })),
		).rejects.toThrow();
		expect(await control.call('GET', '/orders?uniqueId=F-RESET')).toEqual([]);
		expect(await lastLogged()).toMatchObject({ fault: 'reset', status: 0 });
	});

	test('drop-after-processing creates the order and then drops the connection', async () => {
		await addFault({
			method: 'POST',
			path: 'usingCreatorSE',
			kind: 'drop-after-processing',
			count: 1,
		});
		await expect(
			demo.post(`${SHOP_PATH}/orders/usingCreatorSE`, deferredOrder({ uniqueId: 'F-DROP' })),
		).rejects.toThrow();
		expect(await control.call('GET', '/orders?uniqueId=F-DROP')).toHaveLength(1);
		// A client's blind retry with the same uniqueId is a second order: nothing refuses it.
		expect(
			(await demo.post(`${SHOP_PATH}/orders/usingCreatorSE`, deferredOrder({ uniqueId: 'F-DROP' })))
				.status,
		).toBe(200);
		expect(await control.call('GET', '/orders?uniqueId=F-DROP')).toHaveLength(2);
	});

	test('latency delays and then processes', async () => {
		await addFault({ path: '^/accounts/session$', kind: 'latency', latencyMs: 150 });
		const started = Date.now();
		const result = await demo.get('/accounts/session');
		expect(result.status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(140);
	});

	test('connect-latency holds each new connection once, before its first request is read', async () => {
		// Counted, not timed: the fault's remaining count says how many connections it held.
		await addFault({ kind: 'connect-latency', latencyMs: 150, count: 10 });
		const held = async () =>
			(await control.call('GET', '/faults')).map(
				(fault: { remaining: number }) => 10 - fault.remaining,
			);
		await control.call('DELETE', '/requests');
		const connectionsBefore = (await control.call('GET', '/stats')).connections;
		const url = new URL(`${sandbox.baseUrl}/accounts/session`);
		const headers = { 'x-auth-token': demo.token ?? '' };
		const timed = async (send: () => Promise<number>) => {
			const started = Date.now();
			expect(await send()).toBe(200);
			return Date.now() - started;
		};
		// One kept-alive connection: only its first request waits.
		const keptAlive = new Client(url.origin);
		const overOneConnection: number[] = [];
		for (let i = 0; i < 3; i++) {
			overOneConnection.push(
				await timed(async () => {
					const response = await keptAlive.request({ path: url.pathname, method: 'GET', headers });
					await response.body.dump();
					return response.statusCode;
				}),
			);
		}
		await keptAlive.close();
		// The first request waited (a lower bound: a busy machine only adds to it); the connection
		// was held once, so the two after it did not wait.
		expect(overOneConnection[0]).toBeGreaterThanOrEqual(140);
		expect(await held()).toEqual([1]);
		// A connection per request (as n8n's HTTP helper makes): every request waits.
		const fresh = () =>
			new Promise<number>((resolve, reject) => {
				http
					.get(url, { agent: false, headers }, (response) => {
						response.resume();
						response.on('end', () => resolve(response.statusCode ?? 0));
					})
					.on('error', reject);
			});
		expect(await timed(fresh)).toBeGreaterThanOrEqual(140);
		expect(await timed(fresh)).toBeGreaterThanOrEqual(140);
		expect(await held()).toEqual([3]);
		expect((await control.call('GET', '/stats')).connections - connectionsBefore).toBe(3);
		const carriedBy = (await control.requests()).map((entry) => entry.connection);
		expect(carriedBy).toHaveLength(5);
		expect(new Set(carriedBy.slice(0, 3)).size).toBe(1);
		expect(new Set(carriedBy).size).toBe(3);
	});

	test('connect-latency takes no method or path: a connection has neither yet', async () => {
		const refused = await control.answer('POST', '/faults', {
			kind: 'connect-latency',
			path: '^/auth$',
		});
		expect(refused.status).toBe(400);
	});

	test('rate + seed pick the same requests on every run; DELETE /faults clears', async () => {
		const pattern = async () => {
			await control.call('DELETE', '/faults');
			await addFault({
				path: '^/accounts/session$',
				kind: 'status',
				status: 503,
				rate: 0.5,
				seed: 7,
			});
			const statuses: number[] = [];
			for (let i = 0; i < 16; i++) statuses.push((await demo.get('/accounts/session')).status);
			return statuses;
		};
		const first = await pattern();
		expect(first).toContain(503);
		expect(first).toContain(200);
		expect(await pattern()).toEqual(first);
		await control.call('DELETE', '/faults');
		expect((await demo.get('/accounts/session')).status).toBe(200);
		expect(await control.call('GET', '/faults')).toEqual([]);
	});

	test('method and path narrow a fault; the first matching fault wins', async () => {
		await addFault({ method: 'DELETE', path: '/webhooks/', kind: 'status', status: 500 });
		expect((await demo.get(`${SHOP_PATH}/webhooks`)).status).toBe(200);
		await addFault({ path: '/products', kind: 'status', status: 418 });
		await addFault({ path: '/products', kind: 'status', status: 503 });
		expect((await demo.get(`${SHOP_PATH}/products`)).status).toBe(418);
		expect((await control.answer('POST', '/faults', { kind: 'explode' })).status).toBe(400);
		expect((await control.answer('POST', '/faults', { kind: 'status', path: '(' })).status).toBe(
			400,
		);
	});

	test('reset clears faults, sessions, subscriptions and logs', async () => {
		await addFault({ kind: 'status', status: 500, path: '^/nothing$' });
		await demo.post(`${SHOP_PATH}/webhooks`, {
			webhook: { address: 'http://127.0.0.1:9/x', topic: 'orders/updated' },
		});
		const token = demo.token;
		await control.call('POST', '/reset');
		expect(await control.call('GET', '/faults')).toEqual([]);
		expect(await control.call('GET', '/requests')).toEqual([]);
		expect((await demo.get('/accounts/session', { token })).status).toBe(401);
		await demo.login();
		expect((await demo.get(`${SHOP_PATH}/webhooks`)).json.pagedData.totalElements).toBe(0);
		// The refused session check, the login and the webhook list since the reset.
		expect(await control.call('GET', '/stats')).toEqual({
			logins: 1,
			requests: 3,
			// Kept-alive connections from before the reset may carry these requests.
			connections: expect.any(Number),
			ordersCreated: 0,
			deliveriesAttempted: 0,
		});
	});

	test('control API errors: unknown order 404, bad bodies 400, unknown path 404', async () => {
		expect((await control.answer('POST', '/orders/1/advance')).status).toBe(404);
		expect((await control.answer('POST', '/clock/advance', { minutes: 'soon' })).status).toBe(400);
		expect((await control.answer('PUT', '/quirks', { singleAsObject: 'yes' })).status).toBe(400);
		expect((await control.answer('PUT', '/session-policy', { ttlMs: -1 })).status).toBe(400);
		expect((await control.answer('GET', '/nothing')).status).toBe(404);
	});
});
