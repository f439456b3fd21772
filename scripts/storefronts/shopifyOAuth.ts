/**
 * The Shopify stand-in's OAuth (scripts/storefronts.ts): an app of Shopify's Dev Dashboard, as n8n's
 * **Shopify OAuth2 API** credential connects to it. Shopify documents the token endpoint
 * `POST https://{shop}.myshopify.com/admin/oauth/access_token` ("Authorization code grant",
 * shopify.dev/docs/apps/build/authentication-authorization/access-tokens/authorization-code-grant)
 * and, for expiring offline tokens, the same endpoint with `grant_type=refresh_token`
 * ("Offline access tokens": the answer carries `access_token`, `expires_in`, `refresh_token` and
 * `refresh_token_expires_in`; a refresh token is used once). The client authenticates with its
 * `client_id` and `client_secret` in the body (n8n's credential sends them so: its Authentication is
 * `body`). An access token goes in `X-Shopify-Access-Token` on every Admin API request.
 *
 * The stand-in issues tokens that expire after `lifetimeMs`, so that a run outlives its token and
 * n8n must refresh it: Shopify answers an expired one 401 ("[API] Invalid API key or access token"),
 * which is what n8n refreshes on.
 */
import { randomUUID } from 'node:crypto';

type Json = Record<string, unknown>;

export interface ShopifyOAuthApp {
	clientId: string;
	clientSecret: string;
	/** Whether an access token is one this app issued and has not expired. */
	valid(accessToken: string | undefined): boolean;
	/** A token pair as the authorization code grant gives it (what n8n stores once connected). */
	issue(): { access_token: string; refresh_token: string; expires_in: number; scope: string };
	/** Make every token issued so far expired (the run outlives them). */
	expireAll(): void;
	/** The token endpoint; undefined when the path is not it. */
	route(method: string, path: string, body: unknown): { status: number; body: unknown } | undefined;
	/** Every refresh asked for, answered or refused. */
	refreshes: Array<{ status: number }>;
}

export interface ShopifyOAuthOptions {
	clientId?: string;
	clientSecret?: string;
	/** How long an access token lives (Shopify's expiring offline tokens: an hour). */
	lifetimeMs?: number;
	/** The scopes granted, as the answer names them. */
	scope?: string;
}

export function shopifyOAuthApp(options: ShopifyOAuthOptions = {}): ShopifyOAuthApp {
	const clientId = options.clientId ?? 'stand-in-client-id';
	const clientSecret = options.clientSecret ?? 'stand-in-client-secret';
	const lifetimeMs = options.lifetimeMs ?? 3_600_000;
	const scope =
		options.scope ??
		'read_orders,write_orders,read_products,write_products,read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders';
	/** Access token → when it expires. */
	const accessTokens = new Map<string, number>();
	/** Refresh tokens not used yet. */
	const refreshTokens = new Set<string>();
	const refreshes: Array<{ status: number }> = [];

	const issue = () => {
		const accessToken = `shpua_${randomUUID().replace(/-/g, '')}`;
		const refreshToken = `shprt_${randomUUID().replace(/-/g, '')}`;
		accessTokens.set(accessToken, Date.now() + lifetimeMs);
		refreshTokens.add(refreshToken);
		return {
			access_token: accessToken,
			refresh_token: refreshToken,
			expires_in: Math.round(lifetimeMs / 1000),
			scope,
		};
	};

	const refused = (status: number, error: string, description: string) => {
		refreshes.push({ status });
		return { status, body: { error, error_description: description } };
	};

	return {
		clientId,
		clientSecret,
		valid: (accessToken) =>
			accessToken !== undefined && (accessTokens.get(accessToken) ?? 0) > Date.now(),
		issue,
		expireAll: () => {
			for (const token of accessTokens.keys()) accessTokens.set(token, 0);
		},
		route(method, path, body) {
			if (!/\/admin\/oauth\/access_token$/.test(path)) return undefined;
			if (method !== 'POST') return { status: 405, body: { errors: 'Method Not Allowed' } };
			const form = (typeof body === 'object' && body !== null ? body : {}) as Json;
			if (form.client_id !== clientId || form.client_secret !== clientSecret) {
				return refused(401, 'invalid_client', 'Client authentication failed');
			}
			if (form.grant_type !== 'refresh_token') {
				return refused(400, 'unsupported_grant_type', 'The stand-in takes refresh_token only');
			}
			const refreshToken = String(form.refresh_token ?? '');
			if (!refreshTokens.delete(refreshToken)) {
				return refused(400, 'invalid_grant', 'The refresh token is invalid or was used');
			}
			const issued = issue();
			refreshes.push({ status: 200 });
			return {
				status: 200,
				body: { ...issued, refresh_token_expires_in: 7_776_000 },
			};
		},
		refreshes,
	};
}
