/** The control API (under /__sandbox): test steering, JSON in and out, no authentication. */

import { QUIRK_NAMES, readBool } from './codec';
import type { ControlContext } from './context';
import { badRequest, notFound } from './errors';
import { controlOrderJson } from './order-views';
import { Router, type Reply } from './router';
import { FULFILMENT_STATUSES, WEBHOOK_TOPICS, type FulfilmentStatus, type Order } from './types';

const json = (value: unknown, status = 200): Reply => ({ status, json: value });

function requireOrder(ctx: ControlContext): Order {
	const order = ctx.sandbox.store.orders.get(Number(ctx.params.orderId));
	if (!order) throw notFound('Order not found', `No order ${ctx.params.orderId}`);
	return order;
}

function optionalString(body: Record<string, unknown>, key: string): string | undefined {
	const value = body[key];
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'string') throw badRequest(`${key} must be a string`);
	return value;
}

function nullableCount(value: unknown, key: string): number | null | undefined {
	if (value === undefined) return undefined;
	if (value === null) return null;
	if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
		throw badRequest(`${key} must be a non-negative number or null`);
	}
	return value;
}

/** Runs an order action and answers the order as plain JSON. */
function orderAction(action: (ctx: ControlContext, order: Order) => void) {
	return (ctx: ControlContext): Reply => {
		const order = requireOrder(ctx);
		action(ctx, order);
		return json(controlOrderJson(order));
	};
}

