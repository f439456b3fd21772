/**
 * What Submit returns for an order: the order it made (or found) in the simplified shape Order →
 * Get and the triggers give (the same keys, product, color and size names beside their IDs), and
 * whether it already existed. It costs no request of its own: the statuses come from the
 * service's answer or lookup, the names from the products the SKU check read.
 */

import type { IDataObject } from 'n8n-workflow';

import type { PlainObject } from '../../../../shared/values';
import { nameItems } from '../../../../shared/productNames';
import { simplifyOrder } from '../../../../shared/simplify/order';
import type { DeferredOrder, NothingToPrint, OrderedDesign } from './types';
import type { OrderProduct } from '../../common/catalog/types';
import type { SubmitOutcome } from './exactlyOnce';
import { differenceNote, differencesOf } from './existingOrder';
import type { StoredOrder } from './existingOrder';
import { sizePriceOf } from '../../../../shared/payloads/product';
import { withheldFromCaller } from './toolUse';

export interface OrderStatuses {
	financialStatus: unknown;
	fulfilmentStatus: unknown;
}

/**
 * The order's statuses as far as they are known without another request: those of the record the
 * lookup found, else the financial status sent and no fulfillment status yet (the service sets it
 * when it processes the order; Get or the triggers follow it from there).
 */
export function statusesOf(order: DeferredOrder, outcome: SubmitOutcome): OrderStatuses {
	const record = outcome.record;
	return {
		financialStatus: record.financialStatus ?? order.financialStatus ?? null,
		fulfilmentStatus: record.fulfilmentStatus ?? null,
	};
}

/**
 * The order the node built, in the shape the service's order record has, so that it is simplified
 * as Order → Get simplifies a read one: designs and template products are its ordered products.
 * What only the service knows (ID, creation, fulfillments) comes from its answer or lookup.
 */
function sentRecord(
	order: DeferredOrder,
	outcome: SubmitOutcome,
	statuses: OrderStatuses,
	products: ReadonlyMap<number, OrderProduct>,
) {
	const found = outcome.record;
	return {
		id: found.id,
		uniqueId: found.uniqueId ?? order.uniqueId ?? null,
		financialStatus: statuses.financialStatus,
		fulfilmentStatus: statuses.fulfilmentStatus,
		// A new order has shipped nothing; an order found has what its record says, if anything.
		fulfillments: found.fulfillments ?? (outcome.alreadyExisted ? undefined : []),
		customer: order.customer,
		orderedProducts: sentOrderedProducts(order, products),
		country: order.country,
		orderShipping: order.orderShipping,
		created: found.created ?? null,
		passthroughItems: order.passthroughItems,
	};
}

/**
 * A new order as the service lists it (`listed`: the look-up by its Unique ID right after sending)
 * with its items as sent: a list record is the contract's basic variant, its own fields and links
 * without the ordered products. Its fields win; what it lacks is the request's, which the service
 * accepted. The items carry no ID or service price of their own (Order → Get reads them).
 */
export function listedRecord(
	order: DeferredOrder,
	listed: PlainObject,
	products: ReadonlyMap<number, OrderProduct>,
): PlainObject {
	const outcome = { record: listed, alreadyExisted: false };
	return { ...sentRecord(order, outcome, statusesOf(order, outcome), products), ...listed };
}

/**
 * The designs and template products of the order, in the order record's shape. A design's SKU is
 * the one sent, else the catalog's SKU of what it orders: its color and size's own SKU where the
 * product lists one, else the product's.
 */
function sentOrderedProducts(
	order: DeferredOrder,
	products: ReadonlyMap<number, OrderProduct>,
): PlainObject[] {
	const catalogSku = ({ productId, assignedColor, assignedSize }: OrderedDesign) => {
		const product = productId === undefined ? undefined : products.get(productId);
		const pair = product?.skus.find(
			(sku) =>
				String(sku.assignedColorId) === String(assignedColor?.id) &&
				String(sku.assignedSizeId) === String(assignedSize?.id),
		);
		return pair?.sku ?? product?.sku;
	};
	return [
		...order.designs.map((design) => ({ ...design, sku: design.sku ?? catalogSku(design) })),
		...order.templates.map((template) => ({
			assignedColor: template.assignedColor,
			assignedSize: template.assignedSize,
			amount: template.amount,
			...(template.templateProductId !== undefined
				? { templateProductId: template.templateProductId }
				: { templateProductSku: template.templateProductSku }),
		})),
	];
}

/**
 * The output item: the simplified order (simplify/order.ts), its items named from the products
 * the run read, then whether the order already existed.
 */
