/* eslint-disable @n8n/community-nodes/no-restricted-imports -- the sandbox is a Node server, never shipped */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import * as http from 'node:http';
import * as https from 'node:https';

import type { App, ServiceContext } from './app';
import { requireShop } from './auth';
import { atomLink, encodeJson, encodeXml, readString, type Doc } from './codec';
import { badRequest, conflict, notFound } from './errors';
import { nowIso } from './lifecycle';
import { shopUrl } from './links';
import { orderBody, processingErrorDoc, splittedDoc } from './order-views';
import { pagedList } from './paging';
import { noContent, ok, type Reply, type Router } from './router';
import { WEBHOOK_TOPICS, type Order, type Shop, type Webhook } from './types';

const RETRY_INTERVAL_MS = 60 * 60 * 1000;
const RETRY_WINDOW_MS = 48 * 60 * 60 * 1000;
const ATTEMPT_TIMEOUT_MS = 5000;

/** The contract's signature: HMAC-SHA256 keyed with the hex SHA-256 of the secret, Base64. */
export function signBody(secret: string, body: Buffer): string {
	const key = createHash('sha256').update(secret, 'utf8').digest('hex');
	return createHmac('sha256', key).update(body).digest('base64').trim();
}

export interface Delivery {
	deliveryId: string;
	subscriptionId: number;
	topic: string;
	address: string;
	mediaType: 'JSON' | 'XML';
	body: Buffer;
	signature: string;
	firstAt: number;
	/** Virtual time of the next scheduled retry; undefined once delivered or given up. */
	nextAt?: number;
	attempts: number;
	state: 'pending' | 'delivered' | 'gave-up';
}

export interface DeliveryAttempt {
	deliveryId: string;
	subscriptionId: number;
	topic: string;
	address: string;
	attempt: number;
	/** The receiver's status, or 0 for a network error or timeout. */
	status: number;
	at: number;
	body: string;
}

/**
 * Sends webhook notifications. Attempts run one at a time in firing order, so a receiver sees
 * an order's events in sequence. Failed deliveries are retried on the virtual clock only.
 */
export class WebhookDispatcher {
	deliveries = new Map<string, Delivery>();
	attempts: DeliveryAttempt[] = [];
	private queue: Promise<void> = Promise.resolve();
	private readonly inFlight = new Set<http.ClientRequest>();
	/** Bumped on reset so queued attempts of the old state are skipped. */
	private generation = 0;
	private closed = false;

	constructor(private readonly app: App) {}

	private subscriptionsFor(shopId: number, topic: string): Webhook[] {
		return [...this.app.store.webhooks.values()].filter(
			(hook) => !hook.deleted && hook.shopId === shopId && hook.topic === topic,
		);
	}

	/** The notification document for a topic about an order. */
	payloadFor(topic: string, order: Order, error = 'Order processing failed'): Doc {
		if (topic === 'orders/failed') return processingErrorDoc(order, error);
		if (topic === 'orders/splitted') return splittedDoc(order);
		const fulfilledQuirk =
			topic === 'orders/fulfilled' &&
			this.app.quirks.fulfilledAsFULFILLED &&
			order.fulfilmentStatus === 'FINISHED';
		return {
			productionOrderExpanded: orderBody(this.app, order, {
				fulfilmentStatus: fulfilledQuirk ? 'FULFILLED' : undefined,
			}),
		};
	}

	fireOrderEvent(topic: string, order: Order): Delivery[] {
		return this.subscriptionsFor(order.shopId, topic).map((hook) =>
			this.send(hook, topic, this.payloadFor(topic, order)),
		);
	}

	fireProcessingError(order: Order, error: string): Delivery[] {
		return this.subscriptionsFor(order.shopId, 'orders/failed').map((hook) =>
			this.send(hook, 'orders/failed', processingErrorDoc(order, error)),
		);
	}

	fireSplit(order: Order): Delivery[] {
		return this.subscriptionsFor(order.shopId, 'orders/splitted').map((hook) =>
			this.send(hook, 'orders/splitted', splittedDoc(order)),
		);
	}

	/** Creates a delivery for one subscription and queues its first attempt. */
	send(hook: Webhook, topic: string, doc: Doc): Delivery {
		const body = Buffer.from(
			hook.mediaType === 'XML' ? encodeXml(doc) : encodeJson(doc, this.app.quirks),
			'utf8',
		);
		const now = this.app.clock.now();
		const delivery: Delivery = {
			deliveryId: randomUUID(),
			subscriptionId: hook.id,
			topic,
			address: hook.address,
			mediaType: hook.mediaType,
			body,
			signature: signBody(hook.secret, body),
			firstAt: now,
			attempts: 0,
			state: 'pending',
		};
		this.deliveries.set(delivery.deliveryId, delivery);
		void this.enqueue(delivery, now, false);
		return delivery;
	}

