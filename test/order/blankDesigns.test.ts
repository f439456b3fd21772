/* eslint-disable @typescript-eslint/no-explicit-any -- tests run on Node, never shipped */
/**
 * No order printed blank by accident, in every input: a design of the guided form (One Item per
 * Order) without a print, and a design of an Order JSON without a composition, are refused before
 * anything is sent, naming the item, the design and the fix, unless the merchant chose Print on
 * Designs: Nothing (Blank Products), as the storefront inputs refuse a line without one (the
 * storefront tests). The editor warns of such a design while the node is edited (n8n's node
 * hints, worked out by n8n's own expression evaluator as the editor does).
 */
import type { INode, INodeTypes } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { encodeStorefrontSku } from '../../nodes/PodPlatform/actions/common/storefrontSku';
import { PodPlatform } from '../../nodes/PodPlatform/PodPlatform.node';
import { runNode } from '../support/n8n';
import { byId } from '../support/sandbox';
import { formParameters, jsonOrder, jsonParameters, orderSandbox } from './fixtures';

/** The guided form's order with a second design, a black T-shirt in M without a print. */
function formWithPlainDesign(uniqueId: string, extra: Record<string, any> = {}) {
	const parameters = formParameters(uniqueId);
	parameters.designs.design.push({
		productId: byId(1001),
		assignedColorId: '2002',
		assignedSizeId: '3002',
		amount: 1,
		...extra,
	});
	return parameters;
}

/** The Order JSON of the same order, with a second design that has no composition. */
function jsonWithPlainDesign(uniqueId: string) {
	const body = jsonOrder(uniqueId);
	body.creatorse_productionOrderDeferred.designs.creatorse_design.push({
		productId: 1001,
		amount: 1,
		assignedColor: { id: 2002 },
		assignedSize: { id: 3002 },
	});
	return body;
}

describe('a design without a print is refused unless blank products are chosen', () => {
	const order = orderSandbox();
	const { run, submits } = order;
	/** How many compositions each stored design has (designs first; the template product after). */
	// What the service stored (its control API: the contract's ordered product shows no compositions).
	const compositionsOf = async (id: unknown) =>
		((await order.control.order(Number(id))).orderedProducts as any[])
			.slice(0, 2)
			.map((item) => (item.compositions ?? []).length);

	test('One Item per Order: the item, the design and the fix are named, and nothing is sent; Print on Designs: Nothing orders it plain', async () => {
		const refused = await run(formWithPlainDesign('BLANK-FORM-1'));
		expect(refused.error?.message).toBe(
			'Item 1: Design 2: has no print: it would be printed blank',
		);
		expect(refused.error?.description).toBe(
			'Add a Print to the Design, or set Print on Designs to Nothing (Blank Products) if you sell plain products: an order of blank products is produced and charged like any other.',
		);
		expect(await submits()).toHaveLength(0);

		const chosen = await run({ ...formWithPlainDesign('BLANK-FORM-2'), linePrinting: 'blank' });
		expect(chosen.error).toBeUndefined();
		// The first design keeps its prints: Nothing lets a design go plain, it removes no print.
		expect(await compositionsOf(chosen.items[0].json.id)).toEqual([2, 0]);
	});

	test('Order JSON: the design without a composition is named by its path, and nothing is sent; Print on Designs: Nothing orders it plain, in either version of the node', async () => {
		const refused = await run(jsonParameters(jsonWithPlainDesign('BLANK-JSON-1')));
		expect(refused.error?.message).toBe(
			'Item 1: Design 2: has no composition: it would be printed blank',
		);
		expect(refused.error?.description).toMatch(
			/^Add its compositions \(a productArea and the elements printed there\), or set Print on Designs to Nothing \(Blank Products\) if you sell plain products/,
		);
		expect(refused.error?.description).toContain('designs.creatorse_design[1].compositions');
		expect(await submits()).toHaveLength(0);

		const chosen = await run({
			...jsonParameters(jsonWithPlainDesign('BLANK-JSON-2')),
			linePrinting: 'blank',
		});
		expect(chosen.error).toBeUndefined();
		expect(await compositionsOf(chosen.items[0].json.id)).toEqual([2, 0]);

		// Version 1 chose JSON with Input Mode; its Print on Designs says the same.
		const parameters: Record<string, any> = jsonParameters(jsonWithPlainDesign('BLANK-JSON-3'));
		delete parameters.input;
		const version1 = async (extra: Record<string, any> = {}) =>
			await runNode({
				store: order.store,
				typeVersion: 1,
				parameters: { ...parameters, inputMode: 'json', ...extra },
				items: [{ json: {} }],
			});
		expect((await version1()).error?.message).toBe(refused.error?.message);
		expect(await submits()).toHaveLength(1);
		expect((await version1({ linePrinting: 'blank' })).error).toBeUndefined();
		expect(await submits()).toHaveLength(2);
	});

	test("a design By SKU of a motive's listing needs no print: its SKU names what is printed", async () => {
		const sku = encodeStorefrontSku({
			productId: 1001,
			assignedColorId: 2002,
			assignedSizeId: 3002,
			print: { motiveId: 5001, productAreaId: 4001 },
		});
		const result = await run(
			formWithPlainDesign('BLANK-FORM-3', {
				productId: { __rl: true, mode: 'sku', value: sku },
				assignedColorId: '',
				assignedSizeId: '',
			}),
		);
		expect(result.error).toBeUndefined();
		expect(await compositionsOf(result.items[0].json.id)).toEqual([2, 1]);
	});
});

