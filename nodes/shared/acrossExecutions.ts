/**
 * The one place where the action node keeps anything from one execution to the next (everything
 * else lives on the run: `RunScope`, `Memo`). A storefront sends each order as an execution of its
 * own; without this, every order by SKU or name would look the catalog up again (docs/storefront.md,
 * "What an order costs"). Kept here, per process (each queue worker has its own), never shared
 * between processes and never written anywhere:
 *
 * - **catalog reads** for `CATALOG_LIFETIME_MS`: expanded products, look-ups of SKUs, product names
 *   and motive names that found something, the account's countries. An order refused (by the
 *   node's checks or by the service) while it used any of them is read again and retried once
 *   (`submit.operation.ts`); what it reads again replaces what was kept, and a look-up that now
 *   finds nothing is forgotten;
 * - **stored filters' IDs** by their content for `FILTER_LIFETIME_MS`: the service returns the
 *   same filter for the same content (contract, Filters rule 1), and a filter it no longer knows
 *   (-104) is stored again (`common/list.ts`, `listByStoredFilter`);
 * - **the Unique IDs being sent** (`oneSenderAtATime`): runs of Submit in this process that send
 *   the same Unique ID to the same shop at the same moment (a storefront's repeated delivery, the
 *   catch-up beside the intake) take turns, the later after the earlier has settled, so that the
 *   later finds the earlier's order instead of sending a second one. The service names no rule
 *   that refuses a repeated Unique ID; within one process this costs no request and no second
 *   order is ever sent. Kept: a queue per key while a run holds it, and when each key was last
 *   released (`SENDERS_KEPT`, for `SENT_LIFETIME_MS`), so that a look-up made before that release
 *   is known to be stale;
 * - **pure derivations of immutable input** (`textMemo`, `derivedOnce`, each named): a variant
 *   text read into values, a name's compared forms, an XML element's name, a product's colors and
 *   sizes as records, what a variant's value fits of a product. They hold nothing a credential or a
 *   shop could tell apart, so every run shares them; a text memo is bounded, an object's derivation
 *   lives as long as the object.
 *
 * - **rate-limit holds** (`holdRequests`, `holdEndOf`): when the service answers a request 429, the
 *   wait it asks for (Retry-After) holds every request of that login to that service, those of
 *   overlapping executions too: a storefront sends each order as an execution of its own, and a
 *   queue worker runs several at once, all counted by the service against the same login. Held
 *   here, not on the run, so that an execution starting inside the wait waits too instead of
 *   meeting a 429 of its own. Kept: per key, the moment the longest wait asked for ends, gone once
 *   read after it; at most `HOLDS_KEPT` keys;
 *
 * - **session renewals** (`renewSessionOnce`): n8n logs in again for every request that answers
 *   401, so the requests in flight when a session expires (the items of a batch, the look-ups of
 *   one order, overlapping executions) would each open a session of their own. Here the first of
 *   them logs in, the others wait for that login and take its session; a request that meets the
 *   same expired session within a second (`RENEWAL_SHARED_MS`) takes it too, and a refused login is
 *   answered as refused for `REFUSAL_KEPT_MS` without asking again (the login can only become
 *   right by changing the password, which is another key). The renewed session is kept sealed
 *   (AES-256-GCM) under a key derived from the credential's password and the expired token, which
 *   only a caller that holds both can open: this module never holds a token in clear.
 *
 * Catalog reads and filter IDs are keyed by the credential's identity (a SHA-256 digest of the
 * base URL, login, account and customer key; never a secret in clear), the base URL, and the shop's
 * path (inside each catalog key); rate-limit holds by the session's `rateLimitScope` (a digest of
 * the base URL and login, send.ts); session renewals by a keyed digest of the base URL, login,
 * password, customer key and expired token. Every map is bounded; entries lapse when read after
 * their lifetime (no timers: n8n Cloud forbids them).
 */

import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'crypto';

