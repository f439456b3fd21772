import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { idParameter } from '../common/scope';
import type { OperationDefinition } from '../types';
import { orderPath } from './common';
import { orderIdField } from './fields';

export const sendToProductionOperation: OperationDefinition = {
	option: {
		name: 'Send to Production',
		value: 'sendToProduction',
		action: 'Send an order to production',
		description:
			'Hand a committed order to production: a paid order is printed, shipped and charged',
	},
	fields: [orderIdField],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
		await apiRequest(this, {
			method: 'PUT',
			path: `${await orderPath(this, itemIndex)}/sendToProduction`,
			itemIndex,
		});
		const orderId = Number(idParameter(this, 'orderId', 'Order ID', itemIndex));
		return [{ json: { orderId, sentToProduction: true } }];
	},
};