export function buildControlRouter(): Router<ControlContext> {
	const router = new Router<ControlContext>();

	router.post('/reset', (ctx) => {
		ctx.reset();
		return json({ reset: true });
	});

	router.post(
		'/orders/:orderId/advance',
		orderAction((ctx, order) => {
			const to = optionalString(ctx.body(), 'to');
			if (to !== undefined && !(FULFILMENT_STATUSES as readonly string[]).includes(to)) {
				throw badRequest(`to must be one of ${FULFILMENT_STATUSES.join(', ')}`);
			}
			ctx.sandbox.lifecycle.advance(order, to as FulfilmentStatus | undefined);
		}),
	);
	router.post(
		'/orders/:orderId/pay',
		orderAction((ctx, order) => ctx.sandbox.lifecycle.setFinancial(order, 'PAID')),
	);
	router.post(
		'/orders/:orderId/authorize',
		orderAction((ctx, order) => ctx.sandbox.lifecycle.setFinancial(order, 'AUTHORIZED')),
	);
	router.post(
		'/orders/:orderId/ship',
		orderAction((ctx, order) => {
			const body = ctx.body();
			ctx.sandbox.lifecycle.ship(order, {
				trackingNumber: optionalString(body, 'trackingNumber'),
				trackingUrl: optionalString(body, 'trackingUrl'),
			});
		}),
	);
	router.post(
		'/orders/:orderId/cancel-confirm',
		orderAction((ctx, order) => ctx.sandbox.lifecycle.confirmCancellation(order)),
	);
	router.post(
		'/orders/:orderId/fail',
		orderAction((ctx, order) => {
			ctx.sandbox.lifecycle.fail(
				order,
				optionalString(ctx.body(), 'error') ?? 'High-quality motive processing failed',
			);
		}),
	);
	router.post('/orders/:orderId/split', (ctx) => {
		const order = requireOrder(ctx);
		const parts = ctx.body().parts ?? 2;
		if (typeof parts !== 'number' || !Number.isInteger(parts) || parts < 2 || parts > 20) {
			throw badRequest('parts must be an integer from 2 to 20');
		}
		const children = ctx.sandbox.lifecycle.split(order, parts);
		return json({ ...controlOrderJson(order), children: children.map(controlOrderJson) });
	});

	router.get('/orders', (ctx) => {
		const uniqueId = ctx.query.get('uniqueId');
		const orders = [...ctx.sandbox.store.orders.values()].filter(
			(order) => uniqueId === null || order.uniqueId === uniqueId,
		);
		return json(orders.map(controlOrderJson));
	});
	router.get('/orders/:orderId', (ctx) => json(controlOrderJson(requireOrder(ctx))));

	// Renames a product, as a merchant does in the shop (two products may then share a name).
	router.put('/products/:productId/name', (ctx) => {
		const product = ctx.sandbox.store.products.get(Number(ctx.params.productId));
		if (!product) throw notFound('Product not found', `No product ${ctx.params.productId}`);
		const { name } = ctx.body();
		if (typeof name !== 'string' || !name.trim()) throw badRequest('name must be a text');
		product.name = name;
		for (const localization of product.localizations) localization.name = name;
		return json({ id: product.id, name });
	});

	// Marks one colour/size SKU of a product available or not (contract: ProductSku `available`).
	router.put('/products/:productId/availability', (ctx) => {
		const product = ctx.sandbox.store.products.get(Number(ctx.params.productId));
		if (!product) throw notFound('Product not found', `No product ${ctx.params.productId}`);
		const body = ctx.body();
		const available = readBool(body.available);
		if (available === undefined) throw badRequest('available must be a boolean');
		const sku = product.skus.find(
			(s) => s.assignedColorId === body.assignedColorId && s.assignedSizeId === body.assignedSizeId,
		);
		if (!sku) {
			throw notFound(
				'SKU not found',
				`Product ${product.id} has no SKU for assigned colour ${String(body.assignedColorId)} and size ${String(body.assignedSizeId)}`,
			);
		}
		sku.available = available;
		return json({ ...sku });
	});

	// Stops or resumes offering a colour of a product, as a shop admin takes a colour off a product
	// and puts it back: withdrawn, the assigned colour and its SKUs leave every answer (the expanded
	// product, filters, orders); offered again, they come back with the same IDs and availability.
	router.put('/products/:productId/colors/:assignedColorId', (ctx) => {
		const product = ctx.sandbox.store.products.get(Number(ctx.params.productId));
		if (!product) throw notFound('Product not found', `No product ${ctx.params.productId}`);
		const offered = readBool(ctx.body().offered);
		if (offered === undefined) throw badRequest('offered must be a boolean');
		const colorId = Number(ctx.params.assignedColorId);
		const key = `${product.id}/${colorId}`;
		const withdrawn = ctx.sandbox.store.withdrawnColors;
		const held = product.colors.findIndex((color) => color.id === colorId);
		if (held < 0 && !withdrawn.has(key)) {
			throw notFound('Colour not found', `Product ${product.id} has no assigned colour ${colorId}`);
		}
		if (!offered && held >= 0) {
			const skus = product.skus
				.map((sku, index) => ({ sku, index }))
				.filter(({ sku }) => sku.assignedColorId === colorId);
			withdrawn.set(key, { color: product.colors[held], index: held, skus });
			product.colors.splice(held, 1);
			product.skus = product.skus.filter((sku) => sku.assignedColorId !== colorId);
		}
		const back = withdrawn.get(key);
		if (offered && back) {
			product.colors.splice(Math.min(back.index, product.colors.length), 0, back.color);
			for (const { sku, index } of back.skus) {
				product.skus.splice(Math.min(index, product.skus.length), 0, sku);
			}
			withdrawn.delete(key);
		}
		const skus = offered
			? product.skus.filter((sku) => sku.assignedColorId === colorId)
			: (withdrawn.get(key)?.skus ?? []).map(({ sku }) => sku);
		return json({
			productId: product.id,
			assignedColorId: colorId,
			offered,
			skuIds: skus.map((sku) => sku.id),
		});
	});

	router.post('/faults', (ctx) => json({ id: ctx.sandbox.faults.add(ctx.body()).id }));
	router.get('/faults', (ctx) =>
		json(
			ctx.sandbox.faults.list().map((fault) => ({
				id: fault.id,
				kind: fault.kind,
				method: fault.method,
				path: fault.path,
				count: fault.count,
				rate: fault.rate,
				seed: fault.seed,
				status: fault.status,
				retryAfter: fault.retryAfter,
				forMs: fault.forMs,
				latencyMs: fault.latencyMs,
				body: fault.body,
				remaining: Number.isFinite(fault.remaining) ? fault.remaining : null,
			})),
		),
	);
	router.delete('/faults', (ctx) => {
		ctx.sandbox.faults.clear();
		return json({ cleared: true });
	});

	router.put('/session-policy', (ctx) => {
		const body = ctx.body();
		const policy = ctx.sandbox.sessionPolicy;
		const expireAfterRequests = nullableCount(body.expireAfterRequests, 'expireAfterRequests');
		const ttlMs = nullableCount(body.ttlMs, 'ttlMs');
		if (expireAfterRequests !== undefined) policy.expireAfterRequests = expireAfterRequests;
		if (ttlMs !== undefined) policy.ttlMs = ttlMs;
		return json(policy);
	});

	router.get('/stats', (ctx) => json(ctx.sandbox.stats));
	// Who holds a session (tests: a Creator page's session is the page login's): the control
	// API's, since the service's GET /auth takes Basic credentials only (contract, Session).
	router.get('/sessions/:token', (ctx) => {
		const session = ctx.sandbox.store.sessions.get(ctx.params.token);
		if (!session) throw notFound('Unknown session', 'No session has this token');
		return json({ userId: session.userId, accountId: session.accountId, valid: session.valid });
	});

	router.get('/requests', (ctx) => json(ctx.sandbox.requestLog));
	router.delete('/requests', (ctx) => {
		ctx.sandbox.requestLog = [];
		return json({ cleared: true });
	});

	router.get('/deliveries', (ctx) => json(ctx.sandbox.webhooks.attempts));
	router.post('/deliveries/:deliveryId/redeliver', async (ctx) => {
		const attempt = await ctx.sandbox.webhooks.redeliver(ctx.params.deliveryId);
		if (!attempt) throw notFound('Delivery not found');
		return json(attempt);
	});

	router.post('/clock/advance', async (ctx) => {
		const minutes = ctx.body().minutes;
		if (typeof minutes !== 'number' || !Number.isFinite(minutes) || minutes < 0) {
			throw badRequest('minutes must be a non-negative number');
		}
		await ctx.sandbox.webhooks.advanceClock(minutes);
		return json({ now: ctx.sandbox.clock.now() });
	});
	router.get('/clock', (ctx) => json({ now: ctx.sandbox.clock.now() }));

	router.put('/quirks', (ctx) => {
		const body = ctx.body();
		for (const key of QUIRK_NAMES) {
			if (body[key] === undefined) continue;
			const value = readBool(body[key]);
			if (value === undefined) throw badRequest(`${key} must be a boolean`);
			ctx.sandbox.quirks[key] = value;
		}
		return json(ctx.sandbox.quirks);
	});
	router.get('/quirks', (ctx) => json(ctx.sandbox.quirks));

	// Fires an event now (for trigger tests) and answers after the first attempts have run.
	router.post('/events', async (ctx) => {
		const body = ctx.body();
		const topic = optionalString(body, 'topic');
		if (!topic || !(WEBHOOK_TOPICS as readonly string[]).includes(topic)) {
			throw badRequest(`topic must be one of ${WEBHOOK_TOPICS.join(', ')}`);
		}
		const order = ctx.sandbox.store.orders.get(Number(body.orderId));
		if (!order) throw notFound('Order not found', `No order ${String(body.orderId)}`);
		const { webhooks, store } = ctx.sandbox;
		const error = optionalString(body, 'error') ?? 'Order processing failed';
		let deliveries;
		if (body.subscriptionId !== undefined) {
			const hook = store.webhooks.get(Number(body.subscriptionId));
			if (!hook || hook.deleted) throw notFound('Subscription not found');
			deliveries = [webhooks.send(hook, topic, webhooks.payloadFor(topic, order, error))];
		} else {
			deliveries = [...store.webhooks.values()]
				.filter((hook) => !hook.deleted && hook.shopId === order.shopId && hook.topic === topic)
				.map((hook) => webhooks.send(hook, topic, webhooks.payloadFor(topic, order, error)));
		}
		await webhooks.idle();
		return json({ deliveryIds: deliveries.map((d) => d.deliveryId) });
	});

	router.get('/', () => json({ sandbox: true }));
	return router;
}
