/**
 * The Product resource: the Product field other operations share, and Get, Get Expanded, Get SKUs,
 * Get Many and Get Storefront Listing on the shop's configurable products.
 */

import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { idLocator } from '../common/locators';
import { simplifyProduct, orderableSkus } from '../../../shared/payloads/product';
import { simplifyProductSummary } from '../common/simplify/catalog';
import { getManyOperation } from '../common/list';
import { getOneOperation } from '../common/getOne';
import { idParameter, itemShopPath } from '../common/scope';
import type { OperationDefinition, ResourceDefinition } from '../types';
import type { RunScope } from '../runScope';
import { findOperation } from './find.operation';
import { getStorefrontListingOperation } from './getStorefrontListing.operation';
import { READ } from '../wordsForModel';

/** The product to work on: searched in the shop's catalog by name or SKU, by ID, or by its URL. */
export const productLocator: INodeProperties = idLocator({
	displayName: 'Product',
	name: 'productId',
	searchListMethod: 'searchProducts',
	noun: 'product',
	placeholderId: '1001',
	urlSegment: 'products',
});

async function productPath(run: RunScope, itemIndex: number, expanded = false): Promise<string> {
	const productId = idParameter(run, 'productId', 'Product ID', itemIndex);
	return `${await itemShopPath(run, itemIndex)}/products/${expanded ? 'expanded/' : ''}${productId}`;
}

const get = getOneOperation(
	{
		name: 'Get',
		value: 'get',
		action: 'Get a product',
		description: 'Get the basic product: name, SKU and type',
	},
	{
		fields: [productLocator],
		path: async (run, itemIndex) => await productPath(run, itemIndex),
		simplify: simplifyProductSummary,
		forModel: `Read one product's name, SKU and type by its ID. ${READ}`,
	},
);

const getExpanded = getOneOperation(
	{
		name: 'Get Expanded',
		value: 'getExpanded',
		action: 'Get an expanded product',
		description: 'Get the product with its colors, sizes, views, print areas, SKUs and prices',
	},
	{
		fields: [productLocator],
		path: async (run, itemIndex) => await productPath(run, itemIndex, true),
		simplify: simplifyProduct,
		forModel: `Read one product with its colors, sizes, print areas, SKUs and prices, by its ID. ${READ}`,
	},
);

const getSkus: OperationDefinition = {
	option: {
		name: 'Get SKUs',
		value: 'getSkus',
		action: 'Get the SKUs of a product',
		description: 'List the color and size pairs that can be ordered',
	},
	forModel: `List the color and size pairs of a product that can be ordered, by IDs. ${READ}`,
	fields: [
		productLocator,
		{
			displayName: 'Only Available',
			name: 'onlyAvailable',
			type: 'boolean',
			default: true,
			description: 'Whether to leave out SKUs the service marks as not available',
		},
	],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const records = await run.service.requestAllItems(
			{ method: 'GET', path: `${await productPath(run, itemIndex)}/sku`, itemIndex },
			{ returnAll: true },
		);
		const onlyAvailable = run.parameter('onlyAvailable', itemIndex, true) as boolean;
		return orderableSkus(records, onlyAvailable).map((sku) => ({
			json: { ...sku } as IDataObject,
		}));
	},
};

export const productResource: ResourceDefinition = {
	name: 'Product',
	value: 'product',
	description: 'Configurable products with colors, sizes, views and print areas',
	needsShop: true,
	defaultOperation: 'get',
	operations: [
		findOperation,
		get,
		getExpanded,
		getManyOperation(
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many products',
				description: 'List the products of the shop',
			},
			{
				filterRoot: 'productFilter',
				forModel: `List the products of the shop with their IDs, names and SKUs. ${READ}`,
				async path(itemIndex, run) {
					return `${await itemShopPath(run, itemIndex)}/products`;
				},
				simplify: simplifyProductSummary,
			},
		),
		getSkus,
		getStorefrontListingOperation,
	],
};
