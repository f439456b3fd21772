import { XMLBuilder, XMLParser } from 'fast-xml-parser';

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
 * links as `links: { self, next, ... }`, `@` prefixes gone, XML numbers and booleans typed as in
 * JSON.
 */

export type MediaType = 'json' | 'xml';

export type PlainObject = { [key: string]: unknown };

export const CONTENT_TYPES: Record<MediaType, string> = {
	json: 'application/json',
	xml: 'application/xml',
};

/** Keys whose value is a collection, however the wire shapes it. */
const COLLECTION_KEYS = new Set([
	'assignedColors',
	'assignedSizes',
	'assignedViews',
	'assignedCategories',
	'productSkus',
	'printAreas',
	'productAreas',
	'prices',
	'localizations',
	'technologies',
	'printTechnologies',
	'tags',
	'orderedProducts',
	'fulfillments',
	'designs',
	'templates',
	'passthroughItems',
	'compositions',
	'layers',
	'customReferences',
	'childOrderIds',
	'lines',
	'views',
	'colors',
	'sizes',
]);

/**
 * Keys whose XML text stays text even when it looks like a number: identifiers and codes that
 * JSON carries as strings (`uniqueId` "00042", a zip code, a tracking number).
 */
const STRING_KEYS = new Set([
	'uniqueId',
	'sku',
	'zip',
	'phone',
	'streetNo',
	'name',
	'title',
	'secret',
	'code',
	'value',
	'text',
	'filterId',
	'sessionId',
	'trackingNumber',
	'referenceId',
	'stateCode',
	'countryCode',
	'fileName',
	'filename',
	'errorMessage',
	'message',
	'internalErrorMessage',
]);

/**
 * Text in one record and a flag in another: `error` is the message of an orders/failed event but
 * the failure flag of a CSV import. Only true/false become booleans; anything else stays text.
 */
const TEXT_OR_FLAG_KEYS = new Set(['error']);

/** Suffixes of text fields whose values may be all digits. */
const STRING_KEY_SUFFIX = /(Name|Number|Code|Url|Sku|Id2|Text|Message)$/;

const NUMBER_TEXT = /^-?(0|[1-9]\d*)(\.\d+)?$/;

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

const xmlParser = new XMLParser({
	ignoreAttributes: false,
	attributeNamePrefix: '@',
	parseTagValue: false,
	parseAttributeValue: false,
	trimValues: true,
	processEntities: true,
	htmlEntities: false,
	ignoreDeclaration: true,
	ignorePiTags: true,
});

const xmlBuilder = new XMLBuilder({
	ignoreAttributes: false,
	attributeNamePrefix: '@',
	suppressEmptyNode: false,
	format: false,
});

/** Always an array: the wire may send one member as a plain object, none as `""` or nothing. */
export function toArray<T = unknown>(value: unknown): T[] {
	if (value === undefined || value === null || value === '') return [];
	return (Array.isArray(value) ? value : [value]) as T[];
}

export function isPlainObject(value: unknown): value is PlainObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

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
		? (normalise(content, mediaType === 'xml') as PlainObject)
		: { value: normaliseLeaf(root, content, mediaType === 'xml') };
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
	let parsed: unknown;
	let failure: string | undefined;
	try {
		parsed = xmlParser.parse(text, true);
	} catch (error) {
		failure = (error as Error).message;
	}
	if (failure !== undefined) {
		throw new CodecError('The service answered with XML that cannot be read', failure);
	}
	if (!isPlainObject(parsed)) throw new CodecError('The service answered with an empty XML body');
	return renameXmlKeys(parsed) as PlainObject;
}

/** XML element names → the JSON convention's names (`atom:link` → `atom.link`, no xmlns). */
function renameXmlKeys(node: unknown): unknown {
	if (Array.isArray(node)) return node.map(renameXmlKeys);
	if (!isPlainObject(node)) return node;
	const out: PlainObject = {};
	for (const [key, value] of Object.entries(node)) {
		if (key.startsWith('@xmlns')) continue;
		const name =
			key === 'atom:link' || key.endsWith(':link') ? 'atom.link' : key.replace(/^\w+:/, '');
		out[name] = renameXmlKeys(value);
	}
	return out;
}

