/* eslint-disable @typescript-eslint/no-explicit-any -- tests run on Node, never shipped */
/**
 * A print's placement as the contract's Position allows it, in every way an order reaches the
 * service: Submit's guided form and Order JSON, Add Product, and the CSV files (Build CSV,
 * Validate CSV, Upload). Each pair of a Position is optional, so every subset of values goes
 * through and the sandbox stores it as sent; refused are only a value that is neither a number
 * nor a percentage, and all three values of one direction at once, each named.
 */
import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import type { INodeExecutionData } from 'n8n-workflow';

import { addProductOperation } from '../../nodes/PodPlatform/actions/order/addProduct.operation';
import { startSandbox, type Sandbox } from '../../sandbox';
import { CredentialStore, runNode } from '../support/n8n';
import { byId, SandboxControl, sandboxCredentials, shopParameter } from '../support/sandbox';
import { formParameters, jsonOrder, jsonParameters, SHIPPING_ADDRESS } from './fixtures';

/** A placement as the forms hold it: margins as text, centering switches as booleans. */
type Placement = Record<string, string | boolean>;

/** Per direction: nothing, either side, centering, both sides, and a side with centering. */
const HORIZONTAL: Placement[] = [
	{},
	{ left: '10' },
	{ right: '5%' },
	{ horizontalCenter: true },
	{ left: '5%', right: '5%' },
	{ left: '10', horizontalCenter: true },
	{ right: '12.5', horizontalCenter: true },
];
const VERTICAL: Placement[] = [
	{},
	{ top: '20' },
	{ bottom: '10%' },
	{ verticalCenter: true },
	{ top: '5%', bottom: '5%' },
	{ top: '20', verticalCenter: true },
	{ bottom: '7.5', verticalCenter: true },
];

/** Every placement the contract allows, but the empty one (no position at all, tested apart). */
const ALLOWED: Placement[] = HORIZONTAL.flatMap((h) =>
	VERTICAL.map((v) => ({ ...h, ...v })),
).filter((placement) => Object.keys(placement).length > 0);

/** The same placement in an Order JSON body: numbers as numbers, centering as 0. */
function wireOf(placement: Placement): Record<string, number | string> {
	return Object.fromEntries(
		Object.entries(placement).map(([key, value]) => [
			key,
			value === true ? 0 : /^[\d.]+$/.test(String(value)) ? Number(value) : String(value),
		]),
	);
}

/** The placement as the node reads the stored order back: numbers, `N%` text, centering true. */
function storedOf(placement: Placement): Record<string, unknown> {
	return Object.fromEntries(
		Object.entries(wireOf(placement)).map(([key, value]) => [key, value === 0 ? true : value]),
	);
}

const REFUSED: Array<{ placement: Placement; form: string; json: string; field: string }> = [
	{
		placement: { left: '10', right: '10', horizontalCenter: true, top: '5' },
		form: 'Position sets Left, Right and Center Horizontally together: keep at most two of them',
		json: 'Position sets Left, Right and Center Horizontally together: keep at most two of them',
		field: 'horizontalCenter',
	},
	{
		placement: { top: '5%', bottom: '5%', verticalCenter: true },
		form: 'Position sets Top, Bottom and Center Vertically together: keep at most two of them',
		json: 'Position sets Top, Bottom and Center Vertically together: keep at most two of them',
		field: 'verticalCenter',
	},
	{
		placement: { left: 'ten', top: '5' },
		form: 'Position left must be a number of millimeters or a percentage such as "40%", got "ten"',
		json: 'Position left must be a number of millimeters or a percentage such as "40%", got "ten"',
		field: 'left',
	},
];

