import type { ResourceDefinition } from '../types';
import { buildCsv } from './buildCsv.operation';
import { get } from './get.operation';
import { getAll } from './getAll.operation';
import { getLines } from './getLines.operation';
import { upload } from './upload.operation';
import { validateCsv } from './validateCsv.operation';

export const csvImportResource: ResourceDefinition = {
	name: 'CSV Import',
	value: 'csvImport',
	description: 'Many orders at once from a CSV file',
	needsShop: true,
	defaultOperation: 'buildCsv',
	operations: { buildCsv, validateCsv, upload, get, getAll, getLines },
};
