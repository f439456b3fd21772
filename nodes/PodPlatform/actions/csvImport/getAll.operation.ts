/**
 * CSV Import → Get Many: lists the shop's imports through the shared Get Many, with an import
 * filter.
 */

import { simplifyCsvImport } from '../common/simplify/settings';
import { getManyOperation } from '../common/list';
import { importsPath } from './fields';

export const getAllOperation = getManyOperation(
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many CSV imports',
		description: 'List the CSV imports of the shop',
	},
	{
		filterRoot: 'productionOrderCsvImportFilter',
		async path(itemIndex, run) {
			return await importsPath(run, itemIndex);
		},
		simplify: simplifyCsvImport,
	},
);
