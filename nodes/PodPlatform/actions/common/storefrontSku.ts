/**
 * The storefront SKU this node writes into a store (Product → Get Storefront Listing) and reads
 * back in Submit with no look-up: `POD-P1001-C2002-S3003-K`, the one home of its format.
 *
 * It is built only from what the contract defines and an order needs: the product's ID and the
 * pair's assigned color and size IDs (ProductSku's `assignedColor` / `assignedSize`, what an order
 * sends). IDs, not names or the product's own SKU: they do not change when a product, color or
 * size is renamed, so a store's SKUs stay valid. The letters P, C and S say which ID is which, so a
 * person reads it; the prefix `POD-` and the fixed structure keep it apart from a merchant's own
 * SKUs; the last character is an ISO 7064 MOD 37,36 check character over the three IDs, so a
 * mistyped digit or two swapped neighbours make a SKU that is refused, not read as another
 * variant. Case is ignored (a store may upper- or lower-case SKUs).
 */

/** What a storefront SKU names: the IDs an order's design sends. */
export interface StorefrontVariant {
	productId: number;
	assignedColorId: number;
	assignedSizeId: number;
}

/** What a text is, read as a storefront SKU. */
export type StorefrontSkuReading =
	/** Not one of this node's SKUs: a merchant's own, looked up as such. */
	| { kind: 'other' }
	/** One of this node's SKUs, read. */
	| ({ kind: 'variant' } & StorefrontVariant)
	/** Shaped like one of this node's SKUs, but its check character does not fit: a typo. */
	| { kind: 'mistyped'; reason: string };

const PREFIX = 'POD';

/** The SKU's shape; the check character is optional here so that a missing one is named. */
const SHAPE = /^POD-P(\d{1,15})-C(\d{1,15})-S(\d{1,15})(?:-([0-9A-Z]*))?$/;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const M = ALPHABET.length;

/**
 * The ISO 7064 MOD 37,36 check character of a text of digits and capitals: it catches every
 * single wrong character and most swapped neighbours.
 */
function checkCharacter(text: string): string {
	let p = M;
	for (const character of text) {
		let s = (p + ALPHABET.indexOf(character)) % M;
		if (s === 0) s = M;
		p = (s * 2) % (M + 1);
	}
	return ALPHABET[(M + 1 - p) % M];
}

/** The text the check character covers: the three IDs with their letters (no ambiguity). */
const checked = (variant: StorefrontVariant) =>
	`P${variant.productId}C${variant.assignedColorId}S${variant.assignedSizeId}`;

/** The storefront SKU of a product's color/size pair. */
export function encodeStorefrontSku(variant: StorefrontVariant): string {
	for (const id of [variant.productId, variant.assignedColorId, variant.assignedSizeId]) {
		if (!Number.isSafeInteger(id) || id < 0) {
			throw new Error(`A storefront SKU is built from whole-number IDs, got ${String(id)}`);
		}
	}
	const body = `${PREFIX}-P${variant.productId}-C${variant.assignedColorId}-S${variant.assignedSizeId}`;
	return `${body}-${checkCharacter(checked(variant))}`;
}

/** A text read as a storefront SKU: this node's variant, a mistyped one, or a merchant's own. */
export function readStorefrontSku(sku: unknown): StorefrontSkuReading {
	if (typeof sku !== 'string') return { kind: 'other' };
	const match = SHAPE.exec(sku.trim().toUpperCase());
	if (!match) return { kind: 'other' };
	const [, product, color, size, check] = match;
	const variant = {
		productId: Number(product),
		assignedColorId: Number(color),
		assignedSizeId: Number(size),
	};
	// Leading zeros would give a second spelling of one variant: the node never writes them.
	if ([product, color, size].some((digits) => digits.length > 1 && digits.startsWith('0'))) {
		return { kind: 'mistyped', reason: 'an ID starts with 0, which this node never writes' };
	}
	if (!check) return { kind: 'mistyped', reason: 'its check character is missing' };
	if (check.length !== 1 || check !== checkCharacter(checked(variant))) {
		return { kind: 'mistyped', reason: 'its check character does not fit its IDs' };
	}
	return { kind: 'variant', ...variant };
}
