/**
 * What a Submit run reads of the catalog, each once per run whatever the number of items and
 * lines: the expanded product of every product ordered (its names, colors, sizes, print areas and
 * SKUs, for the SKU check, the storefront's words and the output's names), the products the
 * orders name by SKU or name (one stored product filter for all of them: the products' own `sku`
 * or `name`, an `expressionDisjunction`, as the contract defines a product) and the shop's motives
 * named by the orders (one stored motive filter for every name).
 *
 * The contract's ProductSku (id, stockId, available, assignedColor, assignedSize) carries no SKU
 * text: a storefront line's SKU is a product's own SKU, and its variant is read from the color
 * and size names the storefront gives. Some deployments give each color/size pair a SKU text of
 * its own; a SKU that is no product's is looked up as such only where the service shows one, and
 * a service that refuses the look-up (SqlValidationException) is taken as one without: neither
 * fails an order. Which way the run matched SKUs is said once per run (`skuWayOf`).
 *
 * Items running at once share the reads; a read that fails is forgotten, so that a later item
 * asks again.
 */

import { NodeApiError } from 'n8n-workflow';

import type { PlainObject } from '../../../../shared/values';
import { recordOf } from '../../../../shared/codec';
import { filterRefusalOf } from '../../../../shared/errors';
import { buildFilterBody } from '../../../../shared/payloads/filter';
import { withListDefaultCondition } from '../../../../shared/payloads/listDefault';
import type { ConditionInput, FilterBuilderInput } from '../../../../shared/payloads/filter';
import type { FilterRoot } from '../../../../shared/payloads/filterFields';
import { simplifyProduct } from '../../../../shared/payloads/product';
import { listByStoredFilter } from '../../common/list';
import type { RunScope } from '../../runScope';
import { UNIQUE_IDS_PER_LOOKUP } from './exactlyOnce';
import type { AccountCountry, CatalogView, NamedProduct, NamedRecord, SkuHit } from './resolve';
import type { OrderReferences } from './references';
import type { OrderProduct } from './types';
import { Memo } from '../../memo';
import type { CatalogKind, ExecutionMemory } from '../../../../shared/acrossExecutions';

/** How a run matched SKUs, per shop: what the once-per-run notice says. */
export type SkuWay =
	/** Only products' own SKUs were asked for; every SKU given was one. */
	| 'productSkus'
	/** Some SKU was no product's, and the service's color/size pairs carry no SKU text. */
	| 'productSkusOnly'
	/** Some SKU was no product's, and the service's color/size pairs carry SKU texts. */
	| 'variantSkuTexts';

/** The run's reads of the catalog, by shop; shared by every item of the run. */
export interface RunCatalog {
	/** Expanded products, by `<shop path>/products/<id>`. */
	products: Memo<OrderProduct>;
	/** The products carrying a SKU, by `<shop path> <sku>`. */
	skus: Memo<SkuHit[]>;
	/** The products of a name, by `<shop path> <name in lower case>`. */
	productNames: Memo<NamedProduct[]>;
	/** The motives of a name, by `<shop path> <name in lower case>`. */
	motives: Memo<NamedRecord[]>;
	/** Every product of a shop, by shop path: read only to name the nearest to an unknown word. */
	shopProducts: Memo<NamedProduct[]>;
	/** Whether a shop's color/size pairs carry SKU texts, by shop path, once the run asked. */
	variantSkuTexts: Memo<boolean>;
	/** The account's countries, by account path: every order's country is one of them. */
	countries: Memo<AccountCountry[]>;
	/**
	 * Whether this catalog may take reads kept by earlier executions (acrossExecutions.ts): not
	 * when an order refused with them is read again.
	 */
	recall: boolean;
	/**
	 * What came from an earlier execution: the reads (by kind, the keys), and the shops (paths)
	 * they belong to.
	 */
	recalled: { reads: Map<CatalogKind, Set<string>>; shops: Set<string> };
}

export function newRunCatalog(recall = true): RunCatalog {
	return {
		recall,
		recalled: { reads: new Map(), shops: new Set() },
		products: new Memo(),
		skus: new Memo(),
		productNames: new Memo(),
		motives: new Memo(),
		shopProducts: new Memo(),
		variantSkuTexts: new Memo(),
		countries: new Memo(),
	};
}

