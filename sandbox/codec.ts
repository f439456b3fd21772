/**
 * The sandbox's wire formats: the media type picked from Accept, documents encoded as JSON (with
 * the configured quirks) or XML, request bodies decoded, and readers that treat JSON values and XML
 * text alike.
 */

import { XMLParser, XMLValidator } from 'fast-xml-parser';

import { badRequest } from './errors';

/**
 * Documents are plain objects in the contract's mapped JSON convention: one root key, `@name`
 * for XML attributes, `atom.link` for Atom links, arrays for repeated elements. Handlers build
 * and read only this form; this module turns it into JSON or XML bytes and back.
 */
export type Doc = Record<string, unknown>;
export type MediaKind = 'json' | 'xml';

export interface Quirks {
	/** A one-member collection is written as the member itself. */
	singleAsObject: boolean;
	/** An empty collection is written as `""`. */
	emptyAsString: boolean;
	/** The `orders/fulfilled` payload says `FULFILLED` where the status is `FINISHED`. */
	fulfilledAsFULFILLED: boolean;
	/**
	 * The expanded product names its print technologies `printTechnologies` instead of
	 * `assignedPrintTechnologies` (the contract shows neither; JSON and XML alike).
	 */
	assignedPrintTechnologiesAsPrintTechnologies: boolean;
	/**
	 * Localizations carry their language as a code in `langId` (`de`, `en-GB`), with no numeric
	 * ID, and Set Localization's body and the Creator snippet take a code there (languages.ts).
	 */
	langIdAsCode: boolean;
}

/** The quirks `PUT /__sandbox/quirks` can switch, each a boolean. */
export const QUIRK_NAMES = [
	'singleAsObject',
	'emptyAsString',
	'fulfilledAsFULFILLED',
	'assignedPrintTechnologiesAsPrintTechnologies',
	'langIdAsCode',
] as const;

export const ATOM_NS = 'http://www.w3.org/2005/Atom';

const MEDIA_TYPES: Record<MediaKind, string> = {
	json: 'application/json',
	xml: 'application/xml',
};

export function mediaTypeOf(kind: MediaKind): string {
	return MEDIA_TYPES[kind];
}

/** Picks the response format from an Accept header; JSON unless XML is asked for first. */
export function responseMediaFor(accept: string | undefined): MediaKind {
	if (!accept) return 'json';
	const lower = accept.toLowerCase();
	const xmlAt = Math.min(
		...['application/xml', 'text/xml'].map((t) => lower.indexOf(t)).filter((i) => i >= 0),
		Infinity,
	);
	if (xmlAt === Infinity) return 'json';
	const jsonAt = lower.indexOf('application/json');
	return jsonAt >= 0 && jsonAt < xmlAt ? 'json' : 'xml';
}

export function isXmlContentType(contentType: string | undefined): boolean {
	return !!contentType && /(application|text)\/([\w.+-]+\+)?xml/i.test(contentType);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a collection that may arrive as an array, a single object, `""` or nothing. */
export function asArray(value: unknown): unknown[] {
	if (value === undefined || value === null || value === '') return [];
	return Array.isArray(value) ? value : [value];
}

/** An Atom link in the mapped convention. */
export function atomLink(rel: string, href: string, type?: string): Doc {
	return type ? { '@rel': rel, '@href': href, '@type': type } : { '@rel': rel, '@href': href };
}

// ---------------------------------------------------------------------------------------------
// JSON

function applyJsonQuirks(value: unknown, quirks: Quirks): unknown {
	if (Array.isArray(value)) {
		const items = value
			.filter((item) => item !== undefined && item !== null)
			.map((item) => applyJsonQuirks(item, quirks));
		if (items.length === 0) return quirks.emptyAsString ? '' : [];
		if (items.length === 1 && quirks.singleAsObject) return items[0];
		return items;
	}
	if (isPlainObject(value)) {
		const entries = Object.entries(value).filter(([, v]) => v !== undefined && v !== null);
		// A wrapper holding only an empty collection is an empty XML element, which the
		// mapped convention writes as "".
		if (
			quirks.emptyAsString &&
			entries.length === 1 &&
			Array.isArray(entries[0][1]) &&
			entries[0][1].length === 0
		) {
			return '';
		}
		const out: Record<string, unknown> = {};
		for (const [key, v] of entries) out[key] = applyJsonQuirks(v, quirks);
		return out;
	}
	return value;
}

export function encodeJson(doc: Doc, quirks: Quirks): string {
	// The root object itself is never collapsed: only its members are.
	const out: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(doc)) out[key] = applyJsonQuirks(value, quirks);
	return JSON.stringify(out);
}

