/**
 * User Motive → Get: reads one motive of the customer's library, marked with the library it lives
 * in.
 */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { OperationDefinition } from '../types';
import { userMotiveIdField, userMotiveJson, userMotivePath } from './fields';
import type { RunScope } from '../runScope';

export const getOperation: OperationDefinition = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a user motive',
		description: 'Get one motive of the customer’s library',
	},
	fields: [userMotiveIdField],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const path = await userMotivePath(this, run, itemIndex);
		const answer = await run.service.request({ method: 'GET', path, itemIndex });
		return [{ json: await userMotiveJson(this, answer) }];
	},
};
