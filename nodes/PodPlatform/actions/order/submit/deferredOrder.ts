/**
 * The deferred order (contract, "Deferred order payload"): the guided form and a JSON body both
 * end in `validateDeferredOrder`, so both refuse the same bad input before anything is sent, and
 * both report every problem of the item at once, each named where the user wrote it. The result
 * carries the wire body and what the later steps need from it, typed: the uniqueId for Exactly
 * Once, the product, colour and size pairs for the SKU check, and the names of the form's places
 * to translate a service refusal.
 */

import { isPlainObject, isBlank } from '../../../../shared/values';
import type { PlainObject } from '../../../../shared/values';
import { countryRef } from '../payloads/country';
import { normaliseCustomer } from '../payloads/customer';
import { InputError } from '../../../../shared/errors';
import { membersOf, optionalText } from '../payloads/orderValues';
import { placeName, Problems } from '../payloads/problems';
import type { Problem } from '../payloads/problems';
import { normaliseShipping } from '../payloads/shipping';
import { FINANCIAL_STATUSES } from '../../../../shared/types';
import { normaliseDesign } from './designs';
import type { DeferredOrder, DesignWords, OrderNames, Resolver } from './types';
import { OFFLINE_RESOLVER } from './resolve';
import { normalisePassthroughItems } from './passthrough';
import { normaliseTemplate } from './templates';

export const DEFERRED_ROOT = 'creatorse_productionOrderDeferred';

export const JSON_NAMES: OrderNames = {
	showPaths: true,
	design: (d) => `Design ${d + 1}`,
	composition: (d, c) => placeName(`Design ${d + 1}`, `Composition ${c + 1}`),
	element: (d, c, e) => placeName(`Design ${d + 1}`, `Composition ${c + 1}`, `Element ${e + 1}`),
};

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

function financialStatusOf(value: unknown): string | undefined {
	if (isBlank(value)) return undefined;
	const status = String(value).trim().toUpperCase();
	if (!(FINANCIAL_STATUSES as readonly string[]).includes(status)) {
		throw new InputError(
			`Financial Status must be one of ${FINANCIAL_STATUSES.join(', ')}, got ${JSON.stringify(value)}`,
			'PAID starts production once the order is processed, and you are charged; PENDING waits for payment.',
			'financialStatus',
		);
	}
	return status;
}

/** How an order body is checked besides its own content. */
export interface CheckOptions {
	/** How problems name the order's places; a JSON body's own structure by default. */
	names?: OrderNames;
	/** Turns names and SKUs into IDs and checks them (resolve.ts); IDs as given by default. */
	resolver?: Resolver;
	/** Per design, the storefront's words the guided form gives besides the wire fields. */
	words?: DesignWords[];
	/** Problems found before the body was checked (the lines of one order that disagree). */
	problems?: Problem[];
	/**
	 * What the error calls the order, in the user's words ("Shopify order #1001 (shopify-…)"),
	 * which then heads every message; "The order", and no heading of a single problem, without.
	 */
	subject?: string;
}

/**
 * Check a deferred order body (with or without its root key) and return it in wire form with
 * every collection wrapped as the contract writes it, every name and SKU resolved to its ID.
 * Every problem found is reported in one InputError, each named by `names`.
 */
