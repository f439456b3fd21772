/**
 * Reading and validating order payload parts (deferred, incremental and CSV orders share them).
 * Every problem is a 400 naming the field.
 */

import { findProduct } from './catalog';
import { nowIso } from './clock';
import {
	asArray,
	isPlainObject,
	readBool,
	readInt,
	readObject,
	readRefId,
	readString,
} from './codec';
import type { SandboxState } from './context';
import { badRequest } from './errors';
import { sniffImage } from './images';
import {
	orderedSkuOf,
	type Address,
	type Composition,
	type Country,
	type Customer,
	type CustomAttribute,
	type DesignElement,
	type OrderedProduct,
	type PassthroughItem,
	type Position,
	type Product,
	type ShippingInfo,
	type Shop,
	lineTotal,
} from './types';

export const MAX_PASSTHROUGH_ITEMS = 100;

/** The contract's order address: all a JSON or XML order keeps of an address. */
export const ORDER_ADDRESS_FIELDS = ['street', 'streetNo', 'city', 'zip', 'countryCode'] as const;

/** What the CSV import knows per address: the order address plus names, state and contacts. */
export const CSV_ADDRESS_FIELDS = [
	'firstName',
	'lastName',
	'company',
	...ORDER_ADDRESS_FIELDS,
	'countryName',
	'stateName',
	'stateCode',
	'phone',
	'email',
] as const;

type AddressField = (typeof CSV_ADDRESS_FIELDS)[number];

/**
 * An address with the given fields; any other key is dropped without a word, as the live service
 * drops a recipient name sent on a JSON order (the parcel then goes to the customer).
 */
export function readAddress(
	value: unknown,
	field: string,
	fields: readonly AddressField[] = ORDER_ADDRESS_FIELDS,
): Address | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	if (!isPlainObject(value)) throw badRequest(`${field} must be an object`);
	const address: Address = {};
	for (const key of fields) {
		const text = readString(value[key]);
		if (text !== undefined && text !== '') address[key] = text;
	}
	if (address.countryCode && !/^[A-Za-z]{2}$/.test(address.countryCode)) {
		throw badRequest(
			`${field}.countryCode must be an ISO 3166-1 alpha-2 code`,
			`Got ${address.countryCode}`,
		);
	}
	return Object.keys(address).length ? address : undefined;
}

/** The customer of an order; its addresses keep `addressFields` (the CSV import passes its own). */
export function readCustomer(
	value: unknown,
	addressFields: readonly AddressField[] = ORDER_ADDRESS_FIELDS,
): Customer | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	if (!isPlainObject(value)) throw badRequest('customer must be an object');
	return {
		firstName: readString(value.firstName),
		lastName: readString(value.lastName),
		email: readString(value.email),
		phone: readString(value.phone),
		billingAddress: readAddress(value.billingAddress, 'customer.billingAddress', addressFields),
		shippingAddress: readAddress(value.shippingAddress, 'customer.shippingAddress', addressFields),
	};
}

/** A country by `{id}` or by `{code}` (the field notes' variant); missing or unknown: 400. */
export function resolveCountry(sandbox: SandboxState, value: unknown): Country {
	if (value === undefined || value === null || value === '')
		throw badRequest('country is required');
	const id = readRefId(value);
	const code = isPlainObject(value) ? readString(value.code) : undefined;
	const country = sandbox.store.countries.find((c) =>
		id !== undefined ? c.id === id : !!code && c.code.toUpperCase() === code.toUpperCase(),
	);
	if (!country)
		throw badRequest('Unknown country', `No country with id ${id ?? '-'} / code ${code ?? '-'}`);
	return country;
}

export function readShipping(sandbox: SandboxState, value: unknown): ShippingInfo {
	if (value === undefined || value === null || value === '') return {};
	if (!isPlainObject(value)) throw badRequest('orderShipping must be an object');
	const shipping: ShippingInfo = { title: readString(value.title) };
	if (value.carrier !== undefined && value.carrier !== '') {
		const carrierId = readRefId(value.carrier);
		if (carrierId === undefined || !sandbox.store.carriers.some((c) => c.id === carrierId)) {
			throw badRequest(
				'Unknown carrier',
				`orderShipping.carrier.id ${String(carrierId)} is not a carrier id; see GET .../carriers`,
			);
		}
		shipping.carrierId = carrierId;
	}
	return shipping;
}

