/**
 * One item's order as Submit reads it: the guided form field by field (a binary motive read from
 * the input item and checked by its content), or the Order JSON. Both end in the same check and
 * give the same typed deferred order.
 */

import type { IExecuteFunctions } from 'n8n-workflow';

import { parseJsonInput } from '../../../../shared/errors';
import { readBitmapFromBinary } from '../../../../shared/payloads/image';
import type { PlainObject } from '../../../../shared/codec';
import { locatorValue, placementOf, readHeaderForm } from '../common';
import { placeName } from '../../../../shared/payloads/problems';
import type { RunScope } from '../../runScope';
import { validateDeferredOrder } from './deferredOrder';
import type { DeferredOrder } from './deferredOrder';
import { buildDeferredOrder } from './guidedForm';
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
			element = { type: 'libraryMotive', motiveId: locatorValue(print.motiveId) };
	}
	return {
		printAreaId: print.printAreaId,
		element,
		position: placementOf(print),
		layers: entriesOf(print.layers, 'layer'),
	};
}

async function readGuidedForm(
	ctx: IExecuteFunctions,
	itemIndex: number,
): Promise<DeferredOrderForm> {
	const designs: FormDesign[] = [];
	const designEntries = entriesOf(ctx.getNodeParameter('designs', itemIndex, {}), 'design');
	for (const [d, design] of designEntries.entries()) {
		const prints: FormPrint[] = [];
		for (const [p, print] of entriesOf(design.prints, 'print').entries()) {
			prints.push(
				await readPrint(ctx, itemIndex, print, placeName(`Design ${d + 1}`, `Print ${p + 1}`)),
			);
		}
		designs.push({
			productId: locatorValue(design.productId),
			assignedColorId: design.assignedColorId,
			assignedSizeId: design.assignedSizeId,
			amount: design.amount,
			prints,
		});
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

/** The checked deferred order of this item, from the guided form or the JSON. */
export async function deferredOrderOf(
	ctx: IExecuteFunctions,
	run: RunScope,
	itemIndex: number,
): Promise<DeferredOrder> {
	const mode = run.parameter<string>('inputMode', itemIndex, 'form');
	if (mode === 'json') {
		const input = readOrderJson(ctx, itemIndex);
		return validateDeferredOrder(input);
	}
	const form = await readGuidedForm(ctx, itemIndex);
	return buildDeferredOrder(form);
}
