/* eslint-disable @typescript-eslint/no-explicit-any -- tests run on Node, never shipped */
/**
 * The service pushes back on the order itself for longer than the node's retries last: 503
 * (unavailable) or 429 (rate limit, Retry-After: 1) on every submission. The item's error says
 * plainly that the order was NOT sent, naming its Unique ID, how the service answered and the fix;
 * nothing is created; once the service answers again, a second run prints the order exactly once.
 */
import shopifyOrder from '../fixtures/storefront/shopify-orders-create.json';
import { runNode } from '../support/n8n';
import { sandboxCredentials } from '../support/sandbox';
import { withProductSkus } from '../support/storefrontModes';
import { order, submitParameters, useFaultSandbox } from './helpers';
import { shopifyLineParameters } from '../order/fixtures';

const SUBMIT = 'orders/usingCreatorSE$';

describe('faults: the service pushes back on Submit beyond the retries', () => {
	const env = useFaultSandbox();

	const submissions = async () =>
		(await env.control.requests()).filter(
			(r) => r.method === 'POST' && new RegExp(SUBMIT).test(r.path),
		);

	test.each([
		{
			name: '503 (unavailable)',
			fault: { kind: 'status', status: 503 },
			answered: /the service answered 503 \(unavailable\) 5 times over \d+\.\d s/,
			why: /looked the order up by its Unique ID and found none: nothing was created/,
		},
		{
			name: '429 (rate limit) with Retry-After: 1',
			fault: { kind: 'status', status: 429, retryAfter: 1 },
			// Four waits of the Retry-After's 1 s at least (a busy machine only adds to them).
			answered: /the service answered 429 \(rate limit\) 5 times over (?:[4-9]|\d{2,})\.\d s/,
			why: /The service did not take the order: nothing was created/,
		},
	])(
		'$name on every submission: NOT sent, Unique ID named, nothing made; run again, printed once',
		async ({ fault, answered, why }) => {
			await env.control.fault({ method: 'POST', path: SUBMIT, ...fault });
			const store = sandboxCredentials(env.sandbox, { accountId: '387' });
			const items = [{ json: { order: order('PUSHBACK-1') } }];

			const first = await runNode({ store, parameters: submitParameters(), items });
			const message = String(first.error?.message);
			const description = String(first.error?.description);
			expect(message).toMatch(/^The order with Unique ID PUSHBACK-1 was NOT sent: /);
			expect(message).toMatch(answered);
			expect(description).toMatch(why);
			expect(description).toContain('Run the workflow again once the service answers');
			expect(description).toContain('the catch-up workflow');
			expect(description).toContain('running it again never prints it twice');
			expect(`${message} ${description}`).not.toMatch(/token|password|secret/i);
			// Five attempts, each after the retries' own delay (the message's "over 4.x s"), counted.
			expect(await submissions()).toHaveLength(5);
			expect(await env.control.orders('PUSHBACK-1')).toEqual([]);

			await env.control.call('DELETE', '/faults');
			const second = await runNode({ store, parameters: submitParameters(), items });
			expect(second.error).toBeUndefined();
			expect(second.items[0].json).toMatchObject({
				uniqueId: 'PUSHBACK-1',
				alreadyExisted: false,
			});
			expect(await env.control.orders('PUSHBACK-1')).toHaveLength(1);
			expect(await submissions()).toHaveLength(6);
		},
	);

	test('Exactly Once off, 503 on every submission: the order may have been sent, and the error says to look before sending again', async () => {
		await env.control.fault({ method: 'POST', path: SUBMIT, kind: 'status', status: 503 });
		const store = sandboxCredentials(env.sandbox, { accountId: '387' });
		const result = await runNode({
			store,
			parameters: submitParameters({ exactlyOnce: false }),
			items: [{ json: { order: order('BLIND-503') } }],
		});
		expect(result.error?.message).toMatch(
			/^The order with Unique ID BLIND-503 may have been sent: the service answered 503 \(unavailable\)$/,
		);
		expect(result.error?.description).toMatch(/Exactly Once is off, so it was not sent again/);
		expect(result.error?.description).not.toContain('never prints it twice');
		// Not safe to send again without a look-up: one attempt.
		expect(await submissions()).toHaveLength(1);
	});

	/** One Item per Line, from Shopify's documented order split into its three lines. */
	const lineItems = () => {
		const shopify = withProductSkus(shopifyOrder) as Record<string, any>;
		return (shopify.line_items as any[]).map((line) => ({
			json: { ...shopify, line_items: line },
		}));
	};
	const lineParameters = {
		...shopifyLineParameters(),
		uniqueId: '={{ "shopify-" + $json.id }}',
	};

	test('with Continue On Fail, two three-line orders pushed back give one error item each, paired with its lines', async () => {
		await env.control.fault({ method: 'POST', path: SUBMIT, kind: 'status', status: 503 });
		const store = sandboxCredentials(env.sandbox, { accountId: '387' });
		const other = lineItems().map((item) => ({ json: { ...item.json, id: 450789470 } }));
		const items = [...lineItems(), ...other];
		const result = await runNode({
			store,
			parameters: lineParameters,
			items,
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(2);
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			[{ item: 0 }, { item: 1 }, { item: 2 }],
			[{ item: 3 }, { item: 4 }, { item: 5 }],
		]);
		expect(result.items.map((item) => String(item.json.error))).toEqual([
			expect.stringMatching(
				/^The order with Unique ID shopify-450789469 was NOT sent: the service answered 503 \(unavailable\) 5 times/,
			),
			expect.stringMatching(/^The order with Unique ID shopify-450789470 was NOT sent: /),
		]);
		for (const item of result.items)
			expect(String(item.json.errorDescription)).toContain('the catch-up workflow');
		expect(await env.control.orders('shopify-450789469')).toEqual([]);
		expect(await env.control.orders('shopify-450789470')).toEqual([]);

		await env.control.call('DELETE', '/faults');
		const again = await runNode({ store, parameters: lineParameters, items });
		expect(again.error).toBeUndefined();
		expect(again.items.map((item) => item.json.uniqueId)).toEqual([
			'shopify-450789469',
			'shopify-450789470',
		]);
		expect(again.items.every((item) => item.json.alreadyExisted === false)).toBe(true);
		expect(await env.control.orders('shopify-450789469')).toHaveLength(1);
		expect(await env.control.orders('shopify-450789470')).toHaveLength(1);
	});
});
