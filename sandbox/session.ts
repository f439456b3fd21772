/** Session endpoints: login (HTTP Basic), logout, the session's account, the public nonce. */

import { randomUUID } from 'node:crypto';

import { isUuid, requireSession, tokenOf } from './auth';
import { atomLink } from './codec';
import type { SandboxState, ServiceContext } from './context';
import { ApiError, badRequest, notFound, unauthorized } from './errors';
import { accountUrl } from './links';
import { ok, type Reply, type Router } from './router';
import type { Session } from './types';

function parseBasic(header: string | undefined): { login: string; password: string } | undefined {
	if (!header || !/^basic /i.test(header)) return undefined;
	const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
	const colon = decoded.indexOf(':');
	if (colon < 0) return undefined;
	return { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function sessionDetailsDoc(sandbox: SandboxState, session: Session) {
	return {
		authSessionDetails: {
			userId: session.userId,
			accountId: session.accountId,
			sessionId: session.token,
			customerPermanentStorageId: session.customerKey
				? sandbox.store.customerStorageIds.get(session.customerKey)
				: undefined,
		},
	};
}

/** The routing suffix of tokens under the option `routingSuffix`: a node name, as a load balancer's. */
const ROUTING_SUFFIX = 'node-7';

function sessionHeaders(token: string): Record<string, string | string[]> {
	return {
		'x-auth-token': token,
		'set-cookie': `SESSION=${token}; Path=/; Secure; HttpOnly`,
	};
}

function login(ctx: ServiceContext): Reply {
	const credentials = parseBasic(ctx.headers.authorization);
	if (!credentials) {
		// Contract: GET /auth takes Basic credentials. Only with the option may a valid session
		// ask for its own details without them.
		if (ctx.sandbox.kind.sessionDetailsByToken && tokenOf(ctx)) {
			const { session } = requireSession(ctx);
			return ok(sessionDetailsDoc(ctx.sandbox, session));
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
	const { store } = ctx.sandbox;
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
		// The contract's routing suffix after a `.` only with the option: a bare UUID otherwise
		// (field notes: "The token is a bare UUID").
		token: ctx.sandbox.kind.routingSuffix ? `${randomUUID()}.${ROUTING_SUFFIX}` : randomUUID(),
		userId: user.id,
		accountId: user.accountId,
		customerKey: customerKey || undefined,
		createdAt: Date.now(),
		uses: 0,
		valid: true,
	};
	store.sessions.set(session.token, session);
	ctx.sandbox.stats.logins++;
	return {
		status: 200,
		doc: sessionDetailsDoc(ctx.sandbox, session),
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
	const account = ctx.sandbox.store.accounts.get(user.accountId);
	if (!account) throw notFound('Account not found');
	const base = accountUrl(ctx.sandbox, account.id);
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
