/**
 * One order as Submit reads it: an item's guided form field by field (a binary motive read from
 * the input item and checked by its content) or its Order JSON, the storefront lines of one
 * order, an item each (One Item per Line), or a storefront's whole order as its n8n node gives it
 * (One Item per Storefront Order). All end in the same check and give the same typed deferred
 * order.
 */

import type { IExecuteFunctions } from 'n8n-workflow';

import { parseJsonInput } from '../../../../shared/errors';
import { readBitmapFromBinary } from '../../common/image';
import { isPlainObject } from '../../../../shared/codec';
import type { PlainObject } from '../../../../shared/codec';
import { optionalText } from '../payloads/orderValues';
import { locatorValue, placementOf, readHeaderForm } from '../common';
import { placeName } from '../payloads/problems';
import type { Problem } from '../payloads/problems';
import type { RunScope } from '../../runScope';
import { DEFERRED_ROOT, validateDeferredOrder } from './deferredOrder';
import type { DeferredOrder, NothingToPrint, Resolver, StoreLineReport } from './types';
import { LINE_PRINTING } from './fields';
import { buildDeferredOrder, formReferences } from './guidedForm';
import { referencesOf } from './references';
import type { OrderReferences } from './references';
import { readStorefrontOrder, storefrontLabel } from './storefrontOrder';
import type { LineLeftOut, Storefront, StorefrontLine } from './storefrontOrder';
import type {
	DeferredOrderForm,
	FormDesign,
	FormElement,
	FormPrint,
	FormTemplate,
} from './guidedForm';

type Entries = Record<string, PlainObject[] | undefined>;

/** The entries of a fixed collection parameter (`{ design: [...] }`). */
function entriesOf(value: unknown, key: string): PlainObject[] {
	return ((value as Entries | undefined)?.[key] ?? []) as PlainObject[];
}

async function binaryMotive(
	ctx: IExecuteFunctions,
	itemIndex: number,
	property: string,
	label: string,
): Promise<FormElement> {
	const bitmap = await readBitmapFromBinary(ctx, itemIndex, property, label);
	return {
		type: 'inlineMotive',
		attachment: bitmap.data.toString('base64'),
		filename: bitmap.fileName,
	};
}

/** A locator's mode inside a collection (`{__rl, mode, value}`); undefined for a plain value. */
function locatorMode(value: unknown): unknown {
	return value !== null && typeof value === 'object' && '__rl' in value
		? (value as { mode?: unknown }).mode
		: undefined;
}

async function readPrint(
	ctx: IExecuteFunctions,
	itemIndex: number,
	print: PlainObject,
	label: string,
): Promise<FormPrint> {
	let element: FormElement;
	switch (print.elementType ?? 'libraryMotive') {
		case 'urlMotive':
			element = { type: 'urlMotive', url: print.url };
			break;
		case 'binaryMotive':
			element = await binaryMotive(
				ctx,
				itemIndex,
				String(print.binaryPropertyName || 'data'),
				label,
			);
			break;
		case 'ddf':
			element = {
				type: 'ddf',
				previewUrl: print.previewUrl,
				productionUrl: print.productionUrl,
				filename: print.productionFilename,
			};
			break;
		case 'decoration':
			element = { type: 'decoration', sku: print.decorationSku, placement: print.placement };
			break;
		default:
			element =
				locatorMode(print.motiveId) === 'name'
					? { type: 'libraryMotive', motiveName: locatorValue(print.motiveId) }
					: { type: 'libraryMotive', motiveId: locatorValue(print.motiveId) };
	}
	return {
		printAreaId: print.printAreaId,
		element,
		position: placementOf(print),
		layers: entriesOf(print.layers, 'layer'),
	};
}

async function readPrints(
	ctx: IExecuteFunctions,
	itemIndex: number,
	prints: PlainObject[],
	label: string,
): Promise<FormPrint[]> {
	const read: FormPrint[] = [];
	for (const [p, print] of prints.entries()) {
		read.push(await readPrint(ctx, itemIndex, print, placeName(label, `Print ${p + 1}`)));
	}
	return read;
}

