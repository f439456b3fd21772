/**
 * CSV Import → Get: reads one import record: whether the service has processed it and whether it
 * failed, as the service's record says. The field notes' record carries no line counts (a service
 * may add them); the result of each line is Get Lines', and Upload with Wait for Processing counts
 * them.
 */

import { simplifyCsvImport } from '../common/simplify/settings';
import { getOneOperation } from '../common/getOne';
import { importIdField, importPath } from './fields';

export const getOperation = getOneOperation(
	{
		name: 'Get',
		value: 'get',
		action: 'Get a CSV import',
		description:
			'Get one CSV import: whether it is processed and whether it failed (Get Lines gives each line)',
	},
	{ fields: [importIdField], path: importPath, simplify: simplifyCsvImport },
);
