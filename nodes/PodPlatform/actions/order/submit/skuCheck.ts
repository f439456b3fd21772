/**
 * The SKU check: before sending, refuse a design whose colour and size are not an orderable SKU
 * of its product. Each product's SKUs are looked up once per run, whatever the number of items.
 */

import { InputError } from '../../../../shared/errors';
import { orderableSkus } from '../../../../shared/payloads/product';
import type { RunScope } from '../../runScope';
import type { DeferredOrder } from './deferredOrder';

export interface SkuPair {
	assignedColorId: unknown;
	assignedSizeId: unknown;
}

/** The SKUs of a run, by product path; shared by the items running at once. */
export type SkuCache = Map<string, Promise<SkuPair[]>>;

/** Product IDs of the designs that name colour and size, each once. */
export function productIdsToCheck(order: Pick<DeferredOrder, 'variants'>): number[] {
	return [...new Set(order.variants.map((variant) => variant.productId))];
}

/** Refuse a design whose colour/size pair is not a SKU of its (looked-up) product. */
export function checkDesignSkus(
	order: Pick<DeferredOrder, 'variants'>,
	skusByProduct: Map<number, SkuPair[]>,
): void {
	for (const variant of order.variants) {
		const skus = skusByProduct.get(variant.productId);
		if (!skus) continue;
		const found = skus.some(
			(sku) =>
				String(sku.assignedColorId) === String(variant.assignedColorId) &&
				String(sku.assignedSizeId) === String(variant.assignedSizeId),
		);
		if (!found) {
			throw new InputError(
				`Design ${variant.designIndex + 1}: product ${variant.productId} has no SKU for assigned colour ${variant.assignedColorId} and assigned size ${variant.assignedSizeId}`,
				'Only colour/size pairs listed by Product → Get SKUs can be ordered. Pick another colour or size.',
				`designs.creatorse_design[${variant.designIndex}]`,
			);
		}
	}
}

async function skusOf(
	run: RunScope,
	cache: SkuCache,
	shopPath: string,
	productId: number,
	itemIndex: number,
): Promise<SkuPair[]> {
	const key = `${shopPath}/products/${productId}`;
	let pending = cache.get(key);
	if (!pending) {
		pending = run.service
			.requestAllItems({ method: 'GET', path: `${key}/sku`, itemIndex }, { returnAll: true })
			.then((records) => orderableSkus(records, false));
		cache.set(key, pending);
		pending.catch(() => cache.delete(key));
	}
	return await pending;
}

/** Look up the SKUs this order needs and refuse it, naming item and design, if a pair is missing. */
export async function checkOrderSkus(
	run: RunScope,
	cache: SkuCache,
	shopPath: string,
	order: DeferredOrder,
	itemIndex: number,
): Promise<void> {
	const skus = new Map<number, SkuPair[]>();
	for (const productId of productIdsToCheck(order)) {
		skus.set(productId, await skusOf(run, cache, shopPath, productId, itemIndex));
	}
	checkDesignSkus(order, skus);
}
