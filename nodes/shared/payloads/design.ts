import { isPlainObject, toArray } from '../codec';
import type { PlainObject } from '../codec';
import { OrderPayloadError } from './orderErrors';
import { normalisePosition } from './position';

/**
 * Design items of an order (contract, "Deferred order payload" and "Incremental order
 * payloads"): checked and put in wire form. Only element keys the client can name pass: a wrong
 * key has produced orders with a blank design and no error (field notes).
 */

export const ELEMENT_KEYS = {
	motive: 'creatorse_designElementMotive',
	ddf: 'creatorse_designElementDdf',
	decoration: 'creatorse_designElementDecoration',
} as const;

const KNOWN_ELEMENT_KEYS: string[] = Object.values(ELEMENT_KEYS);

// ---------------------------------------------------------------------------------------------
// Small checks shared by the order payloads
// ---------------------------------------------------------------------------------------------

export function isBlank(value: unknown): boolean {
	return value === undefined || value === null || value === '';
}

/** A positive whole number given as a number or as digits. */
export function positiveInt(value: unknown, label: string, path: string, hint: string): number {
	const text =
		typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
	if (/^\d+$/.test(text) && Number(text) >= 1 && Number.isSafeInteger(Number(text))) {
		return Number(text);
	}
	throw new OrderPayloadError(
		`${label} must be a positive whole number, got ${JSON.stringify(value ?? '')}`,
		path,
		hint,
	);
}

/** `{id}` from `{id: 7}`, `7` or `"7"`. */
export function idRef(value: unknown, label: string, path: string, hint: string): { id: number } {
	const raw = isPlainObject(value) ? value.id : value;
	return { id: positiveInt(raw, label, isPlainObject(value) ? `${path}.id` : path, hint) };
}

export function optionalText(value: unknown): string | undefined {
	if (isBlank(value)) return undefined;
	return typeof value === 'string' ? value.trim() : String(value);
}

/**
 * The members of a wrapped collection: `{ creatorse_design: [...] }`, a bare array, or a single
 * member written as the object itself (the JSON convention). A wrapper with another member name
 * is refused, so a misspelt wrapper never drops items silently.
 */
export function membersOf(
	value: unknown,
	memberKey: string,
	label: string,
	path: string,
): unknown[] {
	if (isBlank(value)) return [];
	if (Array.isArray(value)) return value;
	if (isPlainObject(value)) {
		const keys = Object.keys(value);
		if (keys.length === 0) return [];
		if (keys.length === 1 && keys[0] === memberKey) return toArray(value[memberKey]);
	}
	throw new OrderPayloadError(
		`${label} must hold "${memberKey}" items`,
		path,
		`Write it as {"${memberKey}": [ ... ]} or as a plain array.`,
	);
}

function httpUrl(value: unknown, label: string, path: string): string {
	const text = optionalText(value) ?? '';
	let url: URL | undefined;
	try {
		url = new URL(text);
	} catch {
		url = undefined;
	}
	if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
		throw new OrderPayloadError(
			`${label} must be an absolute http(s) URL, got ${JSON.stringify(value ?? '')}`,
			path,
			'Enter a full address starting with https://.',
		);
	}
	return text;
}

// ---------------------------------------------------------------------------------------------
// Bitmaps
// ---------------------------------------------------------------------------------------------

