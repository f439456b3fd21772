/**
 * What the order operations share: the paths of an order and of an ordered product for an item, the
 * order head as the form holds it (values of locators and address groups, old saved shapes
 * included), and an answer turned into an output item.
 */

import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { PlainObject } from '../../../shared/codec';
import type { OrderHeaderForm } from '../../../shared/payloads/orderHeader';
import { POSITION_CENTRES, POSITION_SIDES } from '../../../shared/payloads/position';
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

/**
 * The placement of one print of a form (its margins and centering switches, `placementFields`)
 * as a position: the values filled, a switch only when on. The position's check judges it.
 */
export function placementOf(print: PlainObject): PlainObject {
	const position: PlainObject = {};
	for (const side of POSITION_SIDES) {
		if (print[side] !== undefined && print[side] !== '') position[side] = print[side];
	}
	for (const centre of POSITION_CENTRES) {
		if (print[centre] === true) position[centre] = true;
	}
	return position;
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
