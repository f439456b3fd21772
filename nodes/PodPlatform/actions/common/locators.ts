/**
 * The one shape of a resource locator for a record the service numbers: picked From List (a
 * searchable list method), given By ID, or pasted By URL (the record's own `self` link, as the
 * service's answers carry it). Every mode reads back as the bare numeric ID, also with
 * `extractValue: true` on a value saved as a plain string.
 */

import type { INodeProperties } from 'n8n-workflow';

/** A record ID the service hands out: a whole number. */
export const NUMERIC_ID = '^\\d+$';

export interface LocatorSpec {
	displayName: string;
	name: string;
	/** The list search method of the From List mode. */
	searchListMethod: string;
	/** What one record is called in messages, for example "order". */
	noun: string;
	placeholderId: string;
	/**
	 * The path segment before the ID in the record's `self` link (for example `orders`), when the
	 * service gives the record one; adds the By URL mode.
	 */
	urlSegment?: string;
	description?: string;
}

/** The By URL pattern: the ID is the number right after the segment, whatever precedes it. */
function urlPattern(segment: string): string {
	return `^https?://.+/${segment}/(\\d+)(?:[/?#].*)?$`;
}

export function idLocator(spec: LocatorSpec): INodeProperties {
	const segment = spec.urlSegment;
	return {
		displayName: spec.displayName,
		name: spec.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		...(spec.description ? { description: spec.description } : {}),
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: spec.searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: `e.g. ${spec.placeholderId}`,
				validation: [
					{
						type: 'regex',
						properties: {
							regex: NUMERIC_ID,
							errorMessage: `A ${spec.noun} ID is a whole number`,
						},
					},
				],
			},
			...(segment
				? [
						{
							displayName: 'By URL',
							name: 'url',
							type: 'string' as const,
							placeholder: `e.g. https://…/accounts/387/shops/1597/${segment}/${spec.placeholderId}`,
							validation: [
								{
									type: 'regex' as const,
									properties: {
										regex: urlPattern(segment),
										errorMessage: `Not the address of a ${spec.noun}: it ends with /${segment}/<ID>`,
									},
								},
							],
							extractValue: { type: 'regex' as const, regex: urlPattern(segment) },
						},
					]
				: []),
		],
	};
}
