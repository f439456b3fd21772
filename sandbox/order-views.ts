/** How orders and ordered products look on the wire, in API answers and in webhook payloads. */

import { atomLink, type Doc } from './codec';
import { orderUrl, shopUrl } from './links';
import type { KindOptions } from './options';
import type { Store } from './store';
import type { Address, Composition, Order, OrderedProduct, Position } from './types';

/**
 * What order representations read: the base URL of their links, the store (countries, SKUs) and
 * the one option that changes them.
 */
export interface ViewSource {
	baseUrl: string;
	store: Store;
	kind: Pick<KindOptions, 'orderedProductDetails'>;
}

function addressBody(address: Address | undefined) {
	if (!address) return undefined;
	return { ...address };
}

function positionBody(position: Position | undefined) {
	return position ? { ...position } : undefined;
}

function compositionBody(composition: Composition) {
	const byKind: Record<string, unknown[]> = {};
	for (const element of composition.elements) {
		if (element.kind === 'motive') {
			(byKind.creatorse_designElementMotive ??= []).push({
				motive: element.motiveId !== undefined ? { id: element.motiveId } : undefined,
				url: element.url,
				filename: element.filename,
				position: positionBody(element.position),
				layers: element.layers.length
					? { creatorse_designElementLayer: element.layers.map((l) => ({ ...l })) }
					: undefined,
			});
		} else if (element.kind === 'ddf') {
			(byKind.creatorse_designElementDdf ??= []).push({
				previewResource: element.previewUrl ? { url: element.previewUrl } : undefined,
				productionResource: { url: element.productionUrl, filename: element.filename },
				position: positionBody(element.position),
			});
		} else {
			(byKind.creatorse_designElementDecoration ??= []).push({
				sku: element.sku,
				placement: element.placement,
			});
		}
	}
	return { productArea: { id: composition.productAreaId }, elements: byKind };
}

export function orderedProductUrl(source: ViewSource, order: Order, item: OrderedProduct): string {
	return `${orderUrl(source, order.accountId, order.shopId, order.id)}/orderedProducts/${item.id}`;
}

function variantSkuText(source: ViewSource, item: OrderedProduct): string | undefined {
	return source.store.products.get(item.productId)?.skus.find((s) => s.id === item.skuId)?.sku;
}

/**
 * An ordered product as the contract shows it (notifications: items holding "`id`, `amount`, Atom
 * links"); what was ordered (product, colour, size, SKU, price, design) only with the option
 * `orderedProductDetails`.
 */
export function orderedProductBody(source: ViewSource, order: Order, item: OrderedProduct) {
	const self = orderedProductUrl(source, order, item);
	const links = [
		atomLink('self', self),
		atomLink('image', `${self}/image`, 'image/png'),
		atomLink('preview', `${self}/image`, 'image/png'),
	];
	if (!source.kind.orderedProductDetails) {
		return { id: item.id, amount: item.amount, 'atom.link': links };
	}
	return {
		id: item.id,
		amount: item.amount,
		productId: item.productId,
		templateProductId: item.templateProductId,
		// A template product given without colour or size carries none (nor a ProductSku).
		assignedColor: item.assignedColorId !== undefined ? { id: item.assignedColorId } : undefined,
		assignedSize: item.assignedSizeId !== undefined ? { id: item.assignedSizeId } : undefined,
		// The ProductSku ordered: its variant SKU text only with the extension (the store holds none
		// otherwise), as the product's own SKU is not the ProductSku's.
		productSku:
			item.skuId !== undefined ? { id: item.skuId, sku: variantSkuText(source, item) } : undefined,
		sku: item.sku,
		price: item.price,
		created: item.created,
		compositions: { composition: item.compositions.map(compositionBody) },
		'atom.link': links,
	};
}

export interface OrderBodyOptions {
	/** Overrides the written fulfilmentStatus (the `FULFILLED` quirk of `orders/fulfilled`). */
	fulfilmentStatus?: string;
}

