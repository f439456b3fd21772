/** Order → Get: reads one order of the shop by its ID, simplified (see shared/simplify) or as the service returns it. */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { PlainObject } from '../../../shared/codec';
import { simplifyOrder } from '../../../shared/simplify/order';
import { simplifyField } from '../common/fields';
import type { OperationDefinition } from '../types';
import { asItem, orderPath } from './common';
import { orderIdField } from './fields';
import type { RunScope } from '../runScope';

export const getOperation: OperationDefinition = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get an order',
		description: 'Get an order with its statuses, customer, items and fulfillments',
	},
	fields: [orderIdField, simplifyField],
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
		const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
		return [
			simplify
				? { json: simplifyOrder((answer?.data ?? {}) as PlainObject) }
				: asItem(answer?.data),
		];
	},
};
