/**
 * The designs of a deferred order: a product with its colour, size and amount, and its prints
 * grouped into compositions, one per print area. Each problem of a design is kept with the others
 * of the order, named in the form's words. Each checked design also names the product, colour
 * and size it orders, so the SKU check never reads the wire body again.
 */

import { isPlainObject } from '../../../../shared/values';
import type { PlainObject } from '../../../../shared/values';
import { AMOUNT_HINT, membersOf, optionalText, positiveInt } from '../payloads/orderValues';
import type {
	DesignContext,
	DesignVariant,
	DesignWords,
	OrderedDesign,
	ResolvedDesign,
} from './types';
import { normaliseElements } from './elements';
import { designByStorefrontSku } from './storefrontSkus';
import { lazyPlace, placeText } from '../payloads/problems';
import type { Place } from '../payloads/problems';

export interface CheckedDesign {
	/** The `creatorse_design` item in wire form. */
	body: PlainObject;
	/** What it orders, for the order's output. */
	ordered: OrderedDesign;
	/** Set when the design names its product, colour and size (a design by SKU may not). */
	variant?: DesignVariant;
}

/** Keys of a design item the client fills in itself; any other key is passed on as given. */
const DESIGN_KEYS = new Set([
	'productId',
	'amount',
	'assignedColor',
	'assignedSize',
	'sku',
	'compositions',
]);

function normaliseComposition(
	value: unknown,
	path: string,
	design: ResolvedDesign,
	context: DesignContext,
	where: Place,
	elementName: (elementIndex: number) => string,
): PlainObject {
	const { problems, resolver } = context;
	if (!isPlainObject(value)) {
		problems.add({
			where: placeText(where),
			message: 'must be an object',
			fix: 'Give productArea and elements.',
			field: path,
		});
		return {};
	}
	const productArea = problems.check(where, () =>
		resolver.printArea(design, value.productArea, `${path}.productArea`),
	);
	const elements = normaliseElements(value.elements, `${path}.elements`, context, elementName);
	return { productArea, elements };
}

export function normaliseDesign(
	value: unknown,
	index: number,
	path: string,
	context: DesignContext,
	words: DesignWords = {},
): CheckedDesign | undefined {
	const { names, problems, resolver } = context;
	// Named only when a problem is kept there: most designs have none.
	const where = lazyPlace(() => names.design(index));
	if (!isPlainObject(value)) {
		problems.add({
			where: where(),
			message: 'must be an object',
			fix: 'Give productId, amount, assignedColor and assignedSize.',
			field: path,
		});
		return undefined;
	}
	const out: PlainObject = {};
	const givenSku = optionalText(value.sku);
	const sku = words.sku ?? givenSku;
	// A storefront SKU of this node names product, color and size by ID: no look-up.
	const reading = designByStorefrontSku(
		{
			productId: value.productId,
			sku,
			productName: words.productName,
			color: value.assignedColor,
			size: value.assignedSize,
			variant: words.variant,
		},
		words.storeLine === true,
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
			storeLine: words.storeLine,
		},
		problems,
	);
	if (resolved.productId !== undefined) out.productId = resolved.productId;
	const amount = problems.check(where, () =>
		positiveInt(value.amount, 'Amount', `${path}.amount`, AMOUNT_HINT),
	);
	out.amount = amount;
	if (resolved.assignedColorId !== undefined) out.assignedColor = { id: resolved.assignedColorId };
	if (resolved.assignedSizeId !== undefined) out.assignedSize = { id: resolved.assignedSizeId };
	if (wireSku) out.sku = wireSku;
	const compositionsPath = `${path}.compositions`;
	const compositions = (
		problems.check(where, () =>
			membersOf(value.compositions, 'creatorse_composition', 'Compositions', compositionsPath),
		) ?? []
	).map((composition, c) =>
		normaliseComposition(
			composition,
			`${compositionsPath}.creatorse_composition[${c}]`,
			resolved,
			context,
			lazyPlace(() => names.composition(index, c)),
			(e) => names.element(index, c, e),
		),
	);
	// No compositions: a plain base product (contract).
	out.compositions = { creatorse_composition: compositions };
	for (const [key, extra] of Object.entries(value)) {
		if (!DESIGN_KEYS.has(key) && extra !== undefined) out[key] = extra;
	}
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
	if (variant) resolver.checkVariant(variant, resolved, where, problems);
	const ordered: OrderedDesign = {
		productId: resolved.productId,
		assignedColor:
			resolved.assignedColorId !== undefined ? { id: resolved.assignedColorId } : undefined,
		assignedSize:
			resolved.assignedSizeId !== undefined ? { id: resolved.assignedSizeId } : undefined,
		// The SKU sent, else the one a complete design was given by (Product By SKU).
		sku: wireSku ?? variant?.sku ?? (reading.bySku ? sku : undefined),
		amount,
	};
	return { body: out, variant, ordered };
}
