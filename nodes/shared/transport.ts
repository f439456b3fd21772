/**
 * The service as the nodes see it: base URL, media type and account from the credential, the
 * account/shop path, answers decoded through the codec, and paged lists read whole. Each request
 * goes out through send.ts, which holds the retry policy.
 */

import { createHash } from 'crypto';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { CodecError, Decoded, MediaType } from './codec';
import type { PlainObject } from './values';
import { decode, pageOf, recordOf } from './codec';
import { baseUrlOf } from './environments';
import type { ApiContext, RequestSpec, Session } from './send';
import { CREDENTIAL_NAME, mediaTypeOf, rawOf, send } from './send';

/** Largest page the client asks for: few round trips, small enough for any page-size cap. */
export const MAX_PAGE_SIZE = 100;

export interface ListOptions {
	returnAll: boolean;
	limit?: number;
}

/**
 * The service as one caller sees it: the context whose credential and helpers it uses, and the
 * session (base URL, media type, account) it learns once. One is made per run of a node, per
 * editor list or per trigger hook, and passed to whatever needs the service in that call.
 */
export class ServiceClient {
	private session: Promise<Session> | undefined;

	/** Whether the service has answered a request: the session is open, logins are behind us. */
	answeredOnce = false;

	/**
	 * @param rateLimitWaitMs For a caller with a wait of its own: every request of this client
	 * waits out a 429 only this long (RequestSpec.rateLimitWaitMs).
	 */
	constructor(
		readonly ctx: ApiContext,
		readonly rateLimitWaitMs?: number,
	) {}

	/** The spec with this client's rate limit wait, unless the spec names its own. */
	private withDefaults(spec: RequestSpec): RequestSpec {
		return this.rateLimitWaitMs === undefined || spec.rateLimitWaitMs !== undefined
			? spec
			: { ...spec, rateLimitWaitMs: this.rateLimitWaitMs };
	}

	/** Base URL, media type and account of the credential; the account is learned once. */
	async getSession(): Promise<Session> {
		if (!this.session) {
			const session = resolveSession(this.ctx, this.rateLimitWaitMs);
			this.session = session;
			// A failed look-up is not kept: the next request tries again.
			session.catch(() => {
				if (this.session === session) this.session = undefined;
			});
		}
		return await this.session;
	}

	/** `/accounts/{accountId}` of the credential's account. */
	async accountPath(): Promise<string> {
		const { accountId } = await this.getSession();
		return `/accounts/${encodeURIComponent(accountId)}`;
	}

	/** `/accounts/{accountId}/shops/{shopId}`. */
	async shopPath(shopId: string | number): Promise<string> {
		return `${await this.accountPath()}/shops/${encodeURIComponent(String(shopId))}`;
	}

	/** Send a request and decode the answer; undefined for an empty answer (204). */
	async request(spec: RequestSpec): Promise<Decoded | undefined> {
		const session = await this.getSession();
		const outcome = await send(this.ctx, session, this.withDefaults(spec));
		this.answeredOnce = true;
		if ('recovered' in outcome) return outcome.recovered;
		const response = outcome;
		if (response.body.length === 0) return undefined;
		try {
			return decode(response.body.toString('utf8'), mediaTypeOf(response, session.mediaType));
		} catch (error) {
			throw new NodeApiError(
				this.ctx.getNode(),
				{ message: (error as Error).message },
				{
					message: (error as Error).message,
					description: (error as CodecError).detail,
					itemIndex: spec.itemIndex,
				},
			);
		}
	}

	/** Send a request whose answer is not a document (an image); returns the bytes and their type. */
	async requestBinary(spec: RequestSpec): Promise<{ data: Buffer; contentType: string }> {
		const session = await this.getSession();
		const response = rawOf(await send(this.ctx, session, this.withDefaults(spec)));
		this.answeredOnce = true;
		return {
			data: response.body,
			contentType: response.headers['content-type'] ?? spec.accept ?? 'application/octet-stream',
		};
	}

