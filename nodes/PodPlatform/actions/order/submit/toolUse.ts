/**
 * What Submit demands when an AI agent calls it as a tool: a model may repeat a call, and no
 * person looks at the order before it goes out. So a tool order names its Unique ID, which makes
 * a repeated call return the order it made (Exactly Once), and is never Paid, which would start
 * production and charge the merchant, unless the workflow's author allowed it.
 */

import { InputError } from '../../../../shared/errors';
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
