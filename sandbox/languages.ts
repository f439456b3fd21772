/**
 * The language of a localization (a product's or a motive's translation) as the wire carries it.
 * The contract names the language `langId` (the Creator snippet's query) and leaves its type open.
 * By default the sandbox writes the numeric language ID beside the code (`{langId: 2, language:
 * 'de'}`); the quirk `langIdAsCode` plays a service that keys languages by code only, writing
 * `{langId: 'de'}` and taking a code where a language is given.
 */

import type { SandboxState } from './context';
import { badRequest } from './errors';
import type { Localization } from './types';

/** Language codes of the language IDs the seed's product localizations use. */
const LANGUAGE_CODES: Record<number, string> = { 1: 'en', 2: 'de' };

/** A language code: letters, then up to two subtags (`de`, `en-GB`, `pt_BR`, `zh-Hant-TW`). */
const LANGUAGE_CODE = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8}){0,2}$/;

/** A localization as the wire carries it, in the form the quirk `langIdAsCode` picks. */
export function localizationBody(sandbox: SandboxState, localization: Localization) {
	const { langId, language, ...rest } = localization;
	if (sandbox.quirks.langIdAsCode) return { ...rest, langId: language || undefined };
	return langId === undefined ? { ...rest, language } : { ...rest, langId, language };
}

/**
 * The language a request gives in `field` (named in the 400 answer): a code under the quirk, the
 * positive numeric ID otherwise; the other form is refused, as a service keyed so would.
 */
export function readLanguage(
	sandbox: SandboxState,
	value: unknown,
	field: string,
): Pick<Localization, 'langId' | 'language'> {
	const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
	if (sandbox.quirks.langIdAsCode) {
		if (!LANGUAGE_CODE.test(text.trim())) {
			throw badRequest(`Invalid ${field}`, `A language code such as de or en-GB, got ${text}`);
		}
		const language = text.trim();
		const known = Object.entries(LANGUAGE_CODES).find(
			([, code]) => code.toLowerCase() === language.toLowerCase(),
		);
		return { langId: known ? Number(known[0]) : undefined, language };
	}
	if (!/^\d+$/.test(text.trim()) || Number(text) < 1) {
		throw badRequest(`Invalid ${field}`, `A positive language id, got ${text}`);
	}
	const langId = Number(text.trim());
	return { langId, language: LANGUAGE_CODES[langId] ?? '' };
}

/** Whether two localizations are in the same language (a new one replaces the old). */
export function sameLanguage(
	a: Localization,
	b: Pick<Localization, 'langId' | 'language'>,
): boolean {
	if (a.langId !== undefined && b.langId !== undefined) return a.langId === b.langId;
	return a.language !== '' && a.language.toLowerCase() === b.language.toLowerCase();
}