	/**
	 * Collect a paged list. Return All follows `next` links to the end and checks the count against
	 * the first page's `totalElements`: fewer records means a page was lost (an error), more means
	 * records were added while reading (kept, each once); a limit stops as soon as it is reached and
	 * asks for no page it does not need.
	 */
	async requestAllItems(
		spec: RequestSpec,
		{ returnAll, limit = 50 }: ListOptions,
	): Promise<PlainObject[]> {
		const wanted = returnAll ? Infinity : Math.max(0, limit);
		if (wanted === 0) return [];
		const pageSize = Math.min(MAX_PAGE_SIZE, wanted);
		const items: PlainObject[] = [];
		let expectedTotal: number | undefined;
		let next: RequestSpec | undefined = {
			...spec,
			method: 'GET',
			qs: { ...spec.qs, page: 0, size: pageSize },
		};
		const visited = new Set<string>();
		while (next) {
			const decoded = await this.request(next);
			const page = pageOf(recordOf(decoded));
			if (expectedTotal === undefined) expectedTotal = page.totalElements;
			for (const item of page.items) {
				items.push(item);
				if (items.length >= wanted) return items;
			}
			const nextLink = page.links.next;
			if (!nextLink || page.items.length === 0 || visited.has(nextLink)) break;
			visited.add(nextLink);
			next = { ...spec, method: 'GET', path: nextLink, qs: undefined };
		}
		if (returnAll && expectedTotal !== undefined && items.length > expectedTotal) {
			// Records added while the pages were read (another workflow submitting orders) can push a
			// record onto the next page as well: the list is complete, each record is kept once.
			return withoutRepeatedIds(items);
		}
		if (returnAll && expectedTotal !== undefined && items.length < expectedTotal) {
			throw new NodeApiError(
				this.ctx.getNode(),
				{ message: 'Incomplete list' },
				{
					message: `The service reported ${expectedTotal} records but the pages held ${items.length}`,
					description:
						'Records were removed while the list was being read, or the service lost a page. Run again; no partial list is returned.',
					itemIndex: spec.itemIndex,
				},
			);
		}
		return items;
	}
}

/** The list with each record whose `id` came earlier in it left out. */
function withoutRepeatedIds(items: PlainObject[]): PlainObject[] {
	const seen = new Set<string>();
	return items.filter((item) => {
		if (item.id === undefined || item.id === null) return true;
		const id = String(item.id);
		if (seen.has(id)) return false;
		seen.add(id);
		return true;
	});
}

async function resolveSession(ctx: ApiContext, rateLimitWaitMs?: number): Promise<Session> {
	const credentials = await ctx.getCredentials(CREDENTIAL_NAME);
	const baseUrl = baseUrlOf(credentials);
	if (!/^https?:\/\//.test(baseUrl)) {
		throw new NodeOperationError(ctx.getNode(), 'The credential has no valid base URL', {
			description:
				'Open the POD Platform credential and enter the service address, ending with /webservices/rest.',
		});
	}
	const mediaType: MediaType = credentials.mediaType === 'xml' ? 'xml' : 'json';
	const rateLimitScope = createHash('sha256')
		.update(JSON.stringify(['rateLimit', baseUrl, credentials.login]))
		.digest('hex');
	let accountId = String(credentials.accountId ?? '').trim();
	if (!accountId) accountId = String(credentials.sessionAccountId ?? '').trim();
	if (!accountId) {
		// The login answer names the account, and the session resource does too; this request
		// logs in when needed, after which the credential holds the account learned at login.
		const answer = rawOf(
			await send(
				ctx,
				{ baseUrl, mediaType, accountId: '', rateLimitScope },
				{ method: 'GET', path: '/accounts/session', rateLimitWaitMs },
			),
		);
		const refreshed = await ctx.getCredentials(CREDENTIAL_NAME);
		const data = answer.body.length
			? decode(answer.body.toString('utf8'), mediaTypeOf(answer, mediaType)).data
			: {};
		accountId = String(refreshed.sessionAccountId || data.id || data.accountId || '');
		if (!accountId) {
			throw new NodeOperationError(
				ctx.getNode(),
				'Could not tell which account this login belongs to',
				{
					description: 'Enter the Account ID in the POD Platform credential.',
				},
			);
		}
	}
	const identity = createHash('sha256')
		.update(JSON.stringify([baseUrl, credentials.login, accountId, credentials.customerKey]))
		.digest('hex');
	return { baseUrl, mediaType, accountId, identity, rateLimitScope };
}
