/**
 * Reading a multipart/form-data request body held in memory into its named parts, for the bitmap
 * and CSV upload endpoints.
 */

import { badRequest } from './errors';

export interface FormPart {
	name: string;
	filename?: string;
	contentType?: string;
	data: Buffer;
}

/** Parses a `multipart/form-data` body (RFC 7578) held in memory. */
export function parseMultipart(body: Buffer, contentType: string | undefined): FormPart[] {
	const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? '');
	if (!match) throw badRequest('multipart/form-data body without boundary');
	const boundary = Buffer.from(`--${match[1] ?? match[2].trim()}`);
	const parts: FormPart[] = [];
	let cursor = body.indexOf(boundary);
	if (cursor < 0) throw badRequest('Malformed multipart body', 'Boundary not found');
	for (;;) {
		cursor += boundary.length;
		// "--" after a boundary closes the body.
		if (body[cursor] === 0x2d && body[cursor + 1] === 0x2d) break;
		if (body[cursor] === 0x0d && body[cursor + 1] === 0x0a) cursor += 2;
		const headerEnd = body.indexOf('\r\n\r\n', cursor);
		if (headerEnd < 0) throw badRequest('Malformed multipart body', 'Part headers not terminated');
		const headers = body.subarray(cursor, headerEnd).toString('utf8');
		const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), boundary]), headerEnd + 4);
		if (next < 0) throw badRequest('Malformed multipart body', 'Closing boundary missing');
		const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? '';
		const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
		const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
		const partType = /content-type:\s*([^\r\n]*)/i.exec(headers)?.[1]?.trim();
		if (name !== undefined) {
			parts.push({
				name,
				filename,
				contentType: partType,
				data: body.subarray(headerEnd + 4, next),
			});
		}
		cursor = next + 2;
	}
	return parts;
}

export function isMultipart(contentType: string | undefined): boolean {
	return !!contentType && /^multipart\/form-data/i.test(contentType);
}
