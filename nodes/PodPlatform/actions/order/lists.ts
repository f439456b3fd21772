/** The order lists: every one pages with Return All / Limit and takes its own filter type. */

import { simplifyOrder, simplifyOrderedProduct } from '../../../shared/simplify/order';
import { simplifyRecord } from '../../../shared/simplify/settings';
import { getManyOperation } from '../common/list';
import { itemShopPath } from '../common/scope';
import { orderedProductPath, orderPath } from './common';
import { orderIdField, orderedProductIdField } from './fields';

export const getAllOperation = getManyOperation(
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many orders',
		description: 'List the orders of the shop',
	},
	{
		filterRoot: 'productionOrderFilter',
		async path(itemIndex, run) {
			return `${await itemShopPath(this, run, itemIndex)}/orders`;
		},
		simplify: simplifyOrder,
	},
);

export const getOrderedProductsOperation = getManyOperation(
	{
		name: 'Get Ordered Products',
		value: 'getOrderedProducts',
		action: 'Get the ordered products of an order',
		description: 'List the items of an order',
	},
	{
		filterRoot: 'orderedProductFilter',
		extraFields: [orderIdField],
		async path(itemIndex, run) {
			return `${await orderPath(this, run, itemIndex)}/orderedProducts`;
		},
		simplify: simplifyOrderedProduct,
	},
);

export const getCustomAttributesOperation = getManyOperation(
	{
		name: 'Get Ordered Product Custom Attributes',
		value: 'getCustomAttributes',
		action: 'Get the custom attributes of an ordered product',
		description: 'List the key/value attributes stored with an item of an order',
	},
	{
		filterRoot: 'orderedProductCustomAttributeFilter',
		extraFields: [orderIdField, orderedProductIdField],
		async path(itemIndex, run) {
			return `${await orderedProductPath(this, run, itemIndex)}/customAttributes`;
		},
		simplify: simplifyRecord,
	},
);
