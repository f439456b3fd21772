/**
 * Order → Cancel: asks production to cancel an order it has picked up. The order is cancelled only
 * once production confirms, so the output says the cancellation was requested, not done.
 */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { OperationDefinition } from '../types';
import { orderOf } from './common';
import { orderIdField } from './fields';
import type { RunScope } from '../runScope';

export const cancelOperation: OperationDefinition = {
	option: {
		name: 'Cancel',
		value: 'cancel',
		action: 'Request cancellation of an order',
		description:
			'Ask production to cancel an order it has picked up; it is cancelled once production confirms',
	},
	forModel:
		"Ask production to stop a print order, named as this tool's argument asks for it. It changes the order: production confirms the cancellation later. Only an order in production can be cancelled; asking again for the same order is refused.",
	fields: [orderIdField],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const order = await orderOf(run, itemIndex);
		await run.service.request({
			method: 'DELETE',
			path: `${order.path}/cancelOrder`,
			itemIndex,
		});
		const orderId = order.id;
		return [{ json: { orderId, cancellationRequested: true } }];
	},
};
