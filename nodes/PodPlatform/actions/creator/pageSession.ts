/**
 * Page sessions for the Creator. The snippet embeds the session of the caller (contract,
 * "Creator widget snippet"), and every visitor of the page that shows it holds that session. So
 * the snippet is never asked for with the credential's session, nor with a session of the
 * credential's own login, whose role may be anything up to account admin: each page gets a
 * session of the credential's Creator page login (a login of the lowest role), and without that
 * login there is no snippet.
 */

import type { ICredentialDataDecryptedObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { PAGE_LOGIN, isLoginRefusal, logIn } from '../../../shared/login';
import { stripRoutingSuffix } from './snippetQuery';
import { CREDENTIAL_NAME } from '../../../shared/send';
import { withItemName } from '../../../shared/errors';

export interface PageSession {
	/** The token as the service issued it, sent as `x-auth-token`. */
	token: string;
	/** The bare UUID the Creator and the page know the session by (routing suffix stripped). */
	id: string;
}

/** The credential's Creator page login. */
export interface PageLogin {
	login: string;
	password: string;
}

const PAGE_LOGIN_FIX = `Open the POD Platform credential, fill in ${PAGE_LOGIN.loginLabel} and ${PAGE_LOGIN.passwordLabel} with a login of the lowest role (${PAGE_LOGIN.role}) that may use the shop, and save it. Nothing was sent to the service.`;

/**
 * The credential's Creator page login, or the refusal, before anything is sent: without it the
 * only session the page could get is one of the credential's own login. A page login that is the
 * credential's own Login is refused alike. The role of the login cannot be checked here: neither
 * the login answer nor the session's account names it (contract and field notes).
 */
export function pageLoginOf(
	ctx: IExecuteFunctions,
	credentials: ICredentialDataDecryptedObject,
	itemIndex: number,
): PageLogin {
	const login = String(credentials[PAGE_LOGIN.loginField] ?? '').trim();
	const password = String(credentials[PAGE_LOGIN.passwordField] ?? '');
	if (!login || !password) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Get Snippet needs the ${PAGE_LOGIN.loginLabel} and ${PAGE_LOGIN.passwordLabel} of the POD Platform credential: without them every visitor of the page would hold a session of the credential's own login`,
			{ description: PAGE_LOGIN_FIX, itemIndex },
		);
	}
	if (
		login.toLowerCase() ===
		String(credentials.login ?? '')
			.trim()
			.toLowerCase()
	) {
		throw new NodeOperationError(
			ctx.getNode(),
			`The ${PAGE_LOGIN.loginLabel} of the POD Platform credential is its own Login: every visitor of the page would hold a session of that login`,
			{ description: PAGE_LOGIN_FIX.replace('with a login', 'with another login'), itemIndex },
		);
	}
	return { login, password };
}

/** A page session given by the user (an earlier snippet's session), used as it is. */
export function reusedPageSession(token: string): PageSession {
	return { token, id: stripRoutingSuffix(token) };
}

/**
 * Log in with the Creator page login, the way the credential logs in with its own, and keep the
 * new session apart from the credential: the login uses plain `httpRequest`, so the credential's
 * token is not sent. The credential's Customer Key stays out of it: it opens one end customer's
 * permanent user motive library, which a page's visitors must not share.
 */
export async function openPageSession(
	ctx: IExecuteFunctions,
	credentials: ICredentialDataDecryptedObject,
	pageLogin: PageLogin,
	itemIndex: number,
): Promise<PageSession> {
	let token: string;
	try {
		token = (
			await logIn(ctx.helpers, {
				...credentials,
				login: pageLogin.login,
				password: pageLogin.password,
				customerKey: '',
			})
		).sessionToken;
	} catch (error) {
		// logIn's errors name the login's fault and never the password.
		if (isLoginRefusal(error)) {
			throw new NodeOperationError(
				ctx.getNode(),
				`The service refused the ${PAGE_LOGIN.loginLabel}: check the ${PAGE_LOGIN.loginLabel} and ${PAGE_LOGIN.passwordLabel} of the POD Platform credential`,
				{
					description: `Open the POD Platform credential, correct ${PAGE_LOGIN.loginLabel} and ${PAGE_LOGIN.passwordLabel}, and save it. Nothing was sent to the service but the login itself.`,
					itemIndex,
				},
			);
		}
		throw new NodeOperationError(ctx.getNode(), error as Error, {
			description: (error as { description?: string }).description,
			itemIndex,
		});
	}
	return { token, id: stripRoutingSuffix(token) };
}

/**
 * A snippet request of a new page session that the service refuses as forbidden (403) or not
 * found (404): the page login is of another account or may not use the shop, which the
 * credential's own login, used for everything else, does not tell.
 */
export function pageLoginRefusal(
	ctx: IExecuteFunctions,
	error: unknown,
	itemIndex: number,
): unknown {
	if (!(error instanceof NodeApiError)) return error;
	const code = error.httpCode ?? '';
	if (code !== '403' && code !== '404') return error;
	return new NodeApiError(
		ctx.getNode(),
		{ message: 'Shop refused to the Creator page login' },
		{
			message: withItemName(
				`The service refused the shop to the ${PAGE_LOGIN.loginLabel} (HTTP ${code})`,
				itemIndex,
			),
			description: `The service answered: ${error.message}. A page session is a session of the ${PAGE_LOGIN.loginLabel} of the POD Platform credential, which must be a login of the shop's account that may use this shop (the lowest role, ${PAGE_LOGIN.role}, is enough). Check the Shop and that login.`,
			httpCode: code,
			itemIndex,
		},
	);
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
