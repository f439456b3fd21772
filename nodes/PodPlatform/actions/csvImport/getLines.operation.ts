/**
 * CSV Import → Get Lines: lists the result of every line of a processed import, with the order each
 * created.
 */

import { simplifyCsvImportLine } from '../common/simplify/settings';
import { getManyOperation } from '../common/list';
import { importIdField, importPath } from './fields';

export const getLinesOperation = getManyOperation(
	{
		name: 'Get Lines',
		value: 'getLines',
		action: 'Get the lines of a CSV import',
		description: 'List the result of every line of a processed CSV import, with the order created',
	},
	{
		extraFields: [importIdField],
		async path(itemIndex, run) {
			return `${await importPath(run, itemIndex)}/lines`;
		},
		simplify: simplifyCsvImportLine,
	},
);
