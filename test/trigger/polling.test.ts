import { PodPlatformPollTrigger } from '../../nodes/PodPlatformPollTrigger/PodPlatformPollTrigger.node';
import { RATE_LIMIT, type PollState } from '../../nodes/PodPlatformPollTrigger/poll';
import { startSandbox, type Sandbox } from '../../sandbox';
import { MINUTE } from '../support/clock';
import { PACKAGE } from '../support/n8n';
import { eventually } from '../support/eventually';
import { SandboxControl, SHOP_PATH, shopParameter } from '../support/sandbox';
import { TriggerHarness, captureLogs } from '../support/trigger';
import { credentialStore, type Json } from './helpers';
import { ServiceClient, submitOrder } from '../support/service';

const shop = shopParameter();
const TOPICS = [
	'orders/updated',
	'orders/readyForProduction',
	'orders/fulfilled',
	'orders/cancelled',
];

describe('poll trigger: status changes seen by polling the order list', () => {
	let sandbox: Sandbox;
	let control: SandboxControl;
	let service: ServiceClient;
	let clock = Date.now();
	let nowSpy: jest.SpyInstance;

	const harness = (staticData?: Json, options: Json = {}, topics = TOPICS) =>
		new TriggerHarness({
			store: credentialStore(sandbox.baseUrl),
			parameters: { shop, topics, options },
			node: new PodPlatformPollTrigger(),
			nodeType: `${PACKAGE}.podPlatformPollTrigger`,
			staticData,
		});
	/** The next poll of an Every Minute schedule (or `ms` later): moves this process's and the sandbox's clock. */
	const later = (ms = MINUTE) => (clock += ms);
	const events = (result: Awaited<ReturnType<TriggerHarness['poll']>>) =>
		(result?.[0] ?? []).map((item) => item.json as Json);
	const waitFor = async (orderId: number, status: string) =>
		await eventually(async () =>
			expect((await control.call('GET', `/orders/${orderId}`)).fulfilmentStatus).toBe(status),
		);

	beforeAll(async () => {
		// Ordered products with what was ordered (option orderedProductDetails): these tests assert
		// item details the contract does not give (the plain default's items: test/order/shape.test.ts).
		sandbox = await startSandbox({
			port: 0,
			deferredProcessingMs: 10,
			variantSkuTexts: false,
			orderedProductDetails: true,
		});
		control = new SandboxControl(sandbox);
		nowSpy = jest.spyOn(Date, 'now').mockImplementation(() => clock);
	});
	afterAll(async () => {
		nowSpy.mockRestore();
		await sandbox.close();
	});
	beforeEach(async () => {
		await control.call('POST', '/reset');
		service = ServiceClient.as(sandbox.baseUrl);
	});

	/** The reads of expanded orders among logged requests, shop path dropped. */
	const expandedReads = (requests: Array<{ method: string; path: string }>) =>
		requests
			.map((r) => `${r.method} ${r.path.replace(/^.*\/shops\/\d+/, '')}`)
			.filter((r) => r.startsWith('GET /orders/expanded/'));

	/** The order list reads among logged requests, with the status each got. */
	const listReads = (requests: Array<{ method: string; path: string; status: number }>) =>
		requests
			.filter((r) => r.method === 'GET' && /\/shops\/\d+\/orders$/.test(r.path))
			.map((r) => r.status);

	test('baseline, then each change once, across a restart; every poll of the schedule reads the list', async () => {
		const first = await submitOrder(service);
		const unchanged = await submitOrder(service);
		await waitFor(first, 'PREPARED_TO_PRODUCE');
		await waitFor(unchanged, 'PREPARED_TO_PRODUCE');

		const trigger = harness();
		expect(await trigger.poll()).toBeNull(); // baseline: history is not emitted
		// A minute later (Every Minute): no floor of its own, the poll reads the list again.
		later();
		await control.clearRequests();
		expect(await trigger.poll()).toBeNull();
		expect(listReads(await control.requests())).toEqual([200]);

		await control.call('POST', `/orders/${first}/advance`, { to: 'NOT_EDITABLE' });
		await control.call('POST', `/orders/${first}/ship`, { trackingNumber: 'POLL-1' });
		const second = await submitOrder(service);
		await waitFor(second, 'PREPARED_TO_PRODUCE');

		later();
		await control.call('DELETE', '/requests');
		const emitted = events(await trigger.poll());
		// One list read, then one read of the expanded order per changed order, none for the
		// unchanged one, and one read of the product both orders hold, for the items' names.
		const reads = (await control.requests()).map(
			(r) => `${r.method} ${r.path.replace(/^.*\/shops\/\d+/, '')}`,
		);
		expect(reads.filter((r) => r !== 'GET /orders').sort()).toEqual(
			[
				`GET /orders/expanded/${first}`,
				`GET /orders/expanded/${second}`,
				'GET /products/expanded/1001',
			].sort(),
		);
		const about = (id: number) => emitted.filter((e) => e.id === id).map((e) => e.topic);
		expect(about(first)).toEqual(['orders/updated', 'orders/fulfilled']);
		// The poll's own reading of PREPARED_TO_PRODUCE (nodes/shared/events.ts), not the service's.
		expect(about(second)).toEqual(['orders/updated', 'orders/readyForProduction']);
		const fulfilled = emitted.find((e) => e.topic === 'orders/fulfilled')!;
		expect(fulfilled).toMatchObject({
			source: 'poll',
			fulfilmentStatus: 'FINISHED',
			previousFulfilmentStatus: 'PREPARED_TO_PRODUCE',
			trackingNumbers: ['POLL-1'],
		});

		// n8n restarts with the saved state: nothing is repeated, the next change is seen.
		const restarted = harness(trigger.staticData);
		later();
		expect(await restarted.poll()).toBeNull();
		await control.call('POST', `/orders/${second}/advance`, { to: 'NOT_EDITABLE' });
		later();
		expect(events(await restarted.poll()).map((e) => [e.id, e.topic, e.fulfilmentStatus])).toEqual([
			[second, 'orders/updated', 'NOT_EDITABLE'],
		]);
	});

	/**
	 * Watch one fulfilment with both triggers on the same shop and return both events: the webhook
	 * trigger's delivery and the poll trigger's change. `options` go to both triggers. It is
	 * `orders/fulfilled`, whose moment the contract gives (on reaching FINISHED), so the two meeting
	 * proves the event's shape, not the sandbox agreeing with itself on when an event fires.
	 */
	const fulfilledByBoth = async (options: Json = {}) => {
		// The webhook trigger's loopback address warning is expected here.
		const logs = captureLogs();
		const webhook = await new TriggerHarness({
			store: credentialStore(sandbox.baseUrl),
			parameters: { shop, topics: ['orders/fulfilled'], options },
		}).start();
		try {
			await webhook.activate();
			const order = await submitOrder(service);
			await waitFor(order, 'PREPARED_TO_PRODUCE');
			const poll = harness(undefined, options, ['orders/fulfilled']);
			expect(await poll.poll()).toBeNull();

			await control.call('POST', `/orders/${order}/advance`, { to: 'NOT_EDITABLE' });
			await control.call('POST', `/orders/${order}/ship`, {
				trackingNumber: 'TRACK-POLL-7',
				trackingUrl: 'https://track.example.com/TRACK-POLL-7',
			});
			const delivered = await eventually(() => {
				const received = webhook.received.find((r) => r.items.length > 0);
				expect(received).toBeDefined();
				return received!.items[0].json as Json;
			});
			later();
			const [polled] = events(await poll.poll());
			return { order, delivered, polled };
		} finally {
			await webhook.close();
			logs.restore();
		}
	};

	/** The keys every event starts with, in this order, whichever trigger emitted it. */
	const LEADING_KEYS = [
		'topic',
		'id',
		'uniqueId',
		'financialStatus',
		'financialStatusLabel',
		'fulfilmentStatus',
		'fulfilmentStatusLabel',
		'trackingNumbers',
		'trackingUrls',
		'customer',
		'items',
	];
	// What only a delivery has (its source, id and key, the notification's FULFILLED spelling of
	// the status) and what only a poll knows (the statuses before).
	const ONE_SIDED = [
		'source',
		'deliveryId',
		'deliveryKey',
		'payloadRoot',
		'fulfilmentStatusRaw',
		'previousFinancialStatus',
		'previousFulfilmentStatus',
	];
	const common = (event: Json) =>
		Object.fromEntries(Object.entries(event).filter(([key]) => !ONE_SIDED.includes(key)));

	test('both triggers emit the same event, keys in the same order, statuses labelled, no payload', async () => {
		const { order, delivered, polled } = await fulfilledByBoth();
		expect(Object.keys(polled).slice(0, LEADING_KEYS.length)).toEqual(LEADING_KEYS);
		expect(Object.keys(delivered).slice(0, LEADING_KEYS.length)).toEqual(LEADING_KEYS);
		expect(polled).toMatchObject({
			topic: 'orders/fulfilled',
			id: order,
			financialStatus: 'PAID',
			financialStatusLabel: 'Paid',
			fulfilmentStatus: 'FINISHED',
			fulfilmentStatusLabel: 'Shipped',
			trackingNumbers: ['TRACK-POLL-7'],
			trackingUrls: ['https://track.example.com/TRACK-POLL-7'],
			customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
			items: [
				{
					productId: 1001,
					colorId: 2001,
					sizeId: 3002,
					sku: 'TEE-CLASSIC',
					amount: 2,
				},
			],
			source: 'poll',
			previousFulfilmentStatus: 'PREPARED_TO_PRODUCE',
		});
		expect(delivered).toMatchObject({ source: 'webhook', fulfilmentStatusRaw: 'FULFILLED' });
		expect(delivered.deliveryKey).toEqual(expect.any(String));
		expect(polled.deliveryKey).toEqual(expect.any(String));
		for (const event of [polled, delivered]) {
			expect(event).not.toHaveProperty('payload');
			expect(JSON.stringify(event)).not.toMatch(/"links"|creatorse_/);
		}
		expect(Object.keys(common(polled))).toEqual(Object.keys(common(delivered)));
		expect(common(polled)).toEqual(common(delivered));
	});

	test('Include Full Payload adds the order after the event fields, the same from both', async () => {
		const { delivered, polled } = await fulfilledByBoth({ includePayload: true });
		expect(Object.keys(polled).slice(0, LEADING_KEYS.length)).toEqual(LEADING_KEYS);
		expect(Object.keys(delivered).slice(0, LEADING_KEYS.length)).toEqual(LEADING_KEYS);
		expect(Object.keys(polled).at(-1)).toBe('payload');
		expect(Object.keys(delivered).at(-1)).toBe('payload');
		expect(delivered.payloadRoot).toBe('productionOrderExpanded');
		const payload = (event: Json) => ({ ...event.payload, fulfilmentStatus: undefined });
		expect(payload(polled)).toEqual(payload(delivered));
		expect((polled.payload.fulfillments as Json[])[0].trackingNumber).toBe('TRACK-POLL-7');
	});

	test('the list holds the basic order; the expanded link has the fulfilments', async () => {
		const order = await submitOrder(service);
		const listed = await service.get(`${SHOP_PATH}/orders`);
		const item = listed.json.pagedData.productionOrder;
		expect(item.fulfillments).toBeUndefined();
		const expandedLink = [item['atom.link']]
			.flat()
			.find((link: Json) => link['@rel'] === 'expanded');
		expect(expandedLink['@href']).toBe(`${sandbox.baseUrl}${SHOP_PATH}/orders/expanded/${order}`);
	});

	test('a failed poll loses nothing: the next one reports the change', async () => {
		const order = await submitOrder(service);
		await waitFor(order, 'PREPARED_TO_PRODUCE');
		const trigger = harness(undefined, {}, ['orders/fulfilled']);
		await trigger.poll();
		await control.call('POST', `/orders/${order}/advance`, { to: 'NOT_EDITABLE' });
		await control.call('POST', `/orders/${order}/ship`, {});
		await control.call('POST', '/faults', {
			method: 'GET',
			path: '/orders$',
			kind: 'status',
			status: 400,
			count: 1,
		});
		later();
		await expect(trigger.poll()).rejects.toThrow();
		later();
		expect(events(await trigger.poll()).map((e) => e.topic)).toEqual(['orders/fulfilled']);
	});

	test('Emit Existing Orders and the status filter', async () => {
		const order = await submitOrder(service);
		await waitFor(order, 'PREPARED_TO_PRODUCE');
		const all = harness(undefined, { emitExisting: true });
		expect(events(await all.poll()).map((e) => e.topic)).toEqual([
			'orders/updated',
			'orders/readyForProduction',
		]);
		const filtered = harness(undefined, { emitExisting: true, fulfilmentStatuses: ['FINISHED'] });
		await control.call('DELETE', '/requests');
		expect(await filtered.poll()).toBeNull();
		// An order the status filter drops is not read in full.
		expect(expandedReads(await control.requests())).toEqual([]);
	});

	test('Every Minute, the service answers 429 with Retry-After: 120: no list read inside the wait, every change of the meantime once after it', async () => {
		const [a, b] = [await submitOrder(service), await submitOrder(service)];
		await waitFor(a, 'PREPARED_TO_PRODUCE');
		await waitFor(b, 'PREPARED_TO_PRODUCE');
		const trigger = harness();
		expect(await trigger.poll()).toBeNull(); // baseline
		await control.call('POST', `/orders/${a}/advance`, { to: 'NOT_EDITABLE' });

		// The next minute the service rate limits the list for two minutes.
		later();
		const limitedAt = clock;
		await control.fault({
			method: 'GET',
			path: '/orders$',
			kind: 'status',
			status: 429,
			retryAfter: 120,
			forMs: 2 * MINUTE,
		});
		await control.clearRequests();
		expect(await trigger.poll()).toBeNull(); // quietly: no items, no error
		expect(listReads(await control.requests())).toEqual([429]); // asked once, not waited out
		expect(trigger.staticData).toMatchObject({
			noPollBefore: limitedAt + 120_000,
			rateLimitedInARow: 1,
		});

		// Changes while the trigger waits.
		await control.call('POST', `/orders/${a}/ship`, { trackingNumber: 'WAIT-1' });
		await control.call('POST', `/orders/${b}/advance`, { to: 'NOT_EDITABLE' });
		const c = await submitOrder(service);
		await waitFor(c, 'PREPARED_TO_PRODUCE');

		// A minute into the wait: skipped without any request.
		later();
		await control.clearRequests();
		expect(await trigger.poll()).toBeNull();
		expect(await control.requests()).toEqual([]);

		// Two minutes after the 429 the wait is over: one list read, each change once.
		later();
		await control.clearRequests();
		const emitted = events(await trigger.poll());
		expect(listReads(await control.requests())).toEqual([200]);
		const about = (id: number) => emitted.filter((e) => e.id === id).map((e) => e.topic);
		expect(about(a)).toEqual(['orders/updated', 'orders/fulfilled']);
		expect(about(b)).toEqual(['orders/updated']);
		expect(about(c)).toEqual(['orders/updated', 'orders/readyForProduction']);
		expect(emitted).toHaveLength(5);
		expect(emitted.find((e) => e.topic === 'orders/fulfilled')).toMatchObject({
			previousFulfilmentStatus: 'PREPARED_TO_PRODUCE',
			trackingNumbers: ['WAIT-1'],
		});
		expect(trigger.staticData).not.toHaveProperty('noPollBefore');
		expect(trigger.staticData).not.toHaveProperty('rateLimitedInARow');

		// The next minute reads the list again and repeats nothing.
		later();
		await control.clearRequests();
		expect(await trigger.poll()).toBeNull();
		expect(listReads(await control.requests())).toEqual([200]);
	});

	test('a 429 without Retry-After: a wait of its own that grows with each 429 in a row', async () => {
		const order = await submitOrder(service);
		await waitFor(order, 'PREPARED_TO_PRODUCE');
		const trigger = harness(undefined, {}, ['orders/fulfilled']);
		expect(await trigger.poll()).toBeNull();
		await control.fault({ method: 'GET', path: '/orders$', kind: 'status', status: 429, count: 2 });
		const state = () => trigger.staticData as PollState;

		later();
		const first = clock;
		await control.clearRequests();
		expect(await trigger.poll()).toBeNull();
		// No Retry-After: the poll does not hammer the service inside one run.
		expect(listReads(await control.requests())).toEqual([429]);
		expect(state().noPollBefore).toBe(first + RATE_LIMIT.firstBackoffMs);

		later(RATE_LIMIT.firstBackoffMs);
		const second = clock;
		expect(await trigger.poll()).toBeNull();
		expect(state()).toMatchObject({
			noPollBefore: second + 2 * RATE_LIMIT.firstBackoffMs,
			rateLimitedInARow: 2,
		});
		await control.call('POST', `/orders/${order}/advance`, { to: 'NOT_EDITABLE' });
		await control.call('POST', `/orders/${order}/ship`, {});

		later(); // still inside the longer wait
		await control.clearRequests();
		expect(await trigger.poll()).toBeNull();
		expect(await control.requests()).toEqual([]);
		later();
		expect(events(await trigger.poll()).map((e) => [e.id, e.topic])).toEqual([
			[order, 'orders/fulfilled'],
		]);
		expect(state().rateLimitedInARow).toBeUndefined();
	});

	test('a Retry-After as an HTTP date is the time the polls wait for; a short one is waited out inside the poll', async () => {
		const order = await submitOrder(service);
		await waitFor(order, 'PREPARED_TO_PRODUCE');
		const trigger = harness(undefined, {}, ['orders/updated']);
		expect(await trigger.poll()).toBeNull();

		later();
		const until = Math.floor(clock / 1000) * 1000 + 3 * MINUTE;
		await control.fault({
			method: 'GET',
			path: '/orders$',
			kind: 'status',
			status: 429,
			retryAfter: new Date(until).toUTCString(),
			count: 1,
		});
		expect(await trigger.poll()).toBeNull();
		expect((trigger.staticData as PollState).noPollBefore).toBe(until);
		later(3 * MINUTE);

		// A Retry-After of a second costs a second inside the poll, not a skipped poll.
		await control.fault({
			method: 'GET',
			path: '/orders$',
			kind: 'status',
			status: 429,
			retryAfter: 1,
			count: 1,
		});
		await control.call('POST', `/orders/${order}/advance`, { to: 'NOT_EDITABLE' });
		await control.clearRequests();
		expect(events(await trigger.poll()).map((e) => e.topic)).toEqual(['orders/updated']);
		expect(listReads(await control.requests())).toEqual([429, 200]);
		expect(trigger.staticData).not.toHaveProperty('noPollBefore');
	});

	test('a manual test poll inside the wait still asks the service, and says when it asks to wait', async () => {
		const order = await submitOrder(service);
		await waitFor(order, 'PREPARED_TO_PRODUCE');
		const trigger = harness();
		expect(await trigger.poll()).toBeNull();
		later();
		await control.fault({
			method: 'GET',
			path: '/orders$',
			kind: 'status',
			status: 429,
			retryAfter: 120,
			forMs: 2 * MINUTE,
		});
		expect(await trigger.poll()).toBeNull();
		const waiting = trigger.staticData;

		const refused = trigger.poll('manual');
		await expect(refused).rejects.toThrow(
			'The service asked to wait before the order list is read again (HTTP 429)',
		);
		await expect(refused).rejects.toMatchObject({
			httpCode: '429',
			description: expect.stringMatching(/It asked to wait 120 s \(Retry-After\), until .*Z\./),
		});
		await control.call('DELETE', '/faults');
		await control.call('POST', `/orders/${order}/advance`, { to: 'NOT_EDITABLE' });
		const sample = events(await trigger.poll('manual'));
		expect(sample.map((e) => [e.id, e.topic])).toEqual([[order, 'orders/updated']]);
		// Neither test run moved the active workflow's state: its next poll still waits.
		expect(trigger.staticData).toEqual(waiting);
		await control.clearRequests();
		expect(await trigger.poll()).toBeNull();
		expect(await control.requests()).toEqual([]);
	});

	test('a manual test poll shows a sample without moving the state', async () => {
		const earlier = await submitOrder(service);
		const order = await submitOrder(service);
		await waitFor(earlier, 'PREPARED_TO_PRODUCE');
		await waitFor(order, 'PREPARED_TO_PRODUCE');
		const trigger = harness();
		await control.call('DELETE', '/requests');
		const sample = events(await trigger.poll('manual'));
		expect(sample).toHaveLength(1);
		expect(sample[0].id).toBe(order);
		// Every order of the shop is a change for a test poll; only the one shown is read in full.
		expect(expandedReads(await control.requests())).toEqual([`GET /orders/expanded/${order}`]);
		expect(trigger.staticData).toEqual({});
	});

	test("a manual test poll shows the same sample with the active workflow's recorded statuses as with an empty copy (a worker's), and moves neither", async () => {
		const order = await submitOrder(service);
		await waitFor(order, 'PREPARED_TO_PRODUCE');
		// The active workflow has polled since the order's last change: nothing is new to it.
		const active = harness();
		expect(await active.poll()).toBeNull();
		later();
		expect(await active.poll()).toBeNull();
		const recorded = JSON.parse(JSON.stringify(active.staticData)) as Json;

		// n8n's main process runs a test run on the stored static data; a worker on an empty copy.
		const onMain = events(await active.poll('manual'));
		const onWorker = harness();
		const onAWorker = events(await onWorker.poll('manual'));
		// The last event of the newest order that fires a topic: it reached Ready for Production.
		expect(onMain.map((e) => [e.id, e.topic])).toEqual([[order, 'orders/readyForProduction']]);
		expect(onAWorker).toEqual(onMain);
		expect(active.staticData).toEqual(recorded);
		expect(onWorker.staticData).toEqual({});
	});
});
