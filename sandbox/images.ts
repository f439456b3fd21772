/* eslint-disable @n8n/community-nodes/no-restricted-imports -- the sandbox is a Node server, never shipped */
/** Bitmap checks by magic bytes, and a small real PNG for mock-up and preview endpoints. */

import { deflateSync } from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function sniffImage(data: Buffer): 'image/png' | 'image/jpeg' | undefined {
	if (data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
	if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff)
		return 'image/jpeg';
	return undefined;
}

const CRC_TABLE = (() => {
	const table = new Uint32Array(256);
	for (let n = 0; n < 256; n++) {
		let c = n;
		for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
		table[n] = c >>> 0;
	}
	return table;
})();

function crc32(data: Buffer): number {
	let crc = 0xffffffff;
	for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
	return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
	const length = Buffer.alloc(4);
	length.writeUInt32BE(data.length);
	const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(typeAndData));
	return Buffer.concat([length, typeAndData, crc]);
}

/**
 * A solid-colour RGB PNG with a darker frame, `size` pixels square: enough to be a valid image
 * that viewers and image libraries open.
 */
export function tinyPng(rgb: [number, number, number], size = 64): Buffer {
	const header = Buffer.alloc(13);
	header.writeUInt32BE(size, 0);
	header.writeUInt32BE(size, 4);
	header[8] = 8; // bit depth
	header[9] = 2; // colour type: truecolour
	const rows: Buffer[] = [];
	for (let y = 0; y < size; y++) {
		const row = Buffer.alloc(1 + size * 3); // first byte: filter type 0
		for (let x = 0; x < size; x++) {
			const edge = x < 2 || y < 2 || x >= size - 2 || y >= size - 2;
			for (let i = 0; i < 3; i++) row[1 + x * 3 + i] = edge ? rgb[i] >> 1 : rgb[i];
		}
		rows.push(row);
	}
	return Buffer.concat([
		PNG_SIGNATURE,
		chunk('IHDR', header),
		chunk('IDAT', deflateSync(Buffer.concat(rows))),
		chunk('IEND', Buffer.alloc(0)),
	]);
}

export function hexToRgb(hex: string): [number, number, number] {
	const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
	return m ? [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)] : [200, 200, 200];
}
