/* eslint-disable @n8n/community-nodes/no-restricted-imports -- the sandbox is a Node server, never shipped */
/**
 * The sandbox's request routing: what a handler receives and answers, and a path router that
 * prefers literal segments and tells an unknown method (405) from an unknown path (404).
 */

import type { IncomingHttpHeaders } from 'node:http';

import type { Doc, MediaKind } from './codec';

/** What a handler answers: a document (encoded in the caller's media type) or raw bytes. */
export interface Reply {
	status: number;
	doc?: Doc;
	raw?: { body: Buffer | string; contentType: string };
	/** Plain JSON without root key or quirks (the control API). */
	json?: unknown;
	headers?: Record<string, string | string[]>;
}

export interface RequestInfo {
	method: string;
	/** Path below the router's prefix, e.g. `/accounts/387/shops`. */
	path: string;
	params: Record<string, string>;
	query: URLSearchParams;
	headers: IncomingHttpHeaders;
	rawBody: Buffer;
	/** Media type the answer is written in. */
	media: MediaKind;
}

export type Handler<C> = (ctx: C) => Reply | Promise<Reply>;

interface Route<C> {
	method: string;
	segments: string[];
	handler: Handler<C>;
}

export type RouteLookup<C> =
	| { kind: 'found'; handler: Handler<C>; params: Record<string, string> }
	| { kind: 'wrong-method'; allowed: string[] }
	| { kind: 'not-found' };

/**
 * A path router with `:name` parameters. When several patterns match, the one with a literal
 * segment earliest wins (`/orders/session` beats `/orders/:orderId`). A path known under
 * another method answers 405 rather than 404.
 */
export class Router<C> {
	private readonly routes: Array<Route<C>> = [];

	add(method: string, pattern: string, handler: Handler<C>): this {
		this.routes.push({ method, segments: pattern.split('/').filter(Boolean), handler });
		return this;
	}

	get(pattern: string, handler: Handler<C>) {
		return this.add('GET', pattern, handler);
	}

	post(pattern: string, handler: Handler<C>) {
		return this.add('POST', pattern, handler);
	}

	put(pattern: string, handler: Handler<C>) {
		return this.add('PUT', pattern, handler);
	}

	delete(pattern: string, handler: Handler<C>) {
		return this.add('DELETE', pattern, handler);
	}

	lookup(method: string, path: string): RouteLookup<C> {
		const parts = path.split('/').filter(Boolean).map(safeDecode);
		const matches: Array<{ route: Route<C>; params: Record<string, string>; score: string }> = [];
		for (const route of this.routes) {
			const params = matchSegments(route.segments, parts);
			if (!params) continue;
			// Literal segments score 1, parameters 0: comparing the strings prefers literals early.
			const score = route.segments.map((s) => (s.startsWith(':') ? '0' : '1')).join('');
			matches.push({ route, params, score });
		}
		if (matches.length === 0) return { kind: 'not-found' };
		matches.sort((a, b) => (a.score < b.score ? 1 : a.score > b.score ? -1 : 0));
		const bestScore = matches[0].score;
		const best = matches.filter((m) => m.score === bestScore);
		const hit = best.find((m) => m.route.method === method);
		if (hit) return { kind: 'found', handler: hit.route.handler, params: hit.params };
		const anyMethod = matches.find((m) => m.route.method === method);
		if (anyMethod) {
			return { kind: 'found', handler: anyMethod.route.handler, params: anyMethod.params };
		}
		return { kind: 'wrong-method', allowed: [...new Set(best.map((m) => m.route.method))] };
	}
}

function safeDecode(segment: string): string {
	try {
		return decodeURIComponent(segment);
	} catch {
		return segment;
	}
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | undefined {
	if (pattern.length !== parts.length) return undefined;
	const params: Record<string, string> = {};
	for (let i = 0; i < pattern.length; i++) {
		if (pattern[i].startsWith(':')) params[pattern[i].slice(1)] = parts[i];
		else if (pattern[i] !== parts[i]) return undefined;
	}
	return params;
}

export const ok = (doc: Doc, status = 200): Reply => ({ status, doc });
export const noContent = (): Reply => ({ status: 204 });