/** How long a catalog read is taken as the catalog: a minute, the storefront's steady state. */
export const CATALOG_LIFETIME_MS = 60_000;
/** How long a stored filter's ID is reused: safe for longer, a -104 stores it again. */
export const FILTER_LIFETIME_MS = 10 * 60_000;
/** At most this many expanded products (the largest entries) across every credential and shop. */
export const PRODUCTS_KEPT = 500;
/** At most this many look-ups (a SKU, a name, countries...) across every credential and shop. */
export const LOOKUPS_KEPT = 5_000;
/** At most this many filter IDs across every credential. */
export const FILTERS_KEPT = 2_000;
/** At most this many Unique IDs whose last send is remembered, across every shop. */
export const SENDERS_KEPT = 10_000;
/** How long a send is remembered: longer than any batch takes from its look-up to its send. */
export const SENT_LIFETIME_MS = 60 * 60_000;
/** At most this many pure derivations of each kind. */
export const DERIVED_KEPT = 4_096;

/** A bounded map whose entries lapse after a lifetime; the oldest goes when it is full. */
export class Lapsing<V> {
	private readonly entries = new Map<string, { value: V; until: number }>();

	constructor(
		readonly limit: number,
		readonly lifetimeMs: number,
		private readonly now: () => number = () => Date.now(),
	) {}

	get size(): number {
		return this.entries.size;
	}

	get(key: string): V | undefined {
		const entry = this.entries.get(key);
		if (!entry) return undefined;
		if (entry.until <= this.now()) {
			this.entries.delete(key);
			return undefined;
		}
		return entry.value;
	}

	set(key: string, value: V): void {
		this.entries.delete(key);
		if (this.entries.size >= this.limit) {
			const now = this.now();
			for (const [old, entry] of this.entries) if (entry.until <= now) this.entries.delete(old);
			// Map keeps insertion order: the first key is the oldest.
			while (this.entries.size >= this.limit) {
				this.entries.delete(this.entries.keys().next().value as string);
			}
		}
		this.entries.set(key, { value, until: this.now() + this.lifetimeMs });
	}

	delete(key: string): void {
		this.entries.delete(key);
	}

	/** Forget every entry whose key starts with this prefix. */
	deletePrefix(prefix: string): void {
		for (const key of [...this.entries.keys()])
			if (key.startsWith(prefix)) this.entries.delete(key);
	}

	clear(): void {
		this.entries.clear();
	}
}

/** The kinds of catalog read kept across executions (the run's `RunCatalog` memos of the same names). */
export type CatalogKind = 'products' | 'skus' | 'productNames' | 'motives' | 'countries';

const PRODUCTS = new Lapsing<unknown>(PRODUCTS_KEPT, CATALOG_LIFETIME_MS);
const LOOKUPS = new Lapsing<unknown>(LOOKUPS_KEPT, CATALOG_LIFETIME_MS);
const FILTERS = new Lapsing<string>(FILTERS_KEPT, FILTER_LIFETIME_MS);

/** What one credential on one service has kept from earlier executions. */
export interface ExecutionMemory {
	/** A catalog read kept under the run memo's key (which holds the shop's or account's path). */
	recall<T>(kind: CatalogKind, key: string): T | undefined;
	remember(kind: CatalogKind, key: string, value: unknown): void;
	/** Forget a catalog read (a look-up that now finds nothing). */
	forget(kind: CatalogKind, key: string): void;
	/** A stored filter's ID by the digest of its content. */
	filterId(digest: string): string | undefined;
	rememberFilter(digest: string, filterId: string): void;
	forgetFilter(digest: string): void;
}

/**
 * The memory of one credential on one service. `identity` is the session's digest of the
 * credential (never the login or a secret in clear); `baseUrl` the service's address.
 */
