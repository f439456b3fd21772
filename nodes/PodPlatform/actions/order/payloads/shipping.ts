/** The shipping of an order: its title as shown to the customer and the carrier by ID. */

import { isPlainObject, isBlank } from '../../../../shared/values';
import type { PlainObject } from '../../../../shared/values';
import { InputError } from '../../../../shared/errors';
import { idRef } from './orderValues';

export function normaliseShipping(value: unknown): PlainObject | undefined {
	if (isBlank(value)) return undefined;
	if (!isPlainObject(value)) {
		throw new InputError(
			'Order shipping must be an object',
			'Give title and carrier {id}.',
			'orderShipping',
		);
	}
	const shipping: PlainObject = {};
	for (const [key, raw] of Object.entries(value)) {
		if (isBlank(raw) || key === 'carrier') continue;
		shipping[key] = raw;
	}
	if (!isBlank(value.carrier)) {
		shipping.carrier = idRef(
			value.carrier,
			'Carrier',
			'orderShipping.carrier',
			'Pick a carrier of the shop from the list, or give its ID (Carrier → Get Many lists them).',
		);
	}
	return Object.keys(shipping).length ? shipping : undefined;
}
