/**
 * Motive → Set Localization: adds or replaces a motive's name and description in one language.
 * Setting a language again replaces it, so a repeat is sent again safely.
 */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { Decoded } from '../../../shared/codec';
import { InputError, undocumentedRequestRefusal } from '../../../shared/errors';
import { languageOf } from '../common/language';
import { idParameter } from '../common/scope';
import type { OperationDefinition } from '../types';
import { motiveIdField, motivePath } from './fields';
import type { RunScope } from '../runScope';
import { recordOf } from '../../../shared/codec';

/**
 * The contract names the localizations relation but not the body of a translation. The root is
 * the entity its filter names (`motiveLocalizedFilter` filters `motiveLocalized` records), and the
 * language is `langId`, the name the contract's Creator snippet gives it, in the form the
 * products' localizations carry it: the numeric ID or the code (common/language.ts).
 */
const LOCALIZATION_ROOT = 'motiveLocalized';

export const setLocalizationOperation: OperationDefinition = {
	option: {
		name: 'Set Localization',
		value: 'setLocalization',
		action: 'Set the translation of a motive',
		description: 'Add or replace the name and description of a motive in one language',
	},
	fields: [
		motiveIdField,
		{
			displayName: 'Language Name or ID',
			name: 'langId',
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getLanguages', loadOptionsDependsOn: ['shop.value'] },
			allowArbitraryValues: true,
			default: '',
			required: true,
			description:
				'The language of this translation, as the shop\'s products list their translations: a language ID such as 2, or a language code such as de or en-GB where the service keys languages by code. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
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
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const path = await motivePath(run, itemIndex);
		const langId = languageOf(run.parameter('langId', itemIndex, ''));
		const name = String(run.parameter('name', itemIndex, '')).trim();
		const description = String(run.parameter('description', itemIndex, '') ?? '');
		if (langId === undefined) {
			throw new InputError(
				'choose a Language',
				"Choose the language from the list, or give the service's language ID or language code.",
			);
		}
		if (!name) {
			throw new InputError('Name is empty', 'Enter the motive name in this language.');
		}
		const motiveId = Number(idParameter(run, 'motiveId', 'Motive ID', itemIndex));
		let answer: Decoded | undefined;
		try {
			// Setting the same language again replaces the translation, so a repeat is harmless.
			answer = await run.service.request({
				method: 'POST',
				path: `${path}/localizations`,
				body: {
					[LOCALIZATION_ROOT]: {
						langId,
						name,
						...(description ? { description } : {}),
					},
				},
				idempotent: true,
				itemIndex,
			});
		} catch (error) {
			throw undocumentedRequestRefusal(
				this.getNode(),
				error,
				`POST .../motives/${motiveId}/localizations with ${LOCALIZATION_ROOT}{langId, name, description}`,
				itemIndex,
			);
		}
		return [{ json: { motiveId, ...recordOf(answer) } }];
	},
};
