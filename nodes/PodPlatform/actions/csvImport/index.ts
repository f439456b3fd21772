/**
 * The CSV Import resource: its operations in dropdown order, with Build CSV as the default.
 */

import type { ResourceDefinition } from '../types';
import { buildCsvOperation } from './buildCsv.operation';
import { getOperation } from './get.operation';
import { getAllOperation } from './getAll.operation';
import { getLinesOperation } from './getLines.operation';
import { uploadOperation } from './upload.operation';
import { validateCsvOperation } from './validateCsv.operation';

export const csvImportResource: ResourceDefinition = {
	name: 'CSV Import',
	value: 'csvImport',
	description: 'Many orders at once from a CSV file',
	needsShop: true,
	defaultOperation: 'buildCsv',
	operations: [
		buildCsvOperation,
		validateCsvOperation,
		uploadOperation,
		getOperation,
		getAllOperation,
		getLinesOperation,
	],
};