/** JPEG or PNG by magic bytes (the accepted bitmap formats); undefined for anything else. */
export function bitmapTypeOf(bytes: Buffer): 'image/png' | 'image/jpeg' | undefined {
	if (
		bytes.length >= 8 &&
		bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
	) {
		return 'image/png';
	}
	if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
		return 'image/jpeg';
	return undefined;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function checkAttachment(value: unknown, label: string, path: string): string {
	const text = (optionalText(value) ?? '').replace(/\s+/g, '');
	const bytes = BASE64.test(text) ? Buffer.from(text, 'base64') : Buffer.alloc(0);
	if (!bitmapTypeOf(bytes)) {
		throw new OrderPayloadError(
			`${label} is not a JPEG or PNG image`,
			path,
			'Inline motives must be base64-encoded JPEG or PNG files (checked by their content, not their name).',
		);
	}
	return text;
}

// ---------------------------------------------------------------------------------------------
// Elements
// ---------------------------------------------------------------------------------------------

function normaliseLayers(value: unknown, label: string, path: string): PlainObject | undefined {
	const layers = membersOf(value, 'creatorse_designElementLayer', `${label} layers`, path).map(
		(layer, i) => {
			const at = `${path}.creatorse_designElementLayer[${i}]`;
			const layerLabel = `${label} layer ${i + 1}`;
			if (!isPlainObject(layer) || isBlank(layer.name)) {
				throw new OrderPayloadError(
					`${layerLabel} needs the name of an SVG layer`,
					`${at}.name`,
					'Give each layer override the name of the layer in the motive.',
				);
			}
			const out: PlainObject = { name: optionalText(layer.name) };
			if (!isBlank(layer.text)) out.text = String(layer.text);
			if (!isBlank(layer.rgbColor)) {
				const colour = optionalText(layer.rgbColor) as string;
				if (!/^#?[0-9a-fA-F]{6}$/.test(colour)) {
					throw new OrderPayloadError(
						`${layerLabel} colour must be a hex colour such as #FF0000, got ${JSON.stringify(colour)}`,
						`${at}.rgbColor`,
						'Write the colour as six hex digits, optionally with a leading #.',
					);
				}
				out.rgbColor = colour;
			}
			return out;
		},
	);
	return layers.length ? { creatorse_designElementLayer: layers } : undefined;
}

function normaliseMotiveElement(value: PlainObject, label: string, path: string): PlainObject {
	const inline = isPlainObject(value.motive) ? { ...value.motive, ...value } : value;
	const out: PlainObject = {};
	const hasId = isPlainObject(value.motive) ? !isBlank(value.motive.id) : !isBlank(value.motive);
	if (hasId) {
		out.motive = idRef(
			value.motive,
			`${label} motive ID`,
			`${path}.motive`,
			'Pick a motive of the shop by its numeric ID.',
		);
	} else if (!isBlank(inline.attachment)) {
		out.attachment = checkAttachment(
			inline.attachment,
			`${label} attachment`,
			`${path}.attachment`,
		);
		const filename = optionalText(inline.filename);
		if (!filename) {
			throw new OrderPayloadError(
				`${label} needs a file name with its attachment`,
				`${path}.filename`,
				'Give the inline motive a file name such as logo.png.',
			);
		}
		out.filename = filename;
	} else if (!isBlank(inline.url)) {
		out.url = httpUrl(inline.url, `${label} URL`, `${path}.url`);
		if (!isBlank(inline.filename)) out.filename = optionalText(inline.filename);
	} else {
		throw new OrderPayloadError(
			`${label} needs a motive: a library motive ID, an image URL or an attachment`,
			path,
			'Give motive {"id": ...}, or "url", or "attachment" with "filename".',
		);
	}
	const position = normalisePosition(value.position, `${label} position`, `${path}.position`);
	if (position) out.position = position;
	const layers = normaliseLayers(value.layers, label, `${path}.layers`);
	if (layers) out.layers = layers;
	return out;
}

function normaliseDdfElement(value: PlainObject, label: string, path: string): PlainObject {
	const production = isPlainObject(value.productionResource) ? value.productionResource : {};
	const at = `${path}.productionResource`;
	const url = httpUrl(production.url, `${label} production file URL`, `${at}.url`);
	const filename = optionalText(production.filename) ?? '';
	if (!/\.[A-Za-z0-9]{1,10}$/.test(filename) || /^\.[^.]*$/.test(filename)) {
		throw new OrderPayloadError(
			`${label} production file name must carry a file extension, got ${JSON.stringify(filename)}`,
			`${at}.filename`,
			'Name the production file with its extension, for example print.pdf or front.png.',
		);
	}
	const out: PlainObject = {};
	if (isPlainObject(value.previewResource) && !isBlank(value.previewResource.url)) {
		out.previewResource = {
			url: httpUrl(
				value.previewResource.url,
				`${label} preview URL`,
				`${path}.previewResource.url`,
			),
		};
	}
	out.productionResource = { url, filename };
	const position = normalisePosition(value.position, `${label} position`, `${path}.position`);
	if (position) out.position = position;
	return out;
}

function normaliseDecorationElement(value: PlainObject, label: string, path: string): PlainObject {
	const sku = optionalText(value.sku);
	if (!sku) {
		throw new OrderPayloadError(`${label} needs a SKU`, `${path}.sku`, 'Give the decoration SKU.');
	}
	const out: PlainObject = { sku };
	if (!isBlank(value.placement)) out.placement = optionalText(value.placement);
	return out;
}

const ELEMENT_NORMALISERS: Record<
	string,
	(value: PlainObject, label: string, path: string) => PlainObject
> = {
	[ELEMENT_KEYS.motive]: normaliseMotiveElement,
	[ELEMENT_KEYS.ddf]: normaliseDdfElement,
	[ELEMENT_KEYS.decoration]: normaliseDecorationElement,
};

/**
 * Elements as the contract's heterogeneous array of single-key objects. Also accepted: one
 * object holding element arrays by key (`{creatorse_designElementMotive: [...]}`), as XML reads.
 */
function normaliseElements(value: unknown, label: string, path: string): PlainObject[] {
	const entries: Array<[string, unknown]> = [];
	for (const entry of toArray(value)) {
		if (!isPlainObject(entry)) {
			throw new OrderPayloadError(
				`${label} elements must be objects named by element type`,
				path,
				`Write each element as {"${ELEMENT_KEYS.motive}": {...}}.`,
			);
		}
		for (const [key, inner] of Object.entries(entry)) {
			for (const member of toArray(inner)) entries.push([key, member]);
		}
	}
	return entries.map(([key, member], i) => {
		const at = `${path}[${i}].${key}`;
		const elementLabel = `${label} element ${i + 1}`;
		const normaliser = ELEMENT_NORMALISERS[key];
		if (!normaliser) {
			throw new OrderPayloadError(
				`${elementLabel} has the key "${key}", which is not a design element the client can name`,
				`${path}[${i}]`,
				`Use one of ${KNOWN_ELEMENT_KEYS.join(', ')}. The service has produced blank designs for unknown keys, so they are never sent.`,
			);
		}
		if (!isPlainObject(member)) {
			throw new OrderPayloadError(
				`${elementLabel} must be an object`,
				at,
				`Give ${key} as an object.`,
			);
		}
		return { [key]: normaliser(member, elementLabel, at) };
	});
}

// ---------------------------------------------------------------------------------------------
// Designs and templates of the deferred order
// ---------------------------------------------------------------------------------------------

const AMOUNT_HINT = 'Enter how many pieces to produce, as a whole number of at least 1.';

/** Keys of a design item the client fills in itself; any other key is passed on as given. */
const DESIGN_KEYS = new Set([
	'productId',
	'amount',
	'assignedColor',
	'assignedSize',
	'sku',
	'compositions',
]);

function normaliseComposition(value: unknown, label: string, path: string): PlainObject {
	if (!isPlainObject(value)) {
		throw new OrderPayloadError(
			`${label} must be an object`,
			path,
			'Give productArea and elements.',
		);
	}
	const productArea = idRef(
		value.productArea,
		`${label} print area ID`,
		`${path}.productArea`,
		'Pick the print area (product area) of the product, e.g. from Product → Get Expanded.',
	);
	const areaLabel = `${label.replace(/ composition \d+$/, '')} print area ${productArea.id}`;
	const elements = normaliseElements(value.elements, areaLabel, `${path}.elements`);
	return { productArea, elements };
}

export function normaliseDesign(value: unknown, index: number, path: string): PlainObject {
	const label = `Design ${index + 1}`;
	if (!isPlainObject(value)) {
		throw new OrderPayloadError(
			`${label} must be an object`,
			path,
			'Give productId, amount, assignedColor and assignedSize.',
		);
	}
	const out: PlainObject = {};
	const sku = optionalText(value.sku);
	if (!isBlank(value.productId) || !sku) {
		out.productId = positiveInt(
			value.productId,
			`${label} product ID`,
			`${path}.productId`,
			'Pick the product to print on.',
		);
	}
	out.amount = positiveInt(value.amount, `${label} amount`, `${path}.amount`, AMOUNT_HINT);
	if (!isBlank(value.assignedColor) || !sku) {
		out.assignedColor = idRef(
			value.assignedColor,
			`${label} assigned colour`,
			`${path}.assignedColor`,
			"Pick one of the product's assigned colours.",
		);
	}
	if (!isBlank(value.assignedSize) || !sku) {
		out.assignedSize = idRef(
			value.assignedSize,
			`${label} assigned size`,
			`${path}.assignedSize`,
			"Pick one of the product's assigned sizes.",
		);
	}
	if (sku) out.sku = sku;
	const compositionsPath = `${path}.compositions`;
	const compositions = membersOf(
		value.compositions,
		'creatorse_composition',
		`${label} compositions`,
		compositionsPath,
	).map((composition, i) =>
		normaliseComposition(
			composition,
			`${label} composition ${i + 1}`,
			`${compositionsPath}.creatorse_composition[${i}]`,
		),
	);
	// No compositions: a plain base product (contract).
	out.compositions = { creatorse_composition: compositions };
	for (const [key, extra] of Object.entries(value)) {
		if (!DESIGN_KEYS.has(key) && extra !== undefined) out[key] = extra;
	}
	return out;
}

export function normaliseTemplate(value: unknown, index: number, path: string): PlainObject {
	const label = `Template product ${index + 1}`;
	if (!isPlainObject(value)) {
		throw new OrderPayloadError(
			`${label} must be an object`,
			path,
			'Give templateProductId or templateProductSku, and amount.',
		);
	}
	const out: PlainObject = {};
	const templateSku = optionalText(value.templateProductSku);
	if (!isBlank(value.templateProductId)) {
		out.templateProductId = positiveInt(
			value.templateProductId,
			`${label} template product ID`,
			`${path}.templateProductId`,
			'Enter the numeric ID of the template product.',
		);
	} else if (templateSku) {
		out.templateProductSku = templateSku;
	} else {
		throw new OrderPayloadError(
			`${label} needs a template product ID or SKU`,
			`${path}.templateProductId`,
			'Give templateProductId or templateProductSku.',
		);
	}
	out.amount = positiveInt(value.amount, `${label} amount`, `${path}.amount`, AMOUNT_HINT);
	out.assignedColor = templateVariant(
		value.assignedColor,
		label,
		'colour',
		`${path}.assignedColor`,
	);
	out.assignedSize = templateVariant(value.assignedSize, label, 'size', `${path}.assignedSize`);
	return out;
}

/** Form labels of a template product's variant, as the Submit form shows them. */
const TEMPLATE_VARIANT_LABELS = { colour: 'Assigned Color ID', size: 'Assigned Size ID' } as const;

/**
 * The assigned colour or size of a template product: required, since the service refuses a
 * template product without them (the contract gives no fallback to the template's own colour).
 */
function templateVariant(
	value: unknown,
	label: string,
	variant: keyof typeof TEMPLATE_VARIANT_LABELS,
	path: string,
): { id: number } {
	const field = TEMPLATE_VARIANT_LABELS[variant];
	const hint = `Enter the ID of the assigned ${variant} to produce, a whole number of at least 1: Product → Get Expanded lists the assigned ${variant === 'colour' ? 'colours' : 'sizes'} of the template's product. The service refuses a template product without it.`;
	if (isBlank(value) || (isPlainObject(value) && isBlank(value.id))) {
		throw new OrderPayloadError(`${label} needs an ${field}`, path, hint);
	}
	return idRef(value, `${label}: ${field}`, path, hint);
}

// ---------------------------------------------------------------------------------------------
// The incremental Add Product body
// ---------------------------------------------------------------------------------------------

export interface IncrementalPrint {
	/** A view position such as FRONT (sent as assignedView) or a print area ID. */
	viewPosition?: string;
	printAreaId?: unknown;
	motiveId: unknown;
	position?: unknown;
}

export interface IncrementalDesignInput {
	productId: unknown;
	assignedColorId: unknown;
	assignedSizeId: unknown;
	amount: unknown;
	prints: IncrementalPrint[];
}

/** `creatorse_design` for Add Product: prints grouped by view, elements as `creatorse_element`. */
export function buildIncrementalDesign(input: IncrementalDesignInput): PlainObject {
	const label = 'Product';
	const design: PlainObject = {
		productId: positiveInt(
			input.productId,
			`${label} ID`,
			'creatorse_design.productId',
			'Pick the product to print on.',
		),
		amount: positiveInt(input.amount, 'Amount', 'creatorse_design.amount', AMOUNT_HINT),
		assignedColor: idRef(
			input.assignedColorId,
			'Assigned colour',
			'creatorse_design.assignedColor',
			"Pick one of the product's assigned colours.",
		),
		assignedSize: idRef(
			input.assignedSizeId,
			'Assigned size',
			'creatorse_design.assignedSize',
			"Pick one of the product's assigned sizes.",
		),
	};
	const groups = new Map<string, { area: PlainObject; elements: PlainObject[] }>();
	input.prints.forEach((print, i) => {
		const printLabel = `Print ${i + 1}`;
		const path = `creatorse_design.compositions (print ${i + 1})`;
		let key: string;
		let area: PlainObject;
		const viewPosition = optionalText(print.viewPosition)?.toUpperCase();
		if (viewPosition) {
			if (!/^[A-Z_]+$/.test(viewPosition)) {
				throw new OrderPayloadError(
					`${printLabel} view must be a view position such as FRONT or BACK, got ${JSON.stringify(print.viewPosition)}`,
					`${path}.assignedView.view.position`,
					'Pick the view from the list.',
				);
			}
			key = `view:${viewPosition}`;
			area = { assignedView: { view: { position: viewPosition } } };
		} else {
			const productArea = idRef(
				print.printAreaId,
				`${printLabel} print area ID`,
				`${path}.productArea`,
				'Pick a view, or give the print area ID.',
			);
			key = `area:${productArea.id}`;
			area = { productArea };
		}
		const element: PlainObject = {
			motive: idRef(
				print.motiveId,
				`${printLabel} motive ID`,
				`${path}.elements.creatorse_element.motive`,
				'Pick a motive of the shop by its numeric ID.',
			),
		};
		const position = normalisePosition(
			print.position,
			`${printLabel} position`,
			`${path}.elements.creatorse_element.position`,
		);
		if (position) element.position = position;
		const group = groups.get(key) ?? { area, elements: [] };
		group.elements.push(element);
		groups.set(key, group);
	});
	design.compositions = {
		creatorse_composition: [...groups.values()].map(({ area, elements }) => ({
			...area,
			elements: { creatorse_element: elements },
		})),
	};
	return { creatorse_design: design };
}