async function readDesign(
	ctx: IExecuteFunctions,
	itemIndex: number,
	design: PlainObject,
	label: string,
): Promise<FormDesign> {
	const prints = await readPrints(ctx, itemIndex, entriesOf(design.prints, 'print'), label);
	// By SKU, By Name, or By Name or SKU: words the run looks up; otherwise an ID.
	const mode = locatorMode(design.productId);
	const words = mode === 'sku' || mode === 'name' || mode === 'nameOrSku';
	const value = words ? (locatorValue(design.productId) ?? '') : undefined;
	return {
		productId: words ? '' : locatorValue(design.productId),
		sku: mode === 'sku' || mode === 'nameOrSku' ? value : undefined,
		productName: mode === 'name' || mode === 'nameOrSku' ? value : undefined,
		variant: design.variant,
		assignedColorId: design.assignedColorId,
		assignedSizeId: design.assignedSizeId,
		amount: design.amount,
		prints,
	};
}

async function readGuidedForm(
	ctx: IExecuteFunctions,
	run: RunScope,
	itemIndex: number,
): Promise<DeferredOrderForm> {
	const designs: FormDesign[] = [];
	const designEntries = entriesOf(run.parameter('designs', itemIndex, {}), 'design');
	for (const [d, design] of designEntries.entries()) {
		designs.push(await readDesign(ctx, itemIndex, design, `Design ${d + 1}`));
	}
	const templates: FormTemplate[] = entriesOf(
		run.parameter('templates', itemIndex, {}),
		'template',
	).map((template) => {
		const reference = String(template.reference ?? '').trim();
		return {
			...(/^\d+$/.test(reference)
				? { templateProductId: reference }
				: { templateProductSku: reference }),
			amount: template.amount,
			assignedColorId: template.assignedColorId,
			assignedSizeId: template.assignedSizeId,
		};
	});
	return {
		...readHeaderForm((name, fallback) => run.parameter(name, itemIndex, fallback)),
		financialStatus: run.parameter('financialStatus', itemIndex, 'PAID') as string,
		designs,
		templates,
		passthroughItems: entriesOf(run.parameter('passthroughItems', itemIndex, {}), 'item').map(
			({ hue, ...item }) => ({ ...item, color: hue }),
		),
	};
}

function readOrderJson(run: RunScope, itemIndex: number): unknown {
	const raw = run.parameter('orderJson', itemIndex, '');
	return typeof raw === 'string' ? parseJsonInput(raw, 'Order JSON') : raw;
}

/**
 * One order as read from its input, not yet checked: `check` checks it with a resolver of its
 * names and SKUs (resolve.ts) and returns the typed deferred order, or throws every problem.
 */
export interface OrderInput {
	/** The storefront's order number, as given (what Exactly Once looks up). */
	uniqueId?: string;
	/**
	 * Whether the input holds nothing to print, known before the catalog is read: a storefront
	 * order all of whose lines are refunded. `check` then says so without a resolver's help.
	 */
	nothingToPrint?: boolean;
	/** The checked order; for a storefront's order none of whose lines is printed, why not. */
	check(resolver: Resolver): DeferredOrder | NothingToPrint;
	/**
	 * What the order names of the catalog, for the run to look up before any order is checked:
	 * what `check` would give its resolver.
	 */
	references(): OrderReferences;
}

/** The order fields every line of an order carries, with the form's names. */
const ORDER_FIELDS: Array<[keyof DeferredOrderForm, string]> = [
	['financialStatus', 'Financial Status'],
	['country', 'Country'],
	['customer', 'Customer'],
	['shippingAddress', 'Shipping Address'],
	['billingAddress', 'Billing Address'],
	['shippingTitle', 'Shipping Title'],
	['carrierId', 'Carrier'],
];

