/**
 * Submitting a held order (Hold for Approval): the contract's incremental draft, `POST .../orders`
 * and then one `POST .../orderedProducts/usingCreatorSE` per design, never committed or sent to
 * production here (Order → Release does both). Exactly Once stays as it is for a deferred order
 * (exactlyOnce.ts): the look-up by Unique ID before sending finds a held draft as it finds any
 * order; in this process runs of one Unique ID take turns; right after building, the run looks
 * the Unique ID up again and every run keeps the same order (`keptOrderOf`, the lowest ID), the
 * others' cancellation requested (for a draft, `cancelOrder` is its discard, as the field notes
 * record integrators doing); a lost answer is recovered by looking, never by sending blind.
 *
 * A draft is built in several requests, so a run can stop half-way, the draft made but not all its
 * designs added. Such a run discards its draft before it fails, and says so. A run that could not
 * (a crash, a discard refused) leaves an incomplete draft, and the next run of the Unique ID finds
 * it: a draft not in production holding fewer ordered products than the request's designs, each
 * of them one of the request's (read from the draft's `orderedProducts` list), is discarded and
 * the order built again; a complete one is the existing held order.
 */

import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { recordOf } from '../../../../shared/codec';
import type { Decoded } from '../../../../shared/codec';
import { gaveUpOf, nodeErrorOf, withItemName } from '../../../../shared/errors';
import type { PlainObject } from '../../../../shared/values';
import type { RunScope } from '../../runScope';
import { CANCELLATION, isCancelling, keptOrderOf } from '../common';
import { handOff } from '../sendToProduction.operation';
import { changeOrderState, isConflict } from '../stateChange';
import {
	lookUpUniqueId,
	oneSenderOf,
	pushedBackError,
	repeatsUncheckedError,
	settle,
	submittedOrderOf,
} from './exactlyOnce';
import type { Submission, SubmitOutcome } from './exactlyOnce';
import type { HeldOrder } from './heldOrder';
import { isIncompleteBuild, orderRef, orderedProductsOf, sentFields } from './heldDraftContents';

export interface HeldSubmission extends Submission {
	held: HeldOrder;
}

/** A draft of the Unique ID that a run discarded because it held only some of the designs. */
export interface IncompleteDraftDiscarded {
	orderId: unknown;
	/** The ordered products it held, of the request's designs. */
	orderedProducts: number;
	designs: number;
	/** `requested` by this run, or `alreadyRequested` (by another run). */
	discard: 'requested' | 'alreadyRequested';
}

/** What a held submission ended with. */
export interface HeldOutcome extends SubmitOutcome {
	/** Whether the order is held: a draft not in production (false for one found in production). */
	held: boolean;
	/** The order's ordered products, as added or as its list gives them; none where not read. */
	orderedProducts?: PlainObject[];
	/** Incomplete drafts of the Unique ID this run discarded before building the order again. */
	incompleteDiscarded?: IncompleteDraftDiscarded[];
}

/** How long a run waits, in all, for another run to finish the draft it answers (ms, doubling). */
const WAITS_FOR_ANOTHER_RUN = [500, 1000, 2000, 4000];

/**
 * The ordered products of a draft of the Unique ID that is not this run's: one not in production
 * that is an incomplete build of this request is read again, with waits, while another run (in
 * another n8n process) may still be adding its designs; `complete` says whether it is one now.
 */
async function awaitedDraft(
	run: RunScope,
	{ shopPath, itemIndex, order }: HeldSubmission,
	draft: PlainObject,
): Promise<{ listed: PlainObject[]; complete: boolean }> {
	let listed = await orderedProductsOf(run, shopPath, draft, itemIndex);
	if (handOff.reached(draft)) return { listed, complete: true };
	for (const waitMs of WAITS_FOR_ANOTHER_RUN) {
		if (!isIncompleteBuild(listed, order.designs)) break;
		await sleep(waitMs);
		listed = await orderedProductsOf(run, shopPath, draft, itemIndex);
	}
	return { listed, complete: !isIncompleteBuild(listed, order.designs) };
}

