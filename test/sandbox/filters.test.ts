import { startSandbox, type Sandbox } from '../../sandbox';
import { SandboxControl, SHOP_PATH } from '../support/sandbox';
import { deferredOrder, list, ServiceClient, type Json } from '../support/service';

/** One criterion of `expressionSimple`, as the contract writes it. */
const simple = (property: string, op: string, value: string) => ({ property, op, value });
/** An `expressionContain`; one value is given as a member, not an array (the XML and JSON quirk). */
const contain = (property: string, values: string | string[], negation = false) => ({
	property,
	negation,
	list: { String: values },
});

/** A product filter and the product IDs its list answers, in order. */
type ProductCase = [what: string, filter: Json, ids: number[]];

const OPERATORS: ProductCase[] = [
	['=', { expressionSimple: simple('id', '=', '1002') }, [1002]],
	['!=', { expressionSimple: simple('id', '!=', '1002') }, [1001, 1003, 1004, 1005]],
	['like', { expressionSimple: simple('name', 'like', 'Classic%') }, [1001]],
	['like is case-sensitive', { expressionSimple: simple('name', 'like', 'classic%') }, []],
	['ilike', { expressionSimple: simple('name', 'ilike', 'classic%') }, [1001]],
	['<', { expressionSimple: simple('id', '<', '1002') }, [1001]],
	['>', { expressionSimple: simple('id', '>', '1002') }, [1003, 1004, 1005]],
	['<=', { expressionSimple: simple('id', '<=', '1002') }, [1001, 1002]],
	['>=', { expressionSimple: simple('id', '>=', '1002') }, [1002, 1003, 1004, 1005]],
];

const COMBINATIONS: ProductCase[] = [
	[
		'criteria combine with AND',
		{ expressionSimple: [simple('id', '>=', '1001'), simple('name', 'ilike', '%o%')] },
		[1002, 1003, 1004, 1005],
	],
	[
		'betweenExpression',
		{ betweenExpression: { property: 'id', minValue: '1001', maxValue: '1002' } },
		[1001, 1002],
	],
	['expressionContain', { expressionContain: contain('id', ['1001', '1003']) }, [1001, 1003]],
	[
		'expressionContain with negation, one value',
		{ expressionContain: contain('id', '1001', true) },
		[1002, 1003, 1004, 1005],
	],
	['expressionIsNull: every product has a sku', { expressionIsNull: { property: 'sku' } }, []],
	[
		'expressionDisjunction',
		{
			expressionDisjunction: {
				expressionSimple: [simple('name', '=', 'Hoodie'), simple('name', '=', 'Tote Bag')],
			},
		},
		[1002, 1003],
	],
	[
		'expressionDisjunction with a nested expressionConjuction',
		{
			expressionDisjunction: {
				expressionSimple: simple('name', '=', 'Hoodie'),
				expressionConjuction: {
					expressionSimple: [simple('id', '>', '1001'), simple('name', 'like', 'T%')],
				},
			},
		},
		[1002, 1003],
	],
	[
		'the expressions list form',
		{ expressions: [{ expressionSimple: simple('name', '=', 'Hoodie') }] },
		[1002],
	],
];

const ORDERS: ProductCase[] = [
	['desc by id', { order: { direction: 'desc', property: 'id' } }, [1005, 1004, 1003, 1002, 1001]],
	[
		'asc by name',
		{ order: { direction: 'asc', property: 'name' } },
		[1001, 1002, 1004, 1005, 1003],
	],
];

const SUB_ENTITIES: ProductCase[] = [
	[
		'SKUs (productSkuFilter)',
		{ productSkuFilter: { expressionSimple: simple('assignedSize.id', '=', '3014') } },
		[1002],
	],
	[
		'assigned colours (assignedProductColorFilter)',
		{ assignedProductColorFilter: { expressionSimple: simple('name', '=', 'Black') } },
		[1001, 1004, 1005],
	],
	[
		'views (assignedProductViewFilter)',
		{ assignedProductViewFilter: { expressionSimple: simple('view.position', '=', 'BACK') } },
		[1001, 1002],
	],
	[
		'technologies (assignedPrintTechnologyFilter)',
		{
			assignedPrintTechnologyFilter: { expressionSimple: simple('printTechnology.id', '=', '12') },
		},
		[1001, 1002, 1003, 1004, 1005],
	],
	[
		'both criteria on one SKU: Black/3XL (colour 2002, size 3006) has no SKU',
		{
			productSkuFilter: {
				expressionSimple: [
					simple('assignedColor.id', '=', '2002'),
					simple('assignedSize.id', '=', '3006'),
				],
			},
		},
		[],
	],
];

