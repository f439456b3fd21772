import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { idParameter } from '../common/scope';
import type { OperationDefinition } from '../types';
import { motiveIdField, motivePath, recordOf } from './fields';

export const assignTag: OperationDefinition = {
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
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
		const path = await motivePath(this, itemIndex);
		const tagId = idParameter(this, 'tagId', 'Tag ID', itemIndex);
		await apiRequest(this, { method: 'PUT', path: `${path}/tags/${tagId}`, itemIndex });
		// The assignment answers no body; the motive read back shows its tags.
		return [{ json: recordOf(await apiRequest(this, { method: 'GET', path, itemIndex })) }];
	},
};
