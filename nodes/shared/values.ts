/**
 * Small facts about values that several builders, checks and decoders share: what counts as
 * blank, a record and a list as the wire gives them, what is a web address, how a service token
 * reads as a label.
 */

/** A record as decoded from the wire or written into a body: names to values. */
export type PlainObject = { [key: string]: unknown };

/** Nothing given: undefined, null or the empty string (the wire sends a missing value as `""`). */
export function isBlank(value: unknown): boolean {
	return value === undefined || value === null || value === '';
}

/** An absolute http or https address. */
export function isHttpUrl(value: string): boolean {
	try {
		const url = new URL(value);
		return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
	} catch {
		return false;
	}
}

/** A service token as a label: `ORDER_UPDATED` → `Order Updated`. */
export function titleCase(token: string): string {
	return token
		.toLowerCase()
		.split('_')
		.map((word) => word.charAt(0).toUpperCase() + word.slice(1))
		.join(' ');
}

/** Always an array: the wire may send one member as a plain object, none as `""` or nothing. */
export function toArray<T = unknown>(value: unknown): T[] {
	if (isBlank(value)) return [];
	return (Array.isArray(value) ? value : [value]) as T[];
}

export function isPlainObject(value: unknown): value is PlainObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
