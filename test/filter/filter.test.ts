import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { ServiceClient, deferredOrder, list, type Json } from '../support/service';
import { eventually } from '../support/eventually';
import { CredentialStore, runNode } from '../support/n8n';
import { SandboxControl, sandboxCredentials, SHOP_PATH, shopParameter } from '../support/sandbox';

type Condition = INodeParameters;
const cond = (property: string, operator: string, value: string): Condition => ({
	conditionType: 'simple',
	property,
	operator,
	value,
});

describe('Filter resource and filters on Get Many', () => {
	let sandbox: Sandbox;
	let control: SandboxControl;
	let service: ServiceClient;
	let store: CredentialStore;

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0 });
		control = new SandboxControl(sandbox);
		service = new ServiceClient(sandbox.baseUrl);
		await service.login();
		store = sandboxCredentials(sandbox, { accountId: '387' });
	});
	afterAll(() => sandbox.close());

	const run = async (parameters: INodeParameters, items?: INodeExecutionData[]) => {
		const result = await runNode({ store, parameters, items });
		if (result.error) throw result.error;
		return result.items;
	};
	const failure = async (parameters: INodeParameters) => {
		const result = await runNode({ store, parameters });
		expect(result.error).toBeDefined();
		return result.error!;
	};
	const products = (filter: INodeParameters) =>
		run({
			resource: 'product',
			operation: 'getAll',
			shop: shopParameter(),
			returnAll: true,
			...filter,
		});
	const ids = (items: INodeExecutionData[]) => items.map((item) => item.json.id);
	const built = (conditions: Condition[], extra: INodeParameters = {}): INodeParameters => ({
		filterMode: 'build',
		filterConditions: { condition: conditions },
		...extra,
	});
	const filterPosts = async () =>
		((await control.call('GET', '/requests')) as Json[]).filter(
			(r) => r.method === 'POST' && String(r.path).endsWith('/filters'),
		).length;

	test('Filter → Create returns the filterId; the same filter gives the same ID (builder or JSON)', async () => {
		const create = {
			resource: 'filter',
			operation: 'create',
			filterType: 'productFilter',
			definedWith: 'build',
			filterConditions: { condition: [cond('name', 'ilike', '%shirt%')] },
		};
		const [first] = await run(create);
		expect(first.json).toEqual({
			filterId: expect.stringMatching(/^\w+$/),
			filterType: 'productFilter',
			filter: { expressionSimple: { property: 'name', op: 'ilike', value: '%shirt%' } },
		});
		const [again] = await run(create);
		expect(again.json.filterId).toBe(first.json.filterId);
		const [fromJson] = await run({
			resource: 'filter',
			operation: 'create',
			filterType: 'productFilter',
			definedWith: 'json',
			filterJson: JSON.stringify({
				productFilter: { expressionSimple: { property: 'name', op: 'ilike', value: '%shirt%' } },
			}),
		});
		expect(fromJson.json.filterId).toBe(first.json.filterId);

		// The stored ID narrows a Get Many.
		expect(
			ids(await products({ filterMode: 'id', filterId: first.json.filterId as string })),
		).toEqual([1001]);
	});

	test('Filter → Create works for every top-level filter type', async () => {
		const roots = [
			'productFilter',
			'productionOrderFilter',
			'motiveFilter',
			'sharedProductFilter',
			'orderedProductFilter',
			'orderedProductCustomAttributeFilter',
			'shopFilter',
			'webhookFilter',
			'countryFilter',
			'productionOrderCsvImportFilter',
		];
		const items = await run(
			{
				resource: 'filter',
				operation: 'create',
				filterType: '={{ $json.root }}',
				filterConditions: { condition: [cond('id', 'gt', '0')] },
				filterOrder: { order: [{ property: 'id', direction: 'desc' }] },
			},
			roots.map((root) => ({ json: { root } })),
		);
		expect(items.map((item) => item.json.filterType)).toEqual(roots);
		expect(new Set(items.map((item) => item.json.filterId)).size).toBe(roots.length);
		for (const item of items) {
			expect(item.json.filter).toEqual({
				expressionSimple: { property: 'id', op: '>', value: '0' },
				order: { direction: 'desc', property: 'id' },
			});
		}
	});

	test("every simple operator (the dropdown's or the contract's) narrows the product list; one POST per distinct filter in a run", async () => {
		const cases: Array<[string, string, string, number[]]> = [
			['id', 'eq', '1002', [1002]],
			['id', 'ne', '1002', [1001, 1003, 1004, 1005]],
			['name', 'like', 'Classic%', [1001]],
			['name', 'like', 'classic%', []],
			['name', 'ilike', 'classic%', [1001]],
			['id', 'lt', '1002', [1001]],
			['id', 'gt', '1002', [1003, 1004, 1005]],
			['id', 'lte', '1002', [1001, 1002]],
			['id', 'gte', '1002', [1002, 1003, 1004, 1005]],
			// The same filter again: reused, not stored twice.
			['id', 'eq', '1002', [1002]],
			// The contract's own operators, given by expression, go through as the same filters.
			['id', '>=', '1002', [1002, 1003, 1004, 1005]],
			['id', '!=', '1002', [1001, 1003, 1004, 1005]],
		];
		const before = await filterPosts();
		const output = await run(
			{
				resource: 'product',
				operation: 'getAll',
				shop: shopParameter(),
				returnAll: true,
				...built([cond('={{ $json.p }}', '={{ $json.op }}', '={{ $json.v }}')]),
			},
			cases.map(([p, op, v]) => ({ json: { p, op, v } })),
		);
		cases.forEach(([, , , expected], index) => {
			const mine = output.filter((item) => (item.pairedItem as { item: number }).item === index);
			expect(ids(mine)).toEqual(expected);
		});
		expect((await filterPosts()) - before).toBe(9);
	});

	test('between, In List with and without negation, Is Empty, sort descending', async () => {
		expect(
			ids(
				await products(
					built([{ conditionType: 'between', property: 'id', minValue: '1001', maxValue: '1002' }]),
				),
			),
		).toEqual([1001, 1002]);
		expect(
			ids(
				await products(built([{ conditionType: 'contain', property: 'id', values: '1001, 1003' }])),
			),
		).toEqual([1001, 1003]);
		expect(
			ids(
				await products(
					built([
						{ conditionType: 'contain', property: 'id', values: '1001, 1003', negation: true },
					]),
				),
			),
		).toEqual([1002, 1004, 1005]);
		expect(
			ids(
				await products(
					built([
						{ conditionType: 'contain', property: 'name', values: '={{ ["Hoodie", "Tote Bag"] }}' },
					]),
				),
			),
		).toEqual([1002, 1003]);
		expect(ids(await products(built([{ conditionType: 'isNull', property: 'sku' }])))).toEqual([]);
		expect(
			ids(
				await products({
					filterMode: 'build',
					filterOrder: { order: [{ property: 'id', direction: 'desc' }] },
				}),
			),
		).toEqual([1005, 1004, 1003, 1002, 1001]);
	});

	test('Any Of groups (OR) and AND keys inside them (explicit AND)', async () => {
		const [stored] = await run({
			resource: 'filter',
			operation: 'create',
			filterType: 'productFilter',
			filterAnyOf: {
				group: [
					{
						conditions: {
							condition: [
								cond('name', 'eq', 'Hoodie'),
								{ ...cond('id', 'gte', '1001'), andKey: 'a' },
								{ ...cond('name', 'ilike', '%shirt%'), andKey: 'a' },
							],
						},
					},
				],
			},
		});
		expect(stored.json.filter).toEqual({
			expressionDisjunction: {
				expressionSimple: { property: 'name', op: '=', value: 'Hoodie' },
				expressionConjuction: {
					expressionSimple: [
						{ property: 'id', op: '>=', value: '1001' },
						{ property: 'name', op: 'ilike', value: '%shirt%' },
					],
				},
			},
		});
		expect(
			ids(await products({ filterMode: 'id', filterId: stored.json.filterId as string })),
		).toEqual([1001, 1002]);
		// Two groups and a plain condition all have to hold.
		expect(
			ids(
				await products({
					...built([cond('id', 'ne', '1001')]),
					filterAnyOf: {
						group: [
							{
								conditions: {
									condition: [cond('name', 'eq', 'Hoodie'), cond('name', 'eq', 'Classic T-Shirt')],
								},
							},
							{ conditions: { condition: [cond('id', 'lt', '1003')] } },
						],
					},
				}),
			),
		).toEqual([1002]);
	});

	test('related record filters (sub-entity) narrow by joined rows', async () => {
		expect(
			ids(
				await products({
					filterMode: 'build',
					filterSubEntities: {
						subFilter: [
							{
								entity: 'assignedProductColorFilter',
								conditions: { condition: [cond('name', 'eq', 'Navy')] },
							},
						],
					},
				}),
			),
		).toEqual([1002]);
		const [stored] = await run({
			resource: 'filter',
			operation: 'create',
			filterType: 'productFilter',
			filterConditions: { condition: [cond('id', 'lte', '1002')] },
			filterSubEntities: {
				subFilter: [
					{
						entity: 'productSkuFilter',
						conditions: { condition: [cond('assignedSize.id', 'eq', '3006')] },
					},
				],
			},
		});
		expect(stored.json.filter).toEqual({
			expressionSimple: { property: 'id', op: '<=', value: '1002' },
			productSkuFilter: {
				expressionSimple: { property: 'assignedSize.id', op: '=', value: '3006' },
			},
		});
		// 3XL exists only for the T-shirt (White/3XL).
		expect(
			ids(await products({ filterMode: 'id', filterId: stored.json.filterId as string })),
		).toEqual([1001]);
	});

	test('orders: between on id, Is Empty on the fulfilment status, dates in the service form', async () => {
		const created: number[] = [];
		for (const financialStatus of ['PENDING', 'PAID', 'PAID']) {
			const answer = await service.post(
				`${SHOP_PATH}/orders/usingCreatorSE`,
				deferredOrder({ financialStatus }),
			);
			expect(answer.status).toBe(200);
			created.push(Number(Object.values(answer.json)[0].id));
		}
		await eventually(async () => {
			const order = await control.call('GET', `/orders/${created[2]}`);
			expect(order.fulfilmentStatus).toBeTruthy();
		});
		// The order list belongs to the Order resource; here the stored filter is checked against
		// the service's own list.
		const orderIds = async (filter: INodeParameters) => {
			const [stored] = await run({
				resource: 'filter',
				operation: 'create',
				filterType: 'productionOrderFilter',
				...filter,
			});
			const answer = await service.get(
				`${SHOP_PATH}/orders?size=100&filterId=${stored.json.filterId}`,
			);
			expect(answer.status).toBe(200);
			return list(answer.json.pagedData.productionOrder)
				.map((order) => order.id)
				.filter((id) => created.includes(id));
		};

		expect(
			await orderIds(
				built([
					{
						conditionType: 'between',
						property: 'id',
						minValue: String(created[0]),
						maxValue: String(created[1]),
					},
				]),
			),
		).toEqual([created[0], created[1]]);
		expect(
			await orderIds(built([{ conditionType: 'isNull', property: 'fulfilmentStatus' }])),
		).toEqual([created[0]]);

		// Dates: an n8n DateTime, ISO text and a timestamp all become yyyy/MM/dd HH:mm:ss.
		const between = (min: string, max: string) =>
			built([
				{
					conditionType: 'between',
					property: 'created',
					minValue: min,
					maxValue: max,
					valueIsDate: true,
				},
			]);
		expect(
			await orderIds(between('={{ $now.minus({ hours: 1 }) }}', '={{ $now.plus({ hours: 1 }) }}')),
		).toEqual(created);
		expect(
			await orderIds(
				between('={{ $now.plus({ hours: 1 }).toISO() }}', '={{ Date.now() + 7200000 }}'),
			),
		).toEqual([]);
		const [stored] = await run({
			resource: 'filter',
			operation: 'create',
			filterType: 'productionOrderFilter',
			filterConditions: {
				condition: [{ ...cond('created', 'gte', '2024-05-01T14:30:00+02:00'), valueIsDate: true }],
			},
		});
		// Written in the service's zone (+01:00 here), learned from the account's shops.
		expect(stored.json.filter).toEqual({
			expressionSimple: { property: 'created', op: '>=', value: '2024/05/01 13:30:00' },
		});
		const [berlin] = await run({
			resource: 'filter',
			operation: 'create',
			filterType: 'productionOrderFilter',
			filterConditions: {
				condition: [{ ...cond('created', 'gte', '2024-05-01T12:30:00Z'), valueIsDate: true }],
			},
			filterTimezone: 'Europe/Berlin',
		});
		expect(berlin.json.filter).toEqual({
			expressionSimple: { property: 'created', op: '>=', value: '2024/05/01 14:30:00' },
		});
	});

	describe("dates in the service's zone (+01:00 in the sandbox)", () => {
		const orders = (filter: INodeParameters, items?: INodeExecutionData[]) =>
			run(
				{
					resource: 'order',
					operation: 'getAll',
					shop: shopParameter(),
					returnAll: true,
					...filter,
				},
				items,
			);
		const createdSince = (value: unknown, extra: INodeParameters = {}): INodeParameters => ({
			...built([{ ...cond('created', 'gte', value as string), valueIsDate: true }]),
			...extra,
		});
		const newOrder = async () => {
			const answer = await service.post(`${SHOP_PATH}/orders`, {
				productionOrder: { country: { id: 1 } },
			});
			expect(answer.status).toBe(200);
			const order = answer.json.productionOrderExpanded;
			return { id: order.id as number, created: order.created as string };
		};
		/** GETs of the order list with size 1: the reads that learn the service's zone. */
		const zoneReads = async () =>
			((await control.call('GET', '/requests')) as Json[]).filter(
				(r) => r.method === 'GET' && String(r.path).endsWith('/orders') && r.query.size === '1',
			).length;

		let before: { id: number; created: string };
		let at: { id: number; created: string };
		beforeAll(async () => {
			// The sandbox's clock runs with the real one: on a busy machine a real second may pass
			// between the two orders, so the pair is made again until they are one second apart.
			for (let attempt = 0; attempt < 5; attempt++) {
				// A minute after every earlier order, so that only these two are this recent.
				await control.call('POST', '/clock/advance', { minutes: 1 });
				before = await newOrder();
				// One second later on the sandbox's clock: the order at T and the one just before it.
				await control.call('POST', '/clock/advance', { minutes: 1 / 60 });
				at = await newOrder();
				if (Date.parse(at.created) - Date.parse(before.created) === 1000) break;
			}
			expect(at.created).toMatch(/\+01:00$/);
			expect(Date.parse(at.created) - Date.parse(before.created)).toBe(1000);
		});

		test('"created >= T" with T an instant finds the order created at T, not the one a second earlier', async () => {
			const instant = Date.parse(at.created);
			// Values an earlier node hands over, each one item of the same run.
			const handedOver: unknown[] = [
				new Date(instant).toISOString(), // UTC, ending in Z
				at.created, // the service's own timestamp, +01:00
				instant, // epoch milliseconds
				instant / 1000, // epoch seconds
			];
			const readsBefore = await zoneReads();
			const output = await orders(
				createdSince('={{ $json.since }}'),
				handedOver.map((since) => ({ json: { since } as IDataObject })),
			);
			handedOver.forEach((since, index) => {
				const mine = output.filter((item) => (item.pairedItem as { item: number }).item === index);
				expect([since, ids(mine)]).toEqual([since, [at.id]]);
			});
			// Learned once for the run, not per item.
			expect((await zoneReads()) - readsBefore).toBe(1);

			// Dates made in an expression: a Luxon DateTime in another zone, a JS Date.
			for (const expression of [
				`={{ DateTime.fromMillis(${instant}).setZone("America/New_York") }}`,
				`={{ new Date(${instant}) }}`,
			]) {
				expect([expression, ids(await orders(createdSince(expression)))]).toEqual([
					expression,
					[at.id],
				]);
			}

			// A second earlier takes both.
			expect(ids(await orders(createdSince(new Date(instant - 1000).toISOString())))).toEqual([
				before.id,
				at.id,
			]);
		});

		test('"created >= $now + 30 minutes" matches no order created now', async () => {
			expect(ids(await orders(createdSince("={{ $now.plus(30, 'minutes') }}")))).toEqual([]);
			expect(ids(await orders(createdSince("={{ $now.minus(30, 'minutes') }}")))).toEqual(
				expect.arrayContaining([before.id, at.id]),
			);
		});

		test('a date without zone is a wall time in the service zone and needs no read', async () => {
			const wall = at.created.slice(0, 19).replace(/-/g, '/').replace('T', ' ');
			const readsBefore = await zoneReads();
			expect(ids(await orders(createdSince(wall)))).toEqual([at.id]);
			expect(ids(await orders(createdSince(at.created.slice(0, 19))))).toEqual([at.id]);
			expect(await zoneReads()).toBe(readsBefore);
		});

		test('an explicit Date Timezone wins and needs no read', async () => {
			const utc = new Date(Date.parse(at.created)).toISOString();
			const readsBefore = await zoneReads();
			expect(ids(await orders(createdSince(utc, { filterTimezone: 'UTC+1' })))).toEqual([at.id]);
			// Told the service is on UTC, the node writes UTC wall time: an hour early here.
			expect(ids(await orders(createdSince(utc, { filterTimezone: 'UTC' })))).toEqual(
				expect.arrayContaining([before.id, at.id]),
			);
			expect(await zoneReads()).toBe(readsBefore);
		});

		test('an empty list needs no zone; a list without timestamps asks for the Date Timezone', async () => {
			const since = new Date(Date.parse(at.created)).toISOString();
			const otherShop = await run({
				resource: 'order',
				operation: 'getAll',
				shop: shopParameter(1598),
				returnAll: true,
				...createdSince(since),
			});
			expect(otherShop).toEqual([]);

			const posts = await filterPosts();
			const error = await failure({
				resource: 'country',
				operation: 'getAll',
				returnAll: true,
				...built([{ ...cond('id', 'gt', since), valueIsDate: true }]),
			});
			expect(error.message).toBe(
				"Item 1: The service's timezone could not be learned for the dates in the filter",
			);
			expect(error.description).toMatch(/Set Date Timezone .* Europe\/Berlin/);
			expect(await filterPosts()).toBe(posts);
		});
	});

	test('a built or JSON motive filter leaves deleted motives out unless it tests deleted', async () => {
		const created = await service.post(`${SHOP_PATH}/motives`, {
			motive: { name: 'Retired Motive', type: 'VECTOR' },
		});
		const retired = created.json.motive.id as number;
		expect((await service.delete(`${SHOP_PATH}/motives/${retired}`)).status).toBe(204);
		const motives = (operation: string, filter: INodeParameters) =>
			run({ resource: 'motive', operation, shop: shopParameter(), returnAll: true, ...filter });
		const json = (filter: Json) => ({ filterMode: 'json', filterJson: JSON.stringify(filter) });

		for (const operation of ['getAll', 'getCreatorMotives']) {
			expect(ids(await motives(operation, built([cond('name', 'ilike', 'retired%')])))).toEqual([]);
			expect(
				ids(
					await motives(
						operation,
						json({ expressionSimple: { property: 'name', op: '=', value: 'Retired Motive' } }),
					),
				),
			).toEqual([]);
			expect(ids(await motives(operation, built([cond('deleted', 'eq', 'true')])))).toEqual([
				retired,
			]);
			expect(
				ids(
					await motives(
						operation,
						json({
							motiveFilter: {
								expressionDisjunction: {
									expressionSimple: [
										{ property: 'deleted', op: '=', value: 'true' },
										{ property: 'id', op: '=', value: '5001' },
									],
								},
							},
						}),
					),
				),
			).toEqual([5001, retired]);
		}
		// The service itself, with no filter, hides it too.
		expect(ids(await motives('getAll', {}))).not.toContain(retired);
	});

	test('a built filter is stored the same way over an XML credential', async () => {
		const xml = new CredentialStore({
			podPlatformApi: { ...store.data(), mediaType: 'xml', sessionToken: '' },
		});
		const result = await runNode({
			store: xml,
			parameters: {
				resource: 'product',
				operation: 'getAll',
				shop: shopParameter(),
				returnAll: true,
				...built([{ conditionType: 'contain', property: 'id', values: '1001', negation: true }]),
				filterAnyOf: {
					group: [
						{
							conditions: {
								condition: [cond('name', 'ilike', 'hood%'), cond('name', 'ilike', 'tote%')],
							},
						},
					],
				},
				filterOrder: { order: [{ property: 'name', direction: 'desc' }] },
			},
		});
		expect(result.error).toBeUndefined();
		expect(ids(result.items)).toEqual([1003, 1002]);
	});

	test('Get Many takes Filter JSON, with or without the root key', async () => {
		expect(
			ids(
				await products({
					filterMode: 'json',
					filterJson:
						'{ "expressionSimple": { "property": "name", "op": "=", "value": "Hoodie" } }',
				}),
			),
		).toEqual([1002]);
		expect(
			ids(
				await run({
					resource: 'shop',
					operation: 'getAll',
					returnAll: true,
					filterMode: 'json',
					filterJson: {
						shopFilter: { expressionSimple: { property: 'name', op: 'ilike', value: 'second%' } },
					},
				}),
			),
		).toEqual([1598]);
	});

	test('a missing stored filter (-104) names the filter', async () => {
		const error = await failure({
			resource: 'product',
			operation: 'getAll',
			shop: shopParameter(),
			returnAll: true,
			filterMode: 'id',
			filterId: '0123456789abcdef0123456789abcdef',
		});
		expect(error.message).toContain('The stored filter "0123456789abcdef0123456789abcdef"');
		expect(error.message).toContain('FilterNotFoundException');
		expect(error.message).toContain('-104');
		expect(error.description).toMatch(/Filter → Create/);
	});

	test('an unknown property (SqlValidationException) names the built filter', async () => {
		const error = await failure({
			resource: 'product',
			operation: 'getAll',
			shop: shopParameter(),
			returnAll: true,
			...built([cond('colour', 'eq', 'Black')]),
		});
		// The form field first, then the service's words.
		expect(error.message).toMatch(
			/^Conditions › Condition 1 › Property "colour": not a field the service can filter by\. The built filter \(stored as "\w+"\): SqlValidationException/,
		);
		expect(error.description).toMatch(/^Choose the Property from its list/);

		// A sort by a name given by expression is named the same way.
		const sortError = await failure({
			resource: 'product',
			operation: 'getAll',
			shop: shopParameter(),
			returnAll: true,
			filterMode: 'build',
			filterOrder: { order: [{ property: '={{ "colour" }}', direction: 'asc' }] },
		});
		expect(sortError.message).toMatch(/^Sort › Sort 1 › Property "colour": not a field/);
	});

	test('a filter the service refuses when storing names the filter type', async () => {
		const error = await failure({
			resource: 'product',
			operation: 'getAll',
			shop: shopParameter(),
			returnAll: true,
			filterMode: 'json',
			filterJson: '{ "expressionSimple": { "property": "id", "op": "~", "value": "1" } }',
		});
		expect(error.message).toMatch(/^The productFilter could not be stored/);
	});

	test('bad filter input stops before anything is sent', async () => {
		const before = await filterPosts();
		const cases: Array<[INodeParameters, RegExp]> = [
			[built([cond('={{ "" }}', 'eq', '1')]), /^Item 1: Conditions › Condition 1 has no Property/],
			[
				built([cond('id', '={{ "equals-ish" }}', '1')]),
				/^Item 1: Conditions › Condition 1: unknown Operator "equals-ish"/,
			],
			[
				built([{ conditionType: 'between', property: 'id', minValue: '1' }]),
				/^Item 1: Conditions › Condition 1: Between needs both a Min Value and a Max Value/,
			],
			[
				built([{ conditionType: 'contain', property: 'id', values: ' , ' }]),
				/In List needs at least one value/,
			],
			[
				built([cond('created', 'gte', '')]),
				/^Item 1: Conditions › Condition 1: Value is empty, but Created is compared as a date$/,
			],
			[
				built([cond('created', 'gt', 'last tuesday-ish')]),
				/^Item 1: Conditions › Condition 1: "last tuesday-ish" is not a date/,
			],
			[
				{
					...built([]),
					filterAnyOf: { group: [{ conditions: { condition: [{ property: '={{ "" }}' }] } }] },
				},
				/^Item 1: Any Of Groups › Group 1 › Alternative 1 has no Property/,
			],
			[
				{
					...built([]),
					filterSubEntities: {
						subFilter: [
							{
								entity: 'productSkuFilter',
								conditions: { condition: [{ property: 'available' }, { property: '' }] },
							},
						],
					},
				},
				/^Item 1: Related Record Filters › Filter 1 \(SKUs\) › Condition 2 has no Property/,
			],
			[
				{ ...built([cond('id', 'eq', '1')]), filterTimezone: 'Mars/Olympus' },
				/Date Timezone: unknown timezone "Mars\/Olympus"/,
			],
			[{ filterMode: 'json', filterJson: '{ nope' }, /^Item 1: Filter JSON is not valid JSON/],
			[
				{ filterMode: 'json', filterJson: '{ "motiveFilter": {} }' },
				/^Item 1: Filter JSON is a motiveFilter, but this list takes a productFilter/,
			],
			[{ filterMode: 'id', filterId: ' ' }, /^Item 1: Filter ID is empty/],
		];
		for (const [filter, message] of cases) {
			const error = await failure({
				resource: 'product',
				operation: 'getAll',
				shop: shopParameter(),
				returnAll: true,
				...filter,
			});
			expect(error.message).toMatch(message);
			expect(error.description).toBeTruthy();
		}
		expect(await filterPosts()).toBe(before);
	});

	test("Filter → Create refuses an empty date in the form's words before anything is sent", async () => {
		const before = await filterPosts();
		const error = await failure({
			resource: 'filter',
			operation: 'create',
			filterType: 'productionOrderFilter',
			definedWith: 'build',
			filterConditions: { condition: [cond('id', 'gt', '1'), cond('created', 'lt', '')] },
		});
		expect({ message: error.message, description: error.description }).toEqual({
			message:
				'Item 1: Conditions › Condition 2: Value is empty, but Created is compared as a date',
			description:
				'Pick a date in Value, or set Type to Is Empty to find the records that have no Created date.',
		});
		expect(await filterPosts()).toBe(before);
	});
});
