/* eslint-disable @typescript-eslint/no-explicit-any -- tests run on Node, never shipped */
/**
 * Runs that overlap: one storefront order delivered several times at once is one print order, on a
 * service that stores a repeated Unique ID as a new order (the contract names no rule that refuses
 * it: the sandbox's default) and on one that refuses it with 409 (option refuseRepeatedUniqueId).
 *
 * Runs in one process take turns; runs in other processes (queue-mode workers) are played by a
 * second copy of the package's modules (`jest.isolateModules`): a copy shares no module state with
 * this one, as another process shares none.
 */
import shopifyOrder from '../fixtures/storefront/shopify-orders-create.json';
import { encodeStorefrontSku } from '../../nodes/PodPlatform/actions/common/storefrontSku';
import type { Sandbox } from '../../sandbox';
import { runNode } from '../support/n8n';
import type { CredentialStore, RunOptions, RunResult } from '../support/n8n';
import { SandboxControl, SHOP_PATH, sandboxCredentials, useSandbox } from '../support/sandbox';
import { deferredOrder, ServiceClient } from '../support/service';
import { eventually } from '../support/eventually';
import { shopifyOrderParameters } from './fixtures';

/** The sandbox's iPod (product 1004) colors, by the documented order's variant titles. */
const IPOD_COLORS: Record<string, number> = { green: 2031, red: 2032, black: 2033 };

/**
 * Shopify's documented order (orders/create), its lines not refunded: three iPod lines, each
 * variant given the node's SKU of the print product (the contract's products have no SKU per
 * color and size; a store set up with Product → Get Storefront Listing has these).
 */
function documentedOrder(): any {
	const placed = JSON.parse(JSON.stringify(shopifyOrder));
	placed.refunds = [];
	placed.line_items = placed.line_items.map((line: any) => ({
		...line,
		sku: encodeStorefrontSku({
			productId: 1004,
			assignedColorId: IPOD_COLORS[String(line.variant_title).toLowerCase()],
			assignedSizeId: 3031,
		}),
	}));
	return placed;
}

const UNIQUE_ID = `shopify-${String(shopifyOrder.id)}`;

/** Every line prints the shop's Company Logo on the front. */
const intake = shopifyOrderParameters({
	print: [
		{
			printArea: 'FRONT',
			elementType: 'libraryMotive',
			motiveId: { __rl: true, mode: 'name', value: 'Company Logo' },
		},
	],
});

/** `runNode` of a second copy of the package's modules: another n8n process, as far as state goes. */
function anotherProcess(): (options: RunOptions) => Promise<RunResult> {
	let copy: typeof import('../support/n8n') | undefined;
	jest.isolateModules(() => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh copy of the modules
		copy = require('../support/n8n');
	});
	if (!copy) throw new Error('the module copy did not load');
	return copy.runNode;
}

const CANCELLING = ['CANCELLATION_WAITING', 'CANCELLED'];

/** A sandbox that stores a repeated Unique ID (the contract), also under SANDBOX_OPTIONS=all. */
const REPEATS_STORED = { deferredProcessingMs: 20, refuseRepeatedUniqueId: false };

