/**
 * Product → Find: the products a merchant or an AI agent names by name or SKU, each with the
 * colors it can be ordered in and the sizes of each color, by name: what an order by names needs,
 * in a small answer. A SKU is looked up as the Submit check looks it up (a product's own SKU, then
 * a color/size SKU text where the service has them); a name matches any product whose name holds
 * it, ignoring case.
 */

import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { InputError } from '../../../shared/errors';
import { itemShopPath } from '../common/scope';
import { lookUpProducts, newRunCatalog, readProduct } from '../order/submit/catalog';
import type { OrderProduct } from '../order/submit/types';
import type { RunScope } from '../runScope';
import type { OperationDefinition } from '../types';

/** At most this many products are answered, so that the answer fits a model's context. */
export const FIND_LIMIT = 10;

/** The orderable colors of a product, each with its available sizes, by name. */
function orderableOf(product: OrderProduct): Array<{ color: unknown; sizes: unknown[] }> {
	const byColor = new Map<string, { color: unknown; sizes: unknown[] }>();
	for (const sku of product.skus) {
		if (!sku.available) continue;
		const color = product.colors.find(
			(c) => String(c.assignedColorId) === String(sku.assignedColorId),
		);
		const size = product.sizes.find((s) => String(s.assignedSizeId) === String(sku.assignedSizeId));
		const key = String(sku.assignedColorId);
		const entry = byColor.get(key) ?? { color: color?.name ?? sku.assignedColorId, sizes: [] };
		entry.sizes.push(size?.name ?? sku.assignedSizeId);
		byColor.set(key, entry);
	}
	return [...byColor.values()];
}

export const findOperation: OperationDefinition = {
	option: {
		name: 'Find',
		value: 'find',
		action: 'Find products by name or SKU',
		description:
			'Find products by name or SKU, each with the colors and sizes it can be ordered in, by name',
	},
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
		const shopPath = await itemShopPath(run, itemIndex);
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
		return found.map((product) => ({
			json: {
				id: product.id,
				name: product.name,
				sku: product.sku ?? null,
				orderable: orderableOf(product),
			} as IDataObject,
		}));
	},
};
