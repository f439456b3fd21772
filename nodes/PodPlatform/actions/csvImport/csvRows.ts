/**
 * The data lines of an import file: each value against its column, the columns a line needs, and
 * the groups (order, design, composition) whose values the service reads from their first line.
 * Only each group's first values are kept, so memory grows with the groups, never with the rows.
 */

import type { CsvColumn, CsvFormat } from './csv';
import { COL, CSV_COLUMNS, CSV_HEADERS, PLACEMENT_COLUMNS } from './csv';
import { columnLabel as label, type ProblemLog } from './csvProblems';
import { valueCheckFor, type ValueCheck } from './csvValues';
import { POSITION_CENTRES, overfilledAxis, overfilledWords } from '../common/position';

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

/** The checks of a file's data lines, one line at a time, in file order. */
export class RowCheck {
	readonly orders = new Map<string, GroupSummary>();
	readonly designs = new Map<string, GroupSummary>();
	private readonly compositions = new Map<string, GroupSummary>();
	private readonly uniqueIds = new Map<string, { group: string; line: number }>();
	private readonly valueProblem: ValueCheck;

	constructor(
		private readonly format: CsvFormat,
		private readonly problems: ProblemLog,
	) {
		this.valueProblem = valueCheckFor(format);
	}

	check(record: string[], line: number): void {
		const { problems } = this;
		if (record.length !== CSV_HEADERS.length) {
			problems.report({
				line,
				message: `The line has ${record.length} values, the import needs exactly ${CSV_HEADERS.length}; a value holding "${this.format.delimiter}" must be quoted with ${this.format.quote}`,
			});
			return;
		}
		record.forEach((value, index) => {
			const problem = value === '' ? undefined : this.valueProblem(index, value);
			if (problem) problems.inColumn(line, index, value, problem);
		});
		REQUIRED_ON_LINE.forEach((index) => this.required(line, record, index));
		this.checkPlacement(record, line);

		const orderId = record[COL.orderGroupId];
		const designId = record[COL.designGroupId];
		const compositionId = record[COL.compositionGroupId];
		if (orderId === '') return;
		this.checkGroup(this.orders, orderId, line, record, ORDER_COLUMNS, 'order', () => {
			REQUIRED_ON_ORDER.forEach((index) => this.required(line, record, index));
			this.checkUniqueId(record, line, orderId);
		});
		if (designId === '') return;
		const designKey = orderId + JOIN + designId;
		this.checkGroup(this.designs, designKey, line, record, DESIGN_COLUMNS, 'design', () => {
			if (record[COL.designProductId] === '' && record[COL.designProductSku] === '') {
				problems.inColumn(
					line,
					COL.designProductId,
					'',
					`is required (or ${label(COL.designProductSku)}): the product of this design`,
				);
			}
			REQUIRED_ON_DESIGN.forEach((index) => this.required(line, record, index));
		});
		if (compositionId === '') return;
		this.checkGroup(
			this.compositions,
			designKey + JOIN + compositionId,
			line,
			record,
			COMPOSITION_COLUMNS,
			'composition',
			() => {
				if (record[COL.productAreaId] === '' && record[COL.productAreaName] === '') {
					problems.inColumn(
						line,
						COL.productAreaId,
						'',
						`is required (or ${label(COL.productAreaName)}): where this composition is printed`,
					);
				}
			},
		);
	}

	private required(line: number, record: string[], index: number): void {
		if (record[index] === '') {
			this.problems.inColumn(line, index, '', `is required: ${CSV_COLUMNS[index].required}`);
		}
	}

	/** A line's motive (by ID or by address, not both) and where it is placed. */
	private checkPlacement(record: string[], line: number): void {
		const { problems } = this;
		const motiveId = record[COL.elementMotiveId];
		const motiveUrl = record[COL.elementMotiveUrl];
		if (motiveId !== '' && motiveUrl !== '') {
			problems.inColumn(
				line,
				COL.elementMotiveUrl,
				motiveUrl,
				`give either ${label(COL.elementMotiveId)} or ${label(COL.elementMotiveUrl)}, not both`,
			);
		}
		const hasPosition = POSITION_COLUMNS.some((i) => record[i] !== '');
		if (hasPosition && motiveId === '' && motiveUrl === '') {
			problems.report({
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
			problems.inColumn(
				line,
				centre,
				record[centre],
				overfilledWords([label(first), label(second), label(centre)]),
			);
		}
		if ((motiveId !== '' || motiveUrl !== '') && record[COL.compositionGroupId] === '') {
			problems.inColumn(line, COL.compositionGroupId, '', 'is required on a line with a motive');
		}
	}

	/** Each order needs a Unique ID of its own. */
	private checkUniqueId(record: string[], line: number, orderId: string): void {
		const uniqueId = record[COL.uniqueId];
		if (uniqueId === '') return;
		const other = this.uniqueIds.get(uniqueId);
		if (other) {
			this.problems.inColumn(
				line,
				COL.uniqueId,
				uniqueId,
				`"${uniqueId}" is also the ${label(COL.uniqueId)} of order group "${other.group}" (line ${other.line}); each order needs its own`,
			);
		} else {
			this.uniqueIds.set(uniqueId, { group: orderId, line });
		}
	}

	/**
	 * The first row of a group sets its values; a later row may leave a value empty, but one it
	 * gives must be the same, since the service reads a group's values from its first row.
	 */
	private checkGroup(
		groups: Map<string, GroupSummary>,
		key: string,
		line: number,
		record: string[],
		columns: number[],
		noun: string,
		onFirst: () => void,
	): void {
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
			this.problems.inColumn(
				line,
				index,
				value,
				expected === ''
					? `"${value}" is given here but the ${noun}'s first line (${first.line}) leaves it empty; the service reads ${noun} values from that line`
					: `"${value}" differs from "${expected}" on line ${first.line} of the same ${noun}`,
			);
		});
	}
}
