/**
 * Order → Get Many › Needs Attention: one stored filter lists the orders stuck longer than Older
 * Than (ready but not picked up, a cancellation not confirmed, not in production: a held draft)
 * and, at any age, those whose files failed or that have a complaint, each with why and what to
 * do; an order in production or shipped is not listed. Against the sandbox, over real HTTP.
 */
import { eventually } from '../support/eventually';
import { shopParameter } from '../support/sandbox';
import { draftWithOneProduct, formParameters, orderSandbox } from './fixtures';

const shop = shopParameter();

describe('Needs Attention', () => {
	const harness = orderSandbox();
	const ids: Record<string, number> = {};

	/** A paid order that production got ready; then moved on to `to` where given. */
	const submitted = async (uniqueId: string, to?: string) => {
		const result = await harness.run(formParameters(uniqueId));
		expect(result.error).toBeUndefined();
		const orderId = Number(result.items[0].json.id);
		await eventually(async () =>
			expect((await harness.control.order(orderId)).fulfilmentStatus).toBe('PREPARED_TO_PRODUCE'),
		);
		if (to) await harness.control.call('POST', `/orders/${orderId}/advance`, { to });
		return orderId;
	};

	// After the harness's reset of each test: one order of each state.
	beforeEach(async () => {
		ids.ready = await submitted('ATTN-READY');
		ids.cancelling = await submitted('ATTN-CANCELLING', 'NOT_EDITABLE');
		await harness.run({
			resource: 'order',
			operation: 'cancel',
			shop,
			orderId: String(ids.cancelling),
		});
		ids.complaint = await submitted('ATTN-COMPLAINT', 'RECLAMATION');
		ids.inProduction = await submitted('ATTN-FINE', 'NOT_EDITABLE');
		ids.shipped = await submitted('ATTN-SHIPPED', 'FINISHED');
		ids.held = await draftWithOneProduct(harness.run, 'ATTN-HELD');
	});

	const listed = async (olderThanHours: number) => {
		const result = await harness.run({
			resource: 'order',
			operation: 'getAll',
			shop,
			returnAll: true,
			orderSelection: 'needsAttention',
			olderThanHours,
		});
		expect(result.error).toBeUndefined();
		const ours = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
		return Object.fromEntries(
			result.items
				.filter((item) => ours.has(Number(item.json.id)))
				.map((item) => [
					ours.get(Number(item.json.id)),
					[item.json.attentionReason, item.json.attentionTodo],
				]),
		);
	};

	test('stuck at any age (Older Than 0): each listed with why and what to do; in production and shipped are not', async () => {
		expect(await listed(0)).toEqual({
			ready: [
				'Ready for production, but production has not picked it up',
				'Ask the service about this order ID if it stays here.',
			],
			cancelling: [
				'Its cancellation was requested and production has not confirmed it',
				'Ask the service to confirm the cancellation before the order ships.',
			],
			complaint: [
				'A complaint about it is being handled',
				'Follow the complaint up with the service.',
			],
			held: [
				'Not in production: a held draft waiting for Release or Discard, or an order not paid yet',
				'Release it (Order → Release) or Discard it; an order waiting for payment starts once it is paid.',
			],
		});
	});

	test('Older Than 1 hour: orders placed just now are not stuck yet; a complaint is listed at any age; one stored filter', async () => {
		await harness.control.call('DELETE', '/requests');
		expect(await listed(1)).toEqual({
			complaint: [
				'A complaint about it is being handled',
				'Follow the complaint up with the service.',
			],
		});
		const requests = await harness.control.requests();
		expect(requests.filter((r) => r.method === 'POST' && r.path === '/filters')).toHaveLength(1);
	});

	test('Older Than below zero is refused before anything is sent', async () => {
		await harness.control.call('DELETE', '/requests');
		const result = await harness.run({
			resource: 'order',
			operation: 'getAll',
			shop,
			returnAll: true,
			orderSelection: 'needsAttention',
			olderThanHours: -2,
		});
		expect(result.error?.message).toBe(
			'Item 1: Older Than (Hours) must be a number of hours, 0 or more, got -2',
		);
		expect(await harness.control.requests()).toEqual([]);
	});
});
