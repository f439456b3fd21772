/**
 * Languages, in one vocabulary across the node: the language as the service's own records carry
 * it in `langId`. The contract names the language so where it passes one (the Creator snippet's
 * `langId`) and leaves its type open: a service may key languages by a numeric ID (the products'
 * localizations then carry `langId: 2` beside the code `de`) or by the code itself (`langId:
 * 'de'`). So Set Localization, the Creator's Language option and the Language lists all take and
 * offer either, checked here once, and send it as given: a number as a number, a code as text.
 */

import type { PlainObject } from '../../../shared/values';
import { isPlainObject } from '../../../shared/values';
import { InputError } from '../../../shared/errors';

/** A language as the service takes it: its numeric ID, or its code. */
export type Language = number | string;

const LANGUAGE_ID = /^[1-9]\d*$/;

/**
 * A language code, checked loosely: two or three letters, then up to two subtags such as a region
 * (`de`, `en-GB`, `pt_BR`, `es-419`, `zh-Hant-TW`). A name such as "German" is refused.
 */
const LANGUAGE_CODE = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8}){0,2}$/;

/** Whether a value is a language ID: a positive whole number (as a number or its digits). */
function isLanguageId(value: unknown): boolean {
	return LANGUAGE_ID.test(typeof value === 'number' ? String(value) : textOf(value));
}

function textOf(value: unknown): string {
	return typeof value === 'string' ? value.trim() : '';
}

/**
 * A language as given in a field, checked: the language ID as a number, or the language code as
 * text, unchanged but for surrounding spaces; undefined when the field is empty.
 */
export function languageOf(value: unknown, label = 'Language'): Language | undefined {
	const text = typeof value === 'number' ? String(value) : textOf(value);
	if (text === '') return undefined;
	if (LANGUAGE_ID.test(text)) return Number(text);
	if (LANGUAGE_CODE.test(text)) return text;
	throw new InputError(
		`${label} must be a language ID (a positive whole number) or a language code such as de or en-GB, got "${text}"`,
		"Choose the language from the list, or give it as the shop's products list their translations: the service's numeric language ID, or the language code where the service keys languages by code (Product → Get Expanded shows a product's localizations).",
	);
}

/** One language a record names: its ID when it gives one, its code when it gives one. */
interface NamedLanguage {
	id?: number;
	/** The code as the record carries it (`en-GB`). */
	code?: string;
}

/**
 * The language a localization record names. The contract shows no field of a localization, so
 * every plausible shape is read: `langId` (the ID, or the code where the service keys languages
 * by code), `language` as a code or as a record `{id, code}`, and `languageCode`.
 */
function languageOfRecord(record: PlainObject): NamedLanguage {
	const named: NamedLanguage = {};
	const language = record.language;
	const candidates = [record.langId, isPlainObject(language) ? language.id : undefined];
	for (const candidate of candidates) {
		if (named.id === undefined && isLanguageId(candidate)) named.id = Number(candidate);
	}
	const codes = [
		isLanguageId(record.langId) ? undefined : record.langId,
		isPlainObject(language) ? (language.code ?? language.language) : language,
		record.languageCode,
	];
	for (const code of codes) {
		if (named.code === undefined && LANGUAGE_CODE.test(textOf(code))) named.code = textOf(code);
	}
	return named;
}

export interface LanguageOption {
	/** The language as the dropdown's value: its ID when a record gives one, else its code. */
	value: string;
	/** The language's English name, or its code, or "Language" when the records give neither. */
	name: string;
}

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** A language code as its English name ("de" → "German", "en-GB" → "British English"). */
function languageName(code: string | undefined): string {
	if (!code) return 'Language';
	try {
		return languageNames.of(code.replace('_', '-')) ?? code;
	} catch {
		return code;
	}
}

/**
 * The languages of localization records (of several products at once). Each is valued by its
 * language ID where any record gives one, the form a service that pairs IDs with codes keys its
 * languages by; a language whose records carry its code only is valued by that code, as the
 * first record carries it. Codes are matched regardless of case (`en-gb` is `en-GB`).
 */
export function languagesOf(records: PlainObject[][]): LanguageOption[][] {
	const named = records.map((list) => list.filter(isPlainObject).map(languageOfRecord));
	const idOfCode = new Map<string, number>();
	const codeOfId = new Map<number, string>();
	const codeAsCarried = new Map<string, string>();
	for (const language of named.flat()) {
		if (language.code === undefined) continue;
		const key = language.code.toLowerCase();
		if (!codeAsCarried.has(key)) codeAsCarried.set(key, language.code);
		if (language.id === undefined) continue;
		if (!idOfCode.has(key)) idOfCode.set(key, language.id);
		if (!codeOfId.has(language.id)) codeOfId.set(language.id, language.code);
	}
	return named.map((list) =>
		list.flatMap((language) => {
			const key = language.code?.toLowerCase();
			const id = language.id ?? (key === undefined ? undefined : idOfCode.get(key));
			if (id !== undefined) {
				return [{ value: String(id), name: languageName(language.code ?? codeOfId.get(id)) }];
			}
			if (key === undefined) return [];
			const code = codeAsCarried.get(key) ?? key;
			return [{ value: code, name: languageName(code) }];
		}),
	);
}

/**
 * The localization record in a language (given as `languageOf` gives it: an ID or a code), among
 * a product's or motive's localizations: an ID finds the record naming that ID, a code the record
 * naming that code (any case).
 */
export function localizationIn(
	records: PlainObject[],
	language: Language,
): PlainObject | undefined {
	const named = records.filter(isPlainObject).map((record) => ({
		record,
		language: languageOfRecord(record),
	}));
	if (typeof language === 'number') {
		return named.find((entry) => entry.language.id === language)?.record;
	}
	const code = language.toLowerCase();
	const byCode = named.find((entry) => entry.language.code?.toLowerCase() === code);
	return byCode?.record;
}
