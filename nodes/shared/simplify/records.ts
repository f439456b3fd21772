/**
 * What every simplified record has in common: the service's navigation (`links`) and its wire
 * type tags (`creatorse_*` keys) left out at every depth, and the fields a merchant acts on put
 * first, followed by the rest of the record as the service sent it.
 */

import type { IDataObject } from 'n8n-workflow';

import type { PlainObject } from '../codec';
import { isPlainObject } from '../codec';

const WIRE_TAG = 'creatorse_';

/**
 * A value without `links` blocks and `creatorse_*` keys. A key `creatorse_x` holding an object
 * (the element type of a design element) gives way to that object's own fields.
 */
export function withoutWireNoise(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(withoutWireNoise);
	if (!isPlainObject(value)) return value;
	const result: PlainObject = {};
	for (const [key, inner] of Object.entries(value)) {
		if (key === 'links') continue;
		if (key.startsWith(WIRE_TAG)) {
			if (isPlainObject(inner)) Object.assign(result, withoutWireNoise(inner));
			continue;
		}
		result[key] = withoutWireNoise(inner);
	}
	return result;
}

/**
 * The simplified record: `first` in its order (a key whose value is undefined is left out), then
 * every other field of `record` that is not noise. `first` may carry derived fields (a label, a
 * name) that the record does not hold.
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
	const rest = withoutWireNoise(record) as PlainObject;
	for (const [key, value] of Object.entries(rest)) {
		if (key in first || drop.includes(key)) continue;
		result[key] = value;
	}
	return result as IDataObject;
}

/** The `id` of a reference (`{id: 2001}`) or the value itself. */
export function idOf(value: unknown): unknown {
	return isPlainObject(value) ? value.id : value;
}

/** The `name` of a reference when the record carries one. */
export function nameOf(value: unknown): unknown {
	return isPlainObject(value) ? value.name : undefined;
}
