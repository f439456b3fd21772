/** Product → Get: the basic product (name, SKU, type), through the shared Get. */

import { simplifyProductSummary } from '../common/simplify/catalog';
import { getOneOperation } from '../common/getOne';
import { READ } from '../wordsForModel';
import { productLocator, productPath } from './fields';

export const getOperation = getOneOperation(
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
