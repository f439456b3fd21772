/* eslint-disable @typescript-eslint/no-explicit-any -- tests run on Node, never shipped */
/**
 * The order forms as a merchant fills them, against the sandbox over HTTP: the editor's lists
 * (country, carrier, product → color → size, print area, motive) empty until their prerequisite
 * is chosen; Submit's checks reporting every problem of an item at once in the form's words
 * (placements: placement.test.ts); and what Submit returns, at what cost.
 */
import type { INodeParameters, INodeProperties } from 'n8n-workflow';

import { PodPlatform } from '../../nodes/PodPlatform/PodPlatform.node';
import { DESIGNS_FOLLOWED } from '../../nodes/PodPlatform/actions/order/submit/printFields';
import { PLACEMENT_RULE } from '../../nodes/PodPlatform/actions/common/position';
import { startSandbox, type Sandbox } from '../../sandbox';
import * as editor from '../support/editor';
import { CredentialStore, runNode } from '../support/n8n';
import { byId, SandboxControl, sandboxCredentials, shopParameter } from '../support/sandbox';
import { formParameters, jsonOrder, jsonParameters } from './fixtures';

/** What the editor holds while a field is edited: the credential, the parameters, the field's path. */
interface EditedField {
	store: CredentialStore;
	parameters: INodeParameters;
	path: string;
}

const loadOptions = async (method: string, { store, parameters, path }: EditedField) =>
	await editor.loadOptions(store, method, parameters, path);

const searchList = async (method: string, filter: string | undefined, field: EditedField) =>
	await editor.listSearch(field.store, method, field.parameters, filter);

const designPath = (d: number, field: string) => `parameters.designs.design[${d}].${field}`;
const printPath = (d: number, p: number) =>
	`parameters.designs.design[${d}].prints.print[${p}].printAreaId`;
const names = (options: Array<{ name: string }>) => options.map((o) => o.name);

