/**
 * One request to the service as it goes over the wire: the credential's authentication or a page
 * session's token, the body encoded in the credential's media type, and the retry policy for
 * temporary failures (429 with Retry-After, 502-504, network failures), a non-idempotent request
 * sent again only when its look-up shows it took no effect. The service's refusals become
 * NodeApiErrors with advice (errors.ts).
 */

import type {
	IDataObject,
	IExecuteFunctions,
	JsonObject,
	IHookFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, UnexpectedError, sleep } from 'n8n-workflow';

import { holdEndOf, holdRequests } from './acrossExecutions';
import type { Decoded, MediaType } from './codec';
import type { PlainObject } from './values';
import { CONTENT_TYPES, encode, mediaTypeOfContentType } from './codec';
import type { GaveUp } from './errors';
import {
	apiErrorInOwnWords,
	gaveUpError,
	gaveUpOf,
	parseServiceError,
	serviceApiError,
} from './errors';
import { httpFailureOf, lowerCaseHeaders } from './httpFailure';
import { LOGIN_REFUSED_DESCRIPTION, LOGIN_REFUSED_MESSAGE, isLoginRefusal } from './login';
import { isBlank } from './values';

export const CREDENTIAL_NAME = 'podPlatformApi';

export type ApiContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IWebhookFunctions
	| IPollFunctions;

/** Retry policy for temporary failures. */
export const RETRY = {
	/** Attempts in all, the first one included. */
	maxAttempts: 5,
	baseDelayMs: 250,
	maxDelayMs: 8000,
	/** Longest Retry-After honoured; a longer one fails the request with the service's advice. */
	maxRetryAfterMs: 120_000,
	/**
	 * Longest a 429 holds the login's other requests (each failing unsent while the hold is longer
	 * than `maxRetryAfterMs`): a mis-set Retry-After does not stop every execution for days.
	 */
	maxHoldMs: 60 * 60_000,
};

const RETRYABLE_STATUSES = new Set([502, 503, 504]);
const RETRYABLE_NETWORK_CODES = new Set([
	'ECONNRESET',
	'ECONNREFUSED',
	'EPIPE',
	'ETIMEDOUT',
	'ECONNABORTED',
	'EAI_AGAIN',
	'UND_ERR_SOCKET',
]);
/**
 * Network failures that come before any connection is made (refused, the name not resolved): the
 * request carried nothing, so even one that creates something may be sent again.
 */
const NOT_CONNECTED_CODES = new Set(['ECONNREFUSED', 'EAI_AGAIN']);

export interface Session {
	baseUrl: string;
	mediaType: MediaType;
	accountId: string;
	/**
	 * Who the credential is, as a digest (base URL, login, account, customer key; never a secret
	 * in clear): what the action node keys what it keeps across executions by.
	 */
	identity?: string;
	/**
	 * Whom the service counts a rate limit against, as a digest of the base URL and the login: a
	 * 429's Retry-After holds every request under it (`holdRequests`). The contract shows no rate
	 * limit's values or scope (Limits: "not shown"; the field notes: a client must honour 429 with
	 * Retry-After), so the hold is as wide as anything the service can count by: a limit counted per
	 * shop or per resource is honoured by it too, where a narrower hold (the shop, the path) would
	 * send into a per-login limit again from every other shop and path. The cost is bounded by the
	 * wait the service asked for.
	 */
	rateLimitScope: string;
}

