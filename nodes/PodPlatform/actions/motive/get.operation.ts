/** Motive → Get: reads one motive of the shop's catalog by its ID. */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { OperationDefinition } from '../types';
import { motiveIdField, motivePath, recordOf } from './fields';
import type { RunScope } from '../runScope';

export const getOperation: OperationDefinition = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a motive',
		description: 'Get one motive of the catalog',
	},
	fields: [motiveIdField],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const answer = await run.service.request({
			method: 'GET',
			path: await motivePath(this, run, itemIndex),
			itemIndex,
		});
		return [{ json: recordOf(answer) }];
	},
};
