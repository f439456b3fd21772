/**
 * User Motive → Get: reads one motive of the customer's library, marked with the library it lives
 * in.
 */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { PlainObject } from '../../../shared/codec';
import { simplifyMotive } from '../common/simplify/catalog';
import { simplifyField } from '../common/fields';
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
	fields: [userMotiveIdField, simplifyField],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const path = await userMotivePath(run, itemIndex);
		const answer = await run.service.request({ method: 'GET', path, itemIndex });
		const json = await userMotiveJson(this, answer);
		const simplify = run.parameter('simplify', itemIndex, true) as boolean;
		return [{ json: simplify ? simplifyMotive(json as PlainObject) : json }];
	},
};
