/**
 * The run's parameter reads: a value without an expression is read once for the whole run, an
 * expression once for every item, and asking for a resource locator's value is its own read.
 */
import type { IExecuteFunctions, INodeParameters } from 'n8n-workflow';

import { newRunScope } from '../../nodes/PodPlatform/actions/runScope';

function fakeContext(parameters: INodeParameters) {
	const reads: Array<{ name: string; itemIndex: number }> = [];
	const ctx = {
		getNode: () => ({ parameters }),
		getNodeParameter: (name: string, itemIndex: number, fallback: unknown) => {
			reads.push({ name, itemIndex });
			const value = parameters[name];
			if (value === undefined) return fallback;
			// Stands in for n8n's evaluation: an expression gives a value of its item.
			return typeof value === 'string' && value.startsWith('=') ? `${value}#${itemIndex}` : value;
		},
	} as unknown as IExecuteFunctions;
	return { ctx, reads };
}

describe('RunScope.parameter', () => {
	test('a value without an expression is read once for every item', () => {
		const { ctx, reads } = fakeContext({ options: { concurrency: 8, exactlyOnce: true } });
		const run = newRunScope(ctx);
		for (let itemIndex = 0; itemIndex < 5; itemIndex++) {
			expect(run.parameter('options', itemIndex, {})).toEqual({ concurrency: 8, exactlyOnce: true });
		}
		expect(reads).toEqual([{ name: 'options', itemIndex: 0 }]);
	});

	test('a value holding an expression anywhere is read for each item', () => {
		const { ctx, reads } = fakeContext({
			shop: '={{ $json.shop }}',
			options: { exactlyOnce: '={{ $json.once }}' },
		});
		const run = newRunScope(ctx);
		expect(run.parameter('shop', 0, '')).toBe('={{ $json.shop }}#0');
		expect(run.parameter('shop', 1, '')).toBe('={{ $json.shop }}#1');
		run.parameter('options', 0, {});
		run.parameter('options', 1, {});
		expect(reads.map((read) => `${read.name}:${read.itemIndex}`)).toEqual([
			'shop:0',
			'shop:1',
			'options:0',
			'options:1',
		]);
	});

	test('an expression is evaluated once per item, however often the run reads it', () => {
		const { ctx, reads } = fakeContext({ uniqueId: '={{ $json.order_id }}' });
		const run = newRunScope(ctx);
		for (let time = 0; time < 3; time++) {
			expect(run.parameter('uniqueId', 0, '')).toBe('={{ $json.order_id }}#0');
			expect(run.parameter('uniqueId', 1, '')).toBe('={{ $json.order_id }}#1');
		}
		expect(reads.map((read) => `${read.name}:${read.itemIndex}`)).toEqual([
			'uniqueId:0',
			'uniqueId:1',
		]);
	});

	test('a missing parameter gives its fallback, and a dotted path is read every time', () => {
		const { ctx, reads } = fakeContext({ options: {} });
		const run = newRunScope(ctx);
		expect(run.parameter('inputMode', 0, 'form')).toBe('form');
		expect(run.parameter('inputMode', 1, 'form')).toBe('form');
		run.parameter('options.concurrency', 0, 4);
		run.parameter('options.concurrency', 1, 4);
		expect(reads.map((read) => `${read.name}:${read.itemIndex}`)).toEqual([
			'inputMode:0',
			'options.concurrency:0',
			'options.concurrency:1',
		]);
	});
});
