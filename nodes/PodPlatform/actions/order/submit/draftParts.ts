/**
 * The pieces of an order draft (draft.ts) that the readers of a form build alike: the guided form
 * and One Item per Line (guidedForm.ts), and a storefront's order read whole (readStorefront.ts).
 * The head from the order's header, a design from its product, color, size and amount with its
 * compositions from a list of prints (formPrints.ts), and the draft from those. Every part is
 * named in the reader's words ("Design 1 › Print 2", "Line 3 (SKU TEE-BLK-M) › Print 1") and every
 * value by the form field it came from, so that an AI tool's model is told the argument to fix.
 */

import type { PlainObject } from '../../../../shared/values';
import { isBlank } from '../../../../shared/values';
import { headerBody } from '../payloads/orderHeader';
import type { OrderHeaderForm } from '../payloads/orderHeader';
import { optionalText } from '../payloads/orderValues';
import { placeName } from '../payloads/problems';
import type { FieldPlace, Problem } from '../payloads/problems';
import { groupByPrintArea } from '../payloads/printAreas';
import type { DraftComposition, DraftDesign, DraftElement, DraftHead, OrderDraft } from './draft';
import type { FormPrint } from './formPrints';

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

/** The order's head as a draft: the header in the contract's shape, with its financial status. */
export function draftHead(header: OrderHeaderForm, financialStatus: unknown): DraftHead {
	const head = headerBody(header);
	return {
		uniqueId: head.uniqueId,
		financialStatus,
		country: head.country,
		customer: head.customer,
		orderShipping: head.orderShipping,
		extra: {},
		spot: { path: '', fields: HEAD_FIELDS },
	};
}

/** Where a design stands in the draft, and which form fields hold its values. */
export interface DesignPlace {
	/** Its place among the order's designs, from 0: its wire path. */
	index: number;
	/** "Design 1", "Line 3 (SKU TEE-BLK-M)"; built when a problem is kept there. */
	words: () => string;
	/**
	 * The form parameter of its own values (`designs.design[0]`); undefined where no field holds
	 * them (a storefront order's lines).
	 */
	parameter: string | undefined;
	/** The form parameter of its print: `designs.design[0].prints.print[1]`, `linePrints.print[1]`. */
	printParameter: (print: number) => string;
	/** The print's field that holds its print area: `printAreaId`, or a storefront's `printArea`. */
	printAreaField: string;
}

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
export const wordOf = (value: unknown) =>
	value === undefined ? undefined : (optionalText(value) ?? '');

/** A design's prints as compositions, by the order forms' rule (printAreas.ts). */
function compositionsOf(prints: FormPrint[], path: string, place: DesignPlace): DraftComposition[] {
	const { words, printParameter } = place;
	return groupByPrintArea(prints, printAreaKey).map((group, c) => {
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
						parameters: group.map(
							({ index }) => `${printParameter(index)}.${place.printAreaField}`,
						),
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

/** A design's own values as the draft holds them: the product by ID, SKU or name, and the rest. */
export type DesignValues = Pick<
	DraftDesign,
	'productId' | 'sku' | 'productName' | 'variant' | 'color' | 'size' | 'amount' | 'storeLine'
>;

/** A design of the draft: its values, and its prints as compositions, each in its place. */
export function draftDesign(
	values: DesignValues,
	prints: FormPrint[],
	place: DesignPlace,
): DraftDesign {
	const path = `designs.creatorse_design[${place.index}]`;
	return {
		words: place.words,
		spot: { path, fields: designFields(place.parameter) },
		isObject: true,
		productId: values.productId,
		sku: values.sku,
		skuSent: false,
		productName: values.productName,
		variant: values.variant,
		color: values.color,
		size: values.size,
		amount: values.amount,
		...(values.storeLine ? { storeLine: true } : {}),
		compositions: compositionsOf(prints, path, place),
		extra: {},
	};
}

/** What a form's order is made of, besides its head and designs. */
export interface DraftRest {
	/** Template products as the contract writes them; none by default. */
	templates?: unknown[];
	/** Passthrough items as the contract writes them; none by default. */
	passthroughItems?: PlainObject[];
	/** Problems found before (the lines of one order that disagree). */
	problems?: Problem[];
	/** What the error calls the order ("Order 1001", "Shopify order #1001 (shopify-…)"). */
	subject?: string;
}

/** A form's order as a draft: nothing of it was written as the wire payload. */
export function formOrderDraft(
	head: DraftHead,
	designs: DraftDesign[],
	rest: DraftRest = {},
): OrderDraft {
	return {
		head,
		designs,
		templates: rest.templates ?? [],
		passthroughItems: { creatorse_passthroughItem: rest.passthroughItems ?? [] },
		showPaths: false,
		problems: rest.problems ?? [],
		...(rest.subject ? { subject: rest.subject } : {}),
	};
}
