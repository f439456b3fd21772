import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { PlainObject } from '../../../shared/codec';
import { OrderPayloadError, uniqueIdFilter, uniqueIdsFilter } from '../../../shared/payloads/order';
import type { OrderHeaderForm, SkuPair } from '../../../shared/payloads/order';
import { orderableSkus } from '../../../shared/payloads/product';
import { apiRequestAllItems } from '../../../shared/transport';
import { storeFilter } from '../common/list';
import { idParameter, itemShopPath } from '../common/scope';

/** Run a payload builder; bad input becomes an error that names the item and the field. */
export function checkedPayload<T>(ctx: IExecuteFunctions, itemIndex: number, build: () => T): T {
	try {
		return build();
	} catch (error) {
		if (error instanceof OrderPayloadError) {
			throw new NodeOperationError(ctx.getNode(), `Item ${itemIndex + 1}: ${error.message}`, {
				itemIndex,
				description: `${error.hint} (Field: ${error.path})`,
			});
		}
		throw new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
	}
}

/** `.../shops/{shopId}/orders/{orderId}` for this item. */
export async function orderPath(ctx: IExecuteFunctions, itemIndex: number): Promise<string> {
	const orderId = idParameter(ctx, 'orderId', 'Order ID', itemIndex);
	return `${await itemShopPath(ctx, itemIndex)}/orders/${orderId}`;
}

/** `.../orders/{orderId}/orderedProducts/{orderedProductId}` for this item. */
export async function orderedProductPath(
	ctx: IExecuteFunctions,
	itemIndex: number,
): Promise<string> {
	const orderedProductId = idParameter(ctx, 'orderedProductId', 'Ordered Product ID', itemIndex);
	return `${await orderPath(ctx, itemIndex)}/orderedProducts/${orderedProductId}`;
}

/** The order head as the form holds it (Submit's guided form and Create Draft). */
export function readHeaderForm(ctx: IExecuteFunctions, itemIndex: number): OrderHeaderForm {
	return {
		uniqueId: ctx.getNodeParameter('uniqueId', itemIndex, '') as string,
		country: ctx.getNodeParameter('country', itemIndex, '') as string,
		customer: ctx.getNodeParameter('customer', itemIndex, {}) as PlainObject,
		shippingAddress: ctx.getNodeParameter('shippingAddress', itemIndex, {}) as PlainObject,
		billingAddress: ctx.getNodeParameter('billingAddress', itemIndex, {}) as PlainObject,
		shippingTitle: ctx.getNodeParameter('shippingTitle', itemIndex, '') as string,
		carrierId: ctx.getNodeParameter('carrierId', itemIndex, '') as string,
	};
}

/** The shop's order carrying this `uniqueId`, or undefined. */
export async function findOrderByUniqueId(
	ctx: IExecuteFunctions,
	shopPath: string,
	uniqueId: string,
	itemIndex: number,
): Promise<PlainObject | undefined> {
	const filterId = await storeFilter(ctx, uniqueIdFilter(uniqueId), itemIndex);
	const [found] = await apiRequestAllItems(
		ctx,
		{ method: 'GET', path: `${shopPath}/orders`, qs: { filterId }, itemIndex },
		{ returnAll: false, limit: 1 },
	);
	return found;
}

/** Orders of a batch looked up before submitting, by shop path and uniqueId (null: none). */
const knownOrders = new WeakMap<object, Map<string, Map<string, PlainObject | null>>>();

/** How many uniqueIds one stored lookup filter holds. */
const UNIQUE_IDS_PER_LOOKUP = 200;

/**
 * Look up the orders of many uniqueIds at once, so that a batch costs a few list requests
 * instead of one lookup per order. The answers serve each item's first check only; a lookup after
 * an uncertain submission always asks the service again.
 */
export async function prefetchOrdersByUniqueId(
	ctx: IExecuteFunctions,
	shopPath: string,
	uniqueIds: string[],
): Promise<void> {
	let byShop = knownOrders.get(ctx);
	if (!byShop) {
		byShop = new Map();
		knownOrders.set(ctx, byShop);
	}
	const known = byShop.get(shopPath) ?? new Map<string, PlainObject | null>();
	byShop.set(shopPath, known);
	const wanted = [...new Set(uniqueIds)].filter((uniqueId) => !known.has(uniqueId));
	for (let start = 0; start < wanted.length; start += UNIQUE_IDS_PER_LOOKUP) {
		const chunk = wanted.slice(start, start + UNIQUE_IDS_PER_LOOKUP);
		const filterId = await storeFilter(ctx, uniqueIdsFilter(chunk), 0);
		const found = await apiRequestAllItems(
			ctx,
			{ method: 'GET', path: `${shopPath}/orders`, qs: { filterId } },
			{ returnAll: true },
		);
		for (const uniqueId of chunk) known.set(uniqueId, null);
		for (const order of found) known.set(String(order.uniqueId), order);
	}
}

/** The order a batch lookup found for this uniqueId: an order, null for none, undefined if not looked up. */
export function prefetchedOrder(
	ctx: IExecuteFunctions,
	shopPath: string,
	uniqueId: string,
): PlainObject | null | undefined {
	return knownOrders.get(ctx)?.get(shopPath)?.get(uniqueId);
}

/** SKUs per product, fetched once per run and shop whatever the number of items. */
const skuCache = new WeakMap<object, Map<string, Promise<SkuPair[]>>>();

export async function skusOf(
	ctx: IExecuteFunctions,
	shopPath: string,
	productId: number,
	itemIndex: number,
): Promise<SkuPair[]> {
	let cache = skuCache.get(ctx);
	if (!cache) {
		cache = new Map();
		skuCache.set(ctx, cache);
	}
	const key = `${shopPath}/products/${productId}`;
	let pending = cache.get(key);
	if (!pending) {
		pending = apiRequestAllItems(
			ctx,
			{ method: 'GET', path: `${key}/sku`, itemIndex },
			{ returnAll: true },
		).then((records) => orderableSkus(records, false));
		cache.set(key, pending);
		pending.catch(() => cache.delete(key));
	}
	return await pending;
}

export function asItem(data: PlainObject | undefined): { json: IDataObject } {
	return { json: (data ?? {}) as IDataObject };
}
