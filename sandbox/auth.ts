/** Access rules: the caller's session, and the account and shop a path names. */

import type { SandboxState, ServiceContext } from './context';
import { forbidden, notFound, unauthorized } from './errors';
import type { Account, Session, Shop, User } from './types';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
	return UUID_PATTERN.test(value);
}

/** The session token from `x-auth-token`, or else from the `SESSION` cookie. */
export function tokenOf(ctx: Pick<ServiceContext, 'headers'>): string | undefined {
	const header = ctx.headers['x-auth-token'];
	if (typeof header === 'string' && header.trim()) return header.trim();
	const cookie = ctx.headers.cookie;
	if (!cookie) return undefined;
	for (const part of cookie.split(';')) {
		const [name, ...rest] = part.trim().split('=');
		if (name === 'SESSION' && rest.join('=')) return rest.join('=');
	}
	return undefined;
}

/** The session id the Creator knows: the token without a routing suffix from the first `.`. */
export function bareSessionId(token: string): string {
	const dot = token.indexOf('.');
	return dot === -1 ? token : token.slice(0, dot);
}

/**
 * The session a token names: the token as issued; with the option `routingSuffix` also its bare
 * id, as the Creator widget's host knows the session only by the bare id it was handed (contract,
 * Creator widget snippet) and reads and fills the session order with it.
 */
function sessionOf(sandbox: SandboxState, token: string): Session | undefined {
	const issued = sandbox.store.sessions.get(token);
	if (issued || !sandbox.kind.routingSuffix || token.includes('.')) return issued;
	return [...sandbox.store.sessions.values()].find((s) => bareSessionId(s.token) === token);
}

function isExpired(sandbox: SandboxState, session: Session): boolean {
	const { expireAfterRequests, ttlMs } = sandbox.sessionPolicy;
	if (expireAfterRequests !== null && session.uses >= expireAfterRequests) return true;
	if (ttlMs !== null && Date.now() - session.createdAt > ttlMs) return true;
	return false;
}

/** Resolves the caller's session (401 when missing, unknown, logged out or expired). */
export function requireSession(ctx: ServiceContext): { session: Session; user: User } {
	if (ctx.session && ctx.user) return { session: ctx.session, user: ctx.user };
	const token = tokenOf(ctx);
	if (!token)
		throw unauthorized('Authentication required', 'No x-auth-token header or SESSION cookie');
	const session = sessionOf(ctx.sandbox, token);
	if (!session || !session.valid)
		throw unauthorized('Session is not valid', 'Unknown or logged-out session');
	if (isExpired(ctx.sandbox, session)) {
		session.valid = false;
		throw unauthorized('Session expired', 'The session token has expired; log in again');
	}
	session.uses++;
	const user = ctx.sandbox.store.userById(session.userId);
	if (!user) throw unauthorized('Session is not valid');
	ctx.session = session;
	ctx.user = user;
	return { session, user };
}

export interface AccessOptions {
	/** The call changes shop resources: a read-only role gets 403. */
	write?: boolean;
	/** The deferred-order endpoint answers 401 (not 404) for an unknown or foreign account/shop. */
	deferred?: boolean;
}

/** Checks the `accountId` path parameter against the caller (404, or 401 on the deferred endpoint). */
export function requireAccount(ctx: ServiceContext, options: AccessOptions = {}): Account {
	const { user } = requireSession(ctx);
	const accountId = Number(ctx.params.accountId);
	const account = ctx.sandbox.store.accounts.get(accountId);
	if (!account || user.accountId !== accountId) {
		if (options.deferred)
			throw unauthorized(
				'Access denied',
				`Account ${ctx.params.accountId} is not accessible with this session`,
			);
		throw notFound('Account not found', `No account ${ctx.params.accountId} for this user`);
	}
	return account;
}

/**
 * Checks `accountId` and `shopId` against the caller. A shop of the caller's account that a
 * shop admin does not administer answers 403 (a role matter, not an unknown resource).
 */
export function requireShop(ctx: ServiceContext, options: AccessOptions = {}): Shop {
	const account = requireAccount(ctx, options);
	const user = ctx.user as User;
	const shop = ctx.sandbox.store.shops.get(Number(ctx.params.shopId));
	if (!shop || shop.accountId !== account.id || shop.deleted) {
		if (options.deferred)
			throw unauthorized(
				'Access denied',
				`Shop ${ctx.params.shopId} is not accessible with this session`,
			);
		throw notFound('Shop not found', `No shop ${ctx.params.shopId} in account ${account.id}`);
	}
	if (!user.shopIds.includes(shop.id)) {
		throw forbidden('Access denied', `${user.role} of another shop may not use shop ${shop.id}`);
	}
	if (options.write && user.role === 'ROLE_AUTHORIZED_USER') {
		throw forbidden('Access denied', 'ROLE_AUTHORIZED_USER may not change shop resources');
	}
	return shop;
}
