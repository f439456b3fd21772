import type { DeliveryMemory } from '../../nodes/PodPlatformTrigger/deliveries';
import {
	DELIVERIES_REMEMBERED_AT_MOST,
	REDELIVERY_WINDOW_MS,
	deliveryKeyOf,
	rememberDeliveries,
	wasDelivered,
} from '../../nodes/PodPlatformTrigger/deliveries';

const HOUR = 60 * 60 * 1000;
const body = Buffer.from('{"productionOrderExpanded":{"id":177}}');

describe('the memory of deliveries', () => {
	test('a byte-identical delivery of the same topic has the same key; any other does not', () => {
		const key = deliveryKeyOf('orders/updated', body);
		expect(deliveryKeyOf('orders/updated', Buffer.from(body))).toBe(key);
		expect(deliveryKeyOf('orders/fulfilled', body)).not.toBe(key);
		expect(deliveryKeyOf('orders/updated', Buffer.from(`${body.toString()} `))).not.toBe(key);
	});

	test('a delivery is recognised for every retry of the 48-hour window, and forgotten after it', () => {
		const memory: DeliveryMemory = { registrations: {} };
		const key = deliveryKeyOf('orders/updated', body);
		const start = Date.UTC(2026, 10, 23, 12);
		rememberDeliveries(memory, [key], start);
		for (let retry = 1; retry <= 48; retry++) {
			expect(wasDelivered(memory, key, start + retry * HOUR)).toBe(true);
		}
		expect(wasDelivered(memory, key, start + REDELIVERY_WINDOW_MS)).toBe(false);
		// Recording anything later drops what fell out of the window.
		rememberDeliveries(memory, ['later'], start + REDELIVERY_WINDOW_MS);
		expect(Object.keys(memory.deliveries ?? {})).toEqual(['later']);
	});

	test('a key seen again keeps the time it was first emitted', () => {
		const memory: DeliveryMemory = { registrations: {} };
		rememberDeliveries(memory, ['k'], 1_000);
		rememberDeliveries(memory, ['k'], 5_000);
		expect(memory.deliveries).toEqual({ k: 1_000 });
	});

	test('the memory is bounded by count too, forgetting the oldest first', () => {
		const full = Array.from({ length: DELIVERIES_REMEMBERED_AT_MOST }, (_, i) => [
			`k${i}`,
			1_000 + i,
		]);
		const memory: DeliveryMemory = { registrations: {}, deliveries: Object.fromEntries(full) };
		rememberDeliveries(memory, ['new1', 'new2'], 50_000);
		const kept = Object.keys(memory.deliveries ?? {});
		expect(kept).toHaveLength(DELIVERIES_REMEMBERED_AT_MOST);
		expect(kept.slice(0, 1)).toEqual(['k2']);
		expect(kept.slice(-2)).toEqual(['new1', 'new2']);
	});

	test("static data without the trigger's registrations (a queue-mode worker's blank copy) is never written", () => {
		const memory: DeliveryMemory = {};
		rememberDeliveries(memory, ['k'], 1_000);
		expect(memory).toEqual({});
	});
});
