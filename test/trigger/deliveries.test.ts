import { createHash } from 'node:crypto';

import { ObservableObject } from 'n8n-workflow';

import type { DeliveryMemory } from '../../nodes/PodPlatformTrigger/deliveries';
import {
	AWAITED_SAVE_AT_MOST_MS,
	DELIVERIES_REMEMBERED_AT_MOST,
	DeliveryLog,
	DeliveryLogs,
	REDELIVERY_WINDOW_MS,
	RETRY_INTERVAL_AT_LEAST_MS,
	decodeDeliveries,
	deliveryKeyOf,
	encodeDeliveries,
	isRetryOf,
	rememberedKeyOf,
} from '../../nodes/PodPlatformTrigger/deliveries';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const body = Buffer.from('{"productionOrderExpanded":{"id":177}}');
const start = Date.UTC(2026, 10, 23, 12);

/** The stored copy of a log, decoded from the static data as n8n would save it (JSON). */
const storedOf = (memory: DeliveryMemory) =>
	Object.fromEntries(
		decodeDeliveries((JSON.parse(JSON.stringify(memory)) as DeliveryMemory).deliveries),
	);

/** A stored copy holding these entries. */
const storedCopy = (entries: Record<string, number[]>) => ({
	remembered: encodeDeliveries(Object.entries(entries)),
});

/** The workflow's static data each node's copy is part of. */
const workflowStaticData = new WeakMap<DeliveryMemory, { __dataChanged?: boolean }>();

/** A copy of the node's static data as n8n gives an execution: observed, with the registrations. */
const executionCopy = () => {
	const workflow = ObservableObject.create({ 'node:Trigger': { registrations: {} } });
	const copy = workflow['node:Trigger'] as DeliveryMemory;
	workflowStaticData.set(copy, workflow);
	return copy;
};

/** Whether n8n would save this copy: whether it was written since it was read. */
const changed = (copy: DeliveryMemory) => workflowStaticData.get(copy)?.__dataChanged === true;

