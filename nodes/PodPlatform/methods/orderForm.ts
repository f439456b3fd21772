/**
 * Every editor list the order forms need (Submit's guided form, Create Draft and Add Product):
 * countries, carriers, the motives of the shop, and the print areas and views of the product a
 * design, the draft item or a storefront listing names (its colors and sizes are loadOptions.ts's). A list whose prerequisite (shop, product, color) is
 * not chosen yet is empty, never an error, so the editor shows no "Error fetching options".
 */

import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { chosenShopPath } from './chosen';
import { ServiceClient } from '../../shared/transport';
import { markLeftValue, option, printAreaOptions, productOf, viewOptions } from './productOptions';

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

/** The account's countries, by ISO code (what the order body carries). */
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

// Each list below also marks the field's own value when the product no longer offers it
// (markLeftValue): the field is the one being loaded, so `&name` is the field itself.

/** Print areas of the product of the design the print belongs to. */
export async function getOrderPrintAreas(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const product = await productOf(this, printDesignProduct(this));
	return markLeftValue(
		printAreaOptions(product),
		product,
		this.getCurrentNodeParameter('&printAreaId'),
	);
}

/** Print areas of the node's own Product (Get Storefront Listing: where its motive goes). */
export async function getProductPrintAreas(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const product = await productOf(this, this.getCurrentNodeParameter('productId'));
	return markLeftValue(
		printAreaOptions(product),
		product,
		this.getCurrentNodeParameter('&printAreaId'),
	);
}

/** Views of Add Product's product (FRONT, BACK), where its motives are placed. */
export async function getDraftViews(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const product = await productOf(this, this.getCurrentNodeParameter('productId'));
	// A view is valued by its position (FRONT), so any value the list lacks is marked.
	return markLeftValue(
		viewOptions(product),
		product,
		this.getCurrentNodeParameter('&viewPosition'),
		undefined,
		() => true,
	);
}

export const orderFormLoadOptions = {
	getOrderCountries,
	getOrderCarriers,
	getOrderPrintAreas,
	getProductPrintAreas,
	getDraftViews,
};
