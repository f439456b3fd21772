/**
 * A form's prints as Submit reads them, shared by the guided form, its lines and a storefront's
 * order (its one list of Line Prints): each print's element (a library motive by ID or name, a
 * URL, binary data read from the input item, a print-ready file, a decoration), its placement and
 * layers, as plain values (FormPrint) that draftParts.ts makes compositions of.
 */

import type { IExecuteFunctions } from 'n8n-workflow';

import type { PlainObject } from '../../../../shared/values';
import { readBitmapFromBinary } from '../../common/image';
import { locatorValue, placementOf } from '../common';
import { placeName } from '../payloads/problems';

export type FormElement =
	| { type: 'libraryMotive'; motiveId?: unknown; motiveName?: unknown }
	| { type: 'urlMotive'; url: unknown }
	| { type: 'inlineMotive'; attachment: string; filename: string }
	| { type: 'ddf'; previewUrl?: unknown; productionUrl: unknown; filename: unknown }
	| { type: 'decoration'; sku: unknown; placement?: unknown };

/** One print as read: where it goes (its print area as given), what, and how it is placed. */
export interface FormPrint {
	printAreaId: unknown;
	element: FormElement;
	position?: PlainObject;
	layers?: PlainObject[];
}

type Entries = Record<string, PlainObject[] | undefined>;

/** The entries of a fixed collection parameter (`{ design: [...] }`). */
export function entriesOf(value: unknown, key: string): PlainObject[] {
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
export function locatorMode(value: unknown): unknown {
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

export async function readPrints(
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
