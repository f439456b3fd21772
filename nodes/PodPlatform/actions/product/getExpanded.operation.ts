/**
 * Product → Get Expanded: the product with its colors, sizes, views, print areas, SKUs and prices,
 * through the shared Get.
 */

import { simplifyProduct } from '../../../shared/payloads/product';
import { getOneOperation } from '../common/getOne';
import { READ } from '../wordsForModel';
import { productLocator, productPath } from './fields';

export const getExpandedOperation = getOneOperation(
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
