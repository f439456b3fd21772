/* eslint-disable @typescript-eslint/no-explicit-any -- tests run on Node, never shipped */
/**
 * One order shape: Submit's answer, Order → Get and both triggers' events about the same order
 * carry the same keys, with product, color and size names beside their IDs, and the names cost
 * at most one product read per distinct product per execution (none for a trigger that read the
 * product in the last ten minutes). On the plain default (an ordered product is the contract's
 * `id`, `amount` and links) the same keys, the IDs and names null, and nothing to read; with the
 * option orderedProductDetails the items name what was ordered.
 */
import { PodPlatformPollTrigger } from '../../nodes/PodPlatformPollTrigger/PodPlatformPollTrigger.node';
import { ITEM_KEYS } from '../../nodes/shared/simplify/order';
import { startSandbox, type Sandbox } from '../../sandbox';
import { MINUTE } from '../support/clock';
import { eventually } from '../support/eventually';
import { PACKAGE, runNode, type CredentialStore } from '../support/n8n';
import { SandboxControl, sandboxCredentials, shopParameter } from '../support/sandbox';
import { captureLogs, TriggerHarness } from '../support/trigger';
import { formParameters } from './fixtures';

const shop = shopParameter();
const ORDER_KEYS = [
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
	'country',
	'shippingTitle',
	'carrierId',
];

/** What each mode's design line shows and how many product reads naming it costs. */
const MODES = [
	{
		mode: 'ordered products with what was ordered (option orderedProductDetails)',
		orderedProductDetails: true,
		ids: { productId: 1001, colorId: 2001, sizeId: 3002 },
		names: { productName: 'Classic T-Shirt', colorName: 'White', sizeName: 'M' },
		readsPerExecution: 1,
	},
	{
		// The items name no product, so there is nothing to read and no name to give.
		mode: "the plain default (an ordered product is the contract's id, amount and links)",
		orderedProductDetails: false,
		ids: { productId: null, colorId: null, sizeId: null },
		names: { productName: null, colorName: null, sizeName: null },
		readsPerExecution: 0,
	},
];

