/**
 * Motive → Create: an empty motive record with a name and type, to be given its bitmap with Upload
 * Bitmap. Also holds the Name field and its check, which Create From File shares.
 */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { InputError } from '../../../shared/errors';
import type { OperationDefinition } from '../types';
import { motiveTypeField, motivesPath } from './fields';
import type { RunScope } from '../runScope';
import { recordOf } from '../../../shared/codec';

export const nameField = {
	displayName: 'Name',
	name: 'name',
	type: 'string' as const,
	default: '',
	required: true,
	placeholder: 'e.g. Summer Logo',
	description: 'The name shown in the motive catalog',
};

/** The Name parameter, required and trimmed. */
export function motiveName(run: RunScope, itemIndex: number, fallback = ''): string {
	const name = String(run.parameter('name', itemIndex, '') ?? '').trim() || fallback;
	if (!name) {
		throw new InputError('Name is empty', 'Enter a name for the motive.');
	}
	return name;
}

export const createOperation: OperationDefinition = {
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create a motive',
		description: 'Create an empty motive record; upload its bitmap next',
	},
	fields: [nameField, motiveTypeField],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const name = motiveName(run, itemIndex);
		const type = run.parameter('type', itemIndex) as string;
		const answer = await run.service.request({
			method: 'POST',
			path: await motivesPath(run, itemIndex),
			body: { motive: { name, type } },
			itemIndex,
		});
		return [{ json: recordOf(answer) }];
	},
};
