import { randomUUID } from 'node:crypto';

import type { App, ServiceContext } from './app';
import { atomLink } from './codec';
import { ApiError, badRequest, forbidden, notFound, unauthorized } from './errors';
import { accountUrl } from './links';
import { ok, type Reply, type Router } from './router';
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

function isExpired(app: App, session: Session): boolean {
	const { expireAfterRequests, ttlMs } = app.sessionPolicy;
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
	const session = ctx.app.store.sessions.get(token);
	if (!session || !session.valid)
		throw unauthorized('Session is not valid', 'Unknown or logged-out session');
	if (isExpired(ctx.app, session)) {
		session.valid = false;
		throw unauthorized('Session expired', 'The session token has expired; log in again');
	}
	session.uses++;
	const user = ctx.app.store.userById(session.userId);
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
	const account = ctx.app.store.accounts.get(accountId);
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
	const shop = ctx.app.store.shops.get(Number(ctx.params.shopId));
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

function parseBasic(header: string | undefined): { login: string; password: string } | undefined {
	if (!header || !/^basic /i.test(header)) return undefined;
	const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
	const colon = decoded.indexOf(':');
	if (colon < 0) return undefined;
	return { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function sessionDetailsDoc(app: App, session: Session) {
	return {
		authSessionDetails: {
			userId: session.userId,
			accountId: session.accountId,
			sessionId: session.token,
			customerPermanentStorageId: session.customerKey
				? app.store.customerStorageIds.get(session.customerKey)
				: undefined,
		},
	};
}

function sessionHeaders(token: string): Record<string, string | string[]> {
	return {
		'x-auth-token': token,
		'set-cookie': `SESSION=${token}; Path=/; Secure; HttpOnly`,
	};
}

function login(ctx: ServiceContext): Reply {
	const credentials = parseBasic(ctx.headers.authorization);
	if (!credentials) {
		// Without Basic credentials a valid session may ask for its own details.
		if (tokenOf(ctx)) {
			const { session } = requireSession(ctx);
			return ok(sessionDetailsDoc(ctx.app, session));
		}
		throw new ApiError(
			401,
			'Authentication required',
			'HTTP Basic credentials expected',
			{},
			{
				'www-authenticate': 'Basic realm="pod-platform"',
			},
		);
	}
	const { store } = ctx.app;
	const user = store.users.find(
		(u) => u.login === credentials.login && u.password === credentials.password,
	);
	if (!user) throw unauthorized('Bad credentials', 'Wrong login or password');
	const customerKeyHeader = ctx.headers['x-customer-key'];
	const customerKey = typeof customerKeyHeader === 'string' ? customerKeyHeader.trim() : undefined;
	if (customerKey !== undefined && customerKey !== '' && !isUuid(customerKey)) {
		throw badRequest(
			'Invalid customer key',
			'x-customer-key must be a UUID from /public/nonce/uuid',
		);
	}
	if (customerKey && !store.customerStorageIds.has(customerKey)) {
		store.customerStorageIds.set(customerKey, store.nextId('misc'));
	}
	const session: Session = {
		token: randomUUID(),
		userId: user.id,
		accountId: user.accountId,
		customerKey: customerKey || undefined,
		createdAt: Date.now(),
		uses: 0,
		valid: true,
	};
	store.sessions.set(session.token, session);
	ctx.app.stats.logins++;
	return {
		status: 200,
		doc: sessionDetailsDoc(ctx.app, session),
		headers: sessionHeaders(session.token),
	};
}

function logout(ctx: ServiceContext): Reply {
	const { session } = requireSession(ctx);
	session.valid = false;
	return {
		status: 204,
		headers: {
			'x-auth-token': '',
			'set-cookie': 'SESSION=; Path=/; Max-Age=0; Secure; HttpOnly',
		},
	};
}

function accountOfSession(ctx: ServiceContext): Reply {
	const { user } = requireSession(ctx);
	const account = ctx.app.store.accounts.get(user.accountId);
	if (!account) throw notFound('Account not found');
	const base = accountUrl(ctx.app, account.id);
	return ok({
		account: {
			id: account.id,
			name: account.name,
			role: user.role,
			'atom.link': [
				atomLink('self', base),
				atomLink('shops', `${base}/shops`),
				atomLink('countries', `${base}/countries`),
				atomLink('shippingModules', `${base}/shippingModules`),
			],
		},
	});
}

export function registerSessionRoutes(router: Router<ServiceContext>): void {
	router.get('/auth', login);
	router.post('/auth', login);
	router.delete('/auth', logout);
	router.get('/accounts/session', accountOfSession);
	// The public Nonce resource: a customer key for the permanent user motive library.
	router.get('/public/nonce/uuid', () => ok({ string: { value: randomUUID() } }));
}
