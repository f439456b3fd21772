/**
 * Page sessions for the Creator. The snippet embeds the session of the caller (contract,
 * "Creator widget snippet"), and every visitor of the page that shows it holds that session. So
 * the snippet is never asked for with the credential's session, which the node uses for every
 * other call: each page gets a session of its own, opened with the credential's login, and only
 * that one is published.
 */

import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { logIn } from './login';
import { stripRoutingSuffix } from './payloads/creator';
import { CREDENTIAL_NAME } from './transport';
import { withItemName } from './errors';

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
 * session apart from the credential: the login uses plain `httpRequest`, so the credential's
 * token is not sent.
 */
export async function openPageSession(
	ctx: IExecuteFunctions,
	itemIndex: number,
): Promise<PageSession> {
	const credentials = await ctx.getCredentials(CREDENTIAL_NAME, itemIndex);
	let token: string;
	try {
		token = (await logIn(ctx.helpers, credentials)).sessionToken;
	} catch (error) {
		// logIn's errors name the login's fault and never the password.
		throw new NodeOperationError(ctx.getNode(), error as Error, {
			description: (error as { description?: string }).description,
			itemIndex,
		});
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
			message: withItemName(
				`The service refused the page session given in ${fieldLabel}`,
				itemIndex,
			),
			description:
				'The session has ended or never existed. Run Creator → Get Snippet again for a new page session and use its Order Session ID.',
			httpCode: '401',
			itemIndex,
		},
	);
}
