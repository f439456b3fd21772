/** Motive → Delete: removes one motive from the shop's catalog. */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { OperationDefinition } from '../types';
import { motiveIdField, motivePath } from './fields';
import type { RunScope } from '../runScope';

export const deleteOperation: OperationDefinition = {
	option: {
		name: 'Delete',
		value: 'delete',
		action: 'Delete a motive',
		description: 'Remove a motive from the catalog',
	},
	fields: [motiveIdField],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		await run.service.request({
			method: 'DELETE',
			path: await motivePath(run, itemIndex),
			itemIndex,
		});
		return [{ json: { deleted: true } }];
	},
};