/**
 * A position value in a JSON or XML payload: a number, or one ending with `%` (contract,
 * Position). A decimal comma is the CSV's European format only (csv.ts converts it), not a JSON
 * number's.
 */
const POSITION_VALUE = /^-?\d+(\.\d+)?%?$/;

export function readPosition(value: unknown, field: string): Position | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	if (!isPlainObject(value)) throw badRequest(`${field} must be an object`);
	const position: Position = {};
	for (const side of ['left', 'right', 'top', 'bottom'] as const) {
		const raw = value[side];
		if (raw === undefined || raw === null || raw === '') continue;
		const text = readString(raw) ?? '';
		if (!POSITION_VALUE.test(text)) {
			throw badRequest(`${field}.${side} must be millimetres or a percentage`, `Got ${text}`);
		}
		position[side] = text;
	}
	for (const centre of ['horizontalCenter', 'verticalCenter'] as const) {
		const raw = value[centre];
		if (raw === undefined || raw === null || raw === '') continue;
		// JSON payloads send 0 (or a boolean); CSV sends true/false.
		const asBool = readBool(raw);
		if (asBool === undefined && readInt(raw) === undefined) {
			throw badRequest(`${field}.${centre} must be 0 or true/false`);
		}
		position[centre] = asBool ?? true;
	}
	return position;
}

