/**
 * CSV Import → Get: reads one import record: whether the service has processed it and how many
 * lines failed.
 */

import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { OperationDefinition } from '../types';
import { importIdField, importPath } from './fields';
import type { RunScope } from '../runScope';

export const getOperation: OperationDefinition = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a CSV import',
		description: 'Get one CSV import: whether it is processed and how many lines failed',
	},
	fields: [importIdField],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const answer = await run.service.request({
			method: 'GET',
			path: await importPath(this, run, itemIndex),
			itemIndex,
		});
		return [{ json: (answer?.data ?? {}) as IDataObject }];
	},
};
