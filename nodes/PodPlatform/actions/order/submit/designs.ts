/**
 * The designs of an order draft, checked: a product with its colour, size and amount, and its
 * compositions, one per print area. Each problem of a design is kept with the others of the
 * order, named by the design's words and its values' places. Each checked design names the
 * product, colour and size it orders, for the SKU check, the writer (wire.ts) and the output.
 */

import type { PlainObject } from '../../../../shared/values';
import { AMOUNT_HINT, positiveInt } from '../payloads/orderValues';
import type { DesignContext, DesignVariant, OrderedDesign, ResolvedDesign } from './types';
import { normaliseElements } from './elements';
import { designByStorefrontSku } from './storefrontSkus';
import { lazyPlace } from '../payloads/problems';
import type { Problems } from '../payloads/problems';
import type { DraftComposition, DraftDesign, Refused } from './draft';
import { isRefused } from './draft';

/** A part the reader could not take apart, reported in its turn. */
export function reportRefused(problems: Problems, part: Refused, where?: () => string): void {
	problems.check(part.words ?? where, () => {
		throw part.refused;
	});
}

export interface CheckedDesign {
	/** The design as read: its words and places, for the writer's map of places. */
	draft: DraftDesign;
	/** Its compositions in the contract's shape, one per print area. */
	compositions: PlainObject[];
	/** The SKU the service is sent: a JSON body's own, never one of this node's SKUs. */
	sentSku?: string;
	/** What it orders, for the order's output. */
	ordered: OrderedDesign;
	/** Set when the design names its product, colour and size (a design by SKU may not). */
	variant?: DesignVariant;
}

function normaliseComposition(
	composition: DraftComposition,
	design: ResolvedDesign,
	context: DesignContext,
): PlainObject {
	const { problems, resolver } = context;
	const { path } = composition.spot;
	if (!composition.isObject) {
		problems.add({
			where: composition.words(),
			message: 'must be an object',
			fix: 'Give productArea and elements.',
			field: path,
		});
		return {};
	}
	const productArea = problems.check(composition.words, () =>
		resolver.printArea(design, composition.productArea, `${path}.productArea`),
	);
	const elements = normaliseElements(composition.elements, context);
	return { productArea, elements };
}

export function normaliseDesign(
	draft: DraftDesign,
	index: number,
	context: DesignContext,
): CheckedDesign | undefined {
	const { problems, resolver } = context;
	const { path } = draft.spot;
	// Named only when a problem is kept there: most designs have none.
	const where = lazyPlace(draft.words);
	if (!draft.isObject) {
		problems.add({
			where: where(),
			message: 'must be an object',
			fix: 'Give productId, amount, assignedColor and assignedSize.',
			field: path,
		});
		return undefined;
	}
	const givenSku = draft.skuSent ? draft.sku : undefined;
	const { sku } = draft;
	// A storefront SKU of this node names product, color and size by ID: no look-up.
	const reading = designByStorefrontSku(
		{
			productId: draft.productId,
			sku,
			productName: draft.productName,
			color: draft.color,
			size: draft.size,
			variant: draft.variant,
		},
		draft.storeLine === true,
	);
	if ('refusal' in reading) {
		problems.add({ where: where(), ...reading.refusal, field: `${path}.sku` });
		return undefined;
	}
	const { design } = reading;
	// The service is sent the IDs the node's SKU stands for, never the SKU itself.
	const wireSku = reading.bySku ? undefined : givenSku;
	const resolved = resolver.design(
		{
			where,
			path,
			...design,
			storeLine: draft.storeLine,
			// The store's own name of the variant, which a color or size since dropped has no other.
			...(reading.bySku ? { listing: { variant: draft.variant } } : {}),
		},
		problems,
	);
	const amount = problems.check(where, () =>
		positiveInt(draft.amount, 'Amount', `${path}.amount`, AMOUNT_HINT),
	);
	if (isRefused(draft.compositions)) reportRefused(problems, draft.compositions, where);
	const compositions = (isRefused(draft.compositions) ? [] : draft.compositions).map(
		(composition) => {
			if (isRefused(composition)) {
				reportRefused(problems, composition, where);
				return {};
			}
			return problems.within(composition.spot, () =>
				normaliseComposition(composition, resolved, context),
			);
		},
	);
	const { productId, assignedColorId, assignedSizeId } = resolved;
	const variant =
		productId !== undefined &&
		assignedColorId !== undefined &&
		assignedSizeId !== undefined &&
		amount !== undefined
			? {
					designIndex: index,
					productId,
					assignedColorId,
					assignedSizeId,
					amount,
					...(sku ? { sku } : {}),
				}
			: undefined;
	if (variant) resolver.checkVariant(variant, resolved, where, problems, draft.storeLine === true);
	const ordered: OrderedDesign = {
		productId: resolved.productId,
		assignedColor:
			resolved.assignedColorId !== undefined ? { id: resolved.assignedColorId } : undefined,
		assignedSize:
			resolved.assignedSizeId !== undefined ? { id: resolved.assignedSizeId } : undefined,
		// The SKU sent: a design given by the node's own SKU is sent by IDs, without it.
		sku: wireSku,
		amount,
	};
	return { draft, compositions, ...(wireSku ? { sentSku: wireSku } : {}), variant, ordered };
}
