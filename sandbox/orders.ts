/**
 * The order endpoints of the emulated service: deferred submission (processed asynchronously),
 * draft orders built step by step, commit, send to production, cancellation, the Creator session's
 * order, lists and mock-up images.
 */

import { requireSession, requireShop } from './auth';
import { nowIso } from './clock';
import { asArray, readBool, readObject, readString } from './codec';
import type { SandboxState, ServiceContext } from './context';
import { badRequest, conflict, forbidden, notFound } from './errors';
import { hexToRgb, tinyPng } from './images';
import {
	buildDesignItem,
	buildTemplateItem,
	MAX_PASSTHROUGH_ITEMS,
	readCustomer,
	readPassthroughItem,
	readShipping,
	resolveCountry,
} from './order-input';
import { orderBasicBody, orderDoc, orderedProductBody } from './order-views';
import { pagedList } from './paging';
import { noContent, ok, type Reply, type Router } from './router';
import { FINANCIAL_STATUSES, type FinancialStatus, type Order, type Shop } from './types';

/**
 * With the option `refuseRepeatedUniqueId` only: a second order of the shop with the same
 * `uniqueId` is a 409. The contract defines `uniqueId` as the integrator's reference, echoed in the
 * answer, and names no rule that makes it unique, so by default a repeat is a new order.
 */
export function assertUniqueIdFree(
	sandbox: SandboxState,
	shop: Shop,
	uniqueId: string | undefined,
): void {
	if (!uniqueId || !sandbox.kind.refuseRepeatedUniqueId) return;
	const existing = [...sandbox.store.orders.values()].find(
		(order) => order.shopId === shop.id && !order.deleted && order.uniqueId === uniqueId,
	);
	if (existing) {
		throw conflict(
			'Duplicate uniqueId',
			`Order ${existing.id} of shop ${shop.id} already has uniqueId ${uniqueId}`,
		);
	}
}

function readFinancialStatus(value: unknown, field: string): FinancialStatus {
	// The contract's values exactly, as it spells them (no other case).
	const text = readString(value) ?? 'PENDING';
	if (!(FINANCIAL_STATUSES as readonly string[]).includes(text)) {
		throw badRequest(`${field} must be one of ${FINANCIAL_STATUSES.join(', ')}`, `Got ${text}`);
	}
	return text as FinancialStatus;
}

function newOrder(
	sandbox: SandboxState,
	shop: Shop,
	fields: Partial<Order> & Pick<Order, 'origin' | 'countryId'>,
): Order {
	return {
		id: sandbox.store.nextId('order'),
		accountId: shop.accountId,
		shopId: shop.id,
		created: nowIso(sandbox.clock),
		financialStatus: 'PENDING',
		committed: false,
		handedOff: false,
		shipping: {},
		orderedProducts: [],
		passthroughItems: [],
		fulfillments: [],
		deleted: false,
		childOrderIds: [],
		...fields,
	};
}

/** The deferred order: validated and stored in one go, processed asynchronously. */
function submitDeferred(ctx: ServiceContext): Reply {
	const shop = requireShop(ctx, { write: true, deferred: true });
	const input = readObject(ctx.body().creatorse_productionOrderDeferred);
	if (!input) throw badRequest('Body must have the root key creatorse_productionOrderDeferred');
	const { sandbox } = ctx;
	const uniqueId = readString(input.uniqueId);
	const financialStatus = readFinancialStatus(input.financialStatus, 'financialStatus');
	const country = resolveCountry(sandbox, input.country);
	const customer = readCustomer(input.customer);
	if (!customer?.shippingAddress) {
		throw badRequest(
			'Customer shipping address is required',
			'customer.shippingAddress is missing',
		);
	}
	const shipping = readShipping(sandbox, input.orderShipping);
	const passthroughValues = asArray(
		readObject(input.passthroughItems)?.creatorse_passthroughItem ?? input.passthroughItems,
	);
	if (passthroughValues.length > MAX_PASSTHROUGH_ITEMS) {
		throw badRequest(
			`At most ${MAX_PASSTHROUGH_ITEMS} passthrough items per order`,
			`Got ${passthroughValues.length}`,
		);
	}
	const order = newOrder(sandbox, shop, {
		origin: 'deferred',
		uniqueId,
		financialStatus,
		countryId: country.id,
		customer,
		shipping,
		validateSuppliers: readBool(input.validateSuppliers),
	});
	const designs = asArray(readObject(input.designs)?.creatorse_design ?? input.designs);
	const templates = asArray(
		readObject(input.templates)?.creatorse_designedTemplateProduct ?? input.templates,
	);
	order.orderedProducts = [
		...designs.map((d, i) =>
			buildDesignItem(sandbox, shop, order.id, country.id, d, `designs.creatorse_design[${i}]`),
		),
		...templates.map((t, i) =>
			buildTemplateItem(
				sandbox,
				shop,
				order.id,
				country.id,
				t,
				`templates.creatorse_designedTemplateProduct[${i}]`,
			),
		),
	];
	// Passthrough items are never supplier-validated, whatever validateSuppliers says.
	order.passthroughItems = passthroughValues.map((p, i) =>
		readPassthroughItem(p, `passthroughItems.creatorse_passthroughItem[${i}]`),
	);
	if (!order.orderedProducts.length && !order.passthroughItems.length) {
		throw badRequest(
			'Order has no items',
			'Give at least one design, template or passthrough item',
		);
	}
	assertUniqueIdFree(sandbox, shop, uniqueId);
	sandbox.lifecycle.register(order);
	sandbox.lifecycle.scheduleDeferredProcessing(order);
	return ok({ productionOrderSubmited: { id: order.id, uniqueId: order.uniqueId } });
}

