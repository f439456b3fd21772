/**
 * The customer of an order: its own fields passed on trimmed, its shipping and billing
 * addresses checked. An order requires a shipping address a parcel can reach (street, ZIP code,
 * city and country code).
 */

import { isPlainObject, isBlank } from '../../../../shared/values';
import type { PlainObject } from '../../../../shared/values';
import { ADDRESS_LABELS, normaliseAddress, REQUIRED_SHIPPING_KEYS } from './address';
import { InputError } from '../../../../shared/errors';

const REQUIRED_SHIPPING_HINT = `A parcel needs ${REQUIRED_SHIPPING_KEYS.map((key) => ADDRESS_LABELS[key]).join(', ')}; the service refuses an order without a shipping address.`;

/** The required shipping fields still empty; none when all are there. */
function missingShippingFields(
	address: PlainObject | undefined,
): Array<(typeof REQUIRED_SHIPPING_KEYS)[number]> {
	return REQUIRED_SHIPPING_KEYS.filter((key) => isBlank(address?.[key]));
}

export function normaliseCustomer(
	value: unknown,
	requireShippingAddress: boolean,
): PlainObject | undefined {
	const refuseMissing = (address: PlainObject | undefined) => {
		const missing = missingShippingFields(address);
		if (requireShippingAddress && missing.length) {
			throw new InputError(
				`Shipping Address: fill in ${missing.map((key) => ADDRESS_LABELS[key]).join(', ')}`,
				REQUIRED_SHIPPING_HINT,
				'customer.shippingAddress',
				missing.map((key) => `customer.shippingAddress.${key}`),
			);
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
