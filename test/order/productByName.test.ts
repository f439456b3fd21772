/* eslint-disable @typescript-eslint/no-explicit-any -- tests run on Node, never shipped */
/**
 * Submit's Product By Name (the product's whole name as the shop lists it, any case) and By Name
 * or SKU, looked up once per run for every name of the run; an unknown or shared name is a
 * problem of the order and nothing is sent. As an AI tool, every problem of an order names the
 * model's argument that gave the value, in the list and in the headline.
 */
import type { IDataObject } from 'n8n-workflow';

import { PodPlatform } from '../../nodes/PodPlatform/PodPlatform.node';
import { ACTION_NODE, runNode } from '../support/n8n';
import { formParameters, orderSandbox } from './fixtures';

const TOOL_NODE = `${ACTION_NODE}Tool`;

/** The node as n8n loads its tool variant: the same node under the tool's description name. */
function toolVariant(): PodPlatform {
	const node = new PodPlatform();
	node.description = { ...node.description, name: `${node.description.name}Tool` };
	return node;
}

/** An order of one design without prints (blank products chosen), its product given in `mode`. */
function orderOf(uniqueId: string, mode: string, product: string, design: IDataObject = {}) {
	return {
		...formParameters(uniqueId),
		linePrinting: 'blank',
		financialStatus: 'PENDING',
		designs: {
			design: [
				{
					productId: { __rl: true, mode, value: product },
					assignedColorId: 'Black',
					assignedSizeId: 'M',
					amount: 1,
					...design,
				},
			],
		},
		templates: {},
		passthroughItems: {},
	};
}

describe('Submit: the product by its name', () => {
	const harness = orderSandbox();
	test('a name in any case orders that product; every name of the run is looked up with one stored filter', async () => {
		const result = await harness.run(
			{
				...orderOf('NAME-1', 'name', '={{ $json.product }}'),
				designs: {
					design: [
						{
							productId: { __rl: true, mode: 'name', value: '={{ $json.product }}' },
							assignedColorId: '={{ $json.color }}',
							assignedSizeId: '={{ $json.size }}',
							amount: 1,
						},
					],
				},
				uniqueId: '={{ $json.uniqueId }}',
			},
			[
				{ json: { uniqueId: 'NAME-1', product: 'classic t-shirt', color: 'Black', size: 'M' } },
				{ json: { uniqueId: 'NAME-2', product: 'HOODIE', color: 'Navy', size: 'L' } },
			],
		);
		expect(result.error).toBeUndefined();
		expect(
			result.items.map((item) => (item.json as any).items.map((line: any) => line.productId)),
		).toEqual([[1001], [1002]]);
		expect((result.items[0].json as any).items[0]).toMatchObject({
			productName: 'Classic T-Shirt',
			colorName: 'Black',
			sizeName: 'M',
		});
		expect(await harness.submits()).toHaveLength(2);
		// The names' look-up: one stored filter, one list read (no SKU is looked up here).
		const listed = (await harness.control.requests()).filter(
			(r) => r.method === 'GET' && r.path.endsWith('/products') && r.query.filterId,
		);
		expect(listed).toHaveLength(1);
	});

	test('a part of a name is no name: the design, the name and the fix are named, and nothing is sent', async () => {
		const result = await harness.run(orderOf('NAME-3', 'name', 'T-Shirt'));
		expect(result.error?.message).toBe(
			'Item 1: Design 1: no product is named "T-Shirt"; nearest in the shop: TEE-CLASSIC (Classic T-Shirt)',
		);
		expect(result.error?.description).toMatch(/whole name.*Product → Find.*By SKU/s);
		expect(await harness.submits()).toEqual([]);
	});

	test('a name two products share is refused with their IDs and SKUs, asking for the SKU; nothing is sent', async () => {
		await harness.control.call('PUT', '/products/1002/name', { name: 'Classic T-Shirt' });
		const result = await harness.run(orderOf('NAME-4', 'name', 'Classic T-shirt'));
		expect(result.error?.message).toBe(
			'Item 1: Design 1: several products are named "Classic T-shirt": Classic T-Shirt (ID 1001, SKU TEE-CLASSIC), Classic T-Shirt (ID 1002, SKU HOODIE-PREMIUM)',
		);
		expect(result.error?.description).toMatch(/By SKU/);
		expect(await harness.submits()).toEqual([]);
	});

	test('a problem of the name is listed with every other problem of the order', async () => {
		const result = await harness.run(orderOf('NAME-5', 'name', 'No Such Shirt', { amount: 0 }));
		expect(result.error?.message).toBe(
			'Item 1: The order has 2 problems: Design 1: no product is named "No Such Shirt"; nothing in the shop is near it; the shop has TEE-CLASSIC (Classic T-Shirt), HOODIE-PREMIUM (Hoodie), TOTE-COTTON (Tote Bag), IPOD2008 (IPod Nano - 8gb), SHIP-YOUR-IDEA (Ship Your Idea); and 1 more problem, listed below',
		);
		expect(result.error?.description).toMatch(
			/^2\. Design 1: Amount must be a positive whole number/m,
		);
		expect(await harness.submits()).toEqual([]);
	});

	test('By Name or SKU takes either; a value that names no product says so', async () => {
		const byName = await harness.run(orderOf('NAME-6', 'nameOrSku', 'Classic T-Shirt'));
		// The contract's SKU is the product's own; Color and Size pick the pair.
		const bySku = await harness.run(
			orderOf('NAME-7', 'nameOrSku', 'TEE-CLASSIC', {
				assignedColorId: 'White',
				assignedSizeId: 'L',
			}),
		);
		expect((byName.items[0].json as any).items[0]).toMatchObject({
			productId: 1001,
			colorName: 'Black',
			sizeName: 'M',
		});
		expect((bySku.items[0].json as any).items[0]).toMatchObject({
			productId: 1001,
			colorName: 'White',
			sizeName: 'L',
		});
		const neither = await harness.run(orderOf('NAME-8', 'nameOrSku', 'Shirt'));
		expect(neither.error?.message).toBe(
			'Item 1: Design 1: no product has the name or SKU Shirt; nearest in the shop: TEE-CLASSIC (Classic T-Shirt)',
		);
		expect(await harness.submits()).toHaveLength(2);
	});
});

