/* eslint-disable @n8n/community-nodes/no-restricted-imports -- the sandbox is a Node server, never shipped */
/**
 * Webhook notifications of the emulated service: payloads in the subscription's media type, signed
 * as the service signs them, sent one at a time in firing order and retried hourly for 48 hours on
 * the virtual clock.
 */

import { createHash, createHmac, randomUUID } from 'node:crypto';
import * as http from 'node:http';
import * as https from 'node:https';

import type { VirtualClock } from './clock';
import { encodeJson, encodeXml, type Doc, type Quirks } from './codec';
import type { WebhookDeliveryService } from './context';
import { orderBody, processingErrorDoc, splittedDoc } from './order-views';
import type { Store } from './store';
import type { Delivery, DeliveryAttempt, Order, Webhook } from './types';

const RETRY_INTERVAL_MS = 60 * 60 * 1000;
const RETRY_WINDOW_MS = 48 * 60 * 60 * 1000;
const ATTEMPT_TIMEOUT_MS = 5000;

/** The contract's signature: HMAC-SHA256 keyed with the hex SHA-256 of the secret, Base64. */
export function signBody(secret: string, body: Buffer): string {
	const key = createHash('sha256').update(secret, 'utf8').digest('hex');
	return createHmac('sha256', key).update(body).digest('base64').trim();
}

export type { Delivery, DeliveryAttempt } from './types';

/** What the dispatcher works with. */
export interface DispatcherDeps {
	/** The current store (a reset replaces it): subscriptions, and what order payloads show. */
	store: () => Store;
	/** The current quirks (a reset replaces them): how JSON payloads are written. */
	quirks: () => Quirks;
	/** The contract's {base_url}, for the links inside payloads. */
	baseUrl: () => string;
	/** Retries fall due on this clock; `advanceClock` moves it. */
	clock: VirtualClock;
	/** Counts each attempt. */
	onAttempt: () => void;
	/**
	 * Option `deliveryIdHeader`: send the delivery's id as `x-platform-delivery-id`. The contract
	 * names two headers only (topic, signature), so by default the id stays the control API's.
	 */
	deliveryIdHeader: boolean;
	/** Option `orderedProductDetails`: payloads' ordered products carry what was ordered. */
	orderedProductDetails: boolean;
}

/**
 * Sends webhook notifications. Attempts run one at a time in firing order, so a receiver sees
 * an order's events in sequence. Failed deliveries are retried on the virtual clock only.
 */
export class WebhookDispatcher implements WebhookDeliveryService {
	deliveries = new Map<string, Delivery>();
	attempts: DeliveryAttempt[] = [];
	private queue: Promise<void> = Promise.resolve();
	private readonly inFlight = new Set<http.ClientRequest>();
	/** Bumped on reset so queued attempts of the old state are skipped. */
	private generation = 0;
	private closed = false;

	constructor(private readonly deps: DispatcherDeps) {}

	private subscriptionsFor(shopId: number, topic: string): Webhook[] {
		return [...this.deps.store().webhooks.values()].filter(
			(hook) => !hook.deleted && hook.shopId === shopId && hook.topic === topic,
		);
	}

	/** The notification document for a topic about an order. */
	payloadFor(topic: string, order: Order, error = 'Order processing failed'): Doc {
		if (topic === 'orders/failed') return processingErrorDoc(order, error);
		if (topic === 'orders/splitted') return splittedDoc(order);
		const fulfilledQuirk =
			topic === 'orders/fulfilled' &&
			this.deps.quirks().fulfilledAsFULFILLED &&
			order.fulfilmentStatus === 'FINISHED';
		return {
			productionOrderExpanded: orderBody(
				{
					baseUrl: this.deps.baseUrl(),
					store: this.deps.store(),
					kind: { orderedProductDetails: this.deps.orderedProductDetails },
				},
				order,
				{
					fulfilmentStatus: fulfilledQuirk ? 'FULFILLED' : undefined,
				},
			),
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
			hook.mediaType === 'XML' ? encodeXml(doc) : encodeJson(doc, this.deps.quirks()),
			'utf8',
		);
		const now = this.deps.clock.now();
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
		this.deps.onAttempt();
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
						...(this.deps.deliveryIdHeader
							? { 'x-platform-delivery-id': delivery.deliveryId }
							: {}),
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
		this.deps.clock.advance(minutes * 60 * 1000);
		const now = this.deps.clock.now();
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
		await this.enqueue(delivery, this.deps.clock.now(), true);
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
