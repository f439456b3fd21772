/**
 * The deferred order (contract, "Deferred order payload"): the guided form and a JSON body both
 * end in `validateDeferredOrder`, so both refuse the same bad input before anything is sent. The
 * result carries the wire body and what the later steps need from it, typed: the uniqueId for
 * Exactly Once and the product, colour and size pairs for the SKU check.
 */

import { isPlainObject } from '../../../../shared/codec';
import type { PlainObject } from '../../../../shared/codec';
import { countryRef } from '../../../../shared/payloads/country';
import { normaliseCustomer } from '../../../../shared/payloads/customer';
import { InputError } from '../../../../shared/errors';
import { membersOf, optionalText } from '../../../../shared/payloads/orderValues';
import { isBlank } from '../../../../shared/values';
import { normaliseShipping } from '../../../../shared/payloads/shipping';
import { FINANCIAL_STATUSES } from '../../../../shared/types';
import { normaliseDesign } from './designs';
import type { DesignVariant } from './designs';
import { normalisePassthroughItems } from './passthrough';
import { normaliseTemplate } from './templates';

export const DEFERRED_ROOT = 'creatorse_productionOrderDeferred';

/** A deferred order that passed every check. */
export interface DeferredOrder {
	/** The wire body: `{ creatorse_productionOrderDeferred: {...} }`, collections wrapped. */
	body: PlainObject;
	/** The storefront's order number, when given: what Exactly Once looks up. */
	uniqueId?: string;
	/** The product, colour and size of every design that names all three, in design order. */
	variants: DesignVariant[];
}

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
			`Financial status must be one of ${FINANCIAL_STATUSES.join(', ')}, got ${JSON.stringify(value)}`,
			'PAID starts production once the order is processed; PENDING waits for payment.',
			'financialStatus',
		);
	}
	return status;
}

/**
 * Check a deferred order body (with or without its root key) and return it in wire form with
 * every collection wrapped as the contract writes it. Throws InputError for the first
 * problem found.
 */
export function validateDeferredOrder(input: unknown): DeferredOrder {
	const body =
		isPlainObject(input) && isPlainObject(input[DEFERRED_ROOT]) ? input[DEFERRED_ROOT] : input;
	if (!isPlainObject(body)) {
		throw new InputError(
			'The order must be a JSON object',
			`Give the order as {"${DEFERRED_ROOT}": {...}} or as the object inside it.`,
			DEFERRED_ROOT,
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
	const passthroughItems = normalisePassthroughItems(body.passthroughItems);
	if (!designs.length && !templates.length && !passthroughItems.length) {
		throw new InputError(
			'The order has no items',
			'Add at least one design, template product or passthrough item.',
			'designs',
		);
	}
	if (designs.length) order.designs = { creatorse_design: designs.map((design) => design.body) };
	if (templates.length) order.templates = { creatorse_designedTemplateProduct: templates };
	if (passthroughItems.length)
		order.passthroughItems = { creatorse_passthroughItem: passthroughItems };
	for (const [key, extra] of Object.entries(body)) {
		if (!ORDER_KEYS.has(key) && extra !== undefined) order[key] = extra;
	}
	return {
		body: { [DEFERRED_ROOT]: order },
		uniqueId,
		variants: designs.flatMap((design) => (design.variant ? [design.variant] : [])),
	};
}
