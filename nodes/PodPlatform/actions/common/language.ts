/**
 * Languages, in one vocabulary across the node: the service's language ID, `langId`. The contract
 * names the language so where it passes one (the Creator snippet's `langId`); the products'
 * localizations carry the same `langId` beside the language's code (`de`), and a motive's
 * translation is stored under it. So Set Localization, the Creator's Language option and the
 * Language lists all take and offer the language ID, a positive whole number, checked here once.
 */

import type { PlainObject } from '../../../shared/codec';
import { isPlainObject } from '../../../shared/codec';
import { InputError } from '../../../shared/errors';

const LANGUAGE_ID = /^[1-9]\d*$/;

/** Whether a value is a language ID: a positive whole number (as a number or its digits). */
export function isLanguageId(value: unknown): boolean {
	return LANGUAGE_ID.test(typeof value === 'number' ? String(value) : textOf(value));
}

function textOf(value: unknown): string {
	return typeof value === 'string' ? value.trim() : '';
}

/**
 * A language ID as given in a field, checked; undefined when the field is empty. A language code
 * such as `de` is refused: the service keys its translations by the ID.
 */
export function languageIdOf(value: unknown, label = 'Language ID'): number | undefined {
	const text = typeof value === 'number' ? String(value) : textOf(value);
	if (text === '') return undefined;
	if (!LANGUAGE_ID.test(text)) {
		throw new InputError(
			`${label} must be a positive whole number, got "${text}"`,
			"Choose the language from the list, or give the service's numeric language ID, not a language code such as de (a product's localizations, Product → Get Expanded, show the IDs in use).",
		);
	}
	return Number(text);
}

/** One language a record names: its ID when it gives one, its code when it gives one. */
interface NamedLanguage {
	id?: number;
	code?: string;
}

/**
 * The language a localization record names. The contract shows no field of a localization, so
 * every plausible shape is read: `langId` (the ID, or a code where a service writes one there),
 * `language` as a code or as a record `{id, code}`, and `languageCode`.
 */
function languageOfRecord(record: PlainObject): NamedLanguage {
	const named: NamedLanguage = {};
	const language = record.language;
	const candidates = [record.langId, isPlainObject(language) ? language.id : undefined];
	for (const candidate of candidates) {
		if (named.id === undefined && isLanguageId(candidate)) named.id = Number(candidate);
	}
	const codes = [
		isPlainObject(language) ? (language.code ?? language.language) : language,
		record.languageCode,
		isLanguageId(record.langId) ? undefined : record.langId,
	];
	for (const code of codes) {
		if (named.code === undefined && textOf(code) !== '') named.code = textOf(code).toLowerCase();
	}
	return named;
}

export interface LanguageOption {
	/** The language ID, as the dropdown's value. */
	value: string;
	/** The language's English name, or its code, or "Language" when the records give neither. */
	name: string;
}

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** A language code as its English name ("de" → "German"); the code itself when unknown. */
function languageName(code: string | undefined): string {
	if (!code) return 'Language';
	try {
		return languageNames.of(code) ?? code;
	} catch {
		return code;
	}
}

/**
 * The languages of localization records (of several products at once), each valued by its
 * language ID. A record that names its language only by code takes the ID another record pairs
 * with that code; a language whose ID no record gives is left out, as no operation could send it.
 */
export function languagesOf(records: PlainObject[][]): LanguageOption[][] {
	const named = records.map((list) => list.filter(isPlainObject).map(languageOfRecord));
	const idOfCode = new Map<string, number>();
	const codeOfId = new Map<number, string>();
	for (const language of named.flat()) {
		if (language.id === undefined || language.code === undefined) continue;
		if (!idOfCode.has(language.code)) idOfCode.set(language.code, language.id);
		if (!codeOfId.has(language.id)) codeOfId.set(language.id, language.code);
	}
	return named.map((list) =>
		list.flatMap((language) => {
			const id =
				language.id ?? (language.code === undefined ? undefined : idOfCode.get(language.code));
			if (id === undefined) return [];
			return [{ value: String(id), name: languageName(language.code ?? codeOfId.get(id)) }];
		}),
	);
}
