/**
 * What every simplified record has in common: the service's navigation (`links`) and its wire
 * type tags (`creatorse_*` keys) left out at every depth, and the fields a merchant acts on put
 * first, followed by the rest of the record as the service sent it.
 */

import type { IDataObject } from 'n8n-workflow';

import type { PlainObject } from '../values';
import { isPlainObject } from '../values';

const WIRE_TAG = 'creatorse_';

/**
 * A value without `links` blocks and `creatorse_*` keys. A key `creatorse_x` holding an object
 * (the element type of a design element) gives way to that object's own fields.
 */
export function withoutWireNoise(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(withoutWireNoise);
	if (!isPlainObject(value)) return value;
	return copyWithoutNoise({}, value);
}

/** The fields of `source` that are not noise (nor `skipped`) into `target`, noise removed within. */
function copyWithoutNoise(
	target: PlainObject,
	source: PlainObject,
	skipped?: (key: string) => boolean,
): PlainObject {
	for (const key of Object.keys(source)) {
		if (key === 'links' || skipped?.(key)) continue;
		const inner = source[key];
		if (key.startsWith(WIRE_TAG)) {
			if (isPlainObject(inner)) copyWithoutNoise(target, inner, skipped);
			continue;
		}
		target[key] = withoutWireNoise(inner);
	}
	return target;
}

/**
 * The simplified record: `first` in its order (a key whose value is undefined is left out), then
 * every other field of `record` that is not noise. `first` may carry derived fields (a label, a
 * name) that the record does not hold. The fields `first` replaces and the `drop`ped ones are
 * never walked, so a large part the record shows in its own way costs nothing twice.
 */
export function readable(
	record: PlainObject,
	first: PlainObject,
	drop: string[] = [],
): IDataObject {
	const result: PlainObject = {};
	for (const [key, value] of Object.entries(first)) {
		if (value !== undefined) result[key] = value;
	}
	return copyWithoutNoise(
		result,
		record,
		(key) => key in first || drop.includes(key),
	) as IDataObject;
}

/** The `id` of a reference (`{id: 2001}`) or the value itself. */
export function idOf(value: unknown): unknown {
	return isPlainObject(value) ? value.id : value;
}

/** The `name` of a reference when the record carries one. */
export function nameOf(value: unknown): unknown {
	return isPlainObject(value) ? value.name : undefined;
}
