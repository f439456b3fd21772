/**
 * The designs of a deferred order: a product with its colour, size and amount, and its prints
 * grouped into compositions, one per print area. Each checked design also names the product,
 * colour and size it orders, so the SKU check never reads the wire body again.
 */

import { isPlainObject } from '../../../../shared/codec';
import type { PlainObject } from '../../../../shared/codec';
import { InputError } from '../../../../shared/errors';
import {
	AMOUNT_HINT,
	idRef,
	membersOf,
	optionalText,
	positiveInt,
} from '../../../../shared/payloads/orderValues';
import { isBlank } from '../../../../shared/values';
import { normaliseElements } from './elements';

/** The product, colour and size one design orders: a pair the SKU check looks for. */
export interface DesignVariant {
	/** Where the design stands in the order, from 0. */
	designIndex: number;
	productId: number;
	assignedColorId: number;
	assignedSizeId: number;
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

function normaliseComposition(value: unknown, label: string, path: string): PlainObject {
	if (!isPlainObject(value)) {
		throw new InputError(`${label} must be an object`, 'Give productArea and elements.', path);
	}
	const productArea = idRef(
		value.productArea,
		`${label} print area ID`,
		`${path}.productArea`,
		'Pick the print area (product area) of the product, e.g. from Product → Get Expanded.',
	);
	const areaLabel = `${label.replace(/ composition \d+$/, '')} print area ${productArea.id}`;
	const elements = normaliseElements(value.elements, areaLabel, `${path}.elements`);
	return { productArea, elements };
}

export function normaliseDesign(value: unknown, index: number, path: string): CheckedDesign {
	const label = `Design ${index + 1}`;
	if (!isPlainObject(value)) {
		throw new InputError(
			`${label} must be an object`,
			'Give productId, amount, assignedColor and assignedSize.',
			path,
		);
	}
	const out: PlainObject = {};
	const sku = optionalText(value.sku);
	let productId: number | undefined;
	let assignedColor: { id: number } | undefined;
	let assignedSize: { id: number } | undefined;
	if (!isBlank(value.productId) || !sku) {
		productId = positiveInt(
			value.productId,
			`${label} product ID`,
			`${path}.productId`,
			'Pick the product to print on.',
		);
		out.productId = productId;
	}
	out.amount = positiveInt(value.amount, `${label} amount`, `${path}.amount`, AMOUNT_HINT);
	if (!isBlank(value.assignedColor) || !sku) {
		assignedColor = idRef(
			value.assignedColor,
			`${label} assigned colour`,
			`${path}.assignedColor`,
			"Pick one of the product's assigned colours.",
		);
		out.assignedColor = assignedColor;
	}
	if (!isBlank(value.assignedSize) || !sku) {
		assignedSize = idRef(
			value.assignedSize,
			`${label} assigned size`,
			`${path}.assignedSize`,
			"Pick one of the product's assigned sizes.",
		);
		out.assignedSize = assignedSize;
	}
	if (sku) out.sku = sku;
	const compositionsPath = `${path}.compositions`;
	const compositions = membersOf(
		value.compositions,
		'creatorse_composition',
		`${label} compositions`,
		compositionsPath,
	).map((composition, i) =>
		normaliseComposition(
			composition,
			`${label} composition ${i + 1}`,
			`${compositionsPath}.creatorse_composition[${i}]`,
		),
	);
	// No compositions: a plain base product (contract).
	out.compositions = { creatorse_composition: compositions };
	for (const [key, extra] of Object.entries(value)) {
		if (!DESIGN_KEYS.has(key) && extra !== undefined) out[key] = extra;
	}
	const variant =
		productId !== undefined && assignedColor && assignedSize
			? {
					designIndex: index,
					productId,
					assignedColorId: assignedColor.id,
					assignedSizeId: assignedSize.id,
				}
			: undefined;
	return { body: out, variant };
}
