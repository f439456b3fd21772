/**
 * An order Exactly Once found under the Unique ID: the output is the order as the service holds it
 * (as Order → Get shows it), never the request, so that nobody is told of an order that does not
 * exist; where the request differs from it (a retry with a corrected size, another customer's
 * order under a reused Unique ID), each difference is named, and nothing was changed.
 */

import type { IDataObject } from 'n8n-workflow';

import { recordOf } from '../../../../shared/codec';
import { isPlainObject } from '../../../../shared/values';
import type { PlainObject } from '../../../../shared/values';
import { readNamings, withItemNames } from '../../../../shared/productNames';
import type { ProductNaming } from '../../../../shared/productNames';
import { simplifyOrder } from '../../../../shared/simplify/order';
import type { RunScope } from '../../runScope';

/** One field where the request and the stored order disagree. */
export interface Difference {
	/** "items[1].size", "customer.email": where, in the output's own keys. */
	field: string;
	stored: unknown;
	requested: unknown;
}

/** An order as the service holds it, as Order → Get shows it, and what prices its items. */
export interface StoredOrder {
	/** The order simplified, its items named. */
	order: IDataObject;
	/** The order's country ID (the simplified order shows its code): prices are per country. */
	countryId: unknown;
	/** The products that named its items, by ID as text, with their prices where read. */
	namings: ReadonlyMap<string, ProductNaming>;
}

/**
 * An order record of the service, simplified and its items named as Order → Get gives it; the
 * products the run read for the check (`known`) name their items without another read.
 */
export async function storedOrderOf(
	run: RunScope,
	shopPath: string,
	record: PlainObject,
	known: ReadonlyMap<number, ProductNaming>,
	itemIndex: number,
): Promise<StoredOrder> {
	let namings = new Map<string, ProductNaming>();
	const [order] = await withItemNames([simplifyOrder(record)], async (productIds) => {
		const unread: string[] = [];
		for (const id of productIds) {
			const product = known.get(Number(id));
			if (product) namings.set(id, product);
			else unread.push(id);
		}
		const read = await readNamings(run.service, shopPath, unread, run.productNamings, itemIndex);
		namings = new Map([...namings, ...read]);
		return namings;
	});
	const country = record.country;
	return { order, countryId: isPlainObject(country) ? country.id : undefined, namings };
}

/** The stored order, read (`GET .../orders/{id}`) and taken as `storedOrderOf` takes it. */
export async function readStoredOrder(
	run: RunScope,
	shopPath: string,
	orderId: unknown,
	known: ReadonlyMap<number, ProductNaming>,
	itemIndex: number,
): Promise<StoredOrder> {
	const answer = await run.service.request({
		method: 'GET',
		path: `${shopPath}/orders/${encodeURIComponent(String(orderId))}`,
		itemIndex,
	});
	return await storedOrderOf(run, shopPath, recordOf(answer), known, itemIndex);
}

/** A value as compared: text trimmed, any case; absent and empty alike. */
function comparable(value: unknown): string | undefined {
	if (value === undefined || value === null) return undefined;
	const text = String(value).trim().toLowerCase();
	return text === '' ? undefined : text;
}

const record = (value: unknown): IDataObject =>
	value !== null && typeof value === 'object' && !Array.isArray(value)
		? (value as IDataObject)
		: {};

/** What an item orders, by ID, and how the output names it. */
const ITEM_FIELDS: Array<{ field: string; id: string; name?: string }> = [
	{ field: 'product', id: 'productId', name: 'productName' },
	{ field: 'color', id: 'colorId', name: 'colorName' },
	{ field: 'size', id: 'sizeId', name: 'sizeName' },
	{ field: 'amount', id: 'amount' },
];

const CUSTOMER_FIELDS = ['firstName', 'lastName', 'email', 'phone'];
const ADDRESS_FIELDS = ['street', 'streetNo', 'zip', 'city', 'countryCode'];

/**
 * Where the request differs from the stored order: its items (product, color, size, amount, in
 * order), the customer, the shipping address and the country. A field the stored record does not
 * show is not compared: the service's records need not carry every field; nor is an item's field
 * the request does not give.
 */
export function differencesOf(requested: IDataObject, stored: IDataObject): Difference[] {
	const differences: Difference[] = [];
	const compare = (
		field: string,
		storedValue: unknown,
		requestedValue: unknown,
		shown = storedValue,
	) => {
		if (storedValue === undefined) return;
		if (comparable(storedValue) !== comparable(requestedValue)) {
			differences.push({ field, stored: shown ?? null, requested: requestedValue ?? null });
		}
	};
	const storedItems = Array.isArray(stored.items) ? (stored.items as IDataObject[]) : undefined;
	const requestedItems = Array.isArray(requested.items) ? (requested.items as IDataObject[]) : [];
	if (storedItems) {
		if (storedItems.length !== requestedItems.length) {
			differences.push({
				field: 'items',
				stored: `${storedItems.length} item${storedItems.length === 1 ? '' : 's'}`,
				requested: `${requestedItems.length} item${requestedItems.length === 1 ? '' : 's'}`,
			});
		}
		storedItems.slice(0, requestedItems.length).forEach((item, i) => {
			for (const { field, id, name } of ITEM_FIELDS) {
				const wanted = requestedItems[i];
				// A value only one side gives (a template product's own product, which the
				// service settles) is no difference the request made.
				if (comparable(item[id]) === undefined || comparable(wanted[id]) === undefined) continue;
				if (comparable(item[id]) === comparable(wanted[id])) continue;
				differences.push({
					field: `items[${i}].${field}`,
					stored: (name && item[name]) ?? item[id] ?? null,
					requested: (name && wanted[name]) ?? wanted[id] ?? null,
				});
			}
		});
	}
	const storedCustomer = record(stored.customer);
	const requestedCustomer = record(requested.customer);
	for (const field of CUSTOMER_FIELDS) {
		compare(`customer.${field}`, storedCustomer[field], requestedCustomer[field]);
	}
	const storedAddress = record(storedCustomer.shippingAddress);
	const requestedAddress = record(requestedCustomer.shippingAddress);
	for (const field of ADDRESS_FIELDS) {
		compare(`customer.shippingAddress.${field}`, storedAddress[field], requestedAddress[field]);
	}
	// A country given by ID beside one shown by code cannot be told apart without the country list.
	const byId = (country: unknown) => /^\d+$/.test(String(country ?? ''));
	if (byId(stored.country) === byId(requested.country)) {
		compare('country', stored.country, requested.country);
	}
	return differences;
}

/** What the output says of an order found under the Unique ID that differs from the request. */
export function differenceNote(uniqueId: unknown, differences: Difference[]): string {
	const listed = differences
		.map(
			({ field, stored, requested }) => `${field} is ${String(stored)}, not ${String(requested)}`,
		)
		.join('; ');
	return `An order with the Unique ID ${String(uniqueId)} already existed, and it differs from this request: ${listed}. Nothing was changed or ordered: this is the order as it stands. To order something else, give a new Unique ID.`;
}
