/**
 * The Product resource: Find, Get, Get Expanded, Get Many, Get SKUs and Get Storefront Listing on
 * the shop's configurable products, each in its own file; the Product field in fields.ts.
 */

import type { ResourceDefinition } from '../types';
import { findOperation } from './find.operation';
import { getOperation } from './get.operation';
import { getAllOperation } from './getAll.operation';
import { getExpandedOperation } from './getExpanded.operation';
import { getSkusOperation } from './getSkus.operation';
import { getStorefrontListingOperation } from './getStorefrontListing.operation';

export const productResource: ResourceDefinition = {
	name: 'Product',
	value: 'product',
	description: 'Configurable products with colors, sizes, views and print areas',
	needsShop: true,
	defaultOperation: 'get',
	operations: [
		findOperation,
		getOperation,
		getExpandedOperation,
		getAllOperation,
		getSkusOperation,
		getStorefrontListingOperation,
	],
};
