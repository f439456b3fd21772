/**
 * What a Submit run reads of the catalog, each once per run whatever the number of items and
 * lines: the expanded product of every product ordered (its names, colors, sizes, print areas and
 * SKUs, for the SKU check, the storefront's words and the output's names), the products carrying
 * the SKUs the orders give (one stored product filter for all of them: the contract's nested
 * `productSkuFilter` for variant SKUs, then the products' own `sku` for those left), the products
 * named by the orders (one stored product filter for every name) and the shop's motives named by
 * the orders (one stored motive filter for every name). Items running at
 * once share the reads; a read that fails is forgotten, so that a later item asks again.
 */

import type { PlainObject } from '../../../../shared/codec';
import { buildFilterBody, withListDefaultCondition } from '../../../../shared/payloads/filter';
import type { FilterBuilderInput } from '../../../../shared/payloads/filter';
import type { FilterRoot } from '../../../../shared/payloads/filterFields';
import { simplifyProduct } from '../../../../shared/payloads/product';
import { storeFilter } from '../../common/list';
import type { RunScope } from '../../runScope';
import { UNIQUE_IDS_PER_LOOKUP } from './exactlyOnce';
import type { CatalogView, NamedProduct, NamedRecord, OrderReferences, SkuHit } from './resolve';
import type { OrderProduct } from './types';
import { recordOf } from '../../../../shared/codec';

/** The run's reads of the catalog, by shop; shared by every item of the run. */
export interface RunCatalog {
	/** Expanded products, by `<shop path>/products/<id>`. */
	products: Map<string, Promise<OrderProduct>>;
	/** The products carrying a SKU, by `<shop path> <sku>`. */
	skus: Map<string, Promise<SkuHit[]>>;
	/** The products of a name, by `<shop path> <name in lower case>`. */
	productNames: Map<string, Promise<NamedProduct[]>>;
	/** The motives of a name, by `<shop path> <name in lower case>`. */
	motives: Map<string, Promise<NamedRecord[]>>;
	/**
	 * What those reads gave once they succeeded, by the same keys: an order whose reads have all
	 * succeeded finds its catalog here without waiting on each of them again.
	 */
	settled: {
		products: Map<string, OrderProduct>;
		skus: Map<string, SkuHit[]>;
		productNames: Map<string, NamedProduct[]>;
		motives: Map<string, NamedRecord[]>;
	};
}

export function newRunCatalog(): RunCatalog {
	return {
		products: new Map(),
		skus: new Map(),
		productNames: new Map(),
		motives: new Map(),
		settled: { products: new Map(), skus: new Map(), productNames: new Map(), motives: new Map() },
	};
}

/**
 * A pending read kept for the run; one that fails is dropped, so that a later item tries again,
 * and what one that succeeds gives is kept in `settled`.
 */
function keep<T>(
	cache: Map<string, Promise<T>>,
	settled: Map<string, T>,
	key: string,
	pending: Promise<T>,
): Promise<T> {
	cache.set(key, pending);
	pending.then(
		(value) => {
			if (cache.get(key) === pending) settled.set(key, value);
		},
		() => cache.delete(key),
	);
	return pending;
}

/** The expanded product, read once per run and shared by every item that orders it. */
export async function readProduct(
	run: RunScope,
	catalog: RunCatalog,
	shopPath: string,
	productId: number,
	itemIndex: number,
): Promise<OrderProduct> {
	const key = `${shopPath}/products/${productId}`;
	return await (catalog.products.get(key) ??
		keep(
			catalog.products,
			catalog.settled.products,
			key,
			run.service
				.request({ method: 'GET', path: `${shopPath}/products/expanded/${productId}`, itemIndex })
				.then((answer) => simplifyProduct(recordOf(answer))),
		));
}

/** The values not yet asked for, in chunks of what one stored filter holds. */
function chunksOf(values: Iterable<string>, known: (value: string) => boolean): string[][] {
	const wanted = [...new Set(values)].filter((value) => !known(value));
	const chunks: string[][] = [];
	for (let start = 0; start < wanted.length; start += UNIQUE_IDS_PER_LOOKUP) {
		chunks.push(wanted.slice(start, start + UNIQUE_IDS_PER_LOOKUP));
	}
	return chunks;
}

/** Every record of a shop collection that a built filter keeps (one filter, then its pages). */
async function listFiltered(
	run: RunScope,
	path: string,
	root: FilterRoot,
	input: FilterBuilderInput,
	itemIndex: number,
): Promise<PlainObject[]> {
	const body = withListDefaultCondition(buildFilterBody(root, input) as PlainObject);
	const filterId = await storeFilter(run, body, itemIndex);
	return await run.service.requestAllItems(
		{ method: 'GET', path, qs: { filterId }, itemIndex },
		{ returnAll: true },
	);
}

