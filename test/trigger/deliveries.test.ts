import { createHash } from 'node:crypto';

import { ObservableObject } from 'n8n-workflow';

import type { DeliveryMemory } from '../../nodes/PodPlatformTrigger/deliveries';
import {
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
	emitted: encodeDeliveries(Object.entries(entries)),
});

describe('the memory of deliveries', () => {
	test('a byte-identical delivery of the same topic has the same key; any other does not', () => {
		const key = deliveryKeyOf('orders/updated', body);
		// The event's key, which workflows dedupe on: the whole SHA-256 of topic and body, in hex.
		expect(key).toBe(createHash('sha256').update('orders/updated\n').update(body).digest('hex'));
		expect(rememberedKeyOf(key)).toBe(
			Buffer.from(key, 'hex').subarray(0, 16).toString('base64url'),
		);
		expect(deliveryKeyOf('orders/updated', Buffer.from(body))).toBe(key);
		expect(deliveryKeyOf('orders/fulfilled', body)).not.toBe(key);
		expect(deliveryKeyOf('orders/updated', Buffer.from(`${body.toString()} `))).not.toBe(key);
	});

	test('the stored copy is one text that gives back every key and time, in order, at about 33 characters per delivery', () => {
		const keys = Array.from({ length: 1000 }, (_, i) =>
			rememberedKeyOf(deliveryKeyOf('orders/updated', Buffer.from(`{"id":${i}}`))),
		);
		const log: Array<[string, number[]]> = keys.map((key, i) => [
			key,
			i % 10 ? [start + i] : [start + i, start + i + 10 * SECOND],
		]);
		const stored = encodeDeliveries(log);
		expect(typeof stored).toBe('string');
		expect(decodeDeliveries({ emitted: stored })).toEqual(log);
		expect(stored.length / log.length).toBeLessThan(36);
		expect(keys.every((key) => /^[A-Za-z0-9_-]{22}$/.test(key))).toBe(true);
		expect(decodeDeliveries({ emitted: '' })).toEqual([]);
		expect(decodeDeliveries(undefined)).toEqual([]);
		// A copy that is not a text of this form (nothing this package ever stored) starts no memory.
		expect(decodeDeliveries({ k: [start] })).toEqual([]);
		expect(decodeDeliveries({ emitted: 'k:a,!,b :zz k2:' })).toEqual([['k', [10, 11]]]);
		expect(decodeDeliveries(stored)).toEqual([]);
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
			Array.from({ length: DELIVERIES_REMEMBERED_AT_MOST }, (_, i) => [`k${i}`, [start + i]]),
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
		expect(log.isRedelivery('k1', start + 2 * HOUR)).toBe(false);
		expect(log.isRedelivery('k2', start + 2 * HOUR)).toBe(true);
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

	test("every execution's copy of the static data, however long ago it started, holds the whole log when n8n saves it, and is marked changed", () => {
		const log = new DeliveryLog();
		// n8n's own static data: observed objects, marked changed by a write through them.
		const copies = [0, 1, 2, 3].map(
			() =>
				ObservableObject.create({ 'node:Trigger': { registrations: {} } })[
					'node:Trigger'
				] as DeliveryMemory,
		);
		// Execution 0 started 20 minutes before execution 3, execution 1 ten, execution 2 one.
		log.record('a', start);
		log.persistInto(copies[0], start);
		log.record('b', start + 10 * MINUTE);
		log.persistInto(copies[1], start + 10 * MINUTE);
		log.record('c', start + 19 * MINUTE);
		log.persistInto(copies[2], start + 19 * MINUTE);
		log.record('d', start + 20 * MINUTE);
		log.persistInto(copies[3], start + 20 * MINUTE);

		// Whichever execution n8n saves last, its copy holds every delivery emitted before.
		for (const copy of copies) {
			expect(Object.keys(storedOf(copy))).toEqual(['a', 'b', 'c', 'd']);
		}
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
