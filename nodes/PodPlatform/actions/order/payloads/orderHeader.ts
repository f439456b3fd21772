/**
 * The head of an order as the forms hold it (Submit's guided form and Create Draft): uniqueId,
 * country, customer with its addresses, shipping title and carrier. `headerBody` puts it in the
 * shape of the wire body, unchecked; each order body checks it with the rest.
 */

import type { PlainObject } from '../../../../shared/values';
import { isBlank } from '../../../../shared/values';

export interface OrderHeaderForm {
	uniqueId?: unknown;
	country: unknown;
	customer?: PlainObject;
	shippingAddress?: PlainObject;
	billingAddress?: PlainObject;
	shippingTitle?: unknown;
	carrierId?: unknown;
}

export function headerBody(form: OrderHeaderForm): PlainObject {
	const customer: PlainObject = { ...(form.customer ?? {}) };
	if (form.billingAddress) customer.billingAddress = form.billingAddress;
	if (form.shippingAddress) customer.shippingAddress = form.shippingAddress;
	const body: PlainObject = {
		uniqueId: form.uniqueId,
		customer,
		country: isBlank(form.country) ? undefined : form.country,
	};
	if (!isBlank(form.shippingTitle) || !isBlank(form.carrierId)) {
		body.orderShipping = {
			title: isBlank(form.shippingTitle) ? undefined : form.shippingTitle,
			carrier: isBlank(form.carrierId) ? undefined : { id: form.carrierId },
		};
	}
	return body;
}
