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
 * Where the memory lives, and why:
 * - Each loaded trigger node type (one per n8n process) keeps a log per workflow node in memory.
 *   `webhook()` reads and writes it at once, so concurrent deliveries in one process see each
 *   other, whatever order their executions end in.
 * - The workflow's static data keeps a copy across restarts. n8n does not save static data written
 *   in `webhook()` when an execution starts, and saves each execution's own copy of the static
 *   data when that execution ends, last one winning. So `execute()`, the first step of every
 *   execution the trigger starts, puts one shared record of the log into its copy: every
 *   execution's copy holds the same record, which is kept up to date, so whichever copy n8n saves
 *   last holds every delivery emitted before it was saved, at the cost of one assignment per
 *   execution however many run at once.
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
 * How the memory keeps a delivery key: its first 128 bits in base64url (22 characters), ample
 * against collisions among 10,000 remembered deliveries and a third of the hex key's size in
 * every stored copy. The event keeps the whole key, which workflows dedupe on.
 */
export function rememberedKeyOf(deliveryKey: string): string {
	return Buffer.from(deliveryKey.slice(0, 32), 'hex').toString('base64url');
}

/** The stored copy of a log (`deliveries` in static data): one record, shared by every copy. */
export interface StoredDeliveries {
	/** The log in the form encodeDeliveries gives. */
	emitted: string;
}

/**
 * The stored copy of a log as one text, `key:time,time key:time`, times in base 36, oldest key
 * first. One text rather than an object of up to 10,000 keys because n8n reads, watches and writes
 * static data on every execution: it parses and serialises a text at once, and watches it as one
 * value instead of wrapping every key and list in an observer. Keys hold no space, colon or comma
 * (rememberedKeyOf's alphabet).
 */
export function encodeDeliveries(emitted: Iterable<[string, readonly number[]]>): string {
	const entries: string[] = [];
	for (const [key, times] of emitted) {
		entries.push(`${key}:${times.map((at) => at.toString(36)).join(',')}`);
	}
	return entries.join(' ');
}

/**
 * The log's entries from a stored copy (the StoredDeliveries record of static data); anything not
 * in encodeDeliveries' form is skipped.
 */
export function decodeDeliveries(stored: unknown): Array<[string, number[]]> {
	const text = (stored as Partial<StoredDeliveries> | undefined)?.emitted;
	if (typeof text !== 'string' || text === '') return [];
	const entries: Array<[string, number[]]> = [];
	for (const entry of text.split(' ')) {
		const colon = entry.indexOf(':');
		const times = entry
			.slice(colon + 1)
			.split(',')
			.map((at) => parseInt(at, 36))
			.filter(Number.isFinite);
		if (colon > 0 && times.length) entries.push([entry.slice(0, colon), times]);
	}
	return entries;
}

/** Whether a delivery arriving `now` is the service's retry of one emitted at one of these times. */
export function isRetryOf(emittedAt: readonly number[], now: number): boolean {
	return emittedAt.some((at) => {
		const gap = now - at;
		return gap >= RETRY_INTERVAL_AT_LEAST_MS && gap < REDELIVERY_WINDOW_MS;
	});
}

/** The emitted deliveries of one trigger node, as this process knows them. */
export class DeliveryLog {
	/** Keys in the order they were last emitted, so the oldest are forgotten first. */
	private readonly emitted = new Map<string, number[]>();
	/** The executions given the log lately, in the order they were: see registrationsChanged. */
	private readonly running: Array<{ staticData: DeliveryMemory; startedAt: number }> = [];
	/** The record every execution's copy of the static data holds (persistInto). */
	private readonly stored: StoredDeliveries = { emitted: '' };

	/** A log that starts from the copy a previous process saved. */
	constructor(stored?: StoredDeliveries) {
		const entries = decodeDeliveries(stored);
		entries.sort(([, a], [, b]) => a[a.length - 1] - b[b.length - 1]);
		for (const [key, times] of entries) this.emitted.set(key, times);
	}

	isRedelivery(key: string, now: number): boolean {
		const times = this.emitted.get(key);
		return times !== undefined && isRetryOf(times, now);
	}

	record(key: string, now: number): void {
		const times = (this.emitted.get(key) ?? []).filter((at) => now - at < REDELIVERY_WINDOW_MS);
		this.emitted.delete(key);
		this.emitted.set(key, [...times, now]);
		this.forgetOld(now);
	}

	/**
	 * Brings the shared record up to date with the log and puts it into this execution's static
	 * data, where the executions before it already hold it: n8n serialises a copy when it saves it,
	 * so whichever it saves last holds the log as it was then. Writes nothing into static data that
	 * lacks the trigger's registrations: in queue mode a worker runs the execution with a blank copy
	 * of the static data and saves it over the stored one when it ends, which would erase the
	 * subscriptions.
	 */
	persistInto(staticData: DeliveryMemory, now: number): void {
		if (staticData.registrations === undefined) return;
		this.forgetOld(now);
		while (this.running.length && now - this.running[0].startedAt >= RUNNING_EXECUTION_AT_MOST_MS) {
			this.running.shift();
		}
		this.running.push({ staticData, startedAt: now });
		this.stored.emitted = encodeDeliveries(this.emitted);
		// Assigned at the top level of the copy, which marks it changed so that n8n saves it: n8n
		// notices changes only through its observed objects, and the shared record is not one.
		staticData.deliveries = this.stored;
	}

	/**
	 * The subscriptions an activation or deactivation has just stored. Executions still running
	 * hold the copy they started with and n8n saves it when they end: they are given the new
	 * subscriptions, so that none of them brings back the old ones.
	 */
	registrationsChanged(registrations: DeliveryMemory['registrations']): void {
		for (const execution of this.running) execution.staticData.registrations = registrations;
	}

	private forgetOld(now: number): void {
		for (const [key, times] of this.emitted) {
			if (
				this.emitted.size <= DELIVERIES_REMEMBERED_AT_MOST &&
				now - times[times.length - 1] < REDELIVERY_WINDOW_MS
			) {
				break;
			}
			this.emitted.delete(key);
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
