/**
 * Order → Get Ordered Product Image: downloads the rendered mock-up of one item of an order into a
 * binary field, with its size and type in the JSON.
 */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { idParameter } from '../common/scope';
import type { OperationDefinition } from '../types';
import { orderOf } from './common';
import { orderIdField, orderedProductIdField } from './fields';
import type { RunScope } from '../runScope';

export const getOrderedProductImageOperation: OperationDefinition = {
	option: {
		name: 'Get Ordered Product Image',
		value: 'getOrderedProductImage',
		action: 'Get the mock-up image of an ordered product',
		description: 'Download the rendered mock-up of an item of the order as binary data',
	},
	fields: [
		orderIdField,
		orderedProductIdField,
		{
			displayName: 'Put Output File in Field',
			name: 'binaryPropertyName',
			type: 'string',
			default: 'data',
			required: true,
			hint: 'The name of the output binary field to put the image in',
		},
	],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const { id: orderId, path: order } = await orderOf(run, itemIndex);
		const orderedProductId = Number(
			idParameter(run, 'orderedProductId', 'Ordered Product ID', itemIndex),
		);
		const path = `${order}/orderedProducts/${orderedProductId}`;
		const property = run.parameter('binaryPropertyName', itemIndex, 'data') as string;
		const image = await run.service.requestBinary({
			method: 'GET',
			path: `${path}/image`,
			accept: 'image/png',
			itemIndex,
		});
		const mimeType = image.contentType.split(';')[0].trim() || 'image/png';
		const extension = mimeType === 'image/jpeg' ? 'jpg' : 'png';
		const binary = await this.helpers.prepareBinaryData(
			image.data,
			`order-${orderId}-item-${orderedProductId}.${extension}`,
			mimeType,
		);
		return [
			{
				json: { orderId, orderedProductId, mimeType, bytes: image.data.length },
				binary: { [property]: binary },
			},
		];
	},
};
