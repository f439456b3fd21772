/**
 * What an order draft names of the catalog (products by ID, SKU or name, motives by name), noted
 * in one walk before anything is checked, so that a run looks it all up at once. The walk meets
 * the values the check meets, in its order, and notes what the check would ask its resolver for.
 */

import { readStorefrontSku } from '../../common/storefrontSku';
import { isBlank, isPlainObject } from '../../../../shared/values';
import { optionalText } from '../payloads/orderValues';
import { givenText } from './resolve';
import { WHOLE_NUMBER } from './variantMatch';
import type { OrderReferences } from '../../common/catalog/types';
import type { DraftDesign, OrderDraft } from './draft';
import { isRefused, partsOf } from './draft';
import { ELEMENT_KEYS } from './elements';
import { designByStorefrontSku } from './storefrontSkus';

/** What a design gives the resolver for its product: an ID, else its SKU or name. */
function noteDesign(references: OrderReferences, design: DraftDesign): void {
	// This node's storefront SKU names the product by ID (a mistyped one, nothing to look up).
	const reading = readStorefrontSku(design.sku);
	if (reading.kind === 'variant') references.productIds.add(reading.productId);
	if (reading.kind !== 'other') return;
	const id = givenText(design.productId);
	if (id !== undefined && WHOLE_NUMBER.test(id)) references.productIds.add(Number(id));
	else if (isBlank(design.productId)) {
		if (design.sku) references.skus.add(design.sku);
		if (design.productName) references.productNames.add(design.productName);
	}
}

/** The motive an element names by name (`motive: {name}`, no ID), as the check looks it up. */
function motiveNameOf(key: string, content: unknown): string | undefined {
	if (key !== ELEMENT_KEYS.motive || !isPlainObject(content) || !isPlainObject(content.motive)) {
		return undefined;
	}
	return isBlank(content.motive.id) ? optionalText(content.motive.name) : undefined;
}

/** What a draft names by ID, SKU or name, for the run to look up before any order is checked. */
export function noteReferences(draft: OrderDraft | undefined): OrderReferences {
	const references: OrderReferences = {
		productIds: new Set(),
		skus: new Set(),
		productNames: new Set(),
		motiveNames: new Set(),
	};
	for (const design of draft ? partsOf(draft.designs) : []) {
		if (isRefused(design) || !design.isObject) continue;
		// A design its storefront SKU refuses is checked no further, and names nothing.
		const reading = designByStorefrontSku(design, design.storeLine === true);
		if ('refusal' in reading) continue;
		noteDesign(references, design);
		for (const composition of partsOf(design.compositions)) {
			if (isRefused(composition)) continue;
			for (const element of composition.elements) {
				const name = isRefused(element) ? undefined : motiveNameOf(element.key, element.content);
				if (name) references.motiveNames.add(name);
			}
		}
	}
	return references;
}
