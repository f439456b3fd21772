/**
 * Small checks every order payload uses: blank values, positive whole numbers, `{id}`
 * references, text, and the contract's wrapped collections.
 */

import { isPlainObject, toArray, isBlank } from '../../../../shared/values';
import { InputError } from '../../../../shared/errors';

/** The hint for an amount that is not a positive whole number. */
export const AMOUNT_HINT = 'Enter how many pieces to produce, as a whole number of at least 1.';

/** A positive whole number given as a number or as digits. */
export function positiveInt(value: unknown, label: string, path: string, hint: string): number {
	const text =
		typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
	if (/^\d+$/.test(text) && Number(text) >= 1 && Number.isSafeInteger(Number(text))) {
		return Number(text);
	}
	throw new InputError(
		`${label} must be a positive whole number, got ${JSON.stringify(value ?? '')}`,
		hint,
		path,
	);
}

/** `{id}` from `{id: 7}`, `7` or `"7"`. */
export function idRef(value: unknown, label: string, path: string, hint: string): { id: number } {
	const raw = isPlainObject(value) ? value.id : value;
	return { id: positiveInt(raw, label, isPlainObject(value) ? `${path}.id` : path, hint) };
}

/**
 * A required `{id}` the form offers as a choice: blank is "choose a Print Area" in the form's
 * words; anything else must be a whole number (`{id: 7}`, `7` or `"7"`).
 */
export function chosenId(
	value: unknown,
	field: string,
	path: string,
	hint: string,
): { id: number } {
	const raw = isPlainObject(value) ? value.id : value;
	if (isBlank(raw)) {
		const article = /^[AEIOU]/i.test(field) ? 'an' : 'a';
		throw new InputError(`choose ${article} ${field}`, hint, path);
	}
	return idRef(value, field, path, hint);
}

export function optionalText(value: unknown): string | undefined {
	if (isBlank(value)) return undefined;
	return typeof value === 'string' ? value.trim() : String(value);
}

/**
 * The members of a wrapped collection: `{ creatorse_design: [...] }`, a bare array, or a single
 * member written as the object itself (the JSON convention). A wrapper with another member name
 * is refused, so a misspelt wrapper never drops items silently.
 */
export function membersOf(
	value: unknown,
	memberKey: string,
	label: string,
	path: string,
): unknown[] {
	if (isBlank(value)) return [];
	if (Array.isArray(value)) return value;
	if (isPlainObject(value)) {
		const keys = Object.keys(value);
		if (keys.length === 0) return [];
		if (keys.length === 1 && keys[0] === memberKey) return toArray(value[memberKey]);
	}
	throw new InputError(
		`${label} must hold "${memberKey}" items`,
		`Write it as {"${memberKey}": [ ... ]} or as a plain array.`,
		path,
	);
}
