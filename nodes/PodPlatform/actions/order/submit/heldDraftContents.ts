/**
 * What a held draft holds, against the request that built it: its ordered products read by their
 * link, and whether they are an incomplete build of the request's designs (Hold for Approval,
 * holdSubmit.ts). An ordered product is compared by each field both it and the design give: the
 * contract's ordered product gives only `id` and `amount`, so on such a service a draft of another
 * order under the same Unique ID with the same amounts cannot be told from this order's own.
 */

import { simplifyOrderedProduct } from '../../../../shared/simplify/order';
import { isPlainObject } from '../../../../shared/values';
import type { PlainObject } from '../../../../shared/values';
import type { RunScope } from '../../runScope';
import type { OrderedDesign } from './types';

/** An order's path and ID, as the state changes take it. */
export function orderRef(shopPath: string, id: unknown): { id: number; path: string } {
	return { id: Number(id), path: `${shopPath}/orders/${encodeURIComponent(String(id))}` };
}

/** The order's ordered products, by its `orderedProducts` link (contract: follow links), whole. */
export async function orderedProductsOf(
	run: RunScope,
	shopPath: string,
	order: PlainObject,
	itemIndex: number,
): Promise<PlainObject[]> {
	const links = isPlainObject(order.links) ? order.links : {};
	const path =
		typeof links.orderedProducts === 'string' && links.orderedProducts
			? links.orderedProducts
			: `${orderRef(shopPath, order.id).path}/orderedProducts`;
	return await run.service.requestAllItems({ method: 'GET', path, itemIndex }, { returnAll: true });
}

/** A requested design's own fields, as an ordered product of it would show them. */
export function sentFields(design: OrderedDesign): PlainObject {
	return Object.fromEntries(
		Object.entries({
			productId: design.productId,
			assignedColor: design.assignedColor,
			assignedSize: design.assignedSize,
			sku: design.sku,
			amount: design.amount,
		}).filter(([, value]) => value !== undefined),
	);
}

/** Whether an ordered product orders what a design does, by each field both give. */
function ordersDesign(listed: PlainObject, design: OrderedDesign): boolean {
	const item = simplifyOrderedProduct(listed);
	const wanted: Record<string, unknown> = {
		productId: design.productId,
		colorId: design.assignedColor?.id,
		sizeId: design.assignedSize?.id,
		amount: design.amount,
	};
	return Object.entries(wanted).every(([key, value]) => {
		const have = item[key];
		return (
			have === null || have === undefined || value === undefined || String(have) === String(value)
		);
	});
}

/**
 * Whether a draft's ordered products are an incomplete build of this request: fewer than its
 * designs, each one of them (a draft holding anything else is another order, answered as one).
 */
export function isIncompleteBuild(listed: PlainObject[], designs: OrderedDesign[]): boolean {
	if (listed.length >= designs.length) return false;
	const open = [...designs];
	return listed.every((item) => {
		const at = open.findIndex((design) => ordersDesign(item, design));
		if (at < 0) return false;
		open.splice(at, 1);
		return true;
	});
}