const NOT_DELETED = { property: 'deleted', operator: 'eq', value: 'false' };

/**
 * Look up SKUs for the run: the products with a variant SKU among them (one stored filter on
 * their SKUs, each product then read expanded to find the pair the SKU names), then, for the SKUs
 * no variant carries, the products whose own SKU they are. A SKU found as a variant SKU is not
 * looked up as a product SKU.
 */
export async function lookUpSkus(
	run: RunScope,
	catalog: RunCatalog,
	shopPath: string,
	skus: Iterable<string>,
	itemIndex: number,
): Promise<void> {
	const key = (sku: string) => `${shopPath} ${sku}`;
	const lookups = chunksOf(skus, (sku) => catalog.skus.has(key(sku))).map(async (chunk) => {
		const hits = new Map<string, SkuHit[]>(chunk.map((sku) => [sku, []]));
		const pending = (async () => {
			const products = `${shopPath}/products`;
			const inChunk = { conditionType: 'contain' as const, property: 'sku', values: chunk };
			const withVariants = await listFiltered(
				run,
				products,
				'productFilter',
				{
					conditions: [NOT_DELETED],
					subFilters: [{ entity: 'productSkuFilter', conditions: [inChunk] }],
				},
				itemIndex,
			);
			const expanded = await Promise.all(
				withVariants.map(
					async (record) => await readProduct(run, catalog, shopPath, Number(record.id), itemIndex),
				),
			);
			for (const product of expanded) {
				for (const sku of product.skus) {
					hits.get(String(sku.sku))?.push({
						productId: Number(product.id),
						variant: {
							assignedColorId: Number(sku.assignedColorId),
							assignedSizeId: Number(sku.assignedSizeId),
						},
					});
				}
			}
			const rest = chunk.filter((sku) => hits.get(sku)?.length === 0);
			if (rest.length) {
				const own = await listFiltered(
					run,
					products,
					'productFilter',
					{ conditions: [NOT_DELETED, { ...inChunk, values: rest }] },
					itemIndex,
				);
				for (const record of own)
					hits.get(String(record.sku))?.push({ productId: Number(record.id) });
			}
			return hits;
		})();
		for (const sku of chunk) {
			keep(
				catalog.skus,
				catalog.settled.skus,
				key(sku),
				pending.then((found) => found.get(sku) ?? []),
			);
		}
		await pending;
	});
	await Promise.all(lookups);
}

/** A name as compared: the service's `ilike`, which ignores case. */
const nameKey = (name: string) => name.trim().toLowerCase();

/**
 * Look up names for the run in one shop collection: one stored filter (any of the names, ignoring
 * case) per chunk of names, each name then kept with the records of exactly that name.
 */
async function lookUpNames<T>(
	run: RunScope,
	cache: Map<string, Promise<T[]>>,
	settled: Map<string, T[]>,
	shopPath: string,
	names: Iterable<string>,
	itemIndex: number,
	collection: { path: string; root: FilterRoot; conditions?: FilterBuilderInput['conditions'] },
	recordOf: (record: PlainObject) => T,
): Promise<void> {
	const key = (name: string) => `${shopPath} ${nameKey(name)}`;
	const lookups = chunksOf(names, (name) => cache.has(key(name))).map(async (chunk) => {
		const pending = listFiltered(
			run,
			`${shopPath}/${collection.path}`,
			collection.root,
			{
				...(collection.conditions ? { conditions: collection.conditions } : {}),
				anyOf: [
					{
						conditions: chunk.map((name) => ({ property: 'name', operator: 'ilike', value: name })),
					},
				],
			},
			itemIndex,
		);
		for (const name of chunk) {
			keep(
				cache,
				settled,
				key(name),
				pending.then((records) =>
					records
						// `ilike` reads % and _ as wildcards: keep only the names that are equal.
						.filter((record) => nameKey(String(record.name ?? '')) === nameKey(name))
						.map(recordOf),
				),
			);
		}
		await pending;
	});
	await Promise.all(lookups);
}

/** Look up motive names for the run: one stored motive filter for every name. */
export async function lookUpMotives(
	run: RunScope,
	catalog: RunCatalog,
	shopPath: string,
	names: Iterable<string>,
	itemIndex: number,
): Promise<void> {
	await lookUpNames(
		run,
		catalog.motives,
		catalog.settled.motives,
		shopPath,
		names,
		itemIndex,
		{ path: 'motives', root: 'motiveFilter' },
		(motive) => ({ id: Number(motive.id), name: String(motive.name) }),
	);
}

