/**
 * Bitmaps the service accepts (contract, Limits: JPEG and PNG), recognised by their content:
 * a file name or a MIME type says nothing about what the bytes are.
 */

import type { IExecuteFunctions } from 'n8n-workflow';

import { InputError } from '../../../shared/errors';
import type { MultipartPart } from './multipart';

export type BitmapKind = 'jpeg' | 'png';

export const BITMAP_MIME_TYPES: Record<BitmapKind, string> = {
	jpeg: 'image/jpeg',
	png: 'image/png',
};

const EXTENSIONS: Record<BitmapKind, string> = { jpeg: 'jpg', png: 'png' };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

/** Other kinds worth naming when a file is refused, so the user knows what they handed in. */
const OTHER_SIGNATURES: Array<{ kind: string; bytes: number[]; offset?: number }> = [
	{ kind: 'GIF image', bytes: [0x47, 0x49, 0x46, 0x38] },
	{ kind: 'WebP image', bytes: [0x57, 0x45, 0x42, 0x50], offset: 8 },
	{ kind: 'BMP image', bytes: [0x42, 0x4d] },
	{ kind: 'TIFF image', bytes: [0x49, 0x49, 0x2a, 0x00] },
	{ kind: 'TIFF image', bytes: [0x4d, 0x4d, 0x00, 0x2a] },
	{ kind: 'PDF document', bytes: [0x25, 0x50, 0x44, 0x46] },
	{ kind: 'ZIP archive', bytes: [0x50, 0x4b, 0x03, 0x04] },
	{ kind: 'HEIC/AVIF image', bytes: [0x66, 0x74, 0x79, 0x70], offset: 4 },
];

function startsWith(data: Uint8Array, bytes: number[], offset = 0): boolean {
	if (data.length < offset + bytes.length) return false;
	return bytes.every((byte, index) => data[offset + index] === byte);
}

/** JPEG or PNG by magic bytes, or undefined for anything else. */
export function detectBitmapKind(data: Uint8Array): BitmapKind | undefined {
	if (startsWith(data, PNG_SIGNATURE)) return 'png';
	if (startsWith(data, JPEG_SIGNATURE)) return 'jpeg';
	return undefined;
}

/** A short human description of what the bytes look like, for error messages. */
export function describeContent(data: Uint8Array): string {
	const bitmap = detectBitmapKind(data);
	if (bitmap) return bitmap === 'png' ? 'PNG image' : 'JPEG image';
	if (data.length === 0) return 'empty file';
	for (const { kind, bytes, offset } of OTHER_SIGNATURES) {
		if (startsWith(data, bytes, offset)) return kind;
	}
	const head = Buffer.from(data.subarray(0, 512)).toString('utf8').trimStart();
	if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) {
		return 'SVG drawing (vector, not a bitmap)';
	}
	return looksLikeText(head) ? 'text' : 'unknown binary content';
}

/** Decoded without replacement characters and without control characters other than whitespace. */
function looksLikeText(head: string): boolean {
	if (head.includes('\uFFFD')) return false;
	for (let index = 0; index < head.length; index++) {
		const code = head.charCodeAt(index);
		if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c) {
			return false;
		}
	}
	return true;
}

/** The multipart field the service reads an uploaded bitmap from (contract, Motives). */
export const BITMAP_FORM_FIELD = 'file';

/** The bitmap as the `file` part of a multipart upload. */
export function bitmapFormPart(bitmap: Bitmap): MultipartPart {
	return {
		name: BITMAP_FORM_FIELD,
		value: bitmap.data,
		fileName: bitmap.fileName,
		contentType: bitmap.mimeType,
	};
}

const EXTENSION_KINDS: Record<string, BitmapKind> = {
	jpg: 'jpeg',
	jpeg: 'jpeg',
	jpe: 'jpeg',
	png: 'png',
};

/**
 * The file name to send: the given one with an extension that matches the content (a JPEG named
 * .png is sent as .jpg), or a neutral name when none is given.
 */
export function bitmapFileName(fileName: string | undefined, kind: BitmapKind): string {
	const trimmed = (fileName ?? '').trim();
	if (!trimmed) return `motive.${EXTENSIONS[kind]}`;
	const match = /^(.*)\.([A-Za-z0-9]+)$/.exec(trimmed);
	if (match && EXTENSION_KINDS[match[2].toLowerCase()] === kind) return trimmed;
	const stem = match && EXTENSION_KINDS[match[2].toLowerCase()] ? match[1] : trimmed;
	return `${stem}.${EXTENSIONS[kind]}`;
}

export interface Bitmap {
	data: Buffer;
	kind: BitmapKind;
	mimeType: string;
	fileName: string;
}

/**
 * The JPEG or PNG of an input item's binary property. Anything else is refused before a request
 * is sent, naming the property (after `label`, where in the form it was asked for, if given) and
 * what the content was found to be.
 */
export async function readBitmapFromBinary(
	ctx: IExecuteFunctions,
	itemIndex: number,
	property: string,
	label?: string,
): Promise<Bitmap> {
	const binary = ctx.helpers.assertBinaryData(itemIndex, property);
	const data = await ctx.helpers.getBinaryDataBuffer(itemIndex, property);
	const kind = detectBitmapKind(data);
	const named = binary.fileName ? ` ("${binary.fileName}")` : '';
	if (!kind) {
		throw new InputError(
			`${label ? `${label}: ` : ''}the binary property "${property}"${named} is not a JPEG or PNG image; its content is ${describeContent(data)}`,
			'The service accepts JPEG and PNG bitmaps only, recognised by their content rather than the file name. Convert the file to PNG or JPEG first, or point Input Binary Field to the property that holds the image.',
		);
	}
	return {
		data,
		kind,
		mimeType: BITMAP_MIME_TYPES[kind],
		fileName: bitmapFileName(binary.fileName, kind),
	};
}

/** A JPEG or PNG given as base64 text (a data URL prefix is accepted), checked like a file. */
export function readBitmapFromBase64(text: string, fileName: string): Bitmap & { base64: string } {
	const base64 = text
		.trim()
		.replace(/^data:[^;,]*;base64,/i, '')
		.replace(/\s+/g, '');
	if (!base64 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(base64)) {
		throw new InputError(
			'Base64 Content is not base64 text',
			'Enter the file content encoded as base64 (a "data:image/png;base64," prefix is fine).',
		);
	}
	const data = Buffer.from(base64.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
	const kind = detectBitmapKind(data);
	if (!kind) {
		throw new InputError(
			`Base64 Content is not a JPEG or PNG image; its content is ${describeContent(data)}`,
			'The service accepts JPEG and PNG bitmaps only. Encode a PNG or JPEG file.',
		);
	}
	return {
		data,
		kind,
		mimeType: BITMAP_MIME_TYPES[kind],
		fileName: bitmapFileName(fileName, kind),
		base64: data.toString('base64'),
	};
}
