/**
 * Order → Cancel: asks production to cancel an order it has picked up. The order is cancelled only
 * once production confirms, so the output says the cancellation was requested, not done.
 */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { OperationDefinition } from '../types';
import { orderOf } from './common';
import { orderIdField } from './fields';
import type { RunScope } from '../runScope';
import { changeOrderState, stateChangeOutput } from './stateChange';
import type { StateChange } from './stateChange';

/** The statuses a requested cancellation leaves an order in: waiting for production, or done. */
const CANCELLATION_STATES = new Set(['CANCELLATION_WAITING', 'CANCELLED']);

/**
 * Cancel as a state change: the cancellation requested. The contract requests it from In
 * Production (NOT_EDITABLE) only; before that there is nothing to stop yet, after shipping nothing
 * can be.
 */
const cancellation: StateChange = {
	reached: (record) => CANCELLATION_STATES.has(String(record.fulfilmentStatus)),
	refusal: (orderId, state) => `Order ${orderId} cannot be cancelled now: it is ${state}`,
	advice: (record) => {
		const status = String(record.fulfilmentStatus ?? '');
		if (status === 'FINISHED' || status === 'RECLAMATION')
			return 'It has shipped, and a shipped order cannot be cancelled.';
		return 'A cancellation is requested once production has picked the order up (In Production, NOT_EDITABLE); request it again then (the trigger’s Order Updated event tells when its status changes).';
	},
};

export const cancelOperation: OperationDefinition = {
	option: {
		name: 'Cancel',
		value: 'cancel',
		action: 'Request cancellation of an order',
		description:
			'Ask production to cancel an order it has picked up; it is cancelled once production confirms',
	},
	forModel:
		"Ask production to stop a print order, named as this tool's argument asks for it. It changes the order: production confirms the cancellation later. Only an order in production can be cancelled; asking again for an order whose cancellation was requested answers that it already was (alreadyDone).",
	fields: [orderIdField],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const order = await orderOf(run, itemIndex);
		const outcome = await changeOrderState(
			run,
			order,
			{ method: 'DELETE', path: `${order.path}/cancelOrder`, itemIndex },
			cancellation,
		);
		const orderId = order.id;
		return [{ json: stateChangeOutput({ orderId, cancellationRequested: true }, outcome) }];
	},
};
