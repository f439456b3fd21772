import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { idParameter } from '../common/scope';
import type { OperationDefinition } from '../types';
import { motiveIdField, motivePath, recordOf } from './fields';

const LANGUAGE_CODE = /^[a-z]{2,3}(-[a-z]{2})?$/i;

export const setLocalization: OperationDefinition = {
	option: {
		name: 'Set Localization',
		value: 'setLocalization',
		action: 'Set the translation of a motive',
		description: 'Add or replace the name and description of a motive in one language',
	},
	fields: [
		motiveIdField,
		{
			displayName: 'Language',
			name: 'language',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. de',
			description: 'Two-letter language code (ISO 639-1) of the translation',
		},
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			required: true,
			description: 'The motive name in this language',
		},
		{
			displayName: 'Description',
			name: 'description',
			type: 'string',
			typeOptions: { rows: 3 },
			default: '',
			description: 'The motive description in this language',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
		const path = await motivePath(this, itemIndex);
		const language = String(this.getNodeParameter('language', itemIndex, ''))
			.trim()
			.toLowerCase();
		const name = String(this.getNodeParameter('name', itemIndex, '')).trim();
		const description = String(this.getNodeParameter('description', itemIndex, '') ?? '');
		if (!LANGUAGE_CODE.test(language)) {
			throw new NodeOperationError(
				this.getNode(),
				`Item ${itemIndex + 1}: Language must be a language code such as "de", got "${language}"`,
				{ itemIndex, description: 'Enter the two-letter ISO 639-1 code of the language.' },
			);
		}
		if (!name) {
			throw new NodeOperationError(this.getNode(), `Item ${itemIndex + 1}: Name is empty`, {
				itemIndex,
				description: 'Enter the motive name in this language.',
			});
		}
		// Setting the same language again replaces the translation, so a repeat is harmless.
		const answer = await apiRequest(this, {
			method: 'POST',
			path: `${path}/localizations`,
			body: { motiveLocalized: { language, name, ...(description ? { description } : {}) } },
			idempotent: true,
			itemIndex,
		});
		const motiveId = Number(idParameter(this, 'motiveId', 'Motive ID', itemIndex));
		return [{ json: { motiveId, ...recordOf(answer) } }];
	},
};