function checkUrl(value: string, field: string): string {
	let url: URL;
	try {
		url = new URL(value);
	} catch {
		throw badRequest(`${field} must be an absolute URL`, `Got ${value}`);
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:')
		throw badRequest(`${field} must be http(s)`);
	return value;
}

/** Motives a design may use: the shop's catalog, or a user motive of the shop. */
function motiveExists(sandbox: SandboxState, shop: Shop, motiveId: number): boolean {
	const motive = sandbox.store.motives.get(motiveId);
	if (motive && !motive.deleted && motive.shopId === shop.id) return true;
	const userMotive = sandbox.store.userMotives.get(motiveId);
	return !!userMotive && !userMotive.deleted && userMotive.shopId === shop.id;
}

function readMotiveElement(
	sandbox: SandboxState,
	shop: Shop,
	value: unknown,
	field: string,
): DesignElement {
	if (!isPlainObject(value)) throw badRequest(`${field} must be an object`);
	const motive = readObject(value.motive);
	// An inline motive may sit on the element itself or inside `motive`.
	const inline = { ...(motive ?? {}), ...value };
	const motiveId = readRefId(value.motive);
	const url = readString(inline.url);
	const attachment = readString(inline.attachment);
	const filename = readString(inline.filename);
	if (motiveId !== undefined) {
		if (!motiveExists(sandbox, shop, motiveId))
			throw badRequest(
				'Unknown motive',
				`${field}.motive.id ${motiveId} is not a motive of shop ${shop.id}`,
			);
	} else if (attachment !== undefined) {
		const bytes = Buffer.from(attachment, 'base64');
		if (!sniffImage(bytes)) throw badRequest(`${field}.attachment must be a base64 JPEG or PNG`);
		if (!filename) throw badRequest(`${field}.filename is required with an attachment`);
	} else if (url !== undefined) {
		checkUrl(url, `${field}.url`);
	} else {
		throw badRequest(`${field} needs motive{id}, url or attachment`);
	}
	const layers = asArray(
		readObject(value.layers)?.creatorse_designElementLayer ?? value.layers,
	).map((layer, i) => {
		if (!isPlainObject(layer) || !readString(layer.name))
			throw badRequest(`${field}.layers[${i}].name is required`);
		const rgbColor = readString(layer.rgbColor);
		// "a hex colour string": three or six hex digits; only six under refuseShortRgbColor.
		const hexColour = sandbox.kind.refuseShortRgbColor
			? /^#?[0-9a-f]{6}$/i
			: /^#?(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
		if (rgbColor !== undefined && !hexColour.test(rgbColor)) {
			throw badRequest(
				`${field}.layers[${i}].rgbColor must be a hex colour`,
				sandbox.kind.refuseShortRgbColor
					? `Got ${rgbColor}; give six hex digits, such as #FF0000`
					: `Got ${rgbColor}`,
			);
		}
		return { name: readString(layer.name) as string, text: readString(layer.text), rgbColor };
	});
	return {
		kind: 'motive',
		motiveId,
		url: motiveId === undefined ? url : undefined,
		filename,
		position: readPosition(value.position, `${field}.position`),
		layers,
	};
}

function readDdfElement(value: unknown, field: string): DesignElement {
	if (!isPlainObject(value)) throw badRequest(`${field} must be an object`);
	const production = readObject(value.productionResource);
	const productionUrl = readString(production?.url);
	const filename = readString(production?.filename);
	if (!productionUrl) throw badRequest(`${field}.productionResource.url is required`);
	checkUrl(productionUrl, `${field}.productionResource.url`);
	if (!filename) throw badRequest(`${field}.productionResource.filename is required`);
	if (!/\.[A-Za-z0-9]{1,10}$/.test(filename)) {
		throw badRequest(
			'DDF filename must have a file extension',
			`${field}.productionResource.filename "${filename}"`,
		);
	}
	const previewUrl = readString(readObject(value.previewResource)?.url);
	if (previewUrl) checkUrl(previewUrl, `${field}.previewResource.url`);
	return {
		kind: 'ddf',
		productionUrl,
		filename,
		previewUrl,
		position: readPosition(value.position, `${field}.position`),
	};
}

function readDecorationElement(value: unknown, field: string): DesignElement {
	if (!isPlainObject(value) || !readString(value.sku)) throw badRequest(`${field}.sku is required`);
	return {
		kind: 'decoration',
		sku: readString(value.sku) as string,
		placement: readString(value.placement),
	};
}

/** Element keys a composition accepts; `creatorse_element` is the incremental form of a motive. */
const ELEMENT_READERS: Record<
	string,
	(sandbox: SandboxState, shop: Shop, value: unknown, field: string) => DesignElement
> = {
	creatorse_designElementMotive: readMotiveElement,
	creatorse_element: readMotiveElement,
	creatorse_designElementDdf: (_app, _shop, value, field) => readDdfElement(value, field),
	creatorse_designElementDecoration: (_app, _shop, value, field) =>
		readDecorationElement(value, field),
};

/**
 * Elements arrive as an array of single-key objects (JSON) or as an object of element arrays
 * (XML, or JSON written like XML). An element under an unknown key is dropped without a word, as
 * the field notes report of the live service ("a wrong element key has produced orders with a
 * blank design and no error"); option refuseUnknownDesignElement answers 400 instead.
 */
function readElements(
	sandbox: SandboxState,
	shop: Shop,
	value: unknown,
	field: string,
): DesignElement[] {
	const entries: Array<[string, unknown]> = [];
	for (const item of Array.isArray(value) ? value : [value]) {
		if (item === undefined || item === null || item === '') continue;
		if (!isPlainObject(item))
			throw badRequest(`${field} entries must be objects named by element type`);
		for (const [key, inner] of Object.entries(item)) {
			for (const element of asArray(inner)) entries.push([key, element]);
		}
	}
	const elements: DesignElement[] = [];
	entries.forEach(([key, element], i) => {
		const reader = ELEMENT_READERS[key];
		if (reader) {
			elements.push(reader(sandbox, shop, element, `${field}[${i}].${key}`));
		} else if (sandbox.kind.refuseUnknownDesignElement) {
			throw badRequest(
				`Unknown design element ${key}`,
				`${field}[${i}]: use one of ${Object.keys(ELEMENT_READERS).join(', ')}`,
			);
		}
	});
	return elements;
}

function resolveArea(product: Product, value: Record<string, unknown>, field: string): number {
	const areaId = readRefId(value.productArea);
	if (areaId !== undefined) {
		if (!product.views.some((v) => v.areas.some((a) => a.id === areaId))) {
			throw badRequest(
				'Unknown product area',
				`${field}.productArea.id ${areaId} is not an area of product ${product.id}`,
			);
		}
		return areaId;
	}
	// The incremental form names the view: assignedView{view{position}} (or assignedView{id}).
	const assignedView =
		readObject(value.assignedView) ?? readObject(readObject(value.productArea)?.assignedView);
	const position = readString(readObject(assignedView?.view)?.position);
	const viewId = readInt(assignedView?.id);
	const view = product.views.find((v) => (position ? v.position === position : v.id === viewId));
	if (!assignedView || !view) {
		throw badRequest(
			`${field} needs productArea{id} or assignedView{view{position}}`,
			`Product ${product.id} has views ${product.views.map((v) => v.position).join(', ')}`,
		);
	}
	return view.areas[0].id;
}

function readCompositions(
	sandbox: SandboxState,
	shop: Shop,
	product: Product,
	value: unknown,
	field: string,
): Composition[] {
	const container = readObject(value);
	const list = asArray(
		container?.creatorse_composition ??
			container?.composition ??
			(Array.isArray(value) ? value : undefined),
	);
	return list.map((item, i) => {
		const at = `${field}[${i}]`;
		if (!isPlainObject(item)) throw badRequest(`${at} must be an object`);
		return {
			productAreaId: resolveArea(product, item, at),
			elements: readElements(sandbox, shop, item.elements, `${at}.elements`),
		};
	});
}

function readCustomAttributes(sandbox: SandboxState, value: unknown): CustomAttribute[] {
	const container = readObject(value);
	return asArray(container?.customAttribute ?? value).map((entry, i) => {
		if (!isPlainObject(entry) || !readString(entry.key))
			throw badRequest(`customAttributes[${i}].key is required`);
		return {
			id: sandbox.store.nextId('misc'),
			key: readString(entry.key) as string,
			value: readString(entry.value) ?? '',
		};
	});
}

function readAmount(value: unknown, field: string): number {
	const amount = readInt(value) ?? (value === undefined ? 1 : undefined);
	if (amount === undefined || amount < 1) throw badRequest(`${field} must be a positive integer`);
	return amount;
}

function variant(
	product: Product,
	colorId: number | undefined,
	sizeId: number | undefined,
	field: string,
) {
	if (colorId === undefined || !product.colors.some((c) => c.id === colorId)) {
		throw badRequest(
			'Unknown assigned colour',
			`${field}.assignedColor.id ${String(colorId)} is not an assigned colour of product ${product.id}`,
		);
	}
	if (sizeId === undefined || !product.sizes.some((s) => s.id === sizeId)) {
		throw badRequest(
			'Unknown assigned size',
			`${field}.assignedSize.id ${String(sizeId)} is not an assigned size of product ${product.id}`,
		);
	}
	const sku = product.skus.find(
		(s) => s.assignedColorId === colorId && s.assignedSizeId === sizeId,
	);
	if (!sku) {
		throw badRequest(
			'No SKU for this colour and size',
			`Product ${product.id} has no SKU for assigned colour ${colorId} and size ${sizeId}; see GET .../products/${product.id}/sku`,
		);
	}
	// The contract's ProductSku carries `available`; an unavailable SKU is not ordered.
	if (!sku.available) {
		throw badRequest(
			'SKU not available',
			`${field}: SKU ${sku.sku ?? sku.id} of product ${product.id} (assigned colour ${colorId}, size ${sizeId}) is not available; see GET .../products/${product.id}/sku`,
		);
	}
	return sku;
}

/**
 * An ordered product's price: the product's price for the order's country and the item's size,
 * times the amount; absent where the product lists no price for that country (prices are per
 * country, in its currency).
 */
function linePrice(
	product: Product,
	sizeId: number,
	countryId: number,
	amount: number,
): number | undefined {
	return lineTotal(
		product.prices.find((p) => p.assignedSizeId === sizeId && p.countryId === countryId)?.price,
		amount,
	);
}

/** A `creatorse_design` item: a custom design, or a plain base product when it has no compositions. */
export function buildDesignItem(
	sandbox: SandboxState,
	shop: Shop,
	orderId: number,
	/** The order's country: the item is priced by its price list. */
	countryId: number,
	value: unknown,
	field: string,
): OrderedProduct {
	if (!isPlainObject(value)) throw badRequest(`${field} must be an object`);
	const skuText = readString(value.sku);
	let product =
		readInt(value.productId) !== undefined
			? findProduct(sandbox, shop, readInt(value.productId) as number)
			: undefined;
	let colorId = readRefId(value.assignedColor);
	let sizeId = readRefId(value.assignedSize);
	if (readInt(value.productId) !== undefined && !product) {
		throw badRequest(
			'Unknown product',
			`${field}.productId ${String(value.productId)} is not a product of shop ${shop.id}`,
		);
	}
	if (skuText && sandbox.variantSkuTexts && (colorId === undefined || sizeId === undefined)) {
		// Extension `variantSkuTexts`: a variant SKU text names product, colour and size at once.
		for (const candidate of sandbox.store.products.values()) {
			if (candidate.shopId !== shop.id || candidate.deleted || (product && candidate !== product))
				continue;
			const hit = candidate.skus.find((s) => s.sku === skuText);
			if (hit) {
				product = candidate;
				colorId = hit.assignedColorId;
				sizeId = hit.assignedSizeId;
				break;
			}
		}
	}
	if (skuText && !product) {
		// The product's own SKU (the contract's ProductSku has no SKU text of its own), the colour
		// and size then given as assignedColor and assignedSize.
		product = [...sandbox.store.products.values()].find(
			(candidate) =>
				candidate.shopId === shop.id && !candidate.deleted && candidate.sku === skuText,
		);
	}
	if (
		skuText &&
		(!product || ((colorId === undefined || sizeId === undefined) && product.sku !== skuText))
	) {
		const owner = product ? `product ${product.id}` : `any product of shop ${shop.id}`;
		throw badRequest(
			'Unknown SKU',
			sandbox.variantSkuTexts
				? `${field}.sku ${skuText} is neither a variant SKU nor the product SKU of ${owner}`
				: `${field}.sku ${skuText} is not the product SKU of ${owner}; give the product's own SKU (or productId) with assignedColor{id} and assignedSize{id}`,
		);
	}
	if (!product) {
		throw badRequest(
			`${field} needs productId (or ${sandbox.variantSkuTexts ? 'a variant sku' : "the product's sku"})`,
		);
	}
	const productSku = variant(product, colorId, sizeId, field);
	const amount = readAmount(value.amount, `${field}.amount`);
	return {
		id: sandbox.store.nextId('orderedProduct'),
		orderId,
		kind: 'design',
		productId: product.id,
		assignedColorId: productSku.assignedColorId,
		assignedSizeId: productSku.assignedSizeId,
		skuId: productSku.id,
		sku: orderedSkuOf(product, productSku),
		amount,
		price: linePrice(product, productSku.assignedSizeId, countryId, amount),
		created: nowIso(sandbox.clock),
		deleted: false,
		compositions: readCompositions(
			sandbox,
			shop,
			product,
			value.compositions,
			`${field}.compositions`,
		),
		customAttributes: readCustomAttributes(sandbox, value.customAttributes),
	};
}

/**
 * A template product's `assignedColor{id}` or `assignedSize{id}`: absent (or empty) is
 * undefined; anything else must be a reference with an integer id.
 */
function templateVariantRef(value: unknown, field: string): number | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	if (isPlainObject(value) && (value.id === undefined || value.id === '')) return undefined;
	const id = isPlainObject(value) ? readInt(value.id) : undefined;
	if (id === undefined) throw badRequest(`${field} must be {id} with an integer id`);
	return id;
}

