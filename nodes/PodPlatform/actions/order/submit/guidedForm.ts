/**
 * Submit's guided form as plain values (what the fields hold, binary motives already read) and
 * its translation into the deferred body, checked exactly as a JSON body would be.
 */

import type { PlainObject } from '../../../../shared/codec';
import { headerBody } from '../../../../shared/payloads/orderHeader';
import type { OrderHeaderForm } from '../../../../shared/payloads/orderHeader';
import { isBlank } from '../../../../shared/values';
import { validateDeferredOrder } from './deferredOrder';
import type { DeferredOrder } from './deferredOrder';

export type FormElement =
	| { type: 'libraryMotive'; motiveId: unknown }
	| { type: 'urlMotive'; url: unknown }
	| { type: 'inlineMotive'; attachment: string; filename: string }
	| { type: 'ddf'; previewUrl?: unknown; productionUrl: unknown; filename: unknown }
	| { type: 'decoration'; sku: unknown; placement?: unknown };

export interface FormPrint {
	printAreaId: unknown;
	element: FormElement;
	position?: PlainObject;
	layers?: PlainObject[];
}

export interface FormDesign {
	productId: unknown;
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

export interface DeferredOrderForm extends OrderHeaderForm {
	financialStatus?: unknown;
	designs: FormDesign[];
	templates: FormTemplate[];
	passthroughItems: PlainObject[];
}

function elementBody(print: FormPrint): PlainObject {
	const { element } = print;
	const withPlacement = (content: PlainObject): PlainObject => {
		if (print.position && Object.keys(print.position).length) content.position = print.position;
		if (print.layers?.length) content.layers = { creatorse_designElementLayer: print.layers };
		return content;
	};
	switch (element.type) {
		case 'libraryMotive':
			return { creatorse_designElementMotive: withPlacement({ motive: { id: element.motiveId } }) };
		case 'urlMotive':
			return { creatorse_designElementMotive: withPlacement({ url: element.url }) };
		case 'inlineMotive':
			return {
				creatorse_designElementMotive: withPlacement({
					attachment: element.attachment,
					filename: element.filename,
				}),
			};
		case 'ddf': {
			const ddf: PlainObject = {};
			if (!isBlank(element.previewUrl)) ddf.previewResource = { url: element.previewUrl };
			ddf.productionResource = { url: element.productionUrl, filename: element.filename };
			if (print.position && Object.keys(print.position).length) ddf.position = print.position;
			return { creatorse_designElementDdf: ddf };
		}
		case 'decoration':
			return {
				creatorse_designElementDecoration: { sku: element.sku, placement: element.placement },
			};
	}
}

/** Prints of one design grouped into compositions by print area, in order of first mention. */
function compositionsOf(prints: FormPrint[]): PlainObject[] {
	const byArea = new Map<string, PlainObject[]>();
	const areas = new Map<string, unknown>();
	for (const print of prints) {
		const key = String(print.printAreaId ?? '').trim();
		if (!byArea.has(key)) {
			byArea.set(key, []);
			areas.set(key, print.printAreaId);
		}
		byArea.get(key)!.push(elementBody(print));
	}
	return [...byArea.entries()].map(([key, elements]) => ({
		productArea: { id: areas.get(key) },
		elements,
	}));
}

/** The guided form in wire form, checked exactly as a JSON body would be. */
export function buildDeferredOrder(form: DeferredOrderForm): DeferredOrder {
	const body: PlainObject = {
		...headerBody(form),
		financialStatus: form.financialStatus,
		designs: {
			creatorse_design: form.designs.map((design) => ({
				productId: design.productId,
				amount: design.amount,
				assignedColor: { id: design.assignedColorId },
				assignedSize: { id: design.assignedSizeId },
				compositions: { creatorse_composition: compositionsOf(design.prints) },
			})),
		},
		templates: {
			creatorse_designedTemplateProduct: form.templates.map((template) => ({
				templateProductId: template.templateProductId,
				templateProductSku: template.templateProductSku,
				amount: template.amount,
				assignedColor: isBlank(template.assignedColorId)
					? undefined
					: { id: template.assignedColorId },
				assignedSize: isBlank(template.assignedSizeId)
					? undefined
					: { id: template.assignedSizeId },
			})),
		},
		passthroughItems: { creatorse_passthroughItem: form.passthroughItems },
	};
	return validateDeferredOrder(body);
}
