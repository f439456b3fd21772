/**
 * The simplified records of the shop's catalog and settings: products, motives (print
 * technologies and tags by name), shops, countries, carriers and shared products. Each puts the
 * fields a merchant picks by first and leaves out the service's navigation.
 */

import type { IDataObject } from 'n8n-workflow';

import type { PlainObject } from '../../../../shared/values';
import { isPlainObject, toArray } from '../../../../shared/values';
import { idOf, nameOf, readable } from '../../../../shared/simplify/records';

/** A product of the shop's list (the basic record; Get Expanded has its own view). */
export function simplifyProductSummary(record: PlainObject): IDataObject {
	return readable(record, { id: record.id, name: record.name, sku: record.sku, type: record.type });
}

/** A motive of the catalog or of a customer's library. */
export function simplifyMotive(record: PlainObject): IDataObject {
	const technologies = toArray<unknown>(record.technologies)
		.filter(isPlainObject)
		.map((entry) => {
			const technology = isPlainObject(entry.printTechnology) ? entry.printTechnology : entry;
			return { id: technology.id, name: technology.name };
		});
	const tags = toArray<unknown>(record.tags)
		.map((tag) => (isPlainObject(tag) ? tag.name : tag))
		.filter((tag) => tag !== undefined);
	return readable(
		record,
		{
			id: record.id,
			name: record.name,
			type: record.type,
			hasBitmap: record.hasBitmap,
			printTechnologies: record.technologies === undefined ? undefined : technologies,
			tags: record.tags === undefined ? undefined : tags,
		},
		['technologies'],
	);
}

export function simplifyShop(record: PlainObject): IDataObject {
	return readable(record, { id: record.id, name: record.name });
}

export function simplifyCountry(record: PlainObject): IDataObject {
	const currency = record.currency;
	return readable(record, {
		id: record.id,
		code: record.code,
		name: record.name,
		currency: isPlainObject(currency) ? currency.code : currency,
	});
}

export function simplifyCarrier(record: PlainObject): IDataObject {
	return readable(record, { id: record.id, name: record.name });
}

export function simplifySharedProduct(record: PlainObject): IDataObject {
	return readable(
		record,
		{
			id: record.id,
			name: record.name,
			uuid: record.uuid,
			productId: record.productId ?? idOf(record.product),
			productName: record.productName ?? nameOf(record.product),
		},
		['product'],
	);
}
