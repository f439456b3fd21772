/**
 * Motive → Create From File: creates a motive, uploads its file and assigns its print
 * technologies in one step. All input is checked before anything is created; a motive left unusable
 * by a later failure is deleted or named in the error.
 */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { InputError, withItemName } from '../../../shared/errors';
import { readBitmapFromBinary } from '../common/image';
import type { OperationDefinition } from '../types';
import { withMotiveRelations } from './assignments';
import { assignTechnology } from './assignPrintTechnology.operation';
import { motiveName, nameField } from './create.operation';
import {
	binaryPropertyField,
	motiveIdOf,
	motiveTypeField,
	motivesPath,
	printTechnologyIdsField,
	technologyIdsOf,
} from './fields';
import { sendBitmap } from './uploadBitmap.operation';
import type { RunScope } from '../runScope';
import { recordOf } from '../../../shared/codec';

/** The chosen print technologies, each a whole number. */
function technologyIds(run: RunScope, itemIndex: number): string[] {
	const raw: unknown = run.parameter('printTechnologyId', itemIndex, []);
	const ids = technologyIdsOf(raw);
	const wrong = ids.find((id) => !/^\d+$/.test(id));
	if (ids.length === 0 || wrong !== undefined) {
		throw new InputError(
			`Print Technology must name one or more print technologies by ID, got "${Array.isArray(raw) ? raw.join(', ') : String(raw ?? '')}"`,
			'Choose the print technology the target product expects (for example Digital Print), or give its numeric ID.',
		);
	}
	return ids;
}

function fileStem(fileName: string): string {
	return fileName.replace(/\.[^.]*$/, '').trim();
}

export const createFromBinaryOperation: OperationDefinition = {
	option: {
		name: 'Create From File',
		value: 'createFromBinary',
		action: 'Create a motive from a file',
		description:
			'Create a motive, upload its JPEG or PNG file and assign a print technology in one step',
	},
	fields: [
		binaryPropertyField,
		{
			...nameField,
			required: false,
			placeholder: 'e.g. Summer Logo',
			description: 'The name shown in the motive catalog. Leave empty to use the file name.',
		},
		printTechnologyIdsField,
		motiveTypeField,
		{
			displayName: 'Delete Motive If Upload Fails',
			name: 'deleteOnFailure',
			type: 'boolean',
			default: true,
			description:
				'Whether to delete the motive this step created when the upload or the technology assignment fails, instead of keeping it for another try',
		},
	],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		// Everything is checked before the motive is created, so bad input leaves nothing behind.
		const property = run.parameter('binaryPropertyName', itemIndex) as string;
		const bitmap = await readBitmapFromBinary(this, itemIndex, property);
		const name = motiveName(run, itemIndex, fileStem(bitmap.fileName));
		const technologies = technologyIds(run, itemIndex);
		const type = run.parameter('type', itemIndex) as string;
		const deleteOnFailure = run.parameter('deleteOnFailure', itemIndex, true) as boolean;
		const base = await motivesPath(run, itemIndex);

		const created = recordOf(
			await run.service.request({
				method: 'POST',
				path: base,
				body: { motive: { name, type } },
				itemIndex,
			}),
		);
		const motiveId = motiveIdOf(created);
		if (!motiveId) {
			throw new NodeOperationError(
				this.getNode(),
				withItemName('The service created the motive but returned no ID', itemIndex),
				{
					itemIndex,
					description: `Look for the motive "${name}" in the catalog (Motive → Get Many) before running again.`,
				},
			);
		}
		const path = `${base}/${motiveId}`;

		let step = 'uploading the bitmap';
		try {
			await sendBitmap(run.service, path, bitmap, itemIndex);
			for (const technologyId of technologies) {
				step = `assigning print technology ${technologyId}`;
				await assignTechnology(run.service, path, technologyId, itemIndex);
			}
		} catch (error) {
			throw await failureAfterCreate(this, run, {
				itemIndex,
				motiveId,
				name,
				path,
				step,
				deleteOnFailure,
				error,
			});
		}

		const read = recordOf(await run.service.request({ method: 'GET', path, itemIndex }));
		// The technologies it was given, as the service holds them (embedded or behind their link).
		const motive = await withMotiveRelations(run, read, path, itemIndex, ['technologies']);
		return [{ json: { ...motive, fileName: bitmap.fileName, mimeType: bitmap.mimeType } }];
	},
};

interface Failure {
	itemIndex: number;
	motiveId: string;
	name: string;
	path: string;
	step: string;
	deleteOnFailure: boolean;
	error: unknown;
}

/**
 * The motive exists but is not usable. Never leave that unsaid: delete it when asked (and say
 * whether that worked), or name it so the user can finish or remove it.
 */
async function failureAfterCreate(
	ctx: IExecuteFunctions,
	run: RunScope,
	failure: Failure,
): Promise<Error> {
	const { itemIndex, motiveId, name, path, step, deleteOnFailure, error } = failure;
	const cause = (error as Error).message;
	const causeDescription = (error as { description?: string }).description;
	let outcome: string;
	let advice: string;
	if (deleteOnFailure) {
		try {
			await run.service.request({ method: 'DELETE', path, itemIndex });
			outcome = `motive ${motiveId} was deleted again`;
			advice = 'Nothing was left behind; fix the cause and run again.';
		} catch (deleteError) {
			outcome = `motive ${motiveId} ("${name}") was created and could not be deleted (${(deleteError as Error).message})`;
			advice = `Delete motive ${motiveId} (Motive → Delete) or finish it with Upload Bitmap and Assign Print Technology.`;
		}
	} else {
		outcome = `motive ${motiveId} ("${name}") was created and is kept`;
		advice = `Finish motive ${motiveId} with Upload Bitmap and Assign Print Technology, or delete it.`;
	}
	return new NodeOperationError(
		ctx.getNode(),
		withItemName(`${step} failed, ${outcome}: ${cause}`, itemIndex),
		{
			itemIndex,
			description: [causeDescription, advice].filter(Boolean).join(' '),
		},
	);
}