/** The product's own SKU or an ilike on its name, as one OR. */
const ownSkuOrName = (values: string | string[]) => ({
	expressionDisjunction: {
		expressionContain: contain('sku', values),
		expressionSimple: simple('name', 'ilike', '%hoodie%'),
	},
});

const OWN_SKU_OR_NAME: ProductCase[] = [
	['two SKUs', ownSkuOrName(['IPOD2008', 'TOTE-COTTON']), [1002, 1003, 1004]],
	['one SKU, given as a member rather than an array', ownSkuOrName('SHIP-YOUR-IDEA'), [1002, 1005]],
	['a variant SKU text is no product SKU', ownSkuOrName('TEE-CLASSIC-BLACK-L'), [1002]],
	[
		'the same OR in the expressions list form, next to another criterion (AND)',
		{
			expressions: [
				{
					expressionDisjunction: {
						expressions: [
							{ expressionContain: contain('sku', ['TEE-CLASSIC']) },
							{ expressionSimple: simple('name', 'ilike', 'ipod%') },
						],
					},
				},
				{ expressionSimple: simple('id', '!=', '1004') },
			],
		},
		[1001],
	],
];

/** Another top-level root: its list path, its filter, the list's item name and the IDs it answers. */
type RootCase = [what: string, path: string, filter: Json, item: string, ids: number[]];

const OTHER_ROOTS: RootCase[] = [
	[
		'shops by name',
		'/accounts/387/shops',
		{ shopFilter: { expressionSimple: simple('name', 'ilike', 'second%') } },
		'shop',
		[1598],
	],
	[
		'shops by a property (shopPropertyFilter)',
		'/accounts/387/shops',
		{ shopFilter: { shopPropertyFilter: { expressionSimple: simple('key', '=', 'currency') } } },
		'shop',
		[1597, 1598],
	],
	[
		'countries by currency.code',
		'/accounts/387/countries',
		{ countryFilter: { expressionSimple: simple('currency.code', '=', 'EUR') } },
		'country',
		[1, 5, 6, 7],
	],
	[
		'countries by default',
		'/accounts/387/countries',
		{ countryFilter: { expressionSimple: simple('default', '=', 'true') } },
		'country',
		[1],
	],
	[
		'shared products by product.id',
		`${SHOP_PATH}/sharedProducts`,
		{ sharedProductFilter: { expressionSimple: simple('product.id', '=', '1002') } },
		'sharedProduct',
		[9502],
	],
];

/** The filter calls of one logged-in client: store a filter, list through it. */
function filterCalls(client: () => ServiceClient) {
	const store = async (body: Json, by = client()) => {
		const result = await by.post('/filters', body);
		expect(result.status).toBe(200);
		return result.json[Object.keys(body)[0]].filterId as string;
	};
	const ids = async (path: string, filter: Json, item: string) => {
		const filterId = await store(filter);
		const result = await client().get(`${path}?filterId=${filterId}&size=50`);
		expect(result.status).toBe(200);
		return list(result.json.pagedData[item]).map((i) => i.id);
	};
	const productIds = (filter: Json) =>
		ids(`${SHOP_PATH}/products`, { productFilter: filter }, 'product');
	return {
		store,
		ids,
		productIds,
		/** A table's row: the product filter lists exactly these IDs, in this order. */
		listsProducts: async (_what: string, filter: Json, expected: number[]) =>
			expect(await productIds(filter)).toEqual(expected),
		/** Each filter of a table, beside its answer so that a failure names its case. */
		listsAll: async (
			cases: Array<[filter: Json, ids: number[]]>,
			read: (filter: Json) => Promise<unknown>,
		) => {
			for (const [filter, expected] of cases)
				expect([filter, await read(filter)]).toEqual([filter, expected]);
		},
	};
}

