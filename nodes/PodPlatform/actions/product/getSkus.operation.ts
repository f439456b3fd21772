/** Product → Get SKUs: the color and size pairs of a product that can be ordered. */

import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { orderableSkus } from '../../../shared/payloads/product';
import type { OperationDefinition } from '../types';
import type { RunScope } from '../runScope';
import { READ } from '../wordsForModel';
import { productLocator, productPath } from './fields';

export const getSkusOperation: OperationDefinition = {
	option: {
		name: 'Get SKUs',
		value: 'getSkus',
		action: 'Get the SKUs of a product',
		description: 'List the color and size pairs that can be ordered',
	},
	forModel: `List the color and size pairs of a product that can be ordered, by IDs. ${READ}`,
	fields: [
		productLocator,
		{
			displayName: 'Only Available',
			name: 'onlyAvailable',
			type: 'boolean',
			default: true,
			description: 'Whether to leave out SKUs the service marks as not available',
		},
	],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const records = await run.service.requestAllItems(
			{ method: 'GET', path: `${await productPath(run, itemIndex)}/sku`, itemIndex },
			{ returnAll: true },
		);
		const onlyAvailable = run.parameter('onlyAvailable', itemIndex, true) as boolean;
		return orderableSkus(records, onlyAvailable).map((sku) => ({
			json: { ...sku } as IDataObject,
		}));
	},
};
