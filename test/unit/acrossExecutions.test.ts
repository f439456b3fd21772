/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- reads the repository's source files, never shipped */
/**
 * The one place that outlives an execution (nodes/shared/acrossExecutions.ts): bounded, lapsing
 * after its lifetime, and keyed so that one credential, service or shop never takes another's
 * entries; the pure memos of the package are all listed there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import {
	CATALOG_LIFETIME_MS,
	DERIVED_KEPT,
	FILTER_LIFETIME_MS,
	HOLDS_KEPT,
	LOOKUPS_KEPT,
	Lapsing,
	PRODUCTS_KEPT,
	REFUSAL_KEPT_MS,
	RENEWALS_KEPT,
	RENEWAL_SHARED_MS,
	executionMemory,
	executionMemorySizes,
	forgetAllExecutions,
	holdEndOf,
	holdRequests,
	holdsKept,
	pureMemoNames,
	renewSessionOnce,
	renewalSizes,
	textMemo,
} from '../../nodes/shared/acrossExecutions';

describe('Lapsing', () => {
	let now = 1_000;
	const clock = () => now;

	test('an entry lapses once its lifetime has passed, and is gone when read', () => {
		const map = new Lapsing<string>(10, 60_000, clock);
		map.set('a', 'A');
		now += 59_999;
		expect(map.get('a')).toBe('A');
		now += 1;
		expect(map.get('a')).toBeUndefined();
		expect(map.size).toBe(0);
	});

	test('full, it drops the lapsed entries first, then the oldest', () => {
		const map = new Lapsing<number>(3, 1_000, clock);
		map.set('old', 1);
		now += 600;
		map.set('b', 2);
		map.set('c', 3);
		now += 500; // 'old' has lapsed, 'b' and 'c' have not
		map.set('d', 4);
		expect([map.get('old'), map.get('b'), map.get('c'), map.get('d')]).toEqual([
			undefined,
			2,
			3,
			4,
		]);
		map.set('b', 22); // set again: now the newest
		map.set('e', 5);
		expect([map.get('c'), map.get('d'), map.get('b'), map.get('e')]).toEqual([undefined, 4, 22, 5]);
		expect(map.size).toBe(3);
	});
});

describe('executionMemory', () => {
	beforeEach(() => forgetAllExecutions());
	const shop = '/accounts/387/shops/1597';
	const product = `${shop}/products/1004`;

	test('a credential, a service and a shop each see only their own entries', () => {
		const mine = executionMemory('digest-a', 'https://pilot.example/rest');
		mine.remember('products', product, { id: 1004 });
		mine.remember('skus', `${shop} IPOD2008`, [{ productId: 1004 }]);
		mine.rememberFilter('f1', 'filter-1');
		expect(mine.recall('products', product)).toEqual({ id: 1004 });
		expect(mine.filterId('f1')).toBe('filter-1');

		const otherCredential = executionMemory('digest-b', 'https://pilot.example/rest');
		const otherService = executionMemory('digest-a', 'https://live.example/rest');
		for (const other of [otherCredential, otherService]) {
			expect(other.recall('products', product)).toBeUndefined();
			expect(other.recall('skus', `${shop} IPOD2008`)).toBeUndefined();
			expect(other.filterId('f1')).toBeUndefined();
		}
		// Another shop of the same account: its keys are its own paths.
		expect(mine.recall('products', '/accounts/387/shops/1598/products/1004')).toBeUndefined();
		expect(mine.recall('skus', '/accounts/387/shops/15970 IPOD2008')).toBeUndefined();
		// The same key under another kind is another entry.
		expect(mine.recall('productNames', `${shop} IPOD2008`)).toBeUndefined();

		mine.forget('skus', `${shop} IPOD2008`);
		mine.forgetFilter('f1');
		expect(mine.recall('skus', `${shop} IPOD2008`)).toBeUndefined();
		expect(mine.filterId('f1')).toBeUndefined();
		expect(mine.recall('products', product)).toEqual({ id: 1004 });
	});

	test('bounded: products, look-ups and filters each keep at most their number', () => {
		const memory = executionMemory('digest', 'https://pilot.example/rest');
		for (let k = 0; k < PRODUCTS_KEPT + 10; k++)
			memory.remember('products', `${shop}/products/${k}`, {});
		for (let k = 0; k < LOOKUPS_KEPT + 10; k++) memory.remember('skus', `${shop} SKU-${k}`, [1]);
		expect(executionMemorySizes()).toMatchObject({
			products: PRODUCTS_KEPT,
			lookups: LOOKUPS_KEPT,
		});
		// The oldest went first.
		expect(memory.recall('products', `${shop}/products/0`)).toBeUndefined();
		expect(memory.recall('products', `${shop}/products/${PRODUCTS_KEPT + 9}`)).toEqual({});
	});

	test('catalog reads lapse after a minute, filter IDs after ten', () => {
		expect(CATALOG_LIFETIME_MS).toBe(60_000);
		expect(FILTER_LIFETIME_MS).toBe(600_000);
		jest.useFakeTimers({ now: 5_000_000, doNotFake: ['nextTick', 'queueMicrotask'] });
		try {
			const memory = executionMemory('digest', 'https://pilot.example/rest');
			memory.remember('products', product, { id: 1004 });
			memory.rememberFilter('f', 'filter');
			jest.setSystemTime(5_000_000 + 60_001);
			expect(memory.recall('products', product)).toBeUndefined();
			expect(memory.filterId('f')).toBe('filter');
			jest.setSystemTime(5_000_000 + 600_001);
			expect(memory.filterId('f')).toBeUndefined();
		} finally {
			jest.useRealTimers();
		}
	});
});

describe('rate-limit holds', () => {
	let now = 1_000_000;
	beforeEach(() => {
		forgetAllExecutions();
		jest.spyOn(Date, 'now').mockImplementation(() => now);
	});
	afterEach(() => jest.restoreAllMocks());

	test('a hold is only lengthened, ends at its time, and is gone once read after it', () => {
		holdRequests('login-a', now + 2_000);
		holdRequests('login-a', now + 500);
		expect(holdEndOf('login-a')).toBe(now + 2_000);
		expect(holdEndOf('login-b')).toBeUndefined();
		holdRequests('login-a', now + 3_000);
		expect(holdEndOf('login-a')).toBe(now + 3_000);
		now += 3_000;
		expect(holdEndOf('login-a')).toBeUndefined();
		expect(holdsKept()).toBe(0);
	});

	test('bounded: full, the ended holds go first, then the oldest', () => {
		holdRequests('ended', now + 10);
		for (let k = 1; k < HOLDS_KEPT; k++) holdRequests(`login-${k}`, now + 60_000);
		now += 10;
		holdRequests('newest', now + 60_000);
		expect(holdsKept()).toBe(HOLDS_KEPT);
		expect(holdEndOf('login-1')).toBe(now + 59_990);
		holdRequests('newer still', now + 60_000);
		expect(holdsKept()).toBe(HOLDS_KEPT);
		expect(holdEndOf('login-1')).toBeUndefined();
		expect(holdEndOf('newest')).toBe(now + 60_000);
	});
});

describe('pure memos', () => {
	test('every one the source makes is named in the one place, and none other', async () => {
		// The names the source gives its memos (a named textMemo or derivedOnce call anywhere under
		// nodes/), read from the files; the registry as the loaded modules filled it: the two agree,
		// so a memo made where this test does not look, or named twice, fails here.
		const root = path.resolve(__dirname, '../..');
		const sources = readdirSync(path.join(root, 'nodes'), { recursive: true, encoding: 'utf8' })
			.filter((file) => file.endsWith('.ts'))
			.map((file) => path.join(root, 'nodes', file));
		const named = sources.flatMap((file) =>
			[
				...readFileSync(file, 'utf8').matchAll(
					/\b(?:textMemo|derivedOnce)(?:<[^>]*>)?\(\s*'([^']+)'/g,
				),
			].map((match) => match[1]),
		);
		expect(named.length).toBeGreaterThan(4);
		expect(new Set(named).size).toBe(named.length);
		for (const file of sources) await import(file);
		expect(pureMemoNames()).toEqual([...named].sort());
	});

	test('a text memo computes once per text and stays bounded', () => {
		let made = 0;
		const upper = textMemo('test: upper case', (text) => {
			made++;
			return text.toUpperCase();
		});
		expect([upper('a'), upper('a')]).toEqual(['A', 'A']);
		expect(made).toBe(1);
		for (let k = 0; k < DERIVED_KEPT + 1; k++) upper(`t${k}`);
		// Emptied when full: 'a' is made again.
		upper('a');
		expect(made).toBe(DERIVED_KEPT + 3);
	});
});

describe('renewSessionOnce: one login per expired session', () => {
	beforeEach(() => forgetAllExecutions());
	const who = ['https://pilot.example/rest', 'merchant', ''];
	const key = (token: string, secret = 'pw-1') => ({ who, secret, token });
	const refusal = {
		is: (error: unknown) => (error as Error).message === 'refused',
		refused: () => new Error('refused'),
	};
	/** A login that answers the next token of a numbered series, after the caller lets it. */
	function logins() {
		let made = 0;
		const login = jest.fn(async () => {
			await Promise.resolve();
			made++;
			return { sessionToken: `T${made}`, accountId: '387' };
		});
		return login;
	}

	test('callers that met the same expired session at once share one login', async () => {
		const login = logins();
		const renewed = await Promise.all(
			Array.from({ length: 8 }, async () => await renewSessionOnce(key('T0'), login, refusal)),
		);
		expect(login).toHaveBeenCalledTimes(1);
		expect(new Set(renewed.map((r) => r.sessionToken))).toEqual(new Set(['T1']));
		expect(renewalSizes()).toEqual({ inFlight: 0, renewed: 1, refused: 0 });
	});

	test('a caller that meets it just after gets that session; after RENEWAL_SHARED_MS it logs in', async () => {
		expect(RENEWAL_SHARED_MS).toBe(1_000);
		jest.useFakeTimers({ now: 7_000_000, doNotFake: ['nextTick', 'queueMicrotask'] });
		try {
			const login = logins();
			await renewSessionOnce(key('T0'), login, refusal);
			jest.setSystemTime(7_000_000 + 999);
			expect((await renewSessionOnce(key('T0'), login, refusal)).sessionToken).toBe('T1');
			expect(login).toHaveBeenCalledTimes(1);
			jest.setSystemTime(7_000_000 + 1_001);
			expect((await renewSessionOnce(key('T0'), login, refusal)).sessionToken).toBe('T2');
			expect(login).toHaveBeenCalledTimes(2);
		} finally {
			jest.useRealTimers();
		}
	});

	test('callers with no session yet share a login under way; one that comes after logs in itself', async () => {
		const login = logins();
		const first = await Promise.all([
			renewSessionOnce(key(''), login, refusal),
			renewSessionOnce(key(''), login, refusal),
		]);
		expect(first.map((r) => r.sessionToken)).toEqual(['T1', 'T1']);
		expect((await renewSessionOnce(key(''), login, refusal)).sessionToken).toBe('T2');
		expect(login).toHaveBeenCalledTimes(2);
	});

	test('a renewal renewed in turn is followed to the newest session', async () => {
		const login = logins();
		await renewSessionOnce(key('T0'), login, refusal); // T0 → T1
		await renewSessionOnce(key('T1'), login, refusal); // T1 → T2
		expect((await renewSessionOnce(key('T0'), login, refusal)).sessionToken).toBe('T2');
		expect(login).toHaveBeenCalledTimes(2);
	});

	test('another password, service or login is another session: it logs in itself', async () => {
		const login = logins();
		await renewSessionOnce(key('T0'), login, refusal);
		await renewSessionOnce(key('T0', 'pw-2'), login, refusal);
		await renewSessionOnce(
			{ ...key('T0'), who: ['https://live.example/rest', 'merchant', ''] },
			login,
			refusal,
		);
		await renewSessionOnce({ ...key('T0'), who: [who[0], 'other', ''] }, login, refusal);
		expect(login).toHaveBeenCalledTimes(4);
	});

	test('a refused login is answered as refused, each caller its own error, until the password changes', async () => {
		expect(REFUSAL_KEPT_MS).toBe(30_000);
		const login = jest.fn(async () => {
			await Promise.resolve();
			throw new Error('refused');
		});
		const errors = await Promise.all(
			Array.from({ length: 4 }, async () =>
				renewSessionOnce(key('T0'), login, refusal).catch((error: Error) => error),
			),
		);
		const later = await renewSessionOnce(key(''), login, refusal).catch((error: Error) => error);
		expect(login).toHaveBeenCalledTimes(1);
		for (const error of [...errors, later]) expect((error as Error).message).toBe('refused');
		expect(new Set([...errors, later]).size).toBe(5);
		await renewSessionOnce(key('', 'pw-2'), login, refusal).catch(() => undefined);
		expect(login).toHaveBeenCalledTimes(2);
	});

	test('a login that could not reach the service is not kept: the next caller tries again', async () => {
		let calls = 0;
		const login = async () => {
			calls++;
			if (calls === 1) throw new Error('socket hang up');
			return { sessionToken: 'T1', accountId: '387' };
		};
		await expect(renewSessionOnce(key('T0'), login, refusal)).rejects.toThrow('socket hang up');
		expect((await renewSessionOnce(key('T0'), login, refusal)).sessionToken).toBe('T1');
		expect(calls).toBe(2);
	});

	test('bounded: at most RENEWALS_KEPT renewed sessions are kept', async () => {
		const login = logins();
		for (let k = 0; k < RENEWALS_KEPT + 5; k++)
			await renewSessionOnce(key(`S${k}`), login, refusal);
		expect(renewalSizes().renewed).toBe(RENEWALS_KEPT);
	});
});
