/**
 * Submit's guided form as plain values (what the fields hold, binary motives already read) and
 * its translation into the deferred body, checked exactly as a JSON body would be. Problems are
 * named by the form's own places: "Design 1 › Print 2", whichever composition the print joins.
 */

import type { PlainObject } from '../../../../shared/values';
import { headerBody } from '../payloads/orderHeader';
import type { OrderHeaderForm } from '../payloads/orderHeader';
import { isBlank } from '../../../../shared/values';
import { optionalText } from '../payloads/orderValues';
import { placeName } from '../payloads/problems';
import { groupByPrintArea } from '../payloads/printAreas';
import { validateDeferredOrder } from './deferredOrder';
import type { CheckOptions } from './deferredOrder';
import type { DeferredOrder, DesignWords, OrderNames } from './types';
import { newReferences, noteDesign } from './references';
import type { OrderReferences } from '../../common/catalog/types';

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

/** The compositions of one design and, for each, the form's index of every print in it. */
interface Grouped {
	compositions: PlainObject[];
	printsOf: number[][];
}

const printAreaKey = (print: FormPrint) => String(print.printAreaId ?? '').trim() || undefined;

/** Prints of one design as compositions, by the order forms' rule (printAreas.ts). */
function compositionsOf(prints: FormPrint[]): Grouped {
	const groups = groupByPrintArea(prints, printAreaKey);
	return {
		compositions: groups.map((group) => ({
			productArea: { id: group[0].print.printAreaId },
			elements: group.map(({ print }) => elementBody(print)),
		})),
		printsOf: groups.map((group) => group.map(({ index }) => index)),
	};
}

/** The form parameters of the order's head, by the wire path of a value. */
const HEAD_PARAMETERS: Array<[RegExp, (match: RegExpExecArray) => string]> = [
	[/^uniqueId$/, () => 'uniqueId'],
	[/^financialStatus$/, () => 'financialStatus'],
	[/^country\b/, () => 'country'],
	[/^customer\.(shipping|billing)Address\.(\w+)/, (m) => `${m[1]}Address.address.${m[2]}`],
	[/^customer\.(firstName|lastName|email|phone)$/, (m) => `customer.${m[1]}`],
	[/^orderShipping\.carrier\b/, () => 'carrierId'],
	[/^orderShipping\.title\b/, () => 'shippingTitle'],
];

/** A design's fields, by the rest of the wire path after the design. */
const DESIGN_PARAMETERS: Array<[RegExp, string]> = [
	[/^\.(productId|sku)\b/, 'productId'],
	[/^\.assignedColor\b/, 'assignedColorId'],
	[/^\.assignedSize\b/, 'assignedSizeId'],
	[/^\.amount\b/, 'amount'],
	[/^\.variant\b/, 'variant'],
];

/** A print's fields, by the rest of the wire path after its element. */
const PRINT_PARAMETERS: Array<[RegExp, (match: RegExpExecArray) => string]> = [
	[/^\.creatorse_designElementMotive\.motive\b/, () => 'motiveId'],
	[/^\.creatorse_designElementMotive\.url\b/, () => 'url'],
	[/\.productionResource\.url\b/, () => 'productionUrl'],
	[/\.productionResource\.filename\b/, () => 'productionFilename'],
	[/\.previewResource\.url\b/, () => 'previewUrl'],
	[/^\.creatorse_designElementDecoration\.sku\b/, () => 'decorationSku'],
	[/\.position\.(\w+)/, (m) => m[1]],
];

const DESIGN_PATH =
	/^designs\.creatorse_design\[(\d+)\](?:\.compositions\.creatorse_composition\[(\d+)\](?:\.elements\[(\d+)\])?)?(.*)$/;

/**
 * The form parameters a wire path's value came from: a field of the head, of a design, or of the
 * prints of a composition. None where the form has no one field for it.
 */
function parametersOf(path: string, printsByDesign: number[][][], places: FormPlaces): string[] {
	const design = DESIGN_PATH.exec(path);
	if (!design) {
		const head = HEAD_PARAMETERS.find(([pattern]) => pattern.test(path));
		return head ? [head[1](head[0].exec(path) as RegExpExecArray)] : [];
	}
	const [, d, c, e, rest] = design;
	const base = places.designParameter(Number(d));
	if (c === undefined) {
		const field = DESIGN_PARAMETERS.find(([pattern]) => pattern.test(rest));
		return field && base !== undefined ? [`${base}.${field[1]}`] : [];
	}
	const prints = (printsByDesign[Number(d)]?.[Number(c)] ?? []).map((p) =>
		places.printParameter(Number(d), p),
	);
	if (e === undefined)
		return /^\.productArea\b/.test(rest) ? prints.map((print) => `${print}.printAreaId`) : [];
	const print = prints[Number(e)];
	const field = PRINT_PARAMETERS.find(([pattern]) => pattern.test(rest));
	return print && field ? [`${print}.${field[1](field[0].exec(rest) as RegExpExecArray)}`] : [];
}

