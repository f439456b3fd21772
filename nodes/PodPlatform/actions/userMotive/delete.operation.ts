/** User Motive → Delete: removes one motive from the customer's library. */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { OperationDefinition } from '../types';
import { userMotiveIdField, userMotivePath } from './fields';
import type { RunScope } from '../runScope';

export const deleteOperation: OperationDefinition = {
	option: {
		name: 'Delete',
		value: 'delete',
		action: 'Delete a user motive',
		description: 'Remove a motive from the customer’s library',
	},
	fields: [userMotiveIdField],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const path = await userMotivePath(run, itemIndex);
		await run.service.request({ method: 'DELETE', path, itemIndex });
		return [{ json: { deleted: true } }];
	},
};
