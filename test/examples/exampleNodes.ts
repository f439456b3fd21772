/**
 * The example workflows as the static tests read them, and n8n's own expression evaluator
 * (n8n-workflow) for what their nodes make of an item: an expression, a Set node, a chain of Set
 * nodes that read earlier nodes by name. Shared by the tests of test/examples/.
 */
import type { IDataObject, NodeParameterValueType } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { exampleWorkflows } from '../../scripts/dev';

export interface ExampleNode {
	name: string;
	type: string;
	typeVersion: number;
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
}
export interface Example {
	id: string;
	name: string;
	nodes: ExampleNode[];
	connections: Record<string, { main: Array<Array<{ node: string }>> }>;
	pinData?: Record<string, Array<{ json: unknown }>>;
}

export const examples = exampleWorkflows() as unknown as Example[];
export const example = (id: string) => examples.find((workflow) => workflow.id === id) as Example;

/** Every expression among a node's parameters ("=..."), with where it is. */
export function expressions(
	value: unknown,
	path = '',
): Array<{ path: string; expression: string }> {
	if (typeof value === 'string') return value.startsWith('=') ? [{ path, expression: value }] : [];
	if (Array.isArray(value)) return value.flatMap((entry, i) => expressions(entry, `${path}[${i}]`));
	if (value && typeof value === 'object') {
		return Object.entries(value).flatMap(([key, entry]) =>
			expressions(entry, path ? `${path}.${key}` : key),
		);
	}
	return [];
}

/** A workflow of one node, for n8n's own expression evaluator (n8n-workflow). */
const expressionHost = new Workflow({
	nodes: [
		{ id: 'host', name: 'Host', type: 'host', typeVersion: 1, position: [0, 0], parameters: {} },
	],
	connections: {},
	active: false,
	nodeTypes: {
		getByName: () => ({ description: { properties: [] } }),
		getByNameAndVersion: () => ({ description: { properties: [] } }),
		getKnownTypes: () => ({}),
	} as never,
});

/**
 * A parameter (an expression, or an object holding some) as n8n resolves it for an item `json`,
 * with the other values a node gives its expressions (`additional`: pagination's `$response`).
 */
export function evaluate(
	value: unknown,
	json: object,
	additional: Record<string, unknown> = {},
): unknown {
	return expressionHost.expression.getParameterValue(
		value as NodeParameterValueType,
		null,
		0,
		0,
		'Host',
		[{ json: json as IDataObject }],
		'manual',
		additional as never,
	);
}

export interface Assignment {
	name: string;
	value: unknown;
}
export const assignmentsOf = (node: ExampleNode) =>
	(node.parameters.assignments as { assignments: Assignment[] }).assignments;

/**
 * An expression that reads earlier nodes (`$('Store').item.json`, `$('Store').first().json`), for
 * the evaluator of one node:
 * each named node's item becomes a field of `$json` (`$json['Store']`), given with the item.
 */
export function readingNodes(value: unknown): unknown {
	if (typeof value === 'string') {
		return value.replace(
			/\$\('((?:[^'\\]|\\.)*)'\)\.(?:item|first\(\))\.json/g,
			(_, name: string) => `$json[${JSON.stringify(name.replace(/\\'/g, "'"))}]`,
		);
	}
	if (Array.isArray(value)) return value.map(readingNodes);
	if (value && typeof value === 'object') {
		return Object.fromEntries(
			Object.entries(value).map(([key, entry]) => [key, readingNodes(entry)]),
		);
	}
	return value;
}

/**
 * Set nodes one after another, the first on the sample, each next on what the one before gives
 * (manual mode keeps no other field); `$('Node').item.json` is the sample's key of that name, as
 * n8n's paired items give it.
 */
export function setNodes(
	nodes: ExampleNode[],
	sample: Record<string, unknown>,
): Record<string, unknown> {
	return nodes.reduce<Record<string, unknown>>((json, setNode, index) => {
		const written = expressions(setNode.parameters)
			.map((entry) => entry.expression)
			.join('\n');
		const referred = Object.fromEntries(
			Object.entries(sample).filter(([name]) =>
				written.includes(`$('${name.replace(/'/g, "\\'")}')`),
			),
		);
		const input = index === 0 ? sample : { ...json, ...referred };
		return Object.fromEntries(
			assignmentsOf(setNode).map(({ name, value }) => [name, evaluate(readingNodes(value), input)]),
		);
	}, {});
}
