/**
 * Submit: the deferred order (`POST .../orders/usingCreatorSE`), from a guided form or a JSON
 * body, with an exactly-once guard on `uniqueId`. An order is one item (a form, a JSON body, or a
 * storefront's whole order), or (One Item per Line) the consecutive items that share a Unique ID.
 * Each order's names and SKUs are resolved against the catalog read once per run (common/catalog/)
 * and checked into a typed deferred order; Exactly Once looks its uniqueId up. The output is the
 * order made or found, with its statuses and named items (output.ts), paired with its items.
 * With Hold for Approval the checked order goes as the contract's incremental draft instead
 * (heldOrder.ts, holdSubmit.ts), never committed or sent to production here.
 */

import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { InputError } from '../../../../shared/errors';
import { isToolNode } from '../../../../shared/toolArguments';
import type { Problem } from '../payloads/problems';
import { itemShopPath } from '../../common/scope';
import type { OperationDefinition } from '../../types';
import type { RunScope } from '../../runScope';
import {
	readCatalogFor,
	settledCatalogFor,
	readCountries,
	readShopProducts,
	skuWayOf,
} from '../../common/catalog/catalog';
import type { ReadCatalog } from '../../common/catalog/catalog';
import { newRunCatalog, readProduct } from '../../common/catalog/runCatalog';
import type { RunCatalog, SkuWay } from '../../common/catalog/runCatalog';
import { lookUpMotives, lookUpProducts } from '../../common/catalog/catalogLookUps';
import { changedSince, withoutRecalled } from './catalogAgain';
import { lookUpUniqueIds, submitOrder } from './exactlyOnce';
import type { KnownOrders } from './exactlyOnce';
import { DEFAULT_CONCURRENCY, MAX_CONCURRENCY, exactlyOnceOf, submitFields } from './fields';
import { linesApart, ordersOfItems, uniqueIdOf } from './orderItems';
import { readOrderInput } from './readOrder';
import type { OrderInput } from './orderInput';
import { nothingToPrintOutput, orderOutput, statusesOf } from './output';
import { checkToolOrder } from './toolUse';
import { existingOrderAnswer, newOrderAnswer } from './answer';
import { heldOrderOf } from './heldOrder';
import { heldOrderAnswer } from './heldAnswer';
import { submitHeld } from './holdSubmit';
import { settleSentInBatch } from './batchRepeats';
import type { SentInBatch } from './batchRepeats';
import { checkOnlyOutput, checkOnlyRefusal } from './checkOnly';
import { catalogResolver, OFFLINE_RESOLVER } from './resolve';
import type { OrderReferences } from '../../common/catalog/types';
import { PRICES } from '../../wordsForModel';
import { blankDesignHints } from './printChoice';

/** An order read before the items ran: its input and what it names of the catalog. */
interface ReadOrder {
	input: OrderInput;
	references: OrderReferences;
}

/** What a batch of Submit shares across its orders: `prepare` makes it, every execute reads it. */
interface SubmitBatch {
	/** Orders read before the items ran (binary motives are read once), by their first item. */
	orders: Map<number, ReadOrder>;
	/** What the batch lookup found per shop and uniqueId. */
	known: KnownOrders;
	/** The products, SKUs, product names and motive names of the run, each read or looked up once. */
	catalog: RunCatalog;
	/**
	 * Whether the node runs as an AI tool, asked once: n8n copies the whole node, parameters and
	 * all, each time it is asked for it.
	 */
	tool?: boolean;
	/** Whether the run has said how it matched SKUs: once per run (`SKU_WAYS`). */
	skuWayTold?: boolean;
	/**
	 * Whether `prepare` ran: a batch of several orders, whose repeats are looked for once after
	 * its last order (`settle`, batchRepeats.ts).
	 */
	prepared?: boolean;
	/** The Unique IDs the batch looked up first, per shop: the look for repeats asks the same. */
	lookedUp: Map<string, string[]>;
	/** The orders the batch sent, their repeats not yet looked for. */
	sent: SentInBatch[];
}

/** What the run says, once, of how it matched storefront SKUs to print products. */
const SKU_WAYS: Record<SkuWay, string> = {
	productSkus:
		"SKUs were matched to the print products' own SKUs, and each line's color and size to the names its variant gives.",
	productSkusOnly:
		"SKUs were matched to the print products' own SKUs, and each line's color and size to the names its variant gives. This service's color/size pairs carry no SKU text of their own, as its contract defines them: a SKU that is no product's own names nothing.",
	variantSkuTexts:
		"SKUs were matched to the print products' own SKUs and, where no product has the SKU, to the SKU texts this service gives its color/size pairs.",
};