export function executionMemory(identity: string, baseUrl: string): ExecutionMemory {
	const scope = `${identity} ${baseUrl} `;
	const mapOf = (kind: CatalogKind) => (kind === 'products' ? PRODUCTS : LOOKUPS);
	const keyOf = (kind: CatalogKind, key: string) => `${scope}${key}\u0000${kind}`;
	return {
		recall: <T>(kind: CatalogKind, key: string) =>
			mapOf(kind).get(keyOf(kind, key)) as T | undefined,
		remember: (kind, key, value) => mapOf(kind).set(keyOf(kind, key), value),
		forget: (kind, key) => mapOf(kind).delete(keyOf(kind, key)),
		filterId: (digest) => FILTERS.get(`${scope}${digest}`),
		rememberFilter: (digest, filterId) => FILTERS.set(`${scope}${digest}`, filterId),
		forgetFilter: (digest) => FILTERS.delete(`${scope}${digest}`),
	};
}

/** The turn of each Unique ID being sent: the promise the next sender waits for, by key. */
const SENDING = new Map<string, Promise<void>>();
/** When each key's last sender released it, as a tick of `sendTick`. */
const SENT = new Lapsing<number>(SENDERS_KEPT, SENT_LIFETIME_MS);
let lastTick = 0;

/** A moment, as a number that only grows: when a look-up began, when a sender released a key. */
export function sendTick(): number {
	lastTick += 1;
	return lastTick;
}

/**
 * `send` runs once every earlier sender of the same key (the service, the shop, the Unique ID) in
 * this process has settled, and the next waits for it. `send` learns through `sentSince(tick)`
 * whether a sender of this key released it after that tick: a look-up made before then may no
 * longer be true.
 */
export async function oneSenderAtATime<T>(
	key: string,
	send: (sentSince: (tick: number) => boolean) => Promise<T>,
): Promise<T> {
	const earlier = SENDING.get(key) ?? Promise.resolve();
	let release = () => {};
	const turn = earlier.then(async () => await new Promise<void>((done) => (release = done)));
	SENDING.set(key, turn);
	await earlier;
	try {
		return await send((tick) => (SENT.get(key) ?? 0) > tick);
	} finally {
		SENT.set(key, sendTick());
		if (SENDING.get(key) === turn) SENDING.delete(key);
		release();
	}
}

/** At most this many rate-limit holds, across every credential and service. */
export const HOLDS_KEPT = 1_000;
/** Until when requests under each key are held (Date.now() ms), by key. */
const HELD = new Map<string, number>();

/**
 * Hold every request under `key` (a credential on a service) until `untilMs`. A hold is only ever
 * lengthened: a shorter wait asked for later ends inside the longer one.
 */
export function holdRequests(key: string, untilMs: number): void {
	if (untilMs <= (HELD.get(key) ?? 0)) return;
	HELD.delete(key);
	if (HELD.size >= HOLDS_KEPT) {
		const now = Date.now();
		for (const [old, until] of HELD) if (until <= now) HELD.delete(old);
		// Map keeps insertion order: the first key is the one held longest ago.
		while (HELD.size >= HOLDS_KEPT) HELD.delete(HELD.keys().next().value as string);
	}
	HELD.set(key, untilMs);
}

/** When the hold on requests under `key` ends (Date.now() ms); undefined when they may be sent. */
export function holdEndOf(key: string): number | undefined {
	const until = HELD.get(key);
	if (until === undefined || until > Date.now()) return until;
	HELD.delete(key);
	return undefined;
}

/** How many rate-limit holds are kept (tests check the bound). */
export function holdsKept(): number {
	return HELD.size;
}

/** Forget everything kept across executions (tests; a process that wants a clean slate). */
export function forgetAllExecutions(): void {
	PRODUCTS.clear();
	LOOKUPS.clear();
	FILTERS.clear();
	SENT.clear();
	HELD.clear();
	RENEWALS_IN_FLIGHT.clear();
	RENEWED.clear();
	REFUSED.clear();
	for (const memo of PURE_MEMOS.values()) memo.clear();
}

