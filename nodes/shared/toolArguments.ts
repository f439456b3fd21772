/**
 * The node as an AI tool: whether it runs as one, and the names its model knows for the form's
 * parameters (the `$fromAI` arguments the workflow gives them), so that a problem is named in the
 * model's words.
 */

import type { INode } from 'n8n-workflow';

/** "Argument color": the model's arguments that fill these form parameters; undefined if none. */
export type ArgumentNamer = (parameters: string[]) => string | undefined;

/**
 * Whether the node runs as an AI tool: n8n gives the tool variant of a node its own type, the
 * node's type with `Tool` appended.
 */
export function isToolNode(node: INode): boolean {
	return node.type.endsWith('Tool');
}

/** The `$fromAI('key', …)` arguments an expression of the node's parameters asks a model for. */
const FROM_AI_KEY = /\$fromAI\(\s*(['"`])([^'"`]+)\1/g;

/** Every text inside a parameter's value. */
function textsIn(value: unknown): string[] {
	if (typeof value === 'string') return [value];
	if (Array.isArray(value)) return value.flatMap(textsIn);
	if (value !== null && typeof value === 'object') return Object.values(value).flatMap(textsIn);
	return [];
}

/** A parameter's value at a path such as `designs.design[0].assignedColorId`. */
function parameterAt(parameters: unknown, path: string): unknown {
	return path
		.split(/[.[\]]+/)
		.filter(Boolean)
		.reduce<unknown>(
			(value, step) =>
				value !== null && typeof value === 'object'
					? (value as Record<string, unknown>)[step]
					: undefined,
			parameters,
		);
}

/** The `$fromAI` keys that the tool's parameters at these paths ask its model for, each once. */
function argumentKeys(node: INode, paths: string[]): string[] {
	if (!isToolNode(node)) return [];
	const keys = paths.flatMap((path) =>
		textsIn(parameterAt(node.parameters, path)).flatMap((text) =>
			[...text.matchAll(FROM_AI_KEY)].map((match) => match[2]),
		),
	);
	return [...new Set(keys)];
}

/**
 * Where a problem is: the parameter, or, when a model fills it in through `$fromAI`, the
 * argument the model gave, which is the name the model knows.
 */
export function placeOfField(node: INode, field: string): string {
	const keys = argumentKeys(node, [field]);
	return keys.length ? `Argument: ${keys.join(', ')}` : `Field: ${field}`;
}

/** "Argument color", "Arguments street, city": what a tool's model calls these parameters. */
export function argumentsOf(node: INode, parameters: string[]): string | undefined {
	const keys = argumentKeys(node, parameters);
	if (!keys.length) return undefined;
	return `${keys.length === 1 ? 'Argument' : 'Arguments'} ${keys.join(', ')}`;
}
