/* eslint-disable @n8n/community-nodes/no-restricted-imports -- tests run on Node, never shipped */
/**
 * The tests' one client of the service, independent of the nodes (to set records up and to look
 * at what the service holds), a webhook receiver, and the request bodies tests send; all over
 * real HTTP.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';

import { deferredOrderBody, ORDERS, SERVICE_ADDRESS } from './deferredOrder';
import { SHOP_PATH } from './sandbox';
import type { Json } from './sandbox';

export type { Json } from './sandbox';

export interface HttpResult {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	contentType: string;
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
	const contentType = String(response.headers['content-type'] ?? '');
	if (contentType.includes('json') && text) json = JSON.parse(text);
	return { status: response.statusCode, headers: response.headers, contentType, text, bytes, json };
}

export function basic(login: string, password: string): string {
	return `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
}

/**
 * A caller of the service API: anonymous until `login`, or made with `as`, which logs in before
 * the first call.
 */
export class ServiceClient {
	token: string | null = null;

	constructor(
		readonly baseUrl: string,
		private readonly loginBeforeFirstCall?: string,
	) {}

	/** A client that calls with a session token it was given (a page's, a credential's). */
	static withSession(baseUrl: string, token: string): ServiceClient {
		const client = new ServiceClient(baseUrl);
		client.token = token;
		return client;
	}

	/** A client that logs in as `login` (password `<login>-password`) before its first call. */
	static as(baseUrl: string, login = 'demo'): ServiceClient {
		return new ServiceClient(baseUrl, login);
	}

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

	async call(method: string, path: string, options: CallOptions = {}): Promise<HttpResult> {
		if (this.token === null && this.loginBeforeFirstCall) {
			const answer = await this.login(this.loginBeforeFirstCall);
			if (answer.status !== 200) throw new Error(`login → ${answer.status} ${answer.text}`);
		}
		return await call(`${this.baseUrl}${path}`, method, { token: this.token, ...options });
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
/** A multipart/form-data body of one file part, for `ServiceClient.call`'s `raw` and `contentType`. */
export function multipartFile(
	content: string | Buffer,
	filename: string,
	{ field = 'file', type = 'application/octet-stream' } = {},
): { raw: Buffer; contentType: string } {
	const boundary = 'sandbox-test-boundary';
	return {
		raw: Buffer.concat([
			Buffer.from(
				`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
			),
			Buffer.isBuffer(content) ? content : Buffer.from(content),
			Buffer.from(`\r\n--${boundary}--\r\n`),
		]),
		contentType: `multipart/form-data; boundary=${boundary}`,
	};
}

export function list(value: unknown): Json[] {
	if (value === undefined || value === null || value === '') return [];
	return (Array.isArray(value) ? value : [value]) as Json[];
}

export function shippingAddress() {
	return { ...SERVICE_ADDRESS };
}

/** A valid deferred order body (test/support/deferredOrder.ts); `overrides` replace top-level fields. */
export function deferredOrder(overrides: Json = {}): Json {
	return deferredOrderBody(ORDERS.logo(`U-${Math.random().toString(36).slice(2, 10)}`, overrides));
}

/** Every webhook subscription of the sandbox's shop, as the service holds it. */
export async function subscriptionsOf(service: ServiceClient): Promise<Json[]> {
	const { json } = await service.get(`${SHOP_PATH}/webhooks?size=100`);
	return list(json.pagedData?.webhook);
}

/** Submit a deferred order to the sandbox's shop (see `deferredOrder`) and return its ID. */
export async function submitOrder(service: ServiceClient, overrides: Json = {}): Promise<number> {
	const { status, json } = await service.post(
		`${SHOP_PATH}/orders/usingCreatorSE`,
		deferredOrder(overrides),
	);
	if (status !== 200) throw new Error(`order submission → ${status} ${JSON.stringify(json)}`);
	return json.productionOrderSubmited.id;
}
