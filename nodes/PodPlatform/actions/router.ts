/**
 * The action node's execute: finds the chosen operation and runs it for every input item, with the
 * run's scope, the batch's prepared lookups, bounded concurrency and one error path for every
 * failure.
 */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { nodeErrorOf } from '../../shared/errors';
import { RESOURCES } from './resources';
import { newRunScope } from './runScope';
import type { RunScope } from './runScope';
import type { OperationDefinition } from './types';

/**
 * Run the chosen operation for every input item. Items may run concurrently (bounded), but the
 * output keeps input order. Until the service has answered once in this run, the first item runs
 * alone, so that a run starting without a session logs in once rather than once per parallel item.
 */
export async function route(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resourceName = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const operation = RESOURCES.find((r) => r.value === resourceName)?.operations[operationName];
	if (!operation) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operationName}" of resource "${resourceName}" is not supported`,
		);
	}

	const run = newRunScope(this);
	const prepared =
		operation.prepare && items.length > 1
			? await operation.prepare.call(this, items.length, run)
			: undefined;
	const concurrency = Math.max(1, Math.floor(operation.concurrency?.call(this) ?? 1));
	const results: INodeExecutionData[][] = new Array(items.length);

	// A failing item (without Continue On Fail) stops the run: no further item is started, the
	// ones already under way finish, and the earliest failure is reported. Nothing is sent after
	// n8n has shown the run as failed.
	let firstFailure: { itemIndex: number; error: unknown } | undefined;
	const runItem = async (itemIndex: number) => {
		try {
			results[itemIndex] = await runOne.call(this, operation, itemIndex, run, prepared);
		} catch (error) {
			if (!firstFailure || itemIndex < firstFailure.itemIndex) firstFailure = { itemIndex, error };
		}
	};

	let nextIndex = 0;
	if (items.length > 0 && !run.service.answeredOnce) await runItem(nextIndex++);
	const worker = async () => {
		while (nextIndex < items.length && !firstFailure) {
			const itemIndex = nextIndex++;
			await runItem(itemIndex);
		}
	};
	await Promise.all(
		Array.from({ length: Math.min(concurrency, items.length - nextIndex) }, worker),
	);
	if (firstFailure) throw nodeErrorOf(this.getNode(), firstFailure.error, firstFailure.itemIndex);

	return [results.flat()];
}

async function runOne(
	this: IExecuteFunctions,
	operation: OperationDefinition,
	itemIndex: number,
	run: RunScope,
	prepared: unknown,
): Promise<INodeExecutionData[]> {
	let failure: unknown;
	try {
		const output = await operation.execute.call(this, itemIndex, run, prepared);
		// The operation's items are its own, made for this output: each gets its source in place.
		for (const item of output) item.pairedItem ??= { item: itemIndex };
		return output;
	} catch (error) {
		failure = error;
	}
	// Every failure leaves the node as an n8n error that knows its item.
	const error = nodeErrorOf(this.getNode(), failure, itemIndex);
	if (this.continueOnFail()) {
		return [
			{
				json: {
					error: error.message,
					...(error.description ? { errorDescription: error.description } : {}),
				},
				pairedItem: { item: itemIndex },
			},
		];
	}
	throw error;
}
