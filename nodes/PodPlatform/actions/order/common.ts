/**
 * What the order operations share: the paths of an order and of an ordered product for an item, the
 * order head as the form holds it (values of locators and address groups), and an answer turned
 * into an output item.
 */

import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { recordOf } from '../../../shared/codec';
import type { Decoded } from '../../../shared/codec';

import { isPlainObject } from '../../../shared/values';
import type { PlainObject } from '../../../shared/values';
import type { OrderHeaderForm } from './payloads/orderHeader';
import { POSITION_CENTRES, POSITION_SIDES } from '../common/position';
import { InputError } from '../../../shared/errors';
import { listByStoredFilter } from '../common/list';
import { idParameter, itemShopPath } from '../common/scope';
import { BY_UNIQUE_ID } from './fields';
import type { RunScope } from '../runScope';
import type { StateChange } from './stateChange';

/** The order's embedded collections: what the basic variant of an order leaves out. */
const ORDER_COLLECTIONS = ['orderedProducts', 'fulfillments'] as const;

/**
 * The order with its ordered products and fulfilments. The contract lists no read of one order
 * (only the collection, and orders' `self` links), and its Resource expansion pattern gives a
 * basic variant (own fields and links) beside an expanded one that embeds the collections. An
 * answer that already embeds them (a deployment that answers the expanded order) is used as it
 * is; a basic record is followed to its `expanded` link (contract: clients follow links), or,
 * without one, to the pattern's `.../orders/expanded/{id}`. Without this a shipped order read as
 * the basic record has no tracking numbers, and a way back tells the store "shipped" with none.
 */
export async function orderWithCollections(
	run: RunScope,
	answer: Decoded | undefined,
	path: string,
	itemIndex: number,
): Promise<Decoded | undefined> {
	const record = recordOf(answer);
	if (ORDER_COLLECTIONS.some((key) => key in record)) return answer;
	const expanded =
		expandedLinkOf(record) ?? path.replace(/\/orders\/([^/]+)$/, '/orders/expanded/$1');
	return await run.service.request({ method: 'GET', path: expanded, itemIndex });
}

/** The record's `expanded` Atom link, when it has one. */
function expandedLinkOf(record: PlainObject): string | undefined {
	const links = isPlainObject(record.links) ? record.links : {};
	return typeof links.expanded === 'string' && links.expanded ? links.expanded : undefined;
}

/**
 * The whole order (`orderWithCollections`) of a record at hand, in one request: a list record
 * (Exactly Once's look-up) is followed to its `expanded` link; a record without one (a
 * submission's answer: only the ID) is read at the Resource expansion pattern's
 * `.../orders/expanded/{id}`, and where a service has no such path (404), by its ID and then its
 * link.
 */
export async function readWholeOrder(
	run: RunScope,
	shopPath: string,
	record: PlainObject,
	itemIndex: number,
): Promise<Decoded | undefined> {
	const id = encodeURIComponent(String(record.id));
	const path = `${shopPath}/orders/${id}`;
	const expanded = expandedLinkOf(record) ?? `${shopPath}/orders/expanded/${id}`;
	const read = await run.service.request({ method: 'GET', path: expanded, itemIndex }).then(
		(answer) => ({ answer }),
		async (error: unknown) =>
			error instanceof NodeApiError && error.httpCode === '404'
				? undefined
				: await Promise.reject(error),
	);
	if (read) return read.answer;
	const answer = await run.service.request({ method: 'GET', path, itemIndex });
	return await orderWithCollections(run, answer, path, itemIndex);
}

/** The stored filter that finds the orders of a shop carrying one `uniqueId`. */
function uniqueIdFilter(uniqueId: string): PlainObject {
	return {
		productionOrderFilter: {
			expressionSimple: [{ property: 'uniqueId', op: '=', value: uniqueId }],
		},
	};
}

/** The shop's orders carrying this `uniqueId` (the list's basic records), at most `limit`. */
export async function ordersWithUniqueId(
	run: RunScope,
	shopPath: string,
	uniqueId: string,
	itemIndex: number,
	limit: number,
): Promise<PlainObject[]> {
	return await listByStoredFilter(
		run,
		uniqueIdFilter(uniqueId),
		itemIndex,
		async (filterId) =>
			await run.service.requestAllItems(
				{ method: 'GET', path: `${shopPath}/orders`, qs: { filterId }, itemIndex },
				{ returnAll: false, limit },
			),
	);
}

/** Fulfilment statuses of an order whose cancellation is requested or done. */
const CANCELLING = new Set(['CANCELLATION_WAITING', 'CANCELLED']);

/** Whether the order's cancellation is requested or done. */
export function isCancelling(order: PlainObject): boolean {
	return CANCELLING.has(String(order.fulfilmentStatus ?? ''));
}

/**
 * Cancel as a state change (Order → Cancel, and Submit's cancel of a repeat): the cancellation
 * requested. The contract shows the request from In Production (NOT_EDITABLE) and leaves the
 * states before open; a service that refuses it there is told to wait for pickup. After shipping
 * nothing can be cancelled.
 */
