/* eslint-disable @n8n/community-nodes/no-restricted-imports -- the sandbox is a Node server, never shipped */
/**
 * The sandbox's HTTP server on 127.0.0.1: the service under /webservices/rest and the control API
 * under /__sandbox, with body limits, media negotiation, injected faults and the request log
 * applied to every service request.
 */

import * as http from 'node:http';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';

import type { App } from './app';
import { tokenOf } from './auth';
import { registerCatalogRoutes } from './catalog';
import {
	decodeBody,
	encodeDoc,
	mediaTypeOf,
	responseMediaFor,
	type Doc,
	type MediaKind,
} from './codec';
import type { ControlContext, RequestLogEntry, ServiceContext } from './context';
import { buildControlRouter } from './control';
import { registerCreatorRoutes } from './creator';
import { registerCsvRoutes } from './csv';
import { ApiError, exceptionDoc } from './errors';
import type { Fault } from './faults';
import { registerFilterRoutes } from './filters';
import { registerMotiveRoutes } from './motives';
import type { KindOptions } from './options';
import { registerOrderRoutes } from './orders';
import { Router, type Reply } from './router';
import { registerSessionRoutes } from './session';
import { registerWebhookRoutes } from './webhooks';

export const SERVICE_PREFIX = '/webservices/rest';
export const CONTROL_PREFIX = '/__sandbox';

const MAX_BODY_BYTES = 30 * 1024 * 1024;

