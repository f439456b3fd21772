import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { idParameter } from '../common/scope';
import type { OperationDefinition } from '../types';
import { orderPath } from './common';
import { orderIdField } from './fields';

export const cancelOperation: OperationDefinition = {
	option: {
		name: 'Cancel (Stops Production)',
		value: 'cancel',
		action: 'Request cancellation of an order',
		description:
			'Ask production to cancel an order it has picked up; it is cancelled once production confirms',
	},
	fields: [orderIdField],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
		await apiRequest(this, {
			method: 'DELETE',
			path: `${await orderPath(this, itemIndex)}/cancelOrder`,
			itemIndex,
		});
		const orderId = Number(idParameter(this, 'orderId', 'Order ID', itemIndex));
		return [{ json: { orderId, cancellationRequested: true } }];
	},
};
