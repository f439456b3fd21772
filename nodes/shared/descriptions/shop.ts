import type { INodeProperties } from 'n8n-workflow';

/**
 * The Shop field every node shows: picked from a list (the shared `searchShops` search), or given
 * by ID. The action node shows it for its shop-scoped operations, the triggers for the shop to watch.
 */
export const shopLocator: INodeProperties = {
	displayName: 'Shop',
	name: 'shop',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'The shop to work in',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchShops', searchable: true },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 1597',
			validation: [
				{
					type: 'regex',
					properties: { regex: '^\\d+$', errorMessage: 'A shop ID is a whole number' },
				},
			],
		},
	],
};
