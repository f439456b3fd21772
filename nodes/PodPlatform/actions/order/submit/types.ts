/**
 * The types the steps of Submit's check share: the order that passed it, how its places are
 * named, a design's variant and words, and what resolves names and SKUs to IDs. They live apart
 * from the steps so that each step imports them without importing the others.
 */

import type { PlainObject } from '../../../../shared/values';
import type { OrderProduct } from '../../common/catalog/types';
import type { Place, Problems } from '../payloads/problems';

/**
 * Where each wire path of a written order is, in the user's words ("Design 1 › Print 3 › Print
 * Area"), keyed by the path in lower case without the collections' member keys
 * (`designs[0].compositions[1].productarea`): what names the place of a service refusal.
 */
export type RefusalPlaces = Map<string, string>;

/**
 * What a design orders, in the shape of the service's ordered product: the product, color and
 * size as resolved (each undefined where the design did not name it), the SKU it was given by,
 * and the amount.
 */
export interface OrderedDesign {
	productId: number | undefined;
	assignedColor: { id: number } | undefined;
	assignedSize: { id: number } | undefined;
	/** The SKU the wire body carries, if any. */
	sku: string | undefined;
	amount: number | undefined;
}

/** A deferred order that passed every check. */
export interface DeferredOrder {
	/** The wire body: `{ creatorse_productionOrderDeferred: {...} }`, collections wrapped. */
	body: PlainObject;
	/** The storefront's order number, when given: what Exactly Once looks up. */
	uniqueId?: string;
	/** PAID, PENDING, ..., when given; the service's default otherwise. */
	financialStatus?: string;
	customer: PlainObject | undefined;
	country: { id: number } | { code: string } | undefined;
	orderShipping: PlainObject | undefined;
	/** What each design orders, in design order. */
	designs: OrderedDesign[];
	/** Each design's compositions as written (a print area and what is printed there). */
	compositions: PlainObject[][];
	/** The template products, checked (templates.ts). */
	templates: PlainObject[];
	passthroughItems: PlainObject[];
	/** The product, colour and size of every design that names all three, in design order. */
	variants: DesignVariant[];
	/** Where each wire path of the body is, for the service's refusals (wire.ts). */
	places: RefusalPlaces;
	/** A storefront's order: its name in the store and what became of each of its lines. */
	storeOrder?: StoreOrderReport;
}

/** A line of a storefront's order as the output reports it: printed, or not and why. */
export interface StoreLineReport {
	/** The line as the store numbers it, from 1. */
	line: number;
	sku?: string;
	title?: string;
	printed: boolean;
	/** The quantity printed, and which of the store's quantities it is. */
	amount?: number;
	quantityFrom?: string;
	/** Why the line is not printed. */
	reason?: string;
}

/** A storefront's order as the output names it. */
export interface StoreOrderReport {
	/** "#1001", as the store shows it to its merchant. */
	name: string;
	lines: StoreLineReport[];
	/**
	 * Whether a line the print shop does not sell was left out, as the merchant chose (Lines the
	 * Print Shop Does Not Sell: Leave Out): the print order is not the whole store order.
	 */
	partlyPrinted: boolean;
}

/** A storefront's order of which no line is printed: nothing is sent, and the output says why. */
export interface NothingToPrint {
	nothingToPrint: true;
	uniqueId?: string;
	storeOrder: StoreOrderReport;
	/** "Nothing of Shopify order #1001 is printed: ...". */
	message: string;
}

/** The product, colour and size one design orders: a pair the SKU check looks for. */
export interface DesignVariant {
	/** Where the design stands in the order, from 0. */
	designIndex: number;
	productId: number;
	assignedColorId: number;
	assignedSizeId: number;
	amount: number;
	/** The SKU the design was given by (a product SKU or a variant SKU), if any. */
	sku?: string;
}

/** How a design is checked: the resolver of its words, and the order's problems. */
export interface DesignContext {
	resolver: Resolver;
	problems: Problems;
}

/** A design as given, before its product, color and size are IDs. */
export interface DesignGiven {
	/** The form's name of the design ("Design 1", "Line 3 (SKU TEE-BLK-M)"), built when needed. */
	where: Place;
	/** The design's wire path, named in problems where the user wrote the wire payload. */
	path: string;
	productId: unknown;
	/** A product SKU or a variant SKU; empty when the Product is By SKU and the SKU came out empty. */
	sku?: string;
	/** The product's name as the shop lists it; empty when the Product is By Name and it came out empty. */
	productName?: string;
	/** Color and size as given: an ID, a name, or `{id}` / `{name}`. */
	color: unknown;
	size: unknown;
	/** The variant as the storefront gives it (variantValues.ts). */
	variant?: unknown;
	/** A line of a storefront's order read whole: its values come from the store, not the form. */
	storeLine?: boolean;
	/**
	 * Set where this node's storefront SKU gave the color and size: the variant as the store shows
	 * it beside the SKU (Shopify's "Black / M"), which names a color or size the product no longer
	 * has. Such a problem then speaks of the store's variants.
	 */
	listing?: { variant: unknown };
}

/** What a design resolved to; a part left undefined is a problem already reported, or unknown. */
export interface ResolvedDesign {
	productId?: number;
	assignedColorId?: number;
	assignedSizeId?: number;
	/** The product's expanded record, when the run read it. */
	product?: OrderProduct;
	/** Whether the product could not be settled (a problem says why). */
	productRefused: boolean;
}

/** Turns what an order names into IDs; every refusal is an InputError or a problem added. */
export interface Resolver {
	design(given: DesignGiven, problems: Problems): ResolvedDesign;
	/** The print area of a composition of this design, as `{id}`. */
	printArea(design: ResolvedDesign, value: unknown, path: string): { id: number };
	/** A motive of the shop by its name, as `{id}`. */
	motive(name: string, path: string): { id: number };
	/**
	 * How many of the shop's products have this name (any case): what decides whether a storefront
	 * line without a SKU is printed. Undefined when the name was not looked up.
	 */
	productsNamed(name: string): number | undefined;
	/**
	 * How many of the shop's products a SKU names (a product's own SKU, or a color/size SKU text):
	 * what tells a storefront line the print shop does not sell. Undefined when it was not looked up.
	 */
	productsWithSku(sku: string): number | undefined;
	/**
	 * The order's country checked against the account's countries (read once per run): one it has
	 * not is refused, naming the codes it has; as given where the run could not read them.
	 */
	country(country: { id: number } | { code: string }): { id: number } | { code: string };
	/**
	 * The SKU check of a design whose product, color and size are settled; `inStore` for a line
	 * of a storefront's order read whole, whose problems speak of the store.
	 */
	checkVariant(
		variant: DesignVariant,
		design: ResolvedDesign,
		where: Place,
		problems: Problems,
		inStore?: boolean,
	): void;
}
