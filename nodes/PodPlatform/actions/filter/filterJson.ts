/** A stored filter the user writes as JSON: checked to be one filter of the list's type. */

import { isPlainObject, type PlainObject } from '../../../shared/values';
import { InputError } from '../../../shared/errors';
import type { FilterRoot } from '../../../shared/payloads/filterFields';
import { FILTER_ROOTS, isFilterRoot } from '../../../shared/payloads/filterFields';

/**
 * A filter body from JSON the user wrote: with or without its root key; a `filterId` copied from
 * an earlier answer is dropped. Throws InputError for anything that is not one filter of
 * the expected type (or, with no expected type, of some top-level type).
 */
export function filterBodyFromJson(parsed: unknown, expected: FilterRoot | undefined): PlainObject {
	if (!isPlainObject(parsed)) {
		throw new InputError('Filter JSON must be an object', 'Write the filter as a JSON object.');
	}
	const keys = Object.keys(parsed);
	const namedRoot = keys.length === 1 && isFilterRoot(keys[0]) ? keys[0] : undefined;
	const root = namedRoot ?? expected;
	if (!root) {
		throw new InputError(
			'Filter JSON does not name its filter type',
			`Wrap the filter in its type, for example {"productFilter": {...}}; types: ${Object.keys(FILTER_ROOTS).join(', ')}.`,
		);
	}
	if (expected && root !== expected) {
		throw new InputError(
			`Filter JSON is a ${root}, but this list takes a ${expected}`,
			`Write a ${expected}, or leave out the root key and give only its content.`,
		);
	}
	const content = namedRoot ? parsed[namedRoot] : parsed;
	if (!isPlainObject(content)) {
		throw new InputError(
			`Filter JSON: ${root} must hold an object`,
			'Put the expressions inside an object.',
		);
	}
	const rest = { ...content };
	delete rest.filterId;
	return { [root]: rest };
}