export interface RequestSpec {
	method: IHttpRequestMethods;
	/** A path under the base URL (starting with `/`), or an absolute link the service sent. */
	path: string;
	qs?: IDataObject;
	/** A body in the JSON convention (`{ root: {...} }`), encoded in the credential's media type. */
	body?: PlainObject;
	/** A body sent as it is (multipart, CSV); it stays a Buffer so a 401 re-login can re-send it. */
	raw?: { data: Buffer | string; contentType: string };
	/** Accept header for non-document answers (an image). The answer is then returned as bytes. */
	accept?: string;
	/**
	 * Whether sending the request twice is harmless. Defaults to true for GET, PUT, DELETE, HEAD.
	 * A non-idempotent request is only retried when `recover` says the first attempt took no effect.
	 */
	idempotent?: boolean;
	/**
	 * For a non-idempotent request whose outcome is unknown (timeout, reset, 502-504): look up
	 * whether it took effect. Return the existing result to use it, or undefined to send again.
	 */
	recover?: () => Promise<Decoded | undefined>;
	itemIndex?: number;
	timeoutMs?: number;
	/**
	 * For a caller with a wait of its own (the poll trigger, whose schedule runs it again): a 429 is
	 * sent again only when its Retry-After asks for at most this long; any other 429 fails at once,
	 * naming the wait the service asked for (`rateLimitOf`). Unset, a Retry-After up to
	 * `RETRY.maxRetryAfterMs` is waited out, and a 429 without one is retried with the backoff.
	 */
	rateLimitWaitMs?: number;
	/**
	 * A session token to send in place of the credential's (a Creator page session): the request
	 * then goes out without the credential's authentication, so its token cannot take over.
	 */
	sessionToken?: string;
}

export interface RawResponse {
	status: number;
	headers: Record<string, string>;
	body: Buffer;
}

/** What `recover` found in place of an answer: the earlier request had taken effect. */
export interface Recovered {
	recovered: Decoded;
}

/** The answer of a request that carries no `recover` hook. */
export function rawOf(outcome: RawResponse | Recovered): RawResponse {
	if ('recovered' in outcome)
		throw new UnexpectedError('Only a request with recover can be recovered');
	return outcome;
}

export function mediaTypeOf(response: RawResponse, fallback: MediaType): MediaType {
	return mediaTypeOfContentType(response.headers['content-type']) ?? fallback;
}

function isIdempotent(spec: RequestSpec): boolean {
	return spec.idempotent ?? (spec.method !== 'POST' && spec.method !== 'PATCH');
}

