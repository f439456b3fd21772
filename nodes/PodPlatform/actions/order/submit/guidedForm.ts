/**
 * Submit's guided form as plain values (what the fields hold, binary motives already read) read
 * into the order draft (draft.ts), which the guided form, One Item per Line and One Item per
 * Storefront Order all give. Every part is named in the form's words ("Design 1 › Print 2",
 * whichever composition the print joins) and every value by the form field it came from, so that
 * an AI tool's model is told the argument to fix.
 */

import type { PlainObject } from '../../../../shared/values';
import { headerBody } from '../payloads/orderHeader';
import type { OrderHeaderForm } from '../payloads/orderHeader';
import { isBlank } from '../../../../shared/values';
import { optionalText } from '../payloads/orderValues';
import { placeName } from '../payloads/problems';
import type { FieldPlace, Problem } from '../payloads/problems';
import { groupByPrintArea } from '../payloads/printAreas';
import type { DraftComposition, DraftDesign, DraftElement, OrderDraft } from './draft';

export type FormElement =
	| { type: 'libraryMotive'; motiveId?: unknown; motiveName?: unknown }
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
	/** The product by SKU: the product's own SKU or a variant SKU. */
	sku?: unknown;
	/** The product by its name as the shop lists it (any case). */
	productName?: unknown;
	/** The variant as the storefront gives it: "Black / M", or WooCommerce's meta_data. */
	variant?: unknown;
	assignedColorId: unknown;
	assignedSizeId: unknown;
	amount: unknown;
	prints: FormPrint[];
	/** A line of a storefront's order read whole (no form field holds its values). */
	storeLine?: boolean;
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

const ELEMENT = {
	motive: 'creatorse_designElementMotive',
	ddf: 'creatorse_designElementDdf',
	decoration: 'creatorse_designElementDecoration',
} as const;

