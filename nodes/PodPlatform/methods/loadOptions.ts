/**
 * Dropdown options of the action node: the assigned colors and sizes of the product chosen in the
 * Product field; the print technologies and languages of the shop's products, the account's
 * countries, the shop's webhook subscriptions and the ordered products of the chosen order. The
 * order forms' lists are in orderForm.ts. A dropdown whose prerequisite (shop, product, order) is
 * not chosen yet is empty, never an error.
 */

import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import type { PlainObject } from '../../shared/values';
import { isPlainObject, toArray } from '../../shared/values';
import { TOPIC_LABELS } from '../../shared/descriptions/triggers';
import { chosenId, chosenShopPath, chosenValue } from './chosen';
import { LISTED_AT_MOST, nameWithId } from '../../shared/methods/listSearch';
import { languagesOf } from '../actions/common/language';
import { ServiceClient } from '../../shared/transport';
import { isTopic } from '../../shared/types';
import {
	colorOptions,
	markLeftValue,
	productInColor,
	productOf,
	sizeOptions,
} from './productOptions';

// The color and size lists of every form that picks a product's variant (Submit's designs, Add
// Product, the Creator snippet's start options): the product and color chosen beside the field,
// top-level or in the same list entry. Each marks the field's own value when the product no
// longer offers it (markLeftValue).

export async function getAssignedColors(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const product = await productOf(this, chosenId(this, 'productId'));
	return markLeftValue(colorOptions(product), product, chosenValue(this, 'assignedColorId'));
}

export async function getAssignedSizes(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const product = await productOf(this, chosenId(this, 'productId'));
	const color = chosenValue(this, 'assignedColorId');
	return markLeftValue(
		sizeOptions(product, color),
		product,
		chosenValue(this, 'assignedSizeId'),
		productInColor(product, color),
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
		const seen = new Set<string>();
		for (const entry of entriesOf(product)) {
			// A product names each value once, however many of its records carry it.
			if (seen.has(entry.value)) continue;
			seen.add(entry.value);
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

/**
 * The names an expanded product may give its print technologies. The contract shows none: its
 * vocabulary (the product filter's `assignedPrintTechnologyFilter`, the product's assigned colors,
 * sizes and views) gives `assignedPrintTechnologies`; `printTechnologies` is read as well. The codec
 * makes each an array, however the wire wraps it.
 */
const PRODUCT_TECHNOLOGY_KEYS = ['assignedPrintTechnologies', 'printTechnologies'];

/** The print technologies the shop's products expect (the service lists them per product). */
export async function getPrintTechnologies(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return gathered(await shopProductsExpanded(this), (product) => {
		const assignments = PRODUCT_TECHNOLOGY_KEYS.flatMap((key) =>
			toArray<PlainObject>(product[key]),
		);
		return assignments.filter(isPlainObject).flatMap((assignment) => {
			const technology = isPlainObject(assignment.printTechnology)
				? assignment.printTechnology
				: assignment;
			if (technology.id === undefined) return [];
			return [{ value: String(technology.id), name: String(technology.name ?? 'Unnamed') }];
		});
	});
}

/**
 * The languages the shop's products are translated into (their localizations), valued as the
 * records carry them, ID or code, as Set Localization and the Creator's Language take them
 * (actions/common/language.ts).
 */
export async function getLanguages(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const products = await shopProductsExpanded(this);
	const languages = languagesOf(
		products.map((product) => toArray<PlainObject>(product.localizations)),
	);
	return gathered(products, (product) => languages[products.indexOf(product)]);
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

/** The shop's shared designs, valued by their UUID (what the Creator loads them by). */
export async function getSharedProducts(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const service = new ServiceClient(this);
	const shopPath = await chosenShopPath(this, service);
	if (shopPath === undefined) return [];
	const shared = await service.requestAllItems(
		{ method: 'GET', path: `${shopPath}/sharedProducts` },
		{ returnAll: false, limit: LISTED_AT_MOST },
	);
	return shared
		.filter((record) => typeof record.uuid === 'string' && record.uuid !== '')
		.map((record) => ({
			name: `${String(record.name ?? 'Shared design')} (${String(record.uuid)})`,
			value: String(record.uuid),
		}));
}
