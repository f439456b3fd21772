/** Fields and paths the CSV import operations share. */

import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { idLocator } from '../common/locators';
import { InputError } from '../../../shared/errors';
import type { CsvFormat, CsvFormatName } from './csv';
import { csvFormat } from './csv';
import type { CsvProblem } from './csvProblems';
import type { CsvReport } from './csvValidate';
import { summariseProblems } from './csvProblems';
import { binaryPropertyField as binaryPropertyFieldOf } from '../common/fields';
import { idParameter, itemShopPath } from '../common/scope';
import type { RunScope } from '../runScope';

export const formatField: INodeProperties = {
	displayName: 'Format',
	name: 'format',
	type: 'options',
	default: 'european',
	options: [
		{
			name: 'European',
			value: 'european',
			description: 'Values separated by ";", decimals written with "," (the service default)',
		},
		{
			name: 'UK/US',
			value: 'ukUs',
			description: 'Values separated by ",", decimals written with "."',
		},
	],
};

export const quoteOption: INodeProperties = {
	displayName: 'Quote Character',
	name: 'quote',
	type: 'string',
	default: '"',
	description: 'The character that encloses values holding a separator, a quote or a line break',
};

export const binaryPropertyField = binaryPropertyFieldOf('CSV file');

/** The CSV import to read: the shop's imports newest first, or given by ID. */
export const importIdField: INodeProperties = idLocator({
	displayName: 'CSV Import',
	name: 'importId',
	searchListMethod: 'searchCsvImports',
	noun: 'CSV import',
	placeholderId: '401',
	urlSegment: 'orderCsvImport',
	description: 'The import, listed newest first by file name and day',
});

/** The chosen format; a quote character must be a single character. */
export function formatOf(run: RunScope, itemIndex: number): CsvFormat {
	const name = run.parameter('format', itemIndex, 'european') as CsvFormatName;
	const quote = String(run.parameter('options.quote', itemIndex, '"') ?? '"');
	const format = csvFormat(name, quote);
	if (quote.length !== 1 || quote === format.delimiter) {
		throw new InputError(
			`Quote Character must be one character other than "${format.delimiter}", got "${quote}"`,
			'Use " (the usual quote) unless the file was written with another one.',
		);
	}
	return format;
}

/** `.../shops/{shopId}/orderCsvImport`. */
export async function importsPath(run: RunScope, itemIndex: number): Promise<string> {
	return `${await itemShopPath(run, itemIndex)}/orderCsvImport`;
}

/** `.../orderCsvImport/{importId}` for the Import ID of this item. */
export async function importPath(run: RunScope, itemIndex: number): Promise<string> {
	const importId = idParameter(run, 'importId', 'Import ID', itemIndex);
	return `${await importsPath(run, itemIndex)}/${importId}`;
}

/** The validation report as item JSON. */
export function reportJson(report: CsvReport): IDataObject {
	return { ...report, problems: report.problems.map((problem) => ({ ...problem })) };
}

/** A failed validation as an error naming the first problems and how to see them all. */
export function invalidFileError(
	report: CsvReport,
	whatHappened: string,
	where?: (problem: CsvProblem) => string,
): InputError {
	const count = `${report.problemCount} problem${report.problemCount === 1 ? '' : 's'}`;
	return new InputError(
		`the CSV file has ${count}; ${whatHappened}`,
		`${summariseProblems(report, where)}\n\nFix these lines, or run CSV Import → Validate CSV for the full list with line and column of each problem.`,
	);
}
