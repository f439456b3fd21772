/**
 * A run's memory of the catalog (Submit's and Product › Find's): what it has read, by shop, shared
 * by every item of the run, and what it took from reads kept by an earlier execution
 * (shared/acrossExecutions.ts).
 */

import { recordOf } from '../../../../shared/codec';
import { simplifyProduct } from '../../../../shared/payloads/product';
import type { RunScope } from '../../runScope';
import type { AccountCountry, NamedProduct, NamedRecord, OrderProduct, SkuHit } from './types';
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

export const productKey = (shopPath: string, productId: number) =>
	`${shopPath}/products/${productId}`;

/**
 * Take into the run's memo what an earlier execution of this credential kept under the key
 * (acrossExecutions.ts), when the run has not read it and may recall; true when it did.
 */
export function recallInto<T>(
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
