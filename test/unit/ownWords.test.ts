/**
 * n8n's NodeApiError puts its own line in place of a message that names a network code
 * (ECONNREFUSED: "The service refused the connection - perhaps it is offline"). The node's errors
 * keep their own message as the headline, and n8n's line only where it agrees with it.
 */
import type { INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { gaveUpError, orderPushedBackError, serviceApiError } from '../../nodes/shared/errors';

const NODE: INode = {
	id: 'node-1',
	name: 'POD Platform',
	type: 'n8n-nodes-pod-platform.podPlatform',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
const N8N_LINE = /refused the connection/;

describe("the node's own words over n8n's line for a network code", () => {
	test('n8n does put its line in place of such a message (what the node works around)', () => {
		const plain = new NodeApiError(NODE, { message: 'x' }, { message: 'Order #1 (ECONNREFUSED)' });
		expect(plain.message).toMatch(N8N_LINE);
	});

	test('an order that may have been received: Submit\'s headline, and no "refused" beside it', () => {
		const error = orderPushedBackError(
			NODE,
			{
				reason: 'unreachable',
				networkCode: 'ECONNREFUSED',
				attempts: 2,
				waitedMs: 400,
				effect: 'unknown',
			},
			{ label: 'Order #1001 (Unique ID shopify-1)', exactlyOnce: true, beforeSending: false },
			0,
		);
		expect(error.message).toBe(
			'Order #1001 (Unique ID shopify-1) may have been sent: the service could not be reached (ECONNREFUSED) 2 times over 0.4 s, and the node could not check by its Unique ID',
		);
		expect(error.description).toMatch(/^The service may have received it/);
		expect(error.description).not.toMatch(N8N_LINE);
	});

	test("a read given up: its headline, n8n's line opening the description", () => {
		const error = gaveUpError(
			NODE,
			{ reason: 'unreachable', networkCode: 'ECONNREFUSED', attempts: 5, waitedMs: 3400 },
			{ message: 'ECONNREFUSED' },
		);
		expect(error.message).toBe(
			'The service could not be reached (ECONNREFUSED) 5 times over 3.4 s',
		);
		expect(error.description).toBe(
			'The service refused the connection - perhaps it is offline. Check the base URL of the credential and the network, then run again.',
		);
	});

	test("the service's own words that name a code stay, with no line about our connection", () => {
		const error = serviceApiError(NODE, { status: 500, message: 'Upstream ETIMEDOUT' });
		expect(error.message).toBe('Upstream ETIMEDOUT');
		expect(error.description).toBe('The service had a temporary problem. Run again later.');
	});
});
