/**
 * User Motive → Upload: adds a JPEG or PNG to the customer's library from binary data, a URL the
 * service downloads, or base64 text. Each upload adds a motive, so one whose outcome is unknown is
 * not sent again.
 */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { InputError } from '../../../shared/errors';
import { buildMultipart } from '../common/multipart';
import { bitmapFormPart, readBitmapFromBase64, readBitmapFromBinary } from '../common/image';
import type { RequestSpec } from '../../../shared/send';
import { isHttpUrl } from '../../../shared/values';
import { binaryPropertyField } from '../common/fields';
import type { OperationDefinition } from '../types';
import { userMotiveJson, userMotivesPath } from './fields';
import type { RunScope } from '../runScope';

type Source = 'binary' | 'url' | 'base64';

const fileNameField = {
	displayName: 'File Name',
	name: 'fileName',
	type: 'string' as const,
	default: '',
	placeholder: 'e.g. logo.png',
};

export const uploadOperation: OperationDefinition = {
	option: {
		name: 'Upload',
		value: 'upload',
		action: 'Upload a user motive',
		description:
			'Add a JPEG or PNG to the customer’s library from binary data, a URL or base64 text',
	},
	fields: [
		{
			displayName: 'Source',
			name: 'source',
			type: 'options',
			default: 'binary',
			options: [
				{ name: 'Binary Data', value: 'binary', description: 'A file from a previous node' },
				{
					name: 'URL',
					value: 'url',
					description: 'A public http(s) address the service downloads the image from',
				},
				{ name: 'Base64', value: 'base64', description: 'The file content as base64 text' },
			],
		},
		{
			...binaryPropertyField('JPEG or PNG file'),
			displayOptions: { show: { source: ['binary'] } },
		},
		{
			displayName: 'Image URL',
			name: 'url',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://example.com/artwork.png',
			displayOptions: { show: { source: ['url'] } },
		},
		{
			displayName: 'Base64 Content',
			name: 'base64',
			type: 'string',
			typeOptions: { rows: 4 },
			default: '',
			required: true,
			description: 'The JPEG or PNG file encoded as base64; a data URL prefix is accepted',
			displayOptions: { show: { source: ['base64'] } },
		},
		{
			...fileNameField,
			description: 'The file name the motive is stored under. Leave empty to take it from the URL.',
			displayOptions: { show: { source: ['url'] } },
		},
		{
			...fileNameField,
			description:
				'The file name the motive is stored under. Leave empty for motive.png or motive.jpg.',
			displayOptions: { show: { source: ['base64'] } },
		},
	],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const source = run.parameter('source', itemIndex) as Source;
		const request = await uploadRequest(this, run, itemIndex, source);
		const base = await userMotivesPath(run, itemIndex);
		// Each upload adds a motive, so an upload whose outcome is unknown is not sent twice.
		const answer = await run.service.request({
			...request,
			method: 'POST',
			path: `${base}/${request.path}`,
			itemIndex,
		});
		return [{ json: await userMotiveJson(this, answer) }];
	},
};

/** Validated request for the chosen source; the path is relative to the library. */
async function uploadRequest(
	ctx: IExecuteFunctions,
	run: RunScope,
	itemIndex: number,
	source: Source,
): Promise<Pick<RequestSpec, 'path' | 'body' | 'raw'>> {
	const fileName = String(run.parameter('fileName', itemIndex, '') ?? '').trim();
	if (source === 'binary') {
		const property = run.parameter('binaryPropertyName', itemIndex) as string;
		const bitmap = await readBitmapFromBinary(ctx, itemIndex, property);
		return {
			path: 'createFromMultipartForm',
			raw: buildMultipart([bitmapFormPart(bitmap)]),
		};
	}
	if (source === 'url') {
		const url = String(run.parameter('url', itemIndex, '') ?? '').trim();
		if (!isHttpUrl(url)) {
			throw new InputError(
				`Image URL must be an absolute http or https address, got "${url}"`,
				'Enter a public address such as https://example.com/artwork.png; the service downloads the image from it.',
			);
		}
		return {
			path: 'createFromData',
			body: { userMotiveUpload: { url, ...(fileName ? { filename: fileName } : {}) } },
		};
	}
	const text = String(run.parameter('base64', itemIndex, '') ?? '');
	const bitmap = readBitmapFromBase64(text, fileName);
	return {
		path: 'createFromData',
		body: { userMotiveUpload: { attachment: bitmap.base64, filename: bitmap.fileName } },
	};
}
