/**
 * The order draft: what every reader of Submit gives (the guided form, One Item per Line, One Item
 * per Storefront Order, Order JSON) and the one shape the later steps take. Each value is as the
 * user gave it, not yet checked, and each part carries its place: its words ("Design 1 › Print
 * 2", "Line 3 (SKU TEE-BLK-M)"), its wire path, and the form field of each of its values (what a
 * tool's argument fills), so that a problem found anywhere names where to fix it. What a reader
 * could not take apart (a JSON collection that is no list) is kept where it stands, refused, so
 * that the check reports it in its turn.
 *
 * references.ts notes what a draft names of the catalog; check.ts resolves and checks it; wire.ts
 * writes the wire body it becomes.
 */

import type { InputError } from '../../../../shared/errors';
import type { PlainObject } from '../../../../shared/values';
import type { Problem, Spot } from '../payloads/problems';

/** A part the reader could not take apart, with why: reported where the part stands. */
export interface Refused {
	refused: InputError;
	/** Where it is, when the refusal is of one part of a list ("Design 1 › Element 3"). */
	words?: () => string;
}

/** A list of parts as read, or the whole list refused. */
export type Parts<T> = Array<T | Refused> | Refused;

/** The order's head: the contract's keys as given. */
export interface DraftHead {
	uniqueId: unknown;
	financialStatus: unknown;
	country: unknown;
	customer: unknown;
	orderShipping: unknown;
	/** Keys of the body the client does not fill in itself, passed on as given (Order JSON). */
	extra: PlainObject;
	spot: Spot;
}

/** One element of a composition: the contract's element key and its content as given. */
export interface DraftElement {
	/** "Design 1 › Print 2", built when a problem is kept there. */
	words: () => string;
	/** The element's place; its content is at `<path>.<key>`. */
	spot: Spot;
	key: string;
	content: unknown;
}

/** The prints of one print area of a design: the area as given, and what is printed there. */
export interface DraftComposition {
	words: () => string;
	spot: Spot;
	/** Given as a plain object (JSON): the check refuses anything else. */
	isObject: boolean;
	productArea: unknown;
	elements: Array<DraftElement | Refused>;
}

/** A design: a product (by ID, SKU or name), its color, size and amount, and its compositions. */
export interface DraftDesign {
	words: () => string;
	spot: Spot;
	/** Given as a plain object (JSON): the check refuses anything else. */
	isObject: boolean;
	productId: unknown;
	/** A product SKU or a variant SKU; empty text where the form's SKU came out empty. */
	sku?: string;
	/** Whether `sku` is the JSON body's own `sku`, sent as given (unless it is this node's SKU). */
	skuSent: boolean;
	/** The product's name; empty text where the form's name came out empty. */
	productName?: string;
	/** The variant as the storefront gives it (Shopify's variant_title, WooCommerce's meta_data). */
	variant?: unknown;
	/** Color and size as given: an ID, a name, or `{id}` / `{name}`. */
	color: unknown;
	size: unknown;
	amount: unknown;
	/** A line of a storefront's order read whole: its fixes speak of the store, not the form. */
	storeLine?: boolean;
	compositions: Parts<DraftComposition>;
	/** Keys of the design the client does not fill in itself, passed on as given (Order JSON). */
	extra: PlainObject;
}

/** One order as read, every part in its place; not yet checked. */
export interface OrderDraft {
	head: DraftHead;
	designs: Parts<DraftDesign>;
	/** Template products and passthrough items, as the contract writes them. */
	templates: Parts<unknown>;
	passthroughItems: unknown;
	/** Whether the user wrote the wire payload, so that problems show its paths. */
	showPaths: boolean;
	/** Problems the reader found (the lines of one order that disagree), reported first. */
	problems: Problem[];
	/**
	 * What the error calls the order, in the user's words ("Shopify order #1001 (shopify-…)"),
	 * which then heads every message; "The order" without.
	 */
	subject?: string;
}

export function isRefused(part: unknown): part is Refused {
	return typeof part === 'object' && part !== null && 'refused' in part;
}

/** The parts of a list that were read; none where the whole list was refused. */
export function partsOf<T>(parts: Parts<T>): Array<T | Refused> {
	return isRefused(parts) ? [] : parts;
}