describe('sandbox: stored filters', () => {
	let sandbox: Sandbox;
	let demo: ServiceClient;

	beforeAll(async () => {
		// The contract's ProductSku (no sku to filter on), also under SANDBOX_OPTIONS=all.
		sandbox = await startSandbox({ port: 0, variantSkuTexts: false });
		demo = new ServiceClient(sandbox.baseUrl);
		await demo.login();
	});
	afterAll(() => sandbox.close());

	const { store, ids, productIds, listsProducts, listsAll } = filterCalls(() => demo);

	test('POST /filters answers the body plus filterId; same content, same user → same id', async () => {
		const body = {
			productFilter: { expressionSimple: { property: 'name', op: 'ilike', value: '%shirt%' } },
		};
		const first = await demo.post('/filters', body);
		expect(first.json.productFilter).toMatchObject({
			...body.productFilter,
			filterId: expect.any(String),
		});
		const reordered = {
			productFilter: { expressionSimple: { value: '%shirt%', op: 'ilike', property: 'name' } },
		};
		expect(await store(reordered)).toBe(first.json.productFilter.filterId);
		const other = new ServiceClient(sandbox.baseUrl);
		await other.login('viewer');
		expect(await store(body, other)).not.toBe(first.json.productFilter.filterId);
	});

	test.each(OPERATORS)('expressionSimple %s', listsProducts);
	test.each(COMBINATIONS)('%s', listsProducts);
	test.each(ORDERS)('order{direction, property}: %s', listsProducts);
	test.each(SUB_ENTITIES)('sub-entity filter on joined data: %s', listsProducts);

	test('motiveFilter with a nested tagFilter, on /motives and /creator/motives', async () => {
		const filter = {
			motiveFilter: { tagFilter: { expressionSimple: simple('name', '=', 'summer') } },
		};
		expect(await ids(`${SHOP_PATH}/motives`, filter, 'motive')).toEqual([5002, 5003]);
		expect(await ids(`${SHOP_PATH}/creator/motives`, filter, 'motive')).toEqual([5002, 5003]);
		const typed = { motiveFilter: { expressionContain: contain('type', ['BITMAP', 'VECTOR']) } };
		expect(await ids(`${SHOP_PATH}/motives`, typed, 'motive')).toEqual([5001, 5003]);
	});

	test.each(OTHER_ROOTS)(
		'another top-level root filters its list: %s',
		async (_what, path, filter, item, expected) =>
			expect(await ids(path, filter, item)).toEqual(expected),
	);

	test('webhooks, orders, ordered products, their custom attributes and CSV imports filter their lists', async () => {
		await demo.post(`${SHOP_PATH}/webhooks`, {
			webhook: { address: 'http://127.0.0.1:9/a', topic: 'orders/updated' },
		});
		await demo.post(`${SHOP_PATH}/webhooks`, {
			webhook: { address: 'http://127.0.0.1:9/b', topic: 'orders/failed' },
		});
		const hooks = await ids(
			`${SHOP_PATH}/webhooks`,
			{ webhookFilter: { expressionSimple: simple('topic', '=', 'orders/failed') } },
			'webhook',
		);
		expect(hooks).toHaveLength(1);

		const first = (
			await demo.post(
				`${SHOP_PATH}/orders/usingCreatorSE`,
				deferredOrder({ uniqueId: 'F-1', financialStatus: 'PENDING' }),
			)
		).json.productionOrderSubmited.id;
		const second = (
			await demo.post(
				`${SHOP_PATH}/orders/usingCreatorSE`,
				deferredOrder({ uniqueId: 'F-2', country: { id: 2 } }),
			)
		).json.productionOrderSubmited.id;
		const orderIds = (filter: Json) =>
			ids(`${SHOP_PATH}/orders`, { productionOrderFilter: filter }, 'productionOrder');
		await listsAll(
			[
				[{ expressionSimple: simple('uniqueId', '=', 'F-2') }, [second]],
				[{ expressionSimple: simple('country.id', '=', '1') }, [first]],
				[{ expressionSimple: simple('financialStatus', '=', 'PENDING') }, [first]],
				[
					{
						betweenExpression: {
							property: 'created',
							minValue: '2000/01/01 00:00:00',
							maxValue: '2999/12/31 23:59:59',
						},
					},
					[first, second],
				],
				[{ expressionSimple: simple('created', '<', '2000/01/01 00:00:00') }, []],
			],
			orderIds,
		);
		// Created after the cases above, which it would otherwise join (country 1, created now).
		const anonymous = (
			await demo.post(`${SHOP_PATH}/orders`, { productionOrder: { country: { id: 1 } } })
		).json.productionOrderExpanded.id;
		expect(await orderIds({ expressionIsNull: { property: 'uniqueId' } })).toEqual([anonymous]);

		const order = (await demo.get(`${SHOP_PATH}/orders/expanded/${first}`)).json
			.productionOrderExpanded;
		const itemId = order.orderedProducts.designedOrderedProduct.id;
		const lines = `${SHOP_PATH}/orders/${first}/orderedProducts`;
		const lineIds = (filter: Json) =>
			ids(lines, { orderedProductFilter: filter }, 'orderedProduct');
		await listsAll(
			[
				[{ expressionSimple: simple('amount', '=', '2') }, [itemId]],
				[{ expressionSimple: simple('amount', '>', '2') }, []],
			],
			lineIds,
		);
		expect(
			await ids(
				`${lines}/${itemId}/customAttributes`,
				{ orderedProductCustomAttributeFilter: { expressionSimple: simple('key', '=', 'x') } },
				'orderedProductCustomAttribute',
			),
		).toEqual([]);
		expect(
			await ids(
				`${SHOP_PATH}/orderCsvImport`,
				{ productionOrderCsvImportFilter: { expressionSimple: simple('processed', '=', 'true') } },
				'productionOrderCsvImport',
			),
		).toEqual([]);
	});

	test("an unknown filterId is -104 FilterNotFoundException (404); another user's filter too", async () => {
		const result = await demo.get(`${SHOP_PATH}/products?filterId=doesnotexist`);
		expect(result.status).toBe(404);
		expect(result.json.exception).toMatchObject({ message: 'FilterNotFoundException', code: -104 });
		const viewer = new ServiceClient(sandbox.baseUrl);
		await viewer.login('viewer');
		const theirs = await store(
			{ productFilter: { expressionSimple: { property: 'id', op: '=', value: '1001' } } },
			viewer,
		);
		expect((await demo.get(`${SHOP_PATH}/products?filterId=${theirs}`)).json.exception.code).toBe(
			-104,
		);
		const xml = await demo.get(`${SHOP_PATH}/products?filterId=doesnotexist`, {
			accept: 'application/xml',
		});
		expect(xml.text).toContain('<code>-104</code>');
	});

	test('an unknown property is accepted at creation and fails with SqlValidationException when the list runs', async () => {
		const filterId = await store({
			productFilter: { expressionSimple: { property: 'colour', op: '=', value: 'x' } },
		});
		const result = await demo.get(`${SHOP_PATH}/products?filterId=${filterId}`);
		expect(result.status).toBe(400);
		expect(result.json.exception.message).toBe('SqlValidationException');
		expect(result.json.exception.internalErrorMessage).toContain('colour');
		const badDate = await store({
			productFilter: { expressionSimple: { property: 'created', op: '>', value: '2024-01-01' } },
		});
		expect(
			(await demo.get(`${SHOP_PATH}/products?filterId=${badDate}`)).json.exception.message,
		).toBe('SqlValidationException');
	});

	test("productSkuFilter knows the contract's ProductSku fields only: sku is an unknown property (SqlValidationException when the list runs)", async () => {
		// Every field of the contract's ProductSku filters.
		expect(
			await productIds({
				productSkuFilter: {
					expressionSimple: [
						{ property: 'available', op: '=', value: 'true' },
						{ property: 'assignedColor.id', op: '=', value: '2032' },
					],
					betweenExpression: { property: 'stockId', minValue: '1', maxValue: '999999999' },
				},
			}),
		).toEqual([1004]);
		// The contract's ProductSku has no SKU text: a nested productSkuFilter on sku is stored
		// (property names are checked when a list runs) and the list refuses it.
		for (const expression of [
			{ expressionSimple: { property: 'sku', op: 'like', value: '%-GREY-%' } },
			{ expressionContain: { property: 'sku', negation: false, list: { String: 'Bar3' } } },
		]) {
			const filterId = await store({ productFilter: { productSkuFilter: expression } });
			const result = await demo.get(`${SHOP_PATH}/products?filterId=${filterId}`);
			expect(result.status).toBe(400);
			expect(result.json.exception).toMatchObject({
				message: 'SqlValidationException',
				exceptionName: 'SqlValidationException',
			});
			expect(result.json.exception.internalErrorMessage).toBe(
				'Unknown property "sku" in productSkuFilter',
			);
		}
		// No ProductSku record carries one either.
		const skus = list(
			(await demo.get(`${SHOP_PATH}/products/1001/sku?size=50`)).json.pagedData.productSku,
		);
		expect(skus.every((sku) => !('sku' in sku))).toBe(true);
	});

	test.each(OWN_SKU_OR_NAME)(
		"the product's own sku and name stay filterable as an OR of expressionContain and ilike: %s",
		listsProducts,
	);

	test("the product's own sku or name as an OR, sent as XML", async () => {
		const viaXml = await demo.call('POST', '/filters', {
			raw: `<productFilter><expressionDisjunction><expressionContain><property>sku</property><negation>false</negation><list><String>IPOD2008</String><String>TOTE-COTTON</String></list></expressionContain><expressionSimple><property>name</property><op>ilike</op><value>%hoodie%</value></expressionSimple></expressionDisjunction></productFilter>`,
			contentType: 'application/xml',
		});
		expect(viaXml.status).toBe(200);
		const filterId = viaXml.json.productFilter.filterId as string;
		const listed = await demo.get(`${SHOP_PATH}/products?filterId=${filterId}&size=50`);
		expect(list(listed.json.pagedData.product).map((p) => p.id)).toEqual([1002, 1003, 1004]);
	});

	test('a filter of another type than the list is 400', async () => {
		const filterId = await store({
			motiveFilter: { expressionSimple: { property: 'id', op: '=', value: '1' } },
		});
		const result = await demo.get(`${SHOP_PATH}/products?filterId=${filterId}`);
		expect(result.status).toBe(400);
		expect(result.json.exception.internalErrorMessage).toContain('motiveFilter');
		expect((await demo.get(`${SHOP_PATH}/carriers?filterId=${filterId}`)).status).toBe(400);
	});

	test('malformed filters are 400 at creation', async () => {
		const bad: Json[] = [
			{ unknownFilter: {} },
			{ productSkuFilter: {} },
			{ productFilter: { expressionSimple: { property: 'id', op: '~', value: '1' } } },
			{ productFilter: { expressionSimple: { op: '=', value: '1' } } },
			{ productFilter: { betweenExpression: { property: 'id', minValue: '1' } } },
			{
				productFilter: { tagFilter: { expressionSimple: { property: 'id', op: '=', value: '1' } } },
			},
			{ productFilter: { order: { direction: 'sideways', property: 'id' } } },
			{ productFilter: {}, motiveFilter: {} },
		];
		for (const body of bad)
			expect([JSON.stringify(body), (await demo.post('/filters', body)).status]).toEqual([
				JSON.stringify(body),
				400,
			]);
		expect((await demo.post('/filters', {}, { token: null })).status).toBe(401);
	});

	test('deleted records: hidden by the default filter only; with a filter, only the filter decides', async () => {
		const created = await demo.post(`${SHOP_PATH}/motives`, {
			motive: { name: 'Temp', type: 'VECTOR' },
		});
		const id = created.json.motive.id;
		await demo.delete(`${SHOP_PATH}/motives/${id}`);
		const motiveIds = (filter: Json) =>
			ids(`${SHOP_PATH}/motives`, { motiveFilter: filter }, 'motive');
		expect(
			list((await demo.get(`${SHOP_PATH}/motives?size=50`)).json.pagedData.motive).map((m) => m.id),
		).not.toContain(id);
		expect(
			list((await demo.get(`${SHOP_PATH}/creator/motives?size=50`)).json.pagedData.motive).map(
				(m) => m.id,
			),
		).not.toContain(id);
		// Contract, Filters rule 2: the default (deleted = false) applies only without a filter.
		await listsAll(
			[
				[{ expressionSimple: simple('name', '=', 'Temp') }, [id]],
				[{ expressionSimple: simple('deleted', '=', 'true') }, [id]],
				[{ expressionSimple: [simple('name', '=', 'Temp'), simple('deleted', '=', 'false')] }, []],
				[{ expressionSimple: simple('deleted', '=', 'false') }, [5001, 5002, 5003]],
			],
			motiveIds,
		);
	});

	test('timestamps carry the service offset +01:00; filter dates are wall time in that zone', async () => {
		const control = new SandboxControl(sandbox);
		const shops = await demo.get(`/accounts/387/shops`);
		expect(list(shops.json.pagedData.shop)[0].created).toBe('2024-01-15T09:30:00+01:00');

		const orderAt = async () => {
			const answer = await demo.post(`${SHOP_PATH}/orders`, {
				productionOrder: { country: { id: 1 } },
			});
			const order = answer.json.productionOrderExpanded;
			return { id: order.id as number, created: order.created as string };
		};
		const early = await orderAt();
		await control.call('POST', '/clock/advance', { minutes: 30 });
		const late = await orderAt();
		expect(early.created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+01:00$/);
		const { now } = await control.call('GET', '/clock');
		// The stamp is the virtual clock's instant, written at +01:00.
		expect(Math.abs(Date.parse(late.created) - now)).toBeLessThan(5000);
		expect(Date.parse(late.created) - Date.parse(early.created)).toBeGreaterThanOrEqual(
			30 * 60_000 - 1000,
		);

		// "yyyy/MM/dd HH:mm:ss" is the wall time of +01:00: the created text's own digits.
		const wall = (iso: string) => iso.slice(0, 19).replace(/-/g, '/').replace('T', ' ');
		const since = async (value: string) =>
			(
				await ids(
					`${SHOP_PATH}/orders`,
					{ productionOrderFilter: { expressionSimple: { property: 'created', op: '>=', value } } },
					'productionOrder',
				)
			).filter((id) => id === early.id || id === late.id);
		expect(await since(wall(early.created))).toEqual([early.id, late.id]);
		expect(await since(wall(late.created))).toEqual([late.id]);
		// The same instant as UTC wall time is an hour earlier here, so it also takes the early one.
		const lateAsUtcWall = wall(new Date(Date.parse(late.created)).toISOString());
		expect(await since(lateAsUtcWall)).toEqual([early.id, late.id]);
		const oneSecondLater = wall(
			new Date(Date.parse(late.created) + 3_600_000 + 1000).toISOString(),
		);
		expect(await since(oneSecondLater)).toEqual([]);
	});

	test('filters can be sent as XML', async () => {
		const xml =
			'<productFilter><expressionSimple><property>name</property><op>=</op><value>Hoodie</value></expressionSimple></productFilter>';
		const result = await demo.call('POST', '/filters', {
			raw: xml,
			contentType: 'application/xml',
			accept: 'application/xml',
		});
		expect(result.status).toBe(200);
		const filterId = /<filterId>([^<]+)<\/filterId>/.exec(result.text)?.[1];
		expect(filterId).toBeTruthy();
		const products = await demo.get(`${SHOP_PATH}/products?filterId=${filterId}`);
		expect(products.json.pagedData.product.id).toBe(1002);
	});
});

describe('sandbox: stored filters with the variant SKU text extension (option variantSkuTexts)', () => {
	let sandbox: Sandbox;
	let demo: ServiceClient;

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, variantSkuTexts: true });
		demo = new ServiceClient(sandbox.baseUrl);
		await demo.login();
	});
	afterAll(() => sandbox.close());

	const { listsProducts } = filterCalls(() => demo);

	const VARIANT_SKU_TEXTS: ProductCase[] = [
		[
			'productSkuFilter filters on the variant SKU text (like)',
			{ productSkuFilter: { expressionSimple: simple('sku', 'like', '%-GREY-%') } },
			[1002],
		],
		[
			'productSkuFilter filters on the variant SKU text (expressionContain)',
			{ productSkuFilter: { expressionContain: contain('sku', ['Bar3']) } },
			[1005],
		],
		[
			"the product's own SKU is still the product filter's sku",
			{ expressionContain: contain('sku', 'IPOD2008') },
			[1004],
		],
	];

	test.each(VARIANT_SKU_TEXTS)('%s', listsProducts);
});
