/**
 * Commit, Send to Production and Cancel, each a move of an order from one state to the next, and
 * what a 409 means for them. The transport sends a PUT or DELETE again when its answer is lost
 * (send.ts counts them safe to repeat), and the repeat of a call the service had carried out meets
 * 409: the order is no longer in the state the call starts from. A 409 does not say whether this
 * call or something else moved the order, so the order is read and judged by its statuses: in the
 * state the call would have reached, the call answers success and says it was already done;
 * otherwise the refusal stands, naming the order, its state and what to do.
 */

import type { IDataObject, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { recordOf } from '../../../shared/codec';
import type { RequestSpec } from '../../../shared/send';
import { financialStatusLabel, fulfilmentStatusLabel } from '../../../shared/statusLabels';
import type { PlainObject } from '../../../shared/values';
import type { RunScope } from '../runScope';

/** One state change an operation asks for, as judged when the service answers 409. */
export interface StateChange {
	/** Whether the order's record shows the state the call would have left it in. */
	reached(record: PlainObject): boolean;
	/** The error's message when it does not: what was not done and how the order stands. */
	refusal(orderId: number, state: string): string;
	/** What to do then, by the order's record. */
	advice(record: PlainObject): string;
}

/** How the call ended: carried out now, or found done (with the order's statuses as read). */
export type StateChangeOutcome =
	| { alreadyDone: false }
	| { alreadyDone: true; financialStatus: unknown; fulfilmentStatus: unknown };

/** An order's two statuses as a merchant reads them: "Paid, In Production (NOT_EDITABLE)". */
export function stateText(record: PlainObject): string {
	const financial = record.financialStatus;
	const fulfilment = record.fulfilmentStatus;
	const payment = financial ? `${financialStatusLabel(financial)} (${String(financial)})` : '';
	const production = fulfilment
		? `${fulfilmentStatusLabel(fulfilment)} (${String(fulfilment)})`
		: 'not in production';
	return payment ? `${payment}, ${production}` : production;
}

/** Whether the service answered 409: conflict with the current state (contract, Errors). */
export function isConflict(error: unknown): error is NodeApiError {
	return error instanceof NodeApiError && String(error.httpCode) === '409';
}

/**
 * Send the order's state change; on a 409, read the order (its basic record holds both statuses,
 * so whatever variant the service answers is enough) and answer it done when it is, else refuse.
 */
export async function changeOrderState(
	run: RunScope,
	order: { id: number; path: string },
	spec: RequestSpec,
	change: StateChange,
): Promise<StateChangeOutcome> {
	// Caught and thrown after the `catch`: a failure other than 409 goes on as the transport made it.
	let failure: unknown;
	try {
		await run.service.request(spec);
		return { alreadyDone: false };
	} catch (error) {
		failure = error;
	}
	if (!isConflict(failure)) throw failure;
	const refused = failure;
	const record = await run.service
		.request({ method: 'GET', path: order.path, itemIndex: spec.itemIndex })
		.then(recordOf)
		// Unread, the order's state is unknown: the service's refusal is all there is to tell.
		.catch(() => undefined);
	if (!record) throw refused;
	if (change.reached(record)) {
		return {
			alreadyDone: true,
			financialStatus: record.financialStatus ?? null,
			fulfilmentStatus: record.fulfilmentStatus ?? null,
		};
	}
	const serviceWords = { message: refused.message } as JsonObject;
	throw new NodeApiError(run.service.ctx.getNode(), serviceWords, {
		message: change.refusal(order.id, stateText(record)),
		description: `${change.advice(record)} The service answered: ${refused.message}`,
		httpCode: '409',
		itemIndex: spec.itemIndex,
	});
}

/** The output of an operation's state change: its own keys, then how it ended. */
export function stateChangeOutput(own: IDataObject, outcome: StateChangeOutcome): IDataObject {
	if (!outcome.alreadyDone) return { ...own, alreadyDone: false };
	return {
		...own,
		alreadyDone: true,
		financialStatus: outcome.financialStatus as IDataObject[string],
		fulfilmentStatus: outcome.fulfilmentStatus as IDataObject[string],
	};
}
