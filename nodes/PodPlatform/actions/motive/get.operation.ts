/** Motive → Get: reads one motive of the shop's catalog by its ID. */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { PlainObject } from '../../../shared/codec';
import { simplifyMotive } from '../common/simplify/catalog';
import { simplifyField } from '../common/fields';
import type { OperationDefinition } from '../types';
import { motiveIdField, motivePath } from './fields';
import type { RunScope } from '../runScope';
import { recordOf } from '../../../shared/codec';

export const getOperation: OperationDefinition = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a motive',
		description: 'Get one motive of the catalog',
	},
	fields: [motiveIdField, simplifyField],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const answer = await run.service.request({
			method: 'GET',
			path: await motivePath(run, itemIndex),
			itemIndex,
		});
		const record = recordOf(answer);
		const simplify = run.parameter('simplify', itemIndex, true) as boolean;
		return [{ json: simplify ? simplifyMotive(record as PlainObject) : record }];
	},
};
