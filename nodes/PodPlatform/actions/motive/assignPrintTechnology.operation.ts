import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { Decoded, PlainObject } from '../../../shared/codec';
import { isPlainObject } from '../../../shared/codec';
import { apiRequest, apiRequestAllItems } from '../../../shared/transport';
import { idParameter } from '../common/scope';
import type { OperationDefinition } from '../types';
import { motiveIdField, motivePath, printTechnologyIdField, recordOf } from './fields';

function technologyIdOf(assignment: PlainObject): string {
	const technology = assignment.printTechnology;
	return String(isPlainObject(technology) ? technology.id : (technology ?? ''));
}

/**
 * Assign a print technology to a motive. When the outcome of the POST is unknown (a timeout or a
 * dropped answer), the motive's technologies are read to tell whether it took effect.
 */
export async function assignTechnology(
	ctx: IExecuteFunctions,
	path: string,
	technologyId: string,
	itemIndex: number,
): Promise<Decoded | undefined> {
	const findExisting = async (): Promise<Decoded | undefined> => {
		const assignments = await apiRequestAllItems(
			ctx,
			{ method: 'GET', path: `${path}/technologies`, itemIndex },
			{ returnAll: true },
		);
		const existing = assignments.find((a) => technologyIdOf(a) === technologyId);
		return existing ? { root: 'motivePrintTechnology', data: existing } : undefined;
	};
	return await apiRequest(ctx, {
		method: 'POST',
		path: `${path}/technologies`,
		body: { motivePrintTechnology: { printTechnology: { id: Number(technologyId) } } },
		recover: findExisting,
		itemIndex,
	});
}

export const assignPrintTechnology: OperationDefinition = {
	option: {
		name: 'Assign Print Technology',
		value: 'assignPrintTechnology',
		action: 'Assign a print technology to a motive',
		description: 'Make the motive printable with a technology the target product expects',
	},
	fields: [motiveIdField, printTechnologyIdField],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
		const path = await motivePath(this, itemIndex);
		const technologyId = idParameter(this, 'printTechnologyId', 'Print Technology ID', itemIndex);
		const answer = await assignTechnology(this, path, technologyId, itemIndex);
		return [
			{
				json: {
					motiveId: Number(idParameter(this, 'motiveId', 'Motive ID', itemIndex)),
					...recordOf(answer),
				},
			},
		];
	},
};
