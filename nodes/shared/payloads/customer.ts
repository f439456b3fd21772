/**
 * The customer of an order: its own fields passed on trimmed, its shipping and billing
 * addresses checked. The deferred order requires the shipping address; a draft does not.
 */

import { isPlainObject } from '../codec';
import type { PlainObject } from '../codec';
import { normaliseAddress } from './address';
import { InputError } from '../errors';
import { isBlank } from '../values';

export function normaliseCustomer(
	value: unknown,
	requireShippingAddress: boolean,
): PlainObject | undefined {
	const missing = new InputError(
		'Customer shipping address is missing',
		'Fill in the shipping address (street, city, zip, country code): the service refuses orders without it.',
		'customer.shippingAddress',
	);
	if (isBlank(value)) {
		if (requireShippingAddress) throw missing;
		return undefined;
	}
	if (!isPlainObject(value)) {
		throw new InputError(
			'Customer must be an object',
			'Give firstName, lastName, email and the addresses.',
			'customer',
		);
	}
	const customer: PlainObject = {};
	for (const [key, raw] of Object.entries(value)) {
		if (isBlank(raw) || key === 'shippingAddress' || key === 'billingAddress') continue;
		customer[key] = typeof raw === 'string' ? raw.trim() : raw;
	}
	const billing = normaliseAddress(
		value.billingAddress,
		'Billing address',
		'customer.billingAddress',
	);
	const shipping = normaliseAddress(
		value.shippingAddress,
		'Shipping address',
		'customer.shippingAddress',
	);
	if (billing) customer.billingAddress = billing;
	if (shipping) customer.shippingAddress = shipping;
	else if (requireShippingAddress) throw missing;
	return customer;
}
