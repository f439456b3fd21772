/** Subscription endpoints; the deliveries themselves are the dispatcher's (webhook-dispatcher.ts). */

import { requireShop } from './auth';
import { nowIso } from './clock';
import { atomLink, readString } from './codec';
import type { SandboxState, ServiceContext } from './context';
import { badRequest, conflict, notFound } from './errors';
import { shopUrl } from './links';
import { pagedList } from './paging';
import { noContent, ok, type Reply, type Router } from './router';
import { WEBHOOK_TOPICS, type Shop, type Webhook } from './types';

function webhookDoc(sandbox: SandboxState, hook: Webhook) {
	return {
		id: hook.id,
		address: hook.address,
		topic: hook.topic,
		secret: hook.secret,
		mediaType: hook.mediaType,
		'atom.link': [
			atomLink('self', `${shopUrl(sandbox, hook.accountId, hook.shopId)}/webhooks/${hook.id}`),
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
	// The contract's enum `JSON` / `XML`, exactly.
	const mediaType = readString(fields.mediaType) ?? current?.mediaType ?? 'JSON';
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
	const hook = ctx.sandbox.store.webhooks.get(Number(ctx.params.webhookId));
	if (!hook || hook.deleted || hook.shopId !== shop.id) throw notFound('Webhook not found');
	return hook;
}

function assertNoDuplicate(
	ctx: ServiceContext,
	shop: Shop,
	fields: WebhookFields,
	selfId?: number,
) {
	// The contract does not say a repeat is refused; by default it is stored like any other.
	if (!ctx.sandbox.kind.refuseRepeatedSubscription) return;
	const duplicate = [...ctx.sandbox.store.webhooks.values()].find(
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
			id: ctx.sandbox.store.nextId('webhook'),
			accountId: shop.accountId,
			shopId: shop.id,
			...fields,
			created: nowIso(ctx.sandbox.clock),
			deleted: false,
		};
		ctx.sandbox.store.webhooks.set(hook.id, hook);
		return ok({ webhook: webhookDoc(ctx.sandbox, hook) });
	});

	router.get(base, (ctx) => {
		const shop = requireShop(ctx);
		const hooks = [...ctx.sandbox.store.webhooks.values()].filter((h) => h.shopId === shop.id);
		return pagedList(ctx, {
			records: hooks,
			filterRoot: 'webhookFilter',
			itemName: 'webhook',
			represent: (hook) => webhookDoc(ctx.sandbox, hook),
		});
	});

	router.get(`${base}/:webhookId`, (ctx) => {
		const hook = findWebhook(ctx, requireShop(ctx));
		return ok({ webhook: webhookDoc(ctx.sandbox, hook) });
	});

	router.put(`${base}/:webhookId`, (ctx) => {
		const shop = requireShop(ctx, { write: true });
		const hook = findWebhook(ctx, shop);
		const fields = readWebhookFields(ctx, hook);
		assertNoDuplicate(ctx, shop, fields, hook.id);
		Object.assign(hook, fields);
		return ok({ webhook: webhookDoc(ctx.sandbox, hook) });
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
		const order = ctx.sandbox.store.orders.get(Number(ctx.params.orderId));
		if (!order || order.deleted || order.shopId !== shop.id) throw notFound('Order not found');
		const dispatcher = ctx.sandbox.webhooks;
		const delivery = dispatcher.send(
			hook,
			hook.topic,
			dispatcher.payloadFor(hook.topic, order, 'Test processing error'),
		);
		await dispatcher.idle();
		// The delivery's id is an answer header only with the option that sends it on deliveries.
		return ctx.sandbox.kind.deliveryIdHeader
			? { status: 204, headers: { 'x-platform-delivery-id': delivery.deliveryId } }
			: { status: 204 };
	});
}
