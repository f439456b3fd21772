/**
 * Order → Create Draft: opens an empty order from the head form, to be filled with Add Product and
 * finished with Commit. The service refuses a second order with the same Unique ID.
 */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { buildDraftOrder } from './payloads/draftOrder';
import { itemShopPath } from '../common/scope';
import type { OperationDefinition } from '../types';
import { asItem, readHeaderForm } from './common';
import { orderHeaderFields } from './fields';
import type { RunScope } from '../runScope';

export const createOperation: OperationDefinition = {
	option: {
		name: 'Create Draft',
		value: 'create',
		action: 'Create a draft order',
		description:
			'Start an order to fill step by step; nothing is produced or charged until Commit and Send to Production',
	},
	fields: [
		{
			displayName: 'Unique ID',
			name: 'uniqueId',
			type: 'string',
			default: '',
			description:
				'Your own order number (optional); the service refuses a second order with the same one',
		},
		...orderHeaderFields({ requireShippingAddress: false }),
	],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const body = buildDraftOrder(
			readHeaderForm((name, fallback) => run.parameter(name, itemIndex, fallback)),
		);
		const answer = await run.service.request({
			method: 'POST',
			path: `${await itemShopPath(run, itemIndex)}/orders`,
			body,
			itemIndex,
		});
		return [asItem(answer?.data)];
	},
};