describe.each([
	{ deployment: 'stores a repeated Unique ID (the contract)', refuseRepeatedUniqueId: false },
	{ deployment: 'refuses a repeated Unique ID with 409', refuseRepeatedUniqueId: true },
])(
	'one storefront order, runs overlapping, on a service that $deployment',
	({ refuseRepeatedUniqueId }) => {
		let sandbox: Sandbox;
		let control: SandboxControl;
		let store: CredentialStore;
		useSandbox((started) => ({ sandbox, control } = started), {
			deferredProcessingMs: 20,
			refuseRepeatedUniqueId,
		});
		beforeEach(() => (store = sandboxCredentials(sandbox, { accountId: '387' })));

		const ordersOf = async (uniqueId: string) => (await control.orders(uniqueId)) as any[];
		const live = (orders: any[]) => orders.filter((o) => !CANCELLING.includes(o.fulfilmentStatus));

		test('delivered three times at once to one n8n: one print order, every run green, every answer that order', async () => {
			const runs = await Promise.all(
				[1, 2, 3].map(
					async () =>
						await runNode({ store, parameters: intake, items: [{ json: documentedOrder() }] }),
				),
			);
			for (const result of runs) expect(result.error).toBeUndefined();
			const orders = await ordersOf(UNIQUE_ID);
			expect(orders).toHaveLength(1);
			const answers = runs.map((result) => result.items[0].json);
			expect(answers.map((answer) => answer.id)).toEqual(Array(3).fill(orders[0].id));
			expect(answers.map((answer) => answer.alreadyExisted).sort()).toEqual([false, true, true]);
			for (const answer of answers) {
				expect(answer.repeatsCancelled).toBeUndefined();
				expect(answer.matchesRequest ?? true).toBe(true);
			}
			// In one process nothing is sent twice: one submission, nothing to cancel.
			const sent = (await control.requests()).filter((r) => /usingCreatorSE$/.test(r.path));
			expect(sent).toHaveLength(1);
			expect((await control.requests()).filter((r) => /cancelOrder$/.test(r.path))).toEqual([]);
		});

		test('delivered at once to two n8n processes whose look-ups both found nothing: one order left to produce, the repeat cancelled and named', async () => {
			// Both look-ups answer late, so that both runs find nothing and both send: late enough
			// that the second run's look-up arrives within it on a busy machine too.
			await control.fault({
				method: 'GET',
				path: '/orders$',
				kind: 'latency',
				latencyMs: 1500,
				count: 2,
			});
			const [first, second] = [anotherProcess(), anotherProcess()];
			const runs = await Promise.all(
				[first, second].map(
					async (run) =>
						await run({ store, parameters: intake, items: [{ json: documentedOrder() }] }),
				),
			);
			for (const result of runs) expect(result.error).toBeUndefined();
			const orders = await ordersOf(UNIQUE_ID);
			const kept = live(orders);
			expect(kept).toHaveLength(1);
			const answers = runs.map((result) => result.items[0].json);
			expect(answers.map((answer) => answer.id)).toEqual([kept[0].id, kept[0].id]);
			if (refuseRepeatedUniqueId) {
				// The service refused the second send: nothing to cancel.
				expect(orders).toHaveLength(1);
				expect(answers.map((answer) => answer.alreadyExisted).sort()).toEqual([false, true]);
				return;
			}
			expect(orders).toHaveLength(2);
			const repeat = orders.find((o) => o.id !== kept[0].id);
			expect(repeat.id).toBeGreaterThan(kept[0].id);
			expect(repeat.fulfilmentStatus).toBe('CANCELLATION_WAITING');
			// The run whose order was the repeat answers the kept order and names the cancellation.
			const ofRepeat = answers.find((answer) => answer.alreadyExisted === true);
			expect(ofRepeat?.repeatsCancelled).toEqual(
				expect.arrayContaining([
					{
						orderId: repeat.id,
						cancellation: expect.stringMatching(/^(requested|alreadyRequested)$/),
					},
				]),
			);
			const named = answers.flatMap((answer) => (answer.repeatsCancelled as any[]) ?? []);
			expect(named.filter((entry) => entry.cancellation === 'requested')).toEqual([
				{ orderId: repeat.id, cancellation: 'requested' },
			]);

			// A later delivery, in either process, answers the kept order and sends nothing.
			const later = await first({
				store,
				parameters: intake,
				items: [{ json: documentedOrder() }],
			});
			expect(later.error).toBeUndefined();
			expect(later.items[0].json).toMatchObject({ id: kept[0].id, alreadyExisted: true });
			expect(later.items[0].json.repeatsCancelled).toBeUndefined();
			expect(await ordersOf(UNIQUE_ID)).toHaveLength(2);
		});

		test('held for approval, delivered at once to two n8n processes whose look-ups both found nothing: one complete held draft, the other discarded, every run green', async () => {
			// Both drafts are taken late, so that neither run's look-up before sending finds the other's.
			await control.fault({
				method: 'POST',
				path: '/orders$',
				kind: 'latency',
				latencyMs: 400,
				count: 2,
			});
			const held = { ...intake, options: { holdForApproval: true } };
			const runs = await Promise.all(
				[anotherProcess(), anotherProcess()].map(
					async (run) =>
						await run({ store, parameters: held, items: [{ json: documentedOrder() }] }),
				),
			);
			for (const result of runs) expect(result.error).toBeUndefined();
			const orders = await ordersOf(UNIQUE_ID);
			const kept = live(orders);
			expect(kept).toHaveLength(1);
			expect(kept[0]).toMatchObject({ origin: 'incremental', committed: false, handedOff: false });
			const answers = runs.map((result) => result.items[0].json);
			const printed = (answers[0].storeLines as any[]).filter((line) => line.printed);
			expect(kept[0].orderedProducts).toHaveLength(printed.length);
			expect(answers.map((answer) => answer.id)).toEqual([kept[0].id, kept[0].id]);
			expect(answers.map((answer) => answer.held)).toEqual([true, true]);
			expect(answers.map((answer) => answer.alreadyExisted).sort()).toEqual([false, true]);
			for (const answer of answers) expect(answer.items).toHaveLength(printed.length);
			if (refuseRepeatedUniqueId) {
				// The second draft was refused: the run waited for the first and answered it.
				expect(orders).toHaveLength(1);
				return;
			}
			expect(orders).toHaveLength(2);
			const repeat = orders.find((o) => o.id !== kept[0].id);
			expect(repeat.id).toBeGreaterThan(kept[0].id);
			expect(repeat.fulfilmentStatus).toBe('CANCELLATION_WAITING');
			const named = answers.flatMap((answer) => (answer.repeatsCancelled as any[]) ?? []);
			expect(named.map((entry) => entry.orderId)).toContain(repeat.id);
			// Nothing of either draft went to production.
			expect(
				(await control.requests()).filter((r) => /commitOrder|sendToProduction/.test(r.path)),
			).toEqual([]);
		});
	},
);

