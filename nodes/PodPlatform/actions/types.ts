/**
 * The shapes every resource and operation of the action node is declared in; the router and the
 * property builder read nothing else.
 */

import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	NodeHint,
} from 'n8n-workflow';

import type { RunScope } from './runScope';

/**
 * One operation: the fields it shows and how it runs for one input item. `run` is the run's
 * scope (the service and what the run learned); `Prepared` is what the operation's `prepare`
 * found for the whole batch, handed to every `execute`.
 */
/**
 * A warning the editor shows while an operation's fields are edited (n8n's node hints), when
 * `condition` holds: a JavaScript expression over `$parameter`, the node's parameters. The
 * resource and operation it is of are added to it (describe.ts).
 */
export interface OperationHint {
	message: string;
	type: NonNullable<NodeHint['type']>;
	condition: string;
}

export interface OperationDefinition<Prepared = unknown> {
	/**
	 * Entry of the operation dropdown (name, value, action, description). Its value is also how
	 * the router, the Shop field and the display options find the operation.
	 */
	option: INodePropertyOptions & { value: string; action: string };
	/** The operation's own fields; the resource and operation display options are added for it. */
	fields: INodeProperties[];
	/** Warnings the editor shows on the operation's fields as they are edited. */
	hints?: OperationHint[];
	/**
	 * What a language model reads about the operation when the node is its tool (toolDescription.ts):
	 * what it does, what it costs, what identifies a record, whether a repeated call is safe. Without
	 * it, the model reads the operation's action and description.
	 */
	forModel?: string;
	/**
	 * Runs for one input item, or for one unit of items (see `units`): `itemIndex` is its first
	 * item, `unit` all of them. pairedItem is filled in by the router when missing, with every item
	 * of the unit. `prepared` is what `prepare` returned, or undefined when it did not run.
	 */
	execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
		prepared?: Prepared,
		unit?: number[],
	): Promise<INodeExecutionData[]>;
	/**
	 * Which input items one execute covers, in input order: by default each item alone. An
	 * operation that merges items (Submit's lines of one order) returns the runs of items that
	 * belong together; its output and its failures are paired with every item of the unit.
	 */
	units?(this: IExecuteFunctions, itemCount: number, run: RunScope): number[][];
	/**
	 * Whether the operation needs a shop; by default what its resource says. False for local file
	 * work in a shop-scoped resource, so the Shop field is hidden there.
	 */
	needsShop?: boolean;
	/**
	 * Runs once before the units: fetches in a few requests what every unit would otherwise look
	 * up alone, and returns it for every execute of the run. It runs only for more than one unit.
	 * A failure here fails the run; a bad unit is left for its own execute to report.
	 */
	prepare?(this: IExecuteFunctions, units: number[][], run: RunScope): Promise<Prepared>;
	/**
	 * Runs once after every unit of a prepared batch has run (not when a failure stopped the run):
	 * learns in a few requests what only the whole batch can tell, and replaces the output of the
	 * units it concerns (`outputs[i]` is unit `i`'s). Submit checks there, in one look-up, for
	 * repeats another n8n process sent at the same moment. A unit's failure here is handled as in
	 * its execute: an error item with Continue On Fail, else the run fails.
	 */
	settle?(
		this: IExecuteFunctions,
		prepared: Prepared,
		outputs: INodeExecutionData[][],
		units: number[][],
		run: RunScope,
	): Promise<Array<{ unit: number; error: unknown }>>;
	/** How many items may run at once (read once per run). Default 1: items run in order. */
	concurrency?(this: IExecuteFunctions, run: RunScope): number;
}

/** One resource of the action node. */
export interface ResourceDefinition {
	name: string;
	value: string;
	description?: string;
	/** Whether the resource lives under a shop, so the node shows the Shop field. */
	needsShop: boolean;
	/** The operation preselected; the first one when not given. */
	defaultOperation?: string;
	/**
	 * The operation preselected when the node is added as an AI tool, where it must open on a
	 * read (toolUse.ts); the default operation when not given.
	 */
	toolDefaultOperation?: string;
	/** The operations in the order of the Operation dropdown, each known by its option's value. */
	operations: OperationDefinition[];
}

/** The resource's operation whose dropdown value is `value`. */
export function operationOf(
	resource: ResourceDefinition,
	value: string,
): OperationDefinition | undefined {
	return resource.operations.find(({ option }) => option.value === value);
}
