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
 * are available in that color. Undefined when the pair can be ordered. A store's variant (a line
 * of a storefront's order, or any design by this node's storefront SKU) is told in the store's
 * words (storeSkuProblem).
 */
export function skuProblem(
	variant: DesignVariant,
	product: OrderProduct,
	where: Place,
	inStore = false,
): Problem | undefined {
	const sku = product.skus.find(
		(candidate) =>
			same(candidate.assignedColorId, variant.assignedColorId) &&
			same(candidate.assignedSizeId, variant.assignedSizeId),
	);
	if (sku?.available) return undefined;
	const field = `designs.creatorse_design[${variant.designIndex}]`;
	const place = {
		where: placeText(where),
		field,
		paths: [`${field}.assignedColor`, `${field}.assignedSize`],
	};
	// A SKU Get Storefront Listing wrote names a pair the product no longer offers as it did then.
	const listed = readStorefrontSku(variant.sku).kind === 'variant';
	if (listed || inStore) return { ...place, ...storeSkuProblem(variant, product, !!sku, listed) };
	const color = product.colors.find((c) => same(c.assignedColorId, variant.assignedColorId));
	const size = product.sizes.find((s) => same(s.assignedSizeId, variant.assignedSizeId));
	const productName = named(product.name, variant.productId);
	const colorName = named(color?.name, variant.assignedColorId);
	const sizeName = named(size?.name, variant.assignedSizeId);
	if (!sku) {
		return {
			...place,
			message: `${productName} cannot be ordered in color ${colorName} and size ${sizeName}`,
			fix: 'Choose another color or size: the Size list offers only the sizes orderable in the chosen color (Product → Get SKUs lists every pair).',
		};
	}
	const inColor = nameOrId(color?.name, variant.assignedColorId);
	const availableSizes = availableIn(product, variant.assignedColorId);
	return {
		...place,
		message: `${productName} in color ${colorName} and size ${sizeName} is not available; ${
			availableSizes.length
				? `sizes available in ${inColor}: ${availableSizes.join(', ')}`
				: `no size is available in ${inColor}`
		}`,
		fix: 'Choose an available size, or another color: the Size list offers only the sizes available in the chosen color (Product → Get SKUs lists the available pairs).',
	};
}

const same = (a: unknown, b: unknown) => String(a) === String(b);

/** The sizes of a product available in a color (all colors without one), by name. */
function availableIn(product: OrderProduct, colorId?: unknown): string[] {
	return product.sizes
		.filter((s) =>
			product.skus.some(
				(candidate) =>
					candidate.available &&
					(colorId === undefined || same(candidate.assignedColorId, colorId)) &&
					same(candidate.assignedSizeId, s.assignedSizeId),
			),
		)
		.map((s) => nameOrId(s.name, s.assignedSizeId));
}

/** The colors of a product with an available size, by name. */
function colorsAvailable(product: OrderProduct): string[] {
	return product.colors
		.filter((c) =>
			product.skus.some(
				(candidate) => candidate.available && same(candidate.assignedColorId, c.assignedColorId),
			),
		)
		.map((c) => nameOrId(c.name, c.assignedColorId));
}

/** What a product still makes of an option: its colors, or its sizes, with an available pair. */
export function stillMade(product: OrderProduct, noun: 'color' | 'size'): string[] {
	return noun === 'color' ? colorsAvailable(product) : availableIn(product);
}

/** The fix of a store's variants the print shop no longer makes: what the merchant does there. */
export function offSaleFix(variants: string, listed: boolean): string {
	return `Take ${variants} off sale in the store${listed ? ', or publish the product again' : ''}.`;
}

/**
 * A store's variant whose pair the product does not make (`known` false) or no longer makes, in
 * the store's words: names, not IDs, and a fix the merchant makes in the store. A whole color (or
 * size) no longer made is said of the color (or size), naming what the product still offers.
 */
function storeSkuProblem(
	variant: DesignVariant,
	product: OrderProduct,
	known: boolean,
	listed: boolean,
): Pick<Problem, 'message' | 'fix'> {
	const productName = nameOrId(product.name, variant.productId);
	const color = product.colors.find((c) => same(c.assignedColorId, variant.assignedColorId));
	const size = product.sizes.find((s) => same(s.assignedSizeId, variant.assignedSizeId));
	const colorName = nameOrId(color?.name, variant.assignedColorId);
	const sizeName = nameOrId(size?.name, variant.assignedSizeId);
	const list = (names: string[]) => names.join(', ') || 'nothing';
	if (!known) {
		return {
			message: `${productName} is not made in ${colorName} / ${sizeName}`,
			fix: offSaleFix('this variant', listed),
		};
	}
	const inColor = availableIn(product, variant.assignedColorId);
	if (!inColor.length) {
		return {
			message: `${colorName} is no longer made for ${productName}; it offers ${list(colorsAvailable(product))}`,
			fix: offSaleFix(`the ${colorName} variants`, listed),
		};
	}
	const inSize = product.skus.some(
		(candidate) => candidate.available && same(candidate.assignedSizeId, variant.assignedSizeId),
	);
	if (!inSize) {
		return {
			message: `${sizeName} is no longer made for ${productName}; it offers ${list(availableIn(product))}`,
			fix: offSaleFix(`the ${sizeName} variants`, listed),
		};
	}
	return {
		message: `${colorName} / ${sizeName} is no longer made for ${productName}; in ${colorName} it offers ${list(inColor)}`,
		fix: offSaleFix(`the ${colorName} / ${sizeName} variant`, listed),
	};
}