export const CANCELLATION: StateChange = {
	reached: isCancelling,
	refusal: (orderId, state) => `Order ${orderId} cannot be cancelled now: it is ${state}`,
	advice: (record) => {
		const status = String(record.fulfilmentStatus ?? '');
		if (status === 'FINISHED' || status === 'RECLAMATION')
			return 'It has shipped, and a shipped order cannot be cancelled.';
		return 'A cancellation is requested once production has picked the order up (In Production, NOT_EDITABLE); request it again then (the trigger’s Order Updated event tells when its status changes).';
	},
};

/**
 * The order a Unique ID stands for when the shop holds several (a service that stores a repeated
 * Unique ID, and runs in other n8n processes that sent it at the same moment): the lowest order ID
 * among those not being cancelled, else the lowest. Every run picks by this one rule, so every run
 * keeps the same order; `repeats` are the others, not yet being cancelled.
 */
export function keptOrderOf(orders: PlainObject[]): { kept: PlainObject; repeats: PlainObject[] } {
	const byId = [...orders].sort((a, b) => Number(a.id) - Number(b.id));
	const kept = byId.find((order) => !isCancelling(order)) ?? byId[0];
	return {
		kept,
		repeats: byId.filter((order) => order !== kept && !isCancelling(order)),
	};
}

/**
 * The item's order ID: as given (From List, By ID, By URL), or the order the shop holds under
 * the Unique ID given By Unique ID (the storefront's reference, what an AI agent knows).
 */
async function orderIdOf(run: RunScope, itemIndex: number): Promise<number> {
	const locator = run.parameter('orderId', itemIndex, {}) as {
		mode?: string;
		value?: unknown;
	};
	if (locator?.mode !== BY_UNIQUE_ID) {
		return Number(idParameter(run, 'orderId', 'Order ID', itemIndex));
	}
	const uniqueId = String(locator.value ?? '').trim();
	if (!uniqueId) {
		throw new InputError(
			'Order: the Unique ID is empty',
			"Give the order's Unique ID, the reference it was submitted with (for example the shop's order number).",
			'orderId',
		);
	}
	const shopPath = await itemShopPath(run, itemIndex);
	const found = await ordersWithUniqueId(run, shopPath, uniqueId, itemIndex, 50);
	if (found.length === 0) throw new UnknownUniqueIdError(uniqueId);
	// Repeats of one Unique ID (sent at one moment) stand for the one order Submit keeps.
	return Number(keptOrderOf(found).kept.id);
}

/** No order of the shop has the Unique ID given: a look-up may answer it as it answers others. */
export class UnknownUniqueIdError extends InputError {
	constructor(uniqueId: string) {
		super(
			`No order of this shop has the Unique ID "${uniqueId}"`,
			'Check the Unique ID: it is the reference the order was submitted with, in the same case.',
			'orderId',
		);
	}
}

/** The item's order: its ID and `.../shops/{shopId}/orders/{orderId}`. */
export async function orderOf(
	run: RunScope,
	itemIndex: number,
): Promise<{ id: number; path: string }> {
	const id = await orderIdOf(run, itemIndex);
	return { id, path: `${await itemShopPath(run, itemIndex)}/orders/${id}` };
}

/** `.../shops/{shopId}/orders/{orderId}` for this item. */
export async function orderPath(run: RunScope, itemIndex: number): Promise<string> {
	return (await orderOf(run, itemIndex)).path;
}

/** `.../orders/{orderId}/orderedProducts/{orderedProductId}` for this item. */
export async function orderedProductPath(run: RunScope, itemIndex: number): Promise<string> {
	const orderedProductId = idParameter(run, 'orderedProductId', 'Ordered Product ID', itemIndex);
	return `${await orderPath(run, itemIndex)}/orderedProducts/${orderedProductId}`;
}

/**
 * The placement of one print of a form (its margins and centering switches, `placementFields`)
 * as a position: the values filled, a switch only when on. The position's check judges it.
 */
export function placementOf(print: PlainObject): PlainObject {
	const position: PlainObject = {};
	for (const side of POSITION_SIDES) {
		if (print[side] !== undefined && print[side] !== '') position[side] = print[side];
	}
	for (const centre of POSITION_CENTRES) {
		if (print[centre] === true) position[centre] = true;
	}
	return position;
}

/** The value of a resource locator inside a collection, where n8n does not extract it. */
export function locatorValue(value: unknown): unknown {
	return isPlainObject(value) ? value.value : undefined;
}

/** An address group's fields: the one entry of its fixed collection. */
function addressOf(value: unknown): PlainObject {
	return isPlainObject(value) && isPlainObject(value.address) ? value.address : {};
}

/** The order head as the form holds it (Submit's guided form and Create Draft). */
export function readHeaderForm(
	read: (name: string, fallback: unknown) => unknown,
): OrderHeaderForm {
	return {
		uniqueId: read('uniqueId', '') as string,
		country: read('country', '') as string,
		customer: read('customer', {}) as PlainObject,
		shippingAddress: addressOf(read('shippingAddress', {})),
		billingAddress: addressOf(read('billingAddress', {})),
		shippingTitle: read('shippingTitle', '') as string,
		carrierId: read('carrierId', '') as string,
	};
}

export function asItem(data: PlainObject | undefined): { json: IDataObject } {
	return { json: (data ?? {}) as IDataObject };
}
