/**
 * Session tokens that expire every N requests during a 500-item Submit run: no item may fail,
 * and every expiry costs exactly one login (at concurrency 1, where the relation is exact).
 */
import { runNode } from '../support/n8n';
import { sandboxCredentials } from '../support/sandbox';
import { orderItems, submitParameters, useFaultSandbox } from './helpers';

const ITEMS = 500;
const EXPIRE_AFTER = 17;

describe('faults: session tokens expiring during a long run', () => {
	const env = useFaultSandbox();

	test(`${ITEMS} orders at concurrency 1, token expiring every ${EXPIRE_AFTER} requests: none fails, logins = expiries + 1`, async () => {
		await env.control.call('PUT', '/session-policy', { expireAfterRequests: EXPIRE_AFTER });
		const store = sandboxCredentials(env.sandbox, { accountId: '387' });

		const result = await runNode({
			store,
			parameters: submitParameters({ concurrency: 1 }),
			items: orderItems('EXP', ITEMS),
		});

		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(ITEMS);
		expect(result.items.filter((item) => item.json.error !== undefined)).toEqual([]);
		expect(result.items.map((item) => item.json.uniqueId)).toEqual(
			Array.from({ length: ITEMS }, (_, i) => `EXP-${i}`),
		);

		const log = await env.control.requests();
		const expiries = log.filter((r) => r.status === 401 && r.hasToken).length;
		const served = log.filter((r) => r.hasToken && r.status !== 401).length;
		// Each token serves exactly EXPIRE_AFTER requests, and the next one sees the expiry.
		expect(expiries).toBe(Math.ceil(served / EXPIRE_AFTER) - 1);
		expect(expiries).toBeGreaterThanOrEqual(20);

		const stats = await env.control.stats();
		expect(stats.logins).toBe(expiries + 1);
		expect(store.preAuthenticationCount).toBe(stats.logins);
		expect(stats.ordersCreated).toBe(ITEMS);
		expect((await env.control.orders()).map((o) => o.uniqueId).sort()).toEqual(
			Array.from({ length: ITEMS }, (_, i) => `EXP-${i}`).sort(),
		);
	});

	test('at concurrency 8 no item fails either; several requests in flight see one expiry', async () => {
		await env.control.call('PUT', '/session-policy', { expireAfterRequests: EXPIRE_AFTER });
		const store = sandboxCredentials(env.sandbox, { accountId: '387' });
		const count = 100;

		const result = await runNode({
			store,
			parameters: submitParameters({ concurrency: 8 }),
			items: orderItems('EXP8', count),
		});

		expect(result.error).toBeUndefined();
		expect(result.items.filter((item) => item.json.error !== undefined)).toEqual([]);
		const log = await env.control.requests();
		const expiries = log.filter((r) => r.status === 401 && r.hasToken).length;
		const stats = await env.control.stats();
		// n8n asks for a login on every 401; requests that met the same expiry share one login
		// (test/faults/oneLogin.test.ts counts it exactly), so logins never exceed expiries + 1.
		expect(stats.logins).toBeGreaterThan(1);
		expect(stats.logins).toBeLessThanOrEqual(expiries + 1);
		expect(stats.ordersCreated).toBe(count);
		expect(new Set((await env.control.orders()).map((o) => o.uniqueId)).size).toBe(count);
	});
});
