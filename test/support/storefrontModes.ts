/**
 * The two deployments a storefront order is tested against: the service as its contract defines
 * it (a color/size pair carries no SKU text, so a storefront variant carries its print product's
 * own SKU and names its options as the product names its colors and sizes) and a service whose
 * pairs carry SKU texts (an extension some deployments have: the sandbox's `variantSkuTexts`),
 * which takes the storefront's documented orders with their SKUs unchanged.
 */

/**
 * The sandbox's print product of each SKU the documented storefront orders carry
 * (test/fixtures/storefront/): the product's own SKU, which a merchant gives the store's variants
 * on a service without variant SKU texts (the seed, sandbox/seed.ts, holds both).
 */
const PRODUCT_SKU_OF: Record<string, string> = {
	IPOD2008GREEN: 'IPOD2008',
	IPOD2008RED: 'IPOD2008',
	IPOD2008BLACK: 'IPOD2008',
	Bar3: 'SHIP-YOUR-IDEA',
	'TEE-CLASSIC-WHITE-L': 'TEE-CLASSIC',
};

/** A documented storefront order whose lines carry their print product's own SKU instead. */
export function withProductSkus<T>(order: T): T {
	const copy = JSON.parse(JSON.stringify(order)) as { line_items: Array<{ sku?: string }> };
	for (const line of copy.line_items) {
		if (line.sku && PRODUCT_SKU_OF[line.sku]) line.sku = PRODUCT_SKU_OF[line.sku];
	}
	return copy as T;
}

export interface SkuMode {
	/** How the test names it. */
	mode: string;
	variantSkuTexts: boolean;
	/** A documented order as a store on this deployment sends it. */
	order<T>(documented: T): T;
	/** The SKU a line of the documented order reaches Submit with. */
	sku(documented: string): string;
}

export const SKU_MODES: SkuMode[] = [
	{
		mode: 'the contract (no SKU text on a color/size pair)',
		variantSkuTexts: false,
		order: withProductSkus,
		sku: (documented) => PRODUCT_SKU_OF[documented] ?? documented,
	},
	{
		mode: 'the SKU-text extension',
		variantSkuTexts: true,
		order: (documented) => JSON.parse(JSON.stringify(documented)),
		sku: (documented) => documented,
	},
];
