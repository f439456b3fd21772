/**
 * The design elements of a deferred order (contract, "Deferred order payload"): motives (library,
 * URL or inline bitmap), print-ready files (DDF) and decorations, checked and in wire form. Only
 * element keys the client can name pass: a wrong key has produced orders with a blank design
 * and no error. Each element is checked on its own; its problems are named by the form's place
 * of the element ("Design 1 › Print 2") and use the form's field names.
 */

import { isPlainObject, isBlank, isHttpUrl } from '../../../../shared/values';
import type { PlainObject } from '../../../../shared/values';
import { BITMAP_MIME_TYPES, detectBitmapKind } from '../../common/image';
import { InputError } from '../../../../shared/errors';
import { chosenId, membersOf, optionalText } from '../payloads/orderValues';
import { normalisePosition } from '../../common/position';
import type { DesignContext, Resolver } from './types';
import type { DraftElement, Refused } from './draft';
import { isRefused } from './draft';

export const ELEMENT_KEYS = {
	motive: 'creatorse_designElementMotive',
	ddf: 'creatorse_designElementDdf',
	decoration: 'creatorse_designElementDecoration',
} as const;

const KNOWN_ELEMENT_KEYS: string[] = Object.values(ELEMENT_KEYS);

/** JPEG or PNG by magic bytes (the accepted bitmap formats); undefined for anything else. */
export function bitmapTypeOf(bytes: Buffer): 'image/png' | 'image/jpeg' | undefined {
	const kind = detectBitmapKind(bytes);
	return kind ? (BITMAP_MIME_TYPES[kind] as 'image/png' | 'image/jpeg') : undefined;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function checkAttachment(value: unknown, path: string): string {
	const text = (optionalText(value) ?? '').replace(/\s+/g, '');
	const bytes = BASE64.test(text) ? Buffer.from(text, 'base64') : Buffer.alloc(0);
	if (!bitmapTypeOf(bytes)) {
		throw new InputError(
			'the motive file is not a JPEG or PNG image',
			'Inline motives must be base64-encoded JPEG or PNG files (checked by their content, not their name).',
			path,
		);
	}
	return text;
}

function httpUrl(value: unknown, label: string, path: string): string {
	const text = optionalText(value) ?? '';
	if (!isHttpUrl(text)) {
		throw new InputError(
			`${label} must be an absolute http(s) URL, got ${JSON.stringify(value ?? '')}`,
			'Enter a full address starting with https://.',
			path,
		);
	}
	return text;
}

/**
 * A hex colour in six digits: `#F00` as `#FF0000` (each digit doubled, as CSS reads the short
 * form), the `#` kept as given. Both are hex colour strings, but a service may take only six.
 */
function sixDigitColour(colour: string): string {
	const hash = colour.startsWith('#') ? '#' : '';
	const digits = colour.slice(hash.length);
	return digits.length === 3 ? hash + [...digits].map((digit) => digit + digit).join('') : colour;
}

function normaliseLayers(value: unknown, path: string): PlainObject | undefined {
	const layers = membersOf(value, 'creatorse_designElementLayer', 'SVG Layer Overrides', path).map(
		(layer, i) => {
			const at = `${path}.creatorse_designElementLayer[${i}]`;
			const layerLabel = `Layer ${i + 1}`;
			if (!isPlainObject(layer) || isBlank(layer.name)) {
				throw new InputError(
					`${layerLabel} needs the name of an SVG layer`,
					'Give each layer override the name of the layer in the motive.',
					`${at}.name`,
				);
			}
			const out: PlainObject = { name: optionalText(layer.name) };
			if (!isBlank(layer.text)) out.text = String(layer.text);
			if (!isBlank(layer.rgbColor)) {
				const colour = optionalText(layer.rgbColor) as string;
				// The contract asks for "a hex colour string": #F00 is one as much as #FF0000.
				if (!/^#?(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(colour)) {
					throw new InputError(
						`${layerLabel} Color must be a hex color such as #FF0000, got ${JSON.stringify(colour)}`,
						'Write the color as three or six hex digits, optionally with a leading #.',
						`${at}.rgbColor`,
					);
				}
				out.rgbColor = sixDigitColour(colour);
			}
			return out;
		},
	);
	return layers.length ? { creatorse_designElementLayer: layers } : undefined;
}

function normaliseMotiveElement(value: PlainObject, path: string, resolver: Resolver): PlainObject {
	const inline = isPlainObject(value.motive) ? { ...value.motive, ...value } : value;
	const out: PlainObject = {};
	const hasId = isPlainObject(value.motive) ? !isBlank(value.motive.id) : !isBlank(value.motive);
	const name = isPlainObject(value.motive) ? optionalText(value.motive.name) : undefined;
	if (!hasId && name) {
		// A motive of the shop by its name (`motive: {name}`), looked up once per run.
		out.motive = resolver.motive(name, `${path}.motive.name`);
	} else if (hasId) {
		out.motive = chosenId(
			value.motive,
			'Motive',
			`${path}.motive`,
			'Pick a motive of the shop from the list, or give its numeric ID.',
		);
	} else if (!isBlank(inline.attachment)) {
		out.attachment = checkAttachment(inline.attachment, `${path}.attachment`);
		const filename = optionalText(inline.filename);
		if (!filename) {
			throw new InputError(
				'the motive file needs a file name',
				'Give the inline motive a file name such as logo.png.',
				`${path}.filename`,
			);
		}
		out.filename = filename;
	} else if (!isBlank(inline.url)) {
		out.url = httpUrl(inline.url, 'Image URL', `${path}.url`);
		if (!isBlank(inline.filename)) out.filename = optionalText(inline.filename);
	} else {
		throw new InputError(
			'choose a Motive',
			'Pick a motive of the shop or give its name, or give an image URL or a binary field (JSON: motive {"id": ...} or {"name": ...}, "url", or "attachment" with "filename").',
			path,
		);
	}
	const position = normalisePosition(value.position, 'Position', `${path}.position`);
	if (position) out.position = position;
	const layers = normaliseLayers(value.layers, `${path}.layers`);
	if (layers) out.layers = layers;
	return out;
}

function normaliseDdfElement(value: PlainObject, path: string): PlainObject {
	const production = isPlainObject(value.productionResource) ? value.productionResource : {};
	const at = `${path}.productionResource`;
	const url = httpUrl(production.url, 'Production File URL', `${at}.url`);
	const filename = optionalText(production.filename) ?? '';
	if (!/\.[A-Za-z0-9]{1,10}$/.test(filename) || /^\.[^.]*$/.test(filename)) {
		throw new InputError(
			`Production File Name must carry a file extension, got ${JSON.stringify(filename)}`,
			'Name the production file with its extension, for example print.pdf or front.png.',
			`${at}.filename`,
		);
	}
	const out: PlainObject = {};
	if (isPlainObject(value.previewResource) && !isBlank(value.previewResource.url)) {
		out.previewResource = {
			url: httpUrl(value.previewResource.url, 'Preview URL', `${path}.previewResource.url`),
		};
	}
	out.productionResource = { url, filename };
	const position = normalisePosition(value.position, 'Position', `${path}.position`);
	if (position) out.position = position;
	return out;
}

function normaliseDecorationElement(value: PlainObject, path: string): PlainObject {
	const sku = optionalText(value.sku);
	if (!sku) {
		throw new InputError(
			'fill in the Decoration SKU',
			'Give the SKU of the decoration (patch, label).',
			`${path}.sku`,
		);
	}
	const out: PlainObject = { sku };
	if (!isBlank(value.placement)) out.placement = optionalText(value.placement);
	return out;
}

const ELEMENT_NORMALISERS: Record<
	string,
	(value: PlainObject, path: string, resolver: Resolver) => PlainObject
> = {
	[ELEMENT_KEYS.motive]: normaliseMotiveElement,
	[ELEMENT_KEYS.ddf]: normaliseDdfElement,
	[ELEMENT_KEYS.decoration]: normaliseDecorationElement,
};

/**
 * The elements of a composition, each checked within its place; a refused element is left out
 * and its problem kept, named by the element's words.
 */
export function normaliseElements(
	elements: Array<DraftElement | Refused>,
	{ problems, resolver }: Pick<DesignContext, 'problems' | 'resolver'>,
): PlainObject[] {
	const checked: PlainObject[] = [];
	for (const element of elements) {
		if (isRefused(element)) {
			problems.check(element.words, () => {
				throw element.refused;
			});
			continue;
		}
		const { key, content, spot } = element;
		const at = `${spot.path}.${key}`;
		const done = problems.within(spot, () =>
			problems.check(element.words, () => {
				const normaliser = ELEMENT_NORMALISERS[key];
				if (!normaliser) {
					throw new InputError(
						`the key "${key}" is not a design element the client can name`,
						`Use one of ${KNOWN_ELEMENT_KEYS.join(', ')}. The service has produced blank designs for unknown keys, so they are never sent.`,
						spot.path,
					);
				}
				if (!isPlainObject(content)) {
					throw new InputError('must be an object', `Give ${key} as an object.`, at);
				}
				return { [key]: normaliser(content, at, resolver) };
			}),
		);
		if (done) checked.push(done);
	}
	return checked;
}
