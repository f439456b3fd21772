/**
 * The answer of a held order: what a person needs to approve it. It is Submit's answer of any
 * order (answer.ts, output.ts: the order as the service holds it, its items named, each with its
 * unit price, and the order's total), its items being the draft's ordered products, so that each
 * has its ordered product ID (Order → Get Ordered Product Image draws its mock-up); then `held`,
 * and, for an order still held, how to release or discard it.
 */

import type { IDataObject } from 'n8n-workflow';

import type { Answering } from './answer';
import { existingOrderAnswer, newOrderAnswer } from './answer';
import type { HeldOutcome } from './holdSubmit';
import type { DeferredOrder } from './types';

/** What to do with a held order, by its ID and Unique ID. */
export function approvalText(orderId: unknown, uniqueId: unknown): string {
	const byUniqueId = uniqueId ? ` or its Unique ID ${String(uniqueId)}` : '';
	return `Held for approval: nothing is produced or charged until it is released. To approve, run Order → Release with this order's ID ${String(orderId)}${byUniqueId} (Paid by default: production starts and you are charged). To reject, run Order → Discard with the same order. Each item's mock-up: Order → Get Ordered Product Image with this order's ID and the item's id.`;
}

export async function heldOrderAnswer(
	answering: Answering,
	order: DeferredOrder,
	outcome: HeldOutcome,
	tool: boolean,
): Promise<IDataObject> {
	const record = outcome.orderedProducts
		? { ...outcome.record, orderedProducts: outcome.orderedProducts }
		: outcome.record;
	const answer = outcome.alreadyExisted
		? await existingOrderAnswer(answering, order, record, tool)
		: await newOrderAnswer(answering, order, { ...outcome, record, listed: true });
	// A tool's caller that is not the order's customer learns only that the Unique ID is taken.
	if (answer.detailsWithheld) return answer;
	const discarded = outcome.incompleteDiscarded
		? { incompleteDraftsDiscarded: outcome.incompleteDiscarded as unknown as IDataObject[] }
		: {};
	return {
		...answer,
		held: outcome.held,
		...discarded,
		...(outcome.held ? { approval: approvalText(answer.id ?? record.id, answer.uniqueId) } : {}),
	};
}
