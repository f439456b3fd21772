import type { IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { baseUrlOf } from './environments';
import { stripRoutingSuffix } from './payloads/creator';
import { CREDENTIAL_NAME } from './transport';

/**
 * Page sessions for the Creator. The snippet embeds the session of the caller (contract,
 * "Creator widget snippet"), and every visitor of the page that shows it holds that session. So
 * the snippet is never asked for with the credential's session, which the node uses for every
 * other call: each page gets a session of its own, opened with the credential's login, and only
 * that one is published.
 */

export interface PageSession {
	/** The token as the service issued it, sent as `x-auth-token`. */
	token: string;
	/** The bare UUID the Creator and the page know the session by (routing suffix stripped). */
	id: string;
}

/** A page session given by the user (an earlier snippet's session), used as it is. */
export function reusedPageSession(token: string): PageSession {
	return { token, id: stripRoutingSuffix(token) };
}

/**
 * Log in once more with the credential's login, the way the credential does, and keep the new
 * session apart from the credential: plain `httpRequest`, so the credential's token is not sent.
 */
export async function openPageSession(
	ctx: IExecuteFunctions,
	itemIndex: number,
): Promise<PageSession> {
	const credentials = await ctx.getCredentials(CREDENTIAL_NAME, itemIndex);
	const baseUrl = baseUrlOf(credentials);
	const customerKey = String(credentials.customerKey ?? '');
	const request: IHttpRequestOptions = {
		// A customer key goes with POST on the Authentication resource (contract, Authentication 5).
		method: customerKey ? 'POST' : 'GET',
		url: `${baseUrl}/auth`,
		auth: {
			username: String(credentials.login ?? ''),
			password: String(credentials.password ?? ''),
		},
		headers: {
			Accept: credentials.mediaType === 'xml' ? 'application/xml' : 'application/json',
			...(customerKey ? { 'x-customer-key': customerKey } : {}),
		},
		json: false,
		returnFullResponse: true,
	};
	let headers: Record<string, unknown> | undefined;
	try {
		headers = ((await ctx.helpers.httpRequest(request)) as { headers?: Record<string, unknown> })
			.headers;
	} catch (error) {
		// The thrown error holds the request with the password: only its status is used.
		const status = (error as { response?: { status?: number } }).response?.status;
		throw new NodeApiError(
			ctx.getNode(),
			{ message: 'Could not open a page session' },
			{
				message:
					status === 401
						? 'The service refused the login of the credential when opening a page session'
						: `Could not open a page session at ${baseUrl}/auth` +
							(status ? ` (HTTP ${status})` : ''),
				description:
					status === 401
						? 'Check the login and password of the POD Platform credential.'
						: 'Check the base URL of the credential and the network, then run again.',
				httpCode: status ? String(status) : undefined,
				itemIndex,
			},
		);
	}
	const header = headers?.['x-auth-token'];
	const token = String((Array.isArray(header) ? header[0] : header) ?? '').trim();
	if (!token) {
		throw new NodeApiError(
			ctx.getNode(),
			{ message: 'No session token' },
			{
				message: 'The service accepted the login of the page session but sent no x-auth-token',
				description: 'Run again; if it persists, the service may have changed its login answer.',
				itemIndex,
			},
		);
	}
	return { token, id: stripRoutingSuffix(token) };
}

/**
 * The last guard before a snippet leaves the node: it must not hold the credential's own session
 * (for example a service that took the session from somewhere else than the header).
 */
export async function assertWithoutCredentialSession(
	ctx: IExecuteFunctions,
	published: string[],
	itemIndex: number,
): Promise<void> {
	const credentials = await ctx.getCredentials(CREDENTIAL_NAME, itemIndex);
	const token = String(credentials.sessionToken ?? '').trim();
	if (!token) return;
	const forms = [token, stripRoutingSuffix(token)];
	if (published.some((text) => forms.some((form) => text.includes(form)))) {
		throw new NodeApiError(
			ctx.getNode(),
			{ message: 'The snippet holds the session of the credential' },
			{
				message:
					'The snippet holds the session of the credential instead of a page session, so it is not returned',
				description:
					'Publishing it would hand the session of the credential to every visitor of the page. Run again; if it persists, report it to the service.',
				itemIndex,
			},
		);
	}
}

/**
 * A page session the user gave that the service refuses (401) has ended or never existed; the
 * credential cannot fix that, so the generic advice about its login would mislead.
 */
export function pageSessionRefusal(
	ctx: IExecuteFunctions,
	error: unknown,
	fieldLabel: string,
	itemIndex: number,
): unknown {
	if (!(error instanceof NodeApiError) || error.httpCode !== '401') return error;
	return new NodeApiError(
		ctx.getNode(),
		{ message: 'Page session refused' },
		{
			message: `Item ${itemIndex + 1}: The service refused the page session given in ${fieldLabel}`,
			description:
				'The session has ended or never existed. Run Creator → Get Snippet again for a new page session and use its Order Session ID.',
			httpCode: '401',
			itemIndex,
		},
	);
}