export function validateDeferredOrder(input: unknown, options: CheckOptions = {}): DeferredOrder {
	const names = options.names ?? JSON_NAMES;
	const resolver = options.resolver ?? OFFLINE_RESOLVER;
	const body =
		isPlainObject(input) && isPlainObject(input[DEFERRED_ROOT]) ? input[DEFERRED_ROOT] : input;
	if (!isPlainObject(body)) {
		throw new InputError(
			'The order must be a JSON object',
			`Give the order as {"${DEFERRED_ROOT}": {...}} or as the object inside it.`,
			DEFERRED_ROOT,
		);
	}
	const problems = new Problems();
	for (const problem of options.problems ?? []) problems.add(problem);
	const order: PlainObject = {};
	const uniqueId = optionalText(body.uniqueId);
	if (uniqueId) order.uniqueId = uniqueId;
	const financialStatus = problems.check(undefined, () => financialStatusOf(body.financialStatus));
	if (financialStatus) order.financialStatus = financialStatus;
	order.country = problems.check(undefined, () => resolver.country(countryRef(body.country)));
	order.customer = problems.check(undefined, () => normaliseCustomer(body.customer, true));
	const shipping = problems.check(undefined, () => normaliseShipping(body.orderShipping));
	if (shipping) order.orderShipping = shipping;

	const designMembers =
		problems.check(undefined, () =>
			membersOf(body.designs, 'creatorse_design', 'Designs', 'designs'),
		) ?? [];
	const designs = designMembers.map((design, i) =>
		normaliseDesign(
			design,
			i,
			`designs.creatorse_design[${i}]`,
			{ names, resolver, problems },
			options.words?.[i],
		),
	);
	const templateMembers =
		problems.check(undefined, () =>
			membersOf(body.templates, 'creatorse_designedTemplateProduct', 'Templates', 'templates'),
		) ?? [];
	const templates = templateMembers.map((template, i) =>
		problems.check(undefined, () =>
			normaliseTemplate(template, i, `templates.creatorse_designedTemplateProduct[${i}]`),
		),
	);
	const passthroughItems = normalisePassthroughItems(body.passthroughItems, problems);
	if (!designMembers.length && !templateMembers.length && !passthroughItems.length) {
		problems.add({
			message: 'The order has no items',
			fix: 'Add at least one design, template product or passthrough item.',
			field: 'designs',
		});
	}
	problems.throwIfAny(
		options.subject ? { text: options.subject, named: true } : { text: 'The order', named: false },
		names.showPaths,
		names.parameters,
	);

	if (designs.length) order.designs = { creatorse_design: designs.map((design) => design!.body) };
	if (templates.length) order.templates = { creatorse_designedTemplateProduct: templates };
	if (passthroughItems.length)
		order.passthroughItems = { creatorse_passthroughItem: passthroughItems };
	for (const [key, extra] of Object.entries(body)) {
		if (!ORDER_KEYS.has(key) && extra !== undefined) order[key] = extra;
	}
	return {
		body: { [DEFERRED_ROOT]: order },
		uniqueId,
		financialStatus,
		customer: order.customer as PlainObject | undefined,
		country: order.country as DeferredOrder['country'],
		orderShipping: shipping,
		designs: designs.map((design) => design!.ordered),
		templates: templates as PlainObject[],
		passthroughItems,
		variants: designs.flatMap((design) => (design?.variant ? [design.variant] : [])),
		names,
	};
}

/** The form's name of a field at the end of a wire path. */
const FIELD_WORDS: Array<[RegExp, string]> = [
	[/^\.productArea\b/, 'Print Area'],
	[/^\.assignedColor\b/, 'Color'],
	[/^\.assignedSize\b/, 'Size'],
	[/^\.productId\b/, 'Product'],
	[/^\.amount\b/, 'Amount'],
	[/^\.sku\b/, 'SKU'],
];

/** A design's place in a wire path; collections may be named with or without their member key. */
const DESIGN_PATH =
	/designs(?:\.creatorse_design)?\[(\d+)\](?:\.compositions(?:\.creatorse_composition)?\[(\d+)\](?:\.elements(?:\.\w+)?\[(\d+)\])?)?([.\w]*)/;

/** Places outside the designs, by the wire path a refusal names. */
const HEAD_PLACES: Array<[RegExp, (match: RegExpExecArray) => string]> = [
	[
		/templates\.creatorse_designedTemplateProduct\[(\d+)\]/,
		(m) => `Template Product ${Number(m[1]) + 1}`,
	],
	[
		/passthroughItems\.creatorse_passthroughItem\[(\d+)\]/,
		(m) => `Passthrough Item ${Number(m[1]) + 1}`,
	],
	[/orderShipping\.carrier/, () => 'Carrier'],
	[/customer\.shippingAddress/, () => 'Shipping Address'],
	[/customer\.billingAddress/, () => 'Billing Address'],
	[/\bcountry\b/i, () => 'Country'],
];

/**
 * Where in the form a service refusal points, read from the wire path its text names, or
 * undefined when it names none. The text is the service's own; only the place is translated.
 */
export function placeOfRefusal(text: string, names: OrderNames): string | undefined {
	const design = DESIGN_PATH.exec(text);
	if (design) {
		const [, d, c, e, rest] = design;
		const place =
			e !== undefined
				? names.element(Number(d), Number(c), Number(e))
				: c !== undefined
					? names.composition(Number(d), Number(c))
					: names.design(Number(d));
		const field = FIELD_WORDS.find(([pattern]) => pattern.test(rest ?? ''))?.[1];
		return field && e === undefined ? placeName(place, field) : place;
	}
	for (const [pattern, name] of HEAD_PLACES) {
		const match = pattern.exec(text);
		if (match) return name(match);
	}
	return undefined;
}
