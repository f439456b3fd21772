/**
 * Where each environment of the service lives. The contract gives both environments the same
 * interface under the path prefix `/webservices/rest`; only the host differs.
 */

export const ENVIRONMENT_BASE_URLS = {
	pilot: 'https://pilot.pod-platform.example/webservices/rest',
	production: 'https://api.pod-platform.example/webservices/rest',
} as const;

export type EnvironmentName = keyof typeof ENVIRONMENT_BASE_URLS | 'custom';

/** The base URL a credential points at, without a trailing slash. */
export function baseUrlOf(credentials: { environment?: unknown; baseUrl?: unknown }): string {
	const environment = (credentials.environment ?? 'pilot') as EnvironmentName;
	const url =
		environment === 'custom'
			? String(credentials.baseUrl ?? '')
			: (ENVIRONMENT_BASE_URLS[environment] ?? ENVIRONMENT_BASE_URLS.pilot);
	return url.replace(/\/+$/, '');
}
