/* eslint-disable @typescript-eslint/no-explicit-any -- tests run on Node, never shipped */
/**
 * What a one-line storefront order costs the service, execution after execution (issue 33, "Cost
 * per order"): each storefront order is an execution of its own, and within a minute of the
 * shop's catalog being read an order by SKU or by names costs exactly the requests of the same
 * order by IDs, because the node keeps catalog reads and stored filters' IDs across executions in
 * one place (nodes/shared/acrossExecutions.ts). Counted from the sandbox's request log over real
 * HTTP: a filter the service no longer knows (-104) is stored again, an order refused after the
 * product changed is read again and tried once more, and another shop or credential never takes
 * what one kept.
 */
import shopifyOrder from '../fixtures/storefront/shopify-orders-create.json';
import { forgetAllExecutions } from '../../nodes/shared/acrossExecutions';
import { runNode } from '../support/n8n';
import { sandboxCredentials } from '../support/sandbox';
import type { LoggedRequest } from '../support/sandbox';
import { withProductSkus } from '../support/storefrontModes';
import { orderSandbox, shopifyOrderByIds, shopifyOrderParameters } from './fixtures';

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value));

/** Shopify's documented order with one line still owed: the red iPod, by its SKU. */
function oneLineOrder(id: number, line: Record<string, unknown> = {}) {
	const order = copy(shopifyOrder) as any;
	order.id = id;
	order.line_items = [{ ...order.line_items[1], current_quantity: 1, ...line }];
	return order;
}

/** As a store set up for the contract sends it: the print product's own SKU (IPOD2008). */
const bySku = (id: number) => withProductSkus(oneLineOrder(id));
/** The same line without a SKU: its product named by the line's title, "IPod Nano - 8gb". */
const byName = (id: number) => oneLineOrder(id, { sku: '' });

/** Submit reading the storefront's whole order; one print, FRONT with the Company Logo by name. */
const storefrontParameters = (shopId?: number) =>
	shopifyOrderParameters(
		{
			print: [
				{
					printArea: 'FRONT',
					elementType: 'libraryMotive',
					motiveId: { __rl: true, mode: 'name', value: 'Company Logo' },
				},
			],
		},
		shopId,
	);

/** The same order by IDs, through the guided form: product, color, size, print area, motive. */
const idParameters = (uniqueId: string, options: Record<string, unknown> = {}) =>
	shopifyOrderByIds(
		uniqueId,
		[
			{
				productId: { __rl: true, mode: 'list', value: '1004' },
				assignedColorId: '2032',
				assignedSizeId: '3031',
				amount: 1,
				prints: {
					print: [
						{
							printAreaId: '4031',
							elementType: 'libraryMotive',
							motiveId: { __rl: true, mode: 'id', value: '5001' },
						},
					],
				},
			},
		],
		options,
	);

/** A request as counted: what it was for, and its status when the service refused it. */
function kindOf({ method, path, status }: LoggedRequest): string {
	const what = path
		.replace(/^\/accounts\/\d+\/shops\/\d+/, '')
		.replace(/^\/accounts\/\d+/, '')
		.replace(/\/orders\/usingCreatorSE$/, '/submit')
		// The new order read back whole once it is made (its answer as Order → Get shows it): by
		// the look-up's `expanded` link, or by its ID.
		.replace(/\/orders\/(expanded\/)?\d+$/, '/orders/{new}');
	return `${method} ${what}${status >= 400 ? ` ${status}` : ''}`;
}