/** A `creatorse_designedTemplateProduct` item, by template id or template SKU. */
export function buildTemplateItem(
	sandbox: SandboxState,
	shop: Shop,
	orderId: number,
	/** The order's country: the item is priced by its price list. */
	countryId: number,
	value: unknown,
	field: string,
): OrderedProduct {
	if (!isPlainObject(value)) throw badRequest(`${field} must be an object`);
	const templateId = readInt(value.templateProductId);
	const templateSku = readString(value.templateProductSku);
	const template = [...sandbox.store.templateProducts.values()].find(
		(t) =>
			t.shopId === shop.id &&
			(templateId !== undefined ? t.id === templateId : t.sku === templateSku),
	);
	if (!template) {
		throw badRequest(
			'Unknown template product',
			`${field}: templateProductId ${String(templateId)} / templateProductSku ${String(templateSku)}`,
		);
	}
	const product = findProduct(sandbox, shop, template.productId) as Product;
	const colorId = templateVariantRef(value.assignedColor, `${field}.assignedColor`);
	const sizeId = templateVariantRef(value.assignedSize, `${field}.assignedSize`);
	// The contract lists `assignedColor{id}` and `assignedSize{id}` on a template product without
	// saying they are required: by default a template product without them is stored as given
	// (the service's template settles what it produces). Option `refuseTemplateWithoutVariant`
	// plays a service that requires both.
	if (sandbox.kind.refuseTemplateWithoutVariant) {
		for (const [key, id] of [
			['assignedColor', colorId],
			['assignedSize', sizeId],
		] as const) {
			if (id === undefined) {
				throw badRequest(
					`${field}.${key} is required`,
					`A template product names the ${key === 'assignedColor' ? 'colour' : 'size'} to produce as ${key}{id}`,
				);
			}
		}
	}
	const amount = readAmount(value.amount, `${field}.amount`);
	// Both given: the pair must be an available SKU, as for a design. One given: it must be the
	// product's. Neither: no variant and no price (prices are per size).
	const productSku =
		colorId !== undefined && sizeId !== undefined
			? variant(product, colorId, sizeId, field)
			: undefined;
	if (!productSku && colorId !== undefined && !product.colors.some((c) => c.id === colorId)) {
		throw badRequest(
			'Unknown assigned colour',
			`${field}.assignedColor.id ${colorId} is not an assigned colour of product ${product.id}`,
		);
	}
	if (!productSku && sizeId !== undefined && !product.sizes.some((s) => s.id === sizeId)) {
		throw badRequest(
			'Unknown assigned size',
			`${field}.assignedSize.id ${sizeId} is not an assigned size of product ${product.id}`,
		);
	}
	return {
		id: sandbox.store.nextId('orderedProduct'),
		orderId,
		kind: 'template',
		productId: product.id,
		templateProductId: template.id,
		assignedColorId: colorId,
		assignedSizeId: sizeId,
		skuId: productSku?.id,
		sku: productSku ? orderedSkuOf(product, productSku) : product.sku,
		amount,
		price: sizeId !== undefined ? linePrice(product, sizeId, countryId, amount) : undefined,
		created: nowIso(sandbox.clock),
		deleted: false,
		compositions: [],
		customAttributes: readCustomAttributes(sandbox, value.customAttributes),
	};
}

export function readPassthroughItem(value: unknown, field: string): PassthroughItem {
	if (!isPlainObject(value)) throw badRequest(`${field} must be an object`);
	const sku = readString(value.sku);
	if (!sku) throw badRequest(`${field}.sku is required`);
	const quantity = readInt(value.quantity);
	if (quantity === undefined || quantity < 1)
		throw badRequest(`${field}.quantity must be a positive integer`);
	return {
		sku,
		quantity,
		name: readString(value.name),
		brand: readString(value.brand),
		color: readString(value.color),
		referenceId: readString(value.referenceId),
	};
}
