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
import { CANCELLATION, keptOrderOf, ordersWithUniqueId } from '../common';
import { changeOrderState, isConflict } from '../stateChange';
import { oneSenderAtATime, sendTick } from '../../../../shared/acrossExecutions';
import type { RunScope } from '../../runScope';
import { placeOfRefusal } from './wire';
import type { DeferredOrder } from './types';

/**
 * What a look-up by uniqueId found: the shop's orders with it (a service that stores a repeated
 * Unique ID as a new order may hold several), or none, as of the tick `at` it began.
 */
export type OrderLookup =
	| { state: 'found'; orders: PlainObject[] }
	| { state: 'absent'; at: number };

/**
 * Orders a batch looked up before submitting, by shop path and uniqueId. A uniqueId the batch
 * did not look up has no entry: its state is unknown, and the item asks the service itself.
 */
export type KnownOrders = Map<string, Map<string, OrderLookup>>;

/** At most this many orders of one Unique ID are read: one and its repeats sent at one moment. */
const ORDERS_PER_UNIQUE_ID = 50;

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
		const at = sendTick();
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
		for (const uniqueId of chunk) ofShop.set(uniqueId, { state: 'absent', at });
		for (const order of found) {
			const entry = ofShop.get(String(order.uniqueId));
			if (entry?.state === 'found') entry.orders.push(order);
			else ofShop.set(String(order.uniqueId), { state: 'found', orders: [order] });
		}
	}
}

