/**
 * Order → Send to Production: hands a committed order to production. For a paid order this is the
 * step that prints, ships and charges.
 */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { OperationDefinition } from '../types';
import { orderOf } from './common';
import { orderIdField } from './fields';
import type { RunScope } from '../runScope';

export const sendToProductionOperation: OperationDefinition = {
	option: {
		name: 'Send to Production',
		value: 'sendToProduction',
		action: 'Send an order to production',
		description:
			'Hand a committed order to production: a paid order is printed, shipped and charged',
	},
	fields: [orderIdField],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const order = await orderOf(run, itemIndex);
		await run.service.request({
			method: 'PUT',
			path: `${order.path}/sendToProduction`,
			itemIndex,
		});
		const orderId = order.id;
		return [{ json: { orderId, sentToProduction: true } }];
	},
};
