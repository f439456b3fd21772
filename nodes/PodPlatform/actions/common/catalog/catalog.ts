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

import type { RunScope } from '../../runScope';
import type {
	CatalogView,
	NamedProduct,
	NamedRecord,
	OrderProduct,
	OrderReferences,
	SkuHit,
} from './types';
import { productKey, readProduct, recallInto, type RunCatalog, type SkuWay } from './runCatalog';
import {
	lookUpMotives,
	lookUpProducts,
	nameKey,
	nameMemoKey,
	namedProductOf,
	skuKey,
} from './catalogLookUps';

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