// ---------------------------------------------------------------------------------------------
// XML

function escapeXml(text: string): string {
	return text
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;')
		.replace(/'/g, '&apos;');
}

function writeElement(name: string, value: unknown, out: string[]): void {
	if (value === undefined || value === null) return;
	if (Array.isArray(value)) {
		for (const item of value) writeElement(name, item, out);
		return;
	}
	const tag = name === 'atom.link' ? 'atom:link' : name;
	if (!isPlainObject(value)) {
		out.push(`<${tag}>${escapeXml(String(value))}</${tag}>`);
		return;
	}
	let attributes = '';
	let text = '';
	const children: string[] = [];
	for (const [key, child] of Object.entries(value)) {
		if (child === undefined || child === null) continue;
		if (key.startsWith('@')) attributes += ` ${key.slice(1)}="${escapeXml(String(child))}"`;
		else if (key === '#text') text = escapeXml(String(child));
		else writeElement(key, child, children);
	}
	if (!text && children.length === 0) out.push(`<${tag}${attributes}/>`);
	else out.push(`<${tag}${attributes}>${text}${children.join('')}</${tag}>`);
}

export function encodeXml(doc: Doc): string {
	const [rootName, rootValue] = Object.entries(doc)[0] ?? ['empty', {}];
	const root = isPlainObject(rootValue)
		? { '@xmlns:atom': ATOM_NS, ...rootValue }
		: { '@xmlns:atom': ATOM_NS, '#text': rootValue };
	const out: string[] = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'];
	writeElement(rootName, root, out);
	return out.join('');
}

export function encodeDoc(doc: Doc, kind: MediaKind, quirks: Quirks): Buffer {
	return Buffer.from(kind === 'xml' ? encodeXml(doc) : encodeJson(doc, quirks), 'utf8');
}

const xmlParser = new XMLParser({
	ignoreAttributes: false,
	attributeNamePrefix: '@',
	parseTagValue: false,
	parseAttributeValue: false,
	trimValues: true,
	ignoreDeclaration: true,
	ignorePiTags: true,
});

/** Renames `atom:link` to the mapped convention's `atom.link` and drops namespace declarations. */
function normaliseParsedXml(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(normaliseParsedXml);
	if (!isPlainObject(value)) return value;
	const out: Record<string, unknown> = {};
	for (const [key, child] of Object.entries(value)) {
		if (key.startsWith('@xmlns')) continue;
		out[key === 'atom:link' ? 'atom.link' : key] = normaliseParsedXml(child);
	}
	return out;
}

/**
 * Decodes a request body into the mapped convention. XML values stay strings; handlers read
 * them through the coercion helpers below so JSON numbers and XML text are treated alike.
 */
export function decodeBody(raw: Buffer, contentType: string | undefined): Doc {
	const text = raw.toString('utf8').replace(/^\uFEFF/, '');
	if (text.trim() === '') throw badRequest('Request body is empty');
	if (isXmlContentType(contentType)) {
		const valid = XMLValidator.validate(text);
		if (valid !== true) throw badRequest('Malformed XML body', valid.err.msg);
		const parsed = normaliseParsedXml(xmlParser.parse(text));
		if (!isPlainObject(parsed) || Object.keys(parsed).length === 0) {
			throw badRequest('XML body has no root element');
		}
		return parsed;
	}
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch (error) {
		throw badRequest('Malformed JSON body', (error as Error).message);
	}
	if (!isPlainObject(parsed)) throw badRequest('JSON body must be an object with a root key');
	return parsed;
}

// ---------------------------------------------------------------------------------------------
// Reading values that may be JSON-typed or XML text

export function readInt(value: unknown): number | undefined {
	if (typeof value === 'number' && Number.isInteger(value)) return value;
	if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return Number(value.trim());
	return undefined;
}

export function readString(value: unknown): string | undefined {
	if (typeof value === 'string') return value;
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	return undefined;
}

export function readBool(value: unknown): boolean | undefined {
	if (typeof value === 'boolean') return value;
	if (value === 'true') return true;
	if (value === 'false') return false;
	return undefined;
}

/**
 * Reads the `id` of a reference such as `country{id}`, as the contract writes every reference; a
 * bare number in place of the object is no reference (undefined).
 */
export function readRefId(value: unknown): number | undefined {
	return isPlainObject(value) ? readInt(value.id) : undefined;
}

export function readObject(value: unknown): Record<string, unknown> | undefined {
	return isPlainObject(value) ? value : undefined;
}
