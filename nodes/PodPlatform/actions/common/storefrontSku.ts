/**
 * The storefront SKU this node writes into a store (Product → Get Storefront Listing) and reads
 * back in Submit with no look-up: `POD-P1001-C2002-S3003-J` for a plain product, and
 * `POD-P1001-M7002-A4001-C2002-S3003-4` for a product with a motive printed on a print area; the
 * one home of its format.
 *
 * It is built only from what the contract defines and an order needs: the product's ID, the
 * pair's assigned color and size IDs (ProductSku's `assignedColor` / `assignedSize`, what an order
 * sends) and, for a listing with a motive, the motive's ID and the product area it is printed on
 * (a design's `motive{id}` and `productArea{id}`). So two listings of one product with two
 * motives have SKUs of their own, and an order line prints the listing's motive. IDs, not names or
 * the product's own SKU: they do not change when a product, color or size is renamed, so a store's
 * SKUs stay valid. The letters P, M, A, C and S say which ID is which, so a person reads it; the
 * prefix `POD-` and the fixed structure keep it apart from a merchant's own SKUs; the last
 * character is an ISO 7064 MOD 37,36 check character over the IDs with their letters (`P1001C2002S3003`), so a mistyped digit or two
 * swapped neighbours make a SKU that is refused, not read as another variant. Case is ignored (a
 * store may upper- or lower-case SKUs). About 40 characters at most for IDs of six digits: within
 * Shopify's 255 and any WooCommerce SKU.
 */

/** The print a listing's SKU names: its motive on one of the product's areas. */
export interface StorefrontPrint {
	motiveId: number;
	productAreaId: number;
}

/** What a storefront SKU names: the IDs an order's design sends. */
export interface StorefrontVariant {
	productId: number;
	assignedColorId: number;
	assignedSizeId: number;
	/** The listing's print; none for a plain product, whose line gets the intake's Line Prints. */
	print?: StorefrontPrint;
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
const SHAPE =
	/^POD-P(\d{1,15})(?:-M(\d{1,15})-A(\d{1,15}))?-C(\d{1,15})-S(\d{1,15})(?:-([0-9A-Z]*))?$/;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const M = ALPHABET.length;

/**
 * The ISO 7064 MOD 37,36 check character of a text of digits and capitals: it catches every
 * single wrong character and most swapped neighbours. Exported for its published test vectors.
 */
export function checkCharacter(text: string): string {
	let p = M;
	for (const character of text) {
		let s = (p + ALPHABET.indexOf(character)) % M;
		if (s === 0) s = M;
		p = (s * 2) % (M + 1);
	}
	return ALPHABET[(M + 1 - p) % M];
}

/** The IDs with their letters, as the SKU writes them (without the dashes). */
const idParts = ({ productId, print, assignedColorId, assignedSizeId }: StorefrontVariant) => [
	`P${productId}`,
	...(print ? [`M${print.motiveId}`, `A${print.productAreaId}`] : []),
	`C${assignedColorId}`,
	`S${assignedSizeId}`,
];

/** The storefront SKU of a product's color/size pair, with the listing's print if it has one. */
export function encodeStorefrontSku(variant: StorefrontVariant): string {
	const { productId, assignedColorId, assignedSizeId, print } = variant;
	const ids = [productId, assignedColorId, assignedSizeId];
	if (print) ids.push(print.motiveId, print.productAreaId);
	for (const id of ids) {
		if (!Number.isSafeInteger(id) || id < 0) {
			throw new Error(`A storefront SKU is built from whole-number IDs, got ${String(id)}`);
		}
	}
	const parts = idParts(variant);
	return `${PREFIX}-${parts.join('-')}-${checkCharacter(parts.join(''))}`;
}

/** A text read as a storefront SKU: this node's variant, a mistyped one, or a merchant's own. */
export function readStorefrontSku(sku: unknown): StorefrontSkuReading {
	if (typeof sku !== 'string') return { kind: 'other' };
	const match = SHAPE.exec(sku.trim().toUpperCase());
	if (!match) return { kind: 'other' };
	const [, product, motive, area, color, size, check] = match;
	const variant: StorefrontVariant = {
		productId: Number(product),
		assignedColorId: Number(color),
		assignedSizeId: Number(size),
		...(motive ? { print: { motiveId: Number(motive), productAreaId: Number(area) } } : {}),
	};
	// Leading zeros would give a second spelling of one variant: the node never writes them.
	const digits = [product, motive, area, color, size].filter((part) => part !== undefined);
	if (digits.some((part) => part.length > 1 && part.startsWith('0'))) {
		return { kind: 'mistyped', reason: 'an ID starts with 0, which this node never writes' };
	}
	if (!check) return { kind: 'mistyped', reason: 'its check character is missing' };
	if (check.length !== 1 || check !== checkCharacter(idParts(variant).join(''))) {
		return { kind: 'mistyped', reason: 'its check character does not fit its IDs' };
	}
	return { kind: 'variant', ...variant };
}
