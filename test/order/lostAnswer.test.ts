/**
 * Commit, Send to Production and Cancel when the service carried the call out and its answer was
 * lost (the sandbox's `drop-after-processing`): the transport sends the PUT or DELETE again, the
 * repeat meets 409, and the node reads the order and answers success, saying it was already done.
 * A 409 from an order in the wrong state stays an error naming the order, its state and the fix.
 */
import { eventually } from '../support/eventually';
import { shopParameter } from '../support/sandbox';
import { draftWithOneProduct, formParameters, orderSandbox } from './fixtures';

const shop = shopParameter();

describe('order state changes after a lost answer', () => {
	const harness = orderSandbox();

	const draft = async (uniqueId: string) => await draftWithOneProduct(harness.run, uniqueId);
	const commit = async (orderId: number, financialStatus: string) =>
		await harness.run({
			resource: 'order',
			operation: 'commit',
			shop,
			orderId: String(orderId),
			financialStatus,
		});
	const sendToProduction = async (orderId: number) =>
		await harness.run({
			resource: 'order',
			operation: 'sendToProduction',
			shop,
			orderId: String(orderId),
		});
	const cancel = async (orderId: number) =>
		await harness.run({ resource: 'order', operation: 'cancel', shop, orderId: String(orderId) });
	/** The service carries the next such call out and drops the connection before answering. */
	const loseNextAnswer = async (method: string, path: string) =>
		await harness.control.fault({ method, path, count: 1, kind: 'drop-after-processing' });
	/** The calls the service received on this path: status and whether the fault took its answer. */
	const calls = async (method: string, path: RegExp) =>
		(await harness.control.requests())
			.filter((r) => r.method === method && path.test(r.path))
			.map((r) => ({ status: r.status, lost: r.fault === 'drop-after-processing' }));
	/** A paid order production has picked up: what Cancel starts from. */
	const inProduction = async (uniqueId: string): Promise<number> => {
		const submitted = await harness.run(formParameters(uniqueId));
		expect(submitted.error).toBeUndefined();
		const orderId = Number(submitted.items[0].json.id);
		await eventually(async () =>
			expect((await harness.control.order(orderId)).fulfilmentStatus).toBe('PREPARED_TO_PRODUCE'),
		);
		await harness.control.call('POST', `/orders/${orderId}/advance`, { to: 'NOT_EDITABLE' });
		return orderId;
	};

	describe('Commit', () => {
		test('the answer lost after the commit: the repeat meets 409, the order is read, and the commit is answered done', async () => {
			const orderId = await draft('LOST-COMMIT-1');
			await loseNextAnswer('PUT', 'commitOrder');
			const result = await commit(orderId, 'PAID');
			expect(result.error).toBeUndefined();
			expect(result.items[0].json).toEqual({
				orderId,
				committed: true,
				financialStatus: 'PAID',
				fulfilmentStatus: null,
				alreadyDone: true,
			});
			// Committed once: the call carried out (answer lost), its repeat refused.
			expect(await calls('PUT', /commitOrder$/)).toEqual([
				{ status: 204, lost: true },
				{ status: 409, lost: false },
			]);
			expect(await harness.control.order(orderId)).toMatchObject({
				committed: true,
				financialStatus: 'PAID',
				handedOff: false,
			});
		});

		test('a connection reset before the service acted: the repeat commits, and says it was not already done', async () => {
			const orderId = await draft('LOST-COMMIT-4');
			await harness.control.fault({
				method: 'PUT',
				path: 'commitOrder',
				count: 1,
				kind: 'reset',
			});
			const result = await commit(orderId, 'PAID');
			expect(result.error).toBeUndefined();
			expect(result.items[0].json).toEqual({
				orderId,
				committed: true,
				financialStatus: 'PAID',
				alreadyDone: false,
			});
			expect((await calls('PUT', /commitOrder$/)).map((call) => call.status)).toEqual([
				expect.anything(),
				204,
			]);
			expect(await harness.control.order(orderId)).toMatchObject({
				committed: true,
				financialStatus: 'PAID',
			});
		});

		test('a commit answered at once says it was not already done', async () => {
			const orderId = await draft('LOST-COMMIT-2');
			const result = await commit(orderId, 'PENDING');
			expect(result.items[0].json).toEqual({
				orderId,
				committed: true,
				financialStatus: 'PENDING',
				alreadyDone: false,
			});
		});

		test('a commit as Paid of an order committed as Pending stays refused, naming the order, its state and the fix', async () => {
			const orderId = await draft('LOST-COMMIT-3');
			expect((await commit(orderId, 'PENDING')).error).toBeUndefined();
			const refused = await commit(orderId, 'PAID');
			expect(refused.items).toEqual([]);
			expect(refused.error?.httpCode).toBe('409');
			expect(refused.error?.message).toBe(
				`Order ${orderId} was not committed as Paid (PAID): it is Pending (PENDING), not in production`,
			);
			expect(refused.error?.description).toMatch(/Commit cannot change its status.*Order → Get/);
			expect(refused.error?.description).toMatch(/The service answered: Order already committed/);
			expect(await harness.control.order(orderId)).toMatchObject({ financialStatus: 'PENDING' });
		});
	});

	describe('Send to Production', () => {
		test('the answer lost after the hand-off: the repeat meets 409, and the order in production answers it done', async () => {
			const orderId = await draft('LOST-SEND-1');
			expect((await commit(orderId, 'PAID')).error).toBeUndefined();
			await loseNextAnswer('PUT', 'sendToProduction');
			const result = await sendToProduction(orderId);
			expect(result.error).toBeUndefined();
			expect(result.items[0].json).toEqual({
				orderId,
				sentToProduction: true,
				financialStatus: 'PAID',
				// The sandbox moves it on 20 ms later: either step is the pipeline's.
				fulfilmentStatus: expect.stringMatching(/^(WAITING_FOR_RESOURCES|PREPARED_TO_PRODUCE)$/),
				alreadyDone: true,
			});
			expect(await calls('PUT', /sendToProduction$/)).toEqual([
				{ status: 204, lost: true },
				{ status: 409, lost: false },
			]);
			expect(await harness.control.order(orderId)).toMatchObject({ handedOff: true });
		});

		test('an order not committed stays refused, naming the order, its state and the fix', async () => {
			const orderId = await draft('LOST-SEND-2');
			const refused = await sendToProduction(orderId);
			expect(refused.error?.httpCode).toBe('409');
			expect(refused.error?.message).toBe(
				`Order ${orderId} was not sent to production: it is Pending (PENDING), not in production`,
			);
			expect(refused.error?.description).toMatch(/Order → Commit/);
			expect(refused.error?.description).toMatch(/The service answered: Order is not committed/);
			expect(await harness.control.order(orderId)).toMatchObject({ handedOff: false });
		});
	});

	describe('Cancel', () => {
		test('the answer lost after the request: the repeat meets 409, and the order waiting for cancellation answers it done', async () => {
			const orderId = await inProduction('LOST-CANCEL-1');
			await harness.control.clearRequests();
			await loseNextAnswer('DELETE', 'cancelOrder');
			const result = await cancel(orderId);
			expect(result.error).toBeUndefined();
			expect(result.items[0].json).toEqual({
				orderId,
				cancellationRequested: true,
				financialStatus: 'PAID',
				fulfilmentStatus: 'CANCELLATION_WAITING',
				alreadyDone: true,
			});
			expect(await calls('DELETE', /cancelOrder$/)).toEqual([
				{ status: 204, lost: true },
				{ status: 409, lost: false },
			]);
			expect((await harness.control.order(orderId)).fulfilmentStatus).toBe('CANCELLATION_WAITING');
		});

		test('on a service that takes a cancellation only once production picked the order up, an order not picked up stays refused, naming the order, its state and when to ask', async () => {
			const submitted = await harness.run(formParameters('LOST-CANCEL-2'));
			const orderId = Number(submitted.items[0].json.id);
			await eventually(async () =>
				expect((await harness.control.order(orderId)).fulfilmentStatus).toBe('PREPARED_TO_PRODUCE'),
			);
			// The contract shows the request from NOT_EDITABLE only; the sandbox takes it earlier, so
			// a service that does not is played by its refusal.
			await harness.control.fault({
				path: 'cancelOrder$',
				kind: 'status',
				status: 409,
				count: 1,
				body: JSON.stringify({ exception: { message: 'Order cannot be cancelled now' } }),
			});
			const refused = await cancel(orderId);
			expect(refused.error?.httpCode).toBe('409');
			expect(refused.error?.message).toBe(
				`Order ${orderId} cannot be cancelled now: it is Paid (PAID), Ready for Production (PREPARED_TO_PRODUCE)`,
			);
			expect(refused.error?.description).toMatch(/In Production, NOT_EDITABLE/);
			expect((await harness.control.order(orderId)).fulfilmentStatus).toBe('PREPARED_TO_PRODUCE');
		});

		test('a shipped order stays refused, saying it cannot be cancelled', async () => {
			const orderId = await inProduction('LOST-CANCEL-3');
			await harness.control.call('POST', `/orders/${orderId}/advance`, { to: 'FINISHED' });
			const refused = await cancel(orderId);
			expect(refused.error?.message).toBe(
				`Order ${orderId} cannot be cancelled now: it is Paid (PAID), Shipped (FINISHED)`,
			);
			expect(refused.error?.description).toMatch(
				/^It has shipped, and a shipped order cannot be cancelled\./,
			);
		});
	});
});
