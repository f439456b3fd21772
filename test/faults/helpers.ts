import type { INodeExecutionData } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { control, type LoggedRequest, type SandboxStats } from '../support/sandbox';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const SHOP = { __rl: true, mode: 'id', value: '1597' };

/** A small deferred order the service accepts: one plain T-shirt, paid, shipped to Germany. */
export function order(uniqueId: string): Json {
	return {
		creatorse_productionOrderDeferred: {
			uniqueId,
			financialStatus: 'PAID',
			country: { code: 'DE' },
			customer: {
				firstName: 'Ada',
				lastName: 'Lovelace',
				email: 'ada@example.com',
				shippingAddress: {
					street: 'Hauptstr.',
					streetNo: '5',
					city: 'Berlin',
					zip: '10115',
					countryCode: 'DE',
				},
			},
			orderShipping: { title: 'Standard', carrier: { id: 21 } },
			designs: {
				creatorse_design: [
					{ productId: 1001, amount: 1, assignedColor: { id: 2001 }, assignedSize: { id: 3002 } },
				],
			},
		},
	};
}

/** Input items each carrying one order, and Submit parameters that take the order from the item. */
export function orderItems(prefix: string, count: number): INodeExecutionData[] {
	return Array.from({ length: count }, (_, i) => ({ json: { order: order(`${prefix}-${i}`) } }));
}

export function submitParameters(options: Json = {}): Json {
	return {
		resource: 'order',
		operation: 'submit',
		shop: SHOP,
		inputMode: 'json',
		orderJson: '={{ JSON.stringify($json.order) }}',
		options,
	};
}

export class Control {
	constructor(private readonly sandbox: Sandbox) {}

	call<T = Json>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) {
		return control<T>(this.sandbox, method, path, body);
	}

	reset() {
		return this.call('POST', '/reset');
	}

	stats() {
		return this.call<SandboxStats>('GET', '/stats');
	}

	requests() {
		return this.call<Array<LoggedRequest & { fault?: string }>>('GET', '/requests');
	}

	fault(spec: Json) {
		return this.call('POST', '/faults', spec);
	}

	/** Every order of every account, as the service stores them. */
	orders() {
		return this.call<Json[]>('GET', '/orders');
	}

	/** Orders of every account with this uniqueId, as the service stores them. */
	ordersWithUniqueId(uniqueId: string) {
		return this.call<Json[]>('GET', `/orders?uniqueId=${encodeURIComponent(uniqueId)}`);
	}
}

/**
 * A sandbox for the enclosing describe block: started once (with the deferred pipeline held back
 * so it does not compete with submissions), reset before each test, closed after.
 */
export function useFaultSandbox(): { sandbox: Sandbox; control: Control } {
	const env = {} as { sandbox: Sandbox; control: Control };
	beforeAll(async () => {
		env.sandbox = await startSandbox({ port: 0, deferredProcessingMs: 10_000 });
		env.control = new Control(env.sandbox);
	});
	afterAll(() => env.sandbox.close());
	beforeEach(() => env.control.reset());
	return env;
}
