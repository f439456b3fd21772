/**
 * Fields many operations share: Return All with Limit for every Get Many, the Input Binary Field of
 * an operation that reads a file, and Simplify.
 */

import type { INodeProperties } from 'n8n-workflow';

/** Return All + Limit, as every Get Many has them. */
export function paginationFields(): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
		},
	];
}

/** The Input Binary Field of an operation that reads a file; `holding` says what the file is. */
export function binaryPropertyField(holding: string): INodeProperties {
	return {
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: `The name of the input binary field holding the ${holding}`,
	};
}

/** A Simplify toggle for records with many fields. */
export const simplifyField: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
};
