/**
 * Order → Get: reads one order of the shop by its ID, as the service returns it or simplified
 * (shared/simplify/order.ts) with its items named from their products, each product read once
 * per run.
 */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { readNamings, withItemNames } from '../../../shared/productNames';
import { simplifyOrder } from '../../../shared/simplify/order';
import { itemShopPath } from '../common/scope';
import { simplifyField } from '../common/fields';
import type { OperationDefinition } from '../types';
import { asItem, orderPath } from './common';
import { orderIdField } from './fields';
import type { RunScope } from '../runScope';
import { recordOf } from '../../../shared/codec';

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
			path: await orderPath(run, itemIndex),
			itemIndex,
		});
		const simplify = run.parameter('simplify', itemIndex, true) as boolean;
		if (!simplify) return [asItem(answer?.data)];
		const shopPath = await itemShopPath(run, itemIndex);
		const [order] = await withItemNames(
			[simplifyOrder(recordOf(answer))],
			async (productIds) =>
				await readNamings(run.service, shopPath, productIds, run.productNamings, itemIndex),
		);
		return [{ json: order }];
	},
};
