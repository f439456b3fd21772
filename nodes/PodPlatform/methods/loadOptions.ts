/**
 * Dropdown options of the action node: the shop's products for a Submit design entry, and the
 * assigned colors, sizes, views and print areas of the product chosen in the Product field or in
 * that entry; the print technologies and languages of the shop's products, the account's
 * countries, the shop's webhook subscriptions and the ordered products of the chosen order.
 * A dropdown whose prerequisite (shop, product, order) is not chosen yet is empty, never an error.
 */

import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { PlainObject } from '../../shared/codec';
import { isPlainObject, toArray } from '../../shared/codec';
import { TOPIC_LABELS } from '../../shared/descriptions/triggers';
import { chosenId, chosenShopPath } from '../../shared/methods/chosen';
import { LISTED_AT_MOST, nameWithId } from '../../shared/methods/listSearch';
import { simplifyProduct } from '../../shared/payloads/product';
import { ServiceClient } from '../../shared/transport';
import { isTopic } from '../../shared/types';
import { currentShopPath } from '../actions/common/scope';

/** Products listed in a dropdown at most; beyond that, the product is given by ID. */
const MAX_LISTED_PRODUCTS = 500;

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

/**
 * The product of the Submit design entry being edited. The entry sits inside a fixed
 * collection, so the product is read relative to it (`&productId`), not from a top-level field.
 */