/** A value as compared between lines: blank parts left out, text trimmed, keys in order. */
function comparable(value: unknown): unknown {
	if (typeof value === 'string') return value.trim() || undefined;
	if (Array.isArray(value)) return value.map(comparable);
	if (value !== null && typeof value === 'object') {
		const entries = Object.entries(value)
			.map(([key, inner]) => [key, comparable(inner)] as const)
			.filter(([, inner]) => inner !== undefined && inner !== null)
			.sort(([a], [b]) => a.localeCompare(b));
		return entries.length ? Object.fromEntries(entries) : undefined;
	}
	return value ?? undefined;
}

/** "Line 3 (SKU TEE-CLASSIC-BLACK-M)": a line as the merchant knows it. */
function lineName(line: number, design: FormDesign | undefined): string {
	const sku = design && typeof design.sku === 'string' && design.sku.trim();
	return `Line ${line + 1}${sku ? ` (SKU ${sku})` : ''}`;
}

/** "Line 3 (SKU IPOD2008BLACK)", "Line 1 (Woo Single #1)": a store's line as its order shows it. */
function storeLineName(line: Pick<StorefrontLine, 'position' | 'sku' | 'title'>): string {
	const label = line.sku ? `SKU ${line.sku}` : line.title;
	return `Line ${line.position + 1}${label ? ` (${label})` : ''}`;
}

/** Whether the merchant chose lines of blank products (Print on Lines), rather than prints. */
function blankLinesChosen(run: RunScope, itemIndex: number): boolean {
	return (
		run.parameter<string>('linePrinting', itemIndex, LINE_PRINTING.prints) === LINE_PRINTING.blank
	);
}

const BLANK_FIX =
	'Add the print every line gets, or set Print on Lines to Nothing (Blank Products) if you sell plain products: an order of blank products is produced and charged like any other.';

/**
 * The lines of one order (One Item per Line): the order fields of its first item, and the
 * designs, template products and passthrough items of every item, each named by its line. A line
 * whose order fields differ from the first line's, that adds nothing, or whose design has no print
 * (unless the merchant chose blank products) is a problem of the order.
 */
async function readLines(
	ctx: IExecuteFunctions,
	run: RunScope,
	unit: number[],
	earlier: Problem[],
): Promise<OrderInput> {
	const lines: DeferredOrderForm[] = [];
	for (const itemIndex of unit) lines.push(await readGuidedForm(ctx, run, itemIndex));
	const [first] = lines;
	const problems = [...earlier];
	const placeOf: Array<{ line: number; design: number }> = [];
	const blank = blankLinesChosen(run, unit[0]);
	lines.forEach((line, l) => {
		const where = lineName(l, line.designs[0]);
		line.designs.forEach((design, d) => {
			placeOf.push({ line: l, design: d });
			if (blank || design.prints.length) return;
			problems.push({
				where: placeName(where, line.designs.length > 1 ? `Design ${d + 1}` : ''),
				message: 'has no print: the line would be printed blank',
				fix: BLANK_FIX.replace('the print every line gets', 'a Print to the Design'),
				parameters: [`designs.design[${d}].prints`],
			});
		});
		if (!line.designs.length && !line.templates.length && !line.passthroughItems.length) {
			problems.push({
				where,
				message: 'adds nothing to the order',
				fix: 'Add a Design to the form and map its Product from the line, for example By SKU {{ $json.line_items.sku }}.',
			});
		}
		if (l === 0) return;
		const differing = ORDER_FIELDS.filter(
			([key]) => JSON.stringify(comparable(line[key])) !== JSON.stringify(comparable(first[key])),
		).map(([, label]) => label);
		if (differing.length) {
			problems.push({
				where,
				message: `its ${differing.join(', ')} ${differing.length === 1 ? 'differs' : 'differ'} from line 1's`,
				fix: "Every line of an order carries the order's own fields (customer, addresses, country, shipping, financial status): map them from the order, which Split Out keeps beside each line with Include: All Other Fields.",
			});
		}
	});
	const form: DeferredOrderForm = {
		...first,
		designs: lines.flatMap((line) => line.designs),
		templates: lines.flatMap((line) => line.templates),
		passthroughItems: lines.flatMap((line) => line.passthroughItems),
	};
	const designName = (d: number) => {
		const { line, design } = placeOf[d];
		const ofLine = lines[line].designs;
		return placeName(
			lineName(line, ofLine[design]),
			ofLine.length > 1 ? `Design ${design + 1}` : '',
		);
	};
	const uniqueId = optionalText(first.uniqueId);
	return {
		uniqueId,
		references: () => formReferences(form),
		check: (resolver) =>
			buildDeferredOrder(form, {
				resolver,
				problems,
				designName,
				// Every line's item has the same parameters: a design's is its place in its line.
				designParameter: (d) => `designs.design[${placeOf[d].design}]`,
				...(uniqueId ? { subject: `Order ${uniqueId}` } : {}),
			}),
	};
}

