/**
 * The trigger's memory of the deliveries it has emitted, so that a redelivery starts nothing and a
 * distinct delivery is never taken for one.
 *
 * What "the same delivery" can mean follows from the contract's retry rule (Events, rule 4): the
 * service re-sends only a delivery that failed, every 60 minutes for up to 48 hours, byte for byte.
 * It sends no delivery id. So a delivery is known by its key, the SHA-256 of its topic and raw
 * body, and a delivery is a redelivery only when a delivery with the same key was emitted between
 * one retry interval and the retry window before it. A byte-identical delivery that comes sooner
 * than a retry could (two `orders/updated` seconds apart, "failed, retried, failed again") is a
 * distinct notification, and is emitted.
 *
 * When a delivery counts as emitted: once its execution exists. `webhook()` only notes it as
 * received; it is remembered when n8n's answer to it goes out with a 2xx status (n8n answers a
 * delivery that starts a workflow only once it has created the execution, `executeWebhook` in
 * n8n's webhook-helpers.js) or when the execution's first step, `execute()`, sees its key,
 * whichever comes first. A delivery n8n failed to start (it answered an error, so the service
 * retries) is never remembered, and the retry runs.
 *
 * Where the memory lives, and why:
 * - Each loaded trigger node type (one per n8n process) keeps a log per workflow node in memory,
 *   so concurrent deliveries in one process see each other, whatever order their executions end
 *   in.
 * - The workflow's static data keeps a copy across restarts. n8n saves each execution's own copy
 *   of the static data when that execution ends, if it changed, last one winning, and reads the
 *   stored copy twice for every delivery. So `execute()`, the first step of every execution the
 *   trigger starts, puts into its copy a record that n8n serialises only when it saves it, and
 *   that then writes the log as it is at that moment (toJSON). A copy n8n has yet to save will
 *   thus hold every delivery emitted until it is saved, so an execution that starts while one is
 *   awaited leaves its own copy unchanged and n8n saves nothing for it: under load, one save
 *   covers many deliveries, and none is left out (persistInto).
 * - In queue mode the webhook processes run `webhook()` and workers run `execute()` with a blank
 *   copy of the static data, so nothing is saved there (see persistInto); each webhook process
 *   remembers what it emitted until it restarts. README, Triggers, says what that means.
 */
import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

/**
 * The least time between a delivery and the service's retry of it: the contract's 60 minutes, less
 * five for the service's scheduler. A byte-identical delivery sooner than this is a new one.
 */
export const RETRY_INTERVAL_AT_LEAST_MS = 55 * 60 * 1000;

/** How long a delivery is remembered: the service's retry window plus one retry interval. */
export const REDELIVERY_WINDOW_MS = 49 * 60 * 60 * 1000;

/** An upper bound on the memory whatever the traffic, so static data stays small. */
export const DELIVERIES_REMEMBERED_AT_MOST = 10_000;

/**
 * Executions whose static data copy may still be saved: those started this recently. n8n runs any
 * number at once by default, so they are not counted off, only aged out.
 */
const RUNNING_EXECUTION_AT_MOST_MS = 15 * 60 * 1000;

/**
 * How long a copy n8n has yet to save is counted on to hold the deliveries after it: an execution
 * that crashed never saves its copy, and one that runs for long (a Wait node) saves it late.
 */
export const AWAITED_SAVE_AT_MOST_MS = 10 * 1000;

export interface DeliveryMemory extends IDataObject {
	/** The stored copy of the log. */
	deliveries?: StoredDeliveries;
	/** The trigger's subscriptions (staticData.ts): present wherever this is the stored static data. */
	registrations?: object;
}

/** The key of one delivery, as its event gives it: the SHA-256 of its topic and exact bytes, hex. */
export function deliveryKeyOf(topic: string, rawBody: Buffer): string {
	return createHash('sha256').update(`${topic}\n`).update(rawBody).digest('hex');
}

/**
 * How the memory keeps a delivery key: its first 64 bits in base64url (11 characters). Among
 * 10,000 remembered deliveries a new one matches one of them by chance once in 10^15; the event
 * keeps the whole key, which workflows dedupe on.
 */
export function rememberedKeyOf(deliveryKey: string): string {
	return Buffer.from(deliveryKey.slice(0, 16), 'hex').toString('base64url');
}

/** The stored copy of a log (`deliveries` in static data). */
export interface StoredDeliveries {
	/** The log in the form encodeDeliveries gives. */
	remembered?: string;
	/** The form 0.1.0 stored (128-bit keys, times in milliseconds): read, never written. */
	emitted?: string;
}

