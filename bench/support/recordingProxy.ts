/* eslint-disable @n8n/community-nodes/no-restricted-imports -- a benchmark run on Node, never shipped */
/**
 * A pass-through HTTP proxy in front of the sandbox that keeps the bodies of the requests it is
 * told to keep: how a benchmark learns exactly what the node sends (its deferred-order bodies)
 * without building them itself. Used only in untimed runs. Every request goes on to the sandbox
 * as it came; every answer comes back with the sandbox's address in its links replaced by the
 * proxy's, so that a client following `next` links stays on the proxy (the node follows links
 * only to its own base URL).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

import { request } from 'undici';

export interface RecordedRequest {
	method: string;
	/** The path and query, as the client sent it. */
	path: string;
	body: Buffer;
}

export interface RecordingProxy {
	/** The proxy's origin (`http://127.0.0.1:<port>`). */
	origin: string;
	/** `baseUrl` with the sandbox's origin replaced by the proxy's. */
	via(baseUrl: string): string;
	/** The kept requests since the last `clear`, in the order they arrived. */
	recorded: RecordedRequest[];
	clear(): void;
	close(): Promise<void>;
}

const HOP_BY_HOP = new Set([
	'connection',
	'keep-alive',
	'transfer-encoding',
	'upgrade',
	'host',
	'content-length',
]);

async function bodyOf(message: IncomingMessage): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of message) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks);
}

/** Starts a proxy to `targetOrigin` that keeps the requests `keep` selects. */
export async function startRecordingProxy(
	targetOrigin: string,
	keep: (method: string, path: string) => boolean,
): Promise<RecordingProxy> {
	let origin = '';
	const recorded: RecordedRequest[] = [];
	const server = createServer((incoming, outgoing) => {
		void (async () => {
			const method = incoming.method ?? 'GET';
			const path = incoming.url ?? '/';
			const body = await bodyOf(incoming);
			if (keep(method, path)) recorded.push({ method, path, body });
			const headers: Record<string, string> = {};
			for (const [name, value] of Object.entries(incoming.headers)) {
				if (value !== undefined && !HOP_BY_HOP.has(name))
					headers[name] = Array.isArray(value) ? value.join(', ') : value;
			}
			const answer = await request(`${targetOrigin}${path}`, {
				method: method as 'GET',
				headers,
				body: body.length ? body : undefined,
			});
			const text = Buffer.from(await answer.body.arrayBuffer())
				.toString('latin1')
				.replaceAll(targetOrigin, origin);
			const back: Record<string, string | string[]> = {};
			for (const [name, value] of Object.entries(answer.headers)) {
				if (value !== undefined && !HOP_BY_HOP.has(name)) back[name] = value;
			}
			outgoing.writeHead(answer.statusCode, back);
			outgoing.end(Buffer.from(text, 'latin1'));
		})().catch((error: unknown) => {
			outgoing.writeHead(502, { 'content-type': 'text/plain' });
			outgoing.end(String(error));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return {
		origin,
		via: (baseUrl) => baseUrl.replace(targetOrigin, origin),
		recorded,
		clear: () => {
			recorded.length = 0;
		},
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
