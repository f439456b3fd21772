/**
 * The storefront's words as Submit reads them, without the service: a variant as Shopify and
 * WooCommerce give it, names in any case or as a slug, and the resolver's verdict on a product.
 */
import { Problems } from '../../nodes/PodPlatform/actions/order/payloads/problems';
import { catalogResolver } from '../../nodes/PodPlatform/actions/order/submit/resolve';
import type { OrderProduct } from '../../nodes/PodPlatform/actions/common/catalog/types';
import {
	sameName,
	variantValues,
} from '../../nodes/PodPlatform/actions/order/submit/variantValues';

describe('a variant as the storefront gives it', () => {
	test('Shopify\'s variant_title: option values joined by " / "; a lone slash belongs to a value', () => {
		expect(variantValues('Black / M')).toEqual([{ values: ['Black'] }, { values: ['M'] }]);
		expect(variantValues('Navy / S/M')).toEqual([{ values: ['Navy'] }, { values: ['S/M'] }]);
		expect(variantValues('green')).toEqual([{ values: ['green'] }]);
		expect(variantValues('')).toEqual([]);
		expect(variantValues(null)).toEqual([]);
	});

	test("WooCommerce's meta_data: keys name the option, hidden entries are skipped", () => {
		expect(
			variantValues([
				{
					id: 1,
					key: 'pa_color',
					value: 'navy-blue',
					display_key: 'Color',
					display_value: 'Navy Blue',
				},
				{ id: 2, key: 'size', value: 'M Test' },
				{ id: 3, key: '_reduced_stock', value: '1' },
				{ id: 4, key: 'Engraving', value: 'For Ada' },
			]),
		).toEqual([
			{ values: ['navy-blue', 'Navy Blue'], option: 'color', key: 'pa_color' },
			{ values: ['M Test'], option: 'size', key: 'size' },
			{ values: ['For Ada'], option: undefined, key: 'Engraving' },
		]);
		expect(variantValues([{ key: 'attribute_pa_colour', value: 'grey' }])).toEqual([
			{ values: ['grey'], option: 'color', key: 'attribute_pa_colour' },
		]);
		// As JSON text, and as an object of options.
		expect(variantValues('[{"key":"Size","value":"L"}]')).toEqual([
			{ values: ['L'], option: 'size', key: 'Size' },
		]);
		expect(variantValues({ Color: 'White', Size: 'XL' })).toEqual([
			{ values: ['White'], option: 'color', key: 'Color' },
			{ values: ['XL'], option: 'size', key: 'Size' },
		]);
	});

	test('names match in any case, with spaces or as a slug', () => {
		expect(sameName('Navy Blue', 'navy-blue')).toBe(true);
		expect(sameName('3XL', '3xl')).toBe(true);
		expect(sameName(' Black ', 'BLACK')).toBe(true);
		expect(sameName('M', 'L')).toBe(false);
		expect(sameName('', '')).toBe(false);
	});
});

describe("the resolver's verdict on a product", () => {
	/** A product whose color "M" and size "M" share a name. */
	const product = {
		id: 9,
		name: 'Odd Tee',
		colors: [
			{ assignedColorId: 21, name: 'M' },
			{ assignedColorId: 22, name: 'Black' },
		],
		sizes: [
			{ assignedSizeId: 31, name: 'M' },
			{ assignedSizeId: 32, name: 'L' },
		],
		views: [],
		printAreas: [],
		skus: [],
		prices: [],
	} as unknown as OrderProduct;
	const resolver = catalogResolver(
		{
			product: () => product,
			skuHits: (sku) =>
				sku === 'ODD-BLACK-L'
					? [{ productId: 9, variant: { assignedColorId: 22, assignedSizeId: 32 } }]
					: [],
			productsNamed: () => [],
			motivesNamed: () => [],
			shopProducts: () => undefined,
			countries: () => undefined,
		},
		true,
	);
	const problemsOf = (variant: unknown, sku?: string) => {
		const problems = new Problems();
		const resolved = resolver.design(
			{ where: 'Design 1', path: 'd', productId: sku ? '' : 9, sku, color: '', size: '', variant },
			problems,
		);
		return { resolved, messages: problems.list.map((problem) => problem.message) };
	};

	test('a value that fits a color and a size alike is ambiguous, unless its key says which', () => {
		expect(problemsOf('M / L').messages).toEqual([
			'the Variant\'s "M" fits several options of Odd Tee: color M (21), size M (31)',
		]);
		expect(
			problemsOf([
				{ key: 'pa_color', value: 'm' },
				{ key: 'pa_size', value: 'm' },
			]).resolved,
		).toMatchObject({ assignedColorId: 21, assignedSizeId: 31 });
	});

	test('values that match nothing are a problem: both options named while neither is settled, the open one once one is, and even once a SKU settles both', () => {
		expect(problemsOf('Cotton').messages).toEqual([
			'no color or size Cotton; Odd Tee offers colors M, Black and sizes M, L',
		]);
		// A customer's choice the product does not offer is never dropped.
		expect(problemsOf('Black / L / Cotton')).toEqual({
			resolved: expect.objectContaining({ assignedColorId: 22, assignedSizeId: 32 }),
			messages: ['no color or size Cotton; Odd Tee offers colors M, Black and sizes M, L'],
		});
		expect(problemsOf('Black / Cotton').messages).toEqual(['no size Cotton; Odd Tee offers M, L']);
		// "purple" beside a SKU that names Black / L would print Black: refused.
		expect(problemsOf('Purple', 'ODD-BLACK-L')).toEqual({
			resolved: expect.objectContaining({ productId: 9, assignedColorId: 22, assignedSizeId: 32 }),
			messages: ['no color or size Purple; Odd Tee offers colors M, Black and sizes M, L'],
		});
		// The variant SKU settles what the variant title leaves open.
		expect(problemsOf('Black', 'ODD-BLACK-L')).toEqual({
			resolved: expect.objectContaining({ productId: 9, assignedColorId: 22, assignedSizeId: 32 }),
			messages: [],
		});
	});
});
