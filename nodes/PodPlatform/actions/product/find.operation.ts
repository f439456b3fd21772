/**
 * Product → Find: the products a merchant or an AI agent names by name or SKU, each with the
 * colors it can be ordered in and the sizes of each color, by name: what an order by names needs,
 * in a small answer. A SKU is looked up as the Submit check looks it up (a product's own SKU, then
 * a color/size SKU text where the service has them); a name matches any product whose name holds
 * it, ignoring case. Each size has its price for one country (the product's own price list, per
 * country and size, in that country's currency, before shipping), so that an agent can tell a
 * customer what the order costs before ordering.
 */

import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { InputError, nodeErrorOf } from '../../../shared/errors';
import { sizePriceOf } from '../../../shared/payloads/product';
import { itemShopPath } from '../common/scope';
import { readProduct, newRunCatalog } from '../common/catalog/runCatalog';
import { lookUpProducts } from '../common/catalog/catalogLookUps';
import type { OrderProduct } from '../common/catalog/types';
import type { RunScope } from '../runScope';
import type { OperationDefinition } from '../types';
import { READ, PRICES } from '../wordsForModel';

/** At most this many products are answered, so that the answer fits a model's context. */
export const FIND_LIMIT = 10;

/** A country of the account, as Find reads it for prices. */
interface PriceCountry {
	id: unknown;
	code: string | undefined;
	isDefault: boolean;
}

/** An orderable color: its sizes by name and, for the chosen country, each size's price. */
interface Orderable {
	color: unknown;
	sizes: unknown[];
	prices: Record<string, number>;
}

/**
 * The orderable colors of a product, each with its available sizes by name and their prices for
 * the country (the product's own price list: per country and size, so the same in every color),
 * and the currency of those prices.
 */
function orderableOf(
	product: OrderProduct,
	countryId: unknown,
): { orderable: Orderable[]; currency: string | null; unpriced: number } {
	const byColor = new Map<string, Orderable>();
	let currency: string | null = null;
	let unpriced = 0;
	for (const sku of product.skus) {
		if (!sku.available) continue;
		const color = product.colors.find(
			(c) => String(c.assignedColorId) === String(sku.assignedColorId),
		);
		const size = product.sizes.find((s) => String(s.assignedSizeId) === String(sku.assignedSizeId));
		const key = String(sku.assignedColorId);
		const entry = byColor.get(key) ?? {
			color: color?.name ?? sku.assignedColorId,
			sizes: [],
			prices: {},
		};
		const sizeName = size?.name ?? sku.assignedSizeId;
		entry.sizes.push(sizeName);
		const price = sizePriceOf(product.prices, countryId, sku.assignedSizeId);
		if (price) {
			entry.prices[String(sizeName)] = price.price;
			currency ??= price.currency;
		} else unpriced++;
		byColor.set(key, entry);
	}
	return { orderable: [...byColor.values()], currency, unpriced };
}

/** The account's countries (code, ID, which is the default), read once for the item. */
async function readPriceCountries(
	run: RunScope,
	shopPath: string,
	itemIndex: number,
): Promise<PriceCountry[]> {
	const records = await run.service.requestAllItems(
		{ method: 'GET', path: `${shopPath.replace(/\/shops\/[^/]+$/, '')}/countries`, itemIndex },
		{ returnAll: true },
	);
	return records.map((record) => ({
		id: record.id,
		code: typeof record.code === 'string' ? record.code : undefined,
		isDefault: record.default === true || record.default === 'true',
	}));
}

/**
 * The country whose prices Find gives: the one named (its code, any case, or its ID), else the
 * account's default country. A country the account does not have is refused, naming its codes.
 */
function priceCountryOf(countries: PriceCountry[], wanted: string): PriceCountry {
	if (!wanted) {
		const fallback = countries.find((country) => country.isDefault) ?? countries[0];
		if (fallback) return fallback;
		throw new InputError(
			'The account has no countries to give prices for',
			'Prices are per country; the service lists no country for this account.',
			'country',
		);
	}
	const found = countries.find(
		(country) =>
			country.code?.toLowerCase() === wanted.toLowerCase() || String(country.id) === wanted,
	);
	if (found) return found;
	const codes = countries.map((country) => country.code ?? String(country.id)).join(', ');
	throw new InputError(
		`Country for Prices: the account has no country ${wanted}`,
		`Give one of the account's countries by its two-letter code: ${codes}.`,
		'country',
	);
}

