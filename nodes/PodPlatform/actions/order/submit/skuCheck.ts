/**
 * The SKU check: before sending, every design whose color and size are not an available SKU of
 * its product is refused, naming the sizes that are available in that color. It reads the
 * expanded product the run read once (common/catalog/), as the names of the output do.
 */

import { readStorefrontSku } from '../../common/storefrontSku';
import { placeText } from '../payloads/problems';
import type { Place, Problem } from '../payloads/problems';
import type { DesignVariant } from './types';
import type { OrderProduct } from '../../common/catalog/types';

/** "White (2001)": a name beside its ID, or the ID alone when the product does not name it. */
export function named(name: unknown, id: unknown): string {
	return name === undefined || name === null || name === ''
		? String(id)
		: `${String(name)} (${String(id)})`;
}

/** A name where the product gives one, else the ID: "Black", or "2002". */
export function nameOrId(name: unknown, id: unknown): string {
	return name === undefined || name === null || name === '' ? String(id) : String(name);
}

/**
 * The problem of one design whose color/size pair is not a SKU of its product, or is a SKU the
 * product marks unavailable (contract, ProductSku `available`); the latter names the sizes that
 * are available in that color. Undefined when the pair can be ordered.
 */
export function skuProblem(
	variant: DesignVariant,
	product: OrderProduct,
	where: Place,
): Problem | undefined {
	const same = (a: unknown, b: unknown) => String(a) === String(b);
	const sku = product.skus.find(
		(candidate) =>
			same(candidate.assignedColorId, variant.assignedColorId) &&
			same(candidate.assignedSizeId, variant.assignedSizeId),
	);
	if (sku?.available) return undefined;
	const color = product.colors.find((c) => same(c.assignedColorId, variant.assignedColorId));
	const size = product.sizes.find((s) => same(s.assignedSizeId, variant.assignedSizeId));
	const productName = named(product.name, variant.productId);
	const colorName = named(color?.name, variant.assignedColorId);
	const sizeName = named(size?.name, variant.assignedSizeId);
	const field = `designs.creatorse_design[${variant.designIndex}]`;
	const paths = [`${field}.assignedColor`, `${field}.assignedSize`];
	// A SKU Get Storefront Listing wrote names a pair the product no longer offers as it did then.
	const listed =
		readStorefrontSku(variant.sku).kind === 'variant'
			? "The store's variant carries a SKU from an earlier Product → Get Storefront Listing: list the product again and update the store, which then marks this variant unavailable or drops it."
			: undefined;
	if (!sku) {
		return {
			where: placeText(where),
			message: `${productName} cannot be ordered in color ${colorName} and size ${sizeName}`,
			fix:
				listed ??
				'Choose another color or size: the Size list offers only the sizes orderable in the chosen color (Product → Get SKUs lists every pair).',
			field,
			paths,
		};
	}
	const inColor = nameOrId(color?.name, variant.assignedColorId);
	const availableSizes = product.sizes
		.filter((s) =>
			product.skus.some(
				(candidate) =>
					candidate.available &&
					same(candidate.assignedColorId, variant.assignedColorId) &&
					same(candidate.assignedSizeId, s.assignedSizeId),
			),
		)
		.map((s) => nameOrId(s.name, s.assignedSizeId));
	return {
		where: placeText(where),
		message: `${productName} in color ${colorName} and size ${sizeName} is not available; ${
			availableSizes.length
				? `sizes available in ${inColor}: ${availableSizes.join(', ')}`
				: `no size is available in ${inColor}`
		}`,
		fix:
			listed ??
			'Choose an available size, or another color: the Size list offers only the sizes available in the chosen color (Product → Get SKUs lists the available pairs).',
		field,
		paths,
	};
}