/** Discard an incomplete draft of the Unique ID; a refusal is an error naming it. */
async function discardIncomplete(
	ctx: IExecuteFunctions,
	run: RunScope,
	{ order, shopPath, itemIndex }: HeldSubmission,
	draft: PlainObject,
	held: number,
): Promise<IncompleteDraftDiscarded> {
	const ref = orderRef(shopPath, draft.id);
	const designs = order.designs.length;
	try {
		const outcome = await changeOrderState(
			run,
			ref,
			{ method: 'DELETE', path: `${ref.path}/cancelOrder`, itemIndex },
			CANCELLATION,
		);
		return {
			orderId: draft.id,
			orderedProducts: held,
			designs,
			discard: outcome.alreadyDone ? 'alreadyRequested' : 'requested',
		};
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		throw new NodeOperationError(
			ctx.getNode(),
			withItemName(
				`The Unique ID ${String(order.uniqueId)} names draft order ${String(draft.id)}, which holds ${held} of the order's ${designs} designs (a run stopped half-way), and discarding it failed (${reason})`,
				itemIndex,
			),
			{
				itemIndex,
				description: `Nothing was held. Discard order ${String(draft.id)} with Order → Discard, then run again: the order is built again from the start.`,
			},
		);
	}
}

/**
 * The order the Unique ID's orders stand for, or undefined when the order is to be built (again):
 * the lowest live order (`keptOrderOf`) in production is the order, answered as it stands; one not
 * in production is read, and when it is an incomplete build of this request it is discarded and
 * the next live one is judged; a complete one is the held order, its repeats cancelled. Where every
 * order of the Unique ID is discarded or cancelled, the first that is not an incomplete build is
 * the order (a person discarded it, or it was cancelled); if all are, the order is built again.
 */
async function settleFound(
	ctx: IExecuteFunctions,
	run: RunScope,
	submission: HeldSubmission,
	found: PlainObject[],
	discarded: IncompleteDraftDiscarded[],
): Promise<HeldOutcome | undefined> {
	const { shopPath, itemIndex, order } = submission;
	let left = [...found];
	while (left.some((candidate) => !isCancelling(candidate))) {
		const { kept } = keptOrderOf(left);
		if (handOff.reached(kept)) {
			return { ...(await settle(ctx, run, submission, left)), held: false };
		}
		// Waited for first: another process's run may be adding its designs right now.
		const { listed, complete } = await awaitedDraft(run, submission, kept);
		if (complete) {
			const outcome = await settle(ctx, run, submission, left);
			return { ...outcome, held: true, orderedProducts: listed };
		}
		discarded.push(await discardIncomplete(ctx, run, submission, kept, listed.length));
		// Judged with the others as what it now is: discarded.
		left = left.map((candidate) =>
			candidate === kept ? { ...kept, fulfilmentStatus: 'CANCELLATION_WAITING' } : candidate,
		);
	}
	for (const candidate of [...left].sort((a, b) => Number(a.id) - Number(b.id))) {
		const listed = await orderedProductsOf(run, shopPath, candidate, itemIndex);
		if (!isIncompleteBuild(listed, order.designs)) {
			return {
				record: candidate,
				alreadyExisted: true,
				listed: true,
				held: false,
				orderedProducts: listed,
			};
		}
	}
	return undefined;
}

/** The outcome with the drafts this run discarded, where it discarded any. */
function withDiscarded(outcome: HeldOutcome, discarded: IncompleteDraftDiscarded[]): HeldOutcome {
	return discarded.length ? { ...outcome, incompleteDiscarded: discarded } : outcome;
}

/**
 * Build the order as a held draft unless its Unique ID names it already (`settleFound`); without
 * Exactly Once, build it with no look-up.
 */
export async function submitHeld(
	ctx: IExecuteFunctions,
	run: RunScope,
	submission: HeldSubmission,
): Promise<HeldOutcome> {
	if (!submission.exactlyOnce) return await buildDraft(ctx, run, submission, []);
	return await oneSenderOf(ctx, run, submission, async (before) => {
		const discarded: IncompleteDraftDiscarded[] = [];
		const found =
			before.state === 'found'
				? await settleFound(ctx, run, submission, before.orders, discarded)
				: undefined;
		if (found) return withDiscarded(found, discarded);
		return withDiscarded(await buildDraft(ctx, run, submission, discarded), discarded);
	});
}

/**
 * A run that stopped after its draft was made: its draft discarded, and an error saying where it
 * stopped and whether the discard was made. A refusal of the service stays its NodeApiError (its
 * status code kept), in the words of the design it refused.
 */
