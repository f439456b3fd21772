/**
 * The template products of a deferred order: a ready-made product by ID or SKU and the amount,
 * and, where given, the assigned colour and size to produce.
 */

import { isPlainObject, isBlank } from '../../../../shared/values';
import type { PlainObject } from '../../../../shared/values';
import { InputError } from '../../../../shared/errors';
import { AMOUNT_HINT, idRef, optionalText, positiveInt } from '../payloads/orderValues';

/**
 * The assigned colour or size of a template product, or undefined when none is given. The
 * contract lists `assignedColor{id}` and `assignedSize{id}` without saying they are required, so
 * an order without them is sent as it is and the service decides; one that is given must be an
 * ID.
 */
function templateVariant(
	value: unknown,
	label: string,
	variant: 'colour' | 'size',
	path: string,
): { id: number } | undefined {
	if (isBlank(value) || (isPlainObject(value) && isBlank(value.id))) return undefined;
	const [field, one, many] =
		variant === 'colour'
			? ['Assigned Color ID', 'color', 'colors']
			: ['Assigned Size ID', 'size', 'sizes'];
	return idRef(
		value,
		`${label}: ${field}`,
		path,
		`Enter the ID of the assigned ${one} to produce, a whole number of at least 1, or leave it empty: Product → Get Expanded lists the assigned ${many} of the template's product.`,
	);
}

export function normaliseTemplate(value: unknown, index: number, path: string): PlainObject {
	const label = `Template Product ${index + 1}`;
	if (!isPlainObject(value)) {
		throw new InputError(
			`${label} must be an object`,
			'Give templateProductId or templateProductSku, and amount.',
			path,
		);
	}
	const out: PlainObject = {};
	const templateSku = optionalText(value.templateProductSku);
	if (!isBlank(value.templateProductId)) {
		out.templateProductId = positiveInt(
			value.templateProductId,
			`${label} template product ID`,
			`${path}.templateProductId`,
			'Enter the numeric ID of the template product.',
		);
	} else if (templateSku) {
		out.templateProductSku = templateSku;
	} else {
		throw new InputError(
			`${label} needs a template product ID or SKU`,
			'Give templateProductId or templateProductSku.',
			`${path}.templateProductId`,
		);
	}
	out.amount = positiveInt(value.amount, `${label} amount`, `${path}.amount`, AMOUNT_HINT);
	const colour = templateVariant(value.assignedColor, label, 'colour', `${path}.assignedColor`);
	if (colour) out.assignedColor = colour;
	const size = templateVariant(value.assignedSize, label, 'size', `${path}.assignedSize`);
	if (size) out.assignedSize = size;
	return out;
}