export function orderBody(source: ViewSource, order: Order, options: OrderBodyOptions = {}) {
	const country = source.store.countries.find((c) => c.id === order.countryId);
	const self = orderUrl(source, order.accountId, order.shopId, order.id);
	const customer = order.customer
		? {
				firstName: order.customer.firstName,
				lastName: order.customer.lastName,
				email: order.customer.email,
				phone: order.customer.phone,
				billingAddress: addressBody(order.customer.billingAddress),
				shippingAddress: addressBody(order.customer.shippingAddress),
			}
		: undefined;
	return {
		id: order.id,
		uniqueId: order.uniqueId,
		created: order.created,
		financialStatus: order.financialStatus,
		fulfilmentStatus: options.fulfilmentStatus ?? order.fulfilmentStatus,
		customer,
		country: { id: order.countryId, code: country?.code },
		orderShipping: {
			title: order.shipping.title,
			carrier:
				order.shipping.carrierId !== undefined ? { id: order.shipping.carrierId } : undefined,
			code: order.shipping.code,
			price: order.shipping.price,
			codPrice: order.shipping.codPrice,
			orderValue: order.shipping.orderValue,
		},
		orderedProducts: {
			designedOrderedProduct: order.orderedProducts
				.filter((item) => !item.deleted)
				.map((item) => orderedProductBody(source, order, item)),
		},
		passthroughItems: {
			creatorse_passthroughItem: order.passthroughItems.map((item) => ({ ...item })),
		},
		fulfillments: {
			orderFulfillmentExpanded: order.fulfillments.map((f) => ({
				id: f.id,
				trackingNumber: f.trackingNumber,
				trackingUrl: f.trackingUrl,
				created: f.created,
			})),
		},
		'atom.link': [
			atomLink('self', self),
			atomLink(
				'expanded',
				`${shopUrl(source, order.accountId, order.shopId)}/orders/expanded/${order.id}`,
			),
			atomLink('orderedProducts', `${self}/orderedProducts`),
		],
	};
}

/**
 * The basic variant of an order (contract, Resource expansion): its own fields and links, without
 * the embedded collections, which only the expanded variant and notifications carry.
 */
export function orderBasicBody(source: ViewSource, order: Order) {
	// eslint-disable-next-line @typescript-eslint/no-unused-vars -- left out of the basic variant
	const { orderedProducts, passthroughItems, fulfillments, ...basic } = orderBody(source, order);
	return basic;
}

export function orderDoc(source: ViewSource, order: Order, root = 'productionOrderExpanded'): Doc {
	return { [root]: orderBody(source, order) };
}

/** References the integrator attached to the order: its passthrough items' `referenceId`s. */
export function customReferences(order: Order): string[] {
	return order.passthroughItems
		.map((item) => item.referenceId)
		.filter((ref): ref is string => !!ref);
}

export function processingErrorDoc(order: Order, error: string): Doc {
	return {
		productionOrderProcessingError: {
			error,
			orderId: order.id,
			uniqueId: order.uniqueId,
			customReferences: customReferences(order),
		},
	};
}

export function splittedDoc(order: Order): Doc {
	return {
		productionOrderSplitted: {
			orderId: order.id,
			uniqueId: order.uniqueId,
			childOrderIds: [...order.childOrderIds],
			customReferences: customReferences(order),
		},
	};
}

/** The control API's plain JSON view of an order (no root key, no quirks). */
export function controlOrderJson(order: Order) {
	return {
		id: order.id,
		accountId: order.accountId,
		shopId: order.shopId,
		uniqueId: order.uniqueId ?? null,
		origin: order.origin,
		created: order.created,
		financialStatus: order.financialStatus,
		fulfilmentStatus: order.fulfilmentStatus ?? null,
		committed: order.committed,
		handedOff: order.handedOff,
		deleted: order.deleted,
		countryId: order.countryId,
		// What the order holds, for tests that compare it with its source (a storefront order):
		// plain copies, so a caller cannot change the store through them.
		customer: order.customer ? structuredClone(order.customer) : null,
		shipping: { ...order.shipping },
		orderedProductIds: order.orderedProducts.map((item) => item.id),
		orderedProducts: order.orderedProducts.map((item) => ({
			id: item.id,
			kind: item.kind,
			productId: item.productId,
			templateProductId: item.templateProductId ?? null,
			assignedColorId: item.assignedColorId ?? null,
			assignedSizeId: item.assignedSizeId ?? null,
			sku: item.sku,
			amount: item.amount,
			compositions: structuredClone(item.compositions),
		})),
		passthroughItems: order.passthroughItems.length,
		fulfillments: order.fulfillments.map((f) => ({ ...f })),
		parentOrderId: order.parentOrderId ?? null,
		childOrderIds: [...order.childOrderIds],
	};
}
