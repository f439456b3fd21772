/**
 * CSV Import → Upload: checks an import file locally, sends it, and may wait for the service to
 * process it, returning every line's result. Never sent twice: a second upload would import every
 * order again.
 */

import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import type { PlainObject } from '../../../shared/values';
import { buildMultipart } from '../common/multipart';
import { csvFormPart, uploadQuery } from './csv';
import { validateCsv } from './csvValidate';
import type { OperationDefinition } from '../types';
import {
	binaryPropertyField,
	formatField,
	formatOf,
	importsPath,
	invalidFileError,
	quoteOption,
} from './fields';
import type { RunScope } from '../runScope';
import { recordOf } from '../../../shared/codec';

/** Polling while the service processes an import: quick at first, then calmer. */
export const POLL = { firstDelayMs: 500, maxDelayMs: 10_000 };

export const uploadOperation: OperationDefinition = {
	option: {
		name: 'Upload',
		value: 'upload',
		action: 'Upload a CSV import file',
		description:
			'Validate a CSV file of many orders, send it to the service, and optionally wait for the result',
	},
	fields: [
		binaryPropertyField,
		formatField,
		{
			displayName: 'Wait for Processing',
			name: 'waitForProcessing',
			type: 'boolean',
			default: true,
			description:
				'Whether to wait until the service has processed the file and return the result of every line, with how many lines there are and how many failed',
		},
		{
			displayName: 'Max Wait (Seconds)',
			name: 'maxWaitSeconds',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 3600 },
			default: 300,
			description:
				'How long to wait at most; if the service is not done by then, the import record is returned with waitTimedOut set, and Get Lines can fetch the result later',
			displayOptions: { show: { waitForProcessing: [true] } },
		},
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [
				{
					displayName: 'File Name',
					name: 'fileName',
					type: 'string',
					default: '',
					description: 'Name the import gets on the service; defaults to the binary file name',
				},
				quoteOption,
				{
					displayName: 'Validate Before Upload',
					name: 'validate',
					type: 'boolean',
					default: true,
					description:
						'Whether to check the file locally first and send nothing when it has problems',
				},
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
		const wait = run.parameter('waitForProcessing', itemIndex, true) as boolean;
		const options = run.parameter('options', itemIndex, {}) as {
			fileName?: string;
			validate?: boolean;
		};
		const binaryData = this.helpers.assertBinaryData(itemIndex, property);
		const data = await this.helpers.getBinaryDataBuffer(itemIndex, property);
		if (options.validate !== false) {
			const report = validateCsv(data, format, { maxProblems: 20 });
			if (!report.valid) throw invalidFileError(report, 'nothing was uploaded');
		}

		const fileName = options.fileName || binaryData.fileName || 'orders.csv';
		const body = buildMultipart([csvFormPart(data, fileName)]);
		const basePath = await importsPath(run, itemIndex);
		// Not idempotent: a second upload would import every order twice, so the transport does
		// not send it again when the outcome is unknown.
		const answer = await run.service.request({
			method: 'POST',
			path: basePath,
			qs: uploadQuery(format),
			raw: body,
			idempotent: false,
			itemIndex,
			timeoutMs: 300_000,
		});
		let record: PlainObject = recordOf(answer);
		if (!wait) return [{ json: record as IDataObject }];

		const maxWaitMs = (run.parameter('maxWaitSeconds', itemIndex, 300) as number) * 1000;
		const selfPath =
			linkOf(record, 'self') ?? `${basePath}/${encodeURIComponent(String(record.id))}`;
		const deadline = Date.now() + maxWaitMs;
		let delay = POLL.firstDelayMs;
		while (!isProcessed(record)) {
			const remaining = deadline - Date.now();
			if (remaining <= 0) return [{ json: { ...record, waitTimedOut: true } as IDataObject }];
			await sleep(Math.min(delay, remaining));
			delay = Math.min(delay * 2, POLL.maxDelayMs);
			record = ((await run.service.request({ method: 'GET', path: selfPath, itemIndex }))?.data ??
				record) as PlainObject;
		}
		const lines = await run.service.requestAllItems(
			{ method: 'GET', path: linkOf(record, 'lines') ?? `${selfPath}/lines`, itemIndex },
			{ returnAll: true },
		);
		return [{ json: { ...record, ...lineCounts(lines), lines } as IDataObject }];
	},
};

/**
 * How many lines the import has and how many failed, counted from the lines read: the field
 * notes' import record carries no counts (a service may add its own, which these replace with
 * the same numbers).
 */
function lineCounts(lines: PlainObject[]): { linesTotal: number; linesFailed: number } {
	const failed = lines.filter((line) => line.ok === false || line.ok === 'false').length;
	return { linesTotal: lines.length, linesFailed: failed };
}

function isProcessed(record: PlainObject): boolean {
	return record.processed === true || record.processed === 'true';
}

function linkOf(record: PlainObject, rel: string): string | undefined {
	const links = record.links as Record<string, string> | undefined;
	return links?.[rel] || undefined;
}
