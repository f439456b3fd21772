import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import type { OperationDefinition } from '../types';
import { motiveIdField, motivePath } from './fields';

export const deleteMotive: OperationDefinition = {
	option: {
		name: 'Delete',
		value: 'delete',
		action: 'Delete a motive',
		description: 'Remove a motive from the catalog',
	},
	fields: [motiveIdField],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
		await apiRequest(this, {
			method: 'DELETE',
			path: await motivePath(this, itemIndex),
			itemIndex,
		});
		return [{ json: { deleted: true } }];
	},
};
