/**
 * The Basic → token login (contract, Authentication 1 and 5), shared by the credential and by any
 * node that needs a session of its own. A refused login is a distinct error that every caller can
 * recognise through n8n's wrapping, so that it never reads as a network failure.
 */
import type { ICredentialDataDecryptedObject, IHttpRequestHelper } from 'n8n-workflow';
import { UserError } from 'n8n-workflow';

import { renewSessionOnce } from './acrossExecutions';
import { baseUrlOf } from './environments';

export const LOGIN_REFUSED_MESSAGE =
	'The service refused the login: check the login and password of the POD Platform credential';

export const LOGIN_REFUSED_DESCRIPTION =
	'Open the POD Platform credential, correct Login and Password, and save it. Nothing was sent to the service but the login itself.';

/**
 * The credential's second login, for Creator pages only: the fields that hold it and their labels
 * on the credential form. Every visitor of a Creator page holds a session of this login (see
 * PodPlatform/actions/creator/pageSession.ts), so it must have the lowest role.
 */
export const PAGE_LOGIN = {
	loginField: 'creatorPageLogin',
	passwordField: 'creatorPagePassword',
	loginLabel: 'Creator Page Login',
	passwordLabel: 'Creator Page Password',
	role: 'ROLE_AUTHORIZED_USER',
} as const;

/** Marks the refusal on the error itself; n8n keeps it as the `cause` of the error it wraps ours in. */
const LOGIN_REFUSED_MARK = 'podPlatformLoginRefused';

export interface LoginResult {
	sessionToken: string;
	/** The account the login belongs to, as the login answer names it; empty when it does not. */
	accountId: string;
}

/** The error of a refused login, marked so that `isLoginRefusal` knows it through n8n's wrapping. */
export function loginRefusal(): UserError {
	return new UserError(LOGIN_REFUSED_MESSAGE, {
		description: LOGIN_REFUSED_DESCRIPTION,
		extra: { [LOGIN_REFUSED_MARK]: true },
	});
}

/** A login that failed: refused (401), or the service could not be reached. */
function loginFailure(url: string, error: unknown): never {
	const status = (error as { response?: { status?: number } }).response?.status;
	if (status === 401) throw loginRefusal();
	throw new UserError(
		`Could not reach the POD Platform login at ${url}` +
			(status ? ` (HTTP ${status})` : `: ${(error as Error).message}`),
		{ description: 'Check the environment or base URL of the credential and the network.' },
	);
}

/** Whether an error, or any error it wraps, is the service refusing the login. */
export function isLoginRefusal(thrown: unknown): boolean {
	const seen = new Set<unknown>();
	let cursor: unknown = thrown;
	while (typeof cursor === 'object' && cursor !== null && !seen.has(cursor)) {
		seen.add(cursor);
		const level = cursor as {
			extra?: Record<string, unknown>;
			cause?: unknown;
			error?: unknown;
			message?: unknown;
			description?: unknown;
		};
		if (level.extra?.[LOGIN_REFUSED_MARK] === true) return true;
		// n8n 1.x's NodeApiError drops the error it wraps (its `cause` field is reset to undefined
		// for an Error) and keeps only that error's message and description.
		if (
			level.message === LOGIN_REFUSED_MESSAGE &&
			level.description === LOGIN_REFUSED_DESCRIPTION
		) {
			return true;
		}
		cursor = level.cause ?? level.error;
	}
	return false;
}

/** The login answer names the account: `{authSessionDetails:{accountId}}` in JSON, `<accountId>` in XML. */
function accountIdOfLoginBody(body: unknown): string {
	let data = body;
	if (typeof body === 'string') {
		const text = body.trimStart();
		if (text.startsWith('<')) return /<accountId>\s*(\d+)\s*<\/accountId>/.exec(text)?.[1] ?? '';
		try {
			data = JSON.parse(text);
		} catch {
			return '';
		}
	}
	const accountId = (data as { authSessionDetails?: { accountId?: unknown } } | undefined)
		?.authSessionDetails?.accountId;
	return accountId === undefined || accountId === null ? '' : String(accountId);
}

/**
 * Log in with the credential's login and password and return a fresh session. A customer key goes
 * with POST on the Authentication resource (contract, Authentication 5); without one, GET /auth.
 */
export async function logIn(
	helpers: IHttpRequestHelper['helpers'],
	credentials: ICredentialDataDecryptedObject,
): Promise<LoginResult> {
	const customerKey = String(credentials.customerKey ?? '');
	const url = `${baseUrlOf(credentials)}/auth`;
	let response: { headers: Record<string, string | string[] | undefined>; body: unknown };
	try {
		response = (await helpers.httpRequest({
			method: customerKey ? 'POST' : 'GET',
			url,
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
		})) as typeof response;
	} catch (error) {
		return loginFailure(url, error);
	}
	const header = response.headers['x-auth-token'];
	const sessionToken = Array.isArray(header) ? header[0] : header;
	if (!sessionToken) {
		throw new UserError('The service accepted the login but sent no x-auth-token header');
	}
	return { sessionToken, accountId: accountIdOfLoginBody(response.body) };
}

/**
 * The credential's login when n8n asks for one (its token is empty, or a request answered 401):
 * one login per session in this process, however many requests met its expiry at once
 * (`renewSessionOnce`). `staleToken` is the token the caller sent, empty when it had none.
 */
export async function logInOncePerSession(
	helpers: IHttpRequestHelper['helpers'],
	credentials: ICredentialDataDecryptedObject,
	staleToken: string,
): Promise<LoginResult> {
	return await renewSessionOnce(
		{
			who: [
				baseUrlOf(credentials),
				String(credentials.login ?? ''),
				String(credentials.customerKey ?? ''),
			],
			secret: String(credentials.password ?? ''),
			token: staleToken,
		},
		async () => await logIn(helpers, credentials),
		{ is: isLoginRefusal, refused: loginRefusal },
	);
}
