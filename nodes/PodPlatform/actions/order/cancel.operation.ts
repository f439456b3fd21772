/**
 * Order → Cancel: asks production to cancel an order it has picked up. The order is cancelled only
 * once production confirms, so the output says the cancellation was requested, not done.
 */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { OperationDefinition } from '../types';
import { CANCELLATION, orderOf } from './common';
import { orderIdField } from './fields';
import type { RunScope } from '../runScope';
import { changeOrderState, stateChangeOutput } from './stateChange';

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
			CANCELLATION,
		);
		const orderId = order.id;
		return [{ json: stateChangeOutput({ orderId, cancellationRequested: true }, outcome) }];
	},
};
