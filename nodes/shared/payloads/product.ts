/**
 * Clean views of the product records: the expanded product's collections flattened to what an
 * order needs (assigned colour and size IDs, view positions, print area IDs, orderable SKUs),
 * without the service's links.
 */

import type { PlainObject } from '../values';
import { isPlainObject, toArray } from '../values';

export interface SkuRecord {
	id: unknown;
	/** The variant's own SKU (`TEE-CLASSIC-BLACK-L`), what a storefront line carries. */
	sku?: unknown;
	stockId?: unknown;
	available: boolean;
	assignedColorId: unknown;
	assignedSizeId: unknown;
}

function idOf(value: unknown): unknown {
	return isPlainObject(value) ? value.id : value;
}

function nameOf(record: PlainObject): unknown {
	if (record.name !== undefined) return record.name;
	for (const inner of ['color', 'size', 'view', 'productColor', 'productSize', 'productView']) {
		const nested = record[inner];
		if (isPlainObject(nested) && nested.name !== undefined) return nested.name;
	}
	return undefined;
}

export function simplifySku(record: PlainObject): SkuRecord {
	return {
		id: record.id,
		...(record.sku !== undefined ? { sku: record.sku } : {}),
		stockId: record.stockId,
		available: record.available !== false && record.available !== 'false',
		assignedColorId: idOf(record.assignedColor),
		assignedSizeId: idOf(record.assignedSize),
	};
}

/** SKUs as clean records; with onlyAvailable, those marked unavailable are left out. */
export function orderableSkus(records: PlainObject[], onlyAvailable: boolean): SkuRecord[] {
	const skus = records.map(simplifySku);
	return onlyAvailable ? skus.filter((sku) => sku.available) : skus;
}

function positionOf(view: PlainObject): unknown {
	const inner = view.view;
	if (isPlainObject(inner) && inner.position !== undefined) return inner.position;
	return view.position;
}

export function simplifyProduct(record: PlainObject) {
	const colors = toArray<PlainObject>(record.assignedColors).map((color) => ({
		assignedColorId: color.id,
		name: nameOf(color),
		...(color.rgb !== undefined ? { rgb: color.rgb } : {}),
	}));
	const sizes = toArray<PlainObject>(record.assignedSizes).map((size) => ({
		assignedSizeId: size.id,
		name: nameOf(size),
	}));
	const views = toArray<PlainObject>(record.assignedViews).map((view) => ({
		assignedViewId: view.id,
		position: positionOf(view),
		name: nameOf(view),
	}));
	const printAreas = toArray<PlainObject>(record.printAreas ?? record.productAreas).map((area) => ({
		productAreaId: area.id,
		name: nameOf(area),
		// The area's view: nested as `view`, or as the assigned view it sits on.
		view: isPlainObject(area.view)
			? positionOf(area)
			: isPlainObject(area.assignedView)
				? positionOf(area.assignedView)
				: area.view,
		...(area.width !== undefined ? { width: area.width, height: area.height } : {}),
	}));
	const skus = toArray<PlainObject>(record.productSkus).map(simplifySku);
	// The expanded product carries its prices as `productPrices`; `prices` is read as well, since
	// the contract names the part only in words.
	const prices = toArray<PlainObject>(record.productPrices ?? record.prices).map((price) => ({
		price: price.price,
		currency: isPlainObject(price.currency) ? price.currency.code : price.currency,
		assignedSizeId: price.assignedSizeId ?? idOf(price.assignedSize),
		countryId: price.countryId ?? idOf(price.country),
	}));
	return {
		id: record.id,
		name: record.name,
		...(record.sku !== undefined ? { sku: record.sku } : {}),
		colors,
		sizes,
		views,
		printAreas,
		skus,
		prices,
	};
}

/** A product's price as `simplifyProduct` gives it: per country and size, in its currency. */
export interface ProductPrice {
	price: unknown;
	currency: unknown;
	assignedSizeId: unknown;
	countryId: unknown;
}

/**
 * The product's own price of one size for one country (the expanded product's `productPrices`),
 * undefined where the product lists none: prices are per country and size, so a country without a
 * price list has no price, never another country's.
 */
export function sizePriceOf(
	prices: readonly ProductPrice[] | undefined,
	countryId: unknown,
	assignedSizeId: unknown,
): { price: number; currency: string | null } | undefined {
	const found = (prices ?? []).find(
		(entry) =>
			String(entry.countryId) === String(countryId) &&
			String(entry.assignedSizeId) === String(assignedSizeId),
	);
	const price = Number(found?.price);
	if (!found || found.price === null || found.price === '' || !Number.isFinite(price)) {
		return undefined;
	}
	return { price, currency: typeof found.currency === 'string' ? found.currency : null };
}
