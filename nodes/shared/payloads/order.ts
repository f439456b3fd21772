import { isPlainObject } from '../codec';
import type { PlainObject } from '../codec';
import {
	idRef,
	isBlank,
	membersOf,
	normaliseDesign,
	normaliseTemplate,
	optionalText,
	positiveInt,
} from './design';
import { OrderPayloadError } from './orderErrors';

/**
 * Order payloads (contract, "Deferred order payload" and "Incremental order payloads"): the
 * guided form and a JSON body both end in `validateDeferredOrder`, so both refuse the same bad
 * input, before anything is sent.
 */

import { FINANCIAL_STATUSES } from '../types';
export { OrderPayloadError } from './orderErrors';

export const DEFERRED_ROOT = 'creatorse_productionOrderDeferred';
export const DRAFT_ROOT = 'productionOrder';
export const MAX_PASSTHROUGH_ITEMS = 100;

export { FINANCIAL_STATUSES };

/** Keys of the deferred body the client fills in itself; any other key is passed on as given. */
const ORDER_KEYS = new Set([
	'uniqueId',
	'financialStatus',
	'customer',
	'country',
	'orderShipping',
	'designs',
	'templates',
	'passthroughItems',
]);

/** The order address of the contract; the service drops any other key of a JSON or XML order. */
export const ADDRESS_KEYS = ['street', 'streetNo', 'city', 'zip', 'countryCode'] as const;

/** Keys naming a recipient: only the CSV import carries them per address (contract, Order). */
const RECIPIENT_KEYS = new Set(['firstName', 'lastName', 'company', 'companyName', 'name']);

/** Further per-address values the CSV import knows and a JSON order address does not. */
const CSV_ONLY_ADDRESS_KEYS = new Set(['countryName', 'stateName', 'stateCode', 'phone', 'email']);

const ADDRESS_ALTERNATIVES =
	'The order address holds only street, streetNo, city, zip and countryCode; the service drops anything else.';

/** How to keep the detail an order address cannot carry, by the kind of key. */
function addressKeyHint(key: string): string {
	if (RECIPIENT_KEYS.has(key)) {
		return `${ADDRESS_ALTERNATIVES} The parcel goes to the customer of the order: put the recipient's name in the customer's firstName and lastName (Customer → First Name and Last Name in the form), or send the order through CSV Import, whose addresses carry a first name, last name and company.`;
	}
	if (CSV_ONLY_ADDRESS_KEYS.has(key)) {
		return `${ADDRESS_ALTERNATIVES} Give phone and email on the customer; per-address phone, email, state and country name go through CSV Import.`;
	}
	return `${ADDRESS_ALTERNATIVES} Move this detail into street or streetNo (for example an apartment number), or remove it.`;
}

// ---------------------------------------------------------------------------------------------
// Order header: country, customer, shipping
// ---------------------------------------------------------------------------------------------

/** A country by ID (`{id}`, 1, "1") or by ISO code (`{code}`, "DK"), as the deferred body allows. */
export function countryRef(value: unknown): { id: number } | { code: string } {
	const hint = 'Enter the country ID (e.g. 1) or its two-letter ISO code (e.g. DE).';
	if (isBlank(value) || (isPlainObject(value) && isBlank(value.id) && isBlank(value.code))) {
		throw new OrderPayloadError('Country is missing', 'country', hint);
	}
	if (isPlainObject(value) && !isBlank(value.id))
		return idRef(value, 'Country ID', 'country', hint);
	const code = optionalText(isPlainObject(value) ? value.code : value) as string;
	if (/^\d+$/.test(code)) return { id: positiveInt(code, 'Country ID', 'country.id', hint) };
	if (!/^[A-Za-z]{2}$/.test(code)) {
		throw new OrderPayloadError(
			`Country must be an ID or a two-letter ISO code, got ${JSON.stringify(code)}`,
			'country.code',
			hint,
		);
	}
	return { code: code.toUpperCase() };
}

