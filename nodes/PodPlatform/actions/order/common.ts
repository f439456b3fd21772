/**
 * What the order operations share: the paths of an order and of an ordered product for an item, the
 * order head as the form holds it, and an answer turned into an output item.
 */

import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { PlainObject } from '../../../shared/codec';
import type { OrderHeaderForm } from '../../../shared/payloads/orderHeader';
import { idParameter, itemShopPath } from '../common/scope';
import type { RunScope } from '../runScope';

/** `.../shops/{shopId}/orders/{orderId}` for this item. */
export async function orderPath(
	ctx: IExecuteFunctions,
	run: RunScope,
	itemIndex: number,
): Promise<string> {
	const orderId = idParameter(ctx, 'orderId', 'Order ID', itemIndex);
	return `${await itemShopPath(ctx, run, itemIndex)}/orders/${orderId}`;
}

/** `.../orders/{orderId}/orderedProducts/{orderedProductId}` for this item. */
export async function orderedProductPath(
	ctx: IExecuteFunctions,
	run: RunScope,
	itemIndex: number,
): Promise<string> {
	const orderedProductId = idParameter(ctx, 'orderedProductId', 'Ordered Product ID', itemIndex);
	return `${await orderPath(ctx, run, itemIndex)}/orderedProducts/${orderedProductId}`;
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

export function asItem(data: PlainObject | undefined): { json: IDataObject } {
	return { json: (data ?? {}) as IDataObject };
}
