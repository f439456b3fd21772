/**
 * One item's order as Submit reads it: the guided form field by field (a binary motive read from
 * the input item and checked by its content), or the Order JSON. Both end in the same check and
 * give the same typed deferred order.
 */

import type { IExecuteFunctions } from 'n8n-workflow';

import { parseJsonInput } from '../../../../shared/errors';
import { readBitmapFromBinary } from '../../../../shared/payloads/image';
import { isPlainObject } from '../../../../shared/codec';
import type { PlainObject } from '../../../../shared/codec';
import { optionalText } from '../../../../shared/payloads/orderValues';
import { locatorValue, placementOf, readHeaderForm } from '../common';
import { placeName } from '../../../../shared/payloads/problems';
import type { RunScope } from '../../runScope';
import { DEFERRED_ROOT, validateDeferredOrder } from './deferredOrder';
import type { DeferredOrder } from './deferredOrder';
import { buildDeferredOrder } from './guidedForm';
import type { Resolver } from './resolve';
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

async function readDesign(
	ctx: IExecuteFunctions,
	itemIndex: number,
	design: PlainObject,
	label: string,
): Promise<FormDesign> {
	const prints: FormPrint[] = [];
	for (const [p, print] of entriesOf(design.prints, 'print').entries()) {
		prints.push(await readPrint(ctx, itemIndex, print, placeName(label, `Print ${p + 1}`)));
	}
	const bySku = locatorMode(design.productId) === 'sku';
	return {
		productId: bySku ? '' : locatorValue(design.productId),
		sku: bySku ? (locatorValue(design.productId) ?? '') : undefined,
		variant: design.variant,
		assignedColorId: design.assignedColorId,
		assignedSizeId: design.assignedSizeId,
		amount: design.amount,
		prints,
	};
}

async function readGuidedForm(
	ctx: IExecuteFunctions,
	itemIndex: number,
): Promise<DeferredOrderForm> {
	const designs: FormDesign[] = [];
	const designEntries = entriesOf(ctx.getNodeParameter('designs', itemIndex, {}), 'design');
	for (const [d, design] of designEntries.entries()) {
		designs.push(await readDesign(ctx, itemIndex, design, `Design ${d + 1}`));
	}
	const templates: FormTemplate[] = entriesOf(
		ctx.getNodeParameter('templates', itemIndex, {}),
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
		...readHeaderForm(ctx, itemIndex),
		financialStatus: ctx.getNodeParameter('financialStatus', itemIndex, 'PAID') as string,
		designs,
		templates,
		passthroughItems: entriesOf(
			ctx.getNodeParameter('passthroughItems', itemIndex, {}),
			'item',
		).map(({ hue, ...item }) => ({ ...item, color: hue })),
	};
}

function readOrderJson(ctx: IExecuteFunctions, itemIndex: number): unknown {
	const raw = ctx.getNodeParameter('orderJson', itemIndex, '');
	return typeof raw === 'string' ? parseJsonInput(raw, 'Order JSON') : raw;
}

/**
 * One order as read from its input, not yet checked: `check` checks it with a resolver of its
 * names and SKUs (resolve.ts) and returns the typed deferred order, or throws every problem.
 */
export interface OrderInput {
	/** The storefront's order number, as given (what Exactly Once looks up). */
	uniqueId?: string;
	check(resolver: Resolver): DeferredOrder;
}

/** The order of this input item: its guided form or its Order JSON. */
export async function readOrderInput(
	ctx: IExecuteFunctions,
	run: RunScope,
	itemIndex: number,
): Promise<OrderInput> {
	if (run.parameter<string>('inputMode', itemIndex, 'form') === 'json') {
		const input = readOrderJson(ctx, itemIndex);
		const body = isPlainObject(input) ? (input[DEFERRED_ROOT] ?? input) : undefined;
		return {
			uniqueId: isPlainObject(body) ? optionalText(body.uniqueId) : undefined,
			check: (resolver) => validateDeferredOrder(input, { resolver }),
		};
	}
	const form = await readGuidedForm(ctx, itemIndex);
	return {
		uniqueId: optionalText(form.uniqueId),
		check: (resolver) => buildDeferredOrder(form, { resolver }),
	};
}