function normaliseAddress(value: unknown, label: string, path: string): PlainObject | undefined {
	if (isBlank(value)) return undefined;
	if (!isPlainObject(value)) {
		throw new OrderPayloadError(
			`${label} must be an object`,
			path,
			'Give street, streetNo, city, zip and countryCode.',
		);
	}
	const address: PlainObject = {};
	for (const [key, raw] of Object.entries(value)) {
		if (isBlank(raw)) continue;
		// A recipient the service drops sends the parcel to the buyer: refuse it, never drop it.
		if (!(ADDRESS_KEYS as readonly string[]).includes(key)) {
			throw new OrderPayloadError(
				`${label} has "${key}", which an order address cannot carry`,
				`${path}.${key}`,
				addressKeyHint(key),
			);
		}
		address[key] = optionalText(raw);
	}
	const countryCode = address.countryCode as string | undefined;
	if (countryCode !== undefined) {
		if (!/^[A-Za-z]{2}$/.test(countryCode)) {
			throw new OrderPayloadError(
				`${label} country code must be a two-letter ISO code, got ${JSON.stringify(countryCode)}`,
				`${path}.countryCode`,
				'Use the ISO 3166-1 alpha-2 code, for example DE or GB.',
			);
		}
		address.countryCode = countryCode.toUpperCase();
	}
	return Object.keys(address).length ? address : undefined;
}

export function normaliseCustomer(
	value: unknown,
	requireShippingAddress: boolean,
): PlainObject | undefined {
	const missing = new OrderPayloadError(
		'Customer shipping address is missing',
		'customer.shippingAddress',
		'Fill in the shipping address (street, city, zip, country code): the service refuses orders without it.',
	);
	if (isBlank(value)) {
		if (requireShippingAddress) throw missing;
		return undefined;
	}
	if (!isPlainObject(value)) {
		throw new OrderPayloadError(
			'Customer must be an object',
			'customer',
			'Give firstName, lastName, email and the addresses.',
		);
	}
	const customer: PlainObject = {};
	for (const [key, raw] of Object.entries(value)) {
		if (isBlank(raw) || key === 'shippingAddress' || key === 'billingAddress') continue;
		customer[key] = typeof raw === 'string' ? raw.trim() : raw;
	}
	const billing = normaliseAddress(
		value.billingAddress,
		'Billing address',
		'customer.billingAddress',
	);
	const shipping = normaliseAddress(
		value.shippingAddress,
		'Shipping address',
		'customer.shippingAddress',
	);
	if (billing) customer.billingAddress = billing;
	if (shipping) customer.shippingAddress = shipping;
	else if (requireShippingAddress) throw missing;
	return customer;
}

function normaliseShipping(value: unknown): PlainObject | undefined {
	if (isBlank(value)) return undefined;
	if (!isPlainObject(value)) {
		throw new OrderPayloadError(
			'Order shipping must be an object',
			'orderShipping',
			'Give title and carrier {id}.',
		);
	}
	const shipping: PlainObject = {};
	for (const [key, raw] of Object.entries(value)) {
		if (isBlank(raw) || key === 'carrier') continue;
		shipping[key] = raw;
	}
	if (!isBlank(value.carrier)) {
		shipping.carrier = idRef(
			value.carrier,
			'Shipping carrier ID',
			'orderShipping.carrier',
			'Pick a carrier of the shop (Carrier → Get Many lists them).',
		);
	}
	return Object.keys(shipping).length ? shipping : undefined;
}

function financialStatusOf(value: unknown): string | undefined {
	if (isBlank(value)) return undefined;
	const status = String(value).trim().toUpperCase();
	if (!(FINANCIAL_STATUSES as readonly string[]).includes(status)) {
		throw new OrderPayloadError(
			`Financial status must be one of ${FINANCIAL_STATUSES.join(', ')}, got ${JSON.stringify(value)}`,
			'financialStatus',
			'PAID starts production once the order is processed; PENDING waits for payment.',
		);
	}
	return status;
}

function passthroughItem(value: unknown, index: number, path: string): PlainObject {
	const label = `Passthrough item ${index + 1}`;
	if (!isPlainObject(value)) {
		throw new OrderPayloadError(`${label} must be an object`, path, 'Give sku, name and quantity.');
	}
	const sku = optionalText(value.sku);
	if (!sku)
		throw new OrderPayloadError(
			`${label} needs a SKU`,
			`${path}.sku`,
			'Give the warehouse SKU of the item.',
		);
	const out: PlainObject = { sku };
	for (const key of ['name', 'brand', 'color', 'referenceId']) {
		if (!isBlank(value[key])) out[key] = String(value[key]);
	}
	out.quantity = positiveInt(
		value.quantity,
		`${label} quantity`,
		`${path}.quantity`,
		'Enter the quantity as a whole number of at least 1.',
	);
	return out;
}

