/**
 * Submit: the deferred order (`POST .../orders/usingCreatorSE`), from a guided form or a JSON
 * body, with an exactly-once guard on `uniqueId`. Each item is read and checked into a typed
 * deferred order; the SKU check reads its variants and Exactly Once its uniqueId. The output is
 * the order made or found, with its statuses and named items (output.ts).
 */

import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { itemShopPath } from '../../common/scope';
import type { OperationDefinition } from '../../types';
import type { RunScope } from '../../runScope';
import type { DeferredOrder } from './deferredOrder';
import { lookUpUniqueIds, submitOrder } from './exactlyOnce';
import type { KnownOrders } from './exactlyOnce';
import { DEFAULT_CONCURRENCY, MAX_CONCURRENCY, submitFields } from './fields';
import { deferredOrderOf } from './readOrder';
import { orderOutput, statusesOf } from './output';
import { checkDesignSkus, orderProduct, orderProducts, productIdsToCheck } from './skuCheck';
import type { ProductCache } from './skuCheck';

/** What a batch of Submit shares across its items: `prepare` makes it, every execute reads it. */
interface SubmitBatch {
	/** Orders read and checked before the items ran (binary motives are read once). */
	orders: Map<number, DeferredOrder>;
	/** What the batch lookup found per shop and uniqueId. */
	known: KnownOrders;
	/** Each ordered product (names and SKUs), read once per run. */
	products: ProductCache;
}

function newBatch(): SubmitBatch {
	return { orders: new Map(), known: new Map(), products: new Map() };
}

/**
 * Before a batch: read and check every item's order, then look up all their uniqueIds in a few
 * requests while the products they order are read, all at once. An item whose input is bad is
 * skipped here; its own execute reports it, as it does a product that could not be read.
 */
async function prepare(
	this: IExecuteFunctions,
	itemCount: number,
	run: RunScope,
): Promise<SubmitBatch> {
	const batch = newBatch();
	const uniqueIdsByShop = new Map<string, string[]>();
	const reads: Array<() => Promise<unknown>> = [];
	for (let itemIndex = 0; itemIndex < itemCount; itemIndex++) {
		let order: DeferredOrder;
		let shopPath: string;
		try {
			order = await deferredOrderOf(this, run, itemIndex);
			shopPath = await itemShopPath(run, itemIndex);
		} catch {
			continue;
		}
		batch.orders.set(itemIndex, order);
		for (const productId of productIdsToCheck(order)) {
			reads.push(async () =>
				orderProduct(run, batch.products, shopPath, productId, itemIndex).catch(() => undefined),
			);
		}
		const options = run.parameter<IDataObject>('options', itemIndex, {});
		if (options.exactlyOnce === false || !order.uniqueId) continue;
		const uniqueIds = uniqueIdsByShop.get(shopPath) ?? [];
		uniqueIds.push(order.uniqueId);
		uniqueIdsByShop.set(shopPath, uniqueIds);
	}
	for (const [shopPath, uniqueIds] of uniqueIdsByShop) {
		reads.unshift(async () => await lookUpUniqueIds(run, batch.known, shopPath, uniqueIds));
	}
	// Without a session yet, the first request logs in alone, so that the others find its token.
	if (!run.service.answeredOnce) await reads.shift()?.();
	await Promise.all(reads.map(async (read) => await read()));
	return batch;
}

/** One item; a single item runs without `prepare`, in a run of its own. */
async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	run: RunScope,
	batch: SubmitBatch = newBatch(),
): Promise<INodeExecutionData[]> {
	const order = batch.orders.get(itemIndex) ?? (await deferredOrderOf(this, run, itemIndex));
	const options = run.parameter<IDataObject>('options', itemIndex, {});
	const shopPath = await itemShopPath(run, itemIndex);
	const checkSkus = options.checkSkus !== false;
	const products = await orderProducts(run, batch.products, shopPath, order, itemIndex, !checkSkus);
	if (checkSkus) checkDesignSkus(order, products);
	const outcome = await submitOrder(this, run, {
		order,
		shopPath,
		itemIndex,
		exactlyOnce: options.exactlyOnce !== false,
		known: batch.known,
	});
	const statuses = statusesOf(order, outcome);
	return [{ json: orderOutput(order, outcome, statuses, products) }];
}

export const submitOperation: OperationDefinition<SubmitBatch> = {
	option: {
		name: 'Submit',
		value: 'submit',
		action: 'Submit an order for production',
		description:
			'Send a complete order in one call (recommended); it is processed, committed and handed to production automatically, and charged when paid',
	},
	fields: submitFields,
	prepare,
	execute,
	concurrency(this: IExecuteFunctions) {
		const options = this.getNodeParameter('options', 0, {}) as IDataObject;
		const wanted = Number(options.concurrency ?? DEFAULT_CONCURRENCY);
		return Math.min(
			MAX_CONCURRENCY,
			Math.max(1, Number.isFinite(wanted) ? Math.floor(wanted) : DEFAULT_CONCURRENCY),
		);
	},
};
