/**
 * The catalog's look-ups by the words an order uses: the products its SKUs and names name (one
 * stored product filter for all of them: the products' own `sku` or `name`, an
 * `expressionDisjunction`, as the contract defines a product), the color/size pairs' SKU texts
 * where the service shows them, and the shop's motives named by the orders (one stored motive
 * filter for every name). Each look-up runs once per run and chunk.
 */

import { NodeApiError } from 'n8n-workflow';

import type { PlainObject } from '../../../../shared/values';
import { filterRefusalOf } from '../../../../shared/errors';
import { buildFilterBody } from '../../../../shared/payloads/filter';
import { withListDefaultCondition } from '../../../../shared/payloads/listDefault';
import type { ConditionInput, FilterBuilderInput } from '../../../../shared/payloads/filter';
import type { FilterRoot } from '../../../../shared/payloads/filterFields';
import { UNIQUE_IDS_PER_LOOKUP, listByStoredFilter } from '../list';
import type { RunScope } from '../../runScope';
import type { NamedProduct, SkuHit } from './types';
import type { CatalogKind } from '../../../../shared/acrossExecutions';
import { readProduct, recallInto, type RunCatalog } from './runCatalog';

/** The values not yet asked for, in chunks of what one stored filter holds. */
function chunksOf<T>(values: Iterable<T>, known: (value: T) => boolean): T[][] {
	const wanted = [...new Set(values)].filter((value) => !known(value));
	const chunks: T[][] = [];
	for (let start = 0; start < wanted.length; start += UNIQUE_IDS_PER_LOOKUP) {
		chunks.push(wanted.slice(start, start + UNIQUE_IDS_PER_LOOKUP));
	}
	return chunks;
}

/** Every record of a shop collection that a built filter keeps (one filter, then its pages). */
async function listFiltered(
	run: RunScope,
	path: string,
	root: FilterRoot,
	input: FilterBuilderInput,
	itemIndex: number,
): Promise<PlainObject[]> {
	const body = withListDefaultCondition(buildFilterBody(root, input) as PlainObject);
	return await listByStoredFilter(
		run,
		body,
		itemIndex,
		async (filterId) =>
			await run.service.requestAllItems(
				{ method: 'GET', path, qs: { filterId }, itemIndex },
				{ returnAll: true },
			),
	);
}

const NOT_DELETED = { property: 'deleted', operator: 'eq', value: 'false' };

/** A name as compared: the service's `ilike`, which ignores case. */
export const nameKey = (name: string) => name.trim().toLowerCase();

export const skuKey = (shopPath: string, sku: string) => `${shopPath} ${sku}`;
export const nameMemoKey = (shopPath: string, name: string) => `${shopPath} ${nameKey(name)}`;

export function namedProductOf(product: PlainObject): NamedProduct {
	return {
		id: Number(product.id),
		name: String(product.name),
		...(product.sku === undefined || product.sku === null ? {} : { sku: String(product.sku) }),
	};
}

/**
 * Whether a shop's color/size pairs carry SKU texts, as far as the run has seen: an expanded
 * product of the shop already read tells (its pairs carry one or not); undefined when the run has
 * read none with pairs.
 */
function shownSkuTexts(catalog: RunCatalog, shopPath: string): boolean | undefined {
	const known = catalog.variantSkuTexts.peek(shopPath);
	if (known !== undefined) return known;
	for (const [key, product] of catalog.products.settledEntries()) {
		if (!key.startsWith(`${shopPath}/`) || !product.skus.length) continue;
		return product.skus.some((pair) => pair.sku !== undefined && pair.sku !== '');
	}
	return undefined;
}

/**
 * The products whose color/size pairs carry these SKU texts, where the service shows such texts.
 * A service that has none, or refuses the property (SqlValidationException, as the contract says
 * of an unknown property), has no such pairs: the SKUs are then no product's, and that is all.
 */
async function variantSkuHits(
	run: RunScope,
	catalog: RunCatalog,
	shopPath: string,
	skus: string[],
	itemIndex: number,
): Promise<Map<string, SkuHit[]>> {
	const hits = new Map<string, SkuHit[]>(skus.map((sku) => [sku, []]));
	const shown = shownSkuTexts(catalog, shopPath);
	if (shown === false) {
		catalog.variantSkuTexts.keep(shopPath, Promise.resolve(false));
		return hits;
	}
	// The contract's answer to a property a list does not know: the pairs carry no SKU text.
	const withVariants = await listFiltered(
		run,
		`${shopPath}/products`,
		'productFilter',
		{
			conditions: [NOT_DELETED],
			subFilters: [
				{
					entity: 'productSkuFilter',
					conditions: [{ conditionType: 'contain', property: 'sku', values: skus }],
				},
			],
		},
		itemIndex,
	).then(undefined, async (error: unknown) =>
		error instanceof NodeApiError && filterRefusalOf(error) === 'unknownProperty'
			? undefined
			: await Promise.reject(error),
	);
	if (!withVariants) {
		catalog.variantSkuTexts.keep(shopPath, Promise.resolve(false));
		return hits;
	}
	catalog.variantSkuTexts.keep(shopPath, Promise.resolve(true));
	const expanded = await Promise.all(
		withVariants.map(
			async (record) => await readProduct(run, catalog, shopPath, Number(record.id), itemIndex),
		),
	);
	for (const product of expanded) {
		for (const pair of product.skus) {
			hits.get(String(pair.sku))?.push({
				productId: Number(product.id),
				variant: {
					assignedColorId: Number(pair.assignedColorId),
					assignedSizeId: Number(pair.assignedSizeId),
				},
			});
		}
	}
	return hits;
}

