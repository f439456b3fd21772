import type { ICredentialDataDecryptedObject } from 'n8n-workflow';
import { request } from 'undici';

import type { Sandbox } from '../../sandbox';
import { DEMO } from '../../sandbox';
import { CREDENTIAL_TYPE, CredentialStore } from './n8n';

/** A stored credential pointing at the sandbox with the demo login, as a user would set it up. */
export function sandboxCredentials(
	sandbox: Sandbox,
	overrides: ICredentialDataDecryptedObject = {},
): CredentialStore {
	return new CredentialStore({
		[CREDENTIAL_TYPE]: {
			environment: 'custom',
			baseUrl: sandbox.baseUrl,
			login: DEMO.login,
			password: DEMO.password,
			accountId: '',
			customerKey: '',
			mediaType: 'json',
			sessionToken: '',
			sessionAccountId: '',
			...overrides,
		},
	});
}

/** Call the sandbox's control API. */
export async function control<T = unknown>(
	sandbox: Sandbox,
	method: 'GET' | 'POST' | 'PUT' | 'DELETE',
	path: string,
	body?: unknown,
): Promise<T> {
	const response = await request(`${sandbox.controlUrl}${path}`, {
		method,
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.body.text();
	if (response.statusCode >= 400) {
		throw new Error(`control ${method} ${path} answered ${response.statusCode}: ${text}`);
	}
	return (text ? JSON.parse(text) : undefined) as T;
}

export interface SandboxStats {
	logins: number;
	requests: number;
	ordersCreated: number;
	deliveriesAttempted: number;
}

export interface LoggedRequest {
	seq: number;
	method: string;
	path: string;
	query: Record<string, string>;
	status: number;
	hasToken: boolean;
}

export const shopParameter = (shopId: number | string = DEMO.shopId) => ({
	__rl: true,
	mode: 'id',
	value: String(shopId),
});