function createIncremental(ctx: ServiceContext): Reply {
	const shop = requireShop(ctx, { write: true });
	const input = readObject(ctx.body().productionOrder);
	if (!input) throw badRequest('Body must have the root key productionOrder');
	const { sandbox } = ctx;
	const uniqueId = readString(input.uniqueId);
	const country = resolveCountry(sandbox, input.country);
	const order = newOrder(sandbox, shop, {
		origin: 'incremental',
		uniqueId,
		countryId: country.id,
		customer: readCustomer(input.customer),
		shipping: readShipping(sandbox, input.orderShipping),
	});
	assertUniqueIdFree(sandbox, shop, uniqueId);
	sandbox.lifecycle.register(order);
	return ok(orderDoc(sandbox, order));
}

function requireOrder(ctx: ServiceContext, shop: Shop): Order {
	const order = ctx.sandbox.store.orders.get(Number(ctx.params.orderId));
	if (!order || order.deleted || order.shopId !== shop.id) {
		throw notFound('Order not found', `No order ${ctx.params.orderId} in shop ${shop.id}`);
	}
	return order;
}

function requireOrderedProduct(ctx: ServiceContext, order: Order) {
	const item = order.orderedProducts.find(
		(p) => p.id === Number(ctx.params.orderedProductId) && !p.deleted,
	);
	if (!item)
		throw notFound(
			'Ordered product not found',
			`No ordered product ${ctx.params.orderedProductId} in order ${order.id}`,
		);
	return item;
}

/**
 * The order an ordered product is added to. Adding is a write, which ROLE_AUTHORIZED_USER may make
 * only on the Creator order of its own session: the widget on a page adds to that basket with the
 * page's session (a "limited, shared shop resource" of the contract's role table).
 */
function orderToAddTo(ctx: ServiceContext): { shop: Shop; order: Order } {
	const shop = requireShop(ctx);
	const { session, user } = requireSession(ctx);
	if (user.role !== 'ROLE_AUTHORIZED_USER') {
		return { shop: requireShop(ctx, { write: true }), order: requireOrder(ctx, shop) };
	}
	const order = ctx.sandbox.store.orders.get(Number(ctx.params.orderId));
	if (
		!order ||
		order.deleted ||
		order.shopId !== shop.id ||
		order.origin !== 'session' ||
		order.sessionToken !== session.token
	) {
		throw forbidden(
			'Access denied',
			'ROLE_AUTHORIZED_USER may add ordered products only to the Creator order of its own session',
		);
	}
	return { shop, order };
}

function addOrderedProduct(ctx: ServiceContext): Reply {
	const { shop, order } = orderToAddTo(ctx);
	const body = ctx.body();
	if (order.committed || order.handedOff) {
		throw conflict('Order is not editable', `Order ${order.id} is already committed`);
	}
	let item;
	if (body.creatorse_design !== undefined) {
		item = buildDesignItem(
			ctx.sandbox,
			shop,
			order.id,
			order.countryId,
			body.creatorse_design,
			'creatorse_design',
		);
	} else if (body.creatorse_designedTemplateProduct !== undefined) {
		item = buildTemplateItem(
			ctx.sandbox,
			shop,
			order.id,
			order.countryId,
			body.creatorse_designedTemplateProduct,
			'creatorse_designedTemplateProduct',
		);
	} else {
		throw badRequest('Body must have the root key creatorse_design');
	}
	order.orderedProducts.push(item);
	return ok({ orderedProduct: orderedProductBody(ctx.sandbox, order, item) });
}

