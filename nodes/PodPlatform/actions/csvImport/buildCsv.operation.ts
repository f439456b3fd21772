/**
 * CSV Import → Build CSV: turns all input items into one import file of many orders, checked as
 * Validate CSV checks it; a problem names the input item at fault. Nothing is sent to the service.
 */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { PlainObject } from '../../../shared/values';
import { InputError, nodeErrorOf } from '../../../shared/errors';
import type { CsvRow } from './csvBuild';
import { csvBuffer, rowFromLine, rowsFromOrder } from './csvBuild';
import { formatLabel } from './csv';
import { validateCsv } from './csvValidate';
import type { OperationDefinition } from '../types';
import type { RunScope } from '../runScope';
import { formatField, formatOf, invalidFileError, quoteOption } from './fields';

/**
 * All input items become one file, so the operation does its work for the first item and
 * returns nothing for the others; the file's item is paired with every input item.
 */
export const buildCsvOperation: OperationDefinition = {
	option: {
		name: 'Build CSV',
		value: 'buildCsv',
		action: 'Build a CSV import file',
		description: 'Turn the input items into one CSV file of many orders, as binary data',
	},
	needsShop: false,
	fields: [
		{
			displayName: 'Input',
			name: 'inputMode',
			type: 'options',
			default: 'order',
			options: [
				{
					name: 'One Item per Order',
					value: 'order',
					description:
						'Each item is an order: its country, shipping, customer and designs (with compositions and elements)',
				},
				{
					name: 'One Item per Line',
					value: 'line',
					description:
						'Each item is one line of the file: map its columns below, or let the item name them by header or camelCase, for example "design amount" or "designAmount"',
				},
			],
		},
		{
			displayName: 'Columns',
			name: 'columns',
			type: 'resourceMapper',
			noDataExpression: true,
			// n8n's column mapper shows no description per column: the README's table says what each holds.
			description:
				'The import file\'s 54 columns by their labels; what each holds: <a href="https://github.com/pod-platform/n8n-nodes-pod-platform#the-import-files-columns">the column table</a>',
			// Map Automatically reads each item by column header or camelCase name, so items already
			// named like the columns need no mapping.
			default: { mappingMode: 'autoMapInputData', value: null },
			required: true,
			typeOptions: {
				resourceMapper: {
					resourceMapperMethod: 'getCsvColumns',
					mode: 'add',
					fieldWords: { singular: 'column', plural: 'columns' },
					addAllFields: false,
					multiKeyMatch: false,
					supportAutoMap: true,
				},
			},
			displayOptions: { show: { inputMode: ['line'] } },
		},
		{
			displayName:
				'Each input item becomes one order of the file, with a line for each of its products; give every order its own order number (uniqueId). Write prices with a dot (12.50): the file gets the separators of the chosen format.',
			name: 'orderNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { inputMode: ['order'] } },
		},
		formatField,
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [
				{
					displayName: 'Add Byte Order Mark',
					name: 'bom',
					type: 'boolean',
					default: false,
					description:
						'Whether to start the file with a UTF-8 byte order mark, which helps spreadsheet programs read accents',
				},
				{
					displayName: 'File Name',
					name: 'fileName',
					type: 'string',
					default: 'orders.csv',
				},
				{
					displayName: 'Ignore Unknown Fields',
					name: 'ignoreUnknown',
					type: 'boolean',
					default: false,
					description:
						'Whether to skip item fields that name no column (one item per line, mapped automatically); otherwise they stop the run, which catches misspelt names',
				},
				{
					displayName: 'Output Binary Field',
					name: 'binaryPropertyName',
					type: 'string',
					default: 'data',
				},
				quoteOption,
				{
					displayName: 'Validate',
					name: 'validate',
					type: 'boolean',
					default: true,
					description:
						'Whether to check the built file as Validate CSV does and stop on problems, naming the item',
				},
			],
		},
	],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		if (itemIndex !== 0) return [];
		const items = this.getInputData();
		const mode = run.parameter('inputMode', 0) as 'order' | 'line';
		const format = formatOf(run, 0);
		const options = run.parameter('options', 0, {}) as {
			bom?: boolean;
			fileName?: string;
			ignoreUnknown?: boolean;
			binaryPropertyName?: string;
			validate?: boolean;
		};

		const mapped =
			mode === 'line' &&
			run.parameter<string>('columns.mappingMode', 0, 'autoMapInputData') === 'defineBelow';

		const rows: CsvRow[] = [];
		/** The input item of each data row, to name it when a row has a problem. */
		const rowItems: number[] = [];
		const groupItems = new Map<string, number>();
		items.forEach((item, index) => {
			const json = item.json as PlainObject;
			try {
				if (mode === 'line') {
					// Mapped values are keyed by the columns' camelCase names, so none is unknown. They
					// are checked as the file's values, so a problem names the column by its label.
					const line = mapped
						? ((run.parameter('columns.value', index, null, {
								skipValidation: true,
							}) as PlainObject | null) ?? {})
						: json;
					rows.push(rowFromLine(line, format, options.ignoreUnknown === true));
					rowItems.push(index);
					return;
				}
				const groupId = orderGroupIdOf(json, index);
				const earlier = groupItems.get(groupId);
				if (earlier !== undefined) {
					throw new InputError(
						`Order Group ID "${groupId}" is already used by item ${earlier + 1}`,
						'Each order needs its own uniqueId or orderGroupId; otherwise the service merges them into one order.',
						'orderGroupId',
					);
				}
				groupItems.set(groupId, index);
				for (const row of rowsFromOrder(json, groupId, format)) {
					rows.push(row);
					rowItems.push(index);
				}
			} catch (error) {
				// The whole run is one file: the item at fault is this input item, not the first.
				throw nodeErrorOf(this.getNode(), error, index);
			}
		});

		const data = csvBuffer(rows, format, options.bom === true);
		const report = validateCsv(data, format, { maxProblems: 20 });
		if (options.validate !== false && !report.valid) {
			const firstRow = report.problems.find((p) => p.row !== undefined)?.row;
			const culprit = firstRow === undefined ? 0 : rowItems[firstRow - 1];
			const invalid = invalidFileError(report, 'no file was built', (problem) =>
				problem.row === undefined
					? `line ${problem.line}`
					: `item ${rowItems[problem.row - 1] + 1}`,
			);
			throw nodeErrorOf(this.getNode(), invalid, culprit);
		}

		const fileName = options.fileName || 'orders.csv';
		const binary = await this.helpers.prepareBinaryData(data, fileName, 'text/csv');
		return [
			{
				json: {
					fileName,
					format: formatLabel(format),
					bom: options.bom === true,
					rows: rows.length,
					orders: report.orders,
					designs: report.designs,
					valid: report.valid,
					problemCount: report.problemCount,
				},
				binary: { [options.binaryPropertyName || 'data']: binary },
				pairedItem: items.map((_, index) => ({ item: index })),
			},
		];
	},
};

function orderGroupIdOf(json: PlainObject, index: number): string {
	for (const key of ['orderGroupId', 'order group id', 'uniqueId']) {
		const value = json[key];
		if (typeof value === 'string' || typeof value === 'number') {
			if (String(value).trim() !== '') return String(value);
		}
	}
	return String(index + 1);
}