describe('a one-line storefront order, execution after execution', () => {
	// Ordered products with what was ordered (option orderedProductDetails): these tests assert
	// item details the contract does not give (the plain default's items: test/order/shape.test.ts).
	const order = orderSandbox({ orderedProductDetails: true });

	/** One execution: its result and the requests it sent, by kind. */
	async function execution(
		parameters: Record<string, any>,
		json: Record<string, any> = {},
		store = order.store,
	) {
		await order.control.clearRequests();
		const result = await runNode({ store, parameters, items: [{ json }] });
		const requests = (await order.control.requests()).map(kindOf);
		return { result, requests };
	}

	const ok = ({ result }: Awaited<ReturnType<typeof execution>>) => {
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ alreadyExisted: false });
		return result.items[0].json;
	};

	test('within a minute of the catalog read, by SKU and by names it costs exactly the requests of the same order by IDs', async () => {
		// A fresh process: the order by IDs reads the countries and the product, looks its
		// Unique ID up (a stored filter and its page), sends the order, looks the Unique ID up
		// again (the same filter: a repeat another process sent at the same moment is found and
		// cancelled; the new order as it lists it is the answer, with no read of its own).
		const idsCold = await execution(idParameters('IDS-COLD'));
		ok(idsCold);
		expect(idsCold.requests.filter((kind) => kind !== 'GET /auth')).toEqual([
			'GET /countries',
			'GET /products/expanded/1004',
			'POST /filters',
			'GET /orders',
			'POST /submit',
			'GET /orders',
		]);

		forgetAllExecutions();
		// The first order by SKU reads the catalog: the SKU's and the motive name's stored
		// filters and their pages, the countries and the product.
		const first = await execution(storefrontParameters(), bySku(1));
		ok(first);
		expect(first.requests.filter((kind) => kind !== 'GET /auth').sort()).toEqual(
			[
				'GET /countries',
				'GET /motives',
				'GET /orders',
				'GET /products',
				'GET /products/expanded/1004',
				'POST /filters',
				'POST /filters',
				'POST /filters',
				'POST /submit',
				'GET /orders',
			].sort(),
		);

		// The next storefront orders, by SKU and by IDs: only the Unique ID look-up and the order.
		const sku = await execution(storefrontParameters(), bySku(2));
		const ids = await execution(idParameters('IDS-STEADY'));
		// By names: the first order by this name looks the name up once.
		const firstByName = await execution(storefrontParameters(), byName(3));
		const names = await execution(storefrontParameters(), byName(4));
		for (const steady of [sku, ids, firstByName, names]) ok(steady);
		expect(ids.requests).toEqual(['POST /filters', 'GET /orders', 'POST /submit', 'GET /orders']);
		expect(sku.requests).toEqual(ids.requests);
		expect(names.requests).toEqual(ids.requests);
		expect(firstByName.requests).toEqual(['POST /filters', 'GET /products', ...ids.requests]);
		expect(sku.requests.length).toBeLessThan(idsCold.requests.length);

		// What was printed is the same whichever way the line named it.
		const stored = await Promise.all(
			[sku, ids, names].map(
				async ({ result }) => await order.stored(result.items[0].json.id, false),
			),
		);
		for (const one of stored) {
			expect(
				(one.orderedProducts as any[]).map((item) => [
					item.productId,
					item.assignedColor?.id,
					item.assignedSize?.id,
					item.compositions,
				]),
			).toEqual([
				[
					1004,
					2032,
					3031,
					[
						{
							productArea: { id: 4031 },
							elements: [{ creatorse_designElementMotive: { motive: { id: 5001 } } }],
						},
					],
				],
			]);
		}
	});

	describe('after the catalog reads lapse', () => {
		const realNow = Date.now();
		let now = realNow;
		beforeEach(() => {
			now = Date.now();
			// Only Date moves: the HTTP clients and the sandbox keep their real timers.
			jest.useFakeTimers({
				now,
				doNotFake: [
					'hrtime',
					'nextTick',
					'performance',
					'queueMicrotask',
					'setImmediate',
					'clearImmediate',
					'setInterval',
					'clearInterval',
					'setTimeout',
					'clearTimeout',
				],
			});
		});
		afterEach(() => jest.useRealTimers());
		const later = (ms: number) => {
			now += ms;
			jest.setSystemTime(now);
		};

		test("a stored filter's ID is reused, and stored again when the service no longer knows it (-104)", async () => {
			ok(await execution(storefrontParameters(), bySku(11)));

			// A minute later the catalog is read again, through the filters already stored.
			later(61_000);
			const reused = await execution(storefrontParameters(), bySku(12));
			ok(reused);
			expect(reused.requests.sort()).toEqual(
				[
					'GET /countries',
					'GET /motives',
					'GET /orders',
					'GET /products',
					'GET /products/expanded/1004',
					'POST /filters',
					'POST /submit',
					'GET /orders',
				].sort(),
			);

			// The service forgets its filters (and sessions); the IDs kept are refused with -104.
			await order.control.reset();
			later(61_000);
			const restored = await execution(storefrontParameters(), bySku(13));
			ok(restored);
			const products = restored.requests.filter((kind) => /^(GET \/products|POST)/.test(kind));
			expect(products.filter((kind) => kind.startsWith('GET /products 404'))).toHaveLength(1);
			const refused = (await order.control.requests()).filter((r) => r.status === 404);
			expect(refused.map((r) => r.path.split('/').pop()).sort()).toEqual(['motives', 'products']);
			// Each refused list is followed by its filter stored again and the list read again.
			const log = restored.requests.filter((kind) => kind !== 'GET /auth');
			for (const list of ['/products', '/motives']) {
				const refusedAt = log.indexOf(`GET ${list} 404`);
				const readAt = log.lastIndexOf(`GET ${list}`);
				expect(refusedAt).toBeGreaterThanOrEqual(0);
				expect(readAt).toBeGreaterThan(refusedAt);
				expect(log.slice(refusedAt, readAt)).toContain('POST /filters');
			}
		});
	});

	test('an order refused after the product changed is read again and tried once more', async () => {
		const setAvailable = async (available: boolean) =>
			await order.control.call('PUT', '/products/1004/availability', {
				assignedColorId: 2032,
				assignedSizeId: 3031,
				available,
			});
		ok(await execution(storefrontParameters(), bySku(21)));

		// Red is sold out since: the product kept says available, the service refuses the order,
		// what the order took from the earlier execution is read again (the countries, the SKU's
		// and the motive's look-ups, the product), and the product read again names what is left
		// (with the shop's products, as any refused order by SKU does, for the nearest).
		const readAgain = [
			'GET /countries',
			'GET /motives',
			'GET /products',
			'GET /products/expanded/1004',
		];
		await setAvailable(false);
		const soldOut = await execution(storefrontParameters(), bySku(22));
		expect(soldOut.result.error?.message).toMatch(
			/Line 1 \(SKU IPOD2008\): Red is no longer made for IPod Nano - 8gb; it offers Green, Black$/,
		);
		expect([...soldOut.requests].sort()).toEqual(
			[...readAgain, 'GET /orders', 'GET /products', 'POST /filters', 'POST /submit 400'].sort(),
		);
		const refusedAt = soldOut.requests.indexOf('POST /submit 400');
		expect(soldOut.requests.indexOf('GET /products/expanded/1004')).toBeGreaterThan(refusedAt);

		// Back in stock: the product kept now says sold out, the node's check refuses (and reads
		// the shop's products for the nearest), what was kept is read again, the product says
		// available, and the order goes out: tried once more, sent once.
		await setAvailable(true);
		const back = await execution(storefrontParameters(), bySku(23));
		ok(back);
		expect([...back.requests].sort()).toEqual(
			[
				...readAgain,
				'GET /orders',
				'GET /products',
				'POST /filters',
				'POST /submit',
				'GET /orders',
			].sort(),
		);
		expect(back.requests.slice(-2)).toEqual(['POST /submit', 'GET /orders']);
	});

	test('a refusal the same catalog gives again is not sent twice', async () => {
		ok(await execution(idParameters('SAME-1')));
		// Size 3001 is the T-shirt's, not the iPod's; with Check SKUs off the service judges it.
		const parameters = idParameters('SAME-2', { checkSkus: false });
		(parameters.designs.design[0] as any).assignedSizeId = '3001';
		const refused = await execution(parameters);
		expect(refused.result.error?.httpCode).toBe('400');
		expect(refused.requests.filter((kind) => kind.startsWith('POST /submit'))).toEqual([
			'POST /submit 400',
		]);
	});

	test('another shop or another credential never takes what one kept', async () => {
		ok(await execution(storefrontParameters(), bySku(31)));
		const steady = ['POST /filters', 'GET /orders', 'POST /submit', 'GET /orders'];
		expect((await execution(storefrontParameters(), bySku(32))).requests).toEqual(steady);

		// The second shop of the account: its own look-ups and its own product (1104).
		const otherShop = await execution(storefrontParameters(1598), bySku(33));
		ok(otherShop);
		expect(otherShop.requests).toEqual(
			expect.arrayContaining(['GET /products', 'GET /motives', 'GET /products/expanded/1104']),
		);
		expect(otherShop.requests).not.toContain('GET /products/expanded/1004');

		// Another login of the same account and shop: its own filters and reads.
		const shopAdmin = sandboxCredentials(order.sandbox, {
			login: 'shopadmin',
			password: 'shopadmin-password',
			accountId: '387',
		});
		const otherLogin = await execution(storefrontParameters(), bySku(34), shopAdmin);
		ok(otherLogin);
		expect(otherLogin.requests).toEqual(
			expect.arrayContaining(['GET /products', 'GET /motives', 'GET /products/expanded/1004']),
		);
		expect(otherLogin.requests.filter((kind) => kind === 'POST /filters')).toHaveLength(3);

		// The first credential's entries are still its own.
		expect((await execution(storefrontParameters(), bySku(35))).requests).toEqual(steady);
	});
});