/** Where a design's values and its prints are in the form's parameters. */
interface FormPlaces {
	/** The parameter of a design's own fields; undefined where they are no form field. */
	designParameter(designIndex: number): string | undefined;
	printParameter(designIndex: number, printIndex: number): string;
}

/** Names in the form's words: each composition is the prints that went into it. */
function formNames(
	printsByDesign: number[][][],
	designName: (designIndex: number) => string,
	places: FormPlaces,
): OrderNames {
	const design = designName;
	const printNumbers = (d: number, c: number) => (printsByDesign[d]?.[c] ?? []).map((p) => p + 1);
	return {
		parameters: (path) => parametersOf(path, printsByDesign, places),
		showPaths: false,
		design,
		composition: (d, c) => {
			const numbers = printNumbers(d, c);
			return placeName(
				design(d),
				numbers.length === 1 ? `Print ${numbers[0]}` : `Prints ${numbers.join(', ')}`,
			);
		},
		element: (d, c, e) => placeName(design(d), `Print ${printNumbers(d, c)[e] ?? e + 1}`),
	};
}

/** How the guided form is checked besides its own values. */
export interface FormCheck extends Pick<CheckOptions, 'resolver' | 'problems' | 'subject'> {
	/** The form's name of each design; "Design 1", ... by default. */
	designName?: (designIndex: number) => string;
	/**
	 * The form parameter of each design; `designs.design[0]`, ... by default; undefined where a
	 * design's values come from no field (a storefront order's lines).
	 */
	designParameter?: (designIndex: number) => string | undefined;
	/** The form parameter of a design's print; `<design's parameter>.prints.print[0]` by default. */
	printParameter?: (designIndex: number, printIndex: number) => string;
}

/** A design's words as the check gives them to the resolver: blank ones as empty text. */
function wordsOf(design: FormDesign): DesignWords {
	return {
		sku: design.sku === undefined ? undefined : (optionalText(design.sku) ?? ''),
		productName:
			design.productName === undefined ? undefined : (optionalText(design.productName) ?? ''),
		variant: design.variant,
		...(design.storeLine ? { storeLine: true } : {}),
	};
}

/** The motive a print names by name, as the check gives it to the resolver. */
function motiveNameOf(print: FormPrint): string | undefined {
	const { element } = print;
	return element.type === 'libraryMotive' && !isBlank(element.motiveName)
		? optionalText(element.motiveName)
		: undefined;
}

/**
 * What the form names of the catalog (products by ID, SKU or name, motives by name), noted from
 * its values in the order the check meets them, without checking it: what `buildDeferredOrder`
 * would give a resolver. Designs that share one list of prints (a storefront order's lines) have
 * its motives noted once.
 */
export function formReferences(form: DeferredOrderForm): OrderReferences {
	const references = newReferences();
	const seen = new Set<FormPrint[]>();
	for (const design of form.designs) {
		const { sku, productName } = wordsOf(design);
		noteDesign(references, { productId: design.productId, sku, productName });
		if (seen.has(design.prints)) continue;
		seen.add(design.prints);
		for (const group of groupByPrintArea(design.prints, printAreaKey)) {
			for (const { print } of group) {
				const name = motiveNameOf(print);
				if (name) references.motiveNames.add(name);
			}
		}
	}
	return references;
}

/** The guided form in wire form, checked exactly as a JSON body would be. */
export function buildDeferredOrder(form: DeferredOrderForm, check: FormCheck = {}): DeferredOrder {
	// Designs that share one list of prints (a storefront order's lines) share its compositions:
	// the check only reads them.
	const groupedOnce = new Map<FormPrint[], Grouped>();
	const grouped = form.designs.map((design) => {
		let compositions = groupedOnce.get(design.prints);
		if (!compositions) {
			compositions = compositionsOf(design.prints);
			groupedOnce.set(design.prints, compositions);
		}
		return compositions;
	});
	const body: PlainObject = {
		...headerBody(form),
		financialStatus: form.financialStatus,
		designs: {
			creatorse_design: form.designs.map((design, d) => ({
				productId: design.productId,
				amount: design.amount,
				assignedColor: { id: design.assignedColorId },
				assignedSize: { id: design.assignedSizeId },
				compositions: { creatorse_composition: grouped[d].compositions },
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
	const designName = check.designName ?? ((d: number) => `Design ${d + 1}`);
	const designParameter = check.designParameter ?? ((d: number) => `designs.design[${d}]`);
	return validateDeferredOrder(body, {
		...check,
		names: formNames(
			grouped.map((design) => design.printsOf),
			designName,
			{
				designParameter,
				printParameter:
					check.printParameter ?? ((d, p) => `${designParameter(d) ?? ''}.prints.print[${p}]`),
			},
		),
		words: form.designs.map(wordsOf),
	});
}
