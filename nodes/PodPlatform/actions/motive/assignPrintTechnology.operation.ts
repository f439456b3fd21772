/**
 * Motive → Assign Print Technology, and the assignment itself, which Create From File reuses. A
 * lost answer is resolved by reading the motive's technologies, never by sending the assignment
 * again.
 */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { Decoded } from '../../../shared/codec';
import type { PlainObject } from '../../../shared/values';
import { recordOf } from '../../../shared/codec';
import { isPlainObject } from '../../../shared/values';
import type { ServiceClient } from '../../../shared/transport';
import { idParameter } from '../common/scope';
import type { OperationDefinition } from '../types';
import { motiveIdField, motivePath, printTechnologyIdField } from './fields';
import type { RunScope } from '../runScope';

function technologyIdOf(assignment: PlainObject): string {
	const technology = assignment.printTechnology;
	return String(isPlainObject(technology) ? technology.id : (technology ?? ''));
}

/**
 * Assign a print technology to a motive. When the outcome of the POST is unknown (a timeout or a
 * dropped answer), the motive's technologies are read to tell whether it took effect.
 */
export async function assignTechnology(
	service: ServiceClient,
	path: string,
	technologyId: string,
	itemIndex: number,
): Promise<Decoded | undefined> {
	const findExisting = async (): Promise<Decoded | undefined> => {
		const assignments = await service.requestAllItems(
			{ method: 'GET', path: `${path}/technologies`, itemIndex },
			{ returnAll: true },
		);
		const existing = assignments.find((a) => technologyIdOf(a) === technologyId);
		return existing ? { root: 'motivePrintTechnology', data: existing } : undefined;
	};
	return await service.request({
		method: 'POST',
		path: `${path}/technologies`,
		body: { motivePrintTechnology: { printTechnology: { id: Number(technologyId) } } },
		recover: findExisting,
		itemIndex,
	});
}

export const assignPrintTechnologyOperation: OperationDefinition = {
	option: {
		name: 'Assign Print Technology',
		value: 'assignPrintTechnology',
		action: 'Assign a print technology to a motive',
		description: 'Make the motive printable with a technology the target product expects',
	},
	fields: [motiveIdField, printTechnologyIdField],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const path = await motivePath(run, itemIndex);
		const technologyId = idParameter(run, 'printTechnologyId', 'Print Technology ID', itemIndex);
		const answer = await assignTechnology(run.service, path, technologyId, itemIndex);
		return [
			{
				json: {
					motiveId: Number(idParameter(run, 'motiveId', 'Motive ID', itemIndex)),
					...recordOf(answer),
				},
			},
		];
	},
};
