/**
 * Checks an import file locally, the way the service will read it, and reports every problem
 * with its line and column (the header in csvHeader.ts, the data lines in csvRows.ts). Records
 * are checked as the parser passes them and then dropped.
 */

import { parse } from 'csv-parse/sync';

import type { CsvFormat } from './csv';
import { csvFormat, formatLabel } from './csv';
import { checkHeader } from './csvHeader';
import { ProblemLog, type ProblemSummary } from './csvProblems';
import { RowCheck } from './csvRows';

export interface CsvReport extends ProblemSummary {
	valid: boolean;
	format: string;
	bom: boolean;
	/** Data rows (the header not counted). */
	rows: number;
	orders: number;
	designs: number;
	problemsTruncated: boolean;
}

export interface ValidateOptions {
	/** How many problems to list; all are counted. */
	maxProblems?: number;
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Thrown out of the parser when the header shows the file is separated by the other delimiter. */
const WRONG_SEPARATOR = new Error('wrong separator');

export function validateCsv(
	data: Buffer,
	format: CsvFormat = csvFormat('european'),
	options: ValidateOptions = {},
): CsvReport {
	const problems = new ProblemLog(options.maxProblems);
	const rowCheck = new RowCheck(format, problems);
	let headerSeen = false;
	let rowsUsable = true;
	let rows = 0;

	try {
		parse(data, {
			delimiter: format.delimiter,
			quote: format.quote,
			bom: true,
			relax_column_count: true,
			skip_empty_lines: true,
			on_record: (record: string[], context: { lines: number }) => {
				if (!headerSeen) {
					headerSeen = true;
					const verdict = checkHeader(record, context.lines, format, problems);
					// The rest of the file would only repeat this problem on every line.
					if (verdict === 'wrongSeparator') throw WRONG_SEPARATOR;
					rowsUsable = verdict === 'rowsUsable';
				} else {
					rows++;
					problems.currentRow = rows;
					if (rowsUsable) rowCheck.check(record, context.lines);
					problems.currentRow = 0;
				}
				// Nothing is kept: the parser collects no records.
				return undefined;
			},
		});
	} catch (error) {
		if (error !== WRONG_SEPARATOR) {
			const { lines, message } = error as { lines?: number; message: string };
			problems.report({
				line: lines ?? 0,
				message: `The file cannot be read as CSV from here on: ${message}`,
			});
		}
	}
	if (!headerSeen) problems.report({ line: 1, message: 'The file is empty' });
	else if (rows === 0 && problems.count === 0) {
		problems.report({ line: 2, message: 'The file has a header but no order lines' });
	}

	return {
		valid: problems.count === 0,
		format: formatLabel(format),
		bom: data.subarray(0, 3).equals(BOM),
		rows,
		orders: rowCheck.orders.size,
		designs: rowCheck.designs.size,
		problemCount: problems.count,
		problems: problems.listed,
		problemsTruncated: problems.count > problems.listed.length,
	};
}
