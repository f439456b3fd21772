/**
 * The passthrough items of a deferred order: warehouse items shipped with it untouched, by SKU
 * and quantity, at most 100 per order.
 */

import { isPlainObject, isBlank } from '../../../../shared/values';
import type { PlainObject } from '../../../../shared/values';
import { InputError } from '../../../../shared/errors';
import { membersOf, optionalText, positiveInt } from '../payloads/orderValues';
import type { Problems } from '../payloads/problems';

export const MAX_PASSTHROUGH_ITEMS = 100;

const MEMBER_KEY = 'creatorse_passthroughItem';

function passthroughItem(value: unknown, index: number, path: string): PlainObject {
	const label = `Passthrough Item ${index + 1}`;
	if (!isPlainObject(value)) {
		throw new InputError(`${label} must be an object`, 'Give sku, name and quantity.', path);
	}
	const sku = optionalText(value.sku);
	if (!sku)
		throw new InputError(
			`${label} needs a SKU`,
			'Give the warehouse SKU of the item.',
			`${path}.sku`,
		);
	const out: PlainObject = { sku };
	for (const key of ['name', 'brand', 'color', 'referenceId']) {
		if (!isBlank(value[key])) out[key] = String(value[key]);
	}
	out.quantity = positiveInt(
		value.quantity,
		`${label} quantity`,
		`${path}.quantity`,
		'Enter the quantity as a whole number of at least 1.',
	);
	return out;
}

/** The `passthroughItems` collection checked, each item in wire form; a refused item is left out. */
export function normalisePassthroughItems(value: unknown, problems: Problems): PlainObject[] {
	const items =
		problems.check(undefined, () =>
			membersOf(value, MEMBER_KEY, 'Passthrough Items', 'passthroughItems'),
		) ?? [];
	if (items.length > MAX_PASSTHROUGH_ITEMS) {
		problems.add({
			message: `An order may carry at most ${MAX_PASSTHROUGH_ITEMS} passthrough items, got ${items.length}`,
			fix: 'Split the passthrough items over several orders.',
			field: 'passthroughItems',
		});
		return [];
	}
	return items.flatMap((item, i) => {
		const checked = problems.check(undefined, () =>
			passthroughItem(item, i, `passthroughItems.${MEMBER_KEY}[${i}]`),
		);
		return checked ? [checked] : [];
	});
}
