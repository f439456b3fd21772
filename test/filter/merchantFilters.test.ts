/**
 * Order → Get Many's own filters (status, creation date, unique ID), the empty builder, the
 * operator values saved before they were renamed, and the builder's dropdowns, against the
 * sandbox over HTTP.
 */

import type { INodeExecutionData, INodeParameters, INodeProperties } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { PodPlatform } from '../../nodes/PodPlatform/PodPlatform.node';
import { eventually } from '../support/eventually';
import { CredentialStore, runNode } from '../support/n8n';
import { SandboxControl, sandboxCredentials, SHOP_PATH, shopParameter } from '../support/sandbox';
import { ServiceClient, deferredOrder, type Json } from '../support/service';

describe('merchant filters and the builder in the form', () => {
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
	const ids = (items: INodeExecutionData[]) => items.map((item) => item.json.id);
	const filterPosts = async () =>
		((await control.call('GET', '/requests')) as Json[]).filter(
			(r) => r.method === 'POST' && String(r.path).endsWith('/filters'),
		).length;
	const orders = (extra: INodeParameters) =>
		run({
			resource: 'order',
			operation: 'getAll',
			shop: shopParameter(),
			returnAll: true,
			...extra,
		});
	const products = (extra: INodeParameters) =>
		run({
			resource: 'product',
			operation: 'getAll',
			shop: shopParameter(),
			returnAll: true,
			...extra,
		});

	describe('Order → Get Many filters', () => {
		interface Made {
			id: number;
			uniqueId: string;
		}
		const made: Record<string, Made> = {};
		/** A wall time in the service's zone, as n8n's date field gives it (no offset). */
		let split: string;
		/** Every order of the shop as the unfiltered list gives it. */
		let all: Json[];

		const submit = async (name: string, financialStatus: string) => {
			const uniqueId = `M-${name}-${Math.random().toString(36).slice(2, 8)}`;
			const answer = await service.post(
				`${SHOP_PATH}/orders/usingCreatorSE`,
				deferredOrder({ uniqueId, financialStatus }),
			);
			expect(answer.status).toBe(200);
			made[name] = { id: Number(Object.values(answer.json)[0].id), uniqueId };
		};

		beforeAll(async () => {
			await submit('pending', 'PENDING');
			await submit('shipped', 'PAID');
			await control.call('POST', '/clock/advance', { minutes: 60 });
			await submit('paid', 'PAID');
			await submit('authorized', 'AUTHORIZED');
			for (const name of ['shipped', 'paid']) {
				await eventually(async () => {
					const order = await control.call('GET', `/orders/${made[name].id}`);
					expect(order.fulfilmentStatus).toBeTruthy();
				});
			}
			await control.call('POST', `/orders/${made.shipped.id}/advance`, { to: 'FINISHED' });
			// Picked up by production: a status the sandbox's own processing does not move on from.
			await control.call('POST', `/orders/${made.paid.id}/advance`, { to: 'NOT_EDITABLE' });
			all = (await orders({ filterMode: 'none' })).map((item) => item.json as Json);
			// The hour boundary between the two batches, as the service writes its own time.
			const paidCreated = all.find((order) => order.id === made.paid.id)!.created as string;
			expect(paidCreated).toMatch(/\+01:00$/);
			split = paidCreated.slice(0, 19);
		});

		const matching = (test: (order: Json) => boolean) => all.filter(test).map((order) => order.id);

		test('each filter returns exactly the matching orders; filters combine with AND', async () => {
			const cases: Array<[Json, (order: Json) => boolean]> = [
				[{ financialStatuses: ['PAID'] }, (o) => o.financialStatus === 'PAID'],
				[
					{ financialStatuses: ['PENDING', 'AUTHORIZED'] },
					(o) => ['PENDING', 'AUTHORIZED'].includes(o.financialStatus),
				],
				[{ fulfilmentStatuses: ['FINISHED'] }, (o) => o.fulfilmentStatus === 'FINISHED'],
				[
					{ fulfilmentStatuses: ['FINISHED', 'NOT_EDITABLE'] },
					(o) => ['FINISHED', 'NOT_EDITABLE'].includes(o.fulfilmentStatus),
				],
				[{ createdAfter: split }, (o) => Date.parse(o.created) >= Date.parse(`${split}+01:00`)],
				[{ createdBefore: split }, (o) => Date.parse(o.created) < Date.parse(`${split}+01:00`)],
				[{ uniqueId: made.authorized.uniqueId }, (o) => o.uniqueId === made.authorized.uniqueId],
				[
					{ financialStatuses: ['PAID'], createdBefore: split },
					(o) =>
						o.financialStatus === 'PAID' && Date.parse(o.created) < Date.parse(`${split}+01:00`),
				],
			];
			for (const [orderFilters, test] of cases) {
				const expected = matching(test);
				expect(expected.length).toBeGreaterThan(0);
				expect(expected.length).toBeLessThan(all.length);
				expect([orderFilters, ids(await orders({ orderFilters }))]).toEqual([
					orderFilters,
					expected,
				]);
			}
			// The orders made here land where they should.
			expect(ids(await orders({ orderFilters: { createdAfter: split } }))).toEqual(
				expect.arrayContaining([made.paid.id, made.authorized.id]),
			);
			expect(ids(await orders({ orderFilters: { uniqueId: made.shipped.uniqueId } }))).toEqual([
				made.shipped.id,
			]);
		});

		test('the filters compile into one stored productionOrderFilter', async () => {
			const before = (await control.call('GET', '/requests')) as Json[];
			await orders({
				orderFilters: {
					financialStatuses: ['PAID'],
					fulfilmentStatuses: ['FINISHED'],
					createdAfter: '2020-01-01T00:00:00',
					uniqueId: made.shipped.uniqueId,
				},
			});
			const posts = ((await control.call('GET', '/requests')) as Json[])
				.slice(before.length)
				.filter((r) => r.method === 'POST' && String(r.path).endsWith('/filters'));
			expect(posts).toHaveLength(1);
			const listed = ((await control.call('GET', '/requests')) as Json[]).filter(
				(r) => r.method === 'GET' && String(r.path).endsWith('/orders') && r.query.filterId,
			);
			const usedId = listed[listed.length - 1].query.filterId;
			// The same filter written as JSON in Filter → Create gets the same ID: the same content.
			const [stored] = await run({
				resource: 'filter',
				operation: 'create',
				filterType: 'productionOrderFilter',
				definedWith: 'json',
				filterJson: JSON.stringify({
					expressionContain: [
						{ property: 'financialStatus', negation: false, list: { String: ['PAID'] } },
						{ property: 'fulfilmentStatus', negation: false, list: { String: ['FINISHED'] } },
					],
					expressionSimple: [
						{ property: 'created', op: '>=', value: '2020/01/01 00:00:00' },
						{ property: 'uniqueId', op: '=', value: made.shipped.uniqueId },
					],
				}),
			});
			expect(usedId).toBe(stored.json.filterId);
		});

		test('no filter set (the default) lists every order and stores nothing', async () => {
			const before = await filterPosts();
			expect(ids(await orders({}))).toEqual(all.map((order) => order.id));
			expect(ids(await orders({ orderFilters: { financialStatuses: [], uniqueId: ' ' } }))).toEqual(
				all.map((order) => order.id),
			);
			expect(await filterPosts()).toBe(before);
		});

		test('a bad date names the form field', async () => {
			const result = await runNode({
				store,
				parameters: {
					resource: 'order',
					operation: 'getAll',
					shop: shopParameter(),
					orderFilters: { createdAfter: 'soon' },
				},
			});
			expect(result.error?.message).toMatch(
				/^Item 1: Filters › Created After: "soon" is not a date/,
			);
		});
	});

	test('an empty builder (left from another choice) is no filter, whatever the list', async () => {
		const before = await filterPosts();
		const unfiltered = ids(await products({ filterMode: 'none' }));
		const leftovers: INodeParameters[] = [
			{ filterMode: 'build' },
			{
				filterMode: 'build',
				filterAnyOf: { group: [{ conditions: {} }] },
				filterSubEntities: { subFilter: [{ entity: 'productSkuFilter', conditions: {} }] },
			},
		];
		for (const leftover of leftovers) {
			expect(ids(await products(leftover))).toEqual(unfiltered);
		}
		expect((await orders({ filterMode: 'build' })).length).toBeGreaterThan(0);
		expect(await filterPosts()).toBe(before);
	});

	test('a date property takes a date field; a picked date is a wall time in the service zone', async () => {
		const [stored] = await run({
			resource: 'filter',
			operation: 'create',
			filterType: 'productionOrderFilter',
			filterConditions: {
				condition: [
					{ property: 'created', operator: 'gte', value: '2024-05-01T13:30:00' },
					{
						conditionType: 'between',
						property: 'created',
						minValue: '2024-05-01T00:00:00',
						maxValue: '2024-05-02T00:00:00',
					},
				],
			},
		});
		expect(stored.json.filter).toEqual({
			expressionSimple: { property: 'created', op: '>=', value: '2024/05/01 13:30:00' },
			betweenExpression: {
				property: 'created',
				minValue: '2024/05/01 00:00:00',
				maxValue: '2024/05/02 00:00:00',
			},
		});
	});

	describe('the builder fields in the node description', () => {
		const properties = new PodPlatform().description.properties;
		const shownFor = (resource: string, operation: string, name: string, extra: Json = {}) =>
			properties.filter((p) => {
				const show = p.displayOptions?.show ?? {};
				return (
					p.name === name &&
					(show.resource as string[] | undefined)?.includes(resource) &&
					(show.operation as string[] | undefined)?.includes(operation) &&
					Object.entries(extra).every(([key, value]) =>
						(show[key] as unknown[] | undefined)?.includes(value),
					)
				);
			});
		const conditionFields = (collection: INodeProperties) =>
			(collection.options as Array<{ values: INodeProperties[] }>)[0].values;
		const everyOption = (list: INodeProperties[]): Array<{ value: unknown }> =>
			list.flatMap((p) => [
				...((p.options ?? []) as Array<{ value?: unknown; values?: INodeProperties[] }>).flatMap(
					(option) => (option.values ? everyOption(option.values) : [option as { value: unknown }]),
				),
			]);

		test('no option value starts with "="', () => {
			const offending = everyOption(properties).filter(
				(option) => typeof option.value === 'string' && option.value.startsWith('='),
			);
			expect(offending).toEqual([]);
		});

		test('Property lists the filter type’s fields; a date property gets a date field', () => {
			const [conditions] = shownFor('order', 'getAll', 'filterConditions');
			const fields = conditionFields(conditions);
			const property = fields.find((f) => f.name === 'property')!;
			expect(property.type).toBe('options');
			expect((property.options as Array<{ value: string }>).map((o) => o.value)).toEqual(
				expect.arrayContaining(['id', 'uniqueId', 'created', 'financialStatus']),
			);
			const values = fields.filter((f) => f.name === 'value');
			expect(values.map((f) => [f.type, f.displayOptions?.show?.property])).toEqual([
				['string', undefined],
				['dateTime', ['created']],
			]);
		});

		test('Related Record Filters offers only what the filter type joins, with labels', () => {
			expect(shownFor('order', 'getAll', 'filterSubEntities')).toEqual([]);
			const entities = (resource: string) => {
				const [related] = shownFor(resource, 'getAll', 'filterSubEntities');
				const entity = conditionFields(related).find((f) => f.name === 'entity')!;
				return (entity.options as Array<{ name: string; value: string }>).map((o) => o.value);
			};
			expect(entities('motive').sort()).toEqual(
				[
					'motiveAssignedToCategoryFilter',
					'motiveLocalizedFilter',
					'motivePrintTechnologyFilter',
					'tagFilter',
				].sort(),
			);
			expect(entities('product')).toContain('productSkuFilter');
			expect(entities('product')).not.toContain('tagFilter');
			expect(entities('shop')).toEqual(['shopPropertyFilter']);
		});

		test('Order → Get Many offers Simple first-class filters by default, the rest as advanced', () => {
			const [mode] = shownFor('order', 'getAll', 'filterMode');
			expect(mode.default).toBe('simple');
			expect((mode.options as Array<{ name: string }>).map((o) => o.name)).toEqual([
				'Advanced: Build',
				'Advanced: JSON',
				'Advanced: Stored Filter ID',
				'None',
				'Simple',
			]);
			const [filters] = shownFor('order', 'getAll', 'orderFilters', { filterMode: 'simple' });
			expect((filters.options as INodeProperties[]).map((f) => [f.displayName, f.type])).toEqual([
				['Created After', 'dateTime'],
				['Created Before', 'dateTime'],
				['Financial Status', 'multiOptions'],
				['Fulfillment Status', 'multiOptions'],
				['Unique ID', 'string'],
			]);
			const [productMode] = shownFor('product', 'getAll', 'filterMode');
			expect(productMode.default).toBe('none');
		});
	});
});
