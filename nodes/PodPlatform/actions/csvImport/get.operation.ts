/**
 * CSV Import → Get: reads one import record: whether the service has processed it and how many
 * lines failed.
 */

import { simplifyCsvImport } from '../common/simplify/settings';
import { getOneOperation } from '../common/getOne';
import { importIdField, importPath } from './fields';

export const getOperation = getOneOperation(
	{
		name: 'Get',
		value: 'get',
		action: 'Get a CSV import',
		description: 'Get one CSV import: whether it is processed and how many lines failed',
	},
	{ fields: [importIdField], path: importPath, simplify: simplifyCsvImport },
);