	/** Resolves once every queued attempt has run. */
	idle(): Promise<void> {
		return this.queue;
	}

	private enqueue(delivery: Delivery, at: number, manual: boolean): Promise<void> {
		const generation = this.generation;
		if (!manual) delivery.nextAt = undefined;
		const run = this.queue.then(async () => {
			if (this.closed || generation !== this.generation) return;
			await this.attempt(delivery, at, manual);
		});
		this.queue = run.catch(() => undefined);
		return run;
	}

	private async attempt(delivery: Delivery, at: number, manual: boolean): Promise<void> {
		delivery.attempts++;
		this.app.stats.deliveriesAttempted++;
		const status = await this.post(delivery);
		this.attempts.push({
			deliveryId: delivery.deliveryId,
			subscriptionId: delivery.subscriptionId,
			topic: delivery.topic,
			address: delivery.address,
			attempt: delivery.attempts,
			status,
			at,
			body: delivery.body.toString('utf8'),
		});
		if (status === 200) {
			delivery.state = 'delivered';
			delivery.nextAt = undefined;
			return;
		}
		// A manual redelivery that fails leaves the retry schedule as it was.
		if (manual || delivery.state !== 'pending') return;
		const next = at + RETRY_INTERVAL_MS;
		if (next - delivery.firstAt > RETRY_WINDOW_MS) {
			delivery.state = 'gave-up';
			delivery.nextAt = undefined;
		} else {
			delivery.nextAt = next;
		}
	}

	private post(delivery: Delivery): Promise<number> {
		return new Promise((resolve) => {
			let url: URL;
			try {
				url = new URL(delivery.address);
			} catch {
				resolve(0);
				return;
			}
			const transport = url.protocol === 'https:' ? https : http;
			const request = transport.request(
				url,
				{
					method: 'POST',
					agent: false,
					timeout: ATTEMPT_TIMEOUT_MS,
					headers: {
						'content-type':
							delivery.mediaType === 'XML'
								? 'application/xml; charset=utf-8'
								: 'application/json; charset=utf-8',
						'content-length': String(delivery.body.length),
						'user-agent': 'pod-platform-sandbox-webhooks',
						'x-platform-topic': delivery.topic,
						'x-platform-hmac-sha256': delivery.signature,
						'x-platform-delivery-id': delivery.deliveryId,
					},
				},
				(response) => {
					response.resume();
					resolve(response.statusCode ?? 0);
				},
			);
			request.on('timeout', () => request.destroy(new Error('webhook receiver timed out')));
			request.on('error', () => resolve(0));
			request.on('close', () => {
				this.inFlight.delete(request);
				resolve(0);
			});
			this.inFlight.add(request);
			request.end(delivery.body);
		});
	}

	/** Moves the virtual clock and performs every retry that fell due, oldest first. */
	async advanceClock(minutes: number): Promise<void> {
		this.app.clock.advance(minutes * 60 * 1000);
		const now = this.app.clock.now();
		for (;;) {
			const due = [...this.deliveries.values()]
				.filter((d) => d.state === 'pending' && d.nextAt !== undefined && d.nextAt <= now)
				.sort((a, b) => (a.nextAt as number) - (b.nextAt as number));
			if (due.length === 0 || this.closed) break;
			await this.enqueue(due[0], due[0].nextAt as number, false);
		}
	}

	/** Sends a delivery again: same body, signature and delivery id. */
	async redeliver(deliveryId: string): Promise<DeliveryAttempt | undefined> {
		const delivery = this.deliveries.get(deliveryId);
		if (!delivery) return undefined;
		await this.enqueue(delivery, this.app.clock.now(), true);
		return this.attempts.filter((a) => a.deliveryId === deliveryId).pop();
	}

	private abortInFlight(): void {
		for (const request of this.inFlight) request.destroy();
		this.inFlight.clear();
	}

	reset(): void {
		this.generation++;
		this.abortInFlight();
		this.deliveries.clear();
		this.attempts = [];
	}

	close(): void {
		this.closed = true;
		this.generation++;
		this.abortInFlight();
	}
}

// ---------------------------------------------------------------------------------------------
// Subscription endpoints

function webhookDoc(app: App, hook: Webhook) {
	return {
		id: hook.id,
		address: hook.address,
		topic: hook.topic,
		secret: hook.secret,
		mediaType: hook.mediaType,
		'atom.link': [
			atomLink('self', `${shopUrl(app, hook.accountId, hook.shopId)}/webhooks/${hook.id}`),
		],
	};
}

interface WebhookFields {
	address: string;
	topic: string;
	secret: string;
	mediaType: 'JSON' | 'XML';
}