const productKey = (shopPath: string, productId: number) => `${shopPath}/products/${productId}`;

/**
 * Take into the run's memo what an earlier execution of this credential kept under the key
 * (acrossExecutions.ts), when the run has not read it and may recall; true when it did.
 */
function recallInto<T>(
	memory: ExecutionMemory | undefined,
	catalog: RunCatalog,
	kind: CatalogKind,
	key: string,
	shopPath: string,
): boolean {
	if (!memory || !catalog.recall || catalog[kind].has(key)) return false;
	const kept = memory.recall<T>(kind, key);
	if (kept === undefined) return false;
	(catalog[kind] as Memo<T>).keep(key, Promise.resolve(kept));
	catalog.recalled.shops.add(shopPath);
	const keys = catalog.recalled.reads.get(kind) ?? new Set<string>();
	catalog.recalled.reads.set(kind, keys.add(key));
	return true;
}

/** The expanded product, read once per run and shared by every item that orders it. */
export async function readProduct(
	run: RunScope,
	catalog: RunCatalog,
	shopPath: string,
	productId: number,
	itemIndex: number,
): Promise<OrderProduct> {
	const key = productKey(shopPath, productId);
	const memory = await run.acrossExecutions();
	recallInto(memory, catalog, 'products', key, shopPath);
	return (await catalog.products.get(key, async () => {
		const product = simplifyProduct(
			recordOf(
				await run.service.request({
					method: 'GET',
					path: `${shopPath}/products/expanded/${productId}`,
					itemIndex,
				}),
			),
		);
		memory?.remember('products', key, product);
		return product;
	})) as OrderProduct;
}

/** The values not yet asked for, in chunks of what one stored filter holds. */
function chunksOf<T>(values: Iterable<T>, known: (value: T) => boolean): T[][] {
	const wanted = [...new Set(values)].filter((value) => !known(value));
	const chunks: T[][] = [];
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
	return await listByStoredFilter(
		run,
		body,
		itemIndex,
		async (filterId) =>
			await run.service.requestAllItems(
				{ method: 'GET', path, qs: { filterId }, itemIndex },
				{ returnAll: true },
			),
	);
}

const NOT_DELETED = { property: 'deleted', operator: 'eq', value: 'false' };

/** A name as compared: the service's `ilike`, which ignores case. */
export const nameKey = (name: string) => name.trim().toLowerCase();

const skuKey = (shopPath: string, sku: string) => `${shopPath} ${sku}`;
const nameMemoKey = (shopPath: string, name: string) => `${shopPath} ${nameKey(name)}`;

function namedProductOf(product: PlainObject): NamedProduct {
	return {
		id: Number(product.id),
		name: String(product.name),
		...(product.sku === undefined || product.sku === null ? {} : { sku: String(product.sku) }),
	};
}

/**
 * Whether a shop's color/size pairs carry SKU texts, as far as the run has seen: an expanded
 * product of the shop already read tells (its pairs carry one or not); undefined when the run has
 * read none with pairs.
 */
function shownSkuTexts(catalog: RunCatalog, shopPath: string): boolean | undefined {
	const known = catalog.variantSkuTexts.peek(shopPath);
	if (known !== undefined) return known;
	for (const [key, product] of catalog.products.settledEntries()) {
		if (!key.startsWith(`${shopPath}/`) || !product.skus.length) continue;
		return product.skus.some((pair) => pair.sku !== undefined && pair.sku !== '');
	}
	return undefined;
}

/**
 * The products whose color/size pairs carry these SKU texts, where the service shows such texts.
 * A service that has none, or refuses the property (SqlValidationException, as the contract says
 * of an unknown property), has no such pairs: the SKUs are then no product's, and that is all.
 */