/** Look up product names for the run: one stored product filter for every name. */
export async function lookUpProductNames(
	run: RunScope,
	catalog: RunCatalog,
	shopPath: string,
	names: Iterable<string>,
	itemIndex: number,
): Promise<void> {
	await lookUpNames(
		run,
		catalog.productNames,
		catalog.settled.productNames,
		shopPath,
		names,
		itemIndex,
		{ path: 'products', root: 'productFilter', conditions: [NOT_DELETED] },
		(product) => ({
			id: Number(product.id),
			name: String(product.name),
			...(product.sku === undefined || product.sku === null ? {} : { sku: String(product.sku) }),
		}),
	);
}

/** The catalog an order's resolution reads: what the run read for it, all of it at hand. */
export interface ReadCatalog extends CatalogView {
	/** The expanded products read for this order, by ID (the output names its items from them). */
	products: Map<number, OrderProduct>;
}

/** An order's catalog from the maps it was gathered in. */
function readCatalog(
	products: Map<number, OrderProduct>,
	skuHits: Map<string, SkuHit[]>,
	productNames: Map<string, NamedProduct[]>,
	motives: Map<string, NamedRecord[]>,
): ReadCatalog {
	return {
		products,
		product: (productId) => products.get(productId),
		skuHits: (sku) => skuHits.get(sku),
		productsNamed: (name) => productNames.get(nameKey(name)),
		motivesNamed: (name) => motives.get(nameKey(name)),
	};
}

/**
 * What the run has already read of the catalog for one order, when every read it needs has
 * succeeded: the same catalog `readCatalogFor` gives, without waiting. Undefined when any read is
 * missing, pending or failed; `readCatalogFor` then reads or waits for it.
 */
export function settledCatalogFor(
	catalog: RunCatalog,
	shopPath: string,
	references: OrderReferences,
): ReadCatalog | undefined {
	const { settled } = catalog;
	const skuHits = new Map<string, SkuHit[]>();
	for (const sku of references.skus) {
		const hits = settled.skus.get(`${shopPath} ${sku}`);
		if (!hits) return undefined;
		skuHits.set(sku, hits);
	}
	const productNames = new Map<string, NamedProduct[]>();
	for (const name of references.productNames) {
		const found = settled.productNames.get(`${shopPath} ${nameKey(name)}`);
		if (!found) return undefined;
		productNames.set(nameKey(name), found);
	}
	const motives = new Map<string, NamedRecord[]>();
	for (const name of references.motiveNames) {
		const found = settled.motives.get(`${shopPath} ${nameKey(name)}`);
		if (!found) return undefined;
		motives.set(nameKey(name), found);
	}
	const productIds = new Set(references.productIds);
	for (const hits of skuHits.values()) for (const hit of hits) productIds.add(hit.productId);
	for (const named of productNames.values()) for (const { id } of named) productIds.add(id);
	const products = new Map<number, OrderProduct>();
	for (const productId of productIds) {
		const product = settled.products.get(`${shopPath}/products/${productId}`);
		if (!product) return undefined;
		products.set(productId, product);
	}
	return readCatalog(products, skuHits, productNames, motives);
}

/**
 * What the run read of the catalog for one order, looking up and reading what it has not yet
 * (nothing, after `prepare`). A product that cannot be read fails the item when the SKU check
 * needs it (`strict`); otherwise it is left unread, and the service judges the order.
 */
export async function readCatalogFor(
	run: RunScope,
	catalog: RunCatalog,
	shopPath: string,
	references: OrderReferences,
	itemIndex: number,
	strict: boolean,
): Promise<ReadCatalog> {
	await Promise.all([
		lookUpSkus(run, catalog, shopPath, references.skus, itemIndex),
		lookUpProductNames(run, catalog, shopPath, references.productNames, itemIndex),
		lookUpMotives(run, catalog, shopPath, references.motiveNames, itemIndex),
	]);
	const skuHits = new Map<string, SkuHit[]>();
	for (const sku of references.skus) {
		skuHits.set(sku, (await catalog.skus.get(`${shopPath} ${sku}`)) ?? []);
	}
	const productNames = new Map<string, NamedProduct[]>();
	for (const name of references.productNames) {
		const found = await catalog.productNames.get(`${shopPath} ${nameKey(name)}`);
		productNames.set(nameKey(name), found ?? []);
	}
	const motives = new Map<string, NamedRecord[]>();
	for (const name of references.motiveNames) {
		motives.set(nameKey(name), (await catalog.motives.get(`${shopPath} ${nameKey(name)}`)) ?? []);
	}
	const productIds = new Set(references.productIds);
	for (const hits of skuHits.values()) for (const hit of hits) productIds.add(hit.productId);
	for (const named of productNames.values()) for (const { id } of named) productIds.add(id);
	const products = new Map<number, OrderProduct>();
	for (const productId of productIds) {
		const read = readProduct(run, catalog, shopPath, productId, itemIndex);
		const product = strict ? await read : await read.catch(() => undefined);
		if (product) products.set(productId, product);
	}
	return readCatalog(products, skuHits, productNames, motives);
}