/** How many entries each map holds (tests check the bounds). */
export function executionMemorySizes(): { products: number; lookups: number; filters: number } {
	return { products: PRODUCTS.size, lookups: LOOKUPS.size, filters: FILTERS.size };
}

/** The pure memos by name: every one in the package, listed (and emptied) here. */
const PURE_MEMOS = new Map<string, { clear(): void; size(): number }>();

/**
 * A pure function of a text, computed once per text and shared by every run (`name` says what it
 * holds): `make` must depend on the text alone, and its result must never be changed. Bounded:
 * emptied when it holds `DERIVED_KEPT` texts.
 */
export function textMemo<V>(name: string, make: (text: string) => V): (text: string) => V {
	const made = new Map<string, V>();
	PURE_MEMOS.set(name, { clear: () => made.clear(), size: () => made.size });
	return (text) => {
		let value = made.get(text);
		if (value === undefined) {
			if (made.size >= DERIVED_KEPT) made.clear();
			value = make(text);
			made.set(text, value);
		}
		return value;
	};
}

/**
 * A pure function of an object that is never changed once made (a product as read, a variant's
 * frozen values), computed once per object: the result lives as long as the object (a WeakMap),
 * so it holds nothing beyond what a run or this module already holds. Without a name, it is part
 * of another memo's value (made inside it) and goes with it.
 */
export function derivedOnce<K extends object, V>(
	name: string | undefined,
	make: (key: K) => V,
): (key: K) => V {
	let made = new WeakMap<K, V>();
	if (name !== undefined) {
		PURE_MEMOS.set(name, { clear: () => (made = new WeakMap()), size: () => 0 });
	}
	return (key) => {
		let value = made.get(key);
		if (value === undefined) {
			value = make(key);
			made.set(key, value);
		}
		return value;
	};
}

/** The names of the pure memos made so far (the module that makes one has been loaded). */
export function pureMemoNames(): string[] {
	return [...PURE_MEMOS.keys()].sort();
}

/**
 * How long a renewed session is handed to requests that met the same expired one after its login
 * ended: such a request read the old token before n8n stored the new one (a database write), and
 * hears its 401 within a round trip. Short, because the session handed out must still be alive:
 * one that lapses within this time of its login could reach such a request already lapsed.
 */
export const RENEWAL_SHARED_MS = 1_000;
/** How long a refused login is answered as refused without asking the service again. */
export const REFUSAL_KEPT_MS = 30_000;
/** At most this many renewed sessions and refusals kept, across every credential. */
export const RENEWALS_KEPT = 1_000;
/** How many renewals in a row a caller follows (each one renewed a session the previous gave). */
const RENEWAL_HOPS = 8;

/**
 * Who logs in, and with which session in hand: the credential's fields that decide the session
 * (`secret` is its password; the rest name the service, login and customer key), and the token
 * the caller sent when it met the 401 (empty when it has none yet).
 */
export interface SessionKey {
	who: string[];
	secret: string;
	token: string;
}

/** What a login gives: the session token and what the login answer said besides. */
export interface Renewal {
	sessionToken: string;
	accountId: string;
}

/** A per-process salt: the digests below mean nothing outside this process. */
const PROCESS_SALT = randomBytes(32);

/** Logins under way, each until it ends (bounded by the logins under way, no lifetime needed). */
const RENEWALS_IN_FLIGHT = new Map<string, Promise<Renewal>>();
const RENEWED = new Lapsing<Buffer>(RENEWALS_KEPT, RENEWAL_SHARED_MS);
const REFUSED = new Lapsing<true>(RENEWALS_KEPT, REFUSAL_KEPT_MS);

function digest(purpose: string, parts: string[]): Buffer {
	return createHash('sha256')
		.update(PROCESS_SALT)
		.update(JSON.stringify([purpose, ...parts]))
		.digest();
}

const slotOf = (key: SessionKey, token: string) =>
	digest('slot', [...key.who, key.secret, token]).toString('hex');