async function stoppedHalfWay(
	ctx: IExecuteFunctions,
	run: RunScope,
	{ order, held, shopPath, itemIndex, exactlyOnce }: HeldSubmission,
	draftId: unknown,
	designIndex: number,
	added: number,
	error: unknown,
): Promise<Error> {
	const reason = error instanceof Error ? error.message : String(error);
	const ref = orderRef(shopPath, draftId);
	const label = order.uniqueId ? `Order ${order.uniqueId}` : 'The order';
	const designs = order.designs.length;
	let discardFailure: string | undefined;
	try {
		await changeOrderState(
			run,
			ref,
			{ method: 'DELETE', path: `${ref.path}/cancelOrder`, itemIndex },
			CANCELLATION,
		);
	} catch (failure) {
		discardFailure = failure instanceof Error ? failure.message : String(failure);
	}
	const stopped = `${label} was not held: ${held.designWords[designIndex]} could not be added to its draft order ${String(draftId)} (${reason})`;
	const message = discardFailure
		? `${stopped}, and discarding the draft, which holds ${added} of the order's ${designs} designs, failed too (${discardFailure})`
		: `${stopped}; the draft, holding ${added} of the order's ${designs} designs, was discarded`;
	const description = discardFailure
		? exactlyOnce
			? `The next run with this Unique ID discards draft ${String(draftId)} and builds the order again; or discard it with Order → Discard.`
			: `Discard draft ${String(draftId)} with Order → Discard before running again: without Exactly Once the next run does not look for it.`
		: 'Nothing is held or produced. Run it again: the order is built again from the start.';
	if (error instanceof NodeApiError) {
		return new NodeApiError(ctx.getNode(), error.errorResponse ?? { message: reason }, {
			message,
			description,
			httpCode: error.httpCode ?? undefined,
			itemIndex,
		});
	}
	return new NodeOperationError(ctx.getNode(), withItemName(message, itemIndex), {
		itemIndex,
		description,
	});
}

/**
 * The draft made and every design added. The create's lost answer is recovered by looking the
 * Unique ID up (a draft made since the look-up before is this run's); an add's, by reading the
 * draft's ordered products (one more than those added is this design's). With Exactly Once the
 * Unique ID is looked up right after (`settle`): a draft another process made at the same moment
 * is found, and every run keeps the lowest.
 */
async function buildDraft(
	ctx: IExecuteFunctions,
	run: RunScope,
	submission: HeldSubmission,
	discarded: IncompleteDraftDiscarded[],
): Promise<HeldOutcome> {
	const { order, held, shopPath, itemIndex, exactlyOnce } = submission;
	const uniqueId = exactlyOnce ? order.uniqueId : undefined;
	const discardedIds = new Set(discarded.map((draft) => String(draft.orderId)));
	let recovered = false;
	let answer: Decoded | undefined;
	try {
		answer = await run.service.request({
			method: 'POST',
			path: `${shopPath}/orders`,
			body: held.head,
			itemIndex,
			recover: uniqueId
				? async () => {
						const found = await lookUpUniqueId(run, shopPath, uniqueId, itemIndex);
						const live =
							found.state === 'found'
								? found.orders.filter(
										(candidate) =>
											!isCancelling(candidate) && !discardedIds.has(String(candidate.id)),
									)
								: [];
						if (!live.length) return undefined;
						recovered = true;
						return { root: 'productionOrder', data: keptOrderOf(live).kept };
					}
				: undefined,
		});
	} catch (error) {
		// A service that refuses a repeated Unique ID: the order it has is the answer.
		if (uniqueId && isConflict(error)) return await refusedAsRepeat(ctx, run, submission, error);
		if (gaveUpOf(error)) throw pushedBackError(ctx, error, submission, false);
		throw nodeErrorOf(ctx.getNode(), error, itemIndex);
	}
	const record = recordOf(answer);
	const draftId = record.id ?? submittedOrderOf(record)?.id;
	if (draftId === undefined || draftId === null || draftId === '') {
		throw new NodeOperationError(
			ctx.getNode(),
			withItemName('The service accepted the draft order but returned no order ID', itemIndex),
			{
				itemIndex,
				description: `Answer root: ${answer?.root ?? 'empty'}. Look the order up by its Unique ID with Get Many, and discard it with Order → Discard.`,
			},
		);
	}
	const draftPath = orderRef(shopPath, draftId).path;
	const added: PlainObject[] = [];
	for (const [d, body] of held.designs.entries()) {
		try {
			const addedAnswer = await run.service.request({
				method: 'POST',
				path: `${draftPath}/orderedProducts/usingCreatorSE`,
				body,
				itemIndex,
				recover: async () => {
					const listed = await orderedProductsOf(run, shopPath, { id: draftId }, itemIndex);
					const ids = new Set(added.map((item) => String(item.id)));
					const own = listed.find((item) => !ids.has(String(item.id)));
					return own ? { root: 'orderedProduct', data: own } : undefined;
				},
			});
			added.push({ ...sentFields(order.designs[d]), ...recordOf(addedAnswer) });
		} catch (error) {
			throw await stoppedHalfWay(ctx, run, submission, draftId, d, added.length, error);
		}
	}
	const own: PlainObject = { ...record, id: draftId };
	const recoveredNote = recovered ? { recoveredAfterTimeout: true } : {};
	if (!uniqueId) return { record: own, alreadyExisted: false, held: true, orderedProducts: added };
	// Another process may have built a draft of the same Unique ID at this moment.
	let after: PlainObject[];
	try {
		const found = await lookUpUniqueId(run, shopPath, uniqueId, itemIndex);
		after = found.state === 'found' ? found.orders : [];
	} catch (error) {
		throw repeatsUncheckedError(ctx, error, own, submission);
	}
	const named = after.some((candidate) => String(candidate.id) === String(draftId));
	const outcome = await settle(ctx, run, submission, named ? after : [...after, own], {
		sent: own,
	});
	if (!outcome.alreadyExisted) {
		return { ...outcome, ...recoveredNote, held: true, orderedProducts: added };
	}
	// Another run's draft is the one kept: this run's was discarded as its repeat.
	const kept = outcome.record;
	const { listed, complete } = await awaitedDraft(run, submission, kept);
	if (!complete) throw unfinishedError(ctx, submission, kept, draftId);
	return { ...outcome, held: !handOff.reached(kept), orderedProducts: listed };
}