describe.each(MODES)('one order shape: Submit, Order → Get and both triggers, on $mode', (mode) => {
	let sandbox: Sandbox;
	let control: SandboxControl;
	let store: CredentialStore;
	let clock = Date.now();
	let nowSpy: jest.SpyInstance;

	const productReads = async () =>
		(await control.requests()).filter((r) => r.method === 'GET' && r.path.includes('/products/'))
			.length;
	const getOrders = async (ids: number[]) =>
		await runNode({
			store,
			parameters: { resource: 'order', operation: 'get', shop, orderId: '={{ $json.id }}' },
			items: ids.map((id) => ({ json: { id } })),
		});

	beforeAll(async () => {
		sandbox = await startSandbox({
			port: 0,
			deferredProcessingMs: 10,
			orderedProductDetails: mode.orderedProductDetails,
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
		store = sandboxCredentials(sandbox, { accountId: '387' });
	});

	/** Submit one order through the node, ship it, and collect every shape of it. */
	async function everyShape(triggerOptions: Record<string, boolean> = {}) {
		const logs = captureLogs(); // the webhook trigger's loopback address warning
		const webhook = await new TriggerHarness({
			store,
			parameters: { shop, topics: ['orders/fulfilled'], options: triggerOptions },
		}).start();
		const poll = new TriggerHarness({
			store,
			parameters: { shop, topics: ['orders/fulfilled'], options: triggerOptions },
			node: new PodPlatformPollTrigger(),
			nodeType: `${PACKAGE}.podPlatformPollTrigger`,
		});
		try {
			await webhook.activate();
			const submitted = await runNode({ store, parameters: formParameters('SHAPE-1') });
			expect(submitted.error).toBeUndefined();
			const submit = submitted.items[0].json as any;
			await eventually(async () =>
				expect((await control.order(submit.id)).fulfilmentStatus).toBe('PREPARED_TO_PRODUCE'),
			);
			expect(await poll.poll()).toBeNull();
			await control.call('POST', `/orders/${submit.id}/advance`, { to: 'NOT_EDITABLE' });
			await control.call('POST', `/orders/${submit.id}/ship`, {
				trackingNumber: 'SHAPE-TRACK',
				trackingUrl: 'https://track.example.com/SHAPE-TRACK',
			});
			const delivered = await eventually(() => {
				const received = webhook.received.find((entry) => entry.items.length > 0);
				expect(received).toBeDefined();
				return received!.items[0].json as any;
			});
			clock += MINUTE; // the next poll of an Every Minute schedule
			await control.clearRequests();
			const polled = ((await poll.poll())?.[0] ?? [])[0]?.json as any;
			const pollProductReads = await productReads();
			return { submit, delivered, polled, pollProductReads, webhook };
		} finally {
			logs.restore();
		}
	}
	let open: TriggerHarness | undefined;
	afterEach(async () => await open?.close());

	test('the same keys and the same named items everywhere; a fulfilled event carries the Unique ID and tracking', async () => {
		const { submit, delivered, polled, webhook } = await everyShape();
		open = webhook;
		await control.clearRequests();
		const got = await getOrders([submit.id]);
		expect(got.error).toBeUndefined();
		const get = got.items[0].json as any;

		for (const [name, order] of Object.entries({ submit, get, delivered, polled })) {
			const keys = Object.keys(order).filter((key) => ORDER_KEYS.includes(key));
			expect([name, keys]).toEqual([name, ORDER_KEYS]);
			for (const item of order.items) {
				expect([name, Object.keys(item).slice(0, ITEM_KEYS.length)]).toEqual([name, ITEM_KEYS]);
			}
		}
		// The design's line, named in every shape from the product it orders (where it names one).
		// Submit answers from its request, which names them in both modes (and has no item id yet).
		const requested = { ...MODES[0].ids, ...MODES[0].names, amount: 2 };
		const design = { ...mode.ids, ...mode.names, amount: 2, id: expect.any(Number) };
		for (const order of [submit, get, delivered, polled]) {
			expect(order).toMatchObject({
				id: submit.id,
				uniqueId: 'SHAPE-1',
				financialStatus: 'PAID',
				customer: submit.customer,
				country: 'DE',
				shippingTitle: 'Standard',
				carrierId: 21,
			});
			expect(order.items[0]).toMatchObject(order === submit ? requested : design);
		}
		// What the way back needs, without a look-up.
		for (const event of [delivered, polled]) {
			expect(event).toMatchObject({
				topic: 'orders/fulfilled',
				uniqueId: 'SHAPE-1',
				fulfilmentStatus: 'FINISHED',
				trackingNumbers: ['SHAPE-TRACK'],
				trackingUrls: ['https://track.example.com/SHAPE-TRACK'],
			});
		}
		expect(get).toMatchObject({
			trackingNumbers: ['SHAPE-TRACK'],
			trackingUrls: ['https://track.example.com/SHAPE-TRACK'],
		});
	});

	test('names cost one product read per distinct product per execution; a trigger reads a product once in ten minutes', async () => {
		const { submit, pollProductReads, webhook } = await everyShape();
		open = webhook;
		// The poll's execution named its event with one read of the one product.
		expect(pollProductReads).toBe(mode.readsPerExecution);
		// Order → Get of the order three times in one run: one read of its product.
		await control.clearRequests();
		const got = await getOrders([submit.id, submit.id, submit.id]);
		expect(got.items.map((item) => (item.json as any).items[0].colorName)).toEqual([
			mode.names.colorName,
			mode.names.colorName,
			mode.names.colorName,
		]);
		expect(await productReads()).toBe(mode.readsPerExecution);
		// The webhook trigger read the product for its event; another event about it within ten
		// minutes is named from what the process kept, with no read.
		const emitted = () => webhook.received.filter((entry) => entry.items.length > 0);
		expect(emitted()).toHaveLength(1);
		await control.clearRequests();
		await control.call('POST', '/events', { topic: 'orders/fulfilled', orderId: submit.id });
		const second = await eventually(() => {
			expect(emitted()).toHaveLength(2);
			return emitted()[1].items[0].json as any;
		});
		expect(second.items[0]).toMatchObject({
			productName: mode.names.productName,
			sizeName: mode.names.sizeName,
		});
		expect(await productReads()).toBe(0);
	});

	test('with Add Product Names off, the items keep their keys with null names and nothing is read', async () => {
		const { delivered, polled, pollProductReads, webhook } = await everyShape({
			productNames: false,
		});
		open = webhook;
		expect(pollProductReads).toBe(0);
		for (const event of [delivered, polled]) {
			expect(event.items[0]).toMatchObject({
				...mode.ids,
				productName: null,
				colorName: null,
				sizeName: null,
				amount: 2,
			});
		}
	});
});
