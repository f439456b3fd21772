/**
 * What n8n's HTTP helper threw, read once: status, headers, body text and network code, wherever
 * in its chain of wrapped errors they are.
 */

import { NodeApiError } from 'n8n-workflow';

import { isPlainObject } from './values';

/** Pull status, headers and body text out of whatever n8n's HTTP helper threw. */
export interface HttpFailure {
	status?: number;
	headers: Record<string, string>;
	bodyText: string;
	/** Network-level failure code such as ECONNRESET, when there was no response. */
	networkCode?: string;
	message: string;
}

export function httpFailureOf(thrown: unknown): HttpFailure {
	const seen = new Set<unknown>();
	let status: number | undefined;
	let headers: Record<string, string> = {};
	let body: unknown;
	let networkCode: string | undefined;
	let cursor: unknown = thrown;
	// n8n wraps the HTTP client's error (NodeApiError → cause → ...); walk the chain once.
	while (isPlainObjectLike(cursor) && !seen.has(cursor)) {
		seen.add(cursor);
		const level = cursor as Record<string, unknown>;
		const response = level.response as Record<string, unknown> | undefined;
		if (response && typeof response === 'object') {
			if (status === undefined && typeof response.status === 'number') status = response.status;
			if (status === undefined && typeof response.statusCode === 'number')
				status = response.statusCode;
			if (Object.keys(headers).length === 0 && isPlainObjectLike(response.headers)) {
				headers = lowerCaseHeaders(response.headers as Record<string, unknown>);
			}
			if (body === undefined) body = response.data ?? response.body;
		}
		if (
			networkCode === undefined &&
			typeof level.code === 'string' &&
			/^E[A-Z_]+$/.test(level.code)
		) {
			networkCode = level.code;
		}
		cursor = level.cause ?? level.error;
	}
	if (status === undefined && thrown instanceof NodeApiError && thrown.httpCode) {
		const parsed = Number(thrown.httpCode);
		if (Number.isFinite(parsed) && parsed >= 100) status = parsed;
	}
	return {
		status,
		headers,
		bodyText: bodyToText(body),
		networkCode,
		message: (thrown as Error)?.message ?? String(thrown),
	};
}

function isPlainObjectLike(value: unknown): value is object {
	return typeof value === 'object' && value !== null;
}

/** Header names in lower case; a repeated header's values joined by commas. */
export function lowerCaseHeaders(headers: Record<string, unknown>): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [key, value] of Object.entries(headers)) {
		out[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
	}
	return out;
}

function bodyToText(body: unknown): string {
	if (body === undefined || body === null) return '';
	if (typeof body === 'string') return body;
	if (Buffer.isBuffer(body)) return body.toString('utf8');
	if (body instanceof ArrayBuffer) return Buffer.from(body).toString('utf8');
	if (isPlainObject(body) || Array.isArray(body)) return JSON.stringify(body);
	return String(body);
}
