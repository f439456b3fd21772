/** The order country (currency and VAT), by ID or by ISO code, as the order bodies allow. */

import { isPlainObject, isBlank } from '../../../../shared/values';
import { InputError } from '../../../../shared/errors';
import { idRef, optionalText, positiveInt } from './orderValues';

/** A country by ID (`{id}`, 1, "1") or by ISO code (`{code}`, "DK"), as the deferred body allows. */
export function countryRef(value: unknown): { id: number } | { code: string } {
	const hint =
		'Pick the order country from the list, or give its two-letter ISO code (e.g. DE) or its ID (e.g. 1).';
	if (isBlank(value) || (isPlainObject(value) && isBlank(value.id) && isBlank(value.code))) {
		throw new InputError('choose a Country', hint, 'country');
	}
	if (isPlainObject(value) && !isBlank(value.id)) return idRef(value, 'Country', 'country', hint);
	const code = optionalText(isPlainObject(value) ? value.code : value) as string;
	if (/^\d+$/.test(code)) return { id: positiveInt(code, 'Country', 'country.id', hint) };
	if (!/^[A-Za-z]{2}$/.test(code)) {
		throw new InputError(
			`Country must be an ID or a two-letter ISO code, got ${JSON.stringify(code)}`,
			hint,
			'country.code',
		);
	}
	return { code: code.toUpperCase() };
}