async function designProduct(ctx: ILoadOptionsFunctions) {
	return await expandedProduct(ctx, ctx.getCurrentNodeParameter('&productId'), {
		message: 'Choose the product of this design first',
		description: 'The list depends on the product; pick it in the same design entry.',
	});
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

/** Products for a Submit design entry. */
export async function getOrderDesignProducts(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const service = new ServiceClient(this);
	const products = await service.requestAllItems(
		{ method: 'GET', path: `${await currentShopPath(this, service)}/products` },
		{ returnAll: false, limit: MAX_LISTED_PRODUCTS },
	);
	return products.map((product) => option(product.name, product.id));
}

export async function getOrderDesignColors(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return colorOptions(await designProduct(this));
}

export async function getOrderDesignSizes(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return sizeOptions(await designProduct(this));
}

/** The product chosen in the node being edited, as the service expands it; undefined until chosen. */
async function chosenProduct(ctx: ILoadOptionsFunctions): Promise<PlainObject | undefined> {
	const productId = chosenId(ctx, 'productId');
	if (productId === undefined) return undefined;
	const service = new ServiceClient(ctx);
	const shopPath = await chosenShopPath(ctx, service);
	if (shopPath === undefined) return undefined;
	const answer = await service.request({
		method: 'GET',
		path: `${shopPath}/products/expanded/${productId}`,
	});
	return isPlainObject(answer?.data) ? answer.data : undefined;
}

/**
 * The colours and sizes that can be ordered together. Without SKU records for the product,
 * every colour and size counts; with a colour chosen, only the sizes that have a SKU with it.
 */
function orderableVariants(product: Product, chosenColorId: string | undefined) {
	const skus = product.skus.filter((sku) => sku.available);
	if (product.skus.length === 0) return { colors: product.colors, sizes: product.sizes };
	const colorIds = new Set(skus.map((sku) => String(sku.assignedColorId)));
	const sizeIds = new Set(
		skus
			.filter((sku) => chosenColorId === undefined || String(sku.assignedColorId) === chosenColorId)
			.map((sku) => String(sku.assignedSizeId)),
	);
	return {
		colors: product.colors.filter((color) => colorIds.has(String(color.assignedColorId))),
		sizes: product.sizes.filter((size) => sizeIds.has(String(size.assignedSizeId))),
	};
}

export async function getAssignedColors(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const record = await chosenProduct(this);
	if (!record) return [];
	const product = simplifyProduct(record);
	return colorOptions({ ...product, colors: orderableVariants(product, undefined).colors });
}

export async function getAssignedSizes(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const record = await chosenProduct(this);
	if (!record) return [];
	const product = simplifyProduct(record);
	const { sizes } = orderableVariants(product, chosenId(this, 'assignedColorId'));
	return sizeOptions({ ...product, sizes });
}

export async function getAssignedViews(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const record = await chosenProduct(this);
	if (!record) return [];
	return simplifyProduct(record).views.map((view) => ({
		name: String(view.position ?? view.name ?? view.assignedViewId),
		value: String(view.position ?? view.assignedViewId),
	}));
}

export async function getPrintAreas(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const record = await chosenProduct(this);
	if (!record) return [];
	return simplifyProduct(record).printAreas.map((area) =>
		option(area.name ?? area.view, area.productAreaId),
	);
}

/** Expanded products read at most for a dropdown that gathers what the shop's products offer. */
const GATHERED_PRODUCTS = 20;

/** The expanded records of the chosen shop's first products; empty while no shop is chosen. */
async function shopProductsExpanded(ctx: ILoadOptionsFunctions): Promise<PlainObject[]> {
	const service = new ServiceClient(ctx);
	const shopPath = await chosenShopPath(ctx, service);
	if (shopPath === undefined) return [];
	const products = await service.requestAllItems(
		{ method: 'GET', path: `${shopPath}/products` },
		{ returnAll: false, limit: GATHERED_PRODUCTS },
	);
	const expanded = await Promise.all(
		products.map(
			async (product) =>
				await service.request({
					method: 'GET',
					path: `${shopPath}/products/expanded/${String(product.id)}`,
				}),
		),
	);
	return expanded.map((answer) => answer?.data).filter(isPlainObject);
}

/** Entries gathered from several products: one per value, naming the products that offer it. */
function gathered(
	products: PlainObject[],
	entriesOf: (product: PlainObject) => Array<{ value: string; name: string }>,
): INodePropertyOptions[] {
	const byValue = new Map<string, { name: string; products: string[] }>();
	for (const product of products) {
		for (const entry of entriesOf(product)) {
			const known = byValue.get(entry.value) ?? { name: entry.name, products: [] };
			known.products.push(String(product.name ?? product.id));
			byValue.set(entry.value, known);
		}
	}
	return [...byValue.entries()]
		.map(([value, { name, products: offeredBy }]) => ({
			name: `${name} (${value})`,
			value,
			description: `Offered by ${offeredBy.join(', ')}`,
		}))
		.sort((a, b) => a.name.localeCompare(b.name));
}

/** The print technologies the shop's products expect (the service lists them per product). */
export async function getPrintTechnologies(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return gathered(await shopProductsExpanded(this), (product) => {
		return toArray<PlainObject>(product.printTechnologies).flatMap((assignment) => {
			const technology = isPlainObject(assignment.printTechnology)
				? assignment.printTechnology
				: assignment;
			if (technology.id === undefined) return [];
			return [{ value: String(technology.id), name: String(technology.name ?? 'Unnamed') }];
		});
	});
}

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** A language code as its English name ("de" → "German"); the code itself when unknown. */
function languageName(code: unknown): string {
	const text = typeof code === 'string' ? code.trim() : '';
	if (!text) return 'Language';
	try {
		return languageNames.of(text) ?? text;
	} catch {
		return text;
	}
}

/** The languages the shop's products are translated into (their localizations). */
export async function getLanguages(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return gathered(await shopProductsExpanded(this), (product) => {
		return toArray<PlainObject>(product.localizations).flatMap((localized) =>
			localized.langId === undefined
				? []
				: [{ value: String(localized.langId), name: languageName(localized.language) }],
		);
	});
}

/** The shop's products, for a dropdown where a resource locator cannot go. */
export async function getProducts(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const service = new ServiceClient(this);
	const shopPath = await chosenShopPath(this, service);
	if (shopPath === undefined) return [];
	const products = await service.requestAllItems(
		{ method: 'GET', path: `${shopPath}/products` },
		{ returnAll: false, limit: LISTED_AT_MOST },
	);
	return products.map((product) => ({ name: nameWithId(product), value: String(product.id) }));
}

/** The account's countries: "Germany (DE)", valued by the country's numeric ID. */
export async function getCountries(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const service = new ServiceClient(this);
	const countries = await service.requestAllItems(
		{ method: 'GET', path: `${await service.accountPath()}/countries` },
		{ returnAll: true },
	);
	return countries
		.map((country) => ({
			name: `${String(country.name ?? country.code ?? 'Country')}${country.code ? ` (${String(country.code)})` : ''}`,
			value: String(country.id),
		}))
		.sort((a, b) => a.name.localeCompare(b.name));
}

/** The shop's webhook subscriptions: "Order Updated → https://… (301)". */
export async function getWebhookSubscriptions(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const service = new ServiceClient(this);
	const shopPath = await chosenShopPath(this, service);
	if (shopPath === undefined) return [];
	const hooks = await service.requestAllItems(
		{ method: 'GET', path: `${shopPath}/webhooks` },
		{ returnAll: true },
	);
	return hooks.map((hook) => {
		const topic = String(hook.topic ?? '');
		const event = isTopic(topic) ? TOPIC_LABELS[topic].name : topic;
		return {
			name: `${event} → ${String(hook.address ?? '')} (${String(hook.id)})`,
			value: String(hook.id),
		};
	});
}

/** The items of the chosen order: "SKU × amount (ID)"; empty until an order is chosen. */
export async function getOrderedProducts(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const orderId = chosenId(this, 'orderId');
	if (orderId === undefined) return [];
	const service = new ServiceClient(this);
	const shopPath = await chosenShopPath(this, service);
	if (shopPath === undefined) return [];
	const items = await service.requestAllItems(
		{ method: 'GET', path: `${shopPath}/orders/${orderId}/orderedProducts` },
		{ returnAll: true },
	);
	return items.map((item) => {
		const sku = item.sku ?? (isPlainObject(item.productSku) ? item.productSku.sku : undefined);
		const what = sku ? String(sku) : `Product ${String(item.productId ?? '')}`.trim();
		return {
			name: `${what} × ${String(item.amount ?? 1)} (${String(item.id)})`,
			value: String(item.id),
		};
	});
}