function resolveUrl(session: Session, path: string, ctx: ApiContext): string {
	if (!/^https?:\/\//i.test(path))
		return `${session.baseUrl}${path.startsWith('/') ? '' : '/'}${path}`;
	// A link from the service: follow it only to the service itself, so the token never leaves.
	if (new URL(path).origin !== new URL(session.baseUrl).origin) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Refusing to follow a link to another host: ${path}`,
			{
				description:
					'The service returned a link outside its own address; the session token is not sent there.',
			},
		);
	}
	return path;
}

function backoffMs(attempt: number): number {
	const ceiling = Math.min(RETRY.maxDelayMs, RETRY.baseDelayMs * 2 ** (attempt - 1));
	// Full jitter: spreads retries of many parallel items so they do not hit the service together.
	return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

/** The wait a Retry-After header asks for, in seconds or as an HTTP date; undefined without one. */
function retryAfterMs(headers: Record<string, string>): number | undefined {
	const value = headers['retry-after']?.trim();
	if (!value) return undefined;
	const seconds = Number(value);
	if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
	const date = Date.parse(value);
	return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

/**
 * Whether a request failed because the service rate limits (429), and how long it asked to wait
 * (`retryAfterMs`, undefined when it named no wait); undefined for any other failure.
 */
export function rateLimitOf(error: unknown): { retryAfterMs?: number } | undefined {
	if (!(error instanceof NodeApiError) || String(error.httpCode) !== '429') return undefined;
	const wait = gaveUpOf(error)?.retryAfterMs;
	return { retryAfterMs: typeof wait === 'number' ? wait : undefined };
}

export async function send(
	ctx: ApiContext,
	session: Session,
	spec: RequestSpec,
): Promise<RawResponse | Recovered> {
	const headers: Record<string, string> = {
		Accept: spec.accept ?? CONTENT_TYPES[session.mediaType],
	};
	let body: Buffer | string | undefined;
	if (spec.raw) {
		body = spec.raw.data;
		headers['Content-Type'] = spec.raw.contentType;
	} else if (spec.body) {
		// As bytes, so that axios sends them as they are instead of parsing the JSON text again.
		body = Buffer.from(encode(spec.body, session.mediaType), 'utf8');
		headers['Content-Type'] = `${CONTENT_TYPES[session.mediaType]}; charset=utf-8`;
	}
	const options: IHttpRequestOptions = {
		method: spec.method,
		url: resolveUrl(session, spec.path, ctx),
		qs: compactQuery(spec.qs),
		headers,
		body,
		json: false,
		encoding: 'arraybuffer',
		returnFullResponse: true,
		timeout: spec.timeoutMs ?? 60_000,
	};

	let waitedMs = 0;
	let sentAgainAfter401 = false;
	/** Whether an attempt may have reached the service: not while each failed before connecting. */
	let mayHaveArrived = false;
	const wait = async (ms: number) => {
		waitedMs += ms;
		await sleep(ms);
	};
	// A caller with a wait of its own (the poll trigger) keeps it in its workflow's static data, which
	// outlives this process, and asks the service on a test run on purpose: a 429 it meets holds the
	// others, but no hold keeps it back.
	const heldByOthers = spec.rateLimitWaitMs === undefined;
	/** Nothing goes out while a 429's wait holds this login; a hold too long fails it unsent. */
	const waitOutRateLimitHold = async (attempt: number) => {
		if (!heldByOthers) return;
		// Each end is waited for once: a hold lengthened meanwhile (another 429) is waited out again.
		for (let waitedUntil = 0; ; ) {
			const end = holdEndOf(session.rateLimitScope);
			if (end === undefined || end <= waitedUntil) return;
			const held = end - Date.now();
			if (held > RETRY.maxRetryAfterMs) {
				throw gaveUpError(
					ctx.getNode(),
					{
						reason: 'rateLimited',
						status: 429,
						attempts: attempt - 1,
						waitedMs,
						retryAfterMs: held,
						...(isIdempotent(spec) ? {} : { effect: 'notTaken' }),
					},
					{},
					spec.itemIndex,
				);
			}
			await wait(Math.max(0, held));
			waitedUntil = end;
		}
	};
	for (let attempt = 1; ; attempt++) {
		await waitOutRateLimitHold(attempt);
		let thrown: unknown;
		try {
			const request: IHttpRequestOptions = {
				...options,
				headers: spec.sessionToken
					? { ...headers, 'x-auth-token': spec.sessionToken }
					: { ...headers },
			};
			const response = (await (spec.sessionToken
				? ctx.helpers.httpRequest(request)
				: ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_NAME, request))) as {
				statusCode?: number;
				status?: number;
				headers?: Record<string, unknown>;
				body?: unknown;
			};
			return {
				status: Number(response.statusCode ?? response.status ?? 200),
				headers: lowerCaseHeaders(response.headers ?? {}),
				body: toBuffer(response.body),
			};
		} catch (error) {
			thrown = error;
		}
		// A failure of our own making (bad input, a refused link) is final as it is.
		if (thrown instanceof NodeOperationError) throw thrown;
		// A refused login is the credential's fault, not the network's: no retry, no network advice.
		if (isLoginRefusal(thrown)) {
			throw new NodeOperationError(ctx.getNode(), LOGIN_REFUSED_MESSAGE, {
				description: LOGIN_REFUSED_DESCRIPTION,
				itemIndex: spec.itemIndex,
			});
		}
		const failure = httpFailureOf(thrown);
		const { status } = failure;
		// n8n has already logged in again and re-sent once; a 401 on that re-send can mean the
		// session it was handed was shared by the requests that met the same expiry
		// (renewSessionOnce) and used up or lapsed before this one's turn. Sent once more, n8n reads
		// the newest stored session, and renews it, once for all, if it is gone too. A 401 was not
		// processed, so even a non-idempotent request may be sent again; a page session is not the
		// credential's to renew.
		if (status === 401 && !spec.sessionToken && !sentAgainAfter401) {
			sentAgainAfter401 = true;
			continue;
		}
		const lastAttempt = attempt >= RETRY.maxAttempts;
		const serviceError =
			status === undefined
				? undefined
				: parseServiceError(status, failure.bodyText, failure.headers['content-type']);
		// Retries spent, or a retry not safe: the one error that says how the service pushed back.
		const giveUp = (
			reason: GaveUp['reason'],
			effect: GaveUp['effect'],
			retryAfter?: number,
		): NodeApiError =>
			gaveUpError(
				ctx.getNode(),
				{
					reason,
					status,
					networkCode: failure.networkCode,
					attempts: attempt,
					waitedMs,
					...(retryAfter === undefined ? {} : { retryAfterMs: retryAfter }),
					...(isIdempotent(spec) ? {} : { effect }),
				},
				(serviceError ?? {
					message: failure.networkCode ?? failure.message,
				}) as unknown as JsonObject,
				spec.itemIndex,
			);

		if (status === 429) {
			const askedWait = retryAfterMs(failure.headers);
			// A caller with a wait of its own (the poll trigger) backs off itself: no blind retry.
			const delay =
				askedWait ?? (spec.rateLimitWaitMs === undefined ? backoffMs(attempt) : undefined);
			// The wait holds every request of this login, in every execution of this process: the
			// others still sending would only be refused too, and keep the limit from easing.
			if (delay !== undefined) {
				holdRequests(session.rateLimitScope, Date.now() + Math.min(delay, RETRY.maxHoldMs));
			}
			// A 429 was not processed, so even a non-idempotent request may be sent again.
			if (lastAttempt || delay === undefined) throw giveUp('rateLimited', 'notTaken');
			if (delay > (spec.rateLimitWaitMs ?? RETRY.maxRetryAfterMs)) {
				throw giveUp('rateLimited', 'notTaken', delay);
			}
			// Held with the others at the top of the loop; a caller with a wait of its own waits here.
			if (!heldByOthers) await wait(delay);
			continue;
		}

		const unavailable = status !== undefined && RETRYABLE_STATUSES.has(status);
		const unreachable =
			status === undefined && isNetworkFailure(failure.networkCode, failure.message);
		if (unavailable || unreachable) {
			const reason = unavailable ? 'unavailable' : 'unreachable';
			if (unavailable || !NOT_CONNECTED_CODES.has(failure.networkCode ?? '')) {
				mayHaveArrived = true;
			}
			// Safe to send again: repeating it is harmless, or no attempt so far carried it anywhere.
			if (isIdempotent(spec) || !mayHaveArrived) {
				if (lastAttempt) throw giveUp(reason, 'notTaken');
				await wait(backoffMs(attempt));
				continue;
			}
			// Sent, but did it take effect? Only a look-up can tell; without one it is not sent again.
			if (!spec.recover) throw giveUp(reason, 'unknown');
			if (!lastAttempt) await wait(backoffMs(attempt));
			let existing: Decoded | undefined;
			let lookUpFailed = false;
			let refusal: NodeOperationError | undefined;
			try {
				existing = await spec.recover();
			} catch (error) {
				lookUpFailed = true;
				// The look-up's own refusal (a record found but unreadable) stands as it is.
				if (error instanceof NodeOperationError) refusal = error;
			}
			if (refusal) throw refusal;
			if (lookUpFailed) throw giveUp(reason, 'unknown');
			if (existing) return { recovered: existing };
			if (lastAttempt) throw giveUp(reason, 'checkedNone');
			continue;
		}

		if (!serviceError) {
			throw apiErrorInOwnWords(
				ctx.getNode(),
				{ message: failure.message },
				{
					message: `Could not reach the service: ${failure.networkCode ?? failure.message}`,
					description: isIdempotent(spec)
						? 'Check the base URL of the credential and the network.'
						: 'The request may or may not have reached the service, so it was not sent again. Check the records before running again.',
					itemIndex: spec.itemIndex,
				},
				isIdempotent(spec),
			);
		}
		throw serviceApiError(ctx.getNode(), serviceError, spec.itemIndex);
	}
}

function isNetworkFailure(code: string | undefined, message: string): boolean {
	if (code && RETRYABLE_NETWORK_CODES.has(code)) return true;
	return /socket hang up|ECONNRESET|timeout|aborted|other side closed/i.test(message);
}

function compactQuery(qs: IDataObject | undefined): IDataObject | undefined {
	if (!qs) return undefined;
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(qs)) {
		if (isBlank(value)) continue;
		out[key] = value;
	}
	return out;
}

function toBuffer(body: unknown): Buffer {
	if (body === undefined || body === null) return Buffer.alloc(0);
	if (Buffer.isBuffer(body)) return body;
	if (body instanceof ArrayBuffer) return Buffer.from(body);
	if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
	if (typeof body === 'string') return Buffer.from(body, 'utf8');
	return Buffer.from(JSON.stringify(body), 'utf8');
}