function normaliseLeaf(key: string, value: unknown, fromXml: boolean): unknown {
	if (!fromXml || typeof value !== 'string') return value;
	if (STRING_KEYS.has(key)) return value;
	if (value === 'true') return true;
	if (value === 'false') return false;
	if (TEXT_OR_FLAG_KEYS.has(key)) return value;
	if (STRING_KEY_SUFFIX.test(key) || !NUMBER_TEXT.test(value)) return value;
	const number = Number(value);
	// Digits beyond double precision are an identifier, not a quantity.
	return Number.isSafeInteger(number) || !Number.isInteger(number) ? number : value;
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

/** Unwrap `{ fulfillments: { orderFulfillmentExpanded: [...] } }` into the array. */
function collectionItems(value: unknown, fromXml: boolean): unknown[] {
	if (value === undefined || value === null || value === '') return [];
	if (Array.isArray(value)) return value.map((item) => normalise(item, fromXml));
	if (isPlainObject(value)) {
		const memberKeys = Object.keys(value).filter(
			(key) => key !== 'atom.link' && !key.startsWith('@'),
		);
		const wrapped =
			memberKeys.length === 1 &&
			(Array.isArray(value[memberKeys[0]]) ||
				isPlainObject(value[memberKeys[0]]) ||
				value[memberKeys[0]] === '' ||
				// `childOrderIds: { long: [1, 2] }`-style wrappers of scalars
				typeof value[memberKeys[0]] !== 'object');
		if (wrapped && !looksLikeRecord(value)) {
			return toArray(value[memberKeys[0]]).map((item) => normalise(item, fromXml));
		}
		return [normalise(value, fromXml)];
	}
	return [normaliseLeaf('value', value, fromXml)];
}

/** A record (one member shown as an object) has an `id` or several fields; a wrapper has one key. */
function looksLikeRecord(value: PlainObject): boolean {
	return 'id' in value || Object.keys(value).filter((key) => key !== 'atom.link').length > 1;
}

/**
 * A composition's elements, each as `{ <element type>: {...} }` as the contract writes them in
 * requests, whether the wire sends that array or groups the elements by type
 * (`{ creatorse_designElementMotive: [...], creatorse_designElementDdf: {...} }`): the element
 * type is data, never a wrapper to drop.
 */
function typedElements(value: unknown, fromXml: boolean): PlainObject[] {
	if (Array.isArray(value)) return value.map((entry) => normalise(entry, fromXml) as PlainObject);
	if (!isPlainObject(value)) return [];
	const elements: PlainObject[] = [];
	for (const [type, members] of Object.entries(value)) {
		if (type === 'atom.link') continue;
		for (const member of toArray(members)) elements.push({ [type]: normalise(member, fromXml) });
	}
	return elements;
}

/** Normalise a decoded tree: links, `@` keys, collections, typed XML leaves. */
export function normalise(node: unknown, fromXml = false): unknown {
	if (Array.isArray(node)) return node.map((item) => normalise(item, fromXml));
	if (!isPlainObject(node)) return node;
	const out: PlainObject = {};
	for (const [rawKey, value] of Object.entries(node)) {
		if (rawKey === 'atom.link') {
			out.links = linksOf(value);
			continue;
		}
		const key = rawKey.startsWith('@') ? rawKey.slice(1) : rawKey;
		if (key === '#text') {
			out.value = normaliseLeaf('value', value, fromXml);
		} else if (key === 'elements') {
			out.elements = typedElements(value, fromXml);
		} else if (COLLECTION_KEYS.has(key)) {
			out[key] = collectionItems(value, fromXml);
		} else if (isPlainObject(value) || Array.isArray(value)) {
			out[key] = normalise(value, fromXml);
		} else {
			out[key] = normaliseLeaf(key, value, fromXml);
		}
	}
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

const PAGE_META_KEYS = new Set(['totalElements', 'links', 'page', 'size', 'totalPages', 'number']);

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
