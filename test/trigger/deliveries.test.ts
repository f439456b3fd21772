import type { DeliveryMemory } from '../../nodes/PodPlatformTrigger/deliveries';
import {
	DELIVERIES_REMEMBERED_AT_MOST,
	DeliveryLog,
	DeliveryLogs,
	REDELIVERY_WINDOW_MS,
	RETRY_INTERVAL_AT_LEAST_MS,
	deliveryKeyOf,
	isRetryOf,
} from '../../nodes/PodPlatformTrigger/deliveries';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const body = Buffer.from('{"productionOrderExpanded":{"id":177}}');
const start = Date.UTC(2026, 10, 23, 12);

describe('the memory of deliveries', () => {
	test('a byte-identical delivery of the same topic has the same key; any other does not', () => {
		const key = deliveryKeyOf('orders/updated', body);
		expect(deliveryKeyOf('orders/updated', Buffer.from(body))).toBe(key);
		expect(deliveryKeyOf('orders/fulfilled', body)).not.toBe(key);
		expect(deliveryKeyOf('orders/updated', Buffer.from(`${body.toString()} `))).not.toBe(key);
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
		expect(memory.deliveries).toEqual({ k: [start, start + 10 * SECOND] });
		expect(log.isRedelivery('k', start + 60 * MINUTE)).toBe(true);
		expect(log.isRedelivery('k', start + 60 * MINUTE + 10 * SECOND)).toBe(true);
		// Emissions that fell out of the window are dropped when the key is emitted again.
		log.record('k', start + 50 * HOUR);
		log.persistInto(memory, start + 50 * HOUR);
		expect(memory.deliveries).toEqual({ k: [start + 50 * HOUR] });
	});

	test('what falls out of the window is forgotten, oldest first, also when the stored copy is out of order', () => {
		const log = new DeliveryLog({ newer: [start + HOUR], older: [start] });
		log.record('latest', start + 49 * HOUR);
		const memory: DeliveryMemory = { registrations: {} };
		log.persistInto(memory, start + 49 * HOUR);
		expect(Object.keys(memory.deliveries ?? {})).toEqual(['newer', 'latest']);
		log.persistInto(memory, start + 50 * HOUR);
		expect(Object.keys(memory.deliveries ?? {})).toEqual(['latest']);
		log.persistInto(memory, start + 98 * HOUR);
		expect(memory.deliveries).toEqual({});
	});

	test('the memory is bounded by count too, forgetting the oldest first', () => {
		const full = Object.fromEntries(
			Array.from({ length: DELIVERIES_REMEMBERED_AT_MOST }, (_, i) => [`k${i}`, [start + i]]),
		);
		const log = new DeliveryLog(full);
		log.record('new1', start + HOUR);
		log.record('new2', start + HOUR);
		const memory: DeliveryMemory = { registrations: {} };
		log.persistInto(memory, start + HOUR);
		const kept = Object.keys(memory.deliveries ?? {});
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
		expect(stored.deliveries).toEqual({ k: [start] });
	});

	test('each execution writes the whole log into its copy and into those of executions started in the last 15 minutes', () => {
		const log = new DeliveryLog();
		const copies = [0, 1, 2, 3].map((): DeliveryMemory => ({ registrations: {} }));
		// Execution 0 started 20 minutes before execution 3, execution 1 ten, execution 2 one.
		log.record('a', start);
		log.persistInto(copies[0], start);
		log.record('b', start + 10 * MINUTE);
		log.persistInto(copies[1], start + 10 * MINUTE);
		log.record('c', start + 19 * MINUTE);
		log.persistInto(copies[2], start + 19 * MINUTE);
		log.record('d', start + 20 * MINUTE);
		log.persistInto(copies[3], start + 20 * MINUTE);

		const keysOf = (memory: DeliveryMemory) => Object.keys(memory.deliveries ?? {});
		// Whichever of executions 1 to 3 is saved last holds every delivery.
		for (const copy of copies.slice(1)) expect(keysOf(copy)).toEqual(['a', 'b', 'c', 'd']);
		// Execution 0 started more than 15 minutes before: not written any more.
		expect(keysOf(copies[0])).toEqual(['a', 'b']);
	});

	test('one log per workflow node, started from the static data the first time', () => {
		const logs = new DeliveryLogs();
		const log = logs.of('wf', 'node-1', { registrations: {}, deliveries: { k: [start] } });
		expect(logs.of('wf', 'node-1', {})).toBe(log);
		expect(log.isRedelivery('k', start + HOUR)).toBe(true);
		const other = logs.of('wf', 'node-2', { registrations: {}, deliveries: { k: [start] } });
		expect(other).not.toBe(log);
		expect(logs.of('other-wf', 'node-1', {})).not.toBe(log);
		expect(logs.of('other-wf', 'node-1', {}).isRedelivery('k', start + HOUR)).toBe(false);
		// What a log learns is not in another's.
		log.record('new', start + HOUR);
		expect(other.isRedelivery('new', start + 2 * HOUR)).toBe(false);
		expect(log.isRedelivery('new', start + 2 * HOUR)).toBe(true);
	});
});
