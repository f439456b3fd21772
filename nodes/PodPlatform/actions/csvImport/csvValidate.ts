/**
 * Checks an import file locally, the way the service will read it, and reports every problem
 * with its line and column. Records are checked as the parser passes them and then dropped, so
 * memory grows with the number of order/design/composition groups, never with the rows.
 */

import { parse } from 'csv-parse/sync';

import type { CsvColumn, CsvFormat } from './csv';
import { isHttpUrl } from '../../../shared/values';
import {
	COL,
	CSV_COLUMNS,
	CSV_HEADERS,
	PLACEMENT_COLUMNS,
	csvFormat,
	formatLabel,
	isCountryCode,
} from './csv';
import { POSITION_CENTRES, overfilledAxis, overfilledWords } from '../common/position';

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

export interface CsvReport {
	valid: boolean;
	format: string;
	bom: boolean;
	/** Data rows (the header not counted). */
	rows: number;
	orders: number;
	designs: number;
	problemCount: number;
	/** The first problems, in file order; `problemCount` counts them all. */
	problems: CsvProblem[];
	problemsTruncated: boolean;
}

export interface ValidateOptions {
	/** How many problems to list; all are counted. */
	maxProblems?: number;
}

export const DEFAULT_MAX_PROBLEMS = 1000;

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Values that must agree across a group's rows, by level. */
const ORDER_COLUMNS = indexesOf('order');
const DESIGN_COLUMNS = indexesOf('design');
const COMPOSITION_COLUMNS = indexesOf('composition');
const REQUIRED_ON_LINE = requiredOf('line');
const REQUIRED_ON_ORDER = requiredOf('order');
const REQUIRED_ON_DESIGN = requiredOf('design');
const POSITION_COLUMNS = CSV_COLUMNS.map((c, i) =>
	c.kind === 'position' || c.kind === 'boolean' ? i : -1,
).filter((i) => i >= 0);

/**
 * The required columns checked on every line (the group ids), or on the first line of an order
 * or a design (that group's other required columns).
 */
function requiredOf(where: 'line' | 'order' | 'design'): number[] {
	return CSV_COLUMNS.map((c, i) => {
		if (c.required === undefined) return -1;
		const onEveryLine = c.kind === 'groupId';
		return (where === 'line' ? onEveryLine : !onEveryLine && c.level === where) ? i : -1;
	}).filter((i) => i >= 0);
}

function indexesOf(level: CsvColumn['level']): number[] {
	// Group ids name the group; they are its key, not one of the values that must agree.
	return CSV_COLUMNS.map((c, i) => (c.level === level && c.kind !== 'groupId' ? i : -1)).filter(
		(i) => i >= 0,
	);
}

/** The first row of a group: its line, and its group values joined into one compact string. */
interface GroupSummary {
	line: number;
	values: string;
}

const JOIN = '\u0001';

/** A column as every problem names it: its label, the name the column mapper shows. */
const label = (index: number) => CSV_COLUMNS[index].label;

const WRONG_SEPARATOR = new Error('wrong separator');

