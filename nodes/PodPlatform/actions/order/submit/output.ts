/**
 * What Submit returns for an order: the order it made (or found) in the simplified shape Order →
 * Get and the triggers give (the same keys, product, color and size names beside their IDs), and
 * whether it already existed. It costs no request of its own: the statuses come from the
 * service's answer or lookup, the names from the products the SKU check read.
 */

import type { IDataObject } from 'n8n-workflow';

import type { PlainObject } from '../../../../shared/codec';
import { nameItems } from '../../../../shared/productNames';
import { simplifyOrder } from '../../../../shared/simplify/order';
import type { DeferredOrder, NothingToPrint, OrderProduct } from './types';
import type { SubmitOutcome } from './exactlyOnce';
import { differenceNote, differencesOf } from './existingOrder';

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
function sentRecord(order: DeferredOrder, outcome: SubmitOutcome, statuses: OrderStatuses) {
	const orderedProducts: PlainObject[] = [
		...order.designs.map((design) => ({ ...design })),
		...order.templates.map((template) => ({
			assignedColor: template.assignedColor,
			assignedSize: template.assignedSize,
			amount: template.amount,
			...(template.templateProductId !== undefined
				? { templateProductId: template.templateProductId }
				: { templateProductSku: template.templateProductSku }),
		})),
	];
	const found = outcome.record;
	return {
		id: found.id,
		uniqueId: found.uniqueId ?? order.uniqueId ?? null,
		financialStatus: statuses.financialStatus,
		fulfilmentStatus: statuses.fulfilmentStatus,
		// A new order has shipped nothing; an order found has what its record says, if anything.
		fulfillments: found.fulfillments ?? (outcome.alreadyExisted ? undefined : []),
		customer: order.customer,
		orderedProducts,
		country: order.country,
		orderShipping: order.orderShipping,
		created: found.created ?? null,
		passthroughItems: order.passthroughItems,
	};
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
	const simplified = simplifyOrder(sentRecord(order, outcome, statuses));
	const namings = new Map([...products].map(([id, product]) => [String(id), product]));
	return {
		...simplified,
		items: nameItems(simplified.items, namings) as IDataObject[],
		alreadyExisted: outcome.alreadyExisted,
		...(outcome.recoveredAfterTimeout ? { recoveredAfterTimeout: true } : {}),
		...(order.storeOrder
			? {
					storeOrder: order.storeOrder.name,
					storeLines: order.storeOrder.lines as unknown as IDataObject[],
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
 * nothing was changed; the storefront's lines as the request read them.
 */
export function existingOrderOutput(requested: IDataObject, stored: IDataObject): IDataObject {
	const differences = differencesOf(requested, stored);
	return {
		...stored,
		alreadyExisted: true,
		matchesRequest: differences.length === 0,
		differences: differences as unknown as IDataObject[],
		...(differences.length ? { note: differenceNote(stored.uniqueId, differences) } : {}),
		...(requested.recoveredAfterTimeout ? { recoveredAfterTimeout: true } : {}),
		...(requested.storeOrder
			? { storeOrder: requested.storeOrder, storeLines: requested.storeLines }
			: {}),
	};
}