// ---------------------------------------------------------------------------------------------
// The deferred order
// ---------------------------------------------------------------------------------------------

/**
 * Check a deferred order body (with or without its root key) and return it in wire form:
 * `{ creatorse_productionOrderDeferred: {...} }` with every collection wrapped as the contract
 * writes it. Throws OrderPayloadError for the first problem found.
 */
export function validateDeferredOrder(input: unknown): PlainObject {
	const body =
		isPlainObject(input) && isPlainObject(input[DEFERRED_ROOT]) ? input[DEFERRED_ROOT] : input;
	if (!isPlainObject(body)) {
		throw new OrderPayloadError(
			'The order must be a JSON object',
			DEFERRED_ROOT,
			`Give the order as {"${DEFERRED_ROOT}": {...}} or as the object inside it.`,
		);
	}
	const order: PlainObject = {};
	const uniqueId = optionalText(body.uniqueId);
	if (uniqueId) order.uniqueId = uniqueId;
	const financialStatus = financialStatusOf(body.financialStatus);
	if (financialStatus) order.financialStatus = financialStatus;
	order.customer = normaliseCustomer(body.customer, true);
	order.country = countryRef(body.country);
	const shipping = normaliseShipping(body.orderShipping);
	if (shipping) order.orderShipping = shipping;

	const designs = membersOf(body.designs, 'creatorse_design', 'Designs', 'designs').map(
		(design, i) => normaliseDesign(design, i, `designs.creatorse_design[${i}]`),
	);
	const templates = membersOf(
		body.templates,
		'creatorse_designedTemplateProduct',
		'Templates',
		'templates',
	).map((template, i) =>
		normaliseTemplate(template, i, `templates.creatorse_designedTemplateProduct[${i}]`),
	);
	const passthrough = membersOf(
		body.passthroughItems,
		'creatorse_passthroughItem',
		'Passthrough items',
		'passthroughItems',
	);
	if (passthrough.length > MAX_PASSTHROUGH_ITEMS) {
		throw new OrderPayloadError(
			`An order may carry at most ${MAX_PASSTHROUGH_ITEMS} passthrough items, got ${passthrough.length}`,
			'passthroughItems',
			'Split the passthrough items over several orders.',
		);
	}
	const passthroughItems = passthrough.map((item, i) =>
		passthroughItem(item, i, `passthroughItems.creatorse_passthroughItem[${i}]`),
	);
	if (!designs.length && !templates.length && !passthroughItems.length) {
		throw new OrderPayloadError(
			'The order has no items',
			'designs',
			'Add at least one design, template product or passthrough item.',
		);
	}
	if (designs.length) order.designs = { creatorse_design: designs };
	if (templates.length) order.templates = { creatorse_designedTemplateProduct: templates };
	if (passthroughItems.length)
		order.passthroughItems = { creatorse_passthroughItem: passthroughItems };
	for (const [key, extra] of Object.entries(body)) {
		if (!ORDER_KEYS.has(key) && extra !== undefined) order[key] = extra;
	}
	return { [DEFERRED_ROOT]: order };
}

function deferredContent(body: PlainObject): PlainObject {
	return (body[DEFERRED_ROOT] ?? {}) as PlainObject;
}

function designsOf(body: PlainObject): PlainObject[] {
	const designs = deferredContent(body).designs;
	return isPlainObject(designs) ? ((designs.creatorse_design as PlainObject[]) ?? []) : [];
}

/** Product IDs of the designs that name colour and size, for the SKU check. */
export function productIdsToCheck(body: PlainObject): number[] {
	const ids = new Set<number>();
	for (const design of designsOf(body)) {
		if (typeof design.productId === 'number' && design.assignedColor && design.assignedSize)
			ids.add(design.productId);
	}
	return [...ids];
}

