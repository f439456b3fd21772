/**
 * An order look-up a customer may make: an order's Unique ID (`shopify-450789469`, `#1001`) is easy
 * to guess, so a look-up on a customer's behalf (a shop's support agent) can require a second fact
 * only the buyer knows, the email the order was placed with. Without it no customer data leaves:
 * an unknown Unique ID and a wrong email get the same answer, so neither tells that an order exists.
 */

import { isPlainObject } from '../../../shared/values';
import type { PlainObject } from '../../../shared/values';
import { InputError } from '../../../shared/errors';

/** An email as compared: surrounding spaces dropped, any case. */
const emailKey = (email: unknown) => (typeof email === 'string' ? email.trim().toLowerCase() : '');

/** The one answer to a look-up that does not match, whatever did not. */
export function noOrderMatches(): InputError {
	return new InputError(
		'No order matches this Unique ID and email',
		"Ask the customer for the order's reference and the email address it was placed with, and give both exactly (the email in any case).",
		'options.buyerEmail',
	);
}

/**
 * Whether the order was placed with this email (surrounding spaces dropped, any case); false when
 * it holds none. The one rule for who may read an order's customer data: Order → Get with the
 * buyer's email required, and a tool's Submit that finds an order by its Unique ID (toolUse.ts).
 */
export function placedWithEmail(order: PlainObject, email: string): boolean {
	const customer = isPlainObject(order.customer) ? order.customer : {};
	const placed = emailKey(customer.email);
	return placed !== '' && placed === emailKey(email);
}