function readWebhookFields(ctx: ServiceContext, current?: WebhookFields): WebhookFields {
	const input = ctx.body().webhook;
	if (typeof input !== 'object' || input === null || Array.isArray(input)) {
		throw badRequest('Body must have the root key webhook');
	}
	const fields = input as Record<string, unknown>;
	const address = readString(fields.address) ?? current?.address;
	const topic = readString(fields.topic) ?? current?.topic;
	const secret = readString(fields.secret) ?? current?.secret ?? '';
	const mediaType = (readString(fields.mediaType) ?? current?.mediaType ?? 'JSON').toUpperCase();
	if (!address) throw badRequest('webhook.address is required');
	let url: URL | undefined;
	try {
		url = new URL(address);
	} catch {
		url = undefined;
	}
	if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
		throw badRequest('webhook.address must be an absolute http(s) URL', `Got ${address}`);
	}
	if (!topic) throw badRequest('webhook.topic is required');
	if (!(WEBHOOK_TOPICS as readonly string[]).includes(topic)) {
		throw badRequest('webhook.topic is not a known topic', `Allowed: ${WEBHOOK_TOPICS.join(', ')}`);
	}
	if (mediaType !== 'JSON' && mediaType !== 'XML')
		throw badRequest('webhook.mediaType must be JSON or XML');
	return { address, topic, secret, mediaType };
}

function findWebhook(ctx: ServiceContext, shop: Shop): Webhook {
	const hook = ctx.app.store.webhooks.get(Number(ctx.params.webhookId));
	if (!hook || hook.deleted || hook.shopId !== shop.id) throw notFound('Webhook not found');
	return hook;
}

function assertNoDuplicate(
	ctx: ServiceContext,
	shop: Shop,
	fields: WebhookFields,
	selfId?: number,
) {
	const duplicate = [...ctx.app.store.webhooks.values()].find(
		(hook) =>
			!hook.deleted &&
			hook.shopId === shop.id &&
			hook.id !== selfId &&
			hook.address === fields.address &&
			hook.topic === fields.topic,
	);
	if (duplicate) {
		throw conflict(
			'Duplicate webhook subscription',
			`Webhook ${duplicate.id} already sends ${fields.topic} to this address`,
		);
	}
}

export function registerWebhookRoutes(router: Router<ServiceContext>): void {
	const base = '/accounts/:accountId/shops/:shopId/webhooks';

	router.post(base, (ctx): Reply => {
		const shop = requireShop(ctx, { write: true });
		const fields = readWebhookFields(ctx);
		assertNoDuplicate(ctx, shop, fields);
		const hook: Webhook = {
			id: ctx.app.store.nextId('webhook'),
			accountId: shop.accountId,
			shopId: shop.id,
			...fields,
			created: nowIso(ctx.app.clock),
			deleted: false,
		};
		ctx.app.store.webhooks.set(hook.id, hook);
		return ok({ webhook: webhookDoc(ctx.app, hook) });
	});

	router.get(base, (ctx) => {
		const shop = requireShop(ctx);
		const hooks = [...ctx.app.store.webhooks.values()].filter((h) => h.shopId === shop.id);
		return pagedList(ctx, {
			records: hooks,
			filterRoot: 'webhookFilter',
			itemName: 'webhook',
			represent: (hook) => webhookDoc(ctx.app, hook),
		});
	});

	router.get(`${base}/:webhookId`, (ctx) => {
		const hook = findWebhook(ctx, requireShop(ctx));
		return ok({ webhook: webhookDoc(ctx.app, hook) });
	});

	router.put(`${base}/:webhookId`, (ctx) => {
		const shop = requireShop(ctx, { write: true });
		const hook = findWebhook(ctx, shop);
		const fields = readWebhookFields(ctx, hook);
		assertNoDuplicate(ctx, shop, fields, hook.id);
		Object.assign(hook, fields);
		return ok({ webhook: webhookDoc(ctx.app, hook) });
	});

	router.delete(`${base}/:webhookId`, (ctx) => {
		const hook = findWebhook(ctx, requireShop(ctx, { write: true }));
		hook.deleted = true;
		return noContent();
	});

	// Sends one notification of the subscription's topic about an existing order, and answers
	// once that first attempt has finished (its outcome is in the control API's delivery log).
	router.post(`${base}/:webhookId/testOrderEvent/:orderId`, async (ctx) => {
		const shop = requireShop(ctx, { write: true });
		const hook = findWebhook(ctx, shop);
		const order = ctx.app.store.orders.get(Number(ctx.params.orderId));
		if (!order || order.deleted || order.shopId !== shop.id) throw notFound('Order not found');
		const dispatcher = ctx.app.webhooks;
		const delivery = dispatcher.send(
			hook,
			hook.topic,
			dispatcher.payloadFor(hook.topic, order, 'Test processing error'),
		);
		await dispatcher.idle();
		return { status: 204, headers: { 'x-platform-delivery-id': delivery.deliveryId } };
	});
}
