/**
 * One order as Submit reads it: an item's guided form field by field (a binary motive read from
 * the input item and checked by its content) or its Order JSON, the storefront lines of one
 * order, an item each (One Item per Line), or a storefront's whole order as its n8n node gives it
 * (One Item per Storefront Order). All end in the same check and give the same typed deferred
 * order.
 */

import type { IExecuteFunctions } from 'n8n-workflow';

import { parseJsonInput } from '../../common/jsonInput';
import type { PlainObject } from '../../../../shared/values';
import { optionalText } from '../payloads/orderValues';
import { locatorValue, readHeaderForm } from '../common';
import { placeName } from '../payloads/problems';
import type { Problem } from '../payloads/problems';
import type { RunScope } from '../../runScope';
import { jsonUniqueId, readOrderJson } from './deferredOrder';
import type { OrderDraft } from './draft';
import { isRefused, partsOf } from './draft';
import { entriesOf, locatorMode, readPrints } from './formPrints';
import { blankChosen, blankFix } from './printChoice';
import { formDraft } from './guidedForm';
import type { DeferredOrderForm, FormDesign, FormTemplate } from './guidedForm';
import { SUBMIT_INPUT, submitInput } from './input';
import { draftInput } from './orderInput';
import type { OrderInput } from './orderInput';
import { readStorefront } from './readStorefront';
import { printsOfSku } from './storefrontSkus';

async function readDesign(
	ctx: IExecuteFunctions,
	itemIndex: number,
	design: PlainObject,
	label: string,
): Promise<FormDesign> {
	// By SKU, By Name, or By Name or SKU: words the run looks up; otherwise an ID.
	const mode = locatorMode(design.productId);
	const words = mode === 'sku' || mode === 'name' || mode === 'nameOrSku';
	const value = words ? (locatorValue(design.productId) ?? '') : undefined;
	// A listing's SKU that names its motive prints that, whatever print the form gives every line.
	const sku = mode === 'sku' || mode === 'nameOrSku' ? value : undefined;
	const prints =
		printsOfSku(sku) ??
		(await readPrints(ctx, itemIndex, entriesOf(design.prints, 'print'), label));
	return {
		productId: words ? '' : locatorValue(design.productId),
		sku,
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

function orderJsonOf(run: RunScope, itemIndex: number): unknown {
	const raw = run.parameter('orderJson', itemIndex, '');
	return typeof raw === 'string' ? parseJsonInput(raw, 'Order JSON') : raw;
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
	const blank = blankChosen(run, unit[0]);
	lines.forEach((line, l) => {
		const where = lineName(l, line.designs[0]);
		line.designs.forEach((design, d) => {
			placeOf.push({ line: l, design: d });
			if (blank || design.prints.length) return;
			problems.push({
				where: placeName(where, line.designs.length > 1 ? `Design ${d + 1}` : ''),
				message: 'has no print: the line would be printed blank',
				fix: blankFix('a Print to the Design', 'Print on Lines'),
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
	const draft = formDraft(form, {
		problems,
		designName,
		// Every line's item has the same parameters: a design's is its place in its line.
		designParameter: (d) => `designs.design[${placeOf[d].design}]`,
		...(uniqueId ? { subject: `Order ${uniqueId}` } : {}),
	});
	return draftInput(() => draft, uniqueId);
}

/**
 * The guided form's designs without a print (One Item per Order), each a problem of the order
 * unless the merchant chose blank products: an order printed blank is paid like any other.
 */
function formDesignsWithoutPrint(form: DeferredOrderForm): Problem[] {
	return form.designs.flatMap((design, d) =>
		design.prints.length
			? []
			: [
					{
						where: `Design ${d + 1}`,
						message: 'has no print: it would be printed blank',
						fix: blankFix('a Print to the Design', 'Print on Designs'),
						parameters: [`designs.design[${d}].prints`],
					},
				],
	);
}

/**
 * An Order JSON's designs without a composition, each a problem of the order unless the merchant
 * chose blank products. A design or a list the reader could not take apart is left to the check,
 * which says why.
 */
function jsonDesignsWithoutPrint(draft: OrderDraft): OrderDraft {
	const problems = partsOf(draft.designs).flatMap((design) =>
		isRefused(design) || !design.isObject || !Array.isArray(design.compositions)
			? []
			: design.compositions.length
				? []
				: [
						{
							where: design.words(),
							message: 'has no composition: it would be printed blank',
							fix: blankFix(
								'its compositions (a productArea and the elements printed there)',
								'Print on Designs',
							),
							field: `${design.spot.path}.compositions`,
						},
					],
	);
	return { ...draft, problems: [...draft.problems, ...problems] };
}

/**
 * The order of these input items, by Submit's Input (input.ts): one item's guided form, Order JSON or
 * storefront order, or the lines of one order (One Item per Line), with any problem found before
 * (`earlier`) kept for its check.
 */
export async function readOrderInput(
	ctx: IExecuteFunctions,
	run: RunScope,
	unit: number[],
	earlier: Problem[] = [],
): Promise<OrderInput> {
	const [itemIndex] = unit;
	switch (submitInput(run)) {
		case SUBMIT_INPUT.json: {
			const input = orderJsonOf(run, itemIndex);
			const blank = blankChosen(run, itemIndex);
			return draftInput(() => {
				const draft = readOrderJson(input);
				return blank ? draft : jsonDesignsWithoutPrint(draft);
			}, jsonUniqueId(input));
		}
		case SUBMIT_INPUT.line:
			return await readLines(ctx, run, unit, earlier);
		case SUBMIT_INPUT.storefrontOrder:
			return await readStorefront(ctx, run, itemIndex);
		case SUBMIT_INPUT.order: {
			const form = await readGuidedForm(ctx, run, itemIndex);
			const problems = blankChosen(run, itemIndex) ? [] : formDesignsWithoutPrint(form);
			return draftInput(() => formDraft(form, { problems }), optionalText(form.uniqueId));
		}
	}
}
