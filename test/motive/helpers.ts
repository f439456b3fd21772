/* eslint-disable @n8n/community-nodes/no-restricted-imports -- tests run on Node, never shipped */
import { deflateSync } from 'node:zlib';
import type { INodeExecutionData } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { CredentialStore } from '../support/n8n';
import { sandboxCredentials } from '../support/sandbox';

/** Real image bytes, a binary input item, and a plain service read for the motive tests. */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
	let c = n;
	for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
	return c >>> 0;
});

function crc32(data: Buffer): number {
	let crc = 0xffffffff;
	for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
	return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
	const length = Buffer.alloc(4);
	length.writeUInt32BE(data.length);
	const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(body));
	return Buffer.concat([length, body, crc]);
}

/** A valid 2×2 RGB PNG. */
export function tinyPng(): Buffer {
	const header = Buffer.alloc(13);
	header.writeUInt32BE(2, 0);
	header.writeUInt32BE(2, 4);
	header[8] = 8; // bit depth
	header[9] = 2; // RGB
	const rows = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		chunk('IHDR', header),
		chunk('IDAT', deflateSync(rows)),
		chunk('IEND', Buffer.alloc(0)),
	]);
}

/** A minimal JPEG: SOI, JFIF APP0, a comment, EOI. */
export function tinyJpeg(): Buffer {
	const app0 = Buffer.from([
		0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01,
		0x00, 0x00,
	]);
	const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, 0x06]), Buffer.from('test')]);
	return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, comment, Buffer.from([0xff, 0xd9])]);
}

export function binaryItem(
	data: Buffer,
	fileName: string,
	mimeType: string,
	property = 'data',
): INodeExecutionData {
	return {
		json: { fileName },
		binary: { [property]: { data: data.toString('base64'), mimeType, fileName } },
	};
}

export function demoStore(sandbox: Sandbox, extra: Record<string, string> = {}): CredentialStore {
	return sandboxCredentials(sandbox, { accountId: '387', ...extra });
}
