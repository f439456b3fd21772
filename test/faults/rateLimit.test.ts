/**
 * A 429 asking for a longer wait than a run may spend (Retry-After above the transport's longest)
 * fails the run at once, and the error says how long the service asked to wait.
 */
import { RETRY } from '../../nodes/shared/send';
import { runNode } from '../support/n8n';
import { sandboxCredentials, shopParameter } from '../support/sandbox';
import { useFaultSandbox } from './helpers';

describe('faults: a 429 with a long Retry-After', () => {
	const env = useFaultSandbox();

	test('is not waited out; the error names the wait asked for', async () => {
		const retryAfter = RETRY.maxRetryAfterMs / 1000 + 1;
		await env.control.fault({
			method: 'GET',
			path: '/orders$',
			kind: 'status',
			status: 429,
			retryAfter,
		});
		const result = await runNode({
			store: sandboxCredentials(env.sandbox, { accountId: '387' }),
			parameters: { resource: 'order', operation: 'getAll', shop: shopParameter(), limit: 5 },
		});
		expect(result.error?.httpCode).toBe('429');
		expect(result.error?.message).toContain(
			`asked to wait ${retryAfter} s (Retry-After), longer than the node waits`,
		);
		// Not waited out and not retried: the one list read, answered 429, is all the run sent.
		const listReads = (await env.control.requests()).filter((r) => /\/orders$/.test(r.path));
		expect(listReads.map((r) => r.status)).toEqual([429]);
	});
});
