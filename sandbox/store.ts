/**
 * All mutable state of the emulated service, held in memory, with id sequences that start above the
 * seeded ids; a reset replaces the whole store.
 */

import type {
	Account,
	AssignedColor,
	Carrier,
	Category,
	Country,
	CsvImport,
	Motive,
	Order,
	PrintTechnology,
	Product,
	ProductSku,
	Session,
	SharedProduct,
	Shop,
	StoredFilter,
	Tag,
	TemplateProduct,
	User,
	UserMotive,
	Webhook,
} from './types';

/** Where each id sequence starts, so created ids never collide with seeded ones. */
const ID_STARTS = {
	order: 10001,
	orderedProduct: 50001,
	motive: 20001,
	webhook: 301,
	csvImport: 401,
	csvLine: 1,
	fulfillment: 70001,
	misc: 90001,
	// Prices of the countries after the first: a sequence of their own, so that adding them moves no
	// other seeded id.
	price: 95001,
};

export type IdKind = keyof typeof ID_STARTS;

/** All mutable service state. A reset replaces it with a fresh seeded instance. */
export class Store {
	accounts = new Map<number, Account>();
	users: User[] = [];
	sessions = new Map<string, Session>();
	shops = new Map<number, Shop>();
	/** Countries are account resources; every account sees the same seeded list. */
	countries: Country[] = [];
	carriers: Carrier[] = [];
	printTechnologies: PrintTechnology[] = [];
	tags: Tag[] = [];
	categories: Category[] = [];
	products = new Map<number, Product>();
	templateProducts = new Map<number, TemplateProduct>();
	sharedProducts = new Map<number, SharedProduct>();
	motives = new Map<number, Motive>();
	userMotives = new Map<number, UserMotive>();
	orders = new Map<number, Order>();
	webhooks = new Map<number, Webhook>();
	filters = new Map<string, StoredFilter>();
	csvImports = new Map<number, CsvImport>();
	/**
	 * Colours a product no longer offers (control API), by `<productId>/<assignedColorId>`: the
	 * assigned colour, where it stood in the product's list, and its SKUs, so that offering it
	 * again restores them with the same IDs.
	 */
	withdrawnColors = new Map<
		string,
		{ color: AssignedColor; index: number; skus: Array<{ sku: ProductSku; index: number }> }
	>();
	/** Stable numeric ids for customer keys (the `customerPermanentStorageId` of a login). */
	customerStorageIds = new Map<string, number>();

	private counters = { ...ID_STARTS };

	nextId(kind: IdKind): number {
		return this.counters[kind]++;
	}

	userById(id: number): User | undefined {
		return this.users.find((user) => user.id === id);
	}

	shopsOfAccount(accountId: number): Shop[] {
		return [...this.shops.values()].filter((shop) => shop.accountId === accountId);
	}

	findOrderedProduct(orderId: number, orderedProductId: number) {
		return this.orders
			.get(orderId)
			?.orderedProducts.find((item) => item.id === orderedProductId && !item.deleted);
	}
}