export function validateCsv(
	data: Buffer,
	format: CsvFormat = csvFormat('european'),
	options: ValidateOptions = {},
): CsvReport {
	const maxProblems = options.maxProblems ?? DEFAULT_MAX_PROBLEMS;
	const problems: CsvProblem[] = [];
	let problemCount = 0;
	let rows = 0;
	/** The data record being checked, 0 outside a record. */
	let currentRow = 0;
	const report = (problem: CsvProblem) => {
		problemCount++;
		if (problems.length < maxProblems) {
			problems.push(currentRow > 0 ? { ...problem, row: currentRow } : problem);
		}
	};
	const columnProblem = (line: number, index: number, value: string, message: string) =>
		report({
			line,
			column: CSV_HEADERS[index],
			columnNumber: index + 1,
			value,
			message: `${label(index)}: ${message}`,
		});

	const orders = new Map<string, GroupSummary>();
	const designs = new Map<string, GroupSummary>();
	const compositions = new Map<string, GroupSummary>();
	const uniqueIds = new Map<string, { group: string; line: number }>();
	let headerSeen = false;
	let rowsUsable = true;

	const numberPattern = new RegExp(`^\\d+(\\${format.decimal}\\d+)?$`);
	const positionPattern = new RegExp(`^-?\\d+(\\${format.decimal}\\d+)?%?$`);
	const otherDecimal = format.decimal === ',' ? '.' : ',';
	const otherNumberPattern = new RegExp(`^-?\\d+(\\${otherDecimal}\\d+)?%?$`);
	/** Why a number in the other format's decimal style is refused, when it is one. */
	const decimalHint = (value: string) =>
		otherNumberPattern.test(value)
			? `; this file's format writes decimals with "${format.decimal}"`
			: '';

	const checkHeader = (record: string[], line: number) => {
		const otherDelimiter = format.delimiter === ';' ? ',' : ';';
		if (record.length === 1 && record[0].split(otherDelimiter).length === CSV_HEADERS.length) {
			report({
				line,
				message: `The file separates values with "${otherDelimiter}", but the chosen format is ${formatLabel(format)}`,
			});
			// The rest of the file would only repeat this problem on every line.
			throw WRONG_SEPARATOR;
		}
		if (record.length !== CSV_HEADERS.length) {
			const found = new Set(record.map((h) => h.trim()));
			const missing = CSV_HEADERS.filter((h) => !found.has(h));
			const unexpected = record.filter((h) => !CSV_HEADERS.includes(h.trim()));
			report({
				line,
				message:
					`The header has ${record.length} columns, the import needs exactly ${CSV_HEADERS.length}` +
					(missing.length ? `; missing: ${missing.map((h) => `"${h}"`).join(', ')}` : '') +
					(unexpected.length
						? `; not expected: ${unexpected.map((h) => `"${h}"`).join(', ')}`
						: ''),
			});
			rowsUsable = false;
			return;
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
			report({
				line,
				column: expected,
				columnNumber: index + 1,
				value: found,
				message: `Column ${index + 1} must be headed "${expected}", found "${found}"${hint}`,
			});
		});
	};

	const checkValue = (line: number, index: number, value: string) => {
		const { kind } = CSV_COLUMNS[index];
		switch (kind) {
			case 'integer':
				if (!/^\d+$/.test(value) || /^0+$/.test(value)) {
					columnProblem(line, index, value, `must be a positive whole number, got "${value}"`);
				}
				break;
			case 'decimal':
				if (!numberPattern.test(value)) {
					columnProblem(
						line,
						index,
						value,
						`must be a number of at least 0 without thousands separators, got "${value}"${decimalHint(value)}`,
					);
				}
				break;
			case 'position':
				if (!positionPattern.test(value)) {
					columnProblem(
						line,
						index,
						value,
						`must be millimetres or a percentage such as "12${format.decimal}5" or "50%", got "${value}"${decimalHint(value)}`,
					);
				}
				break;
			case 'boolean':
				if (!/^(true|false)$/i.test(value)) {
					columnProblem(line, index, value, `must be true or false, got "${value}"`);
				}
				break;
			case 'countryCode':
				if (!isCountryCode(value)) {
					const hint = isCountryCode(value.toUpperCase())
						? `; write it in capitals: "${value.toUpperCase()}"`
						: '';
					columnProblem(
						line,
						index,
						value,
						`must be an ISO 3166-1 alpha-2 country code such as "DE", got "${value}"${hint}`,
					);
				}
				break;
			case 'email':
				if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
					columnProblem(line, index, value, `is not an e-mail address: "${value}"`);
				}
				break;
			case 'url':
				if (!isHttpUrl(value)) {
					columnProblem(line, index, value, `must be an http(s) address, got "${value}"`);
				}
				break;
			default:
				break;
		}
	};

	const required = (line: number, record: string[], index: number) => {
		if (record[index] === '') {
			columnProblem(line, index, '', `is required: ${CSV_COLUMNS[index].required}`);
		}
	};

	/**
	 * The first row of a group sets its values; a later row may leave a value empty, but one it
	 * gives must be the same, since the service reads a group's values from its first row.
	 */
	const checkGroup = (
		groups: Map<string, GroupSummary>,
		key: string,
		line: number,
		record: string[],
		columns: number[],
		noun: string,
		onFirst: () => void,
	) => {
		const values = columns.map((i) => record[i]).join(JOIN);
		const first = groups.get(key);
		if (!first) {
			groups.set(key, { line, values });
			onFirst();
			return;
		}
		if (first.values === values) return;
		const firstValues = first.values.split(JOIN);
		columns.forEach((index, position) => {
			const value = record[index];
			const expected = firstValues[position];
			if (value === '' || value === expected) return;
			columnProblem(
				line,
				index,
				value,
				expected === ''
					? `"${value}" is given here but the ${noun}'s first line (${first.line}) leaves it empty; the service reads ${noun} values from that line`
					: `"${value}" differs from "${expected}" on line ${first.line} of the same ${noun}`,
			);
		});
	};

	const checkRow = (record: string[], line: number) => {
		if (record.length !== CSV_HEADERS.length) {
			report({
				line,
				message: `The line has ${record.length} values, the import needs exactly ${CSV_HEADERS.length}; a value holding "${format.delimiter}" must be quoted with ${format.quote}`,
			});
			return;
		}
		record.forEach((value, index) => {
			if (value !== '') checkValue(line, index, value);
		});

		const orderId = record[COL.orderGroupId];
		const designId = record[COL.designGroupId];
		const compositionId = record[COL.compositionGroupId];
		REQUIRED_ON_LINE.forEach((index) => required(line, record, index));

		const motiveId = record[COL.elementMotiveId];
		const motiveUrl = record[COL.elementMotiveUrl];
		if (motiveId !== '' && motiveUrl !== '') {
			columnProblem(
				line,
				COL.elementMotiveUrl,
				motiveUrl,
				`give either ${label(COL.elementMotiveId)} or ${label(COL.elementMotiveUrl)}, not both`,
			);
		}
		const hasPosition = POSITION_COLUMNS.some((i) => record[i] !== '');
		if (hasPosition && motiveId === '' && motiveUrl === '') {
			report({
				line,
				column: CSV_HEADERS[COL.elementMotiveId],
				columnNumber: COL.elementMotiveId + 1,
				message: `A position is given but no ${label(COL.elementMotiveId)} or ${label(COL.elementMotiveUrl)} to place`,
			});
		}
		const overfilled = overfilledAxis((key) => {
			const value = record[PLACEMENT_COLUMNS[key]];
			// A centering column says true or false; false centers nothing.
			return (POSITION_CENTRES as readonly string[]).includes(key)
				? value.toLowerCase() === 'true'
				: value !== '';
		});
		if (overfilled) {
			const [first, second, centre] = overfilled.keys.map((key) => PLACEMENT_COLUMNS[key]);
			columnProblem(
				line,
				centre,
				record[centre],
				overfilledWords([label(first), label(second), label(centre)]),
			);
		}
		if ((motiveId !== '' || motiveUrl !== '') && compositionId === '') {
			columnProblem(line, COL.compositionGroupId, '', 'is required on a line with a motive');
		}
		if (orderId === '') return;

		checkGroup(orders, orderId, line, record, ORDER_COLUMNS, 'order', () => {
			REQUIRED_ON_ORDER.forEach((index) => required(line, record, index));
			const uniqueId = record[COL.uniqueId];
			if (uniqueId === '') return;
			const other = uniqueIds.get(uniqueId);
			if (other) {
				columnProblem(
					line,
					COL.uniqueId,
					uniqueId,
					`"${uniqueId}" is also the ${label(COL.uniqueId)} of order group "${other.group}" (line ${other.line}); each order needs its own`,
				);
			} else {
				uniqueIds.set(uniqueId, { group: orderId, line });
			}
		});
		if (designId === '') return;
		const designKey = orderId + JOIN + designId;
		checkGroup(designs, designKey, line, record, DESIGN_COLUMNS, 'design', () => {
			if (record[COL.designProductId] === '' && record[COL.designProductSku] === '') {
				columnProblem(
					line,
					COL.designProductId,
					'',
					`is required (or ${label(COL.designProductSku)}): the product of this design`,
				);
			}
			REQUIRED_ON_DESIGN.forEach((index) => required(line, record, index));
		});
		if (compositionId === '') return;
		checkGroup(
			compositions,
			designKey + JOIN + compositionId,
			line,
			record,
			COMPOSITION_COLUMNS,
			'composition',
			() => {
				if (record[COL.productAreaId] === '' && record[COL.productAreaName] === '') {
					columnProblem(
						line,
						COL.productAreaId,
						'',
						`is required (or ${label(COL.productAreaName)}): where this composition is printed`,
					);
				}
			},
		);
	};

	const bom = data.subarray(0, 3).equals(BOM);
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
					checkHeader(record, context.lines);
				} else {
					rows++;
					currentRow = rows;
					if (rowsUsable) checkRow(record, context.lines);
					currentRow = 0;
				}
				// Nothing is kept: the parser collects no records.
				return undefined;
			},
		});
	} catch (error) {
		if (error !== WRONG_SEPARATOR) {
			const { lines, message } = error as { lines?: number; message: string };
			report({
				line: lines ?? 0,
				message: `The file cannot be read as CSV from here on: ${message}`,
			});
		}
	}
	if (!headerSeen) report({ line: 1, message: 'The file is empty' });
	else if (rows === 0 && problemCount === 0) {
		report({ line: 2, message: 'The file has a header but no order lines' });
	}

	return {
		valid: problemCount === 0,
		format: formatLabel(format),
		bom,
		rows,
		orders: orders.size,
		designs: designs.size,
		problemCount,
		problems,
		problemsTruncated: problemCount > problems.length,
	};
}

/** A few problems as text, for an error message. */
export function summariseProblems(
	report: CsvReport,
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