async function variantSkuHits(
	run: RunScope,
	catalog: RunCatalog,
	shopPath: string,
	skus: string[],
	itemIndex: number,
): Promise<Map<string, SkuHit[]>> {
	const hits = new Map<string, SkuHit[]>(skus.map((sku) => [sku, []]));
	const shown = shownSkuTexts(catalog, shopPath);
	if (shown === false) {
		catalog.variantSkuTexts.keep(shopPath, Promise.resolve(false));
		return hits;
	}
	// The contract's answer to a property a list does not know: the pairs carry no SKU text.
	const withVariants = await listFiltered(
		run,
		`${shopPath}/products`,
		'productFilter',
		{
			conditions: [NOT_DELETED],
			subFilters: [
				{
					entity: 'productSkuFilter',
					conditions: [{ conditionType: 'contain', property: 'sku', values: skus }],
				},
			],
		},
		itemIndex,
	).then(undefined, async (error: unknown) =>
		error instanceof NodeApiError && filterRefusalOf(error) === 'unknownProperty'
			? undefined
			: await Promise.reject(error),
	);
	if (!withVariants) {
		catalog.variantSkuTexts.keep(shopPath, Promise.resolve(false));
		return hits;
	}
	catalog.variantSkuTexts.keep(shopPath, Promise.resolve(true));
	const expanded = await Promise.all(
		withVariants.map(
			async (record) => await readProduct(run, catalog, shopPath, Number(record.id), itemIndex),
		),
	);
	for (const product of expanded) {
		for (const pair of product.skus) {
			hits.get(String(pair.sku))?.push({
				productId: Number(product.id),
				variant: {
					assignedColorId: Number(pair.assignedColorId),
					assignedSizeId: Number(pair.assignedSizeId),
				},
			});
		}
	}
	return hits;
}

/**
 * Look up the products the run names by SKU or by name, in one stored product filter per chunk:
 * not deleted, and any of the SKUs as the product's own `sku` or any of the names (`ilike`, which
 * ignores case). Each SKU is then kept with the products whose own SKU it is, each name with the
 * products of exactly that name. A SKU that is no product's own is looked up as a color/size SKU
 * text where the service has them (`variantSkuHits`).
 */
