import { startSandbox, type Sandbox } from '../../sandbox';
import { SandboxControl, SHOP_PATH } from '../support/sandbox';
import { deferredOrder, list, ServiceClient, type Json } from '../support/service';

describe('sandbox: stored filters', () => {
	let sandbox: Sandbox;
	let demo: ServiceClient;

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0 });
		demo = new ServiceClient(sandbox.baseUrl);
		await demo.login();
	});
	afterAll(() => sandbox.close());

	const store = async (body: Json, client = demo) => {
		const result = await client.post('/filters', body);
		expect(result.status).toBe(200);
		return result.json[Object.keys(body)[0]].filterId as string;
	};
	const ids = async (path: string, filter: Json, item: string) => {
		const filterId = await store(filter);
		const result = await demo.get(`${path}?filterId=${filterId}&size=50`);
		expect(result.status).toBe(200);
		return list(result.json.pagedData[item]).map((i) => i.id);
	};
	const productIds = (filter: Json) =>
		ids(`${SHOP_PATH}/products`, { productFilter: filter }, 'product');

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

	test('expressionSimple with =, !=, like, ilike, <, >, <=, >=', async () => {
		expect(
			await productIds({ expressionSimple: { property: 'id', op: '=', value: '1002' } }),
		).toEqual([1002]);
		expect(
			await productIds({ expressionSimple: { property: 'id', op: '!=', value: '1002' } }),
		).toEqual([1001, 1003, 1004, 1005]);
		expect(
			await productIds({ expressionSimple: { property: 'name', op: 'like', value: 'Classic%' } }),
		).toEqual([1001]);
		expect(
			await productIds({ expressionSimple: { property: 'name', op: 'like', value: 'classic%' } }),
		).toEqual([]);
		expect(
			await productIds({ expressionSimple: { property: 'name', op: 'ilike', value: 'classic%' } }),
		).toEqual([1001]);
		expect(
			await productIds({ expressionSimple: { property: 'id', op: '<', value: '1002' } }),
		).toEqual([1001]);
		expect(
			await productIds({ expressionSimple: { property: 'id', op: '>', value: '1002' } }),
		).toEqual([1003, 1004, 1005]);
		expect(
			await productIds({ expressionSimple: { property: 'id', op: '<=', value: '1002' } }),
		).toEqual([1001, 1002]);
		expect(
			await productIds({ expressionSimple: { property: 'id', op: '>=', value: '1002' } }),
		).toEqual([1002, 1003, 1004, 1005]);
	});

	test('criteria combine with AND; between, contain (with negation), isNull, disjunction, conjunction', async () => {
		expect(
			await productIds({
				expressionSimple: [
					{ property: 'id', op: '>=', value: '1001' },
					{ property: 'name', op: 'ilike', value: '%o%' },
				],
			}),
		).toEqual([1002, 1003, 1004, 1005]);
		expect(
			await productIds({
				betweenExpression: { property: 'id', minValue: '1001', maxValue: '1002' },
			}),
		).toEqual([1001, 1002]);
		expect(
			await productIds({
				expressionContain: { property: 'id', negation: false, list: { String: ['1001', '1003'] } },
			}),
		).toEqual([1001, 1003]);
		expect(
			await productIds({
				expressionContain: { property: 'id', negation: true, list: { String: '1001' } },
			}),
		).toEqual([1002, 1003, 1004, 1005]);
		expect(await productIds({ expressionIsNull: { property: 'sku' } })).toEqual([]);
		expect(
			await productIds({
				expressionDisjunction: {
					expressionSimple: [
						{ property: 'name', op: '=', value: 'Hoodie' },
						{ property: 'name', op: '=', value: 'Tote Bag' },
					],
				},
			}),
		).toEqual([1002, 1003]);
		expect(
			await productIds({
				expressionDisjunction: {
					expressionSimple: { property: 'name', op: '=', value: 'Hoodie' },
					expressionConjuction: {
						expressionSimple: [
							{ property: 'id', op: '>', value: '1001' },
							{ property: 'name', op: 'like', value: 'T%' },
						],
					},
				},
			}),
		).toEqual([1002, 1003]);
		expect(
			await productIds({
				expressions: [{ expressionSimple: { property: 'name', op: '=', value: 'Hoodie' } }],
			}),
		).toEqual([1002]);
	});

	test('order{direction, property}', async () => {
		expect(await productIds({ order: { direction: 'desc', property: 'id' } })).toEqual([
			1005, 1004, 1003, 1002, 1001,
		]);
		expect(await productIds({ order: { direction: 'asc', property: 'name' } })).toEqual([
			1001, 1002, 1004, 1005, 1003,
		]);
	});

	test('sub-entity filters on joined data: SKUs, assigned colours, views, technologies', async () => {
		expect(
			await productIds({
				productSkuFilter: {
					expressionSimple: { property: 'assignedSize.id', op: '=', value: '3014' },
				},
			}),
		).toEqual([1002]);
		expect(
			await productIds({
				assignedProductColorFilter: {
					expressionSimple: { property: 'name', op: '=', value: 'Black' },
				},
			}),
		).toEqual([1001, 1004, 1005]);
		expect(
			await productIds({
				assignedProductViewFilter: {
					expressionSimple: { property: 'view.position', op: '=', value: 'BACK' },
				},
			}),
		).toEqual([1001, 1002]);
		expect(
			await productIds({
				assignedPrintTechnologyFilter: {
					expressionSimple: { property: 'printTechnology.id', op: '=', value: '12' },
				},
			}),
		).toEqual([1001, 1002, 1003, 1004, 1005]);
		// Black/3XL has no SKU: no product has a SKU with colour 2002 and size 3006.
		expect(
			await productIds({
				productSkuFilter: {
					expressionSimple: [
						{ property: 'assignedColor.id', op: '=', value: '2002' },
						{ property: 'assignedSize.id', op: '=', value: '3006' },
					],
				},
			}),
		).toEqual([]);
	});

	test('motiveFilter with a nested tagFilter, on /motives and /creator/motives', async () => {
		const filter = {
			motiveFilter: {
				tagFilter: { expressionSimple: { property: 'name', op: '=', value: 'summer' } },
			},
		};
		expect(await ids(`${SHOP_PATH}/motives`, filter, 'motive')).toEqual([5002, 5003]);
		expect(await ids(`${SHOP_PATH}/creator/motives`, filter, 'motive')).toEqual([5002, 5003]);
		const typed = {
			motiveFilter: {
				expressionContain: {
					property: 'type',
					negation: false,
					list: { String: ['BITMAP', 'VECTOR'] },
				},
			},
		};
		expect(await ids(`${SHOP_PATH}/motives`, typed, 'motive')).toEqual([5001, 5003]);
	});

	test('every other top-level root filters its list', async () => {
		expect(
			await ids(
				'/accounts/387/shops',
				{ shopFilter: { expressionSimple: { property: 'name', op: 'ilike', value: 'second%' } } },
				'shop',
			),
		).toEqual([1598]);
		expect(
			await ids(
				'/accounts/387/shops',
				{
					shopFilter: {
						shopPropertyFilter: {
							expressionSimple: { property: 'key', op: '=', value: 'currency' },
						},
					},
				},
				'shop',
			),
		).toEqual([1597, 1598]);
		expect(
			await ids(
				'/accounts/387/countries',
				{
					countryFilter: { expressionSimple: { property: 'currency.code', op: '=', value: 'EUR' } },
				},
				'country',
			),
		).toEqual([1, 5, 6, 7]);
		expect(
			await ids(
				'/accounts/387/countries',
				{ countryFilter: { expressionSimple: { property: 'default', op: '=', value: 'true' } } },
				'country',
			),
		).toEqual([1]);
		expect(
			await ids(
				`${SHOP_PATH}/sharedProducts`,
				{
					sharedProductFilter: {
						expressionSimple: { property: 'product.id', op: '=', value: '1002' },
					},
				},
				'sharedProduct',
			),
		).toEqual([9502]);

		await demo.post(`${SHOP_PATH}/webhooks`, {
			webhook: { address: 'http://127.0.0.1:9/a', topic: 'orders/updated' },
		});
		await demo.post(`${SHOP_PATH}/webhooks`, {
			webhook: { address: 'http://127.0.0.1:9/b', topic: 'orders/failed' },
		});
		const hooks = await ids(
			`${SHOP_PATH}/webhooks`,
			{
				webhookFilter: { expressionSimple: { property: 'topic', op: '=', value: 'orders/failed' } },
			},
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
		expect(
			await ids(
				`${SHOP_PATH}/orders`,
				{
					productionOrderFilter: {
						expressionSimple: { property: 'uniqueId', op: '=', value: 'F-2' },
					},
				},
				'productionOrder',
			),
		).toEqual([second]);
		expect(
			await ids(
				`${SHOP_PATH}/orders`,
				{
					productionOrderFilter: {
						expressionSimple: { property: 'country.id', op: '=', value: '1' },
					},
				},
				'productionOrder',
			),
		).toEqual([first]);
		expect(
			await ids(
				`${SHOP_PATH}/orders`,
				{
					productionOrderFilter: {
						expressionSimple: { property: 'financialStatus', op: '=', value: 'PENDING' },
					},
				},
				'productionOrder',
			),
		).toEqual([first]);
		expect(
			await ids(
				`${SHOP_PATH}/orders`,
				{
					productionOrderFilter: {
						betweenExpression: {
							property: 'created',
							minValue: '2000/01/01 00:00:00',
							maxValue: '2999/12/31 23:59:59',
						},
					},
				},
				'productionOrder',
			),
		).toEqual([first, second]);
		expect(
			await ids(
				`${SHOP_PATH}/orders`,
				{
					productionOrderFilter: {
						expressionSimple: { property: 'created', op: '<', value: '2000/01/01 00:00:00' },
					},
				},
				'productionOrder',
			),
		).toEqual([]);
		const anonymous = (
			await demo.post(`${SHOP_PATH}/orders`, { productionOrder: { country: { id: 1 } } })
		).json.productionOrderExpanded.id;
		expect(
			await ids(
				`${SHOP_PATH}/orders`,
				{ productionOrderFilter: { expressionIsNull: { property: 'uniqueId' } } },
				'productionOrder',
			),
		).toEqual([anonymous]);
		const order = (await demo.get(`${SHOP_PATH}/orders/${first}`)).json.productionOrderExpanded;
		const itemId = order.orderedProducts.designedOrderedProduct.id;
		expect(
			await ids(
				`${SHOP_PATH}/orders/${first}/orderedProducts`,
				{ orderedProductFilter: { expressionSimple: { property: 'amount', op: '=', value: '2' } } },
				'orderedProduct',
			),
		).toEqual([itemId]);
		expect(
			await ids(
				`${SHOP_PATH}/orders/${first}/orderedProducts`,
				{ orderedProductFilter: { expressionSimple: { property: 'amount', op: '>', value: '2' } } },
				'orderedProduct',
			),
		).toEqual([]);
		expect(
			await ids(
				`${SHOP_PATH}/orders/${first}/orderedProducts/${itemId}/customAttributes`,
				{
					orderedProductCustomAttributeFilter: {
						expressionSimple: { property: 'key', op: '=', value: 'x' },
					},
				},
				'orderedProductCustomAttribute',
			),
		).toEqual([]);
		expect(
			await ids(
				`${SHOP_PATH}/orderCsvImport`,
				{
					productionOrderCsvImportFilter: {
						expressionSimple: { property: 'processed', op: '=', value: 'true' },
					},
				},
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

	test("the product's own sku and name stay filterable, also as an OR of expressionContain and ilike", async () => {
		const ownSkuOrName = (list: Json) => ({
			expressionDisjunction: {
				expressionContain: { property: 'sku', negation: false, list },
				expressionSimple: { property: 'name', op: 'ilike', value: '%hoodie%' },
			},
		});
		expect(await productIds(ownSkuOrName({ String: ['IPOD2008', 'TOTE-COTTON'] }))).toEqual([
			1002, 1003, 1004,
		]);
		// One value, as XML and the JSON quirk give it: a member rather than an array.
		expect(await productIds(ownSkuOrName({ String: 'SHIP-YOUR-IDEA' }))).toEqual([1002, 1005]);
		// A variant SKU text is no product's SKU.
		expect(await productIds(ownSkuOrName({ String: 'TEE-CLASSIC-BLACK-L' }))).toEqual([1002]);
		// The same OR in the `expressions` list form, next to another criterion (AND).
		expect(
			await productIds({
				expressions: [
					{
						expressionDisjunction: {
							expressions: [
								{
									expressionContain: {
										property: 'sku',
										negation: false,
										list: { String: ['TEE-CLASSIC'] },
									},
								},
								{ expressionSimple: { property: 'name', op: 'ilike', value: 'ipod%' } },
							],
						},
					},
					{ expressionSimple: { property: 'id', op: '!=', value: '1004' } },
				],
			}),
		).toEqual([1001]);
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
		expect(
			await motiveIds({ expressionSimple: { property: 'name', op: '=', value: 'Temp' } }),
		).toEqual([id]);
		expect(
			await motiveIds({ expressionSimple: { property: 'deleted', op: '=', value: 'true' } }),
		).toEqual([id]);
		expect(
			await motiveIds({
				expressionSimple: [
					{ property: 'name', op: '=', value: 'Temp' },
					{ property: 'deleted', op: '=', value: 'false' },
				],
			}),
		).toEqual([]);
		expect(
			await motiveIds({ expressionSimple: { property: 'deleted', op: '=', value: 'false' } }),
		).toEqual([5001, 5002, 5003]);
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

	const productIds = async (filter: Json) => {
		const stored = await demo.post('/filters', { productFilter: filter });
		expect(stored.status).toBe(200);
		const result = await demo.get(
			`${SHOP_PATH}/products?filterId=${stored.json.productFilter.filterId}&size=50`,
		);
		expect(result.status).toBe(200);
		return list(result.json.pagedData.product).map((p) => p.id);
	};

	test('productSkuFilter filters on the variant SKU text', async () => {
		expect(
			await productIds({
				productSkuFilter: { expressionSimple: { property: 'sku', op: 'like', value: '%-GREY-%' } },
			}),
		).toEqual([1002]);
		expect(
			await productIds({
				productSkuFilter: {
					expressionContain: { property: 'sku', negation: false, list: { String: ['Bar3'] } },
				},
			}),
		).toEqual([1005]);
		// The product's own SKU is still the product filter's sku.
		expect(
			await productIds({
				expressionContain: { property: 'sku', negation: false, list: { String: 'IPOD2008' } },
			}),
		).toEqual([1004]);
	});
});
