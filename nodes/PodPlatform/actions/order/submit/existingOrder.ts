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
import { readWholeOrder } from '../common';

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

/**
 * The stored order, read whole (`readWholeOrder`: a list record by its `expanded` link, an ID by
 * its read and then the link) and taken as `storedOrderOf` takes it.
 */
export async function readStoredOrder(
	run: RunScope,
	shopPath: string,
	order: PlainObject,
	known: ReadonlyMap<number, ProductNaming>,
	itemIndex: number,
): Promise<StoredOrder> {
	const answer = await readWholeOrder(run, shopPath, order, itemIndex);
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
 * Whether two items order the same: product, color, size and amount, each compared where both
 * give it (a template product's own product, which the service settles, is given by one side).
 */
function sameItem(stored: IDataObject, requested: IDataObject): boolean {
	return ITEM_FIELDS.every(({ id }) => {
		const [have, want] = [comparable(stored[id]), comparable(requested[id])];
		return have === undefined || want === undefined || have === want;
	});
}

/** An item as a person reads it: "Hoodie Navy L × 2". */
function itemText(item: IDataObject): string {
	const named = ITEM_FIELDS.filter(({ field }) => field !== 'amount')
		.map(({ id, name }) => (name && item[name]) ?? item[id])
		.filter((value) => value !== undefined && value !== null && value !== '')
		.map(String);
	return `${named.join(' ') || 'an item'} × ${String(item.amount ?? '?')}`;
}

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
		// Items are compared as a set, not by position: the service need not list them in the
		// order they were sent.
		const unmatched = [...storedItems];
		const missing: IDataObject[] = [];
		for (const wanted of requestedItems) {
			const at = unmatched.findIndex((item) => sameItem(item, wanted));
			if (at >= 0) unmatched.splice(at, 1);
			else missing.push(wanted);
		}
		if (missing.length || unmatched.length) {
			differences.push({
				field: 'items',
				stored: unmatched.length ? unmatched.map(itemText).join(', ') : 'nothing else',
				requested: missing.length ? missing.map(itemText).join(', ') : 'nothing else',
			});
		}
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

/**
 * Whether the stored order is another order than the request: other items or another customer
 * (a second store on the same Unique IDs, a reused reference). Such a repeat is refused, never
 * answered as printed; a country shown another way is only noted.
 */
export function isAnotherOrder(differences: Difference[]): boolean {
	return differences.some(({ field }) => field === 'items' || field.startsWith('customer.'));
}

/**
 * The refusal of a request whose Unique ID already names another order. It names the fields
 * that differ, and the stored values of its items only: the stored customer's data is not the
 * caller's to read (an AI agent may have guessed the Unique ID).
 */
export function anotherOrderMessage(
	uniqueId: unknown,
	storedId: unknown,
	differences: Difference[],
): { message: string; description: string } {
	const listed = differences
		.map(({ field, stored, requested }) =>
			field === 'items'
				? `its items are ${String(stored)}, this request's ${String(requested)}`
				: field,
		)
		.join('; ');
	return {
		message: `The Unique ID ${String(uniqueId)} already names print order ${String(storedId)}, which is another order than this one (${listed})`,
		description:
			'Nothing was ordered or changed. If this is a new order (another store, another customer), give it a Unique ID of its own, for example with a Store Key; if it corrects the stored order, cancel that order first.',
	};
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
