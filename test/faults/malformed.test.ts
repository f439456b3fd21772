/**
 * Malformed bodies of every kind, from the service (an answer with status 200) and in signed
 * webhook deliveries: each is answered with a clear error, nothing crashes, and the next
 * request works.
 */
import { createHash, createHmac } from 'node:crypto';

import { MINUTE, useMovedClock } from '../support/clock';
import { runNode } from '../support/n8n';
import { sandboxCredentials, shopParameter } from '../support/sandbox';
import { ServiceClient } from '../support/service';
import { TriggerHarness, captureLogs, serviceSecrets } from '../support/trigger';
import { useFaultSandbox } from './helpers';

const MB = 1024 * 1024;
const entities = Array.from(
	{ length: 9 },
	(_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`,
).join('');

/** [name, body, what the error message must say]. */
const MALFORMED: Array<[string, string, RegExp]> = [
	[
		'truncated JSON',
		'{"productionOrderExpanded":{"id":12345,"uniqueId":"A',
		/JSON that cannot be read/,
	],
	[
		'XML with entity expansion',
		`<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol0 "lol">${entities}]><productionOrderExpanded><id>&lol9;</id></productionOrderExpanded>`,
		/declares a DTD or entities/,
	],
	[
		'XML with an external entity',
		'<?xml version="1.0"?><!DOCTYPE o [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><productionOrderExpanded><id>&xxe;</id></productionOrderExpanded>',
		/declares a DTD or entities/,
	],
	['JSON with two roots', '{"productionOrderExpanded":{"id":1},"other":{}}', /no single root/],
	['XML with two roots', '<productionOrderExpanded/><other/>', /XML|root/],
	['a JSON array', '[{"id":1}]', /not an object/],
	[
		'an HTML error page',
		'<!DOCTYPE html><html><body>Bad gateway</body></html>',
		/cannot be read|DTD/,
	],
	[
		'a multi-megabyte truncated JSON',
		`{"productionOrderExpanded":{"id":1,"note":"${'x'.repeat(8 * MB)}`,
		/JSON that cannot be read/,
	],
	[
		'a multi-megabyte unclosed XML',
		`<productionOrderExpanded><id>1</id><note>${'x'.repeat(8 * MB)}`,
		/XML that cannot be read/,
	],
];

const sign = (secret: string, body: Buffer) =>
	createHmac('sha256', createHash('sha256').update(secret, 'utf8').digest('hex'))
		.update(body)
		.digest('base64');

describe('faults: malformed bodies', () => {
	const env = useFaultSandbox();

	describe('answers of the service', () => {
		const getOrder = (store = sandboxCredentials(env.sandbox, { accountId: '387' })) =>
			runNode({
				store,
				parameters: {
					resource: 'order',
					operation: 'get',
					shop: shopParameter(),
					orderId: '12345',
				},
			});

		test.each(MALFORMED)(
			'%s: a clear NodeApiError, and the next request works',
			async (_, body, says) => {
				await env.control.fault({
					method: 'GET',
					path: '/orders/12345$',
					kind: 'status',
					status: 200,
					body,
					count: 1,
				});
				const result = await getOrder();
				expect(result.error?.name).toBe('NodeApiError');
				expect(result.error?.message).toMatch(says);
				expect(result.error?.message.length).toBeLessThan(300);
				expect(result.items).toEqual([]);

				const next = await getOrder();
				expect(next.error?.message).toMatch(/not found/i);
				expect(next.error?.httpCode).toBe('404');
			},
		);

		test('a list page that is malformed fails Return All as a whole, not with a partial list', async () => {
			await env.control.fault({
				method: 'GET',
				path: '/orders$',
				kind: 'status',
				status: 200,
				body: '{"pagedData":{"productionOrder":[{"id":1}',
				count: 1,
			});
			const result = await runNode({
				store: sandboxCredentials(env.sandbox, { accountId: '387' }),
				parameters: {
					resource: 'order',
					operation: 'getAll',
					shop: shopParameter(),
					returnAll: true,
				},
			});
			expect(result.error?.name).toBe('NodeApiError');
			expect(result.error?.message).toMatch(/JSON that cannot be read/);
			expect(result.items).toEqual([]);
		});
	});

	describe('signed webhook deliveries', () => {
		let trigger: TriggerHarness;
		let secret: string;
		let logs: ReturnType<typeof captureLogs>;
		const clock = useMovedClock();

		beforeEach(async () => {
			logs = captureLogs();
			trigger = await new TriggerHarness({
				store: sandboxCredentials(env.sandbox, { accountId: '387' }),
				parameters: {
					shop: shopParameter(),
					topics: ['orders/updated'],
					mediaType: 'JSON',
					options: {},
				},
			}).start();
			await trigger.activate();
			// The secret the service signs with: the node keeps none.
			const secrets = await serviceSecrets(
				ServiceClient.as(env.sandbox.baseUrl),
				trigger.webhookUrl,
			);
			secret = secrets['orders/updated'];
			expect(secret).toMatch(/^[0-9a-f]{64}$/);
		});
		afterEach(async () => {
			await trigger.close();
			logs.restore();
		});

		test.each(MALFORMED)(
			'%s, correctly signed: 400, nothing emitted, no crash',
			async (name, text) => {
				const body = Buffer.from(text);
				const contentType = text.startsWith('<') ? 'application/xml' : 'application/json';
				const received = await trigger.deliver({
					headers: {
						'x-platform-topic': 'orders/updated',
						'x-platform-hmac-sha256': sign(secret, body),
						'x-platform-delivery-id': `bad-${name}`,
						'content-type': contentType,
					},
					body,
				});
				expect(received.error).toBeUndefined();
				expect(received.items).toEqual([]);
				expect(received.status).toBe(400);
				expect(logs.warn.join('\n')).toMatch(/could not be read/);

				// The same delivery id, now with a readable body, is still taken: a refused body is not remembered.
				const good = Buffer.from(
					JSON.stringify({
						productionOrderExpanded: { id: 1, uniqueId: 'U-1', fulfilmentStatus: 'NOT_EDITABLE' },
					}),
				);
				const after = await trigger.deliver({
					headers: {
						'x-platform-topic': 'orders/updated',
						'x-platform-hmac-sha256': sign(secret, good),
						'x-platform-delivery-id': `bad-${name}`,
						'content-type': 'application/json',
					},
					body: good,
				});
				expect(after.status).toBe(200);
				expect(after.items).toHaveLength(1);

				// The service's retry of the refused delivery an hour later is refused again, not
				// taken for the retry of an event emitted.
				clock.advance(60 * MINUTE);
				const retried = await trigger.deliver({
					headers: {
						'x-platform-topic': 'orders/updated',
						'x-platform-hmac-sha256': sign(secret, body),
						'x-platform-delivery-id': `bad-${name}`,
						'content-type': contentType,
					},
					body,
				});
				expect(retried.status).toBe(400);
				expect(trigger.emitted).toHaveLength(1);
			},
		);
	});
});
