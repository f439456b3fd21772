/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- tests run on Node, never shipped */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The sandbox's modules depend one way: types/store/codec → context and clock → auth, paging,
 * filters → lifecycle, webhook dispatcher → routes → app (composes only) → server → index.
 * This reads the import lines of sandbox/*.ts and checks that picture.
 */

const SANDBOX = join(__dirname, '..', '..', 'sandbox');

/** Every sandbox module in its layer; a module may import only from its own layer or below. */
const LAYERS: string[][] = [
	// Data, wire format and small helpers that know nothing of a running sandbox.
	[
		'types',
		'store',
		'seed',
		'codec',
		'errors',
		'router',
		'service-zone',
		'faults',
		'links',
		'images',
		'multipart',
		'launch-env',
		'options',
	],
	// What a handler receives, and the virtual clock.
	['context', 'clock'],
	// Access rules, lists and the filter engine; the order representations they and events share;
	// the language of a localization as the quirks write and read it.
	['auth', 'paging', 'filter-schemas', 'filter-engine', 'order-views', 'languages'],
	// The order state machines and webhook deliveries.
	['lifecycle', 'webhook-dispatcher'],
	// Route modules and their input readers.
	[
		'session',
		'catalog',
		'motives',
		'order-input',
		'orders',
		'filters',
		'csv',
		'webhooks',
		'creator',
		'control',
	],
	['app'],
	['server'],
	['index'],
	['cli'],
];

interface Module {
	name: string;
	/** Every module specifier this file imports or re-exports from. */
	specifiers: string[];
}

function readModules(): Module[] {
	return readdirSync(SANDBOX)
		.filter((file) => file.endsWith('.ts'))
		.map((file) => {
			const source = readFileSync(join(SANDBOX, file), 'utf8');
			const specifiers = [
				...source.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+'([^']+)'/gms),
				...source.matchAll(/\b(?:require|import)\(\s*'([^']+)'\s*\)/g),
			].map((match) => match[1]);
			return { name: file.replace(/\.ts$/, ''), specifiers };
		});
}

const modules = readModules();
const local = (module: Module) =>
	module.specifiers.filter((s) => s.startsWith('./')).map((s) => s.slice(2));
const graph = new Map(modules.map((module) => [module.name, local(module)]));

function findCycle(): string[] | undefined {
	const state = new Map<string, 'visiting' | 'done'>();
	const stack: string[] = [];
	const visit = (name: string): string[] | undefined => {
		if (state.get(name) === 'done') return undefined;
		if (state.get(name) === 'visiting') return [...stack.slice(stack.indexOf(name)), name];
		state.set(name, 'visiting');
		stack.push(name);
		for (const next of graph.get(name) ?? []) {
			const cycle = visit(next);
			if (cycle) return cycle;
		}
		stack.pop();
		state.set(name, 'done');
		return undefined;
	};
	for (const name of graph.keys()) {
		const cycle = visit(name);
		if (cycle) return cycle;
	}
	return undefined;
}

describe('sandbox module layout', () => {
	it('reads the import graph (the parser sees the known edges)', () => {
		expect(modules.length).toBeGreaterThan(20);
		expect(graph.get('index')).toEqual(expect.arrayContaining(['app', 'server']));
		expect(graph.get('server')).toEqual(expect.arrayContaining(['app', 'context', 'control']));
		expect(graph.get('orders')).toEqual(expect.arrayContaining(['context', 'order-input']));
	});

	it('imports only sandbox modules and packages: nothing from nodes/ or credentials/', () => {
		for (const module of modules) {
			for (const specifier of module.specifiers) {
				expect({ module: module.name, specifier, outside: specifier.startsWith('..') }).toEqual({
					module: module.name,
					specifier,
					outside: false,
				});
				expect(specifier).not.toMatch(/(^|\/)(nodes|credentials)(\/|$)/);
			}
			for (const target of local(module)) {
				expect({ module: module.name, target, exists: graph.has(target) }).toEqual({
					module: module.name,
					target,
					exists: true,
				});
			}
		}
	});

	it('has no import cycle', () => {
		expect(findCycle()).toBeUndefined();
	});

	it('lets only server and index import app.ts', () => {
		const importers = modules.filter((m) => local(m).includes('app')).map((m) => m.name);
		expect(importers.sort()).toEqual(['index', 'server']);
	});

	it('places every module in a layer', () => {
		const placed = LAYERS.flat();
		expect(new Set(placed).size).toBe(placed.length);
		expect([...graph.keys()].sort()).toEqual([...placed].sort());
	});

	it('points every import at its own layer or one below', () => {
		const layerOf = new Map(LAYERS.flatMap((names, layer) => names.map((n) => [n, layer])));
		const upward = [...graph].flatMap(([name, targets]) =>
			targets
				.filter((target) => (layerOf.get(target) ?? -1) > (layerOf.get(name) ?? -1))
				.map((target) => `${name} → ${target}`),
		);
		expect(upward).toEqual([]);
	});
});
