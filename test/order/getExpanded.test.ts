/* eslint-disable @typescript-eslint/no-explicit-any -- tests run on Node, never shipped */
/**
 * Order → Get on a service that answers `GET .../orders/{id}` (a path the contract does not list)
 * with the basic record, the sandbox's default: the node follows the record's `expanded` link, so
 * that tracking numbers and items are there; on a kinder deployment (option expandedOrderRead)
 * it uses the collections it was given and sends nothing more.
 */
import { startSandbox, type Sandbox } from '../../sandbox';
import { runNode } from '../support/n8n';
import { SandboxControl, SHOP_PATH, sandboxCredentials, shopParameter } from '../support/sandbox';
import { formParameters } from './fixtures';

/** Demo order 10001: shipped, one design (2 × T-shirt Black M), tracking SBX1000170001. */
const SHIPPED = 10001;

describe.each([
	['the plain default: the basic record, then its expanded link', false],
	['option expandedOrderRead: the expanded order at once', true],
])('Order → Get, %s', (_name, expandedOrderRead) => {
	let sandbox: Sandbox;
	let control: SandboxControl;

	beforeAll(async () => {
		// Explicit, also under SANDBOX_OPTIONS=all: each block tests one kind of deployment.
		// Ordered products with what was ordered (option orderedProductDetails): these tests assert
		// item details the contract does not give (the plain default's items: test/order/shape.test.ts).
		sandbox = await startSandbox({
			port: 0,
			demoOrders: true,
			expandedOrderRead,
			orderedProductDetails: true,
		});
		control = new SandboxControl(sandbox);
	});
	afterAll(() => sandbox.close());
	beforeEach(() => control.reset());

	const get = async (simplify: boolean) => {
		const result = await runNode({
			store: sandboxCredentials(sandbox, { accountId: '387' }),
			parameters: {
				resource: 'order',
				operation: 'get',
				shop: shopParameter(),
				orderId: String(SHIPPED),
				simplify,
			},
		});
		expect(result.error).toBeUndefined();
		return result.items[0].json as Record<string, any>;
	};
	const orderReads = async () =>
		(await control.requests())
			.filter((r) => r.method === 'GET' && r.path.includes('/orders/'))
			.map((r) => r.path);

	test('a shipped order comes with its tracking number and items', async () => {
		await control.clearRequests();
		const order = await get(true);
		expect(order).toMatchObject({
			id: SHIPPED,
			uniqueId: 'DEMO-1001',
			fulfilmentStatus: 'FINISHED',
			trackingNumbers: ['SBX1000170001'],
		});
		expect(order.items).toEqual([
			expect.objectContaining({ productId: 1001, colorId: 2002, amount: 2 }),
		]);
		expect(await orderReads()).toEqual(
			expandedOrderRead
				? [`${SHOP_PATH}/orders/${SHIPPED}`]
				: [`${SHOP_PATH}/orders/${SHIPPED}`, `${SHOP_PATH}/orders/expanded/${SHIPPED}`],
		);
	});

	test('unsimplified: the expanded order as the service sent it, fulfillments included', async () => {
		const order = await get(false);
		expect(JSON.stringify(order.fulfillments)).toContain('SBX1000170001');
		expect(order.orderedProducts).toBeDefined();
	});
});

describe("Submit's answer on a service without the expansion pattern's orders/expanded/{id}", () => {
	let sandbox: Sandbox;
	let control: SandboxControl;
	beforeAll(async () => {
		// The plain default's ordered products (id, amount, links), also under SANDBOX_OPTIONS=all:
		// the items are there after the fallback read, their names null as the service gave none.
		sandbox = await startSandbox({
			port: 0,
			deferredProcessingMs: 20,
			expandedOrderRead: false,
			orderedProductDetails: false,
		});
		control = new SandboxControl(sandbox);
	});
	afterAll(() => sandbox.close());
	beforeEach(() => control.reset());

	test('a 404 there reads the order by its ID, then its expanded link: the answer still holds its items', async () => {
		await control.fault({
			method: 'GET',
			path: '/orders/expanded/\\d+$',
			kind: 'status',
			status: 404,
			count: 1,
		});
		const result = await runNode({
			store: sandboxCredentials(sandbox, { accountId: '387' }),
			// Read Orders Back Whole: the answer read whole, not as the look-up lists it.
			parameters: { ...formParameters('NO-EXPANSION-1'), options: { readBack: true } },
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			alreadyExisted: false,
			items: [
				expect.objectContaining({
					id: expect.any(Number),
					amount: 2,
					productId: null,
					productName: null,
					sizeName: null,
				}),
				expect.objectContaining({ id: expect.any(Number), productName: null }),
			],
		});
		const reads = (await control.requests())
			.filter((r) => r.method === 'GET' && /\/orders\/(expanded\/)?\d+$/.test(r.path))
			.map(
				(r) => `${r.path.replace(/^.*\/orders\//, 'orders/').replace(/\d+$/, '{id}')} ${r.status}`,
			);
		expect(reads).toEqual([
			'orders/expanded/{id} 404',
			'orders/{id} 200',
			'orders/expanded/{id} 200',
		]);
	});
});
