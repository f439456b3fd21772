/**
 * The webhook signature of the contract (Events, rule 3): the HMAC-SHA256 key is the lowercase
 * hexadecimal SHA-256 digest of the subscription's secret (UTF-8), the message is the raw body
 * bytes, and the header carries the standard Base64 of the result.
 */

import { createHash, createHmac, randomBytes, timingSafeEqual } from 'crypto';

/** Bytes of randomness in a generated subscription secret. */
export const SECRET_BYTES = 32;

/** A fresh subscription secret: 32 random bytes as 64 hexadecimal characters. */
export function generateSecret(): string {
	return randomBytes(SECRET_BYTES).toString('hex');
}

/** The HMAC key derived from a secret: its SHA-256 digest as lowercase hex text. */
export function signatureKey(secret: string): string {
	return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** The signature header value the service sends for a body. */
export function computeSignature(secret: string, body: Buffer): string {
	return createHmac('sha256', signatureKey(secret)).update(body).digest('base64').trim();
}

/**
 * Whether a signature header matches the body under the secret. The comparison takes the same
 * time wherever the first difference is, so the header cannot be guessed byte by byte.
 */
export function verifySignature(
	secret: string,
	body: Buffer,
	header: string | string[] | undefined,
): boolean {
	const received = (Array.isArray(header) ? header[0] : header)?.trim();
	if (!received) return false;
	const expected = Buffer.from(computeSignature(secret, body), 'utf8');
	const actual = Buffer.from(received, 'utf8');
	if (actual.length !== expected.length) return false;
	return timingSafeEqual(actual, expected);
}