const refusalSlotOf = (key: SessionKey) =>
	digest('refused', [...key.who, key.secret]).toString('hex');
const sealKeyOf = (key: SessionKey, token: string) =>
	digest('seal', [...key.who, key.secret, token]);

function seal(key: SessionKey, token: string, renewal: Renewal): Buffer {
	const iv = randomBytes(12);
	const cipher = createCipheriv('aes-256-gcm', sealKeyOf(key, token), iv);
	const sealed = Buffer.concat([cipher.update(JSON.stringify(renewal), 'utf8'), cipher.final()]);
	return Buffer.concat([iv, cipher.getAuthTag(), sealed]);
}

function unseal(key: SessionKey, token: string, sealed: Buffer): Renewal {
	const decipher = createDecipheriv('aes-256-gcm', sealKeyOf(key, token), sealed.subarray(0, 12));
	decipher.setAuthTag(sealed.subarray(12, 28));
	const text = Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]);
	return JSON.parse(text.toString('utf8')) as Renewal;
}

/**
 * One login per expired session in this process: `logIn` runs only when no login for this session
 * is under way and none renewed it a moment ago; otherwise the caller gets that login's session (or
 * its error). Callers with no session yet (`token` empty) share a login under way, nothing more.
 * A session renewed in turn is followed to the newest renewal. `refusal` tells a refused login
 * (kept, and answered by `refused()` until it lapses) from a failure to reach the service (not
 * kept: the next caller tries again).
 */
export async function renewSessionOnce(
	key: SessionKey,
	logIn: () => Promise<Renewal>,
	refusal: { is(error: unknown): boolean; refused(): Error },
): Promise<Renewal> {
	if (REFUSED.get(refusalSlotOf(key))) throw refusal.refused();
	let token = key.token;
	let renewal: Renewal | undefined;
	for (let hop = 0; hop < RENEWAL_HOPS; hop++) {
		const slot = slotOf(key, token);
		const inFlight = RENEWALS_IN_FLIGHT.get(slot);
		const sealed = inFlight ? undefined : RENEWED.get(slot);
		if (inFlight) renewal = await sharedOutcome(inFlight, refusal);
		else if (sealed) renewal = unseal(key, token, sealed);
		else break;
		token = renewal.sessionToken;
	}
	if (renewal) return renewal;

	const slot = slotOf(key, key.token);
	const login = logIn().then(
		(result) => {
			RENEWALS_IN_FLIGHT.delete(slot);
			// A caller that had no session yet and comes later (another credential of the same login,
			// say) logs in itself: only an expired session is answered from what is kept.
			if (key.token) RENEWED.set(slot, seal(key, key.token, result));
			return result;
		},
		(error: unknown) => {
			RENEWALS_IN_FLIGHT.delete(slot);
			if (refusal.is(error)) REFUSED.set(refusalSlotOf(key), true);
			throw error;
		},
	);
	RENEWALS_IN_FLIGHT.set(slot, login);
	return await login;
}

/** A login another caller started: its session, or its error (a refusal of the caller's own). */
async function sharedOutcome(
	login: Promise<Renewal>,
	refusal: { is(error: unknown): boolean; refused(): Error },
): Promise<Renewal> {
	const outcome = await login.then(
		(renewal) => ({ renewal }),
		(error: unknown) => ({ error }),
	);
	if ('renewal' in outcome) return outcome.renewal;
	// A refusal as each caller's own error object, for n8n to wrap in that caller's node error; any
	// other failure (the login unreachable) is the same for every caller, as it came.
	if (refusal.is(outcome.error)) throw refusal.refused();
	throw outcome.error;
}

/** How many session renewals and refusals are kept (tests check the bounds). */
export function renewalSizes(): { inFlight: number; renewed: number; refused: number } {
	return { inFlight: RENEWALS_IN_FLIGHT.size, renewed: RENEWED.size, refused: REFUSED.size };
}
