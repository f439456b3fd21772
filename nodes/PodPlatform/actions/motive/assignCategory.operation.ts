/**
 * Motive → Assign Category: puts a motive into one of the shop's motive categories. A lost answer
 * is resolved by reading the motive's categories where the service lists them (the contract lists
 * no such read); where it does not, the POST is not sent again and the error says the outcome is
 * unknown. A refusal names the request body the node guessed, since the contract gives none.
 */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { Decoded } from '../../../shared/codec';
import { recordOf } from '../../../shared/codec';
import { isPlainObject } from '../../../shared/values';
import { undocumentedRequestRefusal } from '../../../shared/errors';
import { idParameter } from '../common/scope';
import type { OperationDefinition } from '../types';
import { motiveIdField, motivePath } from './fields';
import type { RunScope } from '../runScope';

/**
 * The contract names the assign-category request but not its body. The root is the entity its
 * filter names (`motiveAssignedToCategoryFilter` filters `motiveAssignedToCategory` records).
 */
const ASSIGNMENT_ROOT = 'motiveAssignedToCategory';

export const assignCategoryOperation: OperationDefinition = {
	option: {
		name: 'Assign Category',
		value: 'assignCategory',
		action: 'Assign a category to a motive',
		description: 'Put a motive into a motive category of the shop',
	},
	fields: [
		motiveIdField,
		{
			displayName: 'Category ID',
			name: 'categoryId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. 601',
			description: 'The numeric ID of a motive category of the shop',
		},
	],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const path = await motivePath(run, itemIndex);
		const motiveId = idParameter(run, 'motiveId', 'Motive ID', itemIndex);
		const categoryId = idParameter(run, 'categoryId', 'Category ID', itemIndex);
		// When the outcome is unknown, the motive's categories tell whether the POST took effect; a
		// service without `GET .../assignedCategories` fails this look-up, and the POST is not repeated.
		const recover = async (): Promise<Decoded | undefined> => {
			const assigned = await run.service.requestAllItems(
				{ method: 'GET', path: `${path}/assignedCategories`, itemIndex },
				{ returnAll: true },
			);
			const found = assigned.find((entry) => {
				const category = isPlainObject(entry.category) ? entry.category : entry;
				return String(category.id) === categoryId;
			});
			return found ? { root: ASSIGNMENT_ROOT, data: found } : undefined;
		};
		let answer: Decoded | undefined;
		try {
			answer = await run.service.request({
				method: 'POST',
				path: `${path}/assignedCategories`,
				body: { [ASSIGNMENT_ROOT]: { category: { id: Number(categoryId) } } },
				recover,
				itemIndex,
			});
		} catch (error) {
			throw undocumentedRequestRefusal(
				this.getNode(),
				error,
				`POST .../motives/${motiveId}/assignedCategories with ${ASSIGNMENT_ROOT}{category{id}}`,
				itemIndex,
			);
		}
		return [{ json: { motiveId: Number(motiveId), ...recordOf(answer) } }];
	},
};