/** A print's element in the contract's words, its key and content, with the form field of each value. */
function elementOf(
	print: FormPrint,
	parameter: string,
): Pick<DraftElement, 'key' | 'content'> & { fields: Record<string, FieldPlace> } {
	const field = (name: string): FieldPlace => ({ parameters: [`${parameter}.${name}`] });
	// A position's left, top, ... are fields of the print itself.
	const position = { parameters: [parameter], below: true };
	const body = elementBody(print);
	const [[key, content]] = Object.entries(body);
	const fields: Record<string, FieldPlace> = {
		[`${ELEMENT.motive}.motive`]: field('motiveId'),
		[`${ELEMENT.motive}.url`]: field('url'),
		[`${ELEMENT.motive}.position`]: position,
		[`${ELEMENT.ddf}.productionResource.url`]: field('productionUrl'),
		[`${ELEMENT.ddf}.productionResource.filename`]: field('productionFilename'),
		[`${ELEMENT.ddf}.previewResource.url`]: field('previewUrl'),
		[`${ELEMENT.ddf}.position`]: position,
		[`${ELEMENT.decoration}.sku`]: field('decorationSku'),
	};
	return { key, content, fields };
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
			return {
				creatorse_designElementMotive: withPlacement({
					motive: isBlank(element.motiveName)
						? { id: element.motiveId }
						: { name: element.motiveName },
				}),
			};
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

const printAreaKey = (print: FormPrint) => String(print.printAreaId ?? '').trim() || undefined;

/** How the form's parts are named and where their values are, besides the form's own values. */
export interface FormPlaces {
	/** The form's name of each design; "Design 1", ... by default. */
	designName?: (designIndex: number) => string;
	/**
	 * The form parameter of each design; `designs.design[0]`, ... by default; undefined where a
	 * design's values come from no field (a storefront order's lines).
	 */
	designParameter?: (designIndex: number) => string | undefined;
	/** The form parameter of a design's print; `<design's parameter>.prints.print[0]` by default. */
	printParameter?: (designIndex: number, printIndex: number) => string;
	/** The print's field that holds its print area: `printAreaId`, or a storefront's `printArea`. */
	printAreaField?: string;
	/** Problems found before (the lines of one order that disagree). */
	problems?: Problem[];
	/** What the error calls the order ("Order 1001", "Shopify order #1001 (shopify-…)"). */
	subject?: string;
}

/** The form fields of the order's head, by the key each fills in the contract's head. */
const HEAD_FIELDS: Record<string, FieldPlace> = {
	uniqueId: { parameters: ['uniqueId'] },
	financialStatus: { parameters: ['financialStatus'] },
	country: { parameters: ['country'] },
	'customer.shippingAddress': { parameters: ['shippingAddress.address'], below: true },
	'customer.billingAddress': { parameters: ['billingAddress.address'], below: true },
	...Object.fromEntries(
		['firstName', 'lastName', 'email', 'phone'].map((key) => [
			`customer.${key}`,
			{ parameters: [`customer.${key}`] },
		]),
	),
	'orderShipping.carrier': { parameters: ['carrierId'] },
	'orderShipping.title': { parameters: ['shippingTitle'] },
};

/** The form fields of a design's own values, by their key in the contract's design. */
function designFields(parameter: string | undefined): Record<string, FieldPlace> | undefined {
	if (parameter === undefined) return undefined;
	const field = (name: string): FieldPlace => ({ parameters: [`${parameter}.${name}`] });
	return {
		productId: field('productId'),
		sku: field('productId'),
		assignedColor: field('assignedColorId'),
		assignedSize: field('assignedSizeId'),
		amount: field('amount'),
		variant: field('variant'),
	};
}

/** Blank words as empty text, so that the check says which is empty. */
const wordOf = (value: unknown) => (value === undefined ? undefined : (optionalText(value) ?? ''));

/** A design's prints as compositions, by the order forms' rule (printAreas.ts). */
function compositionsOf(
	design: FormDesign,
	path: string,
	words: () => string,
	printParameter: (print: number) => string,
	areaField: string,
): DraftComposition[] {
	return groupByPrintArea(design.prints, printAreaKey).map((group, c) => {
		const at = `${path}.compositions.creatorse_composition[${c}]`;
		const numbers = group.map(({ index }) => index + 1);
		return {
			words: () =>
				placeName(
					words(),
					numbers.length === 1 ? `Print ${numbers[0]}` : `Prints ${numbers.join(', ')}`,
				),
			spot: {
				path: at,
				fields: {
					productArea: {
						parameters: group.map(({ index }) => `${printParameter(index)}.${areaField}`),
					},
				},
			},
			isObject: true,
			productArea: { id: group[0].print.printAreaId },
			elements: group.map(({ print, index }, e) => {
				const { key, content, fields } = elementOf(print, printParameter(index));
				const spot = `${at}.elements[${e}]`;
				return {
					words: () => placeName(words(), `Print ${numbers[e]}`),
					spot: { path: spot, fields },
					key,
					content,
				};
			}),
		};
	});
}

/** The guided form as an order draft, each value in its place. */
export function formDraft(form: DeferredOrderForm, places: FormPlaces = {}): OrderDraft {
	const designName = places.designName ?? ((d: number) => `Design ${d + 1}`);
	const designParameter = places.designParameter ?? ((d: number) => `designs.design[${d}]`);
	const printParameter =
		places.printParameter ??
		((d: number, p: number) => `${designParameter(d) ?? ''}.prints.print[${p}]`);
	const designs = form.designs.map((design, d): DraftDesign => {
		const path = `designs.creatorse_design[${d}]`;
		const words = () => designName(d);
		return {
			words,
			spot: { path, fields: designFields(designParameter(d)) },
			isObject: true,
			productId: design.productId,
			sku: wordOf(design.sku),
			skuSent: false,
			productName: wordOf(design.productName),
			variant: design.variant,
			color: { id: design.assignedColorId },
			size: { id: design.assignedSizeId },
			amount: design.amount,
			...(design.storeLine ? { storeLine: true } : {}),
			compositions: compositionsOf(
				design,
				path,
				words,
				(p) => printParameter(d, p),
				places.printAreaField ?? 'printAreaId',
			),
			extra: {},
		};
	});
	const head = headerBody(form);
	return {
		head: {
			uniqueId: head.uniqueId,
			financialStatus: form.financialStatus,
			country: head.country,
			customer: head.customer,
			orderShipping: head.orderShipping,
			extra: {},
			spot: { path: '', fields: HEAD_FIELDS },
		},
		designs,
		templates: form.templates.map((template) => ({
			templateProductId: template.templateProductId,
			templateProductSku: template.templateProductSku,
			amount: template.amount,
			assignedColor: isBlank(template.assignedColorId)
				? undefined
				: { id: template.assignedColorId },
			assignedSize: isBlank(template.assignedSizeId) ? undefined : { id: template.assignedSizeId },
		})),
		passthroughItems: { creatorse_passthroughItem: form.passthroughItems },
		showPaths: false,
		problems: places.problems ?? [],
		...(places.subject ? { subject: places.subject } : {}),
	};
}
