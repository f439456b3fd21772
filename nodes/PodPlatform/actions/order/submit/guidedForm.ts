/**
 * Submit's guided form as plain values (what the fields hold, binary motives already read), and
 * `formDraft`, which reads them into the order draft (draft.ts) from the draft's pieces
 * (draftParts.ts): for the guided form, and for One Item per Line, whose lines' forms are one
 * order's. Every part is named in the form's words ("Design 1 › Print 2", whichever composition
 * the print joins) and every value by the form field it came from.
 */

import type { PlainObject } from '../../../../shared/values';
import { isBlank } from '../../../../shared/values';
import type { OrderHeaderForm } from '../payloads/orderHeader';
import type { Problem } from '../payloads/problems';
import type { OrderDraft } from './draft';
import { draftDesign, draftHead, formOrderDraft, wordOf } from './draftParts';
import type { FormPrint } from './formPrints';

export interface FormDesign {
	productId: unknown;
	/** The product by SKU: the product's own SKU or a variant SKU. */
	sku?: unknown;
	/** The product by its name as the shop lists it (any case). */
	productName?: unknown;
	/** The variant as the Variant field gives it: "Black / M", or WooCommerce's meta_data. */
	variant?: unknown;
	assignedColorId: unknown;
	assignedSizeId: unknown;
	amount: unknown;
	prints: FormPrint[];
}

export interface FormTemplate {
	templateProductId?: unknown;
	templateProductSku?: unknown;
	amount: unknown;
	assignedColorId?: unknown;
	assignedSizeId?: unknown;
}

/**
 * A template product's colour or size as the form gives it: empty, or the number field's default
 * 0, is none given (the service's template settles it).
 */
function formVariant(id: unknown): { id: unknown } | undefined {
	return isBlank(id) || Number(id) === 0 ? undefined : { id };
}

export interface DeferredOrderForm extends OrderHeaderForm {
	financialStatus?: unknown;
	designs: FormDesign[];
	templates: FormTemplate[];
	passthroughItems: PlainObject[];
}

/** How the form's designs are named and where their values are, besides the form's own values. */
export interface FormPlaces {
	/** The form's name of each design; "Design 1", ... by default. */
	designName?: (designIndex: number) => string;
	/** The form parameter of each design; `designs.design[0]`, ... by default. */
	designParameter?: (designIndex: number) => string;
	/** Problems found before (the lines of one order that disagree). */
	problems?: Problem[];
	/** What the error calls the order ("Order 1001"). */
	subject?: string;
}

/** The guided form as an order draft, each value in its place. */
export function formDraft(form: DeferredOrderForm, places: FormPlaces = {}): OrderDraft {
	const designName = places.designName ?? ((d: number) => `Design ${d + 1}`);
	const designParameter = places.designParameter ?? ((d: number) => `designs.design[${d}]`);
	const designs = form.designs.map((design, d) =>
		draftDesign(
			{
				productId: design.productId,
				sku: wordOf(design.sku),
				productName: wordOf(design.productName),
				variant: design.variant,
				color: { id: design.assignedColorId },
				size: { id: design.assignedSizeId },
				amount: design.amount,
			},
			design.prints,
			{
				index: d,
				words: () => designName(d),
				parameter: designParameter(d),
				printParameter: (p) => `${designParameter(d)}.prints.print[${p}]`,
				printAreaField: 'printAreaId',
			},
		),
	);
	return formOrderDraft(draftHead(form, form.financialStatus), designs, {
		templates: form.templates.map((template) => ({
			templateProductId: template.templateProductId,
			templateProductSku: template.templateProductSku,
			amount: template.amount,
			assignedColor: formVariant(template.assignedColorId),
			assignedSize: formVariant(template.assignedSizeId),
		})),
		passthroughItems: form.passthroughItems,
		problems: places.problems,
		subject: places.subject,
	});
}
