/**
 * The template products of a deferred order: a ready-made product by ID or SKU, with the amount
 * and the assigned colour and size to produce, all required by the service.
 */

import { isPlainObject, isBlank } from '../../../../shared/values';
import type { PlainObject } from '../../../../shared/values';
import { InputError } from '../../../../shared/errors';
import { AMOUNT_HINT, idRef, optionalText, positiveInt } from '../payloads/orderValues';

/** Form labels of a template product's variant, as the Submit form shows them. */
const TEMPLATE_VARIANT_LABELS = { colour: 'Assigned Color ID', size: 'Assigned Size ID' } as const;

/**
 * The assigned colour or size of a template product: required, since the service refuses a
 * template product without them (the contract gives no fallback to the template's own colour).
 */
function templateVariant(
	value: unknown,
	label: string,
	variant: keyof typeof TEMPLATE_VARIANT_LABELS,
	path: string,
): { id: number } {
	const field = TEMPLATE_VARIANT_LABELS[variant];
	const hint = `Enter the ID of the assigned ${variant === 'colour' ? 'color' : 'size'} to produce, a whole number of at least 1: Product → Get Expanded lists the assigned ${variant === 'colour' ? 'colors' : 'sizes'} of the template's product. The service refuses a template product without it.`;
	if (isBlank(value) || (isPlainObject(value) && isBlank(value.id))) {
		throw new InputError(`${label} needs an ${field}`, hint, path);
	}
	return idRef(value, `${label}: ${field}`, path, hint);
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
	out.assignedColor = templateVariant(
		value.assignedColor,
		label,
		'colour',
		`${path}.assignedColor`,
	);
	out.assignedSize = templateVariant(value.assignedSize, label, 'size', `${path}.assignedSize`);
	return out;
}