describe('the memory of deliveries', () => {
	test('a byte-identical delivery of the same topic has the same key; any other does not', () => {
		const key = deliveryKeyOf('orders/updated', body);
		// The event's key, which workflows dedupe on: the whole SHA-256 of topic and body, in hex.
		expect(key).toBe(createHash('sha256').update('orders/updated\n').update(body).digest('hex'));
		// The memory keeps its first 64 bits.
		expect(rememberedKeyOf(key)).toBe(Buffer.from(key, 'hex').subarray(0, 8).toString('base64url'));
		expect(deliveryKeyOf('orders/updated', Buffer.from(body))).toBe(key);
		expect(deliveryKeyOf('orders/fulfilled', body)).not.toBe(key);
		expect(deliveryKeyOf('orders/updated', Buffer.from(`${body.toString()} `))).not.toBe(key);
	});

	test('the stored copy is one text that gives back every key and time to the second, in order, at about 19 characters per delivery', () => {
		const keys = Array.from({ length: 1000 }, (_, i) =>
			rememberedKeyOf(deliveryKeyOf('orders/updated', Buffer.from(`{"id":${i}}`))),
		);
		const log: Array<[string, number[]]> = keys.map((key, i) => [
			key,
			i % 10 ? [start + i * SECOND] : [start + i * SECOND, start + i * SECOND + 10 * SECOND],
		]);
		const stored = encodeDeliveries(log);
		expect(typeof stored).toBe('string');
		expect(decodeDeliveries({ remembered: stored })).toEqual(log);
		expect(stored.length / log.length).toBeLessThan(20);
		expect(keys.every((key) => /^[A-Za-z0-9_-]{11}$/.test(key))).toBe(true);
		// Milliseconds are dropped: a retry comes an hour later, with five minutes of slack.
		expect(decodeDeliveries(storedCopy({ k: [start + 999] }))).toEqual([['k', [start]]]);
		expect(decodeDeliveries({ remembered: '' })).toEqual([]);
		expect(decodeDeliveries(undefined)).toEqual([]);
		// A copy that is not a text of this form (nothing this package ever stored) starts no memory.
		expect(decodeDeliveries({ k: [start] })).toEqual([]);
		expect(decodeDeliveries({ remembered: 'k:a,!,b :zz k2:' })).toEqual([['k', [10_000, 11_000]]]);
		expect(decodeDeliveries(stored)).toEqual([]);
	});

	test('the copy 0.1.0 stored (128-bit keys, times in milliseconds) is read, so an upgrade forgets nothing', () => {
		const key = deliveryKeyOf('orders/updated', body);
		const old128 = Buffer.from(key, 'hex').subarray(0, 16).toString('base64url');
		const stored = { emitted: `${old128}:${start.toString(36)},${(start + 5).toString(36)}` };
		expect(decodeDeliveries(stored)).toEqual([[rememberedKeyOf(key), [start, start + 5]]]);
		const log = new DeliveryLog(stored);
		expect(log.isRedelivery(rememberedKeyOf(key), start + HOUR)).toBe(true);
	});

	test("the contract's retry rule: at least 55 minutes, less than 49 hours after an emission", () => {
		expect(RETRY_INTERVAL_AT_LEAST_MS).toBe(55 * MINUTE);
		expect(REDELIVERY_WINDOW_MS).toBe(49 * HOUR);
		const cases: Array<[number, boolean]> = [
			[-HOUR, false],
			[0, false],
			[5 * SECOND, false],
			[54 * MINUTE, false],
			[55 * MINUTE - 1, false],
			[55 * MINUTE, true],
			[60 * MINUTE, true],
			[47 * HOUR, true],
			[48 * HOUR, true],
			[49 * HOUR - 1, true],
			[49 * HOUR, false],
			[50 * HOUR, false],
		];
		for (const [gap, retry] of cases) {
			expect({ gap, retry: isRetryOf([start], start + gap) }).toEqual({ gap, retry });
		}
		// Any of the emissions of a key can be the one retried.
		expect(isRetryOf([start, start + 30 * MINUTE], start + 60 * MINUTE)).toBe(true);
		expect(isRetryOf([start - 50 * HOUR, start + 30 * MINUTE], start + 60 * MINUTE)).toBe(false);
		expect(isRetryOf([], start)).toBe(false);
	});

	test('every retry of the 48-hour window is a redelivery; a twin sent sooner, or after the window, is not', () => {
		const log = new DeliveryLog();
		const key = deliveryKeyOf('orders/updated', body);
		expect(log.isRedelivery(key, start)).toBe(false);
		log.record(key, start);
		expect(log.isRedelivery(key, start + 5 * SECOND)).toBe(false);
		expect(log.isRedelivery(key, start + 54 * MINUTE)).toBe(false);
		for (let retry = 1; retry <= 48; retry++) {
			expect({ retry, redelivery: log.isRedelivery(key, start + retry * HOUR) }).toEqual({
				retry,
				redelivery: true,
			});
		}
		expect(log.isRedelivery(key, start + 49 * HOUR)).toBe(false);
		expect(log.isRedelivery(deliveryKeyOf('orders/fulfilled', body), start + HOUR)).toBe(false);
	});

	test('twins emitted seconds apart are both remembered, and a retry of either is a redelivery', () => {
		const log = new DeliveryLog();
		log.record('k', start);
		log.record('k', start + 10 * SECOND);
		const memory: DeliveryMemory = { registrations: {} };
		log.persistInto(memory, start + 10 * SECOND);
		expect(storedOf(memory)).toEqual({ k: [start, start + 10 * SECOND] });
		expect(log.isRedelivery('k', start + 60 * MINUTE)).toBe(true);
		expect(log.isRedelivery('k', start + 60 * MINUTE + 10 * SECOND)).toBe(true);
		// Emissions that fell out of the window are dropped when the key is emitted again.
		log.record('k', start + 50 * HOUR);
		log.persistInto(memory, start + 50 * HOUR);
		expect(storedOf(memory)).toEqual({ k: [start + 50 * HOUR] });
	});

	test('what falls out of the window is forgotten, oldest first, also when the stored copy is out of order', () => {
		const log = new DeliveryLog(storedCopy({ newer: [start + HOUR], older: [start] }));
		log.record('latest', start + 49 * HOUR);
		const memory: DeliveryMemory = { registrations: {} };
		log.persistInto(memory, start + 49 * HOUR);
		expect(Object.keys(storedOf(memory))).toEqual(['newer', 'latest']);
		log.persistInto(memory, start + 50 * HOUR);
		expect(Object.keys(storedOf(memory))).toEqual(['latest']);
		log.persistInto(memory, start + 98 * HOUR);
		expect(storedOf(memory)).toEqual({});
	});

	test('the memory is bounded by count too, forgetting the oldest first', () => {
		const full = Object.fromEntries(
			Array.from({ length: DELIVERIES_REMEMBERED_AT_MOST }, (_, i) => [
				`k${i}`,
				[start + i * SECOND],
			]),
		);
		const log = new DeliveryLog(storedCopy(full));
		log.record('new1', start + HOUR);
		log.record('new2', start + HOUR);
		const memory: DeliveryMemory = { registrations: {} };
		log.persistInto(memory, start + HOUR);
		const kept = Object.keys(storedOf(memory));
		expect(kept).toHaveLength(DELIVERIES_REMEMBERED_AT_MOST);
		expect(kept.slice(0, 1)).toEqual(['k2']);
		expect(kept.slice(-2)).toEqual(['new1', 'new2']);
		expect(log.isRedelivery('k1', start + 4 * HOUR)).toBe(false);
		expect(log.isRedelivery('k2', start + 4 * HOUR)).toBe(true);
	});

	test("static data without the trigger's registrations (a queue-mode worker's blank copy) is never written", () => {
		const log = new DeliveryLog();
		log.record('k', start);
		const blank: DeliveryMemory = {};
		log.persistInto(blank, start);
		expect(blank).toEqual({});
		const stored: DeliveryMemory = { registrations: {} };
		log.persistInto(stored, start);
		expect(storedOf(stored)).toEqual({ k: [start] });
	});

	test('a copy n8n has yet to save holds, once saved, every delivery remembered before: executions meanwhile change no copy, and n8n saves nothing for them', () => {
		const log = new DeliveryLog();
		const copies = [0, 1, 2, 3, 4].map(executionCopy);
		log.record('a', start);
		log.persistInto(copies[0], start);
		expect(changed(copies[0])).toBe(true);
		// Executions 1 and 2 start while execution 0 runs: their copies are left as read.
		log.record('b', start + SECOND);
		log.persistInto(copies[1], start + SECOND);
		log.record('c', start + 2 * SECOND);
		log.persistInto(copies[2], start + 2 * SECOND);
		expect([changed(copies[1]), changed(copies[2])]).toEqual([false, false]);
		expect(copies[1].deliveries).toBeUndefined();
		// Execution 0 ends: n8n saves its copy, which holds every delivery remembered so far.
		expect(Object.keys(storedOf(copies[0]))).toEqual(['a', 'b', 'c']);
		// The next execution after that save writes its copy again.
		log.record('d', start + 3 * SECOND);
		log.persistInto(copies[3], start + 3 * SECOND);
		expect(changed(copies[3])).toBe(true);
		// A copy awaited longer than AWAITED_SAVE_AT_MOST_MS (its execution crashed, or waits) no
		// longer holds back the next one.
		log.record('e', start + 3 * SECOND + AWAITED_SAVE_AT_MOST_MS);
		log.persistInto(copies[4], start + 3 * SECOND + AWAITED_SAVE_AT_MOST_MS);
		expect(changed(copies[4])).toBe(true);
		// Whichever of them n8n saves last holds every delivery.
		expect(Object.keys(storedOf(copies[3]))).toEqual(['a', 'b', 'c', 'd', 'e']);
		expect(Object.keys(storedOf(copies[4]))).toEqual(['a', 'b', 'c', 'd', 'e']);
	});

	test('an execution that brings nothing new (a manual re-run of its input) changes no copy', () => {
		const log = new DeliveryLog();
		log.record('a', start);
		const first = executionCopy();
		log.persistInto(first, start);
		storedOf(first);
		const again = executionCopy();
		log.persistInto(again, start + MINUTE);
		expect(changed(again)).toBe(false);
	});

	test('a received delivery is remembered only once its execution is known to exist, as emitted when it was received', () => {
		const log = new DeliveryLog();
		log.received('k', start);
		// Not confirmed: the service's retry an hour later is no redelivery.
		expect(log.isRedelivery('k', start + HOUR)).toBe(false);
		expect(log.confirm('other')).toBe(false);
		expect(log.confirm('k', start + 1)).toBe(false);
		// n8n answered it 200 (the time given is its own) ...
		expect(log.confirm('k', start)).toBe(true);
		expect(log.isRedelivery('k', start + HOUR)).toBe(true);
		// ... and its execution's first step, later, changes nothing.
		expect(log.confirm('k')).toBe(false);
		const memory: DeliveryMemory = { registrations: {} };
		log.persistInto(memory, start + MINUTE);
		expect(storedOf(memory)).toEqual({ k: [start] });
	});

	test('twins received seconds apart are each confirmed once, whichever way comes first', () => {
		const log = new DeliveryLog();
		log.received('k', start);
		log.received('k', start + 5 * SECOND);
		// The first step of an execution confirms the earliest one received.
		expect(log.confirm('k')).toBe(true);
		// n8n's answer to the first comes after: already confirmed.
		expect(log.confirm('k', start)).toBe(false);
		expect(log.confirm('k', start + 5 * SECOND)).toBe(true);
		expect(log.confirm('k')).toBe(false);
		const memory: DeliveryMemory = { registrations: {} };
		log.persistInto(memory, start + MINUTE);
		expect(storedOf(memory)).toEqual({ k: [start, start + 5 * SECOND] });
	});

	test('a received delivery never confirmed (n8n did not start it) is forgotten once its retry could come, and never saved', () => {
		const log = new DeliveryLog();
		log.received('lost', start);
		const memory: DeliveryMemory = { registrations: {} };
		log.persistInto(memory, start + SECOND);
		expect(memory.deliveries).toBeUndefined();
		log.received('next', start + RETRY_INTERVAL_AT_LEAST_MS);
		expect(log.confirm('lost', start)).toBe(false);
		expect(log.confirm('next')).toBe(true);
		expect(log.isRedelivery('lost', start + HOUR)).toBe(false);
	});

	test('n8n saves the copy an execution was given: the write marks it changed', () => {
		const log = new DeliveryLog();
		const workflowStaticData = ObservableObject.create({ 'node:Trigger': { registrations: {} } });
		log.record('a', start);
		log.persistInto(workflowStaticData['node:Trigger'] as DeliveryMemory, start);
		expect(workflowStaticData.__dataChanged).toBe(true);
	});

	test('one log per workflow node, started from the static data the first time', () => {
		const logs = new DeliveryLogs();
		const log = logs.of('wf', 'node-1', {
			registrations: {},
			deliveries: storedCopy({ k: [start] }),
		});
		expect(logs.of('wf', 'node-1', {})).toBe(log);
		expect(log.isRedelivery('k', start + HOUR)).toBe(true);
		const other = logs.of('wf', 'node-2', {
			registrations: {},
			deliveries: storedCopy({ k: [start] }),
		});
		expect(other).not.toBe(log);
		expect(logs.of('other-wf', 'node-1', {})).not.toBe(log);
		expect(logs.of('other-wf', 'node-1', {}).isRedelivery('k', start + HOUR)).toBe(false);
		// What a log learns is not in another's.
		log.record('new', start + HOUR);
		expect(other.isRedelivery('new', start + 2 * HOUR)).toBe(false);
		expect(log.isRedelivery('new', start + 2 * HOUR)).toBe(true);
	});
});