function newBatch(): SubmitBatch {
	return {
		orders: new Map(),
		known: new Map(),
		catalog: newRunCatalog(),
		lookedUp: new Map(),
		sent: [],
	};
}

/** An order's input and what it names, read once. */
async function readOrder(
	ctx: IExecuteFunctions,
	run: RunScope,
	unit: number[],
	earlier: Problem[] = [],
): Promise<ReadOrder> {
	const input = await readOrderInput(ctx, run, unit, earlier);
	return { input, references: input.references() };
}

/**
 * Before a batch: read every order and note what it names, then look up all their uniqueIds,
 * SKUs, product names and motive names in a few requests while the products they order are read, all at once.
 * An order whose input cannot be read is skipped here; its own execute reports it, as it does a
 * product that could not be read.
 */
async function prepare(
	this: IExecuteFunctions,
	orders: number[][],
	run: RunScope,
): Promise<SubmitBatch> {
	const batch = newBatch();
	batch.prepared = true;
	const split = linesApart(run, orders);
	const uniqueIdsByShop = new Map<string, string[]>();
	const namedByShop = new Map<
		string,
		{ skus: Set<string>; productNames: Set<string>; motiveNames: Set<string> }
	>();
	const reads: Array<() => Promise<unknown>> = [];
	for (const unit of orders) {
		const [itemIndex] = unit;
		let order: ReadOrder;
		let shopPath: string;
		try {
			const earlier = split.get(itemIndex);
			order = await readOrder(this, run, unit, earlier ? [earlier] : []);
			shopPath = await itemShopPath(run, itemIndex);
		} catch {
			continue;
		}
		batch.orders.set(itemIndex, order);
		if (order.input.nothingToPrint) continue;
		for (const productId of order.references.productIds) {
			reads.push(async () =>
				readProduct(run, batch.catalog, shopPath, productId, itemIndex).catch(() => undefined),
			);
		}
		const named = namedByShop.get(shopPath) ?? {
			skus: new Set(),
			productNames: new Set(),
			motiveNames: new Set(),
		};
		order.references.skus.forEach((sku) => named.skus.add(sku));
		order.references.productNames.forEach((name) => named.productNames.add(name));
		order.references.motiveNames.forEach((name) => named.motiveNames.add(name));
		namedByShop.set(shopPath, named);
		const { uniqueId } = order.input;
		const checkOnly = run.parameter<IDataObject>('options', itemIndex, {}).checkOnly === true;
		// Check Only sends nothing, so there is no existing order to find.
		if (!exactlyOnceOf(run, itemIndex) || checkOnly || !uniqueId) continue;
		uniqueIdsByShop.set(shopPath, [...(uniqueIdsByShop.get(shopPath) ?? []), uniqueId]);
	}
	for (const [shopPath, { skus, productNames, motiveNames }] of namedByShop) {
		if (skus.size || productNames.size) {
			reads.unshift(async () =>
				lookUpProducts(run, batch.catalog, shopPath, { skus, names: productNames }, 0).catch(
					() => undefined,
				),
			);
		}
		if (motiveNames.size) {
			reads.unshift(async () =>
				lookUpMotives(run, batch.catalog, shopPath, motiveNames, 0).catch(() => undefined),
			);
		}
		reads.push(async () => await readCountries(run, batch.catalog, shopPath, 0));
	}
	batch.lookedUp = uniqueIdsByShop;
	for (const [shopPath, uniqueIds] of uniqueIdsByShop) {
		// A look-up that fails leaves each order to look itself up, and to fail as its own item.
		reads.unshift(async () =>
			lookUpUniqueIds(run, batch.known, shopPath, uniqueIds).catch(() => undefined),
		);
	}
	// Without a session yet, the first request logs in alone, so that the others find its token.
	if (!run.service.answeredOnce) await reads.shift()?.();
	await Promise.all(reads.map(async (read) => await read()));
	return batch;
}

/**
 * The order checked; when it is refused while it names the catalog by SKU or name, once more with
 * the shop's products read (`readShop`, true when it read them), so that an unknown SKU or name
 * names the shop's nearest. The shop is read only for a refusal, never for an order that passes.
 */
