/**
 * The POD Platform API credential: environment or base URL, login and password, optional account
 * and customer key. n8n logs in with Basic authentication to get a session token, keeps it hidden,
 * and logs in again when a request answers 401.
 */

import type {
	IAuthenticateGeneric,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestHelper,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import { ENVIRONMENT_BASE_URLS } from '../nodes/shared/environments';
import { logIn } from '../nodes/shared/login';

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
					description: `Integration testing, no real fulfillment (${ENVIRONMENT_BASE_URLS.pilot})`,
				},
				{
					name: 'Production',
					value: 'production',
					description: `Real orders and real fulfillment (${ENVIRONMENT_BASE_URLS.production})`,
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
		const { sessionToken, accountId } = await logIn(this.helpers, credentials);
		return { sessionToken, sessionAccountId: accountId };
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
