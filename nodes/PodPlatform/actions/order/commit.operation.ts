/**
 * Order → Commit: finishes a draft order and stamps its payment status. Committing does not start
 * production; Send to Production does.
 */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { OperationDefinition } from '../types';
import { FINANCIAL_STATUSES } from '../../../shared/types';
import { InputError } from '../../../shared/errors';
import { isToolNode } from '../../../shared/toolArguments';
import type { PlainObject } from '../../../shared/values';
import { financialStatusLabel } from '../../../shared/statusLabels';
import { orderOf } from './common';
import { financialStatusField, orderIdField } from './fields';
import type { RunScope } from '../runScope';
import { changeOrderState, stateChangeOutput } from './stateChange';
import type { StateChange } from './stateChange';

/**
 * The payment statuses in the order a payment goes through them: the contract's forward-only
 * moves (PENDING → AUTHORIZED → PAID) with the moves it does not show placed where they fall
 * (part payments before PAID, refunds after it). VOIDED ends a payment on its own branch, so it
 * is past no other status and none is past it.
 */
const PAYMENT_PATH: readonly string[] = FINANCIAL_STATUSES.filter((status) => status !== 'VOIDED');

/**
 * Whether an order with this payment status has been committed with the one asked for: it holds
 * that status, or one a payment moves to from it. The order record has no "committed" field, so
 * its payment status, after the service refused the commit, is the sign of it.
 */
function paymentReached(status: unknown, asked: string): boolean {
	if (status === asked) return true;
	const at = PAYMENT_PATH.indexOf(String(status));
	const from = PAYMENT_PATH.indexOf(asked);
	return at >= 0 && from >= 0 && at > from;
}

/** Commit as a state change: the draft stamped with the payment status asked for. */
export function commitChange(financialStatus: string): StateChange {
	const asked = `${financialStatusLabel(financialStatus)} (${financialStatus})`;
	return {
		reached: (record: PlainObject) => paymentReached(record.financialStatus, financialStatus),
		refusal: (orderId, state) => `Order ${orderId} was not committed as ${asked}: it is ${state}`,
		advice: () =>
			'Commit stamps the payment status of a draft order once; this order is committed already (or is one the service commits itself, such as a submitted order), and Commit cannot change its status. Read it with Order → Get; its payment status moves on when the payment does.',
	};
}

/**
 * Paid starts production and charges the merchant: not a model's call (see Submit). A tool that
 * commits or releases an order does it as Pending, and the merchant pays or releases it.
 */
export function refusePaidFromTool(ctx: IExecuteFunctions, financialStatus: string, verb: string) {
	if (financialStatus === 'PAID' && isToolNode(ctx.getNode())) {
		throw new InputError(
			`Financial Status Paid is not allowed when an AI tool ${verb} an order`,
			'Use Pending: nothing is produced or charged until the merchant pays or releases it.',
			'financialStatus',
		);
	}
}

export const commitOperation: OperationDefinition = {
	option: {
		name: 'Commit',
		value: 'commit',
		action: 'Commit a draft order and set its payment status',
		description:
			'Finish a draft order and stamp its financial status; production starts only with Send to Production',
	},
	forModel:
		'Set the payment status of a draft print order. Paid starts production and is charged; a tool commits only as Pending.',
	fields: [
		orderIdField,
		financialStatusField(
			'PENDING',
			'The payment status stamped on the order. PAID means production starts (and you are charged) once the order is sent to production.',
		),
	],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const financialStatus = run.parameter('financialStatus', itemIndex, 'PENDING') as string;
		refusePaidFromTool(this, financialStatus, 'commits');
		const order = await orderOf(run, itemIndex);
		const outcome = await changeOrderState(
			run,
			order,
			{ method: 'PUT', path: `${order.path}/commitOrder`, qs: { financialStatus }, itemIndex },
			commitChange(financialStatus),
		);
		const orderId = order.id;
		return [{ json: stateChangeOutput({ orderId, committed: true, financialStatus }, outcome) }];
	},
};
