import type { INodeExecutionData } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { deferredOrderBody, ORDERS } from '../support/deferredOrder';
import { SandboxControl, shopParameter } from '../support/sandbox';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A small deferred order the service accepts: one plain T-shirt, paid, shipped to Germany. */
export function order(uniqueId: string): Json {
	return deferredOrderBody(ORDERS.plain(uniqueId));
}

/** Input items each carrying one order, and Submit parameters that take the order from the item. */
export function orderItems(prefix: string, count: number): INodeExecutionData[] {
	return Array.from({ length: count }, (_, i) => ({ json: { order: order(`${prefix}-${i}`) } }));
}

export function submitParameters(options: Json = {}): Json {
	return {
		resource: 'order',
		operation: 'submit',
		shop: shopParameter(),
		input: 'json',
		orderJson: '={{ JSON.stringify($json.order) }}',
		// The order is a plain T-shirt, blank by choice (Print on Designs: Nothing).
		linePrinting: 'blank',
		options,
	};
}

/**
 * A sandbox for the enclosing describe block: started once (with the deferred pipeline held back
 * so it does not compete with submissions), reset before each test, closed after.
 */
export function useFaultSandbox(): { sandbox: Sandbox; control: SandboxControl } {
	const env = {} as { sandbox: Sandbox; control: SandboxControl };
	beforeAll(async () => {
		env.sandbox = await startSandbox({ port: 0, deferredProcessingMs: 10_000 });
		env.control = new SandboxControl(env.sandbox);
	});
	afterAll(() => env.sandbox.close());
	beforeEach(async () => await env.control.reset());
	return env;
}
