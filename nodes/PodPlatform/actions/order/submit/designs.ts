/**
 * The designs of a deferred order: a product with its colour, size and amount, and its prints
 * grouped into compositions, one per print area. Each problem of a design is kept with the others
 * of the order, named in the form's words. Each checked design also names the product, colour
 * and size it orders, so the SKU check never reads the wire body again.
 */

import { isPlainObject } from '../../../../shared/codec';
import type { PlainObject } from '../../../../shared/codec';
import {
	AMOUNT_HINT,
	chosenId,
	membersOf,
	optionalText,
	positiveInt,
} from '../../../../shared/payloads/orderValues';
import type { Problems } from '../../../../shared/payloads/problems';
import { isBlank } from '../../../../shared/values';
import type { OrderNames } from './deferredOrder';
import { normaliseElements } from './elements';

/** The product, colour and size one design orders: a pair the SKU check looks for. */
export interface DesignVariant {
	/** Where the design stands in the order, from 0. */
	designIndex: number;
	productId: number;
	assignedColorId: number;
	assignedSizeId: number;
	amount: number;
}

export interface CheckedDesign {
	/** The `creatorse_design` item in wire form. */
	body: PlainObject;
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
	problems: Problems,
	where: string,
	elementName: (elementIndex: number) => string,
): PlainObject {
	if (!isPlainObject(value)) {
		problems.add({
			where,
			message: 'must be an object',
			fix: 'Give productArea and elements.',
			field: path,
		});
		return {};
	}
	const productArea = problems.check(where, () =>
		chosenId(
			value.productArea,
			'Print Area',
			`${path}.productArea`,
			"Pick one of the product's print areas from the list, or give its ID (Product → Get Expanded lists them).",
		),
	);
	const elements = normaliseElements(value.elements, `${path}.elements`, problems, elementName);
	return { productArea, elements };
}

export function normaliseDesign(
	value: unknown,
	index: number,
	path: string,
	problems: Problems,
	names: OrderNames,
): CheckedDesign | undefined {
	const where = names.design(index);
	if (!isPlainObject(value)) {
		problems.add({
			where,
			message: 'must be an object',
			fix: 'Give productId, amount, assignedColor and assignedSize.',
			field: path,
		});
		return undefined;
	}
	const out: PlainObject = {};
	const sku = optionalText(value.sku);
	const check = <T>(run: () => T) => problems.check(where, run);
	let productId: number | undefined;
	let assignedColor: { id: number } | undefined;
	let assignedSize: { id: number } | undefined;
	if (!isBlank(value.productId) || !sku) {
		productId = check(() =>
			chosenId(
				value.productId,
				'Product',
				`${path}.productId`,
				'Pick the product to print on from the list, or give its ID.',
			),
		)?.id;
		out.productId = productId;
	}
	const amount = check(() => positiveInt(value.amount, 'Amount', `${path}.amount`, AMOUNT_HINT));
	out.amount = amount;
	if (!isBlank(value.assignedColor) || !sku) {
		assignedColor = check(() =>
			chosenId(
				value.assignedColor,
				'Color',
				`${path}.assignedColor`,
				"Pick one of the product's colors from the list (choose the Product first).",
			),
		);
		out.assignedColor = assignedColor;
	}
	if (!isBlank(value.assignedSize) || !sku) {
		assignedSize = check(() =>
			chosenId(
				value.assignedSize,
				'Size',
				`${path}.assignedSize`,
				'Pick one of the sizes offered for the chosen color (choose the Color first).',
			),
		);
		out.assignedSize = assignedSize;
	}
	if (sku) out.sku = sku;
	const compositionsPath = `${path}.compositions`;
	const compositions = (
		check(() =>
			membersOf(value.compositions, 'creatorse_composition', 'Compositions', compositionsPath),
		) ?? []
	).map((composition, c) =>
		normaliseComposition(
			composition,
			`${compositionsPath}.creatorse_composition[${c}]`,
			problems,
			names.composition(index, c),
			(e) => names.element(index, c, e),
		),
	);
	// No compositions: a plain base product (contract).
	out.compositions = { creatorse_composition: compositions };
	for (const [key, extra] of Object.entries(value)) {
		if (!DESIGN_KEYS.has(key) && extra !== undefined) out[key] = extra;
	}
	const variant =
		productId !== undefined && assignedColor && assignedSize && amount !== undefined
			? {
					designIndex: index,
					productId,
					assignedColorId: assignedColor.id,
					assignedSizeId: assignedSize.id,
					amount,
				}
			: undefined;
	return { body: out, variant };
}