/** One key and its emission times as the stored text holds them: times in seconds, base 36. */
function encodeEntry(key: string, times: readonly number[]): string {
	return `${key}:${times.map((at) => Math.floor(at / 1000).toString(36)).join(',')}`;
}

/**
 * The stored copy of a log as one text, `key:time,time key:time`, times in seconds in base 36,
 * oldest key first: about 19 characters per delivery. One text rather than an object of up to
 * 10,000 keys because n8n reads static data twice and writes it once for a delivery: it parses and
 * serialises a text at once, and watches it as one value instead of wrapping every key and list in
 * an observer. Keys hold no space, colon or comma (rememberedKeyOf's alphabet).
 */
export function encodeDeliveries(emitted: Iterable<[string, readonly number[]]>): string {
	const entries: string[] = [];
	for (const [key, times] of emitted) entries.push(encodeEntry(key, times));
	return entries.join(' ');
}

function decodeText(
	text: unknown,
	keyOf: (stored: string) => string,
	msPerUnit: number,
): Array<[string, number[]]> {
	if (typeof text !== 'string' || text === '') return [];
	const entries: Array<[string, number[]]> = [];
	for (const entry of text.split(' ')) {
		const colon = entry.indexOf(':');
		const times = entry
			.slice(colon + 1)
			.split(',')
			.map((at) => parseInt(at, 36) * msPerUnit)
			.filter(Number.isFinite);
		if (colon > 0 && times.length) entries.push([keyOf(entry.slice(0, colon)), times]);
	}
	return entries;
}

/**
 * The log's entries from a stored copy (the StoredDeliveries record of static data), times in
 * milliseconds; anything not in encodeDeliveries' form (or the form before it) is skipped.
 */
export function decodeDeliveries(stored: unknown): Array<[string, number[]]> {
	const record = stored as StoredDeliveries | undefined;
	if (typeof record?.remembered === 'string') {
		return decodeText(record.remembered, (key) => key, 1000);
	}
	// An older version's 128-bit keys, shortened to the 64 bits kept now.
	return decodeText(
		record?.emitted,
		(key) => Buffer.from(key, 'base64url').subarray(0, 8).toString('base64url'),
		1,
	);
}

/** Whether a delivery arriving `now` is the service's retry of one emitted at one of these times. */
export function isRetryOf(emittedAt: readonly number[], now: number): boolean {
	return emittedAt.some((at) => {
		const gap = now - at;
		return gap >= RETRY_INTERVAL_AT_LEAST_MS && gap < REDELIVERY_WINDOW_MS;
	});
}

interface Emitted {
	times: number[];
	/** The entry as the stored text holds it, so that a save only joins the entries. */
	text: string;
}

/** The emitted deliveries of one trigger node, as this process knows them. */
export class DeliveryLog {
	/** Keys in the order they were last emitted, so the oldest are forgotten first. */
	private readonly emitted = new Map<string, Emitted>();
	/**
	 * Deliveries received and handed to n8n whose execution is not known to exist yet (see
	 * received), by key: when each was received.
	 */
	private readonly pending = new Map<string, number[]>();
	/** The executions given the log lately, in the order they were: see registrationsChanged. */
	private readonly running: Array<{ staticData: DeliveryMemory; startedAt: number }> = [];
	/** The records put into executions' copies that n8n has not serialised yet, and when. */
	private readonly awaitedSaves = new Map<object, number>();
	/** Bumped with every change of the log, to tell whether a save would hold anything new. */
	private changes = 0;
	private changesSerialised = 0;

	/** A log that starts from the copy a previous process saved. */
	constructor(stored?: StoredDeliveries) {
		const entries = decodeDeliveries(stored);
		entries.sort(([, a], [, b]) => a[a.length - 1] - b[b.length - 1]);
		for (const [key, times] of entries) {
			this.emitted.set(key, { times, text: encodeEntry(key, times) });
		}
	}

	isRedelivery(key: string, now: number): boolean {
		const times = this.emitted.get(key)?.times;
		return times !== undefined && isRetryOf(times, now);
	}

	/**
	 * A delivery handed to n8n to start the workflow, received at `at`: not remembered until its
	 * execution is known to exist (confirm). One never confirmed is dropped once the service's
	 * retry of it could come.
	 */
	received(key: string, at: number): void {
		for (const [pendingKey, times] of this.pending) {
			const old = this.pending.size > DELIVERIES_REMEMBERED_AT_MOST;
			if (!old && at - times[0] < RETRY_INTERVAL_AT_LEAST_MS) break;
			this.pending.delete(pendingKey);
		}
		const times = this.pending.get(key) ?? [];
		times.push(at);
		this.pending.set(key, times);
	}

