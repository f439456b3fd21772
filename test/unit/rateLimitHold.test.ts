/**
 * How long a 429 holds the login's other requests: the wait its Retry-After names, at most
 * `RETRY.maxHoldMs`, so that a mis-set header does not stop every execution for days.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { holdEndOf } from '../../nodes/shared/acrossExecutions';
import { RETRY, send, type Session } from '../../nodes/shared/send';

const SESSION: Session = {
	baseUrl: 'https://pilot.example/webservices/rest',
	mediaType: 'json',
	accountId: '387',
	rateLimitScope: 'a-login',
};

/** A context whose every request is answered 429 with this Retry-After. */
function rateLimited(retryAfter: string): IExecuteFunctions {
	const answer = { response: { status: 429, headers: { 'retry-after': retryAfter }, data: '' } };
	return {
		getNode: () => ({
			id: 'node-1',
			name: 'POD Platform',
			type: 'n8n-nodes-pod-platform.podPlatform',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		}),
		helpers: {
			httpRequestWithAuthentication: async () => await Promise.reject(answer),
		},
	} as unknown as IExecuteFunctions;
}

describe('a 429 holds the login', () => {
	test.each([
		{ retryAfter: '300', heldMs: 300_000 },
		{ retryAfter: String(7 * 24 * 3600), heldMs: RETRY.maxHoldMs },
	])('Retry-After: $retryAfter holds it $heldMs ms', async ({ retryAfter, heldMs }) => {
		const before = Date.now();
		await expect(
			send(rateLimited(retryAfter), SESSION, { method: 'GET', path: '/shops' }),
		).rejects.toMatchObject({ httpCode: '429' });
		const end = holdEndOf(SESSION.rateLimitScope) ?? 0;
		expect(end).toBeGreaterThanOrEqual(before + heldMs);
		expect(end).toBeLessThanOrEqual(Date.now() + heldMs);
	});
});
