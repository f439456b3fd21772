/**
 * Order → Add Product: adds one designed product (variant, amount and library motives placed on its
 * views) to a draft order and returns what the service answers. A POST, so an unknown outcome is
 * never sent again.
 */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { PlainObject } from '../../../shared/values';
import { buildIncrementalDesign } from './payloads/draftOrder';
import { productLocator } from '../product/fields';
import type { OperationDefinition } from '../types';
import { asItem, locatorValue, orderPath, placementOf } from './common';
import {
	motiveLocator,
	orderIdField,
	placementFields,
	serviceDropdown,
	variantFields,
} from './fields';
import type { RunScope } from '../runScope';

const dependsOnProduct = ['shop.value', 'productId.value'];

export const addProductOperation: OperationDefinition = {
	option: {
		name: 'Add Product',
		value: 'addProduct',
		action: 'Add a product to a draft order',
		description: 'Add a designed product to a draft order (before Commit)',
	},
	fields: [
		orderIdField,
		productLocator,
		...variantFields({
			colors: 'getAssignedColors',
			sizes: 'getAssignedSizes',
			productDependsOn: dependsOnProduct,
			colorPath: 'assignedColorId',
			required: true,
		}),
		{
			displayName: 'Prints',
			name: 'prints',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Print',
			default: {},
			description:
				'Library motives placed on the views of the product; none makes a plain base product',
			options: [
				{
					displayName: 'Print',
					name: 'print',
					values: [
						serviceDropdown('View Name or ID', 'viewPosition', 'getDraftViews', dependsOnProduct),
						motiveLocator,
						...placementFields,
					],
				},
			],
		},
	],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const prints = (
			(run.parameter('prints', itemIndex, {}) as { print?: PlainObject[] }).print ?? []
		).map((print) => ({
			viewPosition: print.viewPosition as string,
			motiveId: locatorValue(print.motiveId),
			position: placementOf(print),
		}));
		const body = buildIncrementalDesign({
			productId: run.parameter('productId', itemIndex, '', { extractValue: true }),
			assignedColorId: run.parameter('assignedColorId', itemIndex, ''),
			assignedSizeId: run.parameter('assignedSizeId', itemIndex, ''),
			amount: run.parameter('amount', itemIndex, 1),
			prints,
		});
		const answer = await run.service.request({
			method: 'POST',
			path: `${await orderPath(run, itemIndex)}/orderedProducts/usingCreatorSE`,
			body,
			itemIndex,
		});
		return [asItem(answer?.data)];
	},
};
