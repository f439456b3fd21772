import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { PlainObject } from '../../../shared/codec';
import type { OrderHeaderForm } from '../../../shared/payloads/orderHeader';
import { OrderPayloadError } from '../../../shared/payloads/orderErrors';
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

export function asItem(data: PlainObject | undefined): { json: IDataObject } {
	return { json: (data ?? {}) as IDataObject };
}
