/**
 * What an order names of the catalog (products by ID, SKU or name, motives by name), noted before
 * anything is checked, so that a run looks it all up at once: from a form's values
 * (`noteDesign`, guidedForm.ts) or by running the check with a resolver that only takes note
 * (`referencesOf`, for an Order JSON body).
 */

import { InputError } from '../../../../shared/errors';
import { readStorefrontSku } from '../../common/storefrontSku';
import { isBlank } from '../../../../shared/values';
import { givenText } from './resolve';
import { WHOLE_NUMBER } from './variantMatch';
import type { DesignGiven, Resolver } from './types';
import type { OrderReferences } from '../../common/catalog/types';

/** Empty references, to be noted into. */
export function newReferences(): OrderReferences {
	return {
		productIds: new Set(),
		skus: new Set(),
		productNames: new Set(),
		motiveNames: new Set(),
	};
}

/**
 * Note what a design gives the resolver for its product: an ID, else its SKU or name. The check
 * meets the same values (`DesignGiven`), so a form's own values can be noted without checking it.
 */
export function noteDesign(
	references: OrderReferences,
	given: Pick<DesignGiven, 'productId' | 'sku' | 'productName'>,
): void {
	// This node's storefront SKU names the product by ID (a mistyped one, nothing to look up).
	const reading = readStorefrontSku(given.sku);
	if (reading.kind === 'variant') references.productIds.add(reading.productId);
	if (reading.kind !== 'other') return;
	const id = givenText(given.productId);
	if (id !== undefined && WHOLE_NUMBER.test(id)) references.productIds.add(Number(id));
	else if (isBlank(given.productId)) {
		if (given.sku) references.skus.add(given.sku);
		if (given.productName) references.productNames.add(given.productName);
	}
}

/** A resolver that only notes what an order names, so that a run can look it all up at once. */
function collectingResolver(references: OrderReferences): Resolver {
	return {
		design(given) {
			noteDesign(references, given);
			return { productRefused: false };
		},
		printArea: () => ({ id: 0 }),
		motive(name) {
			references.motiveNames.add(name);
			return { id: 0 };
		},
		productsNamed: () => undefined,
		country: (country) => country,
		checkVariant: () => undefined,
	};
}

/**
 * What an order names by ID, SKU or name: the check run once with a resolver that only takes
 * note. Its refusals are left for the real check, which reports them all.
 */
export function referencesOf(check: (resolver: Resolver) => unknown): OrderReferences {
	const references = newReferences();
	let failure: unknown;
	try {
		check(collectingResolver(references));
	} catch (error) {
		failure = error;
	}
	// Only bad input is left for the real check; anything else is a fault of its own.
	if (failure !== undefined && !(failure instanceof InputError)) throw failure;
	return references;
}
