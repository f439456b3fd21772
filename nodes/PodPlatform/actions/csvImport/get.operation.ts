/**
 * CSV Import → Get: reads one import record: whether the service has processed it and how many
 * lines failed.
 */

import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { simplifyCsvImport } from '../common/simplify/settings';
import { simplifyField } from '../common/fields';
import type { OperationDefinition } from '../types';
import { importIdField, importPath } from './fields';
import type { RunScope } from '../runScope';
import { recordOf } from '../../../shared/codec';

export const getOperation: OperationDefinition = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a CSV import',
		description: 'Get one CSV import: whether it is processed and how many lines failed',
	},
	fields: [importIdField, simplifyField],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const answer = await run.service.request({
			method: 'GET',
			path: await importPath(run, itemIndex),
			itemIndex,
		});
		const record = recordOf(answer);
		const simplify = run.parameter('simplify', itemIndex, true) as boolean;
		return [{ json: simplify ? simplifyCsvImport(record) : (record as IDataObject) }];
	},
};