export function orderOutput(
	order: DeferredOrder,
	outcome: SubmitOutcome,
	statuses: OrderStatuses,
	products: Map<number, OrderProduct>,
): IDataObject {
	const simplified = simplifyOrder(sentRecord(order, outcome, statuses, products));
	const namings = new Map([...products].map(([id, product]) => [String(id), product]));
	return {
		...simplified,
		items: nameItems(simplified.items, namings) as IDataObject[],
		alreadyExisted: outcome.alreadyExisted,
		...(outcome.recoveredAfterTimeout ? { recoveredAfterTimeout: true } : {}),
		...(outcome.repeatsCancelled
			? { repeatsCancelled: outcome.repeatsCancelled as unknown as IDataObject[] }
			: {}),
		...(order.storeOrder
			? {
					storeOrder: order.storeOrder.name,
					storeLines: order.storeOrder.lines as unknown as IDataObject[],
					partlyPrinted: order.storeOrder.partlyPrinted,
				}
			: {}),
	};
}

/**
 * The output item of a storefront's order none of whose lines is printed: no print order was
 * made, and each line says why (refunded, no product of its name).
 */
export function nothingToPrintOutput(nothing: NothingToPrint): IDataObject {
	return {
		id: null,
		uniqueId: nothing.uniqueId ?? null,
		printed: false,
		reason: nothing.message,
		storeOrder: nothing.storeOrder.name,
		storeLines: nothing.storeOrder.lines as unknown as IDataObject[],
	};
}

/**
 * The output item of an order Exactly Once found: the stored order (`readStoredOrder`), never the
 * request, with whether the request matches it and, where not, each difference and a note that
 * nothing was changed; the storefront's lines as the request read them. For an AI tool (`asTool`),
 * all of that only when the caller's request carries the email the order was placed with; else
 * only that the Unique ID is taken (`withheldFromCaller`).
 */
export function existingOrderOutput(
	requested: IDataObject,
	stored: IDataObject,
	asTool = false,
): IDataObject {
	const withheld = asTool ? withheldFromCaller(requested, stored) : undefined;
	if (withheld) return withheld;
	const differences = differencesOf(requested, stored);
	return {
		...stored,
		alreadyExisted: true,
		matchesRequest: differences.length === 0,
		differences: differences as unknown as IDataObject[],
		...(differences.length ? { note: differenceNote(stored.uniqueId, differences) } : {}),
		...(requested.recoveredAfterTimeout ? { recoveredAfterTimeout: true } : {}),
		...(requested.repeatsCancelled ? { repeatsCancelled: requested.repeatsCancelled } : {}),
		...(requested.storeOrder
			? {
					storeOrder: requested.storeOrder,
					storeLines: requested.storeLines,
					partlyPrinted: requested.partlyPrinted,
				}
			: {}),
	};
}

/**
 * The stored order with what it costs, before shipping: each item's unit price (its product's own
 * price for the order's country and the item's size, the price Product → Find gives) beside the
 * service's own `price` of the item, and the order's `total` of unit price times amount over its
 * items in their `currency`. An item whose product lists no price for the country has no unit
 * price, and then the order has no total: a partial sum would read as the whole.
 */
export function pricedOrder({ order, countryId, namings }: StoredOrder): IDataObject {
	const items = Array.isArray(order.items) ? (order.items as IDataObject[]) : undefined;
	if (!items) return order;
	let currency: string | null = null;
	let total: number | null = 0;
	const priced = items.map((item) => {
		const product = namings.get(String(item.productId));
		const price =
			countryId === undefined ? undefined : sizePriceOf(product?.prices, countryId, item.sizeId);
		const amount = Number(item.amount);
		if (!price || !Number.isFinite(amount) || (currency && price.currency !== currency)) {
			total = null;
		} else {
			currency ??= price.currency;
			if (total !== null) total += price.price * amount;
		}
		// The unit price follows the service's price of the item, every item with the same keys.
		const entries = Object.entries(item);
		const at = entries.findIndex(([key]) => key === 'price') + 1 || entries.length;
		entries.splice(at, 0, ['unitPrice', price?.price ?? null]);
		return Object.fromEntries(entries) as IDataObject;
	});
	const sum = total as number | null;
	return {
		...order,
		items: priced,
		currency,
		total: sum === null || !items.length ? null : Math.round(sum * 100) / 100,
	};
}

/**
 * The output item of a new order: the order as the service holds it right after it was made (the
 * creation's answer gives only its ID), so that its answer is the one Order → Get gives: statuses
 * with labels, `created`, each item's ID and price, tracking; the storefront's lines as the
 * request read them.
 */
export function newOrderOutput(requested: IDataObject, stored: IDataObject): IDataObject {
	return {
		...stored,
		alreadyExisted: false,
		...(requested.recoveredAfterTimeout ? { recoveredAfterTimeout: true } : {}),
		...(requested.repeatsCancelled ? { repeatsCancelled: requested.repeatsCancelled } : {}),
		...(requested.storeOrder
			? {
					storeOrder: requested.storeOrder,
					storeLines: requested.storeLines,
					partlyPrinted: requested.partlyPrinted,
				}
			: {}),
	};
}
