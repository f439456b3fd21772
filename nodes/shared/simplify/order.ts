/**
 * The simplified order and ordered product: the statuses with their labels, the customer and the
 * items with names beside their IDs, tracking as two plain lists; the order list's basic records
 * and the expanded order alike. The triggers' event reuses the item and tracking shapes.
 */

import type { IDataObject } from 'n8n-workflow';

import type { PlainObject } from '../codec';
import { isPlainObject, toArray } from '../codec';
import { financialStatusLabel, fulfilmentStatusLabel } from '../statusLabels';
import { idOf, nameOf, readable, withoutWireNoise } from './records';

/** One ordered product as a merchant reads it; the print compositions stay in the full record. */
export function simplifyOrderedProduct(record: PlainObject): IDataObject {
	const sku = isPlainObject(record.productSku) ? record.productSku.sku : undefined;
	return readable(
		record,
		{
			id: record.id,
			productId: record.productId ?? idOf(record.product),
			productName: record.productName ?? nameOf(record.product),
			colorId: idOf(record.assignedColor),
			colorName: nameOf(record.assignedColor),
			sizeId: idOf(record.assignedSize),
			sizeName: nameOf(record.assignedSize),
			sku: record.sku ?? sku,
			amount: record.amount,
			price: record.price,
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

/** The customer without service navigation; undefined when the record has none. */
export function simplifyCustomer(customer: unknown): IDataObject | undefined {
	return isPlainObject(customer) ? (withoutWireNoise(customer) as IDataObject) : undefined;
}

/**
 * An order (a list record or the expanded order). Items and tracking appear only when the record
 * holds them: the list's basic records carry neither, and an empty list there would read as "no
 * items".
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
			financialStatusLabel: financialStatusLabel(record.financialStatus),
			fulfilmentStatus: record.fulfilmentStatus,
			fulfilmentStatusLabel: fulfilmentStatusLabel(record.fulfilmentStatus),
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