/** Why a storefront line without a SKU is not printed, when its product name is no one product's. */
function unnamedLineReason(title: string, count: number): string | undefined {
	if (count === 1) return undefined;
	return count === 0
		? `it has no SKU, and no product of the shop is named "${title}"`
		: `it has no SKU, and ${count} products of the shop are named "${title}"`;
}

/** Each of the order's lines, printed or left out, in the store's order. */
function lineReports(printed: StorefrontLine[], leftOut: LineLeftOut[]): StoreLineReport[] {
	const known = (line: { sku?: string; title?: string }) => ({
		...(line.sku ? { sku: line.sku } : {}),
		...(line.title ? { title: line.title } : {}),
	});
	return [
		...printed.map((line) => ({
			line: line.position + 1,
			...known(line),
			printed: true,
			amount: line.amount,
			quantityFrom: line.quantityFrom,
		})),
		...leftOut.map((line) => ({
			line: line.position + 1,
			...known(line),
			printed: false,
			reason: line.reason,
		})),
	].sort((a, b) => a.line - b.line);
}

/**
 * A storefront's order as its n8n node gives it (One Item per Storefront Order): the head and the
 * lines by the storefront's documented paths (storefrontOrder.ts), no expression per field; every
 * line gets the form's one list of prints, and the form's Financial Status and Carrier. A line
 * without a SKU is printed where the shop has exactly one product of its name, and otherwise left
 * out; the output names every line left out, and why. Each line is named by its place among the
 * order's line items, as the merchant sees the order in the store.
 */