/** The shop's orders with this uniqueId, asked now. */
export async function lookUpUniqueId(
	run: RunScope,
	shopPath: string,
	uniqueId: string,
	itemIndex: number,
): Promise<OrderLookup> {
	const at = sendTick();
	const orders = await ordersWithUniqueId(run, shopPath, uniqueId, itemIndex, ORDERS_PER_UNIQUE_ID);
	return orders.length ? { state: 'found', orders } : { state: 'absent', at };
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

/** What became of a repeat of the order (the same Unique ID sent at one moment elsewhere). */
export interface RepeatCancelled {
	orderId: unknown;
	/** `requested` by this run, or `alreadyRequested` (another run, or the merchant). */
	cancellation: 'requested' | 'alreadyRequested';
}

/** What a submission ended with: the order's record (as answered or found) and how. */
export interface SubmitOutcome {
	record: PlainObject;
	alreadyExisted: boolean;
	recoveredAfterTimeout?: boolean;
	/** Repeats of this Unique ID whose cancellation this run requested or found requested. */
	repeatsCancelled?: RepeatCancelled[];
	/**
	 * The record is the order as a look-up by Unique ID listed it (the contract's basic variant:
	 * own fields and links, no ordered products), not the creation's answer alone.
	 */
	listed?: boolean;
	/** Sent, and left to the batch's one look-up for repeats (`checkRepeatsLater`). */
	repeatCheckDeferred?: boolean;
}

export interface Submission {
	order: DeferredOrder;
	shopPath: string;
	itemIndex: number;
	exactlyOnce: boolean;
	/** What a batch lookup found before the run; without it, the order is looked up alone. */
	known?: KnownOrders;
	/**
	 * A batch looks for repeats of what it sent once, after its last order (batchRepeats.ts),
	 * instead of once per order right after sending.
	 */
	checkRepeatsLater?: boolean;
}

/**
 * Send the order (`POST .../orders/usingCreatorSE`) unless it exists already; the outcome holds
 * the order's record and whether it existed before.
 *
 * With Exactly Once, one Unique ID and shop is one order however runs overlap. In this process
 * runs take turns (`oneSenderAtATime`): the later finds the earlier's order and sends nothing.
 * Across processes (queue-mode workers) nothing in the contract refuses a repeat, so right after
 * sending, the run looks up every order with its Unique ID: every run keeps the same one
 * (`keptOrderOf`, the lowest ID) and asks the service to cancel the others. A service that does
 * refuse a repeat (409) is read as "it exists": the order is looked up and answered.
 */
export async function submitOrder(
	ctx: IExecuteFunctions,
	run: RunScope,
	submission: Submission,
): Promise<SubmitOutcome> {
	if (!submission.exactlyOnce) return await sendOrder(ctx, run, submission);
	return await oneSenderOf(ctx, run, submission, async (before) =>
		before.state === 'found'
			? await settle(ctx, run, submission, before.orders)
			: await sendOrder(ctx, run, submission),
	);
}

/**
 * `send` with what the look-up by Unique ID found before sending, in this process's turn for the
 * Unique ID and shop (`oneSenderAtATime`): the batch's look-up, or one asked now where there is
 * none or another run has sent the Unique ID since. Held orders (holdSubmit.ts) take turns the
 * same way.
 */
export async function oneSenderOf<T>(
	ctx: IExecuteFunctions,
	run: RunScope,
	submission: Submission,
	send: (before: OrderLookup) => Promise<T>,
): Promise<T> {
	const { order, shopPath, itemIndex } = submission;
	const { uniqueId } = order;
	if (!uniqueId) {
		throw new InputError(
			'Unique ID is empty',
			'Exactly Once finds an earlier submission by its Unique ID. Give the storefront order number, or turn Exactly Once off.',
		);
	}
	const { baseUrl } = await run.service.getSession();
	return await oneSenderAtATime(`${baseUrl} ${shopPath} ${uniqueId}`, async (sentSince) => {
		let before = submission.known?.get(shopPath)?.get(uniqueId);
		try {
			// A look-up older than another run's send of this Unique ID is asked again.
			if (!before || (before.state === 'absent' && sentSince(before.at))) {
				before = await lookUpUniqueId(run, shopPath, uniqueId, itemIndex);
			}
		} catch (error) {
			throw pushedBackError(ctx, error, submission, true);
		}
		return await send(before);
	});
}

/**
 * Send the order. With Exactly Once, a lost answer is learned by looking, never by sending
 * again blind; a 409 (a service that refuses a repeated Unique ID) answers the order that exists;
 * and a sent order is settled against the orders its Unique ID now names.
 */
async function sendOrder(
	ctx: IExecuteFunctions,
	run: RunScope,
	submission: Submission,
): Promise<SubmitOutcome> {
	const { order, shopPath, itemIndex, exactlyOnce } = submission;
	const uniqueId = exactlyOnce ? order.uniqueId : undefined;
	const lookUp = async () =>
		uniqueId ? await lookUpUniqueId(run, shopPath, uniqueId, itemIndex) : undefined;
	let lost: PlainObject[] | undefined;
	const recover = async (): Promise<Decoded | undefined> => {
		const found = await lookUp();
		if (found?.state !== 'found') return undefined;
		lost = found.orders;
		return { root: 'productionOrder', data: keptOrderOf(found.orders).kept };
	};
	let answer: Decoded | undefined;
	try {
		answer = await run.service.request({
			method: 'POST',
			path: `${shopPath}/orders/usingCreatorSE`,
			body: order.body,
			itemIndex,
			recover: uniqueId ? recover : undefined,
		});
	} catch (error) {
		const refusedAsRepeat = uniqueId && isConflict(error) ? await lookUp() : undefined;
		if (refusedAsRepeat?.state === 'found') {
			return await settle(ctx, run, submission, refusedAsRepeat.orders);
		}
		if (gaveUpOf(error)) throw pushedBackError(ctx, error, submission, false);
		throw error instanceof NodeApiError
			? inFormWords(ctx, error, order, itemIndex)
			: nodeErrorOf(ctx.getNode(), error, itemIndex);
	}
	// The answer was lost, and the order found by its Unique ID: the run's own, answered as new.
	if (lost) return await settle(ctx, run, submission, lost, { recovered: true });
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
	const sent = { ...recordOf(answer), ...submitted } as PlainObject;
	if (!uniqueId) return { record: sent, alreadyExisted: false };
	if (submission.checkRepeatsLater) {
		return { record: sent, alreadyExisted: false, repeatCheckDeferred: true };
	}
	// Another process may have sent the same Unique ID at this moment: the orders it names now.
	let after: OrderLookup | undefined;
	try {
		after = await lookUp();
	} catch (error) {
		throw repeatsUncheckedError(ctx, error, sent, submission);
	}
	const orders = after?.state === 'found' ? after.orders : [];
	const named = orders.some((found) => String(found.id) === String(sent.id));
	return await settle(ctx, run, submission, named ? orders : [...orders, sent], { sent });
}

/**
 * The order a Unique ID's orders stand for: the one every run keeps (`keptOrderOf`), with the
 * cancellation of each repeat requested. The run's own order is new when it is the one kept
 * (`sent`), or when a lost answer was recovered; any other is answered as existing.
 */
export async function settle(
	ctx: IExecuteFunctions,
	run: RunScope,
	{ shopPath, itemIndex, order }: Pick<Submission, 'shopPath' | 'itemIndex' | 'order'>,
	orders: PlainObject[],
	own: { sent?: PlainObject; recovered?: boolean } = {},
): Promise<SubmitOutcome> {
	const { kept, repeats } = keptOrderOf(orders);
	const repeatsCancelled: RepeatCancelled[] = [];
	for (const repeat of repeats) {
		repeatsCancelled.push(await cancelRepeat(ctx, run, shopPath, kept, repeat, order, itemIndex));
	}
	const ownIsKept = own.sent !== undefined && String(own.sent.id) === String(kept.id);
	return {
		// Unless the look-up did not list the run's own order yet (then `kept` is the answer).
		listed: kept !== own.sent,
		// The run's own order as the look-up listed it (its links lead to the whole order), with
		// the submission's answer.
		record: ownIsKept && own.sent ? { ...kept, ...own.sent } : kept,
		alreadyExisted: !ownIsKept && !own.recovered,
		...(own.recovered ? { recoveredAfterTimeout: true } : {}),
		...(repeatsCancelled.length ? { repeatsCancelled } : {}),
	};
}

/**
 * Ask the service to cancel a repeat of the kept order (`DELETE .../cancelOrder`, field notes).
 * When the service refuses, the repeat is read again: a cancellation another run requested
 * meanwhile is no failure; any other refusal is an error naming both orders, for the error
 * workflow, since one storefront order is now two print orders.
 */
async function cancelRepeat(
	ctx: IExecuteFunctions,
	run: RunScope,
	shopPath: string,
	kept: PlainObject,
	repeat: PlainObject,
	order: DeferredOrder,
	itemIndex: number,
): Promise<RepeatCancelled> {
	const orderId = repeat.id;
	const path = `${shopPath}/orders/${encodeURIComponent(String(orderId))}`;
	try {
		// A 409 reads the repeat: a cancellation another run requested meanwhile is no failure.
		const outcome = await changeOrderState(
			run,
			{ id: Number(orderId), path },
			{ method: 'DELETE', path: `${path}/cancelOrder`, itemIndex },
			CANCELLATION,
		);
		return { orderId, cancellation: outcome.alreadyDone ? 'alreadyRequested' : 'requested' };
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		throw new NodeOperationError(
			ctx.getNode(),
			withItemName(
				`The Unique ID ${String(order.uniqueId)} was sent twice at the same moment: orders ${String(kept.id)} and ${String(orderId)}, and order ${String(orderId)} could not be cancelled (${reason})`,
				itemIndex,
			),
			{
				itemIndex,
				description: `Order ${String(kept.id)} is the one kept. Cancel order ${String(orderId)} with Order → Cancel, or ask the service to; do not submit the Unique ID again.`,
			},
		);
	}
}

/** The order was sent, but whether another process sent it too could not be looked up. */
export function repeatsUncheckedError(
	ctx: IExecuteFunctions,
	error: unknown,
	sent: PlainObject,
	{ order, itemIndex }: Pick<Submission, 'order' | 'itemIndex'>,
): NodeOperationError {
	const reason = error instanceof Error ? error.message : String(error);
	return new NodeOperationError(
		ctx.getNode(),
		withItemName(
			`The order was made (ID ${String(sent.id)}), but looking up its Unique ID ${String(order.uniqueId)} afterwards failed (${reason})`,
			itemIndex,
		),
		{
			itemIndex,
			description:
				'Run it again: the next run finds this order by its Unique ID, sends nothing, and cancels any repeat another run sent at the same moment.',
		},
	);
}

/** When the service pushes back past the retries, the merchant reads whether the order went out. */
export function pushedBackError(
	ctx: IExecuteFunctions,
	error: unknown,
	{ order, itemIndex, exactlyOnce }: Submission,
	beforeSending: boolean,
): unknown {
	const gaveUp = gaveUpOf(error);
	if (!gaveUp) return error;
	const { uniqueId } = order;
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
}