	/**
	 * The execution of a received delivery exists: n8n answered it with a 2xx status (`at` given,
	 * when that delivery was received) or the execution's first step has its key (the delivery of
	 * that key received first). Remembered then, as emitted when it was received; a delivery
	 * already confirmed the other way, or never received here, changes nothing.
	 */
	confirm(key: string, at?: number): boolean {
		const times = this.pending.get(key);
		const index = times === undefined ? -1 : at === undefined ? 0 : times.indexOf(at);
		if (times === undefined || index < 0) return false;
		const [receivedAt] = times.splice(index, 1);
		if (times.length === 0) this.pending.delete(key);
		this.record(key, receivedAt);
		return true;
	}

	record(key: string, now: number): void {
		const times = (this.emitted.get(key)?.times ?? []).filter(
			(at) => now - at < REDELIVERY_WINDOW_MS,
		);
		times.push(now);
		this.emitted.delete(key);
		this.emitted.set(key, { times, text: encodeEntry(key, times) });
		this.changes++;
		this.forgetOld(now);
	}

	/**
	 * Puts the log into this execution's copy of the static data, so that n8n saves it when the
	 * execution ends, unless a copy n8n has yet to save will hold it anyway. What is put there is a
	 * record that n8n serialises (JSON) when it saves the copy, and that writes the log as it is at
	 * that moment: whichever copy n8n saves last holds every delivery remembered before it was
	 * saved. So while a copy put there in the last AWAITED_SAVE_AT_MOST_MS is not saved yet, this
	 * execution's copy is left unchanged and n8n saves nothing for it: the delivery is in the log
	 * before that copy is saved. Nor is a copy changed when the log holds nothing its last save did
	 * not.
	 *
	 * Writes nothing into static data that lacks the trigger's registrations: in queue mode a
	 * worker runs the execution with a blank copy of the static data and saves it over the stored
	 * one when it ends, which would erase the subscriptions.
	 */
	persistInto(staticData: DeliveryMemory, now: number): void {
		if (staticData.registrations === undefined) return;
		this.forgetOld(now);
		while (this.running.length && now - this.running[0].startedAt >= RUNNING_EXECUTION_AT_MOST_MS) {
			this.running.shift();
		}
		for (const [record, putAt] of this.awaitedSaves) {
			if (now - putAt < AWAITED_SAVE_AT_MOST_MS) break;
			this.awaitedSaves.delete(record);
		}
		if (this.awaitedSaves.size > 0 || this.changes === this.changesSerialised) return;
		const record = {
			toJSON: (): StoredDeliveries => {
				this.awaitedSaves.delete(record);
				this.changesSerialised = this.changes;
				return { remembered: this.encoded() };
			},
		};
		this.awaitedSaves.set(record, now);
		this.running.push({ staticData, startedAt: now });
		// Assigned at the top level of the copy, which marks it changed so that n8n saves it: n8n
		// notices changes only through its observed objects, and the record is not one.
		staticData.deliveries = record as StoredDeliveries;
	}

	/**
	 * The subscriptions an activation or deactivation has just stored. Executions still running
	 * hold the copy they started with and n8n saves it when they end: they are given the new
	 * subscriptions, so that none of them brings back the old ones.
	 */
	registrationsChanged(registrations: DeliveryMemory['registrations']): void {
		for (const execution of this.running) execution.staticData.registrations = registrations;
	}

	/** The log in encodeDeliveries' form. */
	encoded(): string {
		return Array.from(this.emitted.values(), (entry) => entry.text).join(' ');
	}

	private forgetOld(now: number): void {
		for (const [key, { times }] of this.emitted) {
			if (
				this.emitted.size <= DELIVERIES_REMEMBERED_AT_MOST &&
				now - times[times.length - 1] < REDELIVERY_WINDOW_MS
			) {
				break;
			}
			this.emitted.delete(key);
			this.changes++;
		}
	}
}

/**
 * The logs of every trigger node this process runs, by workflow and node. A fresh process starts
 * each log from the static data saved before.
 */
export class DeliveryLogs {
	private readonly logs = new Map<string, DeliveryLog>();

	of(workflowId: string | undefined, nodeId: string, stored: DeliveryMemory): DeliveryLog {
		const id = `${workflowId ?? ''}\n${nodeId}`;
		let log = this.logs.get(id);
		if (!log) {
			log = new DeliveryLog(stored.deliveries);
			this.logs.set(id, log);
		}
		return log;
	}
}
