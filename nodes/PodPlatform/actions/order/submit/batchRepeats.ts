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
import type { OrderProduct } from '../../common/catalog/types';
import type { RunScope } from '../../runScope';
import { existingOrderAnswer } from './answer';
import { lookUpUniqueIds, settle } from './exactlyOnce';
import type { KnownOrders } from './exactlyOnce';
import type { DeferredOrder } from './types';

/** An order the batch sent, its repeats not yet looked for. */
export interface SentInBatch {
	itemIndex: number;
	shopPath: string;
	uniqueId: string;
	order: DeferredOrder;
	/** The request as the output shows it, and the products that name its items. */
	requested: IDataObject;
	products: Map<number, OrderProduct>;
}

/**
 * Look for repeats of every order the batch sent, by the same Unique IDs its first look-up asked
 * for (`lookedUp`, per shop: the same stored filter), and settle each. `outputs[i]` is the output
 * of unit `i`, whose first item is `units[i][0]`. Answers the units that failed here.
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
	for (const shopPath of new Set(sent.map((entry) => entry.shopPath))) {
		const uniqueIds = lookedUp.get(shopPath) ?? [];
		const ofShop = sent.filter((entry) => entry.shopPath === shopPath).map((e) => e.uniqueId);
		// The first look-up's Unique IDs, so that its stored filter answers again.
		await lookUpUniqueIds(run, found, shopPath, uniqueIds.length ? uniqueIds : ofShop);
	}
	for (const entry of sent) {
		const unit = unitOf.get(entry.itemIndex);
		const output = unit === undefined ? undefined : outputs[unit]?.[0];
		if (unit === undefined || !output) continue;
		const sentId = output.json.id;
		const lookup = found.get(entry.shopPath)?.get(entry.uniqueId);
		const orders: PlainObject[] = lookup?.state === 'found' ? lookup.orders : [];
		if (!orders.some((order) => String(order.id) === String(sentId))) continue;
		if (orders.length < 2) continue;
		try {
			const outcome = await settle(ctx, run, entry, orders, { sent: { id: sentId } });
			const repeatsCancelled = outcome.repeatsCancelled as unknown as IDataObject[] | undefined;
			if (!outcome.alreadyExisted) {
				if (repeatsCancelled) output.json = { ...output.json, repeatsCancelled };
				continue;
			}
			const answer = await existingOrderAnswer(
				{ run, ...entry, requested: { ...entry.requested, repeatsCancelled } },
				entry.order,
				outcome.record,
				tool,
			);
			output.json = answer;
		} catch (error) {
			failed.push({ unit, error });
		}
	}
	return failed;
}
