import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import type { OperationDefinition } from '../types';
import { importIdField, importPath } from './fields';

export const get: OperationDefinition = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a CSV import',
		description: 'Get one CSV import: whether it is processed and how many lines failed',
	},
	fields: [importIdField],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
		const answer = await apiRequest(this, {
			method: 'GET',
			path: await importPath(this, itemIndex),
			itemIndex,
		});
		return [{ json: (answer?.data ?? {}) as IDataObject }];
	},
};
