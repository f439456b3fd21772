/**
 * The action node's execute: finds the chosen operation and runs it for every input item, with the
 * run's scope, the batch's prepared lookups, bounded concurrency and one error path for every
 * failure.
 */

import type { IExecuteFunctions, INodeExecutionData, IPairedItemData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { nodeErrorOf } from '../../shared/errors';
import { RESOURCES } from './resources';
import { newRunScope } from './runScope';
import type { RunScope } from './runScope';
import { operationOf } from './types';
import type { OperationDefinition } from './types';

/**
 * Run the chosen operation for every input item, or for every unit of items the operation merges.
 * Units may run concurrently (bounded), but the output keeps input order. Until the service has answered once in this run, the first item runs
 * alone, so that a run starting without a session logs in once rather than once per parallel item.
 */
export async function route(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resourceName = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const resource = RESOURCES.find((r) => r.value === resourceName);
	const operation = resource && operationOf(resource, operationName);
	if (!operation) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operationName}" of resource "${resourceName}" is not supported`,
		);
	}

	const run = newRunScope(this);
	// Each execute covers one unit: an item, or the items an operation merges (Submit's lines).
	const units =
		operation.units?.call(this, items.length, run) ?? items.map((_, itemIndex) => [itemIndex]);
	const prepared =
		operation.prepare && units.length > 1
			? await operation.prepare.call(this, units, run)
			: undefined;
	const concurrency = Math.max(1, Math.floor(operation.concurrency?.call(this, run) ?? 1));
	const results: INodeExecutionData[][] = new Array(units.length);

	// A failing unit (without Continue On Fail) stops the run: no further unit is started, the
	// ones already under way finish, and the earliest failure is reported. Nothing is sent after
	// n8n has shown the run as failed.
	let firstFailure: { itemIndex: number; error: unknown } | undefined;
	const runUnit = async (index: number) => {
		const unit = units[index];
		try {
			results[index] = await runOne.call(this, operation, unit, run, prepared);
		} catch (error) {
			if (!firstFailure || unit[0] < firstFailure.itemIndex) {
				firstFailure = { itemIndex: unit[0], error };
			}
		}
	};

	let nextIndex = 0;
	if (units.length > 0 && !run.service.answeredOnce) await runUnit(nextIndex++);
	const worker = async () => {
		while (nextIndex < units.length && !firstFailure) {
			const index = nextIndex++;
			await runUnit(index);
		}
	};
	await Promise.all(
		Array.from({ length: Math.min(concurrency, units.length - nextIndex) }, worker),
	);
	if (firstFailure) throw nodeErrorOf(this.getNode(), firstFailure.error, firstFailure.itemIndex);
	if (operation.settle && prepared !== undefined) {
		const failed = await operation.settle.call(this, prepared, results, units, run);
		for (const { unit, error } of failed.sort((a, b) => a.unit - b.unit)) {
			results[unit] = failedUnitOutput.call(this, error, units[unit]);
		}
	}

	return [results.flat()];
}

/** A unit's failure as its output (Continue On Fail), or thrown: the run fails. */
function failedUnitOutput(
	this: IExecuteFunctions,
	failure: unknown,
	unit: number[],
): INodeExecutionData[] {
	// Every failure leaves the node as an n8n error that knows its item.
	const error = nodeErrorOf(this.getNode(), failure, unit[0]);
	if (!this.continueOnFail()) throw error;
	return [
		{
			json: {
				error: error.message,
				...(error.description ? { errorDescription: error.description } : {}),
			},
			pairedItem: pairedWith(unit),
		},
	];
}

/** The input items an output item of this unit comes from. */
function pairedWith(unit: number[]): IPairedItemData | IPairedItemData[] {
	return unit.length === 1 ? { item: unit[0] } : unit.map((item) => ({ item }));
}

async function runOne(
	this: IExecuteFunctions,
	operation: OperationDefinition,
	unit: number[],
	run: RunScope,
	prepared: unknown,
): Promise<INodeExecutionData[]> {
	const [itemIndex] = unit;
	let failure: unknown;
	try {
		const output = await operation.execute.call(this, itemIndex, run, prepared, unit);
		// The operation's items are its own, made for this output: each gets its source in place.
		for (const item of output) item.pairedItem ??= pairedWith(unit);
		return output;
	} catch (error) {
		failure = error;
	}
	return failedUnitOutput.call(this, failure, unit);
}
