/**
 * The products a Submit run orders, each read once per run as the expanded product (names,
 * colors, sizes and SKUs), whatever the number of items: the SKU check refuses, before sending,
 * every design whose color and size are not an available SKU of its product, and the output
 * names the product, color and size of each design from the same read.
 */

import type { PlainObject } from '../../../../shared/codec';
import { simplifyProduct } from '../../../../shared/payloads/product';
import { Problems } from '../../../../shared/payloads/problems';
import type { RunScope } from '../../runScope';
import type { DeferredOrder } from './deferredOrder';

export type OrderProduct = ReturnType<typeof simplifyProduct>;

/** The products of a run, by product path; shared by the items running at once. */
export type ProductCache = Map<string, Promise<OrderProduct>>;

/** Product IDs of the designs that name colour and size, each once. */
export function productIdsToCheck(order: Pick<DeferredOrder, 'variants'>): number[] {
	return [...new Set(order.variants.map((variant) => variant.productId))];
}

/** "White (2001)": a name beside its ID, or the ID alone when the product does not name it. */
function named(name: unknown, id: unknown): string {
	return name === undefined || name === null || name === ''
		? String(id)
		: `${String(name)} (${String(id)})`;
}

/** A name where the product gives one, else the ID: "Black", or "2002". */
function nameOrId(name: unknown, id: unknown): string {
	return name === undefined || name === null || name === '' ? String(id) : String(name);
}

/**
 * Refuse, all at once, every design whose color/size pair is not a SKU of its product, or is a
 * SKU the product marks unavailable (contract, ProductSku `available`); the latter names the
 * sizes that are available in that color.
 */
export function checkDesignSkus(
	order: Pick<DeferredOrder, 'variants' | 'names'>,
	products: Map<number, OrderProduct>,
): void {
	const problems = new Problems();
	const same = (a: unknown, b: unknown) => String(a) === String(b);
	for (const variant of order.variants) {
		const product = products.get(variant.productId);
		if (!product) continue;
		const sku = product.skus.find(
			(candidate) =>
				same(candidate.assignedColorId, variant.assignedColorId) &&
				same(candidate.assignedSizeId, variant.assignedSizeId),
		);
		if (sku?.available) continue;
		const color = product.colors.find((c) => same(c.assignedColorId, variant.assignedColorId));
		const size = product.sizes.find((s) => same(s.assignedSizeId, variant.assignedSizeId));
		const productName = named(product.name, variant.productId);
		const colorName = named(color?.name, variant.assignedColorId);
		const sizeName = named(size?.name, variant.assignedSizeId);
		const where = order.names.design(variant.designIndex);
		const field = `designs.creatorse_design[${variant.designIndex}]`;
		if (!sku) {
			problems.add({
				where,
				message: `${productName} cannot be ordered in color ${colorName} and size ${sizeName}`,
				fix: 'Choose another color or size: the Size list offers only the sizes orderable in the chosen color (Product → Get SKUs lists every pair).',
				field,
			});
			continue;
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
		problems.add({
			where,
			message: `${productName} in color ${colorName} and size ${sizeName} is not available; ${
				availableSizes.length
					? `sizes available in ${inColor}: ${availableSizes.join(', ')}`
					: `no size is available in ${inColor}`
			}`,
			fix: 'Choose an available size, or another color: the Size list offers only the sizes available in the chosen color (Product → Get SKUs lists the available pairs).',
			field,
		});
	}
	problems.throwIfAny('The order', order.names.showPaths);
}

/** The expanded product, read once per run and shared by every item that orders it. */
export async function orderProduct(
	run: RunScope,
	cache: ProductCache,
	shopPath: string,
	productId: number,
	itemIndex: number,
): Promise<OrderProduct> {
	const key = `${shopPath}/products/${productId}`;
	let pending = cache.get(key);
	if (!pending) {
		pending = run.service
			.request({ method: 'GET', path: `${shopPath}/products/expanded/${productId}`, itemIndex })
			.then((answer) => simplifyProduct((answer?.data ?? {}) as PlainObject));
		cache.set(key, pending);
		pending.catch(() => cache.delete(key));
	}
	return await pending;
}

/**
 * The products this order's designs name, each read once per run. For the SKU check a product
 * that cannot be read fails the item; when only the output's names need it (`namesOnly`), the
 * product is left unnamed and the service judges the order.
 */
export async function orderProducts(
	run: RunScope,
	cache: ProductCache,
	shopPath: string,
	order: DeferredOrder,
	itemIndex: number,
	namesOnly: boolean,
): Promise<Map<number, OrderProduct>> {
	const products = new Map<number, OrderProduct>();
	for (const productId of productIdsToCheck(order)) {
		const read = orderProduct(run, cache, shopPath, productId, itemIndex);
		const product = namesOnly ? await read.catch(() => undefined) : await read;
		if (product) products.set(productId, product);
	}
	return products;
}
