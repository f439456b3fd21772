/**
 * The two deployments a storefront order is tested against: the service as its contract defines
 * it (a color/size pair carries no SKU text, so a storefront variant carries its print product's
 * own SKU and names its options as the product names its colors and sizes) and a service whose
 * pairs carry SKU texts (an extension some deployments have: the sandbox's `variantSkuTexts`),
 * which takes the storefront's documented orders with their SKUs unchanged.
 */

import { productSkuOf, withProductSkus } from '../../scripts/storefronts';

export { withProductSkus };

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
		sku: productSkuOf,
	},
	{
		mode: 'the SKU-text extension',
		variantSkuTexts: true,
		order: (documented) => JSON.parse(JSON.stringify(documented)),
		sku: (documented) => documented,
	},
];
