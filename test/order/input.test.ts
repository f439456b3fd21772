/* eslint-disable @typescript-eslint/no-explicit-any -- tests run on Node, never shipped */
/**
 * Submit's Input: version 2 of the node chooses how it reads its items with one field (One Item
 * per Order, per Line, per Storefront Order, or Order JSON); version 1 chose with two (Input Mode,
 * then Input), and n8n keeps the version a workflow was saved with. Both show the same fields for
 * the same input, the way n8n's editor decides it, and a workflow saved by either reads its items
 * alike: the same order comes out, over real HTTP against the sandbox.
 */
import type { INode, INodeParameters, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import shopifyOrder from '../fixtures/storefront/shopify-orders-create.json';
import { encodeStorefrontSku } from '../../nodes/PodPlatform/actions/common/storefrontSku';
import { PodPlatform } from '../../nodes/PodPlatform/PodPlatform.node';
import { runNode } from '../support/n8n';
import {
	formParameters,
	jsonOrder,
	jsonParameters,
	orderSandbox,
	shopifyLineParameters,
	shopifyOrderParameters,
} from './fixtures';

const description = new PodPlatform().description as INodeTypeDescription;
const SUBMIT = { resource: 'order', operation: 'submit' };

/**
 * The names of the fields shown for these saved parameters, in their order, decided by n8n's
 * `displayParameter` against either the values n8n resolves (`getNodeParameters`: every field's
 * value or default, hidden ones included) or the values the editor holds: the shown fields'
 * defaults and everything saved, which may still hold a value of a field hidden since.
 */
function shownFields(
	typeVersion: number,
	saved: INodeParameters,
	against: 'resolved' | 'held' = 'resolved',
): string[] {
	const node = { typeVersion, parameters: saved } as INode;
	const resolve = (hiddenToo: boolean) =>
		NodeHelpers.getNodeParameters(
			description.properties,
			saved,
			true,
			hiddenToo,
			node,
			description,
		);
	const values = against === 'held' ? { ...resolve(false), ...saved } : resolve(true);
	return description.properties
		.filter((field: INodeProperties) =>
			NodeHelpers.displayParameter(values ?? {}, field, node, description),
		)
		.map((field) => field.name);
}

/** Each input as version 2 saves it, and as version 1 did. */
const INPUTS = [
	{ input: 'order', v2: { input: 'order' }, v1: { inputMode: 'form', input: 'order' } },
	{ input: 'line', v2: { input: 'line' }, v1: { inputMode: 'form', input: 'line' } },
	{
		input: 'storefrontOrder',
		v2: { input: 'storefrontOrder' },
		v1: { inputMode: 'form', input: 'storefrontOrder' },
	},
	// Version 1 kept the Input it had before JSON was chosen; JSON wins over it.
	{ input: 'json', v2: { input: 'json' }, v1: { inputMode: 'json', input: 'line' } },
];

describe('the fields each version shows', () => {
	test('a new node (version 2) has one Input with the four ways, and no Input Mode', () => {
		expect(description.defaultVersion).toBe(2);
		const shown = shownFields(2, SUBMIT);
		expect(shown).not.toContain('inputMode');
		expect(shown.filter((name) => name === 'input')).toHaveLength(1);
		const input = description.properties.find(
			(field) => field.name === 'input' && shown.includes('input') && field.options?.length === 4,
		);
		expect(input?.options?.map((option: any) => option.name)).toEqual([
			'One Item per Order',
			'One Item per Line',
			'One Item per Storefront Order',
			'Order JSON',
		]);
	});

	test('a workflow saved by version 1 still shows its Input Mode and Input', () => {
		expect(shownFields(1, SUBMIT)).toEqual(expect.arrayContaining(['inputMode', 'input']));
		expect(shownFields(1, { ...SUBMIT, inputMode: 'json' })).not.toContain('input');
	});

	const READINGS = ['resolved', 'held'] as const;
	test.each(INPUTS.flatMap((row) => READINGS.map((against) => ({ ...row, against }))))(
		'$input, against the values $against: both versions show the same fields, and only that input’s',
		({ input, v1, v2, against }) => {
			const modeFields = new Set(['input', 'inputMode']);
			const shown = (version: number, chosen: INodeParameters) =>
				shownFields(version, { ...SUBMIT, ...chosen }, against).filter((n) => !modeFields.has(n));
			const [inVersion1, inVersion2] = [shown(1, v1), shown(2, v2)];
			expect(inVersion2).toEqual(inVersion1);
			// What tells the inputs apart, so that the comparison above cannot pass on empty forms.
			expect(inVersion2.includes('orderJson')).toBe(input === 'json');
			expect(inVersion2.includes('linePrints')).toBe(input === 'storefrontOrder');
			expect(inVersion2.includes('linesNotice')).toBe(input === 'line');
			expect(inVersion2.includes('designs')).toBe(input === 'order' || input === 'line');
			expect(inVersion2.includes('financialStatus')).toBe(input !== 'json');
			// Print on Lines or Print on Designs: a design without a print is never blank by accident.
			expect(inVersion2).toContain('linePrinting');
			expect(inVersion2.includes('linesNotSold')).toBe(input === 'storefrontOrder');
			expect(inVersion2).toContain('exactlyOnce');
		},
	);
});

describe('a workflow saved by either version reads its items alike', () => {
	const order = orderSandbox();
	const linePrints = {
		print: [
			{
				printArea: 'FRONT',
				elementType: 'libraryMotive',
				motiveId: { __rl: true, mode: 'name', value: 'Company Logo' },
			},
		],
	};
	/** Shopify's documented order, new, its lines the shop's Black / M tee (by the node's SKU). */
	const fresh = () => {
		const placed = JSON.parse(JSON.stringify(shopifyOrder));
		const sku = encodeStorefrontSku({
			productId: 1001,
			assignedColorId: 2002,
			assignedSizeId: 3002,
		});
		placed.refunds = [];
		placed.line_items = placed.line_items.map((line: any) => ({
			...line,
			sku,
			variant_title: 'Black / M',
			current_quantity: line.quantity,
		}));
		return placed;
	};
	/** Each input's parameters (without the fields that choose it) and its items. */
	const cases: Record<string, { parameters: Record<string, any>; items?: any[] }> = {
		order: { parameters: formParameters('INPUT-1') },
		line: {
			parameters: shopifyLineParameters(),
			items: fresh().line_items.map((line: any) => ({ json: { ...fresh(), line_items: line } })),
		},
		storefrontOrder: { parameters: shopifyOrderParameters(linePrints), items: [{ json: fresh() }] },
		json: { parameters: jsonParameters(jsonOrder('INPUT-4')) },
	};

	/** The parameters without the fields that choose the input. */
	const withoutInput = (parameters: Record<string, any>) =>
		Object.fromEntries(
			Object.entries(parameters).filter(([name]) => name !== 'input' && name !== 'inputMode'),
		);

	test.each(INPUTS)('$input: version 1 and version 2 check the same order', async (row) => {
		const parameters = withoutInput(cases[row.input].parameters);
		const check = async (typeVersion: number, chosen: Record<string, string>) =>
			await runNode({
				store: order.store,
				typeVersion,
				parameters: { ...parameters, ...chosen, options: { checkOnly: true } },
				items: cases[row.input].items ?? [{ json: {} }],
			});
		const [v1, v2] = [await check(1, row.v1), await check(2, row.v2)];
		expect(v2.error).toBeUndefined();
		expect(v2.items.map((item) => item.json)).toEqual(v1.items.map((item) => item.json));
		expect(v2.items[0].json).toMatchObject({ checkOnly: true, ready: true });
		// Nothing is ordered by a check.
		expect(await order.submits()).toHaveLength(0);
	});

	test('version 2 reads its one Input: an Input Mode left in its parameters is not read', async () => {
		const parameters = withoutInput(cases.order.parameters);
		const result = await runNode({
			store: order.store,
			typeVersion: 2,
			parameters: {
				...parameters,
				input: 'order',
				inputMode: 'json',
				options: { checkOnly: true },
			},
			items: [{ json: {} }],
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			checkOnly: true,
			ready: true,
			uniqueId: 'INPUT-1',
		});
	});
});
