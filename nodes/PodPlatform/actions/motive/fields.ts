/** Fields and paths the motive operations share. */

import type { INodeProperties } from 'n8n-workflow';

import type { PlainObject } from '../../../shared/values';
import { idLocator } from '../common/locators';
import { binaryPropertyField as binaryPropertyFieldOf } from '../common/fields';
import { idParameter, itemShopPath } from '../common/scope';
import type { RunScope } from '../runScope';

/**
 * Motive types a motive can be given (field notes, Motives). The service also knows `UNDEFINED`,
 * a type it reports but that describes no artwork, so it is never offered.
 */
export const MOTIVE_TYPES = [
	{ name: 'High Resolution Bitmap', value: 'HIGH_RESOLUTION_BITMAP' },
	{ name: 'Vector', value: 'VECTOR' },
	{ name: 'High Density Vector', value: 'HIGH_DENSITY_VECTOR' },
	{ name: 'User Bitmap', value: 'USER_BITMAP' },
	{ name: 'Direct Data File', value: 'DIRECT_DATA_FILE' },
];

/** The motive to work on: searched in the shop's catalog by name, by ID, or by its URL. */
export const motiveIdField: INodeProperties = idLocator({
	displayName: 'Motive',
	name: 'motiveId',
	searchListMethod: 'searchMotives',
	noun: 'motive',
	placeholderId: '5001',
	urlSegment: 'motives',
});

export const motiveTypeField: INodeProperties = {
	displayName: 'Type',
	name: 'type',
	type: 'options',
	options: MOTIVE_TYPES,
	default: 'HIGH_RESOLUTION_BITMAP',
	description: 'Kind of artwork; uploaded JPEG and PNG files are high resolution bitmaps',
};

export const binaryPropertyField = binaryPropertyFieldOf('JPEG or PNG file');

/**
 * The list offers the print technologies the shop's products expect (`getPrintTechnologies`), so
 * it stays empty until a shop is chosen; the hint explains so, as the order forms' lists do.
 */
const PRINT_TECHNOLOGY_HINT =
	"The print technologies the shop's products take appear here once a shop is set above";

export const printTechnologyIdField: INodeProperties = {
	displayName: 'Print Technology Name or ID',
	name: 'printTechnologyId',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getPrintTechnologies', loadOptionsDependsOn: ['shop.value'] },
	default: '',
	required: true,
	description:
		'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	hint: PRINT_TECHNOLOGY_HINT,
};

/**
 * Several print technologies at once. The name stays `printTechnologyId`, so a workflow saved
 * with one ID or a comma-separated list of IDs keeps working (see `technologyIdsOf`).
 */
export const printTechnologyIdsField: INodeProperties = {
	displayName: 'Print Technology Names or IDs',
	name: 'printTechnologyId',
	type: 'multiOptions',
	typeOptions: { loadOptionsMethod: 'getPrintTechnologies', loadOptionsDependsOn: ['shop.value'] },
	default: [],
	required: true,
	description:
		'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	hint: PRINT_TECHNOLOGY_HINT,
};

/** The print technology IDs of a value: a list, one ID, or IDs separated by commas. */
export function technologyIdsOf(value: unknown): string[] {
	const entries = Array.isArray(value) ? value : String(value ?? '').split(',');
	return [...new Set(entries.map((entry) => String(entry ?? '').trim()).filter(Boolean))];
}

/** `.../shops/{shopId}/motives`. */
export async function motivesPath(run: RunScope, itemIndex: number): Promise<string> {
	return `${await itemShopPath(run, itemIndex)}/motives`;
}

/** `.../shops/{shopId}/motives/{motiveId}` for the Motive ID of this item. */
export async function motivePath(run: RunScope, itemIndex: number): Promise<string> {
	const motiveId = idParameter(run, 'motiveId', 'Motive ID', itemIndex);
	return `${await motivesPath(run, itemIndex)}/${motiveId}`;
}

export function motiveIdOf(record: PlainObject): string {
	return record.id === undefined || record.id === null ? '' : String(record.id);
}
