/**
 * What Submit returns for an order: the order it made (or found), with its statuses and its items
 * named as a merchant reads them (product, color and size names beside their IDs), and whether it
 * already existed. It costs no request of its own: the statuses come from the service's answer
 * or lookup, the names from the products the SKU check read.
 */

import type { IDataObject } from 'n8n-workflow';

import { isPlainObject, toArray } from '../../../../shared/codec';
import type { PlainObject } from '../../../../shared/codec';
import type { DeferredOrder } from './deferredOrder';
import { DEFERRED_ROOT } from './deferredOrder';
import type { SubmitOutcome } from './exactlyOnce';
import type { OrderProduct } from './skuCheck';

export interface OrderStatuses {
	financialStatus: unknown;
	fulfilmentStatus: unknown;
}

/**
 * The order's statuses as far as they are known without another request: those of the record the
 * lookup found, else the financial status sent and no fulfillment status yet (the service sets it
 * when it processes the order; Get or the triggers follow it from there).
 */
export function statusesOf(order: DeferredOrder, outcome: SubmitOutcome): OrderStatuses {
	const record = outcome.record;
	const sent = (order.body[DEFERRED_ROOT] as PlainObject).financialStatus;
	return {
		financialStatus: record.financialStatus ?? sent ?? null,
		fulfilmentStatus: record.fulfilmentStatus ?? null,
	};
}

function idOf(value: unknown): unknown {
	return isPlainObject(value) ? value.id : value;
}

/** The items of the order as sent, designs named from their products. */
function itemsOf(order: DeferredOrder, products: Map<number, OrderProduct>): IDataObject[] {
	const body = order.body[DEFERRED_ROOT] as PlainObject;
	const designs = toArray<PlainObject>((body.designs as PlainObject | undefined)?.creatorse_design);
	// The SKU a design was given by, sent or resolved to IDs (Product By SKU).
	const givenSkus = new Map(order.variants.map((variant) => [variant.designIndex, variant.sku]));
	const items: IDataObject[] = designs.map((design, d) => {
		const sku = (design.sku as string | undefined) ?? givenSkus.get(d);
		const product = products.get(Number(design.productId));
		const colorId = idOf(design.assignedColor);
		const sizeId = idOf(design.assignedSize);
		const color = product?.colors.find((c) => String(c.assignedColorId) === String(colorId));
		const size = product?.sizes.find((s) => String(s.assignedSizeId) === String(sizeId));
		const prints = toArray<PlainObject>(
			(design.compositions as PlainObject | undefined)?.creatorse_composition,
		).reduce((count, composition) => count + toArray(composition.elements).length, 0);
		return {
			type: 'design',
			product: (product?.name as string | undefined) ?? null,
			productId: (design.productId as number | undefined) ?? null,
			color: (color?.name as string | undefined) ?? null,
			assignedColorId: (colorId as number | undefined) ?? null,
			size: (size?.name as string | undefined) ?? null,
			assignedSizeId: (sizeId as number | undefined) ?? null,
			amount: design.amount as number,
			prints,
			...(sku ? { sku } : {}),
		};
	});
	const templates = toArray<PlainObject>(
		(body.templates as PlainObject | undefined)?.creatorse_designedTemplateProduct,
	);
	for (const template of templates) {
		items.push({
			type: 'template',
			templateProduct: (template.templateProductId ?? template.templateProductSku) as string,
			assignedColorId: idOf(template.assignedColor) as number,
			assignedSizeId: idOf(template.assignedSize) as number,
			amount: template.amount as number,
		});
	}
	const passthrough = toArray<PlainObject>(
		(body.passthroughItems as PlainObject | undefined)?.creatorse_passthroughItem,
	);
	for (const item of passthrough) {
		items.push({
			type: 'passthrough',
			sku: item.sku as string,
			name: (item.name as string | undefined) ?? null,
			quantity: item.quantity as number,
		});
	}
	return items;
}

/** The output item: the order's identity and statuses first, then its items. */
export function orderOutput(
	order: DeferredOrder,
	outcome: SubmitOutcome,
	statuses: OrderStatuses,
	products: Map<number, OrderProduct>,
): IDataObject {
	return {
		id: outcome.record.id as number,
		uniqueId: (outcome.record.uniqueId ?? order.uniqueId ?? null) as string | null,
		financialStatus: statuses.financialStatus as string | null,
		fulfilmentStatus: statuses.fulfilmentStatus as string | null,
		alreadyExisted: outcome.alreadyExisted,
		...(outcome.recoveredAfterTimeout ? { recoveredAfterTimeout: true } : {}),
		items: itemsOf(order, products),
	};
}
