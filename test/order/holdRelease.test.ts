/**
 * Order → Release and Order → Discard of a held draft (an incremental order with one product,
 * never committed): Release commits it with its payment status and sends it to production, and
 * a second Release answers it released with nothing sent; Discard throws a draft away, answers a
 * discarded one as discarded, and refuses an order in production. Orders are chosen by ID or by
 * Unique ID. Against the sandbox, over real HTTP.
 */
import { eventually } from '../support/eventually';
import { shopParameter } from '../support/sandbox';
import { draftWithOneProduct, formParameters, orderSandbox } from './fixtures';

const shop = shopParameter();
const byUniqueId = (uniqueId: string) => ({ __rl: true, mode: 'uniqueId', value: uniqueId });

describe('holding and releasing a draft order', () => {
	const harness = orderSandbox();

	const draft = async (uniqueId: string) => await draftWithOneProduct(harness.run, uniqueId);
	const release = async (orderId: unknown, financialStatus = 'PAID') =>
		await harness.run({ resource: 'order', operation: 'release', shop, orderId, financialStatus });
	const discard = async (orderId: unknown) =>
		await harness.run({ resource: 'order', operation: 'discard', shop, orderId });
	/** The state changes the service received for this order (not the draft's product). */
	const writes = async (orderId: number) =>
		(await harness.control.requests())
			.filter(
				(r) =>
					r.method !== 'GET' &&
					r.path.includes(`/orders/${orderId}/`) &&
					!r.path.includes('/orderedProducts'),
			)
			.map((r) => `${r.method} ${r.path.replace(/.*\/orders\/\d+\//, '')} ${r.status}`);

	test('Release by Unique ID commits the draft as Paid and sends it to production; again, it is answered released and nothing is sent', async () => {
		const orderId = await draft('HOLD-1');
		const first = await release(byUniqueId('HOLD-1'));
		expect(first.error).toBeUndefined();
		expect(first.items[0].json).toEqual({
			orderId,
			released: true,
			alreadyDone: false,
			financialStatus: 'PAID',
		});
		expect(await writes(orderId)).toEqual(['PUT commitOrder 204', 'PUT sendToProduction 204']);
		const stored = await harness.control.order(orderId);
		expect(stored.financialStatus).toBe('PAID');
		// In production: its files being prepared, or ready already (the sandbox prepares in 20 ms).
		expect(stored.fulfilmentStatus).toMatch(/^(WAITING_FOR_RESOURCES|PREPARED_TO_PRODUCE)$/);

		const again = await release(String(orderId));
		expect(again.error).toBeUndefined();
		expect(again.items[0].json).toMatchObject({
			orderId,
			released: true,
			alreadyDone: true,
			financialStatus: 'PAID',
		});
		expect(String(again.items[0].json.fulfilmentStatus)).toMatch(
			/^(WAITING_FOR_RESOURCES|PREPARED_TO_PRODUCE)$/,
		);
		expect(await writes(orderId)).toHaveLength(2);
	});

	test('Discard throws a held draft away; again, it is answered discarded; a discarded draft is not released', async () => {
		const orderId = await draft('HOLD-2');
		const first = await discard(byUniqueId('HOLD-2'));
		expect(first.error).toBeUndefined();
		expect(first.items[0].json).toEqual({ orderId, discarded: true, alreadyDone: false });
		expect(String((await harness.control.order(orderId)).fulfilmentStatus)).toMatch(/^CANCELL/);

		const again = await discard(String(orderId));
		expect(again.error).toBeUndefined();
		expect(again.items[0].json).toMatchObject({ orderId, discarded: true, alreadyDone: true });

		const released = await release(String(orderId));
		expect(released.error?.message).toMatch(
			new RegExp(`^Order ${orderId} was not released: it is .*Cancel`),
		);
		expect(released.error?.description).toContain('cannot go to production');
		expect(await writes(orderId)).toEqual(['DELETE cancelOrder 204']);
	});

	test('Discard of an order in production is refused with the way to stop it, and sends nothing', async () => {
		const submitted = await harness.run(formParameters('HOLD-3'));
		expect(submitted.error).toBeUndefined();
		const orderId = Number(submitted.items[0].json.id);
		await eventually(async () =>
			expect((await harness.control.order(orderId)).fulfilmentStatus).toBeTruthy(),
		);
		const refused = await discard(String(orderId));
		expect(refused.error?.message).toMatch(
			new RegExp(`^Order ${orderId} was not discarded: it is in production`),
		);
		expect(refused.error?.description).toContain('Order → Cancel');
		expect(await writes(orderId)).toEqual([]);
	});
});
