/**
 * The one place that turns the service's wire formats into plain objects and back.
 *
 * Wire forms (contract, "Media types", and the field notes):
 * - JSON is a mapped convention of the XML model: the top-level object sits under a root key,
 *   attributes become `@name` keys, Atom links sit under `atom.link`, and a collection with one
 *   member may arrive as a plain object; an empty one may arrive as `""`.
 * - XML carries the same tree as elements and attributes.
 *
 * What the nodes see (`decode`): the root key unwrapped, every known collection an array, Atom
 * links as `links: { self, next, ... }`, `@` prefixes gone, and every value typed by what the
 * contract says its field is (`fieldTypes.ts`), the same for JSON and XML: a JSON answer that
 * sends a number as a string, or XML text, becomes the same value.
 */

import type { IDataObject } from 'n8n-workflow';
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';

import type { FieldType, ScalarType } from './fieldTypes';
import { RECORD_COLLECTIONS, fieldTypeOf } from './fieldTypes';
import { isPlainObject, toArray, type PlainObject } from './values';
import { textMemo } from './acrossExecutions';

export type MediaType = 'json' | 'xml';

export const CONTENT_TYPES: Record<MediaType, string> = {
	json: 'application/json',
	xml: 'application/xml',
};

/** Numeric text: a number-typed field's value, whichever media type carried it. */
const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

/** The paging fields of a `pagedData`; its one other element holds the items. */
const PAGE_META_KEYS = new Set(['totalElements', 'links', 'page', 'size', 'totalPages', 'number']);

const PAGE_ROOT = 'pagedData';

/** Dangerous or unsupported XML constructs: the service never sends a DTD. */
const DOCTYPE = /<!DOCTYPE|<!ENTITY/i;