export async function lookUpProducts(
	run: RunScope,
	catalog: RunCatalog,
	shopPath: string,
	wanted: { skus?: Iterable<string>; names?: Iterable<string> },
	itemIndex: number,
): Promise<void> {
	type Word = { sku: string } | { name: string };
	const memory = await run.acrossExecutions();
	for (const sku of new Set(wanted.skus ?? [])) {
		recallInto(memory, catalog, 'skus', skuKey(shopPath, sku), shopPath);
	}
	for (const name of new Set([...(wanted.names ?? [])].map(nameKey))) {
		recallInto(memory, catalog, 'productNames', nameMemoKey(shopPath, name), shopPath);
	}
	// Only a look-up that found something is kept for later executions: a product added since
	// is then found at once.
	const kept = <T>(kind: CatalogKind, key: string, found: T[]) => {
		if (found.length) memory?.remember(kind, key, found);
		else memory?.forget(kind, key);
		return found;
	};
	const words: Word[] = [
		...[...new Set(wanted.skus ?? [])]
			.filter((sku) => !catalog.skus.has(skuKey(shopPath, sku)))
			.map((sku) => ({ sku })),
		...[...new Set([...(wanted.names ?? [])].map(nameKey))]
			.filter((name) => !catalog.productNames.has(nameMemoKey(shopPath, name)))
			.map((name) => ({ name })),
	];
	const lookups = chunksOf(words, () => false).map(async (chunk) => {
		const skus = chunk.flatMap((word) => ('sku' in word ? [word.sku] : []));
		const names = chunk.flatMap((word) => ('name' in word ? [word.name] : []));
		const anyOf: ConditionInput[] = [
			...(skus.length
				? [{ conditionType: 'contain' as const, property: 'sku', values: skus }]
				: []),
			...names.map((name) => ({ property: 'name', operator: 'ilike', value: name })),
		];
		const found = listFiltered(
			run,
			`${shopPath}/products`,
			'productFilter',
			{ conditions: [NOT_DELETED], anyOf: [{ conditions: anyOf }] },
			itemIndex,
		).then((records) => records.map(namedProductOf));
		const skuHits = found.then(async (products) => {
			const own = new Map<string, SkuHit[]>(skus.map((sku) => [sku, []]));
			for (const product of products) {
				if (product.sku !== undefined) own.get(product.sku)?.push({ productId: product.id });
			}
			const rest = skus.filter((sku) => own.get(sku)?.length === 0);
			if (!rest.length) return own;
			// The products found are read for the order anyway; their pairs show whether the
			// service gives pairs SKU texts, so that a service without them is not asked.
			const found = [...new Set([...own.values()].flat().map((hit) => hit.productId))];
			await Promise.all(
				found.map(
					async (id) =>
						await readProduct(run, catalog, shopPath, id, itemIndex).catch(() => undefined),
				),
			);
			const variants = await variantSkuHits(run, catalog, shopPath, rest, itemIndex);
			for (const [sku, hits] of variants) own.set(sku, hits);
			return own;
		});
		for (const sku of skus) {
			catalog.skus.keep(
				skuKey(shopPath, sku),
				skuHits.then((hits) => kept('skus', skuKey(shopPath, sku), hits.get(sku) ?? [])),
			);
		}
		for (const name of names) {
			catalog.productNames.keep(
				nameMemoKey(shopPath, name),
				// `ilike` reads % and _ as wildcards: keep only the names that are equal.
				found.then((products) =>
					kept(
						'productNames',
						nameMemoKey(shopPath, name),
						products.filter((product) => nameKey(product.name) === name),
					),
				),
			);
		}
		await skuHits;
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
	const key = (name: string) => nameMemoKey(shopPath, name);
	const memory = await run.acrossExecutions();
	for (const name of new Set(names)) recallInto(memory, catalog, 'motives', key(name), shopPath);
	const lookups = chunksOf(names, (name) => catalog.motives.has(key(name))).map(async (chunk) => {
		const pending = listFiltered(
			run,
			`${shopPath}/motives`,
			'motiveFilter',
			{
				anyOf: [
					{
						conditions: chunk.map((name) => ({ property: 'name', operator: 'ilike', value: name })),
					},
				],
			},
			itemIndex,
		);
		for (const name of chunk) {
			catalog.motives.keep(
				key(name),
				pending.then((records) => {
					const found = records
						.filter((record) => nameKey(String(record.name ?? '')) === nameKey(name))
						.map((motive) => ({ id: Number(motive.id), name: String(motive.name) }));
					// Only a name that found a motive is kept for later executions.
					if (found.length) memory?.remember('motives', key(name), found);
					else memory?.forget('motives', key(name));
					return found;
				}),
			);
		}
		await pending;
	});
	await Promise.all(lookups);
}

/** The account of a shop path (`/accounts/387/shops/1597` → `/accounts/387`). */
const accountPathOf = (shopPath: string) => shopPath.replace(/\/shops\/[^/]+$/, '');

/**
 * The account's countries, once per run: an order's country is checked against them before it is
 * sent. A run that cannot read them leaves the country to the service.
 */
export async function readCountries(
	run: RunScope,
	catalog: RunCatalog,
	shopPath: string,
	itemIndex: number,
): Promise<void> {
	const accountPath = accountPathOf(shopPath);
	const memory = await run.acrossExecutions().catch(() => undefined);
	recallInto(memory, catalog, 'countries', accountPath, shopPath);
	await catalog.countries
		.get(accountPath, async () => {
			const countries = (
				await run.service.requestAllItems(
					{ method: 'GET', path: `${accountPath}/countries`, itemIndex },
					{ returnAll: true },
				)
			).map((country) => ({
				id: Number(country.id),
				...(country.code === undefined || country.code === null
					? {}
					: { code: String(country.code) }),
			}));
			memory?.remember('countries', accountPath, countries);
			return countries;
		})
		.catch(() => undefined);
}

/**
 * Every product of the shop, once per run: to name what is nearest to a SKU or name it lacks, read
 * only when an order is refused for one (a storefront line left out by its name needs none).
 */
export async function readShopProducts(
	run: RunScope,
	catalog: RunCatalog,
	shopPath: string,
	itemIndex: number,
): Promise<NamedProduct[] | undefined> {
	return await catalog.shopProducts.get(shopPath, async () =>
		(
			await run.service.requestAllItems(
				{ method: 'GET', path: `${shopPath}/products`, itemIndex },
				{ returnAll: true },
			)
		).map(namedProductOf),
	);
}

/** The catalog an order's resolution reads: what the run read for it, all of it at hand. */
export interface ReadCatalog extends CatalogView {
	/** The expanded products read for this order, by ID (the output names its items from them). */
	products: Map<number, OrderProduct>;
}

/**
 * What the run has already read of the catalog for one order, when every read it needs has
 * succeeded: undefined when any is missing, pending or failed (`readCatalogFor` then reads or
 * waits for it). With `partial`, a product that could not be read is left out instead.
 */
export function settledCatalogFor(
	catalog: RunCatalog,
	shopPath: string,
	references: OrderReferences,
	partial = false,
): ReadCatalog | undefined {
	const skuHits = new Map<string, SkuHit[]>();
	for (const sku of references.skus) {
		const hits = catalog.skus.peek(skuKey(shopPath, sku));
		if (!hits) return undefined;
		skuHits.set(sku, hits);
	}
	const productNames = new Map<string, NamedProduct[]>();
	for (const name of references.productNames) {
		const found = catalog.productNames.peek(nameMemoKey(shopPath, name));
		if (!found) return undefined;
		productNames.set(nameKey(name), found);
	}
	const motives = new Map<string, NamedRecord[]>();
	for (const name of references.motiveNames) {
		const found = catalog.motives.peek(nameMemoKey(shopPath, name));
		if (!found) return undefined;
		motives.set(nameKey(name), found);
	}
	const countries = catalog.countries.peek(accountPathOf(shopPath));
	if (!countries && !partial) return undefined;
	const productIds = new Set(references.productIds);
	for (const hits of skuHits.values()) for (const hit of hits) productIds.add(hit.productId);
	for (const named of productNames.values()) for (const { id } of named) productIds.add(id);
	const products = new Map<number, OrderProduct>();
	for (const productId of productIds) {
		const product = catalog.products.peek(productKey(shopPath, productId));
		if (product) products.set(productId, product);
		else if (!partial) return undefined;
	}
	return {
		products,
		product: (productId) => products.get(productId),
		skuHits: (sku) => skuHits.get(sku),
		productsNamed: (name) => productNames.get(nameKey(name)),
		motivesNamed: (name) => motives.get(nameKey(name)),
		// Read later than the rest, when a refusal needs it (`readShopProducts`).
		shopProducts: () => catalog.shopProducts.peek(shopPath),
		countries: () => countries,
	};
}

/**
 * What the run read of the catalog for one order, looking up and reading what it has not yet
 * (nothing, after `prepare`), then taken as `settledCatalogFor` takes it. A product that cannot be
 * read fails the item when the SKU check needs it (`strict`); otherwise it is left unread, and the
 * service judges the order.
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
		lookUpProducts(
			run,
			catalog,
			shopPath,
			{ skus: references.skus, names: references.productNames },
			itemIndex,
		),
		lookUpMotives(run, catalog, shopPath, references.motiveNames, itemIndex),
		readCountries(run, catalog, shopPath, itemIndex),
	]);
	const productIds = new Set(references.productIds);
	for (const sku of references.skus) {
		const hits = (await catalog.skus.get(skuKey(shopPath, sku))) ?? [];
		hits.forEach((hit) => productIds.add(hit.productId));
	}
	for (const name of references.productNames) {
		const found = (await catalog.productNames.get(nameMemoKey(shopPath, name))) ?? [];
		found.forEach((product) => productIds.add(product.id));
	}
	for (const name of references.motiveNames) await catalog.motives.get(nameMemoKey(shopPath, name));
	await Promise.all(
		[...productIds].map(async (productId) => {
			const read = readProduct(run, catalog, shopPath, productId, itemIndex);
			await (strict ? read : read.catch(() => undefined));
		}),
	);
	return settledCatalogFor(catalog, shopPath, references, true) as ReadCatalog;
}

/** How the run matched the SKUs of a shop; undefined when it matched none. */
export function skuWayOf(
	catalog: RunCatalog,
	shopPath: string,
	references: OrderReferences,
): SkuWay | undefined {
	if (!references.skus.size) return undefined;
	const texts = catalog.variantSkuTexts.peek(shopPath);
	if (texts === undefined) return 'productSkus';
	return texts ? 'variantSkuTexts' : 'productSkusOnly';
}