async function readStorefront(
	ctx: IExecuteFunctions,
	run: RunScope,
	itemIndex: number,
): Promise<OrderInput> {
	const storefront = run.parameter<Storefront>('storefront', itemIndex, 'shopify');
	const read = readStorefrontOrder(
		storefront,
		ctx.getInputData()[itemIndex]?.json,
		run.parameter('storeKey', itemIndex, ''),
	);
	const { header } = read;
	const blank = blankLinesChosen(run, itemIndex);
	// One list for every line: a binary motive is read once per order.
	const prints = blank
		? []
		: await readPrints(
				ctx,
				itemIndex,
				entriesOf(run.parameter('linePrints', itemIndex, {}), 'print').map(
					({ printArea, ...print }) => ({ ...print, printAreaId: printArea }),
				),
				'Line Prints',
			);
	const uniqueId = optionalText(header.uniqueId);
	const label = storefrontLabel(storefront);
	const subject = `${label} order ${read.name} (${uniqueId})`;
	const formOf = (lines: StorefrontLine[]): DeferredOrderForm => ({
		...header,
		financialStatus: run.parameter('financialStatus', itemIndex, 'PAID') as string,
		carrierId: run.parameter('carrierId', itemIndex, '') as string,
		designs: lines.map((line) => ({
			productId: '',
			...(line.sku ? { sku: line.sku } : { productName: line.title }),
			variant: line.variant,
			assignedColorId: '',
			assignedSizeId: '',
			amount: line.amount,
			prints,
			storeLine: true,
		})),
		templates: [],
		passthroughItems: [],
	});
	const nothing = (leftOut: LineLeftOut[]): NothingToPrint => ({
		nothingToPrint: true,
		uniqueId,
		storeOrder: { name: read.name, lines: lineReports([], leftOut) },
		message: `Nothing of ${label} order ${read.name} is printed: ${leftOut
			.map((line) => `${storeLineName(line)}: ${line.reason}`)
			.join('; ')}`,
	});
	return {
		uniqueId,
		nothingToPrint: read.lines.length === 0 && !read.refusal,
		references: () => formReferences(formOf(read.lines)),
		check(resolver) {
			const problems: Problem[] = [];
			if (read.refusal) problems.push(read.refusal);
			if (!blank && !prints.length && read.lines.length) {
				problems.push({
					where: 'Line Prints',
					message: 'no print is given: every line would be printed blank',
					fix: BLANK_FIX,
					parameters: ['linePrints'],
				});
			}
			const leftOut = [...read.leftOut];
			const lines = read.lines.filter((line) => {
				if (line.sku || !line.title) return true;
				const count = resolver.productsNamed(line.title);
				const reason = count === undefined ? undefined : unnamedLineReason(line.title, count);
				if (reason) leftOut.push({ ...line, reason });
				return !reason;
			});
			if (!lines.length && !problems.length) return nothing(leftOut);
			const order = buildDeferredOrder(formOf(lines), {
				resolver,
				problems,
				designName: (d) => storeLineName(lines[d]),
				// A line's own values come from no form field; its prints are the form's one list.
				designParameter: () => undefined,
				printParameter: (_, print) => `linePrints.print[${print}]`,
				subject,
			});
			return { ...order, storeOrder: { name: read.name, lines: lineReports(lines, leftOut) } };
		},
	};
}

/** Whether Submit reads each input item as a storefront's whole order. */
function readsStorefrontOrders(run: RunScope): boolean {
	return (
		run.parameter<string>('inputMode', 0, 'form') === 'form' &&
		run.parameter<string>('input', 0, 'order') === 'storefrontOrder'
	);
}

/** Whether Submit reads each input item as one storefront line (One Item per Line). */
export function readsLines(run: RunScope): boolean {
	return (
		run.parameter<string>('inputMode', 0, 'form') === 'form' &&
		run.parameter<string>('input', 0, 'order') === 'line'
	);
}

/**
 * The order of these input items: one item's guided form or Order JSON, or the lines of one
 * order (One Item per Line), with any problem found before (`earlier`) kept for its check.
 */
export async function readOrderInput(
	ctx: IExecuteFunctions,
	run: RunScope,
	unit: number[],
	earlier: Problem[] = [],
): Promise<OrderInput> {
	const [itemIndex] = unit;
	if (run.parameter<string>('inputMode', itemIndex, 'form') === 'json') {
		const input = readOrderJson(run, itemIndex);
		const body = isPlainObject(input) ? (input[DEFERRED_ROOT] ?? input) : undefined;
		return {
			uniqueId: isPlainObject(body) ? optionalText(body.uniqueId) : undefined,
			check: (resolver) => validateDeferredOrder(input, { resolver }),
			references: () => referencesOf((resolver) => validateDeferredOrder(input, { resolver })),
		};
	}
	if (readsLines(run)) return await readLines(ctx, run, unit, earlier);
	if (readsStorefrontOrders(run)) return await readStorefront(ctx, run, itemIndex);
	const form = await readGuidedForm(ctx, run, itemIndex);
	return {
		uniqueId: optionalText(form.uniqueId),
		check: (resolver) => buildDeferredOrder(form, { resolver }),
		references: () => formReferences(form),
	};
}
