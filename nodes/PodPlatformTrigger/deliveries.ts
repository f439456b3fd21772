/**
 * The trigger's memory of deliveries it has emitted, so that a redelivery starts nothing.
 *
 * The service re-sends a delivery it saw fail every 60 minutes for up to 48 hours (contract,
 * Events rule 4), byte for byte. A delivery is known by its key: the SHA-256 of its topic and raw
 * body, so a byte-identical event inside the window counts as a redelivery.
 *
 * Where the memory is written matters. n8n saves static data written in `webhook()` only when no
 * execution starts: when one does, n8n builds the execution's workflow from the same static data
 * and that resets its changed flag before the save. Static data written while the execution runs
 * is saved when it ends. So `webhook()` only reads the memory, and the trigger's `execute()`, which
 * n8n runs as the first step of every execution the trigger starts, records the keys.
 *
 * In queue mode that execution runs on a worker, with no copy of the stored static data, so the
 * memory is not kept there (see rememberDeliveries): n8n's Remove Duplicates node, whose history
 * lives in n8n's database, is the guarantee then (README, Triggers).
 */
import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

/** How long a delivery is remembered: the service's retry window plus one retry interval. */
export const REDELIVERY_WINDOW_MS = 49 * 60 * 60 * 1000;

/** An upper bound on the memory whatever the traffic, so static data stays small. */
export const DELIVERIES_REMEMBERED_AT_MOST = 10_000;

export interface DeliveryMemory extends IDataObject {
	/** Delivery key → when it was first emitted (epoch milliseconds). */
	deliveries?: Record<string, number>;
	/** The trigger's subscriptions (staticData.ts): present wherever this is the stored static data. */
	registrations?: object;
}

/** The key of one delivery: its topic and its exact bytes. */
export function deliveryKeyOf(topic: string, rawBody: Buffer): string {
	return createHash('sha256').update(`${topic}\n`).update(rawBody).digest('hex');
}

/** Whether a delivery with this key was emitted inside the redelivery window. */
export function wasDelivered(memory: DeliveryMemory, key: string, now: number): boolean {
	const at = memory.deliveries?.[key];
	return at !== undefined && now - at < REDELIVERY_WINDOW_MS;
}

/**
 * Remember these keys and forget what fell out of the window, oldest first (keys are kept in the
 * order they were first emitted). Assigned as a new object at the top level so that n8n's observed
 * static data notices the change.
 *
 * Writes nothing into static data that lacks the trigger's registrations. In queue mode a worker
 * runs the execution with a blank copy of the static data (n8n keeps no static data in an
 * execution's workflow snapshot) and saves that copy, once changed, over the stored one when the
 * execution ends: recording there would erase the subscriptions and their secrets.
 */
export function rememberDeliveries(memory: DeliveryMemory, keys: string[], now: number): void {
	if (memory.registrations === undefined) return;
	const remembered = Object.entries(memory.deliveries ?? {}).filter(
		([, at]) => now - at < REDELIVERY_WINDOW_MS,
	);
	const known = new Set(remembered.map(([key]) => key));
	for (const key of keys) {
		if (!known.has(key)) remembered.push([key, now]);
		known.add(key);
	}
	memory.deliveries = Object.fromEntries(remembered.slice(-DELIVERIES_REMEMBERED_AT_MOST));
}
