/**
 * The header line of an import file: the service reads columns by position, so each must carry
 * exactly its header; a file separated by the other format's delimiter is named as such at once.
 */

import type { CsvFormat } from './csv';
import { CSV_HEADERS, formatLabel } from './csv';
import type { ProblemLog } from './csvProblems';

/** What the header says of the lines below it. */
export type HeaderVerdict =
	/** Each column is where the service reads it (a header's own spelling may still be wrong). */
	| 'rowsUsable'
	/** The columns cannot be told apart: the rows are not checked. */
	| 'rowsUnusable'
	/** Every line would repeat the same problem: the check ends here. */
	| 'wrongSeparator';

export function checkHeader(
	record: string[],
	line: number,
	format: CsvFormat,
	problems: ProblemLog,
): HeaderVerdict {
	const otherDelimiter = format.delimiter === ';' ? ',' : ';';
	if (record.length === 1 && record[0].split(otherDelimiter).length === CSV_HEADERS.length) {
		problems.report({
			line,
			message: `The file separates values with "${otherDelimiter}", but the chosen format is ${formatLabel(format)}`,
		});
		return 'wrongSeparator';
	}
	if (record.length !== CSV_HEADERS.length) {
		const found = new Set(record.map((h) => h.trim()));
		const missing = CSV_HEADERS.filter((h) => !found.has(h));
		const unexpected = record.filter((h) => !CSV_HEADERS.includes(h.trim()));
		problems.report({
			line,
			message:
				`The header has ${record.length} columns, the import needs exactly ${CSV_HEADERS.length}` +
				(missing.length ? `; missing: ${missing.map((h) => `"${h}"`).join(', ')}` : '') +
				(unexpected.length ? `; not expected: ${unexpected.map((h) => `"${h}"`).join(', ')}` : ''),
		});
		return 'rowsUnusable';
	}
	record.forEach((found, index) => {
		const expected = CSV_HEADERS[index];
		if (found === expected) return;
		const hint =
			found.trim().toLowerCase() === expected.toLowerCase()
				? ' (same words, different capitals or spaces)'
				: CSV_HEADERS.includes(found.trim())
					? ` (that header belongs in column ${CSV_HEADERS.indexOf(found.trim()) + 1})`
					: '';
		problems.report({
			line,
			column: expected,
			columnNumber: index + 1,
			value: found,
			message: `Column ${index + 1} must be headed "${expected}", found "${found}"${hint}`,
		});
	});
	return 'rowsUsable';
}
