/**
 * Submitting a deferred order exactly once, by its uniqueId: a batch looks up all its uniqueIds
 * in a few list requests first; an order that exists is returned instead of sent again; a
 * submission whose answer was lost is resolved by looking the order up, never by sending it
 * blind; a 409 from a submission that raced another one returns the order that won.
 */

import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import {
	InputError,
	gaveUpOf,
	nodeErrorOf,
	orderPushedBackError,
	withItemName,
} from '../../../../shared/errors';
import { recordOf } from '../../../../shared/codec';
import { isPlainObject, isBlank } from '../../../../shared/values';
import type { Decoded } from '../../../../shared/codec';
import type { PlainObject } from '../../../../shared/values';
import { UNIQUE_IDS_PER_LOOKUP, listByStoredFilter } from '../../common/list';
import { ordersWithUniqueId } from '../common';
import type { RunScope } from '../../runScope';
import { placeOfRefusal } from './wire';
import type { DeferredOrder } from './types';

/** What a look-up by uniqueId found: the order, or that the shop has none with it. */
export type OrderLookup = { state: 'found'; order: PlainObject } | { state: 'absent' };

/**
 * Orders a batch looked up before submitting, by shop path and uniqueId. A uniqueId the batch
 * did not look up has no entry: its state is unknown, and the item asks the service itself.
 */
export type KnownOrders = Map<string, Map<string, OrderLookup>>;

/** Orders whose uniqueId is any of these (one lookup for a whole batch). */
function uniqueIdsFilter(uniqueIds: string[]): PlainObject {
	return {
		productionOrderFilter: {
			expressionContain: [
				{ property: 'uniqueId', negation: false, list: { String: [...uniqueIds].sort() } },
			],
		},
	};
}

/**
 * Look up the orders of many uniqueIds at once, so that a batch costs a few list requests
 * instead of one lookup per order. The answers serve each item's first check only; a lookup after
 * an uncertain submission always asks the service again.
 */
export async function lookUpUniqueIds(
	run: RunScope,
	known: KnownOrders,
	shopPath: string,
	uniqueIds: string[],
): Promise<void> {
	const ofShop = known.get(shopPath) ?? new Map<string, OrderLookup>();
	known.set(shopPath, ofShop);
	const wanted = [...new Set(uniqueIds)].filter((uniqueId) => !ofShop.has(uniqueId));
	for (let start = 0; start < wanted.length; start += UNIQUE_IDS_PER_LOOKUP) {
		const chunk = wanted.slice(start, start + UNIQUE_IDS_PER_LOOKUP);
		const found = await listByStoredFilter(
			run,
			uniqueIdsFilter(chunk),
			0,
			async (filterId) =>
				await run.service.requestAllItems(
					{ method: 'GET', path: `${shopPath}/orders`, qs: { filterId } },
					{ returnAll: true },
				),
		);
		for (const uniqueId of chunk) ofShop.set(uniqueId, { state: 'absent' });
		for (const order of found) ofShop.set(String(order.uniqueId), { state: 'found', order });
	}
}

/**
 * The generated order of a submission answer, whichever root it came under
 * (`productionOrderSubmited` live, `CreatorSE.OrderSubmited` in the contract).
 */
export function submittedOrderOf(
	data: PlainObject,
): { id: unknown; uniqueId: unknown } | undefined {
	for (const candidate of [data, data.productionOrder, data.order, data.productionOrderSubmited]) {
		if (isPlainObject(candidate) && !isBlank(candidate.id ?? candidate.orderId)) {
			return { id: candidate.id ?? candidate.orderId, uniqueId: candidate.uniqueId };
		}
	}
	return undefined;
}

function isConflict(error: unknown): boolean {
	return error instanceof NodeApiError && error.httpCode === '409';
}

/**
 * A refusal of the order body (400) named in the form's words where its text names a wire path
 * ("Design 1 › Print 2 › Print Area: Unknown product area ..."); the service's words are kept.
 */
function inFormWords(
	ctx: IExecuteFunctions,
	error: NodeApiError,
	order: DeferredOrder,
	itemIndex: number,
): NodeApiError {
	if (error.httpCode !== '400') return error;
	const place = placeOfRefusal(`${error.message} ${error.description ?? ''}`, order.places);
	if (!place) return error;
	return new NodeApiError(ctx.getNode(), error.errorResponse ?? { message: error.message }, {
		message: `${place}: the service refused it: ${error.message}`,
		description: error.description ?? undefined,
		httpCode: error.httpCode,
		itemIndex,
	});
}

