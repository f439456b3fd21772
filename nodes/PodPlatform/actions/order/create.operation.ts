import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { buildDraftOrder } from '../../../shared/payloads/draftOrder';
import { apiRequest } from '../../../shared/transport';
import { itemShopPath } from '../common/scope';
import type { OperationDefinition } from '../types';
import { asItem, readHeaderForm } from './common';
import { orderHeaderFields } from './fields';

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
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
		const body = buildDraftOrder(readHeaderForm(this, itemIndex));
		const answer = await apiRequest(this, {
			method: 'POST',
			path: `${await itemShopPath(this, itemIndex)}/orders`,
			body,
			itemIndex,
		});
		return [asItem(answer?.data)];
	},
};