describe('Order forms against the sandbox', () => {
	let sandbox: Sandbox;
	let store: CredentialStore;
	let control: SandboxControl;
	const run = (parameters: Record<string, any>, items?: any[], continueOnFail = false) =>
		runNode({ store, parameters, items, continueOnFail });
	const submitPosts = async () =>
		(await control.requests()).filter(
			(r) => r.method === 'POST' && /orders\/usingCreatorSE$/.test(r.path),
		).length;

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

	describe('editor lists', () => {
		const submitForm = (design: Record<string, any> = {}, shop: any = shopParameter()) => ({
			resource: 'order',
			operation: 'submit',
			shop,
			designs: { design: [{ productId: { __rl: true, mode: 'list', value: '' }, ...design }] },
		});

		test('countries by name and ISO code; carriers once a shop is chosen', async () => {
			const countries = await loadOptions('getOrderCountries', {
				store,
				parameters: submitForm({}, byId('')),
				path: 'parameters.country',
			});
			expect(countries).toContainEqual({ name: 'Germany (DE)', value: 'DE' });
			expect(names(countries)).toEqual([...names(countries)].sort((a, b) => a.localeCompare(b)));

			const noShop = { store, parameters: submitForm({}, byId('')), path: 'parameters.carrierId' };
			expect(await loadOptions('getOrderCarriers', noShop)).toEqual([]);
			expect(
				await loadOptions('getOrderCarriers', { ...noShop, parameters: submitForm() }),
			).toEqual([
				{ name: 'DHL (21)', value: '21' },
				{ name: 'UPS (22)', value: '22' },
				{ name: 'DPD (23)', value: '23' },
			]);
		});

		test('product → color → size: empty until chosen, sizes only where the color has a SKU', async () => {
			const colorsOf = (design: Record<string, any>) =>
				loadOptions('getAssignedColors', {
					store,
					parameters: submitForm(design),
					path: designPath(0, 'assignedColorId'),
				});
			const sizesOf = (design: Record<string, any>) =>
				loadOptions('getAssignedSizes', {
					store,
					parameters: submitForm(design),
					path: designPath(0, 'assignedSizeId'),
				});
			const before = (await control.requests()).length;
			expect(await colorsOf({})).toEqual([]);
			expect(await sizesOf({})).toEqual([]);
			// Nothing is asked of the service while the prerequisite is missing.
			expect((await control.requests()).length).toBe(before);

			const tShirt = { productId: { __rl: true, mode: 'list', value: '1001' } };
			expect(await colorsOf(tShirt)).toEqual([
				{ name: 'White (2001)', value: '2001' },
				{ name: 'Black (2002)', value: '2002' },
			]);
			// A product given as a plain ID (a workflow saved earlier, or an expression's result).
			expect(await colorsOf({ productId: '1001' })).toHaveLength(2);
			expect(await sizesOf(tShirt)).toEqual([]);
			expect(names(await sizesOf({ ...tShirt, assignedColorId: '2001' }))).toContain('3XL (3006)');
			// Black has no 3XL SKU, so 3XL is not offered with Black.
			expect(names(await sizesOf({ ...tShirt, assignedColorId: '2002' }))).toEqual([
				'S (3001)',
				'M (3002)',
				'L (3003)',
				'XL (3004)',
				'XXL (3005)',
			]);
		});

		test("print areas are those of the print's own design product", async () => {
			const parameters = {
				...submitForm(),
				designs: {
					design: [
						{ productId: byId(''), prints: { print: [{}] } },
						{ productId: byId(1001), prints: { print: [{}, {}] } },
					],
				},
			};
			expect(
				await loadOptions('getOrderPrintAreas', { store, parameters, path: printPath(0, 0) }),
			).toEqual([]);
			expect(
				await loadOptions('getOrderPrintAreas', { store, parameters, path: printPath(1, 1) }),
			).toEqual([
				{ name: 'FRONT print area (4001)', value: '4001' },
				{ name: 'BACK print area (4002)', value: '4002' },
			]);
		});

		test('motives are searched by name; nothing is listed before a shop is chosen', async () => {
			const path = 'parameters.designs.design[0].prints.print[0].motiveId';
			const found = await searchList('searchMotives', 'cat', {
				store,
				parameters: submitForm(),
				path,
			});
			expect(found.results).toEqual([{ name: 'Cat Sketch (5002)', value: '5002' }]);
			const none = await searchList('searchMotives', undefined, {
				store,
				parameters: submitForm({}, byId('')),
				path,
			});
			expect(none.results).toEqual([]);
		});

		test("Add Product's color and size follow its Product field the same way", async () => {
			const parameters = { resource: 'order', operation: 'addProduct', shop: shopParameter() };
			const colors = (extra: Record<string, any>) =>
				loadOptions('getAssignedColors', {
					store,
					parameters: { ...parameters, ...extra },
					path: 'parameters.assignedColorId',
				});
			expect(await colors({ productId: byId('') })).toEqual([]);
			expect(await colors({ productId: byId(1001) })).toHaveLength(2);
			const sizes = await loadOptions('getAssignedSizes', {
				store,
				parameters: { ...parameters, productId: byId(1001), assignedColorId: '2002' },
				path: 'parameters.assignedSizeId',
			});
			expect(names(sizes)).not.toContain('3XL (3006)');
			const views = (extra: Record<string, any>) =>
				loadOptions('getDraftViews', {
					store,
					parameters: { ...parameters, ...extra, prints: { print: [{}] } },
					path: 'parameters.prints.print[0].viewPosition',
				});
			expect(await views({ productId: byId('') })).toEqual([]);
			expect(await views({ productId: byId(1001) })).toEqual([
				{ name: 'FRONT', value: 'FRONT' },
				{ name: 'BACK', value: 'BACK' },
			]);
		});

		test('a Color, Size, Print Area or View left from an earlier product is marked as an entry that cannot be chosen', async () => {
			// The T-shirt's black M and front area, after the design's product became the hoodie.
			const hoodie = {
				productId: byId(1002),
				assignedColorId: '2002',
				assignedSizeId: '3002',
				prints: { print: [{ printAreaId: '4001' }] },
			};
			const mark = (value: string, offeredFor: string) => ({
				name: `Choose again: ${value} is not offered for ${offeredFor}`,
				value,
				description:
					'Chosen before the product or color changed, or before it became unavailable; choose one of the entries below',
				disabled: true,
			});
			const list = async (method: string, design: Record<string, any>, path: string) =>
				await loadOptions(method, { store, parameters: submitForm(design), path });
			const hoodieColors = [
				{ name: 'Navy (2011)', value: '2011' },
				{ name: 'Grey (2012)', value: '2012' },
			];
			expect(await list('getAssignedColors', hoodie, designPath(0, 'assignedColorId'))).toEqual([
				mark('2002', 'Hoodie'),
				...hoodieColors,
			]);
			// No size is listed for a color the hoodie lacks; once Navy is chosen, its sizes are.
			expect(await list('getAssignedSizes', hoodie, designPath(0, 'assignedSizeId'))).toEqual([
				mark('3002', 'Hoodie'),
			]);
			const navy = await list(
				'getAssignedSizes',
				{ ...hoodie, assignedColorId: '2011' },
				designPath(0, 'assignedSizeId'),
			);
			expect(navy[0]).toEqual(mark('3002', 'Hoodie in Navy'));
			expect(names(navy.slice(1))).toEqual(['S (3011)', 'M (3012)', 'L (3013)', 'XL (3014)']);
			expect(await list('getOrderPrintAreas', hoodie, printPath(0, 0))).toEqual([
				mark('4001', 'Hoodie'),
				{ name: 'FRONT print area (4011)', value: '4011' },
				{ name: 'BACK print area (4012)', value: '4012' },
			]);
			// A value the list offers, an empty field, a name and an expression are not marked: names
			// and expressions are resolved and checked on a run.
			for (const assignedColorId of ['2011', '', 'navy', '={{ $json.color }}']) {
				const design = { ...hoodie, assignedColorId };
				expect(await list('getAssignedColors', design, designPath(0, 'assignedColorId'))).toEqual(
					hoodieColors,
				);
			}
			// Nothing is marked while no product is chosen.
			const noProduct = { ...hoodie, productId: byId('') };
			expect(await list('getAssignedColors', noProduct, designPath(0, 'assignedColorId'))).toEqual(
				[],
			);

			// Add Product: the tote bag has one color, one size and a front only.
			const draft = {
				resource: 'order',
				operation: 'addProduct',
				shop: shopParameter(),
				productId: byId(1003),
				assignedColorId: '2002',
				assignedSizeId: '3002',
				prints: { print: [{ viewPosition: 'BACK' }] },
			};
			const draftList = async (method: string, path: string) =>
				await loadOptions(method, { store, parameters: draft, path });
			expect(await draftList('getAssignedColors', 'parameters.assignedColorId')).toEqual([
				mark('2002', 'Tote Bag'),
				{ name: 'Natural (2021)', value: '2021' },
			]);
			expect(await draftList('getAssignedSizes', 'parameters.assignedSizeId')).toEqual([
				mark('3002', 'Tote Bag'),
			]);
			expect(await draftList('getDraftViews', 'parameters.prints.print[0].viewPosition')).toEqual([
				mark('BACK', 'Tote Bag'),
				{ name: 'FRONT', value: 'FRONT' },
			]);
		});
	});

	describe('every problem at once, in the form words', () => {
		test('the guided form names each place by its design and print, and sends nothing', async () => {
			const parameters = formParameters('MANY-1');
			const [design] = parameters.designs.design;
			// n8n itself flags an empty required field; a mapped value can still come out empty.
			design.assignedSizeId = '={{ $json.size }}';
			const [first, second, third] = design.prints.print;
			first.printAreaId = '';
			first.motiveId = { __rl: true, mode: 'list', value: '' };
			second.productionFilename = 'print';
			third.left = '10 mm';
			parameters.carrierId = '';
			parameters.country = '={{ $json.country }}';
			const result = await run(parameters);
			expect(result.error?.message).toBe(
				'Item 1: The order has 6 problems: choose a Country; and 5 more problems, listed below',
			);
			expect(result.error?.description?.split('\n')).toEqual([
				expect.stringMatching(/^1\. choose a Country\. Pick the order country from the list/),
				expect.stringMatching(/^2\. Design 1: choose a Size\. Pick one of the sizes/),
				expect.stringMatching(/^3\. Design 1 › Print 1: choose a Print Area\. Pick one of/),
				expect.stringMatching(/^4\. Design 1 › Print 1: choose a Motive\. /),
				expect.stringMatching(
					/^5\. Design 1 › Print 2: Production File Name must carry a file extension, got "print"\. /,
				),
				expect.stringMatching(
					/^6\. Design 1 › Print 3: Position left must be a number of millimeters or a percentage such as "40%", got "10 mm"\. /,
				),
			]);
			// The form's words, never the wire's.
			expect(result.error?.description).not.toMatch(/creatorse|productArea|\(Field:/);
			expect(await submitPosts()).toBe(0);
		});

		test('a JSON body is named by its own structure, with the wire path of each problem', async () => {
			const body = jsonOrder('MANY-JSON');
			const order = body.creatorse_productionOrderDeferred;
			order.designs.creatorse_design[0].amount = 0;
			order.designs.creatorse_design[0].compositions.creatorse_composition[1].productArea = {};
			order.customer.shippingAddress.countryCode = 'Germany';
			const result = await run(jsonParameters(body));
			expect(result.error?.message).toBe(
				'Item 1: The order has 3 problems: Shipping Address: Country Code must be a two-letter ISO code, got "Germany"; and 2 more problems, listed below',
			);
			const lines = result.error?.description?.split('\n') ?? [];
			expect(lines).toHaveLength(3);
			expect(lines[1]).toMatch(
				/^2\. Design 1: Amount must be a positive whole number, got 0 \(designs\.creatorse_design\[0\]\.amount\)\. /,
			);
			expect(lines[2]).toMatch(
				/^3\. Design 1 › Composition 2: choose a Print Area \(designs\.creatorse_design\[0\]\.compositions\.creatorse_composition\[1\]\.productArea\)\. /,
			);
			expect(await submitPosts()).toBe(0);
		});

		test("a refusal of the service is named by the form's place it points at", async () => {
			const parameters = formParameters('REFUSED-AREA');
			// With Check SKUs off an ID the product does not have goes to the service as given.
			parameters.options = { checkSkus: false };
			parameters.designs.design[0].prints.print[2].printAreaId = '9999';
			const result = await run(parameters);
			expect(result.error?.httpCode).toBe('400');
			expect(result.error?.message).toBe(
				'Design 1 › Print 3 › Print Area: the service refused it: Unknown product area (designs.creatorse_design[0].compositions[1].productArea.id 9999 is not an area of product 1001)',
			);
		});
	});

	test('a Size and a Print Area left from an earlier product are refused before sending, with every other problem and the fix', async () => {
		// The merchant chose the T-shirt's size L and front area, then changed the product to the
		// hoodie: the editor keeps both values.
		const parameters = formParameters('STALE-1');
		const [design] = parameters.designs.design;
		design.productId = byId(1002);
		design.assignedColorId = '2011';
		design.assignedSizeId = '3003';
		design.prints.print[0].printAreaId = '4001';
		design.prints.print[2].printAreaId = '4012';
		design.prints.print[3].printAreaId = 'back';
		design.amount = 0;
		const result = await run(parameters);
		expect(result.error?.message).toBe(
			'Item 1: The order has 3 problems: Design 1: Size 3003 is not a size of Hoodie, which offers S (3011), M (3012), L (3013), XL (3014); and 2 more problems, listed below',
		);
		expect(result.error?.description?.split('\n')).toEqual([
			expect.stringMatching(
				/^1\. Design 1: Size 3003 is not a size of Hoodie, which offers S \(3011\), M \(3012\), L \(3013\), XL \(3014\)\. The Product changed after the Size was chosen: choose the Size again from the list\.$/,
			),
			expect.stringMatching(/^2\. Design 1: Amount must be a positive whole number, got 0\. /),
			expect.stringMatching(
				/^3\. Design 1 › Prints 1, 2: Print Area 4001 is not a print area of Hoodie, which offers FRONT print area \(4011\), BACK print area \(4012\)\. The design's Product changed after the Print Area was chosen: choose the Print Area again from the list\.$/,
			),
		]);
		expect(result.error?.description).not.toMatch(/creatorse|productArea|\/products\//);
		expect(await submitPosts()).toBe(0);

		// With Check SKUs off the run leaves IDs to the service, which refuses the first it meets.
		design.amount = 1;
		parameters.options = { checkSkus: false };
		const unchecked = await run(parameters);
		expect(unchecked.error?.httpCode).toBe('400');
		expect(await submitPosts()).toBe(1);
	});

	test('a batch: each product read once; each new order answered from the one look-up after the last, with no read of its own', async () => {
		const items = ['B-1', 'B-2', 'B-3'].map((uniqueId) => ({ json: { uniqueId } }));
		const parameters = { ...formParameters(), uniqueId: '={{ $json.uniqueId }}' };
		const first = await run(parameters, items);
		expect(first.error).toBeUndefined();
		const requests = async () => await control.requests();
		const orderReads = (all: Array<{ method: string; path: string }>) =>
			all.filter((r) => r.method === 'GET' && /\/orders\/(expanded\/)?\d+$/.test(r.path)).length;
		const productReads = (all: Array<{ method: string; path: string }>) =>
			all.filter((r) => r.method === 'GET' && /\/products\/expanded\/\d+$/.test(r.path)).length;
		// Three fresh orders, answered as the batch's look-up after its last order lists them (the
		// creation answers only its ID); one product for the whole run.
		expect(orderReads(await requests())).toBe(0);
		const lookUps = (await requests()).filter(
			(r) => r.method === 'GET' && /\/orders$/.test(r.path.split('?')[0]),
		);
		expect(lookUps).toHaveLength(2);
		expect(first.items.map((item) => item.json.financialStatus)).toEqual(['PAID', 'PAID', 'PAID']);
		expect(first.items.map((item) => item.json.uniqueId)).toEqual(['B-1', 'B-2', 'B-3']);
		expect(first.items[0].json).toMatchObject({
			id: expect.any(Number),
			alreadyExisted: false,
			created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
			items: expect.arrayContaining([expect.objectContaining({ sizeName: 'M', unitPrice: 12.9 })]),
		});
		expect(productReads(await requests())).toBe(1);

		await control.clearRequests();
		const again = await run(parameters, items);
		expect(again.items.map((item) => item.json.alreadyExisted)).toEqual([true, true, true]);
		expect(again.items[0].json).toMatchObject({
			uniqueId: 'B-1',
			financialStatus: 'PAID',
			customer: expect.objectContaining({ firstName: 'Ada' }),
		});
		expect(again.items.map((item) => item.json.matchesRequest)).toEqual([true, true, true]);
		// Each order found is answered as the batch's look-up lists it, with no read of its own
		// (its customer, address and country compared). The product is the one the first
		// execution read, kept for a minute (acrossExecutions.ts).
		expect(orderReads(await requests())).toBe(0);
		expect(productReads(await requests())).toBe(0);

		// Read Orders Back Whole: each order found is read once, its items compared too.
		await control.clearRequests();
		const whole = await run({ ...parameters, options: { readBack: true } }, items);
		expect(whole.items.map((item) => item.json.matchesRequest)).toEqual([true, true, true]);
		expect(whole.items[0].json).toMatchObject({
			items: expect.arrayContaining([expect.objectContaining({ sizeName: 'M' })]),
		});
		expect(orderReads(await requests())).toBe(3);
	});
});

describe('Submit form descriptions', () => {
	const properties = new PodPlatform().description.properties;
	const submitField = (name: string) =>
		properties.find(
			(p) => p.name === name && p.displayOptions?.show?.operation?.includes('submit'),
		) as INodeProperties;
	const printField = (name: string) => {
		const designs = submitField('designs').options as any[];
		const prints = designs[0].values.find((f: INodeProperties) => f.name === 'prints');
		return prints.options[0].values.find((f: INodeProperties) => f.name === name);
	};

	test('every ID the service lists is a dropdown or a resource locator', () => {
		for (const name of ['country', 'carrierId']) {
			expect(submitField(name).typeOptions?.loadOptionsMethod).toBeDefined();
		}
		const design = (submitField('designs').options as any[])[0].values as INodeProperties[];
		expect(design.find((f) => f.name === 'productId')?.type).toBe('resourceLocator');
		for (const name of ['assignedColorId', 'assignedSizeId']) {
			expect(design.find((f) => f.name === name)?.typeOptions?.loadOptionsMethod).toBeDefined();
		}
		expect(printField('printAreaId').typeOptions.loadOptionsMethod).toBe('getOrderPrintAreas');
		expect(printField('motiveId').type).toBe('resourceLocator');
	});

	test("a print's Print Area list is listed again when its design's product changes", () => {
		const area = printField('printAreaId');
		const dependsOn = area.typeOptions.loadOptionsDependsOn as string[];
		// n8n reaches only a field's siblings by a relative path: the designs' products by index.
		expect(dependsOn).toEqual(
			expect.arrayContaining([
				'shop.value',
				'designs.design[0].productId.value',
				`designs.design[${DESIGNS_FOLLOWED - 1}].productId.value`,
			]),
		);
		// Not flagged the moment a print is added: the run names a missing one with the others.
		expect(area.required).toBeFalsy();
	});

	test('Financial Status says that Paid starts production and is charged', () => {
		const field = submitField('financialStatus');
		expect(field.hint).toBe('Paid starts production and is charged');
		expect(field.description).toMatch(/Paid starts production .* and the order is charged/);
	});

	test('the placement fields say the rule once: every value optional, at most two of a direction', () => {
		expect(printField('left').hint).toBe(PLACEMENT_RULE);
		expect(PLACEMENT_RULE).toMatch(/^Every value is optional\./);
		expect(PLACEMENT_RULE).toMatch(/at most two of the three values of one direction/);
		// Each other field says only what its value means; none words the rule again.
		for (const name of ['left', 'right', 'top', 'bottom']) {
			expect(printField(name).description).toMatch(
				/^Distance from the (left|right|top|bottom) edge in millimeters, or N% of the print area (width|height)$/,
			);
		}
		for (const name of ['right', 'top', 'bottom', 'horizontalCenter', 'verticalCenter']) {
			expect(printField(name).hint).toBeUndefined();
			expect(printField(name).description).not.toMatch(/optional|together|at most/);
		}
	});
});
