import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { PlainObject } from '../../../shared/codec';
import { simplifyProduct } from '../../../shared/payloads/product';
import { apiRequest, apiRequestAllItems } from '../../../shared/transport';
import { currentShopPath } from '../common/scope';

/**
 * Dropdowns of Submit's design entries. They sit inside a fixed collection, so the product is
 * read relative to the entry being edited (`&productId`), not from a top-level field.
 */

const MAX_LISTED_PRODUCTS = 500;

export async function getOrderDesignProducts(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const products = await apiRequestAllItems(
		this,
		{ method: 'GET', path: `${await currentShopPath(this)}/products` },
		{ returnAll: false, limit: MAX_LISTED_PRODUCTS },
	);
	return products.map((product) => ({
		name: `${String(product.name ?? 'Unnamed')} (${String(product.id)})`,
		value: String(product.id),
	}));
}

async function designProduct(ctx: ILoadOptionsFunctions) {
	const productId = String(ctx.getCurrentNodeParameter('&productId') ?? '').trim();
	if (!/^\d+$/.test(productId)) {
		throw new NodeOperationError(ctx.getNode(), 'Choose the product of this design first', {
			description: 'The list depends on the product; pick it in the same design entry.',
		});
	}
	const answer = await apiRequest(ctx, {
		method: 'GET',
		path: `${await currentShopPath(ctx)}/products/expanded/${productId}`,
	});
	return simplifyProduct((answer?.data ?? {}) as PlainObject);
}

export async function getOrderDesignColors(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return (await designProduct(this)).colors.map((color) => ({
		name: `${String(color.name ?? 'Unnamed')} (${String(color.assignedColorId)})`,
		value: String(color.assignedColorId),
	}));
}

export async function getOrderDesignSizes(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return (await designProduct(this)).sizes.map((size) => ({
		name: `${String(size.name ?? 'Unnamed')} (${String(size.assignedSizeId)})`,
		value: String(size.assignedSizeId),
	}));
}