describe('Product By Name or SKU on a service with color/size SKU texts (sandbox option variantSkuTexts)', () => {
	const harness = orderSandbox({ variantSkuTexts: true });

	test("a pair's SKU text alone gives its product, color and size", async () => {
		const bySku = await harness.run(
			orderOf('NAME-9', 'nameOrSku', 'TEE-CLASSIC-WHITE-L', {
				assignedColorId: '',
				assignedSizeId: '',
			}),
		);
		expect(bySku.error).toBeUndefined();
		expect((bySku.items[0].json as any).items[0]).toMatchObject({
			productId: 1001,
			colorName: 'White',
			sizeName: 'L',
		});
	});
});

describe('Submit as an AI tool: every problem names the argument', () => {
	const harness = orderSandbox();
	const asTool = async (parameters: Record<string, any>, args: IDataObject) =>
		await runNode({
			store: harness.store,
			parameters,
			items: [{ json: args }],
			nodeType: TOOL_NODE,
			extraNodeTypes: { [TOOL_NODE]: toolVariant() },
		});
	const fromAi = (key: string) => `={{ $fromAI('${key}', 'the ${key}', 'string') }}`;
	/** The example's ordering tool, in short: the model gives the product, variant, amount and city. */
	const tool = {
		...orderOf('', 'nameOrSku', fromAi('product'), {
			assignedColorId: fromAi('color'),
			assignedSizeId: fromAi('size'),
			amount: "={{ $fromAI('amount', 'how many', 'number') }}",
		}),
		uniqueId: fromAi('uniqueId'),
		shippingAddress: {
			address: { ...formParameters().shippingAddress.address, city: fromAi('city') },
		},
	};
	const args = {
		uniqueId: 'TOOL-1',
		product: 'classic t-shirt',
		color: 'black',
		size: 'm',
		amount: 2,
		city: 'Berlin',
	};

	test("the model orders by the product's name, in any case: one order of that product", async () => {
		const placed = await asTool(tool, args);
		expect(placed.error).toBeUndefined();
		expect((placed.items[0].json as any).items[0]).toMatchObject({
			productName: 'Classic T-Shirt',
			colorName: 'Black',
			sizeName: 'M',
			amount: 2,
		});
		expect(await harness.submits()).toHaveLength(1);
	});

	test('three bad arguments give one error naming each argument, in the list and the headline; nothing is sent', async () => {
		const bad = { ...args, uniqueId: 'TOOL-2', color: 'Purple', amount: 0, size: 'XXXL' };
		const result = await asTool(tool, bad);
		expect(result.error?.message).toBe(
			'The order has 3 problems: Argument color: no color Purple; Classic T-Shirt offers White, Black; and 2 more problems, listed below',
		);
		const lines = String(result.error?.description).split('\n');
		expect(lines).toEqual([
			expect.stringMatching(
				/^1\. Argument color: no color Purple; Classic T-Shirt offers White, Black\. /,
			),
			expect.stringMatching(
				/^2\. Argument size: no size XXXL; Classic T-Shirt offers S, M, L, XL, XXL, 3XL\. /,
			),
			expect.stringMatching(
				/^3\. Argument amount: Amount must be a positive whole number, got 0\. /,
			),
		]);
		expect(await harness.submits()).toEqual([]);

		// The node itself, with the same values fixed, names the form's places.
		const asNode = await runNode({
			store: harness.store,
			parameters: { ...tool, uniqueId: 'TOOL-2' },
			items: [{ json: bad }],
		});
		expect(asNode.error?.message).toBe(
			'Item 1: The order has 3 problems: Design 1: no color Purple; Classic T-Shirt offers White, Black; and 2 more problems, listed below',
		);
		expect(String(asNode.error?.description)).toMatch(/^2\. Design 1: .*XXXL/m);
	});

	test('an unknown and a shared product name are refused naming the argument; nothing is sent', async () => {
		const unknown = await asTool(tool, { ...args, uniqueId: 'TOOL-3', product: 'Shirt' });
		expect(unknown.error?.message).toBe(
			'Argument product: no product has the name or SKU Shirt; nearest in the shop: TEE-CLASSIC (Classic T-Shirt)',
		);
		await harness.control.call('PUT', '/products/1002/name', { name: 'Classic T-Shirt' });
		const shared = await asTool(tool, { ...args, uniqueId: 'TOOL-4' });
		expect(shared.error?.message).toBe(
			'Argument product: "classic t-shirt" names several products: Classic T-Shirt (ID 1001, SKU TEE-CLASSIC), Classic T-Shirt (ID 1002, SKU HOODIE-PREMIUM)',
		);
		expect(shared.error?.description).toMatch(/Give the SKU of the one you mean/);
		expect(await harness.submits()).toEqual([]);
	});

	test('a value the workflow fixes keeps its place in the form', async () => {
		const fixedColor = {
			...tool,
			designs: { design: [{ ...tool.designs.design[0], assignedColorId: 'Purple' }] },
		};
		const result = await asTool(fixedColor, { ...args, uniqueId: 'TOOL-5' });
		expect(result.error?.message).toBe(
			'Design 1: no color Purple; Classic T-Shirt offers White, Black',
		);
	});
});
