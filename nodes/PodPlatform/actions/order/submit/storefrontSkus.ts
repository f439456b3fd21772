/**
 * Submit's reading of the storefront SKUs this node writes (common/storefrontSku.ts): a design
 * whose SKU is one of them is taken as the product, color and size by ID, exactly as a design
 * given by IDs, so it costs no look-up (no stored filter, no product list). A SKU shaped like one
 * whose check character does not fit is refused, naming the fix, never read as another variant.
 * A merchant's own SKU is left to the SKU look-up as before.
 */

import { readStorefrontSku } from '../../common/storefrontSku';
import { isPlainObject, isBlank } from '../../../../shared/values';
import type { FormPrint } from './formPrints';

/** The parts of a design a storefront SKU settles. */
export interface SkuDesignParts {
	productId: unknown;
	sku?: string;
	productName?: string;
	color: unknown;
	size: unknown;
	variant?: unknown;
}

/** What a design's storefront SKU makes of it: IDs, unchanged, or a refusal. */
export type SkuDesignReading<T extends SkuDesignParts> =
	| { design: T; bySku: boolean }
	| { refusal: { message: string; fix: string } };

/** The ID a value gives (`7`, `"7"`, `{id: 7}`), as text; undefined when blank. */
function idText(value: unknown): string | undefined {
	const raw = isPlainObject(value) ? value.id : value;
	return isBlank(raw) ? undefined : String(raw).trim() || undefined;
}

/**
 * A design as its storefront SKU names it: the product, color and size by ID (the SKU kept, to
 * name the line; the store's option names dropped, as the SKU settles the variant whatever a
 * store calls its options). A Product, Color or Size given beside the SKU must be the one it
 * names.
 */
export function designByStorefrontSku<T extends SkuDesignParts>(
	design: T,
	inStore: boolean,
): SkuDesignReading<T> {
	const reading = readStorefrontSku(design.sku);
	if (reading.kind === 'other') return { design, bySku: false };
	const sku = String(design.sku);
	if (reading.kind === 'mistyped') {
		return {
			refusal: {
				message: `the SKU ${sku} is shaped like a SKU this node writes (POD-P<product>-C<color>-S<size>-<check>, or with -M<motive>-A<print area> after the product), but ${reading.reason}`,
				fix: inStore
					? "Give the store's variant the SKU Product → Get Storefront Listing gives for it (its variants' sku), copied whole; a SKU of your own must not take that shape."
					: "Copy the SKU whole from Product → Get Storefront Listing (its variants' sku), or give the product by ID; a SKU of your own must not take that shape.",
			},
		};
	}
	const named: Array<[string, unknown, number]> = [
		['Product', design.productId, reading.productId],
		['Color', design.color, reading.assignedColorId],
		['Size', design.size, reading.assignedSizeId],
	];
	for (const [field, given, id] of named) {
		const text = idText(given);
		if (text !== undefined && text !== String(id)) {
			return {
				refusal: {
					message: `the SKU ${sku} names ${field.toLowerCase()} ${id}, but the ${field} given is ${text}`,
					fix: `Give the ${field.toLowerCase()} once: leave the ${field} empty beside a SKU from Product → Get Storefront Listing, or give no SKU.`,
				},
			};
		}
	}
	return {
		bySku: true,
		design: {
			...design,
			productId: reading.productId,
			productName: undefined,
			color: { id: reading.assignedColorId },
			size: { id: reading.assignedSizeId },
			variant: undefined,
		},
	};
}

/**
 * The print a design's SKU names (a listing's SKU with its motive): that motive on that print
 * area, placed on the area's hotspot as the contract places a motive given no position. It
 * replaces the prints the workflow gives every line (Line Prints, a One Item per Line design's
 * print), so that each listing prints its own motive. Undefined for any other SKU.
 */
export function printsOfSku(sku: unknown): FormPrint[] | undefined {
	const reading = readStorefrontSku(sku);
	if (reading.kind !== 'variant' || !reading.print) return undefined;
	const { motiveId, productAreaId } = reading.print;
	return [
		{
			printAreaId: String(productAreaId),
			element: { type: 'libraryMotive', motiveId: String(motiveId) },
			layers: [],
		},
	];
}
