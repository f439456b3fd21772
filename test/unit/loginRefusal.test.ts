import { NodeApiError, UserError } from 'n8n-workflow';
import type { INode, JsonObject } from 'n8n-workflow';

import {
	LOGIN_REFUSED_DESCRIPTION,
	LOGIN_REFUSED_MESSAGE,
	isLoginRefusal,
} from '../../nodes/shared/login';

const node: INode = {
	id: 'n',
	name: 'POD Platform',
	type: 'n8n-nodes-pod-platform.podPlatform',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

describe('a refused login is recognised through the error n8n wraps it in', () => {
	const refusal = () =>
		new UserError(LOGIN_REFUSED_MESSAGE, {
			description: LOGIN_REFUSED_DESCRIPTION,
			extra: { podPlatformLoginRefused: true },
		});

	test('n8n 2.x: NodeApiError keeps the refusal as its cause', () => {
		expect(isLoginRefusal(new NodeApiError(node, refusal() as unknown as JsonObject))).toBe(true);
	});

	test("n8n 1.x: NodeApiError keeps only the refusal's message and description", () => {
		// What n8n-workflow 1.x's NodeApiError holds of a wrapped Error: no cause, no extra.
		const wrapped = { message: LOGIN_REFUSED_MESSAGE, description: LOGIN_REFUSED_DESCRIPTION };
		expect(isLoginRefusal(wrapped)).toBe(true);
	});

	test('the message alone, or another error, is not a refusal', () => {
		expect(isLoginRefusal({ message: LOGIN_REFUSED_MESSAGE })).toBe(false);
		expect(
			isLoginRefusal(new NodeApiError(node, new Error('socket hang up') as unknown as JsonObject)),
		).toBe(false);
	});
});
