/**
 * Resource mapper lists of the action node: the import file's columns for Build CSV's one item
 * per line mode, so each column can be mapped from the incoming item in the editor. The columns
 * come from the file's one table; nothing is asked of the service.
 */

import type { FieldType, ResourceMapperField, ResourceMapperFields } from 'n8n-workflow';

import type { CsvKind } from '../actions/csvImport/csv';
import { CSV_COLUMNS } from '../actions/csvImport/csv';

/**
 * The editor's input for each kind of column. Positions stay text since they may carry "%";
 * group ids stay text since any label groups lines.
 */
const FIELD_TYPES: Record<CsvKind, FieldType> = {
	groupId: 'string',
	text: 'string',
	integer: 'number',
	decimal: 'number',
	countryCode: 'string',
	email: 'string',
	url: 'url',
	position: 'string',
	boolean: 'boolean',
};

/**
 * The 54 columns in file order, keyed by camelCase name and labelled as every problem about them
 * names them, required where every order needs them.
 */
export async function getCsvColumns(): Promise<ResourceMapperFields> {
	const fields: ResourceMapperField[] = CSV_COLUMNS.map((column) => ({
		id: column.key,
		displayName: column.label,
		required: column.required !== undefined,
		defaultMatch: false,
		canBeUsedToMatch: false,
		display: true,
		type: FIELD_TYPES[column.kind],
	}));
	return { fields };
}
