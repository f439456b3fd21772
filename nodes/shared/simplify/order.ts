/**
 * The simplified order, one shape wherever an order leaves the nodes: Order → Get and Get Many,
 * Submit's answer and both triggers' events. The statuses with their labels, tracking as two
 * plain lists, the customer, and the items with product, color and size names beside their IDs;
 * every item has the same keys, null where the source does not tell. Names come from the record
 * when it carries them; the caller fills in the others from the products it read (nameItems,
 * with productNames.ts).
 */

import type { IDataObject } from 'n8n-workflow';

import type { PlainObject } from '../values';
import { isPlainObject, toArray } from '../values';
import { financialStatusLabel, fulfilmentStatusLabel } from '../statusLabels';
import { idOf, nameOf, readable, withoutWireNoise } from './records';

/** The item keys, in their order; an item's other fields follow them as the service sent them. */
export const ITEM_KEYS = [
	'id',
	'productId',
	'productName',
	'colorId',
	'colorName',
	'sizeId',
	'sizeName',
	'sku',
	'amount',
	'price',
] as const;

/** A value the source does not give (absent or empty) as null, so every item has every key. */
export function known(value: unknown): unknown {
	return value === undefined || value === '' ? null : value;
}

/**
 * One ordered product as a merchant reads it; the print compositions stay in the full record.
 * A template product keeps its `templateProductId` (or SKU) after the item keys.
 */
export function simplifyOrderedProduct(record: PlainObject): IDataObject {
	const variantSku = isPlainObject(record.productSku) ? record.productSku.sku : undefined;
	return readable(
		record,
		{
			id: known(record.id),
			productId: known(record.productId ?? idOf(record.product)),
			productName: known(record.productName ?? nameOf(record.product)),
			colorId: known(idOf(record.assignedColor)),
			colorName: known(nameOf(record.assignedColor)),
			sizeId: known(idOf(record.assignedSize)),
			sizeName: known(nameOf(record.assignedSize)),
			sku: known(record.sku ?? variantSku),
			amount: known(record.amount),
			price: known(record.price),
		},
		['assignedColor', 'assignedSize', 'productSku', 'product', 'compositions'],
	);
}

/** The tracking numbers and URLs of an order's fulfilments, in the order the service lists them. */
export function trackingOf(fulfilments: unknown): { numbers: string[]; urls: string[] } {
	const numbers: string[] = [];
	const urls: string[] = [];
	for (const entry of toArray<unknown>(fulfilments)) {
		if (!isPlainObject(entry)) continue;
		if (typeof entry.trackingNumber === 'string' && entry.trackingNumber !== '') {
			numbers.push(entry.trackingNumber);
		}
		if (typeof entry.trackingUrl === 'string' && entry.trackingUrl !== '') {
			urls.push(entry.trackingUrl);
		}
	}
	return { numbers, urls };
}

/** A status's label; null beside a status known to be unset (a new order's fulfilment). */
function labelOf(status: unknown, label: (status: unknown) => string | undefined): unknown {
	if (status === undefined) return undefined;
	return status === null ? null : label(status);
}

/** The customer without service navigation; undefined when the record has none. */
export function simplifyCustomer(customer: unknown): IDataObject | undefined {
	return isPlainObject(customer) ? (withoutWireNoise(customer) as IDataObject) : undefined;
}

/**
 * An order (a list record, the expanded order, a notification's order or the order Submit sent).
 * Items and tracking appear only when the record holds them: the list's basic records carry
 * neither, and an empty list there would read as "no items" or "not shipped".
 */
export function simplifyOrder(record: PlainObject): IDataObject {
	const hasItems = record.orderedProducts !== undefined;
	const hasFulfilments = record.fulfillments !== undefined;
	const tracking = trackingOf(record.fulfillments);
	const shipping = isPlainObject(record.orderShipping) ? record.orderShipping : {};
	const country = record.country;
	return readable(
		record,
		{
			id: record.id,
			uniqueId: record.uniqueId,
			financialStatus: record.financialStatus,
			financialStatusLabel: labelOf(record.financialStatus, financialStatusLabel),
			// Absent until production starts: null, so that every order has the key.
			fulfilmentStatus: record.fulfilmentStatus ?? null,
			fulfilmentStatusLabel: labelOf(record.fulfilmentStatus ?? null, fulfilmentStatusLabel),
			trackingNumbers: hasFulfilments ? tracking.numbers : undefined,
			trackingUrls: hasFulfilments ? tracking.urls : undefined,
			customer: simplifyCustomer(record.customer),
			items: hasItems
				? toArray<unknown>(record.orderedProducts).filter(isPlainObject).map(simplifyOrderedProduct)
				: undefined,
			country: isPlainObject(country) ? (country.code ?? country.id) : country,
			shippingTitle: shipping.title,
			carrierId: idOf(shipping.carrier),
			created: record.created,
		},
		['orderedProducts', 'fulfillments', 'orderShipping'],
	);
}
