import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { itemShopPath } from '../common/scope';
import type { OperationDefinition } from '../types';
import { asItem } from './common';

export const getSessionOrderOperation: OperationDefinition = {
	option: {
		name: 'Get Session Order',
		value: 'getSessionOrder',
		action: 'Get the session order',
		description: 'Get the order the Creator widget fills for the current session',
	},
	fields: [],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
		const answer = await apiRequest(this, {
			method: 'GET',
			path: `${await itemShopPath(this, itemIndex)}/orders/session`,
			itemIndex,
		});
		return [asItem(answer?.data)];
	},
};
