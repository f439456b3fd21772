/**
 * Names for the items of an order that carry only IDs: the product's name and the names it lists
 * for its colors and sizes, from its expanded record (`.../products/expanded/{id}`), the read the
 * Submit check makes too. Each distinct product is read at most once per execution; the triggers
 * also keep what they read for a while (RecentNamings), so that a stream of events about the same
 * products costs no read. Names are an addition to the order: a product that cannot be read (say,
 * deleted since) leaves its items' names null, and the order or event goes out all the same.
 */

import type { IDataObject } from 'n8n-workflow';

import type { PlainObject } from './values';
import { recordOf } from './codec';
import { isPlainObject } from './values';
import { simplifyProduct } from './payloads/product';
import type { ProductPrice } from './payloads/product';
import { known } from './simplify/order';
import type { ServiceClient } from './transport';

/** What names an item of a product: its name, its colors and sizes by assignment ID. */
export interface ProductNaming {
	name?: unknown;
	colors: ReadonlyArray<PlainObject>;
	sizes: ReadonlyArray<PlainObject>;
	/** The product's prices per country and size, where the read kept them (Submit prices by them). */
	prices?: ReadonlyArray<ProductPrice>;
}

/** Namings by product ID (as text). */
export type ProductNamings = ReadonlyMap<string, ProductNaming>;

/** Reads of one execution, by `<shop path> <product ID>`; a failed read is not kept. */
export type NamingReads = Map<string, Promise<ProductNaming | undefined>>;

function namingOf(record: PlainObject): ProductNaming {
	const { name, colors, sizes, prices } = simplifyProduct(record);
	return { name, colors, sizes, prices };
}

/**
 * The namings of the given products of a shop, each read once per `reads` (an execution); a
 * product whose read fails is missing from the answer.
 */
export async function readNamings(
	service: ServiceClient,
	shopPath: string,
	productIds: string[],
	reads: NamingReads,
	itemIndex?: number,
): Promise<Map<string, ProductNaming>> {
	const found = new Map<string, ProductNaming>();
	await Promise.all(
		productIds.map(async (productId) => {
			const key = `${shopPath} ${productId}`;
			let read = reads.get(key);
			if (!read) {
				read = service
					.request({
						method: 'GET',
						path: `${shopPath}/products/expanded/${encodeURIComponent(productId)}`,
						itemIndex,
					})
					.then((answer) => namingOf(recordOf(answer)))
					.catch(() => {
						reads.delete(key);
						return undefined;
					});
				reads.set(key, read);
			}
			const naming = await read;
			if (naming) found.set(productId, naming);
		}),
	);
	return found;
}

/** How long a trigger process keeps a product's names: a renamed color shows within this. */
export const NAMINGS_KEPT_MS = 10 * 60 * 1000;
const NAMINGS_KEPT_AT_MOST = 1000;

/**
 * The namings a trigger process read lately, by credential, shop and product, so that events
 * about products seen in the last ten minutes cost no read (and no credential read).
 */
export class RecentNamings {
	private readonly kept = new Map<string, { naming: ProductNaming; readAt: number }>();

	/** The kept namings of these products, and the IDs not kept (or kept too long). */
	lookUp(
		scope: string,
		productIds: string[],
		now: number,
	): { namings: Map<string, ProductNaming>; missing: string[] } {
		const namings = new Map<string, ProductNaming>();
		const missing: string[] = [];
		for (const productId of productIds) {
			const entry = this.kept.get(`${scope} ${productId}`);
			if (entry && now - entry.readAt < NAMINGS_KEPT_MS) namings.set(productId, entry.naming);
			else missing.push(productId);
		}
		return { namings, missing };
	}

	keep(scope: string, namings: Map<string, ProductNaming>, now: number): void {
		if (this.kept.size + namings.size > NAMINGS_KEPT_AT_MOST) this.kept.clear();
		for (const [productId, naming] of namings) {
			this.kept.set(`${scope} ${productId}`, { naming, readAt: now });
		}
	}
}

/** The name the product lists for one of its colors or sizes, by the assignment's ID. */
function listedName(
	entries: ReadonlyArray<PlainObject>,
	idKey: 'assignedColorId' | 'assignedSizeId',
	id: unknown,
): unknown {
	if (id === null || id === undefined) return undefined;
	return entries.find((entry) => String(entry[idKey]) === String(id))?.name;
}

/** The products the items name by ID without naming them: what a caller reads to name them. */
export function unnamedProductIds(items: unknown): string[] {
	const ids = new Set<string>();
	for (const item of Array.isArray(items) ? (items as unknown[]) : []) {
		if (!isPlainObject(item) || item.productId === null || item.productId === undefined) continue;
		const unnamed =
			item.productName === null ||
			(item.colorId !== null && item.colorName === null) ||
			(item.sizeId !== null && item.sizeName === null);
		if (unnamed) ids.add(String(item.productId));
	}
	return [...ids];
}

/** Simplified items with the names the products list filled in where they were null. */
export function nameItems(items: unknown, namings: ProductNamings): unknown {
	if (!Array.isArray(items)) return items;
	return items.map((item) => {
		if (!isPlainObject(item) || item.productId === null || item.productId === undefined) {
			return item;
		}
		const product = namings.get(String(item.productId));
		if (!product) return item;
		return {
			...item,
			productName: known(item.productName ?? product.name),
			colorName: known(
				item.colorName ?? listedName(product.colors, 'assignedColorId', item.colorId),
			),
			sizeName: known(item.sizeName ?? listedName(product.sizes, 'assignedSizeId', item.sizeId)),
		};
	});
}

/**
 * Orders or events with their items named: the products their items leave unnamed are handed
 * to `read` once, all together, and the names it finds are filled in.
 */
export async function withItemNames<T extends IDataObject>(
	orders: T[],
	read: (productIds: string[]) => Promise<ProductNamings>,
): Promise<T[]> {
	const productIds = [...new Set(orders.flatMap((order) => unnamedProductIds(order.items)))];
	if (productIds.length === 0) return orders;
	const namings = await read(productIds);
	return orders.map((order) =>
		order.items === undefined ? order : { ...order, items: nameItems(order.items, namings) },
	);
}

/**
 * A trigger's events named: products read in the last ten minutes by this process (same
 * credential, same shop) cost nothing, the others one read each for this execution.
 */
export async function nameTriggerEvents<T extends IDataObject>(
	events: T[],
	recent: RecentNamings,
	where: { credentialId: string; shopId: string; service: () => ServiceClient },
): Promise<T[]> {
	const scope = `${where.credentialId} ${where.shopId}`;
	return await withItemNames(events, async (productIds) => {
		const now = Date.now();
		const { namings, missing } = recent.lookUp(scope, productIds, now);
		if (missing.length === 0) return namings;
		const service = where.service();
		// A login that fails here names nothing; the events go out all the same.
		const shopPath = await service.shopPath(where.shopId).catch(() => undefined);
		if (shopPath === undefined) return namings;
		const read = await readNamings(service, shopPath, missing, new Map());
		recent.keep(scope, read, now);
		for (const [productId, naming] of read) namings.set(productId, naming);
		return namings;
	});
}
