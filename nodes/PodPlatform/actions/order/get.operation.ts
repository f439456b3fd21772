/** Order → Get: reads one order of the shop by its ID, as the service returns it. */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { OperationDefinition } from '../types';
import { asItem, orderPath } from './common';
import { orderIdField } from './fields';
import type { RunScope } from '../runScope';

export const getOperation: OperationDefinition = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get an order',
		description: 'Get an order with its statuses, customer, items and fulfilments',
	},
	fields: [orderIdField],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const answer = await run.service.request({
			method: 'GET',
			path: await orderPath(this, run, itemIndex),
			itemIndex,
		});
		return [asItem(answer?.data)];
	},
};
