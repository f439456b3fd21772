/**
 * A storefront's order as n8n's nodes give it, read by the storefront's documented paths: Shopify's
 * Order resource (n8n's Shopify Trigger on orders/create) and WooCommerce's order (n8n's
 * WooCommerce Trigger on order.created, or the WooCommerce node). The shapes are the documented
 * ones in test/fixtures/storefront/ (its README names the sources). What is read is what the
 * intake examples map field by field (examples/*-orders-to-production.json), so that both ways
 * give the same print order.
 *
 * Every line item is accounted for: it is printed (by its SKU, or by its product name where it
 * has none) in the quantity the store still owes (Shopify's `current_quantity`, after refunds and
 * removals), or it is left out with the reason, which the output names; a line with neither a
 * SKU nor a name is one the print shop does not sell (readStorefront.ts decides what becomes of
 * it). The print order's Unique
 * ID is `<store key>-<order id>`, the store key being the platform's name unless the merchant
 * sets one (two stores of one platform): the way-back examples take back only their own store's
 * orders by that prefix.
 */

import { isPlainObject, isBlank } from '../../../../shared/values';
import type { PlainObject } from '../../../../shared/values';
import { InputError } from '../../../../shared/errors';
import type { OrderHeaderForm } from '../payloads/orderHeader';

export type Storefront = 'shopify' | 'woocommerce';

/** One line item of the order that is printed: what a design of the form takes from it. */
export interface StorefrontLine {
	/** Its place among all the order's line items, from 0: the line as the merchant sees it. */
	position: number;
	/** The line's SKU; undefined where it has none (the line is then found by its product name). */
	sku?: string;
	/** The product's name as the store shows it on the line (Shopify's `title`). */
	title?: string;
	/** As the Variant field takes it: Shopify's `variant_title`, WooCommerce's `meta_data`. */
	variant: unknown;
	/** The quantity printed: what the store still owes the customer. */
	amount: number;
	/** Which of the store's quantities that is ("current_quantity", "quantity"). */
	quantityFrom: string;
}

/** A line item that is not printed, and why. */
export interface LineLeftOut {
	position: number;
	sku?: string;
	title?: string;
	reason: string;
	/**
	 * Whether it is left out because the print shop does not sell its product (rather than because
	 * nothing of it is owed): such a line fails its order unless the merchant chose to leave it out.
	 */
	notSold?: boolean;
}

export interface StorefrontOrder {
	header: OrderHeaderForm;
	/** The order as the store names it to its merchant ("#1001"). */
	name: string;
	/** The lines printed, in the order's order. */
	lines: StorefrontLine[];
	/** The lines not printed, each with its reason. */
	leftOut: LineLeftOut[];
	/**
	 * Why the order cannot be printed as the store gives it, when the store's data does not say
	 * which lines to print (refunds WooCommerce does not assign to lines).
	 */
	refusal?: { message: string; fix: string };
}

/** A line's quantity still owed, and where it was read; 0 when nothing is. */
interface Owed {
	amount: number;
	from: string;
}

interface StorefrontPaths {
	label: string;
	/** Where n8n gives the order, for the fix of an item that is not one. */
	source: string;
	/** The order's name as the store shows it ("#1001"). */
	name(order: PlainObject): string;
	/** The order's head, but for its Unique ID. */
	head(order: PlainObject): Omit<OrderHeaderForm, 'uniqueId'>;
	variant(line: PlainObject): unknown;
	/** The product's name on the line, without the variant's options. */
	title(line: PlainObject): string | undefined;
	owed(line: PlainObject, order: PlainObject): Owed;
	refusal?(order: PlainObject): StorefrontOrder['refusal'];
}

function objectAt(value: unknown): PlainObject {
	return isPlainObject(value) ? value : {};
}

function listAt(value: unknown): PlainObject[] {
	return Array.isArray(value) ? value.filter(isPlainObject) : [];
}

/** The given values only: a field the storefront leaves null stays out, as an empty form field. */
function given(values: PlainObject): PlainObject {
	return Object.fromEntries(Object.entries(values).filter(([, value]) => !isBlank(value)));
}

function textAt(value: unknown): string | undefined {
	return isBlank(value) ? undefined : String(value).trim() || undefined;
}

/** A whole quantity the store gives, or undefined. */
function countAt(value: unknown): number | undefined {
	const count = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : undefined;
}

const firstShippingLine = (order: PlainObject) => objectAt(listAt(order.shipping_lines)[0]);

/** The HTML entities WooCommerce writes into a line's name ("Ship Your Idea &ndash; Color: Black"). */
const ENTITIES: Record<string, string> = {
	amp: '&',
	ndash: '–',
	mdash: '—',
	quot: '"',
	'#039': "'",
};