export class CodecError extends Error {
	constructor(
		message: string,
		readonly detail?: string,
	) {
		super(message);
		this.name = 'CodecError';
	}
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const ENTITY_REFERENCE = /&(?:(amp|lt|gt|quot|apos)|#(\d+)|#x([0-9a-fA-F]+));/g;

/**
 * The references XML itself defines (XML 1.0, 4.1 and 4.6): the five predefined entities and
 * character references, decimal or hexadecimal. A reference to no valid character stays as written.
 */
function decodeXmlEntities(text: string): string {
	if (!text.includes('&')) return text;
	return text.replace(
		ENTITY_REFERENCE,
		(reference, name?: string, decimal?: string, hex?: string) => {
			if (name) return XML_ENTITIES[name];
			const codePoint = decimal ? Number(decimal) : parseInt(hex ?? '', 16);
			return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : reference;
		},
	);
}

/**
 * The parser keeps document order (`preserveOrder`), and `elementOf` turns that into the JSON
 * convention in one pass, renaming as it goes: fast-xml-parser's own object form would be a
 * second pass over the tree, and renaming a third.
 */
const xmlParser = new XMLParser({
	preserveOrder: true,
	ignoreAttributes: false,
	attributeNamePrefix: '@',
	parseTagValue: false,
	parseAttributeValue: false,
	trimValues: true,
	processEntities: true,
	entityDecoder: {
		decode: decodeXmlEntities,
		// A document with a DTD is refused before parsing, so there are no entities of its own.
		setExternalEntities: () => {},
		addInputEntities: () => {},
		reset: () => {},
		setXmlVersion: () => {},
	},
	ignoreDeclaration: true,
	ignorePiTags: true,
	// Callbacks get the parser's path matcher instead of a path string built for every tag.
	jPath: false,
});

const xmlBuilder = new XMLBuilder({
	ignoreAttributes: false,
	attributeNamePrefix: '@',
	suppressEmptyNode: false,
	format: false,
});

/** The media type a Content-Type header names, or undefined when it is neither JSON nor XML. */
export function mediaTypeOfContentType(contentType: string | undefined): MediaType | undefined {
	if (!contentType) return undefined;
	const lower = contentType.toLowerCase();
	if (lower.includes('json')) return 'json';
	if (lower.includes('xml')) return 'xml';
	return undefined;
}

/** Guess the media type of a body from its first character. */
export function sniffMediaType(text: string): MediaType {
	return text.trimStart().startsWith('<') ? 'xml' : 'json';
}

// ---------------------------------------------------------------------------------------------
// Decoding
// ---------------------------------------------------------------------------------------------

export interface Decoded {
	/** Root key of the wire body (`productionOrderSubmited`, `pagedData`, ...). */
	root: string;
	/** The normalised content under the root. */
	data: PlainObject;
}

/**
 * The record an answer carries: its content under the root, or an empty record for an answer
 * without a body (a 204, or a write the service confirms with no content).
 */
export function recordOf(answer: Decoded | undefined): IDataObject {
	return (answer?.data ?? {}) as IDataObject;
}

/** Parse a body (JSON or XML) into its root name and normalised content. */
export function decode(text: string, mediaType: MediaType = sniffMediaType(text)): Decoded {
	const wire = mediaType === 'xml' ? parseXml(text) : parseJson(text);
	const keys = Object.keys(wire).filter((key) => !key.startsWith('?'));
	if (keys.length !== 1) {
		throw new CodecError(
			'The service answered with a body that has no single root element',
			`Root keys found: ${keys.join(', ') || 'none'}`,
		);
	}
	const root = keys[0];
	const content = wire[root];
	const data = isPlainObject(content)
		? normaliseRecord(content, root)
		: { value: typedScalar(content, scalarTypeOf(fieldTypeOf(undefined, root))) };
	return { root, data };
}

function parseJson(text: string): PlainObject {
	let parsed: unknown;
	let failure: string | undefined;
	try {
		parsed = JSON.parse(text);
	} catch (error) {
		failure = (error as Error).message;
	}
	if (failure !== undefined) {
		throw new CodecError('The service answered with JSON that cannot be read', failure);
	}
	if (!isPlainObject(parsed)) {
		throw new CodecError('The service answered with JSON that is not an object');
	}
	return parsed;
}

function parseXml(text: string): PlainObject {
	if (DOCTYPE.test(text)) {
		throw new CodecError(
			'The service answered with XML that declares a DTD or entities, which is refused',
		);
	}
	// The parser alone accepts a truncated document or a mismatched closing tag; the validator
	// refuses them, with the line they are on.
	const validation = XMLValidator.validate(text);
	if (validation !== true) {
		const { msg, line } = validation.err;
		throw new CodecError(
			'The service answered with XML that cannot be read',
			`${msg} (line ${line})`,
		);
	}
	let parsed: unknown;
	let failure: string | undefined;
	try {
		parsed = xmlParser.parse(text);
	} catch (error) {
		failure = (error as Error).message;
	}
	if (failure !== undefined) {
		throw new CodecError('The service answered with XML that cannot be read', failure);
	}
	// The document as one element holding its top-level elements: `decode` then refuses any
	// number of roots but one.
	const document = elementOf(parsed as OrderedNode[], undefined);
	if (!isPlainObject(document)) throw new CodecError('The service answered with an empty XML body');
	delete document['#text'];
	return document;
}

/**
 * One node of the parser's ordered form: an element `{ tag: children, ':@': attributes }` or a
 * piece of text `{ '#text': '...' }`.
 */
type OrderedNode = Record<string, unknown>;

const ATTRIBUTES = ':@';

function tagOf(node: OrderedNode): string {
	for (const key in node) if (key !== ATTRIBUTES) return key;
	return '';
}

/**
 * An XML element name in the JSON convention: `atom:link` → `atom.link`, other namespace
 * prefixes dropped. A name that would set an object's prototype is kept out. Worked out once per
 * tag (acrossExecutions.ts, the one place for what outlives a run).
 */
const xmlName = textMemo('XML element names', (tag: string): string => {
	const name =
		tag === 'atom:link' || tag.endsWith(':link') ? 'atom.link' : tag.replace(/^\w+:/, '');
	return name === '__proto__' ? '____proto__' : name;
});

/**
 * An element as the JSON convention writes it: its text when it has nothing else (`""` when
 * empty); otherwise an object of `@` attributes (namespace declarations dropped), child elements
 * (repeated ones as an array) and `#text`.
 */
function elementOf(children: OrderedNode[], attributes: unknown): unknown {
	let out: PlainObject | undefined;
	let text = '';
	if (attributes) {
		for (const [name, value] of Object.entries(attributes as PlainObject)) {
			if (name.startsWith('@xmlns')) continue;
			(out ??= {})[name] = value;
		}
	}
	for (const child of children) {
		const tag = tagOf(child);
		if (tag === '#text') {
			text += String(child[tag]);
			continue;
		}
		const name = xmlName(tag);
		const value = elementOf(child[tag] as OrderedNode[], child[ATTRIBUTES]);
		out ??= {};
		const earlier = out[name];
		// An element is never an array itself, so an array here is the list of its repeats.
		if (earlier === undefined) out[name] = value;
		else if (Array.isArray(earlier)) earlier.push(value);
		else out[name] = [earlier, value];
	}
	if (!out) return text;
	if (text !== '') out['#text'] = text;
	return out;
}

function scalarTypeOf(type: FieldType | undefined): ScalarType | undefined {
	return typeof type === 'string' && type !== 'record' ? type : undefined;
}

function numberOf(text: string): number | string {
	const trimmed = text.trim();
	if (!NUMBER_TEXT.test(trimmed)) return text;
	const number = Number(trimmed);
	// Digits beyond double precision would come out as another number: kept as they are.
	return Number.isInteger(number) && !Number.isSafeInteger(number) ? text : number;
}

function booleanOf(text: string): boolean | string {
	const lower = text.trim().toLowerCase();
	return lower === 'true' ? true : lower === 'false' ? false : text;
}

/**
 * One scalar as its field's type. A value that is not of that type (`10%` in a millimetre field,
 * a message where a flag is expected) is left as it came; so is the value of an unknown field.
 */
function typedScalar(value: unknown, type: ScalarType | undefined): unknown {
	if (type === undefined || value === null || value === undefined) return value;
	if (type === 'text') {
		return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
	}
	if (typeof value !== 'string') return value;
	if (type === 'number') return numberOf(value);
	if (type === 'boolean') return booleanOf(value);
	const flag = booleanOf(value);
	return typeof flag === 'boolean' ? flag : numberOf(value);
}

/** Links as `{ rel: href }`. */
function linksOf(value: unknown): Record<string, string> {
	const links: Record<string, string> = {};
	for (const link of toArray<PlainObject>(value)) {
		if (!isPlainObject(link)) continue;
		const rel = link['@rel'] ?? link.rel;
		const href = link['@href'] ?? link.href;
		if (typeof rel === 'string' && typeof href === 'string' && !(rel in links)) links[rel] = href;
	}
	return links;
}

/** The member element of a wrapped collection (`{ orderFulfillmentExpanded: [...] }`), if any. */
function wrappedMember(
	value: PlainObject,
	of: ScalarType | 'record',
): { name: string; members: unknown } | undefined {
	const keys = Object.keys(value).filter((key) => key !== 'atom.link' && !key.startsWith('@'));
	if (keys.length !== 1) return undefined;
	const [name] = keys;
	const members = value[name];
	if (of !== 'record') return { name, members };
	// One record shown as an object has an `id` or several fields; a wrapper holds records.
	const holdsRecords = Array.isArray(members) || isPlainObject(members) || members === '';
	return holdsRecords && !('id' in value) ? { name, members } : undefined;
}

/** A collection as an array, whether it came as an array, one member, a wrapper, `""` or nothing. */
function collectionItems(value: unknown, key: string, of: ScalarType | 'record'): unknown[] {
	const wrapper = isPlainObject(value) ? wrappedMember(value, of) : undefined;
	const memberName = wrapper?.name ?? key;
	return toArray(wrapper ? wrapper.members : value).map((member) =>
		isPlainObject(member)
			? normaliseRecord(member, memberName)
			: typedScalar(member, of === 'record' ? undefined : of),
	);
}

/**
 * A composition's elements, each as `{ <element type>: {...} }` as the contract writes them in
 * requests, whether the wire sends that array or groups the elements by type
 * (`{ creatorse_designElementMotive: [...], creatorse_designElementDdf: {...} }`): the element
 * type is data, never a wrapper to drop.
 */
function typedElements(value: unknown): PlainObject[] {
	if (Array.isArray(value)) {
		return value.filter(isPlainObject).map((entry) => normaliseRecord(entry, 'elements'));
	}
	if (!isPlainObject(value)) return [];
	const elements: PlainObject[] = [];
	for (const [type, members] of Object.entries(value)) {
		if (type === 'atom.link') continue;
		for (const member of toArray(members)) {
			elements.push({ [type]: isPlainObject(member) ? normaliseRecord(member, type) : member });
		}
	}
	return elements;
}

/** One field of a record, by its type. */
function normaliseField(value: unknown, key: string, type: FieldType | undefined): unknown {
	if (typeof type === 'object') return collectionItems(value, key, type.collectionOf);
	if (type === 'record' && value === '') return {};
	if (Array.isArray(value)) return value.map((entry) => normaliseField(entry, key, type));
	if (isPlainObject(value)) return normaliseRecord(value, key);
	return typedScalar(value, scalarTypeOf(type));
}

/**
 * One record (named by its element: the root key, the field holding it, or a collection's
 * member name): links, `@` keys, collections, and every field typed as the contract says.
 */
function normaliseRecord(node: PlainObject, name: string): PlainObject {
	const out: PlainObject = {};
	for (const [rawKey, value] of Object.entries(node)) {
		if (rawKey === 'atom.link') {
			out.links = linksOf(value);
			continue;
		}
		const key = rawKey === '#text' ? 'value' : rawKey.startsWith('@') ? rawKey.slice(1) : rawKey;
		if (key === 'elements') {
			out.elements = typedElements(value);
		} else if (name === PAGE_ROOT && !PAGE_META_KEYS.has(key)) {
			// A page's items, named after the item: always an array of that record. An empty page
			// has no item element in XML, so the `""` of an empty JSON page is dropped too.
			const items = toArray(value);
			if (items.length === 0) continue;
			out[key] = items.map((item) => (isPlainObject(item) ? normaliseRecord(item, key) : item));
		} else {
			out[key] = normaliseField(value, key, fieldTypeOf(name, key));
		}
	}
	for (const key of RECORD_COLLECTIONS.get(name) ?? []) out[key] ??= [];
	return out;
}

// ---------------------------------------------------------------------------------------------
// Paged collections
// ---------------------------------------------------------------------------------------------

export interface Page {
	items: PlainObject[];
	totalElements: number | undefined;
	links: Record<string, string>;
}

/** A decoded `pagedData` (or any list body): its items, wherever the element name puts them. */
export function pageOf(data: PlainObject): Page {
	const itemKey = Object.keys(data).find((key) => !PAGE_META_KEYS.has(key));
	const raw = itemKey === undefined ? [] : data[itemKey];
	const items = Array.isArray(raw)
		? (raw as PlainObject[])
		: raw === '' || raw === undefined || raw === null
			? []
			: [raw as PlainObject];
	const total = data.totalElements;
	return {
		items,
		totalElements: total === undefined || total === '' ? undefined : Number(total),
		links: (data.links as Record<string, string>) ?? {},
	};
}

// ---------------------------------------------------------------------------------------------
// Encoding
// ---------------------------------------------------------------------------------------------

/**
 * Serialise a request body given in the JSON convention (`{ root: {...} }`). XML gets the same
 * tree: `@` keys as attributes, arrays as repeated elements.
 */
export function encode(body: PlainObject, mediaType: MediaType): string {
	if (mediaType === 'json') return JSON.stringify(body);
	return '<?xml version="1.0" encoding="UTF-8"?>' + xmlBuilder.build(toXmlTree(body));
}

function toXmlTree(node: unknown): unknown {
	if (Array.isArray(node)) return node.map(toXmlTree);
	if (!isPlainObject(node)) return node;
	const out: PlainObject = {};
	for (const [key, value] of Object.entries(node)) {
		if (value === undefined) continue;
		out[key === 'atom.link' ? 'atom:link' : key] = toXmlTree(value);
	}
	return out;
}
