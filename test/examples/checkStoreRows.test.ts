/**
 * The set-up check examples' rows, word for word (shopify-check-store.json,
 * woocommerce-check-store.json): the store's variants become one-line orders by the example's
 * own Set nodes, go through the example's own Check Only node against the sandbox, and every
 * variant that cannot be ordered comes out as the example's row. A color or a size the service no
 * longer makes, and one the product no longer has, are told in the store's words: names, not IDs,
 * and a fix the merchant makes in the store; a line the print shop does not sell says why.
 */
import type { FilterValue, IDataObject, INodeParameters } from 'n8n-workflow';
import { executeFilter } from 'n8n-workflow';

import { encodeStorefrontSku } from '../../nodes/PodPlatform/actions/common/storefrontSku';
import { forgetAllExecutions } from '../../nodes/shared/acrossExecutions';
import { runNode } from '../support/n8n';
import { orderSandbox } from '../order/fixtures';
import { evaluate, example, setNodes } from './exampleNodes';
import type { ExampleNode } from './exampleNodes';

/** The sandbox's Classic T-Shirt: its colors and sizes by name. */
const TEE = 1001;
const COLORS = { White: 2001, Black: 2002 } as const;
const SIZES = { S: 3001, M: 3002, L: 3003, XL: 3004, XXL: 3005, '3XL': 3006 } as const;
/** IDs the T-shirt does not have: a color and a size the service took off the product. */
const DROPPED = { color: 2099, size: 3099 };

/** The SKU Get Storefront Listing gives a variant of the T-shirt. */
const skuOf = (assignedColorId: number, assignedSizeId: number) =>
	encodeStorefrontSku({ productId: TEE, assignedColorId, assignedSizeId });

/** The store's variants: color and size as the store names them, and the SKU they carry. */
const VARIANTS = [
	// For sale as listed.
	{ id: 41, color: 'White', size: 'M', sku: skuOf(COLORS.White, SIZES.M) },
	// Black, which the service no longer makes (no size of it available).
	{ id: 42, color: 'Black', size: 'M', sku: skuOf(COLORS.Black, SIZES.M) },
	// XXL, which the service no longer makes in any color.
	{ id: 43, color: 'White', size: 'XXL', sku: skuOf(COLORS.White, SIZES.XXL) },
	// A color and a size the product no longer has at all.
	{ id: 44, color: 'Navy', size: 'M', sku: skuOf(DROPPED.color, SIZES.M) },
	{ id: 45, color: 'White', size: '4XL', sku: skuOf(COLORS.White, DROPPED.size) },
];

/** What the rows say of each variant that cannot be ordered. */
const PROBLEMS = {
	42: {
		problem: 'Black is no longer made for Classic T-Shirt; it offers White',
		fix: 'Take the Black variants off sale in the store, or publish the product again.',
	},
	43: {
		problem: 'XXL is no longer made for Classic T-Shirt; it offers S, M, L, XL, 3XL',
		fix: 'Take the XXL variants off sale in the store, or publish the product again.',
	},
	44: {
		problem: 'Navy is no longer made for Classic T-Shirt; it offers White',
		fix: 'Take the Navy variants off sale in the store, or publish the product again.',
	},
	45: {
		problem: '4XL is no longer made for Classic T-Shirt; it offers S, M, L, XL, 3XL',
		fix: 'Take the 4XL variants off sale in the store, or publish the product again.',
	},
};

/** A product the print shop does not sell, with no SKU: the line says why. */
const NOT_SOLD = {
	title: 'Gift Card',
	problem: 'it has no SKU, and no product of the shop is named "Gift Card"',
	fix: "Give the store's product the print product's SKU (Product → Find lists each product's SKU), or name it exactly as the print product is named. If the print shop does not make it, set Lines the Print Shop Does Not Sell to Leave Out: the order's other lines are then printed without it.",
};

