/**
 * One login per expired session, however many requests are in flight when it expires (issue 42,
 * point 2). n8n logs in again (the credential's preAuthentication) for every request that answers
 * 401, so without coordination eight requests in flight on a token that just expired cost eight
 * logins, and seven of the eight new sessions are thrown away unused.
 *
 * The sandbox expires every session after EXPIRE_AFTER requests. A session that is never thrown
 * away serves exactly EXPIRE_AFTER requests, so a run whose requests carried `served` tokens in
 * all needs exactly ceil(served / EXPIRE_AFTER) logins: the first, and one per expiry. Any login
 * beyond that opened a session that served fewer, which is what the fix is there to prevent.
 */
import { sleep } from 'n8n-workflow';
import { request } from 'undici';

import shopifyOrder from '../fixtures/storefront/shopify-orders-create.json';
import { forgetAllExecutions } from '../../nodes/shared/acrossExecutions';
import { runNode } from '../support/n8n';
import { withProductSkus } from '../support/storefrontModes';
import type { LoggedRequest } from '../support/sandbox';
import { sandboxCredentials, shopParameter } from '../support/sandbox';
import { orderItems, submitParameters, useFaultSandbox } from './helpers';

const EXPIRE_AFTER = 20;
const CONCURRENCY = 8;

/** Requests the service served on a session (a 401 with a token is an expiry it refused). */
const servedOnASession = (log: LoggedRequest[]) =>
	log.filter((r) => r.hasToken && r.status !== 401).length;
const expiryAnswers = (log: LoggedRequest[]) =>
	log.filter((r) => r.hasToken && r.status === 401).length;
const refusedLogins = (log: LoggedRequest[]) =>
	log.filter((r) => /\/auth$/.test(r.path) && !r.hasToken && r.status === 401).length;

