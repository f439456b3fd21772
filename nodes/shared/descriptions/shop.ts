/**
 * The Shop field every node shows and the check of a shop ID, so the action node and both triggers
 * name a shop the same way.
 */

import type { INodeProperties } from 'n8n-workflow';

import { InputError } from '../errors';

/** A shop is named by its numeric ID. */
const SHOP_ID = /^\d+$/;

export function isShopId(value: string): boolean {
	return SHOP_ID.test(value);
}

/** The shop ID the Shop field holds (in any of its modes), refused unless it is a shop ID. */
export function checkedShopId(value: unknown): string {
	const shopId = String(value ?? '').trim();
	if (!isShopId(shopId)) {
		throw new InputError(
			`The Shop must be a shop ID, got "${shopId}"`,
			'Pick a shop from the list or enter its numeric ID.',
		);
	}
	return shopId;
}

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
					properties: { regex: SHOP_ID.source, errorMessage: 'A shop ID is a whole number' },
				},
			],
		},
	],
};