describe.each([
	{ id: 'podExShopCheck', lastRow: 'Variant, Problem and Fix' },
	{ id: 'podExWooCheck', lastRow: 'Line, Problem and Fix' },
])('the set-up check $id, its rows word for word', ({ id, lastRow }) => {
	const order = orderSandbox();
	const workflow = example(id);
	const node = (name: string) => workflow.nodes.find((entry) => entry.name === name) as ExampleNode;

	/** The service stops Black in every size, and XXL in every color. */
	async function stopMaking() {
		const stopped = [
			...Object.values(SIZES)
				.filter((size) => size !== SIZES['3XL'])
				.map((size) => [COLORS.Black, size]),
			[COLORS.White, SIZES.XXL],
		];
		for (const [assignedColorId, assignedSizeId] of stopped) {
			await order.control.call('PUT', `/products/${TEE}/availability`, {
				assignedColorId,
				assignedSizeId,
				available: false,
			});
		}
	}

	/**
	 * Each variant as the store lists it, and the one-line order the example makes of it: its own
	 * Set nodes, with the item of each node it reads by name.
	 */
	function linesToCheck(): Array<{
		read: Record<string, unknown>;
		order: Record<string, unknown>;
	}> {
		if (id === 'podExShopCheck') {
			const product = { id: 'gid://shopify/Product/8', title: 'Classic T-Shirt' };
			const listed = [
				...VARIANTS.map((variant) => ({
					id: `gid://shopify/ProductVariant/${variant.id}`,
					sku: variant.sku,
					title: `${variant.color} / ${variant.size}`,
					selectedOptions: [
						{ name: 'Color', value: variant.color },
						{ name: 'Size', value: variant.size },
					],
					product,
				})),
				{
					id: 'gid://shopify/ProductVariant/46',
					sku: '',
					title: 'Default Title',
					selectedOptions: [{ name: 'Title', value: 'Default Title' }],
					product: { id: 'gid://shopify/Product/9', title: NOT_SOLD.title },
				},
			];
			return listed.map((variant) => ({
				read: { 'Each Variant': variant },
				order: setNodes([node('Variant as a One-Line Order')], variant),
			}));
		}
		const tee = { id: 8, name: 'Classic T-Shirt', type: 'variable' };
		const lines = [
			...VARIANTS.map((variant) =>
				setNodes([node('Variation as a Line to Check')], {
					id: variant.id,
					sku: variant.sku,
					attributes: [
						{ id: 1, name: 'Color', option: variant.color },
						{ id: 2, name: 'Size', option: variant.size },
					],
					"Store's Products": tee,
				}),
			),
			setNodes([node('Simple Product as a Line to Check')], {
				id: 9,
				name: NOT_SOLD.title,
				type: 'simple',
				sku: '',
			}),
		];
		return lines.map((line) => ({
			read: { 'Every Line to Check': line },
			order: setNodes([node('Line as a One-Line Order')], line),
		}));
	}

	test('a color and a size no longer made, and ones the product no longer has, each in names with a fix in the store; a product the shop does not sell, with why', async () => {
		forgetAllExecutions();
		await stopMaking();
		const lines = linesToCheck();
		const checked = await runNode({
			store: order.store,
			parameters: node('Check Only').parameters as INodeParameters,
			items: lines.map((line) => ({ json: line.order as IDataObject })),
		});
		expect(checked.error).toBeUndefined();
		expect(checked.items).toHaveLength(lines.length);
		const filter = node('Cannot Be Resolved');
		const rows = checked.items
			.map((item, index) => ({ json: item.json as Record<string, unknown>, line: lines[index] }))
			.filter(({ json }) =>
				executeFilter(evaluate(filter.parameters.conditions, json) as FilterValue),
			)
			.map(({ json, line }) => setNodes([node(lastRow)], { ...json, ...line.read }));
		const variation = (variant: (typeof VARIANTS)[number]) =>
			id === 'podExShopCheck'
				? {
						product: 'Classic T-Shirt',
						variant: `${variant.color} / ${variant.size}`,
						sku: variant.sku,
						variantId: variant.id,
					}
				: {
						product: 'Classic T-Shirt',
						variation: `${variant.color} / ${variant.size}`,
						sku: variant.sku,
						productId: 8,
						variationId: variant.id,
					};
		const notSold =
			id === 'podExShopCheck'
				? { product: NOT_SOLD.title, variant: 'Default Title', sku: '', variantId: 46 }
				: { product: NOT_SOLD.title, variation: '', sku: '', productId: 9, variationId: 0 };
		expect(rows).toEqual([
			...VARIANTS.filter((variant) => variant.id in PROBLEMS).map((variant) => ({
				...variation(variant),
				...PROBLEMS[variant.id as keyof typeof PROBLEMS],
			})),
			{ ...notSold, problem: NOT_SOLD.problem, fix: NOT_SOLD.fix },
		]);
		// A check sends nothing.
		expect(await order.submits()).toHaveLength(0);
	});
});