export interface SkuPair {
	assignedColorId: unknown;
	assignedSizeId: unknown;
}

/** Refuse a design whose colour/size pair is not a SKU of its (looked-up) product. */
export function checkDesignSkus(body: PlainObject, skusByProduct: Map<number, SkuPair[]>): void {
	designsOf(body).forEach((design, i) => {
		const skus = skusByProduct.get(design.productId as number);
		if (!skus || !design.assignedColor || !design.assignedSize) return;
		const colorId = (design.assignedColor as PlainObject).id;
		const sizeId = (design.assignedSize as PlainObject).id;
		const found = skus.some(
			(sku) =>
				String(sku.assignedColorId) === String(colorId) &&
				String(sku.assignedSizeId) === String(sizeId),
		);
		if (!found) {
			throw new OrderPayloadError(
				`Design ${i + 1}: product ${String(design.productId)} has no SKU for assigned colour ${String(colorId)} and assigned size ${String(sizeId)}`,
				`designs.creatorse_design[${i}]`,
				'Only colour/size pairs listed by Product → Get SKUs can be ordered. Pick another colour or size.',
			);
		}
	});
}

// ---------------------------------------------------------------------------------------------
// The guided form
// ---------------------------------------------------------------------------------------------

export type FormElement =
	| { type: 'libraryMotive'; motiveId: unknown }
	| { type: 'urlMotive'; url: unknown }
	| { type: 'inlineMotive'; attachment: string; filename: string }
	| { type: 'ddf'; previewUrl?: unknown; productionUrl: unknown; filename: unknown }
	| { type: 'decoration'; sku: unknown; placement?: unknown };

export interface FormPrint {
	printAreaId: unknown;
	element: FormElement;
	position?: PlainObject;
	layers?: PlainObject[];
}

export interface FormDesign {
	productId: unknown;
	assignedColorId: unknown;
	assignedSizeId: unknown;
	amount: unknown;
	prints: FormPrint[];
}

export interface FormTemplate {
	templateProductId?: unknown;
	templateProductSku?: unknown;
	amount: unknown;
	assignedColorId?: unknown;
	assignedSizeId?: unknown;
}

export interface OrderHeaderForm {
	uniqueId?: unknown;
	country: unknown;
	customer?: PlainObject;
	shippingAddress?: PlainObject;
	billingAddress?: PlainObject;
	shippingTitle?: unknown;
	carrierId?: unknown;
}

export interface DeferredOrderForm extends OrderHeaderForm {
	financialStatus?: unknown;
	designs: FormDesign[];
	templates: FormTemplate[];
	passthroughItems: PlainObject[];
}

function headerBody(form: OrderHeaderForm): PlainObject {
	const customer: PlainObject = { ...(form.customer ?? {}) };
	if (form.billingAddress) customer.billingAddress = form.billingAddress;
	if (form.shippingAddress) customer.shippingAddress = form.shippingAddress;
	const body: PlainObject = {
		uniqueId: form.uniqueId,
		customer,
		country: isBlank(form.country) ? undefined : form.country,
	};
	if (!isBlank(form.shippingTitle) || !isBlank(form.carrierId)) {
		body.orderShipping = {
			title: isBlank(form.shippingTitle) ? undefined : form.shippingTitle,
			carrier: isBlank(form.carrierId) ? undefined : { id: form.carrierId },
		};
	}
	return body;
}

function elementBody(print: FormPrint): PlainObject {
	const { element } = print;
	const withPlacement = (content: PlainObject): PlainObject => {
		if (print.position && Object.keys(print.position).length) content.position = print.position;
		if (print.layers?.length) content.layers = { creatorse_designElementLayer: print.layers };
		return content;
	};
	switch (element.type) {
		case 'libraryMotive':
			return { creatorse_designElementMotive: withPlacement({ motive: { id: element.motiveId } }) };
		case 'urlMotive':
			return { creatorse_designElementMotive: withPlacement({ url: element.url }) };
		case 'inlineMotive':
			return {
				creatorse_designElementMotive: withPlacement({
					attachment: element.attachment,
					filename: element.filename,
				}),
			};
		case 'ddf': {
			const ddf: PlainObject = {};
			if (!isBlank(element.previewUrl)) ddf.previewResource = { url: element.previewUrl };
			ddf.productionResource = { url: element.productionUrl, filename: element.filename };
			if (print.position && Object.keys(print.position).length) ddf.position = print.position;
			return { creatorse_designElementDdf: ddf };
		}
		case 'decoration':
			return {
				creatorse_designElementDecoration: { sku: element.sku, placement: element.placement },
			};
	}
}

