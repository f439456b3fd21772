/**
 * Searchable lists of the action node's resource locators: the account's shops and, in the
 * chosen shop, its products, orders (newest first), motives, CSV imports and the user motives of
 * the credential's library. Until a shop is chosen, the lists under it are empty.
 */

import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import type { PlainObject } from '../../shared/values';
import { isPlainObject } from '../../shared/values';
import { chosenShopPath } from './chosen';
import type { SearchSpec } from '../../shared/methods/listSearch';
import { LISTED_AT_MOST, nameWithId, searchRecords } from '../../shared/methods/listSearch';
import { ServiceClient } from '../../shared/transport';

export { searchShops } from '../../shared/methods/listSearch';

/** A search in a collection of the chosen shop; nothing while no shop is chosen. */
async function searchInShop(
	ctx: ILoadOptionsFunctions,
	collection: string,
	spec: Omit<SearchSpec, 'path'>,
	filter: string | undefined,
): Promise<INodeListSearchResult> {
	const service = new ServiceClient(ctx);
	const shopPath = await chosenShopPath(ctx, service);
	if (shopPath === undefined) return { results: [] };
	return await searchRecords(service, { ...spec, path: `${shopPath}/${collection}` }, filter);
}

/** "#uniqueId · First Last (ID)": what a merchant knows an order by. */
function orderLabel(order: PlainObject): string {
	const customer = isPlainObject(order.customer) ? order.customer : {};
	const name = [customer.firstName, customer.lastName]
		.filter((part) => typeof part === 'string' && part.trim() !== '')
		.join(' ');
	const uniqueId = typeof order.uniqueId === 'string' && order.uniqueId ? order.uniqueId : 'Order';
	return `${uniqueId}${name ? ` · ${name}` : ''} (${String(order.id)})`;
}

/** "file.csv, 2024-05-01 (ID)". */
function csvImportLabel(record: PlainObject): string {
	const day = typeof record.createdDate === 'string' ? `, ${record.createdDate.slice(0, 10)}` : '';
	return `${String(record.fileName ?? 'Import')}${day} (${String(record.id)})`;
}

export async function searchProducts(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return await searchInShop(
		this,
		'products',
		{ root: 'productFilter', textProperties: ['name', 'sku'] },
		filter,
	);
}

export async function searchOrders(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return await searchInShop(
		this,
		'orders',
		{
			root: 'productionOrderFilter',
			textProperties: ['uniqueId', 'customer.firstName', 'customer.lastName', 'customer.email'],
			order: [
				{ property: 'created', direction: 'desc' },
				{ property: 'id', direction: 'desc' },
			],
			label: orderLabel,
		},
		filter,
	);
}

export async function searchMotives(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return await searchInShop(
		this,
		'motives',
		{ root: 'motiveFilter', textProperties: ['name'] },
		filter,
	);
}

export async function searchSharedProducts(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return await searchInShop(
		this,
		'sharedProducts',
		{ root: 'sharedProductFilter', textProperties: ['name'] },
		filter,
	);
}

export async function searchCsvImports(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return await searchInShop(
		this,
		'orderCsvImport',
		{
			root: 'productionOrderCsvImportFilter',
			textProperties: ['fileName'],
			order: [
				{ property: 'createdDate', direction: 'desc' },
				{ property: 'id', direction: 'desc' },
			],
			label: csvImportLabel,
		},
		filter,
	);
}

/**
 * The user motives of the library the credential opens. The service names no filter for them, so
 * the first page is read and searched here, by name or ID.
 */
export async function searchUserMotives(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const service = new ServiceClient(this);
	const shopPath = await chosenShopPath(this, service);
	if (shopPath === undefined) return { results: [] };
	const motives = await service.requestAllItems(
		{ method: 'GET', path: `${shopPath}/userMotives` },
		{ returnAll: false, limit: LISTED_AT_MOST },
	);
	const needle = (filter ?? '').trim().toLowerCase();
	const results = motives
		.map((motive) => ({ name: nameWithId(motive), value: String(motive.id) }))
		.filter((entry) => needle === '' || entry.name.toLowerCase().includes(needle));
	return { results };
}
