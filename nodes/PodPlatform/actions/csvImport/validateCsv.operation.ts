/**
 * CSV Import → Validate CSV: checks an import file locally, without sending it, and passes the file
 * on with the report so a later Upload can send it.
 */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { validateCsv as validate } from './csvValidate';
import type { OperationDefinition } from '../types';
import type { RunScope } from '../runScope';
import { binaryPropertyField, formatField, formatOf, quoteOption, reportJson } from './fields';

export const validateCsvOperation: OperationDefinition = {
	option: {
		name: 'Validate CSV',
		value: 'validateCsv',
		action: 'Validate a CSV import file',
		description: 'Check a CSV file from binary data locally, without sending it',
	},
	needsShop: false,
	fields: [
		binaryPropertyField,
		formatField,
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [
				{
					displayName: 'Max Problems Listed',
					name: 'maxProblems',
					type: 'number',
					typeOptions: { minValue: 1 },
					default: 1000,
					description: 'How many problems to list; all of them are counted',
				},
				quoteOption,
			],
		},
	],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const property = run.parameter('binaryPropertyName', itemIndex) as string;
		const format = formatOf(run, itemIndex);
		const maxProblems = run.parameter('options.maxProblems', itemIndex, 1000) as number;
		this.helpers.assertBinaryData(itemIndex, property);
		const data = await this.helpers.getBinaryDataBuffer(itemIndex, property);
		const report = validate(data, format, { maxProblems });
		// The file travels on, so a following Upload (after an If on "valid") can send it.
		return [{ json: reportJson(report), binary: this.getInputData()[itemIndex].binary }];
	},
};