/** Prints of one design grouped into compositions by print area, in order of first mention. */
function compositionsOf(prints: FormPrint[]): PlainObject[] {
	const byArea = new Map<string, PlainObject[]>();
	const areas = new Map<string, unknown>();
	for (const print of prints) {
		const key = String(print.printAreaId ?? '').trim();
		if (!byArea.has(key)) {
			byArea.set(key, []);
			areas.set(key, print.printAreaId);
		}
		byArea.get(key)!.push(elementBody(print));
	}
	return [...byArea.entries()].map(([key, elements]) => ({
		productArea: { id: areas.get(key) },
		elements,
	}));
}

/** The guided form in wire form, checked exactly as a JSON body would be. */
export function buildDeferredOrder(form: DeferredOrderForm): PlainObject {
	const body: PlainObject = {
		...headerBody(form),
		financialStatus: form.financialStatus,
		designs: {
			creatorse_design: form.designs.map((design) => ({
				productId: design.productId,
				amount: design.amount,
				assignedColor: { id: design.assignedColorId },
				assignedSize: { id: design.assignedSizeId },
				compositions: { creatorse_composition: compositionsOf(design.prints) },
			})),
		},
		templates: {
			creatorse_designedTemplateProduct: form.templates.map((template) => ({
				templateProductId: template.templateProductId,
				templateProductSku: template.templateProductSku,
				amount: template.amount,
				assignedColor: isBlank(template.assignedColorId)
					? undefined
					: { id: template.assignedColorId },
				assignedSize: isBlank(template.assignedSizeId)
					? undefined
					: { id: template.assignedSizeId },
			})),
		},
		passthroughItems: { creatorse_passthroughItem: form.passthroughItems },
	};
	return validateDeferredOrder(body);
}

/** The incremental Create body: `productionOrder` with country, shipping and customer. */
export function buildDraftOrder(form: OrderHeaderForm): PlainObject {
	const header = headerBody(form);
	const order: PlainObject = {};
	const uniqueId = optionalText(header.uniqueId);
	if (uniqueId) order.uniqueId = uniqueId;
	order.country = countryRef(header.country);
	const shipping = normaliseShipping(header.orderShipping);
	if (shipping) order.orderShipping = shipping;
	const customer = normaliseCustomer(header.customer, false);
	if (customer && Object.keys(customer).length) order.customer = customer;
	return { [DRAFT_ROOT]: order };
}

// ---------------------------------------------------------------------------------------------
// Answers and look-ups
// ---------------------------------------------------------------------------------------------

/** The stored filter that finds the orders of a shop carrying one `uniqueId`. */
/** Orders whose uniqueId is any of these (one lookup for a whole batch). */
export function uniqueIdsFilter(uniqueIds: string[]): PlainObject {
	return {
		productionOrderFilter: {
			expressionContain: [
				{ property: 'uniqueId', negation: false, list: { String: [...uniqueIds].sort() } },
			],
		},
	};
}

export function uniqueIdFilter(uniqueId: string): PlainObject {
	return {
		productionOrderFilter: {
			expressionSimple: [{ property: 'uniqueId', op: '=', value: uniqueId }],
		},
	};
}

/**
 * The generated order of a submission answer, whichever root it came under
 * (`productionOrderSubmited` live, `CreatorSE.OrderSubmited` in the contract).
 */
export function submittedOrderOf(
	data: PlainObject,
): { id: unknown; uniqueId: unknown } | undefined {
	for (const candidate of [data, data.productionOrder, data.order, data.productionOrderSubmited]) {
		if (isPlainObject(candidate) && !isBlank(candidate.id ?? candidate.orderId)) {
			return { id: candidate.id ?? candidate.orderId, uniqueId: candidate.uniqueId };
		}
	}
	return undefined;
}
