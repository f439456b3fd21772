import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { PlainObject } from '../../shared/codec';
import { simplifyProduct } from '../../shared/payloads/product';
import { apiRequest } from '../../shared/transport';
import { currentShopPath } from '../actions/common/scope';

/** The expanded product chosen in the Product field of the node being edited. */
async function currentProduct(ctx: ILoadOptionsFunctions) {
	const productId = String(
		ctx.getNodeParameter('productId', undefined, { extractValue: true }) ?? '',
	).trim();
	if (!/^\d+$/.test(productId)) {
		throw new NodeOperationError(ctx.getNode(), 'Choose a product first', {
			description: 'The list depends on the product; pick the product above.',
		});
	}
	const answer = await apiRequest(ctx, {
		method: 'GET',
		path: `${await currentShopPath(ctx)}/products/expanded/${productId}`,
	});
	return simplifyProduct((answer?.data ?? {}) as PlainObject);
}

function option(name: unknown, id: unknown): INodePropertyOptions {
	return { name: `${String(name ?? 'Unnamed')} (${String(id)})`, value: String(id) };
}

export async function getAssignedColors(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return (await currentProduct(this)).colors.map((color) =>
		option(color.name, color.assignedColorId),
	);
}

export async function getAssignedSizes(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return (await currentProduct(this)).sizes.map((size) => option(size.name, size.assignedSizeId));
}

export async function getAssignedViews(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return (await currentProduct(this)).views.map((view) => ({
		name: String(view.position ?? view.name ?? view.assignedViewId),
		value: String(view.position ?? view.assignedViewId),
	}));
}

export async function getPrintAreas(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return (await currentProduct(this)).printAreas.map((area) =>
		option(area.name ?? area.view, area.productAreaId),
	);
}
export {
	getOrderDesignColors,
	getOrderDesignProducts,
	getOrderDesignSizes,
} from '../actions/order/loadOptions';