/**
 * Another run's draft of the Unique ID is the order (the lowest ID), and it stayed incomplete:
 * that run is still adding its designs, or it stopped half-way.
 */
function unfinishedError(
	ctx: IExecuteFunctions,
	{ order, itemIndex }: HeldSubmission,
	kept: PlainObject,
	ownId: unknown,
): NodeOperationError {
	const own =
		ownId === undefined ? '' : `; this run's draft ${String(ownId)} was discarded as its repeat`;
	return new NodeOperationError(
		ctx.getNode(),
		withItemName(
			`The Unique ID ${String(order.uniqueId)} names draft order ${String(kept.id)}, built by another run at the same moment, which does not hold all of the order's ${order.designs.length} designs yet${own}`,
			itemIndex,
		),
		{
			itemIndex,
			description: `Run it again in a minute: once draft ${String(kept.id)} is complete it is the answer; if the run that built it stopped half-way, the next run discards it and builds the order again.`,
		},
	);
}

/**
 * The create refused with 409 on a service that refuses a repeated Unique ID: the order under it
 * is the answer. Such a service takes no second draft of the Unique ID, so one whose drafts are
 * all incomplete builds, discarded, cannot be built again: an error says so and what to do.
 */
async function refusedAsRepeat(
	ctx: IExecuteFunctions,
	run: RunScope,
	submission: HeldSubmission,
	refusal: NodeApiError,
): Promise<HeldOutcome> {
	const { order, shopPath, itemIndex } = submission;
	const uniqueId = String(order.uniqueId);
	const found = await lookUpUniqueId(run, shopPath, uniqueId, itemIndex);
	if (found.state !== 'found') throw refusal;
	const live = found.orders.filter((candidate) => !isCancelling(candidate));
	if (live.length) {
		const outcome = await settle(ctx, run, submission, found.orders);
		const kept = outcome.record;
		// Another run may be adding its designs: it is waited for, never built beside.
		const { listed, complete } = await awaitedDraft(run, submission, kept);
		if (!complete) throw incompleteRefusedError(ctx, submission, kept, listed.length);
		return { ...outcome, held: !handOff.reached(kept), orderedProducts: listed };
	}
	const settled = await settleFound(ctx, run, submission, found.orders, []);
	if (settled) return settled;
	const { kept } = keptOrderOf(found.orders);
	throw incompleteRefusedError(ctx, submission, kept, undefined);
}

/** The service refuses a second order of the Unique ID, and the one it has is an incomplete draft. */
function incompleteRefusedError(
	ctx: IExecuteFunctions,
	{ order, itemIndex }: HeldSubmission,
	draft: PlainObject,
	held: number | undefined,
): NodeOperationError {
	const designs = order.designs.length;
	const state =
		held === undefined
			? 'an incomplete draft that was discarded'
			: `draft order ${String(draft.id)}, which holds ${held} of the order's ${designs} designs (another run is building it, or one stopped half-way)`;
	return new NodeOperationError(
		ctx.getNode(),
		withItemName(
			`The service refuses a second order with the Unique ID ${String(order.uniqueId)}, and the order it has under it is ${held === undefined ? `order ${String(draft.id)}, ` : ''}${state}`,
			itemIndex,
		),
		{
			itemIndex,
			description:
				held === undefined
					? 'This service keeps a Unique ID even for a discarded order, so the order cannot be held under it again. Submit it under a Unique ID of its own (for example with a suffix).'
					: `Run again in a minute: a run still building it answers it complete. If none is, discard order ${String(draft.id)} with Order → Discard and submit the order under a Unique ID of its own: this service keeps a Unique ID even for a discarded order.`,
		},
	);
}
