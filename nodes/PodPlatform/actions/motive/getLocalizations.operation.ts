/**
 * Motive → Get Localizations: lists a motive's translations (language, name and description), the
 * ones Set Localization writes.
 */

import { getManyOperation } from '../common/list';
import { motiveIdField, motivePath } from './fields';

export const getLocalizationsOperation = getManyOperation(
	{
		name: 'Get Localizations',
		value: 'getLocalizations',
		action: 'Get the translations of a motive',
		description: 'List the name and description of a motive in every language it has',
	},
	{
		extraFields: [motiveIdField],
		async path(itemIndex, run) {
			return `${await motivePath(run, itemIndex)}/localizations`;
		},
	},
);
