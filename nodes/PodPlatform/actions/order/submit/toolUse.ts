/**
 * What Submit demands when an AI agent calls it as a tool: a model may repeat a call, and no
 * person looks at the order before it goes out. So a tool order names its Unique ID, which makes
 * a repeated call return the order it made (Exactly Once), and is never Paid, which would start
 * production and charge the merchant, unless the workflow's author allowed it. And since a Unique
 * ID is easy to guess, an order it finds is told only to the customer it was placed for.
 */

import type { IDataObject } from 'n8n-workflow';

import { InputError } from '../../../../shared/errors';
import { isPlainObject } from '../../../../shared/values';
import { placedWithEmail } from '../buyerEmail';
import type { DeferredOrder } from './types';

export function checkToolOrder(order: DeferredOrder, allowPaid: boolean): void {
	if (!order.uniqueId) {
		throw new InputError(
			'Unique ID is required when an AI tool submits an order',
			"Give the order's own reference (for example the shop's order number): a repeated call with the same Unique ID returns the order already made instead of ordering twice.",
			'uniqueId',
		);
	}
	if (order.financialStatus === 'PAID' && !allowPaid) {
		throw new InputError(
			'Financial Status Paid is not allowed when an AI tool submits an order',
			'Submit it as Pending: nothing is produced or charged until the merchant pays it. To let this tool start production and charge the order, the workflow author turns on Options › Allow Paid Orders.',
			'financialStatus',
		);
	}
}

/**
 * What a tool may answer of the order its Unique ID found, when the caller's request is not the
 * customer's: undefined when the stored order was placed with the request's email (the rule of
 * Order → Get's Require the Buyer's Email, `placedWithEmail`), so the whole order may be answered.
 * Otherwise only that an order with this reference exists: a model can guess a Unique ID
 * (`DEMO-1004`, `#1001`), and the stored order's name, email, addresses and tracking are another
 * customer's. Nothing of it is told, not even how it differs from the request.
 */
export function withheldFromCaller(
	requested: IDataObject,
	stored: IDataObject,
): IDataObject | undefined {
	const callerEmail = isPlainObject(requested.customer) ? requested.customer.email : undefined;
	if (placedWithEmail(stored, typeof callerEmail === 'string' ? callerEmail : '')) return undefined;
	const uniqueId = requested.uniqueId ?? null;
	return {
		uniqueId,
		alreadyExisted: true,
		detailsWithheld: true,
		note: `An order with the Unique ID "${String(uniqueId)}" exists already, so no order was made for this request. Its details are given only for the customer's own email: if this is that customer's order, submit it with the email it was placed with; if not, this order needs a Unique ID of its own.`,
	};
}
