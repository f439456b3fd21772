/**
 * A storefront's order as n8n's nodes give it, read by the storefront's documented paths: Shopify's
 * Order resource (n8n's Shopify Trigger on orders/create) and WooCommerce's order (n8n's
 * WooCommerce Trigger on order.created, or the WooCommerce node). The shapes are the documented
 * ones in test/fixtures/storefront/ (its README names the sources). What is read is what the
 * intake examples map field by field (examples/*-orders-to-production.json), so that both ways
 * give the same print order; the intake examples' Unique ID is `<storefront>-<order id>`, which
 * the way-back examples split at the last `-`.
 */

import { isPlainObject } from '../../../../shared/codec';
import type { PlainObject } from '../../../../shared/codec';
import { InputError } from '../../../../shared/errors';
import { isBlank } from '../../../../shared/values';
import type { OrderHeaderForm } from '../payloads/orderHeader';

export type Storefront = 'shopify' | 'woocommerce';

/** One line item of the order that names a SKU: what a design of the form takes from it. */
export interface StorefrontLine {
	/** Its place among all the order's line items, from 0: the line as the merchant sees it. */
	position: number;
	sku: string;
	/** As the Variant field takes it: Shopify's `variant_title`, WooCommerce's `meta_data`. */
	variant: unknown;
	amount: unknown;
}

export interface StorefrontOrder {
	header: OrderHeaderForm;
	/** The lines with a SKU, in the order's order. */
	lines: StorefrontLine[];
}

interface StorefrontPaths {
	label: string;
	/** Where n8n gives the order, for the fix of an item that is not one. */
	source: string;
	/** The order's head, but for its Unique ID. */
	head(order: PlainObject): Omit<OrderHeaderForm, 'uniqueId'>;
	variant(line: PlainObject): unknown;
}

function objectAt(value: unknown): PlainObject {
	return isPlainObject(value) ? value : {};
}

/** The given values only: a field the storefront leaves null stays out, as an empty form field. */
function given(values: PlainObject): PlainObject {
	return Object.fromEntries(Object.entries(values).filter(([, value]) => !isBlank(value)));
}

const firstShippingLine = (order: PlainObject) =>
	objectAt(Array.isArray(order.shipping_lines) ? order.shipping_lines[0] : undefined);

const PATHS: Record<Storefront, StorefrontPaths> = {
	shopify: {
		label: 'Shopify',
		source: "n8n's Shopify Trigger (orders/create) gives it",
		head(order) {
			// The customer's name is the shipping address's: the parcel is addressed to the customer.
			const address = objectAt(order.shipping_address);
			return {
				country: address.country_code,
				customer: given({
					email: order.email,
					firstName: address.first_name,
					lastName: address.last_name,
					phone: address.phone,
				}),
				shippingAddress: given({
					street: address.address1,
					streetNo: address.address2,
					zip: address.zip,
					city: address.city,
					countryCode: address.country_code,
				}),
				shippingTitle: firstShippingLine(order).title,
			};
		},
		variant: (line) => line.variant_title,
	},
	woocommerce: {
		label: 'WooCommerce',
		source: "n8n's WooCommerce Trigger (order.created) or WooCommerce node gives it",
		head(order) {
			// Email and phone are only in the billing address; the parcel goes to the shipping one.
			const shipping = objectAt(order.shipping);
			const billing = objectAt(order.billing);
			return {
				country: shipping.country,
				customer: given({
					email: billing.email,
					firstName: shipping.first_name,
					lastName: shipping.last_name,
					phone: billing.phone,
				}),
				shippingAddress: given({
					street: shipping.address_1,
					streetNo: shipping.address_2,
					zip: shipping.postcode,
					city: shipping.city,
					countryCode: shipping.country,
				}),
				shippingTitle: firstShippingLine(order).method_title,
			};
		},
		variant: (line) => line.meta_data,
	},
};

/** The storefront's name as the merchant chose it ("Shopify"). */
export function storefrontLabel(storefront: Storefront): string {
	return (PATHS[storefront] ?? PATHS.shopify).label;
}

/**
 * The order an input item holds, read by its storefront's paths. Line items without a SKU are
 * left out, as the intake examples' Filter leaves them out: things the store sells but does not
 * print. An item that is no order of that storefront is refused, saying what to give instead.
 */
export function readStorefrontOrder(storefront: Storefront, json: unknown): StorefrontOrder {
	const paths = PATHS[storefront] ?? PATHS.shopify;
	const order = objectAt(json);
	const fix = `Give Submit the order as ${paths.source}: one item per order, with its line_items list. For an order already split into one item per line, choose Input One Item per Line.`;
	if (!Array.isArray(order.line_items)) {
		throw new InputError(
			isPlainObject(order.line_items)
				? `The item holds one line, not a ${paths.label} order: line_items is not a list`
				: `The item is not a ${paths.label} order: it has no line_items list`,
			fix,
			'storefront',
		);
	}
	if (isBlank(order.id)) {
		throw new InputError(`The ${paths.label} order has no id`, fix, 'storefront');
	}
	const lines: StorefrontLine[] = [];
	order.line_items.forEach((entry, position) => {
		const line = objectAt(entry);
		const sku = isBlank(line.sku) ? '' : String(line.sku).trim();
		if (sku) lines.push({ position, sku, variant: paths.variant(line), amount: line.quantity });
	});
	return {
		header: { ...paths.head(order), uniqueId: `${storefront}-${String(order.id)}` },
		lines,
	};
}
