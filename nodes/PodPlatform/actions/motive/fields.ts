/** Fields and paths the motive operations share. */

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { Decoded, PlainObject } from '../../../shared/codec';
import { binaryPropertyField as binaryPropertyFieldOf } from '../common/fields';
import { idParameter, itemShopPath } from '../common/scope';
import type { RunScope } from '../runScope';

/** Motive types the service knows (field notes, Motives); `BITMAP` appears in filter examples. */
export const MOTIVE_TYPES = [
	{ name: 'High Resolution Bitmap', value: 'HIGH_RESOLUTION_BITMAP' },
	{ name: 'Vector', value: 'VECTOR' },
	{ name: 'High Density Vector', value: 'HIGH_DENSITY_VECTOR' },
	{ name: 'User Bitmap', value: 'USER_BITMAP' },
	{ name: 'Direct Data File', value: 'DIRECT_DATA_FILE' },
	{ name: 'Undefined', value: 'UNDEFINED' },
];

export const motiveIdField: INodeProperties = {
	displayName: 'Motive ID',
	name: 'motiveId',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. 5001',
	description: 'The numeric ID of the motive',
};

export const motiveTypeField: INodeProperties = {
	displayName: 'Type',
	name: 'type',
	type: 'options',
	options: MOTIVE_TYPES,
	default: 'HIGH_RESOLUTION_BITMAP',
	description: 'Kind of artwork; uploaded JPEG and PNG files are high resolution bitmaps',
};

export const binaryPropertyField = binaryPropertyFieldOf('JPEG or PNG file');

export const printTechnologyIdField: INodeProperties = {
	displayName: 'Print Technology ID',
	name: 'printTechnologyId',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. 11',
	description:
		'The print technology the target product expects (for example Digital Print); see the product’s print technologies',
};

/** `.../shops/{shopId}/motives`. */
export async function motivesPath(
	ctx: IExecuteFunctions,
	run: RunScope,
	itemIndex: number,
): Promise<string> {
	return `${await itemShopPath(ctx, run, itemIndex)}/motives`;
}

/** `.../shops/{shopId}/motives/{motiveId}` for the Motive ID of this item. */
export async function motivePath(
	ctx: IExecuteFunctions,
	run: RunScope,
	itemIndex: number,
): Promise<string> {
	const motiveId = idParameter(ctx, 'motiveId', 'Motive ID', itemIndex);
	return `${await motivesPath(ctx, run, itemIndex)}/${motiveId}`;
}

/** The record of an answer as item JSON (an empty answer gives an empty object). */
export function recordOf(answer: Decoded | undefined): IDataObject {
	return (answer?.data ?? {}) as IDataObject;
}

export function motiveIdOf(record: PlainObject): string {
	return record.id === undefined || record.id === null ? '' : String(record.id);
}
