/**
 * A batch's one look for repeats. Right after sending, a lone order looks its Unique ID up to find
 * a repeat another n8n process sent at the same moment (exactlyOnce.ts); a batch of many orders
 * does that once, after its last order, with the same stored filter its first look-up used (one
 * list request per page, not two requests per order). Each order whose Unique ID now names more
 * than one order is settled by the one rule every run follows (`keptOrderOf`): the repeats'
 * cancellation is requested, and an order of this batch that is not the one kept is answered as
 * the kept order, as if it had existed.
 */

import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { PlainObject } from '../../../../shared/values';
import type { RunScope } from '../../runScope';
import type { Answering } from './answer';
import { existingOrderAnswer, newOrderAnswer } from './answer';
import { lookUpUniqueIds, repeatsUncheckedError, settle } from './exactlyOnce';
import type { KnownOrders } from './exactlyOnce';
import type { DeferredOrder } from './types';

/** An order the batch sent, its repeats not yet looked for and its answer not yet given. */
export interface SentInBatch extends Answering {
	uniqueId: string;
	order: DeferredOrder;
	/** The ID the service gave the order it made. */
	sentId: unknown;
}

/**
 * Look for repeats of every order the batch sent, by the same Unique IDs its first look-up asked
 * for (`lookedUp`, per shop: the same stored filter), settle each, and answer each from what the
 * look-up lists (`newOrderAnswer`): the batch's one look-up is also its read-back. `outputs[i]` is
 * the output of unit `i`, whose first item is `units[i][0]`. Answers the units that failed here.
 */
export async function settleSentInBatch(
	ctx: IExecuteFunctions,
	run: RunScope,
	sent: SentInBatch[],
	lookedUp: ReadonlyMap<string, string[]>,
	outputs: INodeExecutionData[][],
	units: number[][],
	tool: boolean,
): Promise<Array<{ unit: number; error: unknown }>> {
	const failed: Array<{ unit: number; error: unknown }> = [];
	const unitOf = new Map(units.map((unit, index) => [unit[0], index]));
	const found: KnownOrders = new Map();
	const unlooked = new Map<string, unknown>();
	for (const shopPath of new Set(sent.map((entry) => entry.shopPath))) {
		const uniqueIds = lookedUp.get(shopPath) ?? [];
		const ofShop = sent.filter((entry) => entry.shopPath === shopPath).map((e) => e.uniqueId);
		// The first look-up's Unique IDs, so that its stored filter answers again.
		await lookUpUniqueIds(run, found, shopPath, uniqueIds.length ? uniqueIds : ofShop).catch(
			(error: unknown) => unlooked.set(shopPath, error),
		);
	}
	for (const entry of sent) {
		const unit = unitOf.get(entry.itemIndex);
		const output = unit === undefined ? undefined : outputs[unit]?.[0];
		if (unit === undefined || !output) continue;
		try {
			if (unlooked.has(entry.shopPath)) {
				throw repeatsUncheckedError(ctx, unlooked.get(entry.shopPath), { id: entry.sentId }, entry);
			}
			output.json = await answerSent(ctx, run, entry, found, tool);
		} catch (error) {
			failed.push({ unit, error });
		}
	}
	return failed;
}

/**
 * One sent order's answer, by what the look-up found under its Unique ID: the order alone (its
 * listed record), the kept one of several (repeats cancelled; the run's own order answered as
 * existing when another was kept), or nothing listed yet (the order read back).
 */
async function answerSent(
	ctx: IExecuteFunctions,
	run: RunScope,
	entry: SentInBatch,
	found: KnownOrders,
	tool: boolean,
): Promise<IDataObject> {
	const lookup = found.get(entry.shopPath)?.get(entry.uniqueId);
	const orders: PlainObject[] = lookup?.state === 'found' ? lookup.orders : [];
	const own = { id: entry.sentId } as PlainObject;
	if (!orders.some((order) => String(order.id) === String(entry.sentId))) {
		return await newOrderAnswer(entry, entry.order, { record: own, alreadyExisted: false });
	}
	const outcome = await settle(ctx, run, entry, orders, { sent: own });
	const repeatsCancelled = outcome.repeatsCancelled as unknown as IDataObject[] | undefined;
	const requested = repeatsCancelled ? { ...entry.requested, repeatsCancelled } : entry.requested;
	if (!outcome.alreadyExisted) {
		return await newOrderAnswer({ ...entry, requested }, entry.order, outcome);
	}
	return await existingOrderAnswer({ ...entry, requested }, entry.order, outcome.record, tool);
}