describe('a batch beside a lone delivery of one of its orders, in another n8n process', () => {
	let sandbox: Sandbox;
	let control: SandboxControl;
	let store: CredentialStore;
	useSandbox((started) => ({ sandbox, control } = started), REPEATS_STORED);
	beforeEach(() => (store = sandboxCredentials(sandbox, { accountId: '387' })));

	/** The documented order as three store orders (#1001 to #1003), as a catch-up reads them. */
	const storeOrder = (n: number) => ({ ...documentedOrder(), id: 9000 + n, name: `#100${n}` });

	test('both sent the same order: after its last order the batch finds the repeat, cancels it and answers the kept order', async () => {
		const lone = anotherProcess();
		// The batch's first send (#1002) is taken late, so that the lone delivery, which looks up
		// after the batch did, finds nothing and sends too, and its order gets the lower ID.
		await control.fault({
			method: 'POST',
			path: 'usingCreatorSE$',
			kind: 'latency',
			latencyMs: 1500,
			count: 1,
		});
		const batchRun = runNode({
			store,
			parameters: intake,
			items: [2, 1, 3].map((n) => ({ json: storeOrder(n) })),
		});
		// The lone delivery starts once the batch has looked its Unique IDs up.
		await eventually(async () =>
			expect(
				(await control.requests()).some((r) => r.method === 'GET' && /\/orders$/.test(r.path)),
			).toBe(true),
		);
		const loneRun = lone({ store, parameters: intake, items: [{ json: storeOrder(2) }] });
		const [batch, single] = await Promise.all([batchRun, loneRun]);
		expect(batch.error).toBeUndefined();
		expect(single.error).toBeUndefined();
		for (const n of [1, 3]) expect(await control.orders(`shopify-${9000 + n}`)).toHaveLength(1);
		const both = (await control.orders('shopify-9002')) as any[];
		expect(both).toHaveLength(2);
		const [kept, repeat] = [...both].sort((x, y) => x.id - y.id);
		expect(kept.fulfilmentStatus).not.toBe('CANCELLATION_WAITING');
		expect(repeat.fulfilmentStatus).toBe('CANCELLATION_WAITING');
		// The lone delivery sent the kept order; the batch's was the repeat.
		expect(single.items[0].json).toMatchObject({ id: kept.id, alreadyExisted: false });
		expect(batch.items[0].json).toMatchObject({
			id: kept.id,
			uniqueId: 'shopify-9002',
			alreadyExisted: true,
			matchesRequest: true,
			repeatsCancelled: [{ orderId: repeat.id, cancellation: 'requested' }],
		});
		expect(batch.items.map((item) => item.json.uniqueId)).toEqual([
			'shopify-9002',
			'shopify-9001',
			'shopify-9003',
		]);
		expect(batch.items[1].json.repeatsCancelled).toBeUndefined();
	});
});

