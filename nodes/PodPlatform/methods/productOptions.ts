/**
 * What a dropdown shows of one product: its colors, sizes, views and print areas. Colors and sizes
 * are limited to what can be ordered: a color with at least one available SKU, and the sizes that
 * have an available SKU in the chosen color. Used by the product fields
 * (loadOptions.ts) and the order forms (orderForm.ts) alike.
 */

import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { chosenShopPath, wholeNumberIdOf } from './chosen';
import { simplifyProduct } from '../../shared/payloads/product';
import { ServiceClient } from '../../shared/transport';
import { recordOf } from '../../shared/codec';

export type Product = ReturnType<typeof simplifyProduct>;

/** The expanded product a field names (an ID, a locator value), or undefined until it is set. */
export async function productOf(
	ctx: ILoadOptionsFunctions,
	productValue: unknown,
): Promise<Product | undefined> {
	const productId = wholeNumberIdOf(productValue);
	if (productId === undefined) return undefined;
	const service = new ServiceClient(ctx);
	const shopPath = await chosenShopPath(ctx, service);
	if (shopPath === undefined) return undefined;
	const answer = await service.request({
		method: 'GET',
		path: `${shopPath}/products/expanded/${productId}`,
	});
	return simplifyProduct(recordOf(answer));
}

/** Every dropdown entry reads "Name (ID)", so the ID can be checked against other data. */
export function option(name: unknown, id: unknown): INodePropertyOptions {
	return { name: `${String(name ?? 'Unnamed')} (${String(id)})`, value: String(id) };
}

function availableSkus(product: Product) {
	return product.skus.filter((sku) => sku.available !== false);
}

/** Colors that can be ordered in at least one size (every color, if the product lists no SKU). */
export function colorOptions(product: Product | undefined): INodePropertyOptions[] {
	if (!product) return [];
	const skus = availableSkus(product);
	const orderable = new Set(skus.map((sku) => String(sku.assignedColorId)));
	return product.colors
		.filter((color) => product.skus.length === 0 || orderable.has(String(color.assignedColorId)))
		.map((color) => option(color.name, color.assignedColorId));
}

/**
 * Sizes that can be ordered in the chosen color: those with an available SKU in it. Empty until a
 * color is chosen, so that no size is offered that the color lacks (every size, if the product
 * lists no SKU).
 */
export function sizeOptions(
	product: Product | undefined,
	colorValue: unknown,
): INodePropertyOptions[] {
	if (!product) return [];
	const colorId = wholeNumberIdOf(colorValue);
	if (product.skus.length > 0 && colorId === undefined) return [];
	const orderable = new Set(
		availableSkus(product)
			.filter((sku) => String(sku.assignedColorId) === colorId)
			.map((sku) => String(sku.assignedSizeId)),
	);
	return product.sizes
		.filter((size) => product.skus.length === 0 || orderable.has(String(size.assignedSizeId)))
		.map((size) => option(size.name, size.assignedSizeId));
}

/** The product's views by position (FRONT, BACK), where motives are placed. */
export function viewOptions(product: Product | undefined): INodePropertyOptions[] {
	return (product?.views ?? []).map((view) => ({
		name: String(view.position ?? view.name ?? view.assignedViewId),
		value: String(view.position ?? view.assignedViewId),
	}));
}

/**
 * A list with the field's current value as a first entry of its own when the list does not offer
 * it: the product (or color) changed after it was chosen, or it is no longer available. n8n keeps
 * such a value and goes on showing the old entry's label ("Black (2002)" on a hoodie); the order
 * forms' dropdowns allow arbitrary values (IDs and names by expression), so n8n does not mark it
 * either. The entry says the value is not offered and cannot be chosen; on a run Submit's Check
 * SKUs refuses it, and Add Product leaves it to the service. Only a fixed value of the list's kind
 * is marked (`isChoice`: an ID by default); an expression, a name (matched on a run) and an empty
 * field are left as they are, as is every list of no product.
 */
export function markLeftValue(
	options: INodePropertyOptions[],
	product: Product | undefined,
	current: unknown,
	offeredFor: string = String(product?.name ?? product?.id ?? ''),
	isChoice: (value: string) => boolean = (value) => wholeNumberIdOf(value) !== undefined,
): INodePropertyOptions[] {
	if (!product || (typeof current !== 'string' && typeof current !== 'number')) return options;
	const value = String(current);
	if (value.trim() === '' || value.startsWith('=') || !isChoice(value)) return options;
	if (options.some((entry) => String(entry.value) === value)) return options;
	return [
		{
			// The instruction first: a narrow field cuts the end of what it shows.
			name: `Choose again: ${value} is not offered for ${offeredFor}`,
			value,
			description:
				'Chosen before the product or color changed, or before it became unavailable; choose one of the entries below',
			disabled: true,
		},
		...options,
	];
}

/**
 * What a size is offered for: the product in the chosen color ("Hoodie in Navy"), or the product
 * alone while no color of it is chosen.
 */
export function productInColor(product: Product | undefined, colorValue: unknown): string {
	const colorId = wholeNumberIdOf(colorValue);
	const color = product?.colors.find((entry) => String(entry.assignedColorId) === colorId);
	const name = String(product?.name ?? product?.id ?? '');
	return color ? `${name} in ${String(color.name)}` : name;
}

export function printAreaOptions(product: Product | undefined): INodePropertyOptions[] {
	return (product?.printAreas ?? []).map((area) =>
		option(area.name ?? area.view, area.productAreaId),
	);
}