async function checkNamingNearest(
	input: OrderInput,
	catalog: ReadCatalog,
	checkSkus: boolean,
	readShop: () => Promise<boolean>,
): Promise<ReturnType<OrderInput['check']>> {
	let refusal: unknown;
	try {
		return input.check(catalogResolver(catalog, checkSkus));
	} catch (error) {
		refusal = error;
	}
	if (!(refusal instanceof InputError) || !(await readShop())) throw refusal;
	return input.check(catalogResolver(catalog, checkSkus));
}

/**
 * One order; a single order runs without `prepare`, in a run of its own. With Check Only nothing
 * is sent: the order gives what would be ordered, or every problem as output (checkOnly.ts).
 */
async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	run: RunScope,
	batch: SubmitBatch = newBatch(),
	unit: number[] = [itemIndex],
): Promise<INodeExecutionData[]> {
	const checkOnly = run.parameter<IDataObject>('options', itemIndex, {}).checkOnly === true;
	if (!checkOnly) return await executeOrder.call(this, itemIndex, run, batch, unit, false);
	// Only bad input becomes output; anything else fails the item as it would when sending.
	return await executeOrder
		.call(this, itemIndex, run, batch, unit, true)
		.then(undefined, async (error: unknown) => {
			if (!(error instanceof InputError)) return await Promise.reject(error);
			const uniqueId = batch.orders.get(itemIndex)?.input.uniqueId ?? uniqueIdOf(run, itemIndex);
			return [{ json: checkOnlyRefusal(error, uniqueId) }];
		});
}

async function executeOrder(
	this: IExecuteFunctions,
	itemIndex: number,
	run: RunScope,
	batch: SubmitBatch,
	unit: number[],
	checkOnly: boolean,
): Promise<INodeExecutionData[]> {
	const read = batch.orders.get(itemIndex) ?? (await readOrder(this, run, unit));
	// Kept, so that Check Only names a refused order by the Unique ID it read.
	batch.orders.set(itemIndex, read);
	const { input, references } = read;
	// Every line refunded: no print order, and the output says so without reading the catalog.
	if (input.nothingToPrint) {
		const checked = input.check(OFFLINE_RESOLVER);
		if ('nothingToPrint' in checked) return [{ json: nothingToPrintOutput(checked) }];
	}
	const shopPath = await itemShopPath(run, itemIndex);
	const known = batch.catalog;
	let refusal: unknown;
	try {
		return await sendOrder(this, run, batch, known, {
			itemIndex,
			shopPath,
			input,
			references,
			checkOnly,
		});
	} catch (error) {
		refusal = error;
	}
	if (!known.recalled.shops.has(shopPath) || !refusedByCatalog(refusal)) throw refusal;
	// Refused while it used reads kept by an earlier execution (shared/acrossExecutions.ts): the
	// catalog may have changed since. Read those again (the run's later orders share the new
	// reads); only when they changed is the order tried once more.
	if (batch.catalog === known) batch.catalog = withoutRecalled(known);
	const fresh = batch.catalog;
	await readCatalogFor(run, fresh, shopPath, references, itemIndex, false).catch(() => undefined);
	if (!changedSince(known, fresh)) throw refusal;
	return await sendOrder(this, run, batch, fresh, {
		itemIndex,
		shopPath,
		input,
		references,
		checkOnly,
	});
}

/**
 * Whether a refusal may come from the catalog the order was checked against: the node's own
 * check (an InputError), or the service refusing the order's content (400, 404, 422).
 */
function refusedByCatalog(error: unknown): boolean {
	if (error instanceof InputError) return true;
	return (
		error instanceof NodeApiError && ['400', '404', '422'].includes(String(error.httpCode ?? ''))
	);
}