describe('faults: one login per expired session', () => {
	const env = useFaultSandbox();

	test(`a batch at concurrency ${CONCURRENCY}, the session expiring every ${EXPIRE_AFTER} requests: one login per expiry, none fails`, async () => {
		await env.control.call('PUT', '/session-policy', { expireAfterRequests: EXPIRE_AFTER });
		const store = sandboxCredentials(env.sandbox, { accountId: '387' });
		// About one request per order (a new order is answered by the batch's look-up): enough
		// orders for at least five expiries.
		const count = 120;

		const result = await runNode({
			store,
			parameters: submitParameters({ concurrency: CONCURRENCY }),
			items: orderItems('ONE', count),
		});

		expect(result.error).toBeUndefined();
		expect(result.items.filter((item) => item.json.error !== undefined)).toEqual([]);
		const log = await env.control.requests();
		const served = servedOnASession(log);
		const expiries = Math.ceil(served / EXPIRE_AFTER) - 1;
		const { logins, ordersCreated } = await env.control.stats();
		// The proof that requests were in flight together when a session expired: more 401s than
		// expiries (at concurrency 1 they are equal).
		expect(expiries).toBeGreaterThanOrEqual(5);
		expect(expiryAnswers(log)).toBeGreaterThan(expiries);
		expect({ logins }).toEqual({ logins: expiries + 1 });
		// n8n asked the credential to log in once per 401 (and once for the empty token); the
		// service saw one login per expiry.
		expect(store.preAuthenticationCount).toBeGreaterThan(logins);
		expect(ordersCreated).toBe(count);
		expect(new Set((await env.control.orders()).map((o) => o.uniqueId)).size).toBe(count);
	});

	test('three executions at once on one credential, as n8n runs overlapping runs in one process: one login per expiry across them', async () => {
		await env.control.call('PUT', '/session-policy', { expireAfterRequests: EXPIRE_AFTER });
		// One stored credential, as n8n's database holds it for every execution.
		const store = sandboxCredentials(env.sandbox, { accountId: '387' });
		const runs = await Promise.all(
			['A', 'B', 'C'].map(
				async (run) =>
					await runNode({
						store,
						parameters: submitParameters({ concurrency: 4 }),
						items: orderItems(`ONE${run}`, 30),
					}),
			),
		);

		for (const result of runs) {
			expect(result.error).toBeUndefined();
			expect(result.items.filter((item) => item.json.error !== undefined)).toEqual([]);
		}
		const log = await env.control.requests();
		const expiries = Math.ceil(servedOnASession(log) / EXPIRE_AFTER) - 1;
		const { logins, ordersCreated } = await env.control.stats();
		expect(expiries).toBeGreaterThanOrEqual(5);
		expect(expiryAnswers(log)).toBeGreaterThan(expiries);
		expect({ logins }).toEqual({ logins: expiries + 1 });
		expect(ordersCreated).toBe(90);
	});

	test('sessions that lapse by time (ttlMs) while batches run: none is given up before its lifetime, so at most one login per lifetime that passed', async () => {
		// Longer than RENEWAL_SHARED_MS, as any real session is: a renewal handed out is alive.
		const TTL_MS = 1_500;
		await env.control.call('PUT', '/session-policy', { ttlMs: TTL_MS });
		const store = sandboxCredentials(env.sandbox, { accountId: '387' });

		// Batches one after the other until at least three lifetimes have passed, however fast the
		// machine: a session then lapsed at least twice with requests in flight.
		const started = Date.now();
		let batches = 0;
		while (Date.now() - started < 3.5 * TTL_MS && batches < 100) {
			const result = await runNode({
				store,
				parameters: submitParameters({ concurrency: CONCURRENCY }),
				items: orderItems(`TTL${batches}`, 100),
			});
			expect(result.error).toBeUndefined();
			expect(result.items.filter((item) => item.json.error !== undefined)).toEqual([]);
			batches++;
		}
		const elapsed = Date.now() - started;

		const { logins } = await env.control.stats();
		expect(elapsed).toBeGreaterThanOrEqual(3.5 * TTL_MS);
		expect(logins).toBeGreaterThanOrEqual(3);
		// Sessions lapsed with several requests in flight: more 401s than lapses.
		expect(expiryAnswers(await env.control.requests())).toBeGreaterThan(logins - 1);
		// A session lives TTL_MS before it can lapse: a login beyond one per lifetime that passed
		// opened a session beside one still alive.
		expect(logins).toBeLessThanOrEqual(Math.floor(elapsed / TTL_MS) + 1);
	});

	test('the first storefront order of a run by SKU, its stored session expired since the last run: the look-ups in flight meet the expiry together, one login renews it', async () => {
		const store = sandboxCredentials(env.sandbox, { accountId: '387' });
		const warmUp = await runNode({
			store,
			parameters: submitParameters(),
			items: orderItems('WARM', 1),
		});
		expect(warmUp.error).toBeUndefined();
		// The stored session expires between two runs: the service sees it once past a lifetime
		// shorter than its age, and from then on holds it invalid.
		await env.control.call('PUT', '/session-policy', { ttlMs: 0 });
		await sleep(5);
		const seen = await request(`${env.sandbox.baseUrl}/accounts/session`, {
			headers: { 'x-auth-token': String(store.data().sessionToken), accept: 'application/json' },
		});
		await seen.body.dump();
		expect(seen.statusCode).toBe(401);
		await env.control.call('PUT', '/session-policy', { ttlMs: null });
		// A run of its own, as the next storefront order starts one: nothing kept of the catalog.
		forgetAllExecutions();
		await env.control.clearRequests();
		const { logins: before } = await env.control.stats();

		// A new order (every line owed), its variants by the print product's SKU (the contract).
		const order = withProductSkus(JSON.parse(JSON.stringify(shopifyOrder))) as {
			line_items: Array<{ quantity: number; current_quantity: number }>;
		};
		for (const line of order.line_items) line.current_quantity = line.quantity;
		const result = await runNode({
			store,
			parameters: {
				resource: 'order',
				operation: 'submit',
				shop: shopParameter(),
				input: 'storefrontOrder',
				storefront: 'shopify',
				financialStatus: 'PAID',
				carrierId: '21',
				linePrints: {
					print: [
						{
							printArea: 'FRONT',
							elementType: 'libraryMotive',
							motiveId: { __rl: true, mode: 'name', value: 'Company Logo' },
						},
					],
				},
				options: {},
			},
			items: [{ json: order }],
		});

		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ alreadyExisted: false });
		const log = await env.control.requests();
		// Several requests met the expired session at once (the issue saw three) ...
		expect(expiryAnswers(log)).toBeGreaterThan(1);
		// ... and one login renewed it for all of them.
		expect((await env.control.stats()).logins - before).toBe(1);
	});

	test("a 401 on n8n's own re-send (the shared session gone before this request's turn) is sent once more, with the newest session, and goes through", async () => {
		const store = sandboxCredentials(env.sandbox, { accountId: '387' });
		// The submission meets 401 twice: once as an expiry would, once more on n8n's re-send.
		await env.control.fault({
			kind: 'status',
			status: 401,
			method: 'POST',
			path: '/orders/usingCreatorSE$',
			count: 2,
		});

		const result = await runNode({
			store,
			parameters: submitParameters(),
			items: orderItems('AGAIN', 1),
		});

		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ uniqueId: 'AGAIN-0', alreadyExisted: false });
		const posts = (await env.control.requests()).filter((r) =>
			/\/orders\/usingCreatorSE$/.test(r.path),
		);
		expect(posts.map((r) => r.status)).toEqual([401, 401, 200]);
		// The first login, and n8n's one renewal on the first 401; the last send took the stored one.
		expect((await env.control.stats()).logins).toBe(2);
		expect((await env.control.stats()).ordersCreated).toBe(1);
	});

	test('a refused login (wrong password) is the credential error of every item, asked once for the whole batch: no retry storm', async () => {
		const store = sandboxCredentials(env.sandbox, {
			accountId: '387',
			password: ['not', 'this', 'one'].join('-'),
		});

		const result = await runNode({
			store,
			continueOnFail: true,
			parameters: submitParameters({ concurrency: CONCURRENCY }),
			items: orderItems('REFUSED', 40),
		});

		const errors = result.items.map((item) => item.json.error);
		expect(errors).toHaveLength(40);
		for (const error of errors) expect(String(error)).toMatch(/refused the login/);
		expect(refusedLogins(await env.control.requests())).toBe(1);
		expect((await env.control.stats()).ordersCreated).toBe(0);
	});
});