export const findOperation: OperationDefinition = {
	option: {
		name: 'Find',
		value: 'find',
		action: 'Find products by name or SKU',
		description:
			'Find products by name or SKU, each with the colors and sizes it can be ordered in, by name',
	},
	forModel: `Find products by a part of their name or by a product's SKU. ${READ} Answers each product's ID, name and SKU, and the colors it can be ordered in with the sizes available in each, by name: order with exactly these names. Each color gives each size's price for one country (the one asked for, else the shop's default), with that country and currency. ${PRICES}`,
	fields: [
		{
			displayName: 'Name or SKU',
			name: 'query',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. T-Shirt, or TEE-CLASSIC',
			description:
				"A product's SKU (or a color/size SKU text where the service gives its variants one), or a part of its name (any case). Read-only: it costs nothing and may be repeated.",
		},
		{
			displayName: 'Country for Prices',
			name: 'country',
			type: 'string',
			default: '',
			placeholder: 'e.g. DE',
			description:
				"The country whose prices to give, by its two-letter code or ID: each size's price is the product's own price for that country, in its currency, before shipping. Empty: the account's default country.",
		},
	],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const query = String(run.parameter('query', itemIndex, '') ?? '').trim();
		if (!query) {
			throw new InputError(
				'Name or SKU is empty',
				"Give a product's SKU (TEE-CLASSIC) or a part of its name (shirt).",
				'query',
			);
		}
		const wantedCountry = String(run.parameter('country', itemIndex, '') ?? '').trim();
		const shopPath = await itemShopPath(run, itemIndex);
		// Prices are an addition to what Find answers: an account whose countries cannot be read
		// still finds its products, without prices, unless a country was asked for by its code.
		let countries: PriceCountry[] | undefined;
		try {
			countries = await readPriceCountries(run, shopPath, itemIndex);
		} catch (error) {
			if (wantedCountry && !/^\d+$/.test(wantedCountry)) {
				throw nodeErrorOf(this.getNode(), error, itemIndex);
			}
		}
		const country = countries
			? priceCountryOf(countries, wantedCountry)
			: wantedCountry
				? { id: Number(wantedCountry), code: undefined, isDefault: false }
				: undefined;
		const catalog = newRunCatalog();
		await lookUpProducts(run, catalog, shopPath, { skus: [query] }, itemIndex);
		const hits = (await catalog.skus.get(`${shopPath} ${query}`)) ?? [];
		let productIds = [...new Set(hits.map((hit) => hit.productId))];
		if (productIds.length === 0) {
			const wanted = query.toLowerCase();
			const products = await run.service.requestAllItems(
				{ method: 'GET', path: `${shopPath}/products`, itemIndex },
				{ returnAll: true },
			);
			productIds = products
				.filter(
					(product) =>
						String(product.name ?? '')
							.toLowerCase()
							.includes(wanted) || String(product.sku ?? '').toLowerCase() === wanted,
				)
				.map((product) => Number(product.id));
		}
		const found = await Promise.all(
			productIds
				.slice(0, FIND_LIMIT)
				.map(async (id) => await readProduct(run, catalog, shopPath, id, itemIndex)),
		);
		const countryCode = country ? (country.code ?? country.id) : null;
		return found.map((product) => {
			const { orderable, currency, unpriced } = orderableOf(product, country?.id);
			return {
				json: {
					id: product.id,
					name: product.name,
					sku: product.sku ?? null,
					country: countryCode,
					currency,
					orderable,
					// Said rather than left to a missing key: no price is not a price of 0.
					...(!country
						? {
								pricesNote:
									"The account's countries could not be read, so no prices are given: name a country by its ID.",
							}
						: unpriced
							? {
									pricesNote: currency
										? `The service lists no price for ${String(countryCode)} for some of these sizes: those are left out of prices.`
										: `The service lists no price of this product for ${String(countryCode)}.`,
								}
							: {}),
				} as IDataObject,
			};
		});
	},
};
