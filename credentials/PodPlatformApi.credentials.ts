/**
 * The POD Platform API credential: environment or base URL, login and password, optional account
 * and customer key, the login whose sessions Creator pages hold (Get Snippet needs it), and behind
 * Show Advanced Settings the media type of the bodies. n8n
 * logs in with Basic authentication to get a session token, keeps it hidden, and logs in again
 * when a request answers 401.
 */

import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import { ENVIRONMENT_BASE_URLS } from '../nodes/shared/environments';
import { PAGE_LOGIN, logInOncePerSession } from '../nodes/shared/login';

/** The roles that may change a shop's orders and motives (contract, Authentication 6). */
const SHOP_ADMIN_ROLE = 'ROLE_SHOP_ADMIN';
const ACCOUNT_ADMIN_ROLE = 'ROLE_ACCOUNT_ADMIN';

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
			// The login is a user of the merchant's service account (contract, Authentication); the
			// roles are the contract's, and the node changes shop resources (orders, motives, webhooks).
			displayName: `Login and Password: the account login of a user of your POD Platform account, the user name and password that user signs in with (your account admin can give you one). Use a user with the role ${SHOP_ADMIN_ROLE} for the shops your workflows work in, or ${ACCOUNT_ADMIN_ROLE} for every shop of the account: ${PAGE_LOGIN.role} cannot create orders or motives and belongs only in ${PAGE_LOGIN.loginLabel} below.`,
			name: 'loginNotice',
			type: 'notice',
			default: '',
		},
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
			displayName: PAGE_LOGIN.loginLabel,
			name: PAGE_LOGIN.loginField,
			type: 'string',
			default: '',
			description: `Only for Creator → Get Snippet, which needs it. Every visitor of a Creator page holds a session of this login, so use a login of the lowest role (${PAGE_LOGIN.role}), never the Login above.`,
		},
		{
			displayName: PAGE_LOGIN.passwordLabel,
			name: PAGE_LOGIN.passwordField,
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: `Password of the ${PAGE_LOGIN.loginLabel}`,
		},
		{
			displayName: 'Show Advanced Settings',
			name: 'showAdvancedSettings',
			type: 'boolean',
			default: false,
			description:
				'Whether to show the settings of the deployment that the defaults already fit: the Media Type',
		},
		{
			// A detail of the deployment. The node reads JSON unless this says `xml`, so a credential
			// saved without it (as the editor saves one with the advanced settings closed) speaks JSON.
			displayName: 'Media Type',
			name: 'mediaType',
			type: 'options',
			default: 'json',
			options: [
				{ name: 'JSON', value: 'json' },
				{ name: 'XML', value: 'xml' },
			],
			description: 'Format of request and response bodies. Both carry the same data.',
			displayOptions: { show: { showAdvancedSettings: [true] } },
		},
		{
			// A credential saved with XML while Media Type was a main field has no toggle stored, so
			// it opens with the advanced settings closed; it keeps working in XML, but n8n saves only
			// the fields shown, so saving it so would drop XML. This says so while it matters.
			displayName:
				'This credential uses XML (Media Type). Turn on Show Advanced Settings before saving to keep XML; saved with them off, it uses JSON, which carries the same data.',
			name: 'mediaTypeNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { showAdvancedSettings: [false], mediaType: ['xml'] } },
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
	 * answers 401 (the token expired) and when the credential is tested; for a 401 it calls it once
	 * per request that met the expiry, so the requests in flight share one login
	 * (`logInOncePerSession`) instead of opening a session each.
	 */
	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		const { sessionToken, accountId } = await logInOncePerSession(
			this.helpers,
			credentials,
			String(credentials.sessionToken ?? ''),
		);
		return { sessionToken, sessionAccountId: accountId };
	}

	/**
	 * The session token as `x-auth-token` on every request. A function rather than a generic
	 * `{{$credentials.sessionToken}}` block: n8n evaluates a generic block as an expression on every
	 * request, which costs more than the request's own encoding on a fast service.
	 */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		requestOptions.headers = {
			...requestOptions.headers,
			'x-auth-token': String(credentials.sessionToken ?? ''),
		};
		return requestOptions;
	}

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
