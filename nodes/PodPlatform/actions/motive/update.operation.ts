/**
 * Motive → Update: changes a motive's name or type, and returns the motive, read back when the
 * service answers without a body.
 */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { InputError } from '../../../shared/errors';
import type { OperationDefinition } from '../types';
import { MOTIVE_TYPES, motiveIdField, motivePath } from './fields';
import type { RunScope } from '../runScope';
import { recordOf } from '../../../shared/codec';

export const updateOperation: OperationDefinition = {
	option: {
		name: 'Update',
		value: 'update',
		action: 'Update a motive',
		description: 'Change the name or type of a motive',
	},
	fields: [
		motiveIdField,
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				{ displayName: 'Name', name: 'name', type: 'string', default: '' },
				{
					displayName: 'Type',
					name: 'type',
					type: 'options',
					options: MOTIVE_TYPES,
					default: 'HIGH_RESOLUTION_BITMAP',
				},
			],
		},
	],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const path = await motivePath(run, itemIndex);
		const fields = run.parameter('updateFields', itemIndex, {}) as {
			name?: string;
			type?: string;
		};
		const motive: Record<string, string> = {};
		if (fields.name !== undefined) {
			const name = fields.name.trim();
			if (!name) {
				throw new InputError(
					'Name is empty',
					'Enter the new name, or remove the Name field to keep the current one.',
				);
			}
			motive.name = name;
		}
		if (fields.type) motive.type = fields.type;
		if (Object.keys(motive).length === 0) {
			throw new InputError('nothing to update', 'Add Name or Type under Update Fields.');
		}
		const answer = await run.service.request({ method: 'PUT', path, body: { motive }, itemIndex });
		// The contract shows no answer body for PUT; then the motive is read back.
		const record = answer
			? recordOf(answer)
			: recordOf(await run.service.request({ method: 'GET', path, itemIndex }));
		return [{ json: record }];
	},
};