describe('a run that stopped half-way is settled by the next run of its Unique ID', () => {
	let sandbox: Sandbox;
	let control: SandboxControl;
	let store: CredentialStore;
	let service: ServiceClient;
	useSandbox((started) => {
		({ sandbox, control } = started);
		service = new ServiceClient(sandbox.baseUrl);
	}, REPEATS_STORED);
	beforeEach(async () => {
		await service.login();
		store = sandboxCredentials(sandbox, { accountId: '387' });
	});

	/** Two runs in other processes sent the order and stopped before they looked it up. */
	const sentTwiceAndStopped = async () => {
		const ids: number[] = [];
		for (let i = 0; i < 2; i++) {
			const sent = await service.post(
				`${SHOP_PATH}/orders/usingCreatorSE`,
				deferredOrder({ uniqueId: UNIQUE_ID }),
			);
			expect(sent.status).toBe(200);
			ids.push(Number(sent.json.productionOrderSubmited.id));
		}
		return ids;
	};

	test('orders sent twice before anyone looked: the next run keeps the lowest ID and cancels the other', async () => {
		const [kept, repeat] = await sentTwiceAndStopped();
		const next = await runNode({ store, parameters: intake, items: [{ json: documentedOrder() }] });
		// What the half-way runs sent is not this request's order (another test body): refused,
		// naming the kept order, and the repeat is cancelled all the same.
		const message = next.error?.message ?? '';
		expect(message).toMatch(new RegExp(`already names print order ${kept}\\b`));
		const orders = (await control.orders(UNIQUE_ID)) as any[];
		expect(orders.find((o) => o.id === repeat).fulfilmentStatus).toBe('CANCELLATION_WAITING');
		expect(orders.find((o) => o.id === kept).fulfilmentStatus).not.toBe('CANCELLATION_WAITING');
		expect((await control.requests()).filter((r) => /usingCreatorSE$/.test(r.path))).toHaveLength(
			2,
		);
	});

	test('a repeat that can no longer be cancelled is an error naming both orders', async () => {
		const [kept, repeat] = await sentTwiceAndStopped();
		await eventually(async () =>
			expect((await control.call('GET', `/orders/${repeat}`)).fulfilmentStatus).toBeTruthy(),
		);
		await control.call('POST', `/orders/${repeat}/advance`, { to: 'FINISHED' });
		const next = await runNode({ store, parameters: intake, items: [{ json: documentedOrder() }] });
		expect(next.error?.message).toBe(
			`Item 1: The Unique ID ${UNIQUE_ID} was sent twice at the same moment: orders ${kept} and ${repeat}, and order ${repeat} could not be cancelled (Order ${repeat} cannot be cancelled now: it is Paid (PAID), Shipped (FINISHED))`,
		);
		expect(next.error?.description).toMatch(new RegExp(`Order ${kept} is the one kept`));
	});
});
