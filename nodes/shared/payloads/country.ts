/** The order country (currency and VAT), by ID or by ISO code, as the order bodies allow. */

import { isPlainObject } from '../codec';
import { InputError } from '../errors';
import { idRef, optionalText, positiveInt } from './orderValues';
import { isBlank } from '../values';

/** A country by ID (`{id}`, 1, "1") or by ISO code (`{code}`, "DK"), as the deferred body allows. */
export function countryRef(value: unknown): { id: number } | { code: string } {
	const hint = 'Enter the country ID (e.g. 1) or its two-letter ISO code (e.g. DE).';
	if (isBlank(value) || (isPlainObject(value) && isBlank(value.id) && isBlank(value.code))) {
		throw new InputError('Country is missing', hint, 'country');
	}
	if (isPlainObject(value) && !isBlank(value.id))
		return idRef(value, 'Country ID', 'country', hint);
	const code = optionalText(isPlainObject(value) ? value.code : value) as string;
	if (/^\d+$/.test(code)) return { id: positiveInt(code, 'Country ID', 'country.id', hint) };
	if (!/^[A-Za-z]{2}$/.test(code)) {
		throw new InputError(
			`Country must be an ID or a two-letter ISO code, got ${JSON.stringify(code)}`,
			hint,
			'country.code',
		);
	}
	return { code: code.toUpperCase() };
}
