/**
 * What one run of the action node shares across its items: the service with its session, what
 * the run learned that later items reuse, and the parameters that are the same for every item.
 * The router makes one per run and passes it to every `prepare` and `execute`: what is here ends
 * with the run. What outlives it lives in one place, `shared/acrossExecutions.ts`, each store
 * listed there with why (reached through `acrossExecutions()`), and nowhere else in module state.
 */

import type { IExecuteFunctions, IGetNodeParameterOptions } from 'n8n-workflow';

import type { NamingReads } from '../../shared/productNames';
import { ServiceClient } from '../../shared/transport';
import type { ZoneMemory } from './filter/serviceZone';
import { executionMemory } from '../../shared/acrossExecutions';
import type { ExecutionMemory } from '../../shared/acrossExecutions';

export interface RunScope {
	/** The version of the node the workflow was saved with (n8n keeps it; fields differ by it). */
	readonly nodeVersion: number;
	/** The service, logged in once for the run. */
	readonly service: ServiceClient;
	/** Filters stored on the service in this run, by a digest of their body: one POST each. */
	readonly storedFilters: Map<string, Promise<string>>;
	/**
	 * What this credential's earlier executions on this service kept (acrossExecutions.ts, the
	 * one place that outlives a run); undefined before the session is known or without one.
	 */
	acrossExecutions(): Promise<ExecutionMemory | undefined>;
	/** The service's timezone as this run learned it, for dates in built filters. */
	readonly zone: ZoneMemory;
	/** Products read in this run to name an order's items: one read each (productNames.ts). */
	readonly productNamings: NamingReads;
	/**
	 * A parameter's value for an item, as `getNodeParameter` gives it: the one way an operation's
	 * execute path (and its `units`, `prepare` and `concurrency`) reads its parameters. A value
	 * without an expression is the same for every item, so it is read once per run; an expression
	 * is evaluated once for each item, since it may read the item, and keeps that value for the
	 * run, so that `units`, `prepare` and `execute` see the same Unique ID. A value inside a
	 * parameter (a dotted path) is read as asked every time. The value is shared by the reads:
	 * build new objects from it, never change it.
	 */
	parameter<T = unknown>(
		name: string,
		itemIndex: number,
		fallback?: T,
		options?: IGetNodeParameterOptions,
	): T;
}

/** Whether a parameter's stored value holds an expression anywhere (`=…` strings). */
function holdsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(holdsExpression);
	if (typeof value === 'object' && value !== null)
		return Object.values(value).some(holdsExpression);
	return false;
}

export function newRunScope(ctx: IExecuteFunctions): RunScope {
	/** Per parameter (and extraction): its one value for the run, or `perItem` for an expression. */
	const readOnce = new Map<string, { value: unknown } | 'perItem'>();
	/** An expression's value per item, read once: n8n evaluates it anew on every read. */
	const perItemValues = new Map<string, unknown>();
	const readForItem = (
		name: string,
		itemIndex: number,
		fallback: unknown,
		options?: IGetNodeParameterOptions,
	) => {
		const key = `${options?.extractValue ? `${name}#value` : name}@${itemIndex}`;
		if (!perItemValues.has(key)) {
			perItemValues.set(key, ctx.getNodeParameter(name, itemIndex, fallback, options));
		}
		return perItemValues.get(key);
	};
	const service = new ServiceClient(ctx);
	let memory: Promise<ExecutionMemory | undefined> | undefined;
	return {
		nodeVersion: ctx.getNode().typeVersion,
		service,
		storedFilters: new Map(),
		async acrossExecutions() {
			memory ??= service.getSession().then(
				({ identity, baseUrl }) => (identity ? executionMemory(identity, baseUrl) : undefined),
				() => undefined,
			);
			return await memory;
		},
		zone: { readings: new Map() },
		productNamings: new Map(),
		parameter<T>(
			name: string,
			itemIndex: number,
			fallback?: T,
			options?: IGetNodeParameterOptions,
		) {
			const key = options?.extractValue ? `${name}#value` : name;
			let known = readOnce.get(key);
			if (!known) {
				// A dotted path names a value inside a parameter: read as asked, every time.
				const perItem = name.includes('.') || holdsExpression(ctx.getNode().parameters[name]);
				known = perItem
					? 'perItem'
					: { value: ctx.getNodeParameter(name, itemIndex, fallback, options) };
				readOnce.set(key, known);
			}
			return (
				known === 'perItem' ? readForItem(name, itemIndex, fallback, options) : known.value
			) as T;
		},
	};
}