/** The Creator session's order (keyed by the session token), created empty on first read. */
function sessionOrder(ctx: ServiceContext): Reply {
	const shop = requireShop(ctx);
	const { session } = requireSession(ctx);
	const { sandbox } = ctx;
	let order = [...sandbox.store.orders.values()].find(
		(o) => o.shopId === shop.id && o.origin === 'session' && o.sessionToken === session.token,
	);
	if (!order) {
		const defaultCountry =
			sandbox.store.countries.find((c) => c.isDefault) ?? sandbox.store.countries[0];
		order = newOrder(sandbox, shop, {
			origin: 'session',
			countryId: defaultCountry.id,
			sessionToken: session.token,
		});
		sandbox.lifecycle.register(order);
	}
	return ok(orderDoc(sandbox, order));
}

export function registerOrderRoutes(router: Router<ServiceContext>): void {
	const orders = '/accounts/:accountId/shops/:shopId/orders';
	const one = `${orders}/:orderId`;
	const items = `${one}/orderedProducts`;

	router.post(`${orders}/usingCreatorSE`, submitDeferred);
	router.post(orders, createIncremental);

	router.get(orders, (ctx) => {
		const shop = requireShop(ctx);
		const records = [...ctx.sandbox.store.orders.values()].filter((o) => o.shopId === shop.id);
		return pagedList(ctx, {
			records,
			filterRoot: 'productionOrderFilter',
			itemName: 'productionOrder',
			represent: (o) => orderBasicBody(ctx.sandbox, o),
		});
	});

	router.get(`${orders}/session`, sessionOrder);
	// A path the contract does not list (it lists the collection, and orders carry `self` links):
	// by default the basic record, as the collection lists it, with its `expanded` link; the
	// expanded order, collections embedded, only with the option `expandedOrderRead`.
	router.get(one, (ctx) => {
		const order = requireOrder(ctx, requireShop(ctx));
		return ok(
			ctx.sandbox.kind.expandedOrderRead
				? orderDoc(ctx.sandbox, order)
				: { productionOrder: orderBasicBody(ctx.sandbox, order) },
		);
	});
	router.get(`${orders}/expanded/:orderId`, (ctx) =>
		ok(orderDoc(ctx.sandbox, requireOrder(ctx, requireShop(ctx)))),
	);

	router.put(`${one}/commitOrder`, (ctx) => {
		const order = requireOrder(ctx, requireShop(ctx, { write: true }));
		const status = readFinancialStatus(
			ctx.query.get('financialStatus') || undefined,
			'financialStatus',
		);
		ctx.sandbox.lifecycle.commit(order, status);
		return noContent();
	});

	router.put(`${one}/sendToProduction`, (ctx) => {
		const order = requireOrder(ctx, requireShop(ctx, { write: true }));
		ctx.sandbox.lifecycle.sendToProduction(order);
		return noContent();
	});

	router.delete(`${one}/cancelOrder`, (ctx) => {
		const order = requireOrder(ctx, requireShop(ctx, { write: true }));
		ctx.sandbox.lifecycle.requestCancellation(order);
		return noContent();
	});

	router.post(`${items}/usingCreatorSE`, addOrderedProduct);

	router.get(items, (ctx) => {
		const order = requireOrder(ctx, requireShop(ctx));
		return pagedList(ctx, {
			records: order.orderedProducts,
			filterRoot: 'orderedProductFilter',
			itemName: 'orderedProduct',
			represent: (item) => orderedProductBody(ctx.sandbox, order, item),
		});
	});

	router.get(`${items}/:orderedProductId`, (ctx) => {
		const order = requireOrder(ctx, requireShop(ctx));
		return ok({
			orderedProduct: orderedProductBody(ctx.sandbox, order, requireOrderedProduct(ctx, order)),
		});
	});

	router.get(`${items}/:orderedProductId/customAttributes`, (ctx) => {
		const order = requireOrder(ctx, requireShop(ctx));
		const item = requireOrderedProduct(ctx, order);
		return pagedList(ctx, {
			records: item.customAttributes,
			filterRoot: 'orderedProductCustomAttributeFilter',
			itemName: 'orderedProductCustomAttribute',
			represent: (a) => ({ ...a }),
		});
	});

	// A rendered mock-up: a PNG in the item's colour (whatever the Accept header).
	router.get(`${items}/:orderedProductId/image`, (ctx) => {
		const shop = requireShop(ctx);
		const order = requireOrder(ctx, shop);
		const item = requireOrderedProduct(ctx, order);
		const product = ctx.sandbox.store.products.get(item.productId);
		const color = product?.colors.find((c) => c.id === item.assignedColorId);
		return {
			status: 200,
			raw: { body: tinyPng(hexToRgb(color?.rgb ?? '#CCCCCC'), 128), contentType: 'image/png' },
		};
	});
}
