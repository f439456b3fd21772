/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- tests run on Node, never shipped */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import {
	SECRET_BYTES,
	computeSignature,
	generateSecret,
	signatureKey,
	verifySignature,
} from '../../nodes/shared/signature';

/**
 * Vectors written from the contract's text ("the key is the lowercase hexadecimal SHA-256 digest
 * of the subscription's secret (UTF-8), used as the HMAC-SHA256 key; the message is the raw
 * request body bytes; the header value is the standard Base64 of the result, trimmed"), computed
 * with the openssl command line, not with Node:
 *   key=$(printf '%s' SECRET | openssl dgst -sha256 -hex | awk '{print $2}')
 *   printf '%s' BODY | openssl dgst -sha256 -hmac "$key" -binary | base64
 */
const OPENSSL_VECTORS = [
	{
		word: 'whsec-n8n-trigger',
		body: '{"productionOrderExpanded":{"id":10001,"uniqueId":"N8N-1","fulfilmentStatus":"FINISHED"}}',
		digestOfWord: 'aea5d6282de7291c7a011ff917b0af6884e3f41f8846fa2c8278b77d45da81ee',
		signature: 'nAasD0Re10m45Qj4C0sqfNKwfSA41ROBkbRuZwyhG38=',
	},
	{
		word: 'ä',
		body: '<productionOrderSplitted><orderId>7</orderId></productionOrderSplitted>',
		digestOfWord: '33e6d73fee82904c8d7afb78de1154d1e8dc2a0edb08120e63df5b9385c2d9cc',
		signature: 'Tta0XdjKeJa8Ee3iMFx1Yzpy0T0XNguISPdPGwLJgco=',
	},
];

interface SharedVector {
	secret: string;
	bodyUtf8: string;
	keyHex: string;
	'x-platform-hmac-sha256': string;
}

const shared: SharedVector[] = JSON.parse(
	readFileSync(join(__dirname, '..', '..', 'docs', 'service', 'signature-vectors.json'), 'utf8'),
).vectors;

describe('webhook signature', () => {
	test.each(OPENSSL_VECTORS)('matches the openssl vector for secret %#', (vector) => {
		const body = Buffer.from(vector.body, 'utf8');
		expect(signatureKey(vector.word)).toBe(vector.digestOfWord);
		expect(computeSignature(vector.word, body)).toBe(vector.signature);
		expect(verifySignature(vector.word, body, vector.signature)).toBe(true);
	});

	test('matches every vector of the specification (docs/service/signature-vectors.json)', () => {
		expect(shared.length).toBeGreaterThanOrEqual(4);
		for (const vector of shared) {
			const body = Buffer.from(vector.bodyUtf8, 'utf8');
			expect(signatureKey(vector.secret)).toBe(vector.keyHex);
			expect(computeSignature(vector.secret, body)).toBe(vector['x-platform-hmac-sha256']);
			expect(verifySignature(vector.secret, body, vector['x-platform-hmac-sha256'])).toBe(true);
		}
	});

	test('signs bytes, not text: a body that is not valid UTF-8 verifies only as sent', () => {
		const body = Buffer.from([0x7b, 0xff, 0xfe, 0x7d]);
		const signature = computeSignature('k', body);
		expect(verifySignature('k', body, signature)).toBe(true);
		// Round-tripping through a string replaces the invalid bytes and breaks the signature.
		expect(verifySignature('k', Buffer.from(body.toString('utf8'), 'utf8'), signature)).toBe(false);
	});

	test('rejects a tampered body, a wrong secret, a missing or malformed header', () => {
		const [vector] = OPENSSL_VECTORS;
		const body = Buffer.from(vector.body, 'utf8');
		const tampered = Buffer.from(vector.body.replace('10001', '10002'), 'utf8');
		expect(verifySignature(vector.word, tampered, vector.signature)).toBe(false);
		expect(verifySignature('another-secret', body, vector.signature)).toBe(false);
		expect(verifySignature(vector.word, body, undefined)).toBe(false);
		expect(verifySignature(vector.word, body, '')).toBe(false);
		expect(verifySignature(vector.word, body, 'short')).toBe(false);
		expect(verifySignature(vector.word, body, vector.signature.toLowerCase())).toBe(false);
		// The HMAC keyed with the raw secret (a common mistake) is not the contract's signature.
		const rawKeyed = createHmac('sha256', vector.word).update(body).digest('base64');
		expect(verifySignature(vector.word, body, rawKeyed)).toBe(false);
	});

	test('tolerates surrounding whitespace and a repeated header', () => {
		const [vector] = OPENSSL_VECTORS;
		const body = Buffer.from(vector.body, 'utf8');
		expect(verifySignature(vector.word, body, `  ${vector.signature}\n`)).toBe(true);
		expect(verifySignature(vector.word, body, [vector.signature, 'x'])).toBe(true);
	});

	test('generates 32-byte random secrets', () => {
		const a = generateSecret();
		const b = generateSecret();
		expect(a).toMatch(new RegExp(`^[0-9a-f]{${SECRET_BYTES * 2}}$`));
		expect(a).not.toBe(b);
	});
});
