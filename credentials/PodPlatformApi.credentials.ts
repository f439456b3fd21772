import type {
	IAuthenticateGeneric,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestHelper,
	INodeProperties,
	Icon,
} from 'n8n-workflow';
import { UserError } from 'n8n-workflow';

import { ENVIRONMENT_BASE_URLS, baseUrlOf } from '../nodes/shared/environments';

/** Session answer body: the service tells which account the login belongs to. */
interface AuthSessionDetails {
	accountId?: number | string;
}

function accountIdFromLoginBody(body: unknown): string {
	if (typeof body !== 'object' || body === null) return '';
	const root = body as { authSessionDetails?: AuthSessionDetails };
	const accountId = root.authSessionDetails?.accountId;
	return accountId === undefined || accountId === null ? '' : String(accountId);
}

function accountIdFromXmlBody(body: string): string {
	const match = /<accountId>\s*(\d+)\s*<\/accountId>/.exec(body);
	return match ? match[1] : '';
}

export class PodPlatformApi implements ICredentialType {
	name = 'podPlatformApi';

	displayName = 'POD Platform API';

	icon: Icon = {
		light: 'file:../icons/podPlatform.svg',
		dark: 'file:../icons/podPlatform.dark.svg',
	};

	documentationUrl = 'https://github.com/pod-platform/n8n-nodes-pod-platform#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Environment',
			name: 'environment',
			type: 'options',
			default: 'pilot',
			options: [
				{
					name: 'Pilot',
					value: 'pilot',
					description: `Integration testing, no real fulfilment (${ENVIRONMENT_BASE_URLS.pilot})`,
				},
				{
					name: 'Production',
					value: 'production',
					description: `Real orders and real fulfilment (${ENVIRONMENT_BASE_URLS.production})`,
				},
				{
					name: 'Custom Base URL',
					value: 'custom',
					description: 'Any other deployment, including the local sandbox',
				},
			],
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'http://127.0.0.1:8787/webservices/rest',
			placeholder: 'https://example.com/webservices/rest',
			description: 'The service address, ending with /webservices/rest',
			displayOptions: { show: { environment: ['custom'] } },
		},
		{
			displayName: 'Login',
			name: 'login',
			type: 'string',
			default: '',
			required: true,
		},
		{
			displayName: 'Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
		},
		{
			displayName: 'Account ID',
			name: 'accountId',
			type: 'string',
			default: '',
			description:
				'The account to work in. Leave empty to use the account of the login, as the service reports it at sign-in.',
		},
		{
			displayName: 'Customer Key',
			name: 'customerKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'Optional. A customer key opens the permanent user motive library of one end customer; without it user motives live only as long as the session.',
		},
		{
			displayName: 'Media Type',
			name: 'mediaType',
			type: 'options',
			default: 'json',
			options: [
				{ name: 'JSON', value: 'json' },
				{ name: 'XML', value: 'xml' },
			],
			description: 'Format of request and response bodies. Both carry the same data.',
		},
		{
			displayName: 'Session Token',
			name: 'sessionToken',
			type: 'hidden',
			typeOptions: { expirable: true, password: true },
			default: '',
		},
		{
			displayName: 'Session Account ID',
			name: 'sessionAccountId',
			type: 'hidden',
			default: '',
		},
	];

	/**
	 * Basic login → session token. n8n calls this when the stored token is empty, when a request
	 * answers 401 (the token expired) and when the credential is tested.
	 */
	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		const customerKey = String(credentials.customerKey ?? '');
		const mediaType = credentials.mediaType === 'xml' ? 'application/xml' : 'application/json';
		let response: { headers: Record<string, string | string[] | undefined>; body: unknown };
		try {
			response = (await this.helpers.httpRequest({
				// A customer key goes with POST on the Authentication resource (contract, Authentication 5).
				method: customerKey ? 'POST' : 'GET',
				url: `${baseUrlOf(credentials)}/auth`,
				auth: {
					username: String(credentials.login ?? ''),
					password: String(credentials.password ?? ''),
				},
				headers: { Accept: mediaType, ...(customerKey ? { 'x-customer-key': customerKey } : {}) },
				json: false,
				returnFullResponse: true,
			})) as typeof response;
		} catch (error) {
			const status = (error as { response?: { status?: number } }).response?.status;
			if (status === 401) {
				throw new UserError(
					'The service refused the login: check the login and password of the POD Platform credential',
				);
			}
			throw new UserError(
				`Could not reach the POD Platform login at ${baseUrlOf(credentials)}/auth` +
					(status ? ` (HTTP ${status})` : `: ${(error as Error).message}`),
			);
		}
		const header = response.headers['x-auth-token'];
		const sessionToken = Array.isArray(header) ? header[0] : header;
		if (!sessionToken) {
			throw new UserError('The service accepted the login but sent no x-auth-token header');
		}
		const body = response.body;
		const sessionAccountId =
			typeof body === 'string'
				? body.trimStart().startsWith('<')
					? accountIdFromXmlBody(body)
					: accountIdFromLoginBody(safeJson(body))
				: accountIdFromLoginBody(body);
		return { sessionToken, sessionAccountId };
	}

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: { 'x-auth-token': '={{$credentials.sessionToken}}' },
		},
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL:
				'={{$credentials.environment === "custom" ? $credentials.baseUrl.replace(/\\/+$/, "") : ($credentials.environment === "production" ? "' +
				ENVIRONMENT_BASE_URLS.production +
				'" : "' +
				ENVIRONMENT_BASE_URLS.pilot +
				'")}}',
			url: '/accounts/session',
			headers: { Accept: 'application/json' },
		},
	};
}

function safeJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return undefined;
	}
}
