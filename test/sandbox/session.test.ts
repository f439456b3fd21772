import { startSandbox, type Sandbox } from '../../sandbox';
import { sleep } from '../support/eventually';
import { SandboxControl } from '../support/sandbox';
import { basic, ServiceClient } from '../support/service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('sandbox: session and authentication', () => {
	let sandbox: Sandbox;
	let control: SandboxControl;

	beforeAll(async () => {
		// The plain default, also under SANDBOX_OPTIONS=all: bare-UUID tokens, GET /auth needs Basic.
		sandbox = await startSandbox({ port: 0, routingSuffix: false, sessionDetailsByToken: false });
		control = new SandboxControl(sandbox);
	});
	afterAll(() => sandbox.close());
	beforeEach(() => control.call('POST', '/reset'));

	test('startSandbox exposes base URL, control URL and port on 127.0.0.1', () => {
		expect(sandbox.baseUrl).toBe(`http://127.0.0.1:${sandbox.port}/webservices/rest`);
		expect(sandbox.controlUrl).toBe(`http://127.0.0.1:${sandbox.port}/__sandbox`);
		expect(sandbox.port).toBeGreaterThan(0);
	});

	test('GET /auth with Basic credentials answers a UUID token in header and SESSION cookie', async () => {
		const client = new ServiceClient(sandbox.baseUrl);
		const result = await client.login('demo', 'demo-password');
		expect(result.status).toBe(200);
		const token = String(result.headers['x-auth-token']);
		expect(token).toMatch(UUID);
		const cookie = String(result.headers['set-cookie']);
		expect(cookie).toContain(`SESSION=${token}`);
		expect(cookie).toMatch(/Secure/);
		expect(cookie).toMatch(/HttpOnly/);
		expect(result.json.authSessionDetails).toMatchObject({
			userId: 11,
			accountId: 387,
			sessionId: token,
		});
		// The control API tells who holds it; a token never issued is 404.
		expect(await control.call('GET', `/sessions/${token}`)).toEqual({
			userId: 11,
			accountId: 387,
			valid: true,
		});
		expect((await control.answer('GET', '/sessions/not-a-token')).status).toBe(404);
	});

	test('POST /auth logs in too; wrong credentials and missing credentials are 401', async () => {
		const ok = await new ServiceClient(sandbox.baseUrl).call('POST', '/auth', {
			headers: { authorization: basic('shopadmin', 'shopadmin-password') },
		});
		expect(ok.status).toBe(200);
		expect(ok.json.authSessionDetails.userId).toBe(12);

		const wrong = await new ServiceClient(sandbox.baseUrl).login('demo', 'nope');
		expect(wrong.status).toBe(401);
		expect(wrong.json.exception.message).toBeTruthy();
		const none = await new ServiceClient(sandbox.baseUrl).get('/auth');
		expect(none.status).toBe(401);
	});

	test('GET /auth with a token and no Basic credentials: 401 by default, the session with the option sessionDetailsByToken', async () => {
		const client = new ServiceClient(sandbox.baseUrl);
		await client.login('shopadmin');
		expect((await client.get('/auth')).status).toBe(401);
		const kind = await startSandbox({ port: 0, sessionDetailsByToken: true });
		try {
			const kindClient = new ServiceClient(kind.baseUrl);
			await kindClient.login('shopadmin');
			const details = await kindClient.get('/auth');
			expect(details.status).toBe(200);
			expect(details.json.authSessionDetails.userId).toBe(12);
		} finally {
			await kind.close();
		}
	});

	test('the token is accepted as header or as SESSION cookie; nothing or garbage is 401', async () => {
		const client = new ServiceClient(sandbox.baseUrl);
		await client.login();
		expect((await client.get('/accounts/session')).json.account.id).toBe(387);
		const viaCookie = await client.get('/accounts/session', {
			token: null,
			headers: { cookie: `other=1; SESSION=${client.token}` },
		});
		expect(viaCookie.status).toBe(200);
		expect((await client.get('/accounts/session', { token: null })).status).toBe(401);
		expect((await client.get('/accounts/session', { token: 'not-a-session' })).status).toBe(401);
	});

	test('DELETE /auth invalidates the session and clears token and cookie', async () => {
		const client = new ServiceClient(sandbox.baseUrl);
		await client.login();
		const out = await client.delete('/auth');
		expect(out.status).toBe(204);
		expect(out.headers['x-auth-token']).toBe('');
		expect(String(out.headers['set-cookie'])).toMatch(/SESSION=;.*Max-Age=0/);
		expect((await client.get('/accounts/session')).status).toBe(401);
	});

	test('GET /public/nonce/uuid needs no session; a customer key shows in the login', async () => {
		const client = new ServiceClient(sandbox.baseUrl);
		const nonce = await client.get('/public/nonce/uuid');
		expect(nonce.status).toBe(200);
		const key = nonce.json.string.value;
		expect(key).toMatch(UUID);
		const first = await client.call('POST', '/auth', {
			headers: { authorization: basic('demo', 'demo-password'), 'x-customer-key': key },
		});
		const second = await client.call('POST', '/auth', {
			headers: { authorization: basic('demo', 'demo-password'), 'x-customer-key': key },
		});
		expect(first.json.authSessionDetails.customerPermanentStorageId).toEqual(expect.any(Number));
		expect(second.json.authSessionDetails.customerPermanentStorageId).toBe(
			first.json.authSessionDetails.customerPermanentStorageId,
		);
		const bad = await client.call('POST', '/auth', {
			headers: { authorization: basic('demo', 'demo-password'), 'x-customer-key': 'nope' },
		});
		expect(bad.status).toBe(400);
	});

	test('session policy: tokens expire after N authenticated requests', async () => {
		await control.call('PUT', '/session-policy', { expireAfterRequests: 2 });
		const client = new ServiceClient(sandbox.baseUrl);
		await client.login();
		expect((await client.get('/accounts/session')).status).toBe(200);
		expect((await client.get('/accounts/session')).status).toBe(200);
		const expired = await client.get('/accounts/session');
		expect(expired.status).toBe(401);
		expect(expired.json.exception.message).toMatch(/expired/i);
		await client.login();
		expect((await client.get('/accounts/session')).status).toBe(200);
	});

	test('session policy: tokens expire after ttlMs; null switches it off', async () => {
		// Long enough that a loaded machine answers the first request within it.
		await control.call('PUT', '/session-policy', { ttlMs: 1000 });
		const client = new ServiceClient(sandbox.baseUrl);
		await client.login();
		expect((await client.get('/accounts/session')).status).toBe(200);
		await sleep(1100);
		expect((await client.get('/accounts/session')).status).toBe(401);
		const policy = await control.call('PUT', '/session-policy', { ttlMs: null });
		expect(policy).toEqual({ expireAfterRequests: null, ttlMs: null });
		await client.login();
		await sleep(1100);
		expect((await client.get('/accounts/session')).status).toBe(200);
	});

	test('unknown paths are 404, a known path with another method is 405', async () => {
		const client = new ServiceClient(sandbox.baseUrl);
		await client.login();
		const missing = await client.get('/no/such/thing');
		expect(missing.status).toBe(404);
		expect(missing.json.exception.message).toBeTruthy();
		const wrongMethod = await client.call('PATCH', '/accounts/387/shops/1597/orders');
		expect(wrongMethod.status).toBe(405);
		expect(wrongMethod.headers.allow).toContain('GET');
	});

	test('stats count logins and requests; the request log never holds secrets', async () => {
		const client = new ServiceClient(sandbox.baseUrl);
		await client.login();
		await client.get('/accounts/session');
		const stats = await control.call('GET', '/stats');
		expect(stats).toMatchObject({
			logins: 1,
			requests: 2,
			ordersCreated: 0,
			deliveriesAttempted: 0,
		});
		const log = await control.answer('GET', '/requests');
		expect(log.status).toBe(200);
		const entries = JSON.parse(log.text);
		expect(entries).toHaveLength(2);
		expect(entries[1]).toMatchObject({
			seq: 2,
			method: 'GET',
			path: '/accounts/session',
			hasToken: true,
			status: 200,
		});
		expect(entries[0].hasToken).toBe(false);
		expect(log.text).not.toContain(String(client.token));
		expect(log.text).not.toContain('demo-password');
		await control.call('DELETE', '/requests');
		expect(await control.call('GET', '/requests')).toEqual([]);
	});
});
