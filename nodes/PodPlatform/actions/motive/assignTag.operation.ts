/**
 * Motive → Assign Tag: tags a motive (a PUT, so assigning twice is harmless) and returns the motive
 * read back with its tags, since the assignment answers no body.
 */

import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { idParameter } from '../common/scope';
import type { OperationDefinition } from '../types';
import { motiveIdField, motivePath } from './fields';
import type { RunScope } from '../runScope';
import { recordOf } from '../../../shared/codec';
import { withMotiveRelations } from './assignments';

export const assignTagOperation: OperationDefinition = {
	option: {
		name: 'Assign Tag',
		value: 'assignTag',
		action: 'Assign a tag to a motive',
		description: 'Tag a motive so customers can find it; assigning a tag twice is harmless',
	},
	fields: [
		motiveIdField,
		{
			displayName: 'Tag ID',
			name: 'tagId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. 501',
			description: 'The numeric ID of a tag of the shop',
		},
	],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const path = await motivePath(run, itemIndex);
		const tagId = idParameter(run, 'tagId', 'Tag ID', itemIndex);
		await run.service.request({ method: 'PUT', path: `${path}/tags/${tagId}`, itemIndex });
		// The assignment answers no body; the motive read back, with its tags, shows it took.
		const motive = recordOf(await run.service.request({ method: 'GET', path, itemIndex }));
		const tagged = await withMotiveRelations(run, motive, path, itemIndex, ['tags']);
		return [{ json: tagged as IDataObject }];
	},
};
