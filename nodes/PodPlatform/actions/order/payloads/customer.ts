/**
 * The customer of an order: its own fields passed on trimmed, its shipping and billing
 * addresses checked. An order needs a shipping address (the contract: a missing customer address
 * is refused); which of its fields a parcel needs is the service's to say, since many places
 * (Hong Kong, the UAE, Ireland) write addresses without a postal code.
 */

import { isPlainObject, isBlank } from '../../../../shared/values';
import type { PlainObject } from '../../../../shared/values';
import { normaliseAddress } from './address';
import { InputError } from '../../../../shared/errors';

const SHIPPING_HINT =
	'Give the address the parcel goes to (street, street number, ZIP code, city, country code, as the address has them); the service refuses an order without a shipping address.';

export function normaliseCustomer(
	value: unknown,
	requireShippingAddress: boolean,
): PlainObject | undefined {
	const refuseMissing = (address: PlainObject | undefined) => {
		if (requireShippingAddress && !address) {
			throw new InputError('Shipping Address is empty', SHIPPING_HINT, 'customer.shippingAddress');
		}
	};
	if (isBlank(value)) {
		refuseMissing(undefined);
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
		'Billing Address',
		'customer.billingAddress',
	);
	const shipping = normaliseAddress(
		value.shippingAddress,
		'Shipping Address',
		'customer.shippingAddress',
	);
	refuseMissing(shipping);
	if (billing) customer.billingAddress = billing;
	if (shipping) customer.shippingAddress = shipping;
	return customer;
}
