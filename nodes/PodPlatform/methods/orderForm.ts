/**
 * Every editor list the order forms need (Submit's guided form, Create Draft and Add Product):
 * countries, carriers, the motives of the shop, and the colors, sizes and print areas of the
 * product a design or the draft item names. A list whose prerequisite (shop, product, color) is
 * not chosen yet is empty, never an error, so the editor shows no "Error fetching options".
 */

import type {
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';

import type { PlainObject } from '../../shared/codec';
import { isShopId } from '../../shared/descriptions/shop';
import { matchingRecords } from '../../shared/methods/listSearch';
import { simplifyProduct } from '../../shared/payloads/product';
import { ServiceClient } from '../../shared/transport';

type Product = ReturnType<typeof simplifyProduct>;

/** A whole-number ID from a dropdown, a resource locator (`{__rl, value}`) or an expression. */
function wholeNumberId(value: unknown): string | undefined {
	const raw =
		value !== null && typeof value === 'object' && 'value' in value
			? (value as { value?: unknown }).value
			: value;
	const id = String(raw ?? '').trim();
	return /^\d+$/.test(id) ? id : undefined;
}

/** The path of the shop chosen in the node being edited; undefined until one is chosen. */
async function chosenShopPath(
	ctx: ILoadOptionsFunctions,
	service: ServiceClient,
): Promise<string | undefined> {
	const shop = String(ctx.getNodeParameter('shop', undefined, { extractValue: true }) ?? '').trim();
	return isShopId(shop) ? await service.shopPath(shop) : undefined;
}

/** The expanded product with this ID (colors, sizes, SKUs, print areas); undefined when unset. */
async function productOf(
	ctx: ILoadOptionsFunctions,
	productValue: unknown,
): Promise<Product | undefined> {
	const productId = wholeNumberId(productValue);
	if (!productId) return undefined;
	const service = new ServiceClient(ctx);
	const shopPath = await chosenShopPath(ctx, service);
	if (!shopPath) return undefined;
	const answer = await service.request({
		method: 'GET',
		path: `${shopPath}/products/expanded/${productId}`,
	});
	return simplifyProduct((answer?.data ?? {}) as PlainObject);
}

/** Every dropdown entry reads "Name (ID)", so the ID can be checked against other data. */
function option(name: unknown, id: unknown): INodePropertyOptions {
	return { name: `${String(name ?? 'Unnamed')} (${String(id)})`, value: String(id) };
}

/** Colors of the product that can be ordered in at least one size (all, if it lists no SKUs). */
function colorOptions(product: Product | undefined): INodePropertyOptions[] {
	if (!product) return [];
	const orderable = new Set(product.skus.map((sku) => String(sku.assignedColorId)));
	return product.colors
		.filter((color) => !product.skus.length || orderable.has(String(color.assignedColorId)))
		.map((color) => option(color.name, color.assignedColorId));
}

/** Sizes the product has a SKU for in the chosen color; empty until a color is chosen. */
function sizeOptions(product: Product | undefined, colorValue: unknown): INodePropertyOptions[] {
	const colorId = wholeNumberId(colorValue);
	if (!product || !colorId) return [];
	const inColor = new Set(
		product.skus
			.filter((sku) => String(sku.assignedColorId) === colorId)
			.map((sku) => String(sku.assignedSizeId)),
	);
	return product.sizes
		.filter((size) => !product.skus.length || inColor.has(String(size.assignedSizeId)))
		.map((size) => option(size.name, size.assignedSizeId));
}

/**
 * The parameter path of the field whose list is loaded (`parameters.designs.design[0].prints…`).
 * n8n resolves relative names (`&productId`) only among siblings, and a print's product sits one
 * level up in its design, so the design is found from this path.
 */
function loadingPath(ctx: ILoadOptionsFunctions): string {
	return String((ctx as unknown as { path?: unknown }).path ?? '');
}

/** The product of the design entry that holds the print being edited. */
function printDesignProduct(ctx: ILoadOptionsFunctions): unknown {
	const design = /designs\.design\[(\d+)\]/.exec(loadingPath(ctx));
	if (!design) return undefined;
	return ctx.getCurrentNodeParameter(`designs.design[${design[1]}].productId`);
}

/** The account's countries, by ISO code (what the order body and old workflows carry). */
export async function getOrderCountries(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const service = new ServiceClient(this);
	const countries = await service.requestAllItems(
		{ method: 'GET', path: `${await service.accountPath()}/countries` },
		{ returnAll: true },
	);
	return countries
		.map((country) => ({
			name: `${String(country.name ?? country.code)} (${String(country.code ?? country.id)})`,
			value: String(country.code ?? country.id),
		}))
		.sort((a, b) => a.name.localeCompare(b.name));
}

/** The shop's carriers; empty until a shop is chosen. */
export async function getOrderCarriers(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const service = new ServiceClient(this);
	const shopPath = await chosenShopPath(this, service);
	if (!shopPath) return [];
	const carriers = await service.requestAllItems(
		{ method: 'GET', path: `${shopPath}/carriers` },
		{ returnAll: true },
	);
	return carriers.map((carrier) => option(carrier.name, carrier.id));
}

export async function getOrderDesignColors(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return colorOptions(await productOf(this, this.getCurrentNodeParameter('&productId')));
}

export async function getOrderDesignSizes(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const product = await productOf(this, this.getCurrentNodeParameter('&productId'));
	return sizeOptions(product, this.getCurrentNodeParameter('&assignedColorId'));
}

/** Print areas of the product of the design the print belongs to. */
export async function getOrderPrintAreas(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const product = await productOf(this, printDesignProduct(this));
	return (product?.printAreas ?? []).map((area) =>
		option(area.name ?? area.view, area.productAreaId),
	);
}

/** Colors of the product chosen in Add Product's Product field. */
export async function getDraftColors(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return colorOptions(await productOf(this, this.getCurrentNodeParameter('productId')));
}

/** Sizes of Add Product's product in its chosen color. */
export async function getDraftSizes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const product = await productOf(this, this.getCurrentNodeParameter('productId'));
	return sizeOptions(product, this.getCurrentNodeParameter('assignedColorId'));
}

/** Views of Add Product's product (FRONT, BACK), where its motives are placed. */
export async function getDraftViews(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const product = await productOf(this, this.getCurrentNodeParameter('productId'));
	return (product?.views ?? []).map((view) => ({
		name: String(view.position ?? view.name ?? view.assignedViewId),
		value: String(view.position ?? view.assignedViewId),
	}));
}

/** The shop's motives, searched by name or ID; empty until a shop is chosen. */
export async function searchOrderMotives(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const service = new ServiceClient(this);
	const shopPath = await chosenShopPath(this, service);
	if (!shopPath) return { results: [] };
	const motives = await service.requestAllItems(
		{ method: 'GET', path: `${shopPath}/motives` },
		{ returnAll: true },
	);
	return matchingRecords(motives, filter);
}

export const orderFormLoadOptions = {
	getOrderCountries,
	getOrderCarriers,
	getOrderDesignColors,
	getOrderDesignSizes,
	getOrderPrintAreas,
	getDraftColors,
	getDraftSizes,
	getDraftViews,
};

export const orderFormListSearch = { searchOrderMotives };
