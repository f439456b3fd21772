import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import type { OperationDefinition } from '../types';
import { motiveIdField, motivePath, recordOf } from './fields';

export const get: OperationDefinition = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a motive',
		description: 'Get one motive of the catalog',
	},
	fields: [motiveIdField],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
		const answer = await apiRequest(this, {
			method: 'GET',
			path: await motivePath(this, itemIndex),
			itemIndex,
		});
		return [{ json: recordOf(answer) }];
	},
};
