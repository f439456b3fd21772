import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import type { OperationDefinition } from '../types';
import { asItem, orderPath } from './common';
import { orderIdField } from './fields';

export const getOperation: OperationDefinition = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get an order',
		description: 'Get an order with its statuses, customer, items and fulfilments',
	},
	fields: [orderIdField],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
		const answer = await apiRequest(this, {
			method: 'GET',
			path: await orderPath(this, itemIndex),
			itemIndex,
		});
		return [asItem(answer?.data)];
	},
};