const PATHS: Record<Storefront, StorefrontPaths> = {
	shopify: {
		label: 'Shopify',
		source: "n8n's Shopify Trigger (orders/create) gives it",
		name: (order) => textAt(order.name) ?? `#${String(order.order_number ?? order.id)}`,
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
		// Shopify names the variant of a product without options "Default Title": no option at all.
		variant: (line) => (line.variant_title === 'Default Title' ? undefined : line.variant_title),
		title: (line) => textAt(line.title),
		owed(line, order) {
			// Shopify's quantity after refunds and removals; older payloads lack it: refunds then.
			const current = countAt(line.current_quantity);
			if (current !== undefined) return { amount: current, from: 'current_quantity' };
			const ordered = countAt(line.quantity) ?? 0;
			const refunded = listAt(order.refunds)
				.flatMap((refund) => listAt(refund.refund_line_items))
				.filter((refunded) => String(refunded.line_item_id) === String(line.id))
				.reduce((sum, refunded) => sum + (countAt(refunded.quantity) ?? 0), 0);
			return refunded
				? { amount: Math.max(0, ordered - refunded), from: 'quantity less refund_line_items' }
				: { amount: ordered, from: 'quantity' };
		},
	},
	woocommerce: {
		label: 'WooCommerce',
		source: "n8n's WooCommerce Trigger (order.created) or WooCommerce node gives it",
		name: (order) => `#${String(order.number ?? order.id)}`,
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
		title(line) {
			// A variation's line is named "<product> – <attributes>"; newer stores give the product's.
			const name = textAt(line.parent_name) ?? textAt(line.name);
			return name
				?.replace(/&(#039|[a-z]+);/g, (entity, code: string) => ENTITIES[code] ?? entity)
				.split(/ [–—-] /)[0]
				.trim();
		},
		owed: (line) => ({ amount: countAt(line.quantity) ?? 0, from: 'quantity' }),
		refusal(order) {
			// WooCommerce's order lists its refunds by amount only: which lines they took back it
			// does not say, so the node cannot tell what is still owed.
			const refunds = listAt(order.refunds);
			if (!refunds.length || order.status === 'refunded') return undefined;
			const amounts = refunds.map((refund) => String(refund.total ?? '').replace(/^-/, ''));
			return {
				message: `it has ${refunds.length === 1 ? 'a refund' : `${refunds.length} refunds`} (${amounts.join(', ')}) that WooCommerce's order does not assign to lines`,
				fix: 'Check in WooCommerce which lines are still owed and submit those (Input One Item per Line, a line per item), or set the order aside: nothing was sent.',
			};
		},
	},
};

/** The storefront's name as the merchant chose it ("Shopify"). */
export function storefrontLabel(storefront: Storefront): string {
	return (PATHS[storefront] ?? PATHS.shopify).label;
}

/** The store key a Unique ID starts with: the merchant's, else the platform's name. */
export function storeKeyOf(storefront: Storefront, storeKey: unknown): string {
	return textAt(storeKey) ?? (PATHS[storefront] ? storefront : 'shopify');
}

/**
 * The order an input item holds, read by its storefront's paths: every line item either printed
 * (by its SKU, else by its product name) in the quantity still owed, or left out with its reason.
 * An item that is no order of that storefront is refused, saying what to give instead.
 */
export function readStorefrontOrder(
	storefront: Storefront,
	json: unknown,
	storeKey?: unknown,
): StorefrontOrder {
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
	const refunded = order.status === 'refunded' || order.financial_status === 'refunded';
	const lines: StorefrontLine[] = [];
	const leftOut: LineLeftOut[] = [];
	order.line_items.forEach((entry, position) => {
		const line = objectAt(entry);
		const sku = textAt(line.sku);
		const title = paths.title(line);
		const known = { position, ...(sku ? { sku } : {}), ...(title ? { title } : {}) };
		const owed = paths.owed(line, order);
		if (refunded) {
			leftOut.push({ ...known, reason: `the order is refunded in ${paths.label}` });
		} else if (owed.amount === 0) {
			leftOut.push({
				...known,
				reason: `nothing is owed: ${paths.label} gives ${owed.from} 0 (refunded or removed)`,
			});
		} else if (!sku && !title) {
			leftOut.push({
				...known,
				reason: 'the line has neither a SKU nor a product name',
				notSold: true,
			});
		} else {
			lines.push({
				...known,
				variant: paths.variant(line),
				amount: owed.amount,
				quantityFrom: owed.from,
			});
		}
	});
	return {
		header: {
			...paths.head(order),
			uniqueId: `${storeKeyOf(storefront, storeKey)}-${String(order.id)}`,
		},
		name: paths.name(order),
		lines,
		leftOut,
		...(paths.refusal?.(order) ? { refusal: paths.refusal(order) } : {}),
	};
}
