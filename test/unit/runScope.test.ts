/**
 * The run's parameter reads, as an operation sees them: a value without an expression is the same
 * for every item, an expression has its own value for each item and keeps that value for the
 * whole run (n8n would evaluate a `$now` or a counter anew on every read), and a resource
 * locator's value is told apart from the locator.
 */
import type { IExecuteFunctions, INodeParameters } from 'n8n-workflow';

import { newRunScope } from '../../nodes/PodPlatform/actions/runScope';

/**
 * Stands in for n8n's evaluation: an expression gives its item's value, different on every
 * evaluation, as `{{ $now }}` would; a dotted path reads inside a parameter.
 */
function fakeContext(parameters: INodeParameters) {
	let evaluations = 0;
	const evaluate = (value: unknown, itemIndex: number): unknown => {
		if (typeof value === 'string' && value.startsWith('=')) {
			return `${value.slice(1)} for item ${itemIndex}, evaluation ${++evaluations}`;
		}
		if (typeof value !== 'object' || value === null) return value;
		return Object.fromEntries(
			Object.entries(value).map(([key, inner]) => [key, evaluate(inner, itemIndex)]),
		);
	};
	return {
		getNode: () => ({ parameters }),
		getNodeParameter: (
			name: string,
			itemIndex: number,
			fallback: unknown,
			options?: { extractValue?: boolean },
		) => {
			const value = name
				.split('.')
				.reduce<unknown>(
					(inside, key) => (inside as Record<string, unknown> | undefined)?.[key],
					parameters,
				);
			if (value === undefined) return fallback;
			const evaluated = evaluate(value, itemIndex);
			return options?.extractValue ? (evaluated as { value: unknown }).value : evaluated;
		},
	} as unknown as IExecuteFunctions;
}

describe('RunScope.parameter', () => {
	test('a value without an expression is the same for every item', () => {
		const run = newRunScope(fakeContext({ options: { concurrency: 8, exactlyOnce: true } }));
		for (let itemIndex = 0; itemIndex < 3; itemIndex++) {
			expect(run.parameter('options', itemIndex, {})).toEqual({
				concurrency: 8,
				exactlyOnce: true,
			});
		}
	});

	test("an expression gives each item its own value, and keeps it for the run's later reads", () => {
		const run = newRunScope(fakeContext({ uniqueId: '=now' }));
		const first = [run.parameter('uniqueId', 0, ''), run.parameter('uniqueId', 1, '')];
		expect(first[0]).toMatch(/^now for item 0/);
		expect(first[1]).toMatch(/^now for item 1/);
		// Units, the batch's look-ups and execute all read the Unique ID: one order, one value.
		expect([run.parameter('uniqueId', 0, ''), run.parameter('uniqueId', 1, '')]).toEqual(first);
	});

	test('an expression inside a collection makes the whole collection per item', () => {
		const run = newRunScope(fakeContext({ options: { note: '=now' } }));
		expect(run.parameter<{ note: string }>('options', 0, { note: '' }).note).toMatch(/for item 0/);
		expect(run.parameter<{ note: string }>('options', 1, { note: '' }).note).toMatch(/for item 1/);
	});

	test("a resource locator's value and the locator itself are separate answers", () => {
		const run = newRunScope(
			fakeContext({ shop: { __rl: true, mode: 'list', value: '7' } as never }),
		);
		expect(run.parameter('shop', 0, '', { extractValue: true })).toBe('7');
		expect(run.parameter('shop', 0, {})).toEqual({ __rl: true, mode: 'list', value: '7' });
	});

	test('a missing parameter gives its fallback, and a dotted path the value inside', () => {
		const run = newRunScope(fakeContext({ options: { maxProblems: 5 } }));
		expect(run.parameter('inputMode', 0, 'form')).toBe('form');
		expect(run.parameter('options.maxProblems', 0, 1000)).toBe(5);
		expect(run.parameter('options.quote', 0, '"')).toBe('"');
	});
});
