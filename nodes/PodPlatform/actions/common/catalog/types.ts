/**
 * The shapes of what a run reads of the catalog: the expanded product, the products a SKU or a name
 * finds, the shop's motives by name, the account's countries; and what an order names of the
 * catalog, to be looked up at once. Submit and Product › Find read them.
 */

import type { simplifyProduct } from '../../../../shared/payloads/product';

/** A product as the run reads it: the expanded product, simplified. */
export type OrderProduct = ReturnType<typeof simplifyProduct>;

/** What an order names that the catalog must be asked for before it can be resolved. */
export interface OrderReferences {
	/** Products given by ID, read as the expanded product. */
	productIds: Set<number>;
	/** Product SKUs and variant SKUs, looked up for the whole run at once. */
	skus: Set<string>;
	/** Product names, looked up for the whole run at once. */
	productNames: Set<string>;
	/** Motive names, looked up for the whole run at once. */
	motiveNames: Set<string>;
}

/** A product that carries a SKU: as its own SKU, or as the SKU of one of its color/size pairs. */
export interface SkuHit {
	productId: number;
	/** Set when the SKU is a variant SKU: the pair it names. */
	variant?: { assignedColorId: number; assignedSizeId: number };
}

/** A record the service names: a motive. */
export interface NamedRecord {
	id: number;
	name: string;
}

/** A product the service names, with its own SKU, which tells two of one name apart. */
export interface NamedProduct extends NamedRecord {
	sku?: string;
}

/** What the run read of one shop's catalog, as a resolution sees it. */
export interface CatalogView {
	/** The expanded product; undefined when it was not read or could not be. */
	product(productId: number): OrderProduct | undefined;
	/** The products carrying this SKU; undefined when it was not looked up. */
	skuHits(sku: string): SkuHit[] | undefined;
	/** The shop's products of this name (any case); undefined when it was not looked up. */
	productsNamed(name: string): NamedProduct[] | undefined;
	/** The shop's motives of this name (any case); undefined when it was not looked up. */
	motivesNamed(name: string): NamedRecord[] | undefined;
	/** Every product of the shop, read when a SKU or name was unknown; undefined otherwise. */
	shopProducts(): NamedProduct[] | undefined;
	/** The account's countries; undefined when the run could not read them. */
	countries(): AccountCountry[] | undefined;
}

/** A country of the account: what an order's country must be one of. */
export interface AccountCountry {
	id: number;
	code?: string;
}