/** What a submission ended with: the order's record (as answered or found) and how. */
export interface SubmitOutcome {
	record: PlainObject;
	alreadyExisted: boolean;
	recoveredAfterTimeout?: boolean;
}

export interface Submission {
	order: DeferredOrder;
	shopPath: string;
	itemIndex: number;
	exactlyOnce: boolean;
	/** What a batch lookup found before the run; without it, the order is looked up alone. */
	known?: KnownOrders;
}

/**
 * Send the order (`POST .../orders/usingCreatorSE`) unless it exists already; the outcome holds
 * the order's record and whether it existed before.
 */
export async function submitOrder(
	ctx: IExecuteFunctions,
	run: RunScope,
	{ order, shopPath, itemIndex, exactlyOnce, known }: Submission,
): Promise<SubmitOutcome> {
	const { uniqueId } = order;
	if (exactlyOnce && !uniqueId) {
		throw new InputError(
			'Unique ID is empty',
			'Exactly Once finds an earlier submission by its Unique ID. Give the storefront order number, or turn Exactly Once off.',
		);
	}
	const existing = async () =>
		exactlyOnce && uniqueId
			? (await ordersWithUniqueId(run, shopPath, uniqueId, itemIndex, 1))[0]
			: undefined;
	const output = (record: PlainObject, alreadyExisted: boolean, recoveredAfterTimeout = false) =>
		({
			record,
			alreadyExisted,
			...(recoveredAfterTimeout ? { recoveredAfterTimeout } : {}),
		}) as SubmitOutcome;

	// When the service pushes back past the retries, the merchant reads whether the order went out.
	const pushedBack = (error: unknown, beforeSending: boolean) => {
		const gaveUp = gaveUpOf(error);
		if (!gaveUp) return error;
		const storeName = order.storeOrder?.name;
		const label = !uniqueId
			? 'The order'
			: storeName
				? `Order ${storeName} (Unique ID ${uniqueId})`
				: `The order with Unique ID ${uniqueId}`;
		return orderPushedBackError(
			ctx.getNode(),
			gaveUp,
			{ label, exactlyOnce, beforeSending },
			itemIndex,
		);
	};

	const lookup = exactlyOnce && uniqueId ? known?.get(shopPath)?.get(uniqueId) : undefined;
	let before: PlainObject | undefined;
	try {
		before = lookup ? (lookup.state === 'found' ? lookup.order : undefined) : await existing();
	} catch (error) {
		throw pushedBack(error, true);
	}
	if (before) return output(before, true);

	// The outcome of a timed-out submission is learned by looking, never by sending again blind.
	// An order found by its uniqueId is read back, so that its own record stands for the answer
	// that was lost.
	let recovered = false;
	const recover = async (): Promise<Decoded | undefined> => {
		const found = await existing();
		if (!found) return undefined;
		recovered = true;
		const read = await run.service.request({
			method: 'GET',
			path: `${shopPath}/orders/${encodeURIComponent(String(found.id))}`,
			itemIndex,
		});
		if (isPlainObject(read?.data)) return read;
		// Returning nothing would send the order again: an order that exists is never re-sent.
		throw new NodeOperationError(
			ctx.getNode(),
			withItemName(
				`The order was made (ID ${String(found.id)}), but reading it back gave no record`,
				itemIndex,
			),
			{
				itemIndex,
				description: 'Do not submit it again: read it with Order → Get by its ID or its Unique ID.',
			},
		);
	};
	let answer: Decoded | undefined;
	try {
		answer = await run.service.request({
			method: 'POST',
			path: `${shopPath}/orders/usingCreatorSE`,
			body: order.body,
			itemIndex,
			recover: exactlyOnce ? recover : undefined,
		});
	} catch (error) {
		// Another run (or item) submitted the same uniqueId in between.
		const raced = exactlyOnce && isConflict(error) ? await existing() : undefined;
		if (raced) return output(raced, true);
		if (gaveUpOf(error)) throw pushedBack(error, false);
		throw error instanceof NodeApiError
			? inFormWords(ctx, error, order, itemIndex)
			: nodeErrorOf(ctx.getNode(), error, itemIndex);
	}
	if (recovered) return output(recordOf(answer), false, true);
	const submitted = submittedOrderOf(recordOf(answer));
	if (!submitted) {
		throw new NodeOperationError(
			ctx.getNode(),
			withItemName('The service accepted the order but returned no order ID', itemIndex),
			{
				itemIndex,
				description: `Answer root: ${answer?.root ?? 'empty'}. Look the order up by its Unique ID with Get Many.`,
			},
		);
	}
	return output({ ...recordOf(answer), ...submitted } as PlainObject, false);
}
