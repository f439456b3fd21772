/** The Order resource: its operations in dropdown order, with Submit as the default. */

import type { ResourceDefinition } from '../types';
import { addProductOperation } from './addProduct.operation';
import { cancelOperation } from './cancel.operation';
import { commitOperation } from './commit.operation';
import { createOperation } from './create.operation';
import { discardOperation } from './discard.operation';
import { getOperation } from './get.operation';
import { getAllOperation } from './getAll.operation';
import { getCustomAttributesOperation } from './getCustomAttributes.operation';
import { getOrderedProductImageOperation } from './getOrderedProductImage.operation';
import { getOrderedProductsOperation } from './getOrderedProducts.operation';
import { getSessionOrderOperation } from './getSessionOrder.operation';
import { releaseOperation } from './release.operation';
import { sendToProductionOperation } from './sendToProduction.operation';
import { submitOperation } from './submit/submit.operation';

export const orderResource: ResourceDefinition = {
	name: 'Order',
	value: 'order',
	description: 'Print orders: submit, follow and manage',
	needsShop: true,
	defaultOperation: 'submit',
	toolDefaultOperation: 'get',
	operations: [
		submitOperation,
		createOperation,
		addProductOperation,
		commitOperation,
		sendToProductionOperation,
		cancelOperation,
		releaseOperation,
		discardOperation,
		getOperation,
		getAllOperation,
		getSessionOrderOperation,
		getOrderedProductsOperation,
		getCustomAttributesOperation,
		getOrderedProductImageOperation,
	],
};