/** The service's routes; a route the contract does not list only with its option (`kind`). */
function buildServiceRouter(kind: KindOptions): Router<ServiceContext> {
	const router = new Router<ServiceContext>();
	registerSessionRoutes(router);
	registerCatalogRoutes(router, kind);
	registerMotiveRoutes(router, kind);
	registerOrderRoutes(router);
	registerFilterRoutes(router);
	registerCsvRoutes(router);
	registerWebhookRoutes(router);
	registerCreatorRoutes(router);
	return router;
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > MAX_BODY_BYTES) {
				reject(new ApiError(413, 'Request body too large', `Limit is ${MAX_BODY_BYTES} bytes`));
				req.destroy();
				return;
			}
			chunks.push(chunk);
		});
		req.on('end', () => resolve(Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

function errorReply(error: unknown): Reply {
	if (error instanceof ApiError) {
		return { status: error.status, doc: exceptionDoc(error), headers: error.headers };
	}
	const message = error instanceof Error ? error.message : String(error);
	return {
		status: 500,
		doc: exceptionDoc(new ApiError(500, 'Internal server error', message)),
	};
}

function guessContentType(body: string): string {
	const trimmed = body.trimStart();
	if (trimmed.startsWith('{') || trimmed.startsWith('[')) return 'application/json';
	if (/^<(!doctype )?html/i.test(trimmed)) return 'text/html';
	if (trimmed.startsWith('<')) return 'application/xml';
	return 'text/plain';
}

/** The answer an injected `status` fault gives instead of processing. */
function faultReply(fault: Fault): Reply {
	const status = fault.status ?? 503;
	const headers: Record<string, string> = {};
	if (fault.retryAfter !== undefined) headers['retry-after'] = String(fault.retryAfter);
	if (fault.body !== undefined) {
		return {
			status,
			headers,
			raw: { body: fault.body, contentType: guessContentType(fault.body) },
		};
	}
	const message = http.STATUS_CODES[status] ?? 'Injected fault';
	return {
		status,
		headers,
		doc: exceptionDoc(new ApiError(status, message, 'Injected by the sandbox fault table')),
	};
}

function writeReply(app: App, res: http.ServerResponse, reply: Reply, media: MediaKind): void {
	const headers: Record<string, string | string[]> = { ...(reply.headers ?? {}) };
	let body: Buffer | string | undefined;
	if (reply.status === 204) {
		body = undefined;
	} else if (reply.raw) {
		body = reply.raw.body;
		headers['content-type'] = reply.raw.contentType;
	} else if (reply.json !== undefined) {
		body = JSON.stringify(reply.json);
		headers['content-type'] = 'application/json; charset=utf-8';
	} else if (reply.doc) {
		body = encodeDoc(reply.doc as Doc, media, app.quirks);
		headers['content-type'] = `${mediaTypeOf(media)};charset=UTF-8`;
	}
	if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
	res.writeHead(reply.status, headers);
	res.end(body);
}

async function dispatch<C>(
	router: Router<C>,
	method: string,
	path: string,
	makeContext: (params: Record<string, string>) => C,
): Promise<Reply> {
	const lookup = router.lookup(method, path);
	if (lookup.kind === 'not-found') {
		return errorReply(new ApiError(404, 'Not Found', `No resource at ${path}`));
	}
	if (lookup.kind === 'wrong-method') {
		return errorReply(
			new ApiError(
				405,
				'Method Not Allowed',
				`${method} is not supported on ${path}`,
				{},
				{ allow: lookup.allowed.join(', ') },
			),
		);
	}
	try {
		return await lookup.handler(makeContext(lookup.params));
	} catch (error) {
		return errorReply(error);
	}
}

async function handleService(
	app: App,
	router: Router<ServiceContext>,
	req: http.IncomingMessage,
	res: http.ServerResponse,
	url: URL,
) {
	const method = (req.method ?? 'GET').toUpperCase();
	const path = url.pathname.slice(SERVICE_PREFIX.length) || '/';
	const media = responseMediaFor(req.headers.accept);
	app.stats.requests++;
	const entry: RequestLogEntry = {
		seq: app.requestLog.length + 1,
		method,
		path,
		query: Object.fromEntries(url.searchParams),
		contentType: req.headers['content-type'],
		accept: req.headers.accept,
		hasToken: !!tokenOf({ headers: req.headers }),
		status: 0,
		bodyBytes: 0,
		connection: connectionNumbers.get(req.socket) ?? 0,
		arrivedAtMs: Date.now(),
	};
	app.requestLog.push(entry);
	let rawBody: Buffer;
	try {
		rawBody = await readBody(req);
	} catch (error) {
		const reply = errorReply(error);
		entry.status = reply.status;
		writeReply(app, res, reply, media);
		return;
	}
	entry.bodyBytes = rawBody.length;

	const fault = app.faults.pick(method, path);
	if (fault) entry.fault = fault.kind;
	if (fault?.kind === 'reset') {
		req.socket.destroy();
		return;
	}
	if (fault?.kind === 'status') {
		const reply = faultReply(fault);
		entry.status = reply.status;
		writeReply(app, res, reply, media);
		return;
	}
	if (fault?.kind === 'latency') await app.scheduler.sleep(fault.latencyMs ?? 0);

	let decoded: Doc | undefined;
	const reply = await dispatch(router, method, path, (params) => ({
		sandbox: app,
		method,
		path,
		params,
		query: url.searchParams,
		headers: req.headers,
		rawBody,
		media,
		body: () => (decoded ??= decodeBody(rawBody, req.headers['content-type'])),
	}));
	entry.status = reply.status;
	if (fault?.kind === 'drop-after-processing') {
		// The request was fully processed; the client never hears about it.
		req.socket.destroy();
		return;
	}
	writeReply(app, res, reply, media);
}

async function handleControl(
	app: App,
	router: Router<ControlContext>,
	req: http.IncomingMessage,
	res: http.ServerResponse,
	url: URL,
) {
	const method = (req.method ?? 'GET').toUpperCase();
	const path = url.pathname.slice(CONTROL_PREFIX.length) || '/';
	let rawBody: Buffer;
	try {
		rawBody = await readBody(req);
	} catch (error) {
		writeReply(app, res, errorReply(error), 'json');
		return;
	}
	const reply = await dispatch(router, method, path, (params) => ({
		sandbox: app,
		reset: () => app.reset(),
		params,
		query: url.searchParams,
		body: () => {
			const text = rawBody.toString('utf8').trim();
			if (!text) return {};
			let parsed: unknown;
			let syntaxError: string | undefined;
			try {
				parsed = JSON.parse(text);
			} catch (error) {
				syntaxError = (error as Error).message;
			}
			if (syntaxError !== undefined) throw new ApiError(400, 'Malformed JSON body', syntaxError);
			if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
				throw new ApiError(400, 'Control bodies are JSON objects');
			}
			return parsed as Record<string, unknown>;
		},
	}));
	writeReply(app, res, reply, 'json');
}

/** The number `accept` gave each connection, for the request log. */
const connectionNumbers = new WeakMap<net.Socket, number>();

/** Numbers a new connection, waits out a connect-latency fault, then lets the HTTP server read it. */
async function accept(app: App, server: http.Server, socket: net.Socket): Promise<void> {
	connectionNumbers.set(socket, ++app.stats.connections);
	const fault = app.faults.pickConnection();
	if (fault) await app.scheduler.sleep(fault.latencyMs ?? 0);
	if (socket.destroyed) return;
	server.emit('connection', socket);
	socket.resume();
}

export interface RunningServer {
	server: http.Server;
	port: number;
	close(): Promise<void>;
}

/** Starts the HTTP server on 127.0.0.1 for the service (under /webservices/rest) and control API. */
export async function startServer(app: App, port: number): Promise<RunningServer> {
	const serviceRouter = buildServiceRouter(app.kind);
	const controlRouter = buildControlRouter();
	const server = http.createServer((req, res) => {
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		let work: Promise<void>;
		if (url.pathname === CONTROL_PREFIX || url.pathname.startsWith(`${CONTROL_PREFIX}/`)) {
			work = handleControl(app, controlRouter, req, res, url);
		} else if (url.pathname === SERVICE_PREFIX || url.pathname.startsWith(`${SERVICE_PREFIX}/`)) {
			work = handleService(app, serviceRouter, req, res, url);
		} else {
			work = Promise.resolve(
				writeReply(
					app,
					res,
					errorReply(new ApiError(404, 'Not Found', `Service paths start with ${SERVICE_PREFIX}`)),
					responseMediaFor(req.headers.accept),
				),
			);
		}
		work.catch((error) => {
			if (!res.headersSent) writeReply(app, res, errorReply(error), 'json');
			else res.destroy();
		});
	});
	// Connections are accepted paused and handed to the HTTP server by `accept`, so that a
	// connect-latency fault can hold a new connection before anything on it is read: the cost a
	// TLS handshake adds to every new connection to a real service, and only to new ones. The HTTP
	// server never listens itself, so it does not track these sockets: `open` does, for close.
	const open = new Set<net.Socket>();
	const listener = net.createServer({ pauseOnConnect: true }, (socket) => {
		open.add(socket);
		socket.once('close', () => open.delete(socket));
		void accept(app, server, socket);
	});
	await new Promise<void>((resolve, reject) => {
		listener.once('error', reject);
		listener.listen(port, '127.0.0.1', () => resolve());
	});
	const actualPort = (listener.address() as AddressInfo).port;
	return {
		server,
		port: actualPort,
		close: () =>
			new Promise<void>((resolve) => {
				listener.close(() => resolve());
				for (const socket of open) socket.destroy();
			}),
	};
}
