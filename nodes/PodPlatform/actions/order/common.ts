/**
 * What the order operations share: the paths of an order and of an ordered product for an item, the
 * order head as the form holds it (values of locators and address groups, old saved shapes
 * included), and an answer turned into an output item.
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
	return `${await itemShopPath(run, itemIndex)}/orders/${orderId}`;
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

/** The value of a resource locator inside a collection, or a plain value saved before it was one. */
export function locatorValue(value: unknown): unknown {
	return value !== null && typeof value === 'object' && '__rl' in value
		? (value as { value?: unknown }).value
		: value;
}

/** An address group's fields; saved workflows that hold the fields directly are read as well. */
export function addressOf(value: unknown): PlainObject {
	const group = (value ?? {}) as PlainObject;
	return (
		group.address !== null && typeof group.address === 'object' ? group.address : group
	) as PlainObject;
}

/** The order head as the form holds it (Submit's guided form and Create Draft). */
export function readHeaderForm(ctx: IExecuteFunctions, itemIndex: number): OrderHeaderForm {
	return {
		uniqueId: ctx.getNodeParameter('uniqueId', itemIndex, '') as string,
		country: ctx.getNodeParameter('country', itemIndex, '') as string,
		customer: ctx.getNodeParameter('customer', itemIndex, {}) as PlainObject,
		shippingAddress: addressOf(ctx.getNodeParameter('shippingAddress', itemIndex, {})),
		billingAddress: addressOf(ctx.getNodeParameter('billingAddress', itemIndex, {})),
		shippingTitle: ctx.getNodeParameter('shippingTitle', itemIndex, '') as string,
		carrierId: ctx.getNodeParameter('carrierId', itemIndex, '') as string,
	};
}

export function asItem(data: PlainObject | undefined): { json: IDataObject } {
	return { json: (data ?? {}) as IDataObject };
}
