/**
 * A multipart/form-data body built as one Buffer, so the transport can send it again after a 401
 * re-login (a FormData or stream body would be consumed by the first attempt).
 */

import { randomBytes } from 'crypto';

export interface MultipartPart {
	/** The form field name. */
	name: string;
	value: Buffer | string;
	/** Makes the part a file upload. */
	fileName?: string;
	/** Defaults to application/octet-stream for files; plain fields send none. */
	contentType?: string;
}

export interface MultipartBody {
	data: Buffer;
	/** The Content-Type header value, boundary included. */
	contentType: string;
}

/** Quoted-string rules of RFC 7578: quotes and line breaks may not appear raw in a name. */
function headerValue(text: string): string {
	return text.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function buildMultipart(parts: MultipartPart[]): MultipartBody {
	const values = parts.map((part) =>
		Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value, 'utf8'),
	);
	let boundary: string;
	do {
		boundary = `----PodPlatformBoundary${randomBytes(16).toString('hex')}`;
		// A random boundary is practically never inside the content, but checking costs one scan.
	} while (values.some((value) => value.includes(boundary)));

	const chunks: Buffer[] = [];
	parts.forEach((part, index) => {
		let head = `--${boundary}\r\nContent-Disposition: form-data; name="${headerValue(part.name)}"`;
		if (part.fileName !== undefined) head += `; filename="${headerValue(part.fileName)}"`;
		head += '\r\n';
		const contentType =
			part.contentType ?? (part.fileName !== undefined ? 'application/octet-stream' : undefined);
		if (contentType) head += `Content-Type: ${contentType}\r\n`;
		chunks.push(Buffer.from(`${head}\r\n`, 'utf8'), values[index], Buffer.from('\r\n', 'utf8'));
	});
	chunks.push(Buffer.from(`--${boundary}--\r\n`, 'utf8'));
	return {
		data: Buffer.concat(chunks),
		contentType: `multipart/form-data; boundary=${boundary}`,
	};
}
