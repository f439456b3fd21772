/* eslint-disable @n8n/community-nodes/no-restricted-imports -- tests run on Node, never shipped */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';

import type { Json } from '../support/sandbox';

/** Test helpers: an HTTP client for the service API and a webhook receiver, both over real HTTP. */

export type { Json } from '../support/sandbox';

export interface HttpResult {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	text: string;
	bytes: Buffer;
	json: Json;
}

export interface CallOptions {
	body?: unknown;
	/** Sent as is (string or bytes) with `contentType`. */
	raw?: string | Buffer;
	contentType?: string;
	accept?: string;
	token?: string | null;
	headers?: Record<string, string>;
}

async function call(url: string, method: string, options: CallOptions = {}): Promise<HttpResult> {
	const headers: Record<string, string> = { ...(options.headers ?? {}) };
	let body: string | Buffer | undefined;
	if (options.raw !== undefined) {
		body = options.raw;
		if (options.contentType) headers['content-type'] = options.contentType;
	} else if (options.body !== undefined) {
		body = JSON.stringify(options.body);
		headers['content-type'] = options.contentType ?? 'application/json';
	}
	if (options.accept) headers.accept = options.accept;
	if (options.token) headers['x-auth-token'] = options.token;
	const response = await request(url, { method: method as 'GET', headers, body });
	const bytes = Buffer.from(await response.body.arrayBuffer());
	const text = bytes.toString('utf8');
	let json: Json = {};
	const type = String(response.headers['content-type'] ?? '');
	if (type.includes('json') && text) json = JSON.parse(text);
	return { status: response.statusCode, headers: response.headers, text, bytes, json };
}

export function basic(login: string, password: string): string {
	return `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
}

/** A logged-in (or anonymous) caller of the service API. */
export class ServiceClient {
	token: string | null = null;

	constructor(readonly baseUrl: string) {}

	async login(
		login = 'demo',
		password = `${login}-password`,
		headers: Record<string, string> = {},
	): Promise<HttpResult> {
		const result = await call(`${this.baseUrl}/auth`, 'GET', {
			headers: { authorization: basic(login, password), ...headers },
		});
		if (result.status === 200) this.token = String(result.headers['x-auth-token']);
		return result;
	}

	call(method: string, path: string, options: CallOptions = {}): Promise<HttpResult> {
		return call(`${this.baseUrl}${path}`, method, { token: this.token, ...options });
	}

	get(path: string, options?: CallOptions) {
		return this.call('GET', path, options);
	}

	post(path: string, body?: unknown, options: CallOptions = {}) {
		return this.call('POST', path, { body, ...options });
	}

	put(path: string, body?: unknown, options: CallOptions = {}) {
		return this.call('PUT', path, { body, ...options });
	}

	delete(path: string, options?: CallOptions) {
		return this.call('DELETE', path, options);
	}
}

export interface ReceivedHook {
	path: string;
	headers: http.IncomingHttpHeaders;
	body: Buffer;
}

/** A local webhook receiver that records every request and answers `status` (default 200). */
export class Receiver {
	received: ReceivedHook[] = [];
	status = 200;
	private server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			this.received.push({
				path: req.url ?? '',
				headers: req.headers,
				body: Buffer.concat(chunks),
			});
			const headers =
				this.status >= 300 && this.status < 400 ? { location: 'http://127.0.0.1:1/' } : {};
			res.writeHead(this.status, headers);
			res.end('ok');
		});
	});
	url = '';

	async start(): Promise<this> {
		await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
		this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
		return this;
	}

	async close(): Promise<void> {
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}

	topics(): string[] {
		return this.received.map((r) => String(r.headers['x-platform-topic']));
	}
}

/** Reads a collection that may be an array, a single object or "" (the JSON quirks). */
export function list(value: unknown): Json[] {
	if (value === undefined || value === null || value === '') return [];
	return (Array.isArray(value) ? value : [value]) as Json[];
}

export function shippingAddress() {
	return { street: 'Hauptstraße', streetNo: '1', city: 'Berlin', zip: '10115', countryCode: 'DE' };
}

/** A valid deferred order body; `overrides` replace top-level fields. */
export function deferredOrder(overrides: Json = {}): Json {
	return {
		creatorse_productionOrderDeferred: {
			uniqueId: `U-${Math.random().toString(36).slice(2, 10)}`,
			financialStatus: 'PAID',
			country: { id: 1 },
			customer: {
				firstName: 'Ada',
				lastName: 'Lovelace',
				email: 'ada@example.com',
				shippingAddress: shippingAddress(),
			},
			orderShipping: { title: 'Standard', carrier: { id: 21 } },
			designs: {
				creatorse_design: [
					{
						productId: 1001,
						amount: 2,
						assignedColor: { id: 2001 },
						assignedSize: { id: 3002 },
						compositions: {
							creatorse_composition: [
								{
									productArea: { id: 4001 },
									elements: [
										{
											creatorse_designElementMotive: {
												motive: { id: 5001 },
												position: { left: 10, right: '10%' },
											},
										},
									],
								},
							],
						},
					},
				],
			},
			...overrides,
		},
	};
}
