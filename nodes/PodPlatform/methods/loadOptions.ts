/**
 * Dropdown options of the action node: the assigned colors, sizes, views and print areas of the
 * product chosen in the Product field. The order forms' lists are in orderForm.ts.
 */

import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { PlainObject } from '../../shared/codec';
import { simplifyProduct } from '../../shared/payloads/product';
import { ServiceClient } from '../../shared/transport';
import { currentShopPath } from '../actions/common/scope';

/** What a dropdown needs first, and where the user sets it. */
interface Prerequisite {
	message: string;
	description: string;
}

/** The expanded product with this ID, or a refusal saying to choose the product first. */
async function expandedProduct(
	ctx: ILoadOptionsFunctions,
	productId: unknown,
	missing: Prerequisite,
) {
	const id = String(productId ?? '').trim();
	if (!/^\d+$/.test(id)) {
		throw new NodeOperationError(ctx.getNode(), missing.message, {
			description: missing.description,
		});
	}
	const service = new ServiceClient(ctx);
	const answer = await service.request({
		method: 'GET',
		path: `${await currentShopPath(ctx, service)}/products/expanded/${id}`,
	});
	return simplifyProduct((answer?.data ?? {}) as PlainObject);
}

/** The expanded product chosen in the Product field of the node being edited. */
async function currentProduct(ctx: ILoadOptionsFunctions) {
	return await expandedProduct(
		ctx,
		ctx.getNodeParameter('productId', undefined, { extractValue: true }),
		{
			message: 'Choose a product first',
			description: 'The list depends on the product; pick the product above.',
		},
	);
}

/** Every dropdown entry reads "Name (ID)", so the ID can be checked against other data. */
function option(name: unknown, id: unknown): INodePropertyOptions {
	return { name: `${String(name ?? 'Unnamed')} (${String(id)})`, value: String(id) };
}

type Product = ReturnType<typeof simplifyProduct>;

function colorOptions(product: Product): INodePropertyOptions[] {
	return product.colors.map((color) => option(color.name, color.assignedColorId));
}

function sizeOptions(product: Product): INodePropertyOptions[] {
	return product.sizes.map((size) => option(size.name, size.assignedSizeId));
}

export async function getAssignedColors(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return colorOptions(await currentProduct(this));
}

export async function getAssignedSizes(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return sizeOptions(await currentProduct(this));
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
