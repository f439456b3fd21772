/**
 * The problems a check of an import file finds: each with its line and, where it belongs to one
 * column, the column as the column mapper labels it. All are counted; the first ones are listed.
 */

import { CSV_COLUMNS, CSV_HEADERS } from './csv';

export interface CsvProblem {
	/** Physical line of the file; the header is line 1. */
	line: number;
	/** Data record number (1 = the first record after the header); differs from the line when values hold line breaks. */
	row?: number;
	/** The column's header, when the problem belongs to one column. */
	column?: string;
	/** 1-based position of that column. */
	columnNumber?: number;
	value?: string;
	message: string;
}

export const DEFAULT_MAX_PROBLEMS = 1000;

/** A column as every problem names it: its label, the name the column mapper shows. */
export const columnLabel = (index: number) => CSV_COLUMNS[index].label;

/** The problems of one check, in file order. */
export class ProblemLog {
	readonly listed: CsvProblem[] = [];
	count = 0;
	/** The data record being checked, 0 outside a record: each problem names it. */
	currentRow = 0;

	constructor(private readonly maxListed = DEFAULT_MAX_PROBLEMS) {}

	report(problem: CsvProblem): void {
		this.count++;
		if (this.listed.length < this.maxListed) {
			this.listed.push(this.currentRow > 0 ? { ...problem, row: this.currentRow } : problem);
		}
	}

	/** A problem of one value, named by its column's label. */
	inColumn(line: number, index: number, value: string, message: string): void {
		this.report({
			line,
			column: CSV_HEADERS[index],
			columnNumber: index + 1,
			value,
			message: `${columnLabel(index)}: ${message}`,
		});
	}
}

/** The listed problems of a check as they are given in a report. */
export interface ProblemSummary {
	problemCount: number;
	/** The first problems, in file order; `problemCount` counts them all. */
	problems: CsvProblem[];
}

/** A few problems as text, for an error message. */
export function summariseProblems(
	report: ProblemSummary,
	where: (problem: CsvProblem) => string = (problem) => `line ${problem.line}`,
	count = 5,
): string {
	const listed = report.problems
		.slice(0, count)
		.map((p) => `${where(p)}${p.columnNumber ? `, column ${p.columnNumber}` : ''}: ${p.message}`);
	const more = report.problemCount - listed.length;
	return (
		listed.join('\n') + (more > 0 ? `\n… and ${more} more problem${more === 1 ? '' : 's'}` : '')
	);
}
