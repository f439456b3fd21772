/**
 * Motive → Upload Bitmap, and the upload itself, which Create From File reuses: a JPEG or PNG
 * from binary data sent to an existing motive. Sending it twice only replaces the bitmap.
 */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { buildMultipart } from '../common/multipart';
import type { Bitmap } from '../common/image';
import { bitmapFormPart, readBitmapFromBinary } from '../common/image';
import type { Decoded } from '../../../shared/codec';
import type { ServiceClient } from '../../../shared/transport';
import type { OperationDefinition } from '../types';
import { binaryPropertyField, motiveIdField, motivePath } from './fields';
import type { RunScope } from '../runScope';
import { recordOf } from '../../../shared/codec';

/**
 * Send a bitmap to `.../motives/{id}/bitmap` as multipart field `file`. The body is one Buffer so
 * a 401 re-login can send it again; sending the same file twice only replaces the bitmap.
 */
export async function sendBitmap(
	service: ServiceClient,
	path: string,
	bitmap: Bitmap,
	itemIndex: number,
): Promise<Decoded | undefined> {
	const raw = buildMultipart([bitmapFormPart(bitmap)]);
	return await service.request({
		method: 'POST',
		path: `${path}/bitmap`,
		raw,
		idempotent: true,
		itemIndex,
	});
}

export const uploadBitmapOperation: OperationDefinition = {
	option: {
		name: 'Upload Bitmap',
		value: 'uploadBitmap',
		action: 'Upload a bitmap to a motive',
		description: 'Upload a JPEG or PNG file from binary data to an existing motive',
	},
	fields: [motiveIdField, binaryPropertyField],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const path = await motivePath(run, itemIndex);
		const property = run.parameter('binaryPropertyName', itemIndex) as string;
		const bitmap = await readBitmapFromBinary(this, itemIndex, property);
		const answer = await sendBitmap(run.service, path, bitmap, itemIndex);
		// The contract shows no answer body; then the motive is read back to show its state.
		const record = answer
			? recordOf(answer)
			: recordOf(await run.service.request({ method: 'GET', path, itemIndex }));
		return [{ json: record }];
	},
};