/** The order checked against the catalog the run read, sent (unless Check Only), and its output. */
async function sendOrder(
	ctx: IExecuteFunctions,
	run: RunScope,
	batch: SubmitBatch,
	known: RunCatalog,
	{
		itemIndex,
		shopPath,
		input,
		references,
		checkOnly,
	}: { itemIndex: number; shopPath: string; checkOnly: boolean } & ReadOrder,
): Promise<INodeExecutionData[]> {
	const options = run.parameter<IDataObject>('options', itemIndex, {});
	const checkSkus = options.checkSkus !== false;
	// After `prepare`, every read the order needs has usually succeeded: no wait for each.
	const catalog =
		settledCatalogFor(known, shopPath, references) ??
		(await readCatalogFor(run, known, shopPath, references, itemIndex, checkSkus));
	const skuWay = skuWayOf(known, shopPath, references);
	if (skuWay && !batch.skuWayTold && typeof ctx.addExecutionHints === 'function') {
		batch.skuWayTold = true;
		ctx.addExecutionHints({ message: SKU_WAYS[skuWay], location: 'outputPane' });
	}
	const checked = await checkNamingNearest(input, catalog, checkSkus, async () => {
		if (!references.skus.size && !references.productNames.size) return false;
		if (known.shopProducts.peek(shopPath)) return false;
		await readShopProducts(run, known, shopPath, itemIndex).catch(() => undefined);
		return known.shopProducts.peek(shopPath) !== undefined;
	});
	if ('nothingToPrint' in checked) return [{ json: nothingToPrintOutput(checked) }];
	const order = checked;
	batch.tool ??= isToolNode(ctx.getNode());
	if (batch.tool) checkToolOrder(order, options.allowPaidFromTool === true);
	// What a held draft cannot carry is refused as the other checks are, Check Only too.
	const held =
		options.holdForApproval === true ? heldOrderOf(order, catalog.countries()) : undefined;
	if (checkOnly) {
		const wouldOrder = checkOnlyOutput(order, catalog.products);
		return [{ json: held ? { ...wouldOrder, held: true } : wouldOrder }];
	}
	const submission = {
		order,
		shopPath,
		itemIndex,
		exactlyOnce: exactlyOnceOf(run, itemIndex),
		known: batch.known,
	};
	const readBack = options.readBack === true;
	if (held) {
		const outcome = await submitHeld(ctx, run, { ...submission, held });
		// A draft's payment status is stamped at Release: the one given is not the order's.
		const statuses = statusesOf({ ...order, financialStatus: undefined }, outcome);
		const requested = orderOutput(order, outcome, statuses, catalog.products);
		const answering = { run, shopPath, requested, products: catalog.products, itemIndex, readBack };
		return [{ json: await heldOrderAnswer(answering, order, outcome, batch.tool) }];
	}
	const outcome = await submitOrder(ctx, run, {
		...submission,
		checkRepeatsLater: batch.prepared === true,
	});
	const requested = orderOutput(order, outcome, statusesOf(order, outcome), catalog.products);
	const answered = { run, shopPath, requested, products: catalog.products, itemIndex, readBack };
	if (outcome.repeatCheckDeferred) {
		// Answered after the batch's last order, from its one look-up (batchRepeats.ts).
		batch.sent.push({
			...answered,
			uniqueId: String(order.uniqueId),
			order,
			sentId: outcome.record.id,
		});
		return [{ json: requested }];
	}
	if (!outcome.alreadyExisted) return [{ json: await newOrderAnswer(answered, order, outcome) }];
	return [
		{ json: await existingOrderAnswer(answered, order, outcome.record, batch.tool === true) },
	];
}

export const submitOperation: OperationDefinition<SubmitBatch> = {
	option: {
		name: 'Submit',
		value: 'submit',
		action: 'Submit an order for production',
		description:
			'Send a complete order in one call (recommended); it is processed, committed and handed to production automatically, and charged when paid',
	},
	forModel: `Create one print order: products by SKU or by their whole name, colors and sizes by name, amounts, the customer and a shipping address. A Unique ID (the order's own reference) is required: a repeated call with the same Unique ID returns the order already made (alreadyExisted: true) and never orders twice. The order is created Pending: nothing is produced or charged until the merchant pays it, unless the workflow allows Paid, which starts production and charges the merchant. A name or SKU the catalog does not know, or a product name two products share, fails the call, naming what the product offers, and nothing is created; one error names every wrong argument. Answers the order as the service holds it: its ID, statuses, its items, each item's unitPrice, and the order's total and currency (the items at their unit prices, before shipping; null where the service lists no price for the order's country). Where the workflow holds orders for approval, the answer says held: true: the order waits for a person, and nothing is produced or charged until the merchant releases it. ${PRICES}`,
	fields: submitFields,
	hints: blankDesignHints,
	units: (itemCount, run) => ordersOfItems(run, itemCount),
	prepare,
	execute,
	async settle(this: IExecuteFunctions, batch, outputs, units, run) {
		if (!batch.sent.length) return [];
		const tool = batch.tool === true;
		return await settleSentInBatch(this, run, batch.sent, batch.lookedUp, outputs, units, tool);
	},
	concurrency(this: IExecuteFunctions, run: RunScope) {
		const options = run.parameter('options', 0, {}) as IDataObject;
		const wanted = Number(options.concurrency ?? DEFAULT_CONCURRENCY);
		return Math.min(
			MAX_CONCURRENCY,
			Math.max(1, Number.isFinite(wanted) ? Math.floor(wanted) : DEFAULT_CONCURRENCY),
		);
	},
};