describe("the editor warns of a design without a print (n8n's node hints)", () => {
	const description = new PodPlatform().description;
	const nodeTypes = {
		getByName: () => new PodPlatform(),
		getByNameAndVersion: () => new PodPlatform(),
		getKnownTypes: () => ({}),
	} as unknown as INodeTypes;
	/** The hints n8n's editor shows in the node's panel for these parameters. */
	const hintsShown = (parameters: Record<string, any>, typeVersion = 2): string[] => {
		const node: INode = {
			id: 'pod',
			name: 'POD Platform',
			type: 'n8n-nodes-pod-platform.podPlatform',
			typeVersion,
			position: [0, 0],
			parameters: { resource: 'order', operation: 'submit', ...parameters },
		};
		const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
		// As the editor decides it: a condition that cannot be worked out shows nothing.
		const holds = (condition: string) => {
			try {
				const value = workflow.expression.getSimpleParameterValue(node, condition, 'internal', {});
				return value === true || value === 'true';
			} catch {
				return false;
			}
		};
		return (description.hints ?? [])
			.filter((hint) => hint.location === 'ndv' && holds(hint.displayCondition ?? 'true'))
			.map((hint) => hint.message);
	};
	const form = formParameters('HINT-1');

	test('a Design of the guided form without a print, unless Nothing (Blank Products) is chosen', () => {
		expect(hintsShown(form)).toEqual([]);
		const plain = formWithPlainDesign('HINT-2');
		expect(hintsShown(plain)).toEqual([
			expect.stringMatching(/^A Design has no print: the run refuses the order/),
		]);
		expect(hintsShown(plain)[0]).toContain('set Print on Designs to Nothing (Blank Products)');
		expect(hintsShown({ ...plain, linePrinting: 'blank' })).toEqual([]);
		// One Item per Line says the same of its lines' Design, naming its own field.
		expect(hintsShown({ ...plain, input: 'line' })).toEqual([
			expect.stringContaining('set Print on Lines to Nothing (Blank Products)'),
		]);
		// The storefront input shows no Designs: its Line Prints are n8n's required field.
		expect(hintsShown({ ...plain, input: 'storefrontOrder' })).toEqual([]);
		expect(hintsShown({ ...plain, operation: 'get' })).toEqual([]);
	});

	test('a design of a written Order JSON without a composition; an Order JSON by expression is left to the run', () => {
		const json = (body: unknown) => ({ input: 'json', orderJson: JSON.stringify(body) });
		expect(hintsShown(json(jsonOrder('HINT-3')))).toEqual([]);
		expect(hintsShown(json(jsonWithPlainDesign('HINT-4')))).toEqual([
			expect.stringMatching(/^A design of the Order JSON has no composition/),
		]);
		expect(hintsShown({ ...json(jsonWithPlainDesign('HINT-5')), linePrinting: 'blank' })).toEqual(
			[],
		);
		// Without its root key, and written by a workflow of version 1 (Input Mode JSON).
		const bare = jsonWithPlainDesign('HINT-6').creatorse_productionOrderDeferred;
		expect(hintsShown({ inputMode: 'json', orderJson: JSON.stringify(bare) }, 1)).toHaveLength(1);
		expect(hintsShown({ input: 'json', orderJson: '={{ JSON.stringify($json.order) }}' })).toEqual(
			[],
		);
		expect(hintsShown({ input: 'json', orderJson: '{ not json' })).toEqual([]);
	});
});
