/** Order → Get Ordered Products: the items of an order, through the shared Get Many. */

import { simplifyOrderedProduct } from '../../../shared/simplify/order';
import { getManyOperation } from '../common/list';
import { orderPath } from './common';
import { orderIdField } from './fields';

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
			return `${await orderPath(run, itemIndex)}/orderedProducts`;
		},
		simplify: simplifyOrderedProduct,
	},
);
