/**
 * A variant as a storefront gives it, read into plain values to match against a product's color
 * and size names: Shopify's `variant_title` ("Black / M", option values joined by " / "),
 * WooCommerce's line `meta_data` (`[{key: "pa_color", value: "black"}, {key: "size", value: "L"}]`,
 * maybe with `display_key` / `display_value`), a plain list of values, or `{color, size}`.
 */

import { jsonParse } from 'n8n-workflow';

import { isPlainObject, isBlank } from '../../../../shared/values';
import { textMemo } from '../../../../shared/acrossExecutions';

/** What one storefront value says, and which option it belongs to when its key tells. */
export interface VariantValue {
	/** The value as given ("black"), and the shown form where the storefront gives one ("Black"). */
	values: string[];
	/** The option its key names; undefined when the value comes without a key or another key. */
	option?: 'color' | 'size';
	/** The key as given, to name the value in a problem. */
	key?: string;
}

/** Shopify joins a variant's option values with " / "; a lone "/" belongs to a value ("S/M"). */
const SHOPIFY_SEPARATOR = ' / ';

/** The option a storefront key names: `pa_color`, `attribute_pa_colour`, `Color`, `size`. */
function optionOfKey(key: string): 'color' | 'size' | undefined {
	const bare = key
		.trim()
		.toLowerCase()
		.replace(/^attribute_/, '')
		.replace(/^pa_/, '');
	if (/colou?r/.test(bare)) return 'color';
	if (/size/.test(bare)) return 'size';
	return undefined;
}

function text(value: unknown): string | undefined {
	if (isBlank(value) || isPlainObject(value) || Array.isArray(value)) return undefined;
	return String(value).trim() || undefined;
}

/** One entry of a list: a value, `{key, value}` (WooCommerce), `{name, value}`. */
function entryOf(entry: unknown): VariantValue | undefined {
	if (!isPlainObject(entry)) {
		const value = text(entry);
		return value ? { values: [value] } : undefined;
	}
	const key = text(entry.key) ?? text(entry.name);
	// WooCommerce hides meta whose key starts with "_" (stock notes, internal ids).
	if (key?.startsWith('_')) return undefined;
	const values = [text(entry.value), text(entry.display_value)].filter(
		(value): value is string => value !== undefined,
	);
	if (!values.length) return undefined;
	const option = optionOfKey(key ?? '') ?? optionOfKey(text(entry.display_key) ?? '');
	return { values: [...new Set(values)], option, key };
}

/**
 * The variants given as text, read once each (shared/acrossExecutions.ts): a run's lines repeat
 * the same few variant titles ("Black / M"). Frozen, as every line that gives the title shares
 * them.
 */
const readText = textMemo('variant texts read', (given: string): readonly VariantValue[] =>
	Object.freeze(
		readVariant(given).map((entry) =>
			Object.freeze({ ...entry, values: Object.freeze([...entry.values]) as string[] }),
		),
	),
);

/**
 * The values of a variant as given, in order; empty when nothing is given. Text that holds a JSON
 * list or object is read as that list or object.
 */
export function variantValues(given: unknown): readonly VariantValue[] {
	if (typeof given !== 'string' || given === '') return readVariant(given);
	return readText(given);
}

function readVariant(given: unknown): VariantValue[] {
	if (isBlank(given)) return [];
	if (typeof given === 'string') {
		const trimmed = given.trim();
		if (/^[[{]/.test(trimmed)) {
			try {
				return readVariant(jsonParse(trimmed));
			} catch {
				// Not JSON after all: a value that starts with a bracket.
			}
		}
		return trimmed
			.split(SHOPIFY_SEPARATOR)
			.map((part) => part.trim())
			.filter(Boolean)
			.map((value) => ({ values: [value] }));
	}
	if (Array.isArray(given)) {
		return given.flatMap((entry) => entryOf(entry) ?? []);
	}
	if (isPlainObject(given)) {
		return Object.entries(given).flatMap(([key, value]) => entryOf({ key, value }) ?? []);
	}
	const value = text(given);
	return value ? [{ values: [value] }] : [];
}

/** A name in any case, its spaces as one. */
function plainName(value: unknown): string {
	return String(value ?? '')
		.trim()
		.toLowerCase()
		.replace(/\s+/g, ' ');
}

/**
 * A plain name as a slug (`navy-blue`). Names are mostly ASCII, and for a lower-case ASCII name
 * `[^a-z0-9]` is what the Unicode class says at a fraction of its cost.
 */
function slugOf(plain: string): string {
	const dashed = /^[\x20-\x7e]*$/.test(plain)
		? plain.replace(/[^a-z0-9]+/g, '-')
		: plain.replace(/[^\p{L}\p{N}]+/gu, '-');
	return dashed.replace(/^-|-$/g, '');
}

interface NameForms {
	plain: string;
	slug?: string;
}

/**
 * The forms of the names already compared, by the text given (shared/acrossExecutions.ts): every
 * line compares its variant with each color and size of its product, and a run names the same few
 * colors and sizes again and again. The slug is worked out when first compared, from the text
 * alone.
 */
const formsOfText = textMemo(
	'name forms',
	(value: string): NameForms => ({ plain: plainName(value) }),
);

function formsOf(value: unknown): NameForms {
	return typeof value === 'string' ? formsOfText(value) : { plain: plainName(value) };
}

function slugOfForms(forms: NameForms): string {
	forms.slug ??= slugOf(forms.plain);
	return forms.slug;
}

/** A name as a storefront may write it: any case, spaces or a slug ("Navy Blue", "navy-blue"). */
export function sameName(a: unknown, b: unknown): boolean {
	const left = formsOf(a);
	if (!left.plain) return false;
	const right = formsOf(b);
	if (left.plain === right.plain) return true;
	const slug = slugOfForms(left);
	return slug !== '' && slug === slugOfForms(right);
}