describe('placements the contract allows reach the service; only what it cannot mean is refused', () => {
	let sandbox: Sandbox;
	let store: CredentialStore;
	let control: SandboxControl;
	const run = (parameters: Record<string, any>, items?: INodeExecutionData[]) =>
		runNode({ store, parameters, items });
	const posts = async (pattern: RegExp) =>
		(await control.requests()).filter((r) => r.method === 'POST' && pattern.test(r.path)).length;
	/** The positions of the first ordered product's first composition, as the service stores them. */
	const storedPositions = async (orderId: unknown) => {
		const result = await run({
			resource: 'order',
			operation: 'get',
			shop: shopParameter(),
			orderId: String(orderId),
			simplify: false,
		});
		expect(result.error).toBeUndefined();
		const [item] = (result.items[0].json as any).orderedProducts;
		return item.compositions[0].elements.map(
			(element: any) => element.creatorse_designElementMotive.position ?? {},
		);
	};

	beforeAll(async () => {
		// Ordered products with what was ordered (option orderedProductDetails): these tests assert
		// item details the contract does not give (the plain default's items: test/order/shape.test.ts).
		sandbox = await startSandbox({
			port: 0,
			deferredProcessingMs: 20,
			orderedProductDetails: true,
		});
		control = new SandboxControl(sandbox);
	});
	afterAll(() => sandbox.close());
	beforeEach(async () => {
		await control.call('POST', '/reset');
		store = sandboxCredentials(sandbox, { accountId: '387' });
	});

	describe('Submit, guided form', () => {
		const withPrints = (uniqueId: string, placements: Placement[]) => {
			const parameters = formParameters(uniqueId);
			parameters.designs.design[0].prints.print = placements.map((placement) => ({
				printAreaId: '4001',
				elementType: 'libraryMotive',
				motiveId: byId(5001),
				...placement,
			}));
			return parameters;
		};

		test(`each of the ${ALLOWED.length} allowed placements, and none at all, is sent and stored as given`, async () => {
			const result = await run(withPrints('PLACED-FORM', [...ALLOWED, {}]));
			expect(result.error).toBeUndefined();
			expect(await storedPositions(result.items[0].json.id)).toEqual([
				...ALLOWED.map(storedOf),
				{},
			]);
		});

		test.each(REFUSED.map((c) => [c.form, c]))('refused: %s', async (_, refused) => {
			const result = await run(withPrints('REFUSED-FORM', [{}, refused.placement]));
			expect(result.error?.message).toBe(`Item 1: Design 1 › Print 2: ${refused.form}`);
			expect(await posts(/orders\/usingCreatorSE$/)).toBe(0);
		});
	});

	describe('Submit, Order JSON', () => {
		const withElements = (uniqueId: string, placements: Placement[]) => {
			const body = jsonOrder(uniqueId);
			const [composition] = body.creatorse_productionOrderDeferred.designs.creatorse_design[0]
				.compositions.creatorse_composition as any[];
			composition.elements = placements.map((placement) => ({
				creatorse_designElementMotive: {
					motive: { id: 5001 },
					...(Object.keys(placement).length ? { position: wireOf(placement) } : {}),
				},
			}));
			return jsonParameters(body);
		};

		test(`each of the ${ALLOWED.length} allowed placements, and none at all, is sent and stored as given`, async () => {
			const result = await run(withElements('PLACED-JSON', [...ALLOWED, {}]));
			expect(result.error).toBeUndefined();
			expect(await storedPositions(result.items[0].json.id)).toEqual([
				...ALLOWED.map(storedOf),
				{},
			]);
		});

		test.each(REFUSED.map((c) => [c.json, c]))('refused: %s', async (_, refused) => {
			const result = await run(withElements('REFUSED-JSON', [{}, refused.placement]));
			expect(result.error?.message).toBe(
				`Item 1: Design 1 › Composition 1 › Element 2: ${refused.json}`,
			);
			expect(result.error?.description).toContain(
				`(Field: designs.creatorse_design[0].compositions.creatorse_composition[0].elements[1].creatorse_designElementMotive.position.${refused.field})`,
			);
			expect(await posts(/orders\/usingCreatorSE$/)).toBe(0);
		});
	});

	describe('Add Product', () => {
		const draft = async () => {
			const created = await run({
				resource: 'order',
				operation: 'create',
				shop: shopParameter(),
				country: '1',
				shippingAddress: { address: { ...SHIPPING_ADDRESS } },
				carrierId: '21',
			});
			expect(created.error).toBeUndefined();
			return String(created.items[0].json.id);
		};
		const addProduct = (orderId: string, placements: Placement[]) =>
			run({
				resource: 'order',
				operation: 'addProduct',
				shop: shopParameter(),
				orderId,
				productId: byId(1001),
				assignedColorId: '2001',
				assignedSizeId: '3002',
				amount: 1,
				prints: {
					print: placements.map((placement) => ({
						viewPosition: 'FRONT',
						motiveId: byId(5001),
						...placement,
					})),
				},
			});

		test('the centering switches are offered beside the margins, as in Submit', () => {
			const prints = addProductOperation.fields.find((field) => field.name === 'prints');
			const values = (prints?.options?.[0] as { values: Array<{ name: string }> }).values;
			expect(values.map((field) => field.name)).toEqual(
				expect.arrayContaining([
					'left',
					'right',
					'top',
					'bottom',
					'horizontalCenter',
					'verticalCenter',
				]),
			);
		});

		test(`each of the ${ALLOWED.length} allowed placements, and none at all, is sent and stored as given`, async () => {
			const orderId = await draft();
			const added = await addProduct(orderId, [...ALLOWED, {}]);
			expect(added.error).toBeUndefined();
			expect(await storedPositions(orderId)).toEqual([...ALLOWED.map(storedOf), {}]);
		});

		test.each(REFUSED.map((c) => [c.form, c]))('refused: %s', async (_, refused) => {
			const orderId = await draft();
			const added = await addProduct(orderId, [{}, refused.placement]);
			expect(added.error?.message).toBe(`Item 1: Print 2: ${refused.form}`);
			expect(await posts(/orderedProducts\/usingCreatorSE$/)).toBe(0);
		});

		test('every problem of the product and its prints is reported at once, as Submit reports them', async () => {
			const orderId = await draft();
			const added = await run({
				resource: 'order',
				operation: 'addProduct',
				shop: shopParameter(),
				orderId,
				productId: byId(1001),
				assignedColorId: '2001',
				assignedSizeId: '3002',
				amount: 0,
				prints: {
					print: [
						{ viewPosition: 'FRONT', motiveId: byId(5001) },
						{ viewPosition: 'FRONT', motiveId: byId(5001), ...REFUSED[2].placement },
					],
				},
			});
			expect(added.error?.message).toBe(
				'Item 1: The product has 2 problems: Amount must be a positive whole number, got 0; and 1 more problem, listed below',
			);
			expect(added.error?.description).toBe(
				[
					'1. Amount must be a positive whole number, got 0. Enter how many pieces to produce, as a whole number of at least 1.',
					`2. Print 2: ${REFUSED[2].form}. Enter millimeters as a plain number (12.5) or a share of the print area as N% (40%).`,
				].join('\n'),
			);
			expect(await posts(/orderedProducts\/usingCreatorSE$/)).toBe(0);
		});
	});

	describe('CSV files', () => {
		const structuredOrder = (uniqueId: string, placements: Placement[]) => ({
			json: {
				uniqueId,
				countryId: 1,
				shipping: { carrierId: 21, title: 'Standard' },
				customer: {
					firstName: 'Ada',
					lastName: 'Lovelace',
					shippingAddress: { ...SHIPPING_ADDRESS },
				},
				designs: [
					{
						productSku: 'TEE-CLASSIC',
						amount: 1,
						compositions: [
							{
								productAreaId: 4001,
								elements: placements.map((placement) => ({
									motiveId: 5001,
									position: wireOf(placement),
								})),
							},
						],
					},
				],
			},
		});
		const buildCsv = (items: INodeExecutionData[]) =>
			run(
				{ resource: 'csvImport', operation: 'buildCsv', inputMode: 'order', format: 'european' },
				items,
			);
		const fileOf = async (item: INodeExecutionData) =>
			await Container.get(BinaryDataService).getAsBuffer(item.binary!.data);

		test(`Build CSV, Validate CSV and Upload carry each of the ${ALLOWED.length} allowed placements`, async () => {
			const built = await buildCsv([structuredOrder('PLACED-CSV', [...ALLOWED, {}])]);
			expect(built.error).toBeUndefined();
			const file = await fileOf(built.items[0]);
			const fileItem: INodeExecutionData = {
				json: {},
				binary: {
					data: { data: file.toString('base64'), mimeType: 'text/csv', fileName: 'placed.csv' },
				},
			};
			const validated = await run(
				{ resource: 'csvImport', operation: 'validateCsv', format: 'european' },
				[fileItem],
			);
			expect(validated.items[0].json).toMatchObject({ valid: true, problemCount: 0 });

			const uploaded = await run(
				{ resource: 'csvImport', operation: 'upload', shop: shopParameter(), format: 'european' },
				[fileItem],
			);
			expect(uploaded.error).toBeUndefined();
			const lines = uploaded.items[0].json.lines as Array<Record<string, unknown>>;
			expect(lines.every((line) => line.ok === true)).toBe(true);
			expect(await storedPositions(lines[0].orderId)).toEqual([...ALLOWED.map(storedOf), {}]);
		});

		test('three values of one direction are refused by Build CSV and Validate CSV, naming the column', async () => {
			const built = await buildCsv([
				structuredOrder('REFUSED-CSV', [{ left: '10' }, REFUSED[0].placement]),
			]);
			expect(built.error?.message).toBe('Item 1: the CSV file has 1 problem; no file was built');
			expect(built.error?.description).toContain(
				'item 1, column 53: Center Horizontally: sets Position Left, Position Right and Center Horizontally together: keep at most two of them',
			);

			const unchecked = await run(
				{
					resource: 'csvImport',
					operation: 'buildCsv',
					inputMode: 'order',
					format: 'european',
					options: { validate: false },
				},
				[structuredOrder('REFUSED-CSV', [{ left: '10' }, REFUSED[1].placement])],
			);
			const file = await fileOf(unchecked.items[0]);
			const validated = await run(
				{ resource: 'csvImport', operation: 'validateCsv', format: 'european' },
				[
					{
						json: {},
						binary: {
							data: { data: file.toString('base64'), mimeType: 'text/csv', fileName: 'x.csv' },
						},
					},
				],
			);
			expect(validated.items[0].json).toMatchObject({ valid: false, problemCount: 1 });
			expect(validated.items[0].json.problems).toEqual([
				expect.objectContaining({
					line: 3,
					column: 'position vertical center',
					message: expect.stringMatching(
						/^Center Vertically: sets Position Top, Position Bottom and Center Vertically together: keep at most two of them/,
					),
				}),
			]);
		});
	});
});