/**
 * Look up the products the run names by SKU or by name, in one stored product filter per chunk:
 * not deleted, and any of the SKUs as the product's own `sku` or any of the names (`ilike`, which
 * ignores case). Each SKU is then kept with the products whose own SKU it is, each name with the
 * products of exactly that name. A SKU that is no product's own is looked up as a color/size SKU
 * text where the service has them (`variantSkuHits`).
 */
export async function lookUpProducts(
	run: RunScope,
	catalog: RunCatalog,
	shopPath: string,
	wanted: { skus?: Iterable<string>; names?: Iterable<string> },
	itemIndex: number,
): Promise<void> {
	type Word = { sku: string } | { name: string };
	const memory = await run.acrossExecutions();
	for (const sku of new Set(wanted.skus ?? [])) {
		recallInto(memory, catalog, 'skus', skuKey(shopPath, sku), shopPath);
	}
	for (const name of new Set([...(wanted.names ?? [])].map(nameKey))) {
		recallInto(memory, catalog, 'productNames', nameMemoKey(shopPath, name), shopPath);
	}
	// Only a look-up that found something is kept for later executions: a product added since
	// is then found at once.
	const kept = <T>(kind: CatalogKind, key: string, found: T[]) => {
		if (found.length) memory?.remember(kind, key, found);
		else memory?.forget(kind, key);
		return found;
	};
	const words: Word[] = [
		...[...new Set(wanted.skus ?? [])]
			.filter((sku) => !catalog.skus.has(skuKey(shopPath, sku)))
			.map((sku) => ({ sku })),
		...[...new Set([...(wanted.names ?? [])].map(nameKey))]
			.filter((name) => !catalog.productNames.has(nameMemoKey(shopPath, name)))
			.map((name) => ({ name })),
	];
	const lookups = chunksOf(words, () => false).map(async (chunk) => {
		const skus = chunk.flatMap((word) => ('sku' in word ? [word.sku] : []));
		const names = chunk.flatMap((word) => ('name' in word ? [word.name] : []));
		const anyOf: ConditionInput[] = [
			...(skus.length
				? [{ conditionType: 'contain' as const, property: 'sku', values: skus }]
				: []),
			...names.map((name) => ({ property: 'name', operator: 'ilike', value: name })),
		];
		const found = listFiltered(
			run,
			`${shopPath}/products`,
			'productFilter',
			{ conditions: [NOT_DELETED], anyOf: [{ conditions: anyOf }] },
			itemIndex,
		).then((records) => records.map(namedProductOf));
		const skuHits = found.then(async (products) => {
			const own = new Map<string, SkuHit[]>(skus.map((sku) => [sku, []]));
			for (const product of products) {
				if (product.sku !== undefined) own.get(product.sku)?.push({ productId: product.id });
			}
			const rest = skus.filter((sku) => own.get(sku)?.length === 0);
			if (!rest.length) return own;
			// The products found are read for the order anyway; their pairs show whether the
			// service gives pairs SKU texts, so that a service without them is not asked.
			const found = [...new Set([...own.values()].flat().map((hit) => hit.productId))];
			await Promise.all(
				found.map(
					async (id) =>
						await readProduct(run, catalog, shopPath, id, itemIndex).catch(() => undefined),
				),
			);
			const variants = await variantSkuHits(run, catalog, shopPath, rest, itemIndex);
			for (const [sku, hits] of variants) own.set(sku, hits);
			return own;
		});
		for (const sku of skus) {
			catalog.skus.keep(
				skuKey(shopPath, sku),
				skuHits.then((hits) => kept('skus', skuKey(shopPath, sku), hits.get(sku) ?? [])),
			);
		}
		for (const name of names) {
			catalog.productNames.keep(
				nameMemoKey(shopPath, name),
				// `ilike` reads % and _ as wildcards: keep only the names that are equal.
				found.then((products) =>
					kept(
						'productNames',
						nameMemoKey(shopPath, name),
						products.filter((product) => nameKey(product.name) === name),
					),
				),
			);
		}
		await skuHits;
	});
	await Promise.all(lookups);
}

/** Look up motive names for the run: one stored motive filter for every name. */
export async function lookUpMotives(
	run: RunScope,
	catalog: RunCatalog,
	shopPath: string,
	names: Iterable<string>,
	itemIndex: number,
): Promise<void> {
	const key = (name: string) => nameMemoKey(shopPath, name);
	const memory = await run.acrossExecutions();
	for (const name of new Set(names)) recallInto(memory, catalog, 'motives', key(name), shopPath);
	const lookups = chunksOf(names, (name) => catalog.motives.has(key(name))).map(async (chunk) => {
		const pending = listFiltered(
			run,
			`${shopPath}/motives`,
			'motiveFilter',
			{
				anyOf: [
					{
						conditions: chunk.map((name) => ({ property: 'name', operator: 'ilike', value: name })),
					},
				],
			},
			itemIndex,
		);
		for (const name of chunk) {
			catalog.motives.keep(
				key(name),
				pending.then((records) => {
					const found = records
						.filter((record) => nameKey(String(record.name ?? '')) === nameKey(name))
						.map((motive) => ({ id: Number(motive.id), name: String(motive.name) }));
					// Only a name that found a motive is kept for later executions.
					if (found.length) memory?.remember('motives', key(name), found);
					else memory?.forget('motives', key(name));
					return found;
				}),
			);
		}
		await pending;
	});
	await Promise.all(lookups);
}
