/**
 * The trigger's handling of one webhook delivery: the signature checked over the raw bytes before
 * the body is read, redeliveries recognized, the body decoded, and one typed event emitted or the
 * request refused.
 */

import type { IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { CodecError, decode, mediaTypeOfContentType, sniffMediaType } from '../shared/codec';
import { passesStatusFilter } from '../shared/descriptions/triggers';
import { eventFromNotification } from '../shared/events';
import { emittedEvent } from '../shared/orderEvent';
import { verifySignature } from '../shared/signature';
import { CREDENTIAL_NAME } from '../shared/send';
import { isTopic } from '../shared/types';
import { deliveryKeyOf, rememberedKeyOf, type DeliveryLog, type DeliveryLogs } from './deliveries';
import type { DerivedSecrets } from './secrets';
import { staticDataOf } from './staticData';

/** The contract's header prefix; the live service brands it (`x-<brand>-...`). */
export const DEFAULT_HEADER_PREFIX = 'x-platform';

export interface ReceiveOptions {
	headerPrefix?: string;
	fulfilmentStatuses?: string[];
	includeRawBody?: boolean;
	includePayload?: boolean;
	ignoreRedeliveries?: boolean;
	productNames?: boolean;
}

interface RawRequest {
	rawBody?: Buffer;
	readRawBody?: () => Promise<void>;
}

function headerPrefixOf(options: ReceiveOptions): string {
	const prefix = (options.headerPrefix ?? '').trim().toLowerCase().replace(/-+$/, '');
	return prefix || DEFAULT_HEADER_PREFIX;
}

function single(value: string | string[] | undefined): string | undefined {
	const first = Array.isArray(value) ? value[0] : value;
	return first?.trim() || undefined;
}

function reject(ctx: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	ctx.getResponseObject().status(status).send(message).end();
	return { noWebhookResponse: true };
}

async function rawBodyOf(ctx: IWebhookFunctions): Promise<Buffer> {
	const request = ctx.getRequestObject() as unknown as RawRequest;
	if (!request.rawBody && typeof request.readRawBody === 'function') await request.readRawBody();
	return request.rawBody ?? Buffer.alloc(0);
}

/**
 * One delivery: verify the signature over the raw bytes before reading anything from the body,
 * recognise redeliveries, decode JSON or XML, and emit one typed event (see shared/orderEvent.ts).
 */
export async function receive(
	ctx: IWebhookFunctions,
	logs: DeliveryLogs,
	derivedSecrets: DerivedSecrets,
): Promise<IWebhookResponseData> {
	const options = ctx.getNodeParameter('options', {}) as ReceiveOptions;
	const prefix = headerPrefixOf(options);
	const headers = ctx.getHeaderData();
	const topic = single(headers[`${prefix}-topic`]);
	const chosen = ctx.getNodeParameter('topics', []) as string[];
	const staticData = staticDataOf(ctx);

	if (!isTopic(topic) || !chosen.includes(topic)) {
		return reject(ctx, 401, 'Unexpected or missing topic');
	}
	// Test and production URLs each hold their own subscription (and secret) for the topic.
	const identities = Object.entries(staticData.registrations ?? {}).flatMap(
		([address, registration]) => {
			const subscription = registration.subscriptions[topic];
			return subscription
				? [{ shopId: registration.shopId, address, topic, nonce: subscription.nonce }]
				: [];
		},
	);
	if (identities.length === 0) return reject(ctx, 401, 'No subscription for this topic');
	const secrets = await derivedSecrets.of(
		identities,
		async () => await ctx.getCredentials(CREDENTIAL_NAME),
	);

	const body = await rawBodyOf(ctx);
	const signature = headers[`${prefix}-hmac-sha256`];
	if (!secrets.some((secret) => verifySignature(secret, body, signature))) {
		return reject(ctx, 401, 'Invalid signature');
	}

	const deliveryKey = deliveryKeyOf(topic, body);
	const remembered = rememberedKeyOf(deliveryKey);
	const receivedAt = Date.now();
	const log =
		options.ignoreRedeliveries === false
			? undefined
			: logs.of(ctx.getWorkflow().id, ctx.getNode().id, staticData);
	if (log?.isRedelivery(remembered, receivedAt)) return {};

	const text = body.toString('utf8');
	let decoded;
	try {
		decoded = decode(
			text,
			mediaTypeOfContentType(single(headers['content-type'])) ?? sniffMediaType(text),
		);
	} catch (error) {
		const reason = error instanceof CodecError ? error.message : String(error);
		ctx.logger.warn(
			`POD Platform Trigger: a signed ${topic} delivery could not be read: ${reason}`,
		);
		return reject(ctx, 400, 'Body cannot be read');
	}

	const event = eventFromNotification(topic, decoded, {
		deliveryKey,
		deliveryId: single(headers[`${prefix}-delivery-id`]),
		rawBody: options.includeRawBody ? text : undefined,
	});
	if (!passesStatusFilter(event.fulfilmentStatus, options.fulfilmentStatuses ?? [])) return {};
	const json = emittedEvent(event, { includePayload: options.includePayload });
	if (log) {
		log.received(remembered, receivedAt);
		confirmWhenAnswered(ctx, log, remembered, receivedAt);
	}
	return { workflowData: [[{ json }]] };
}

/**
 * Remembers the delivery once n8n's answer to it has gone out with a 2xx status: n8n answers a
 * delivery that starts the workflow only after it has created the execution, and answers an error
 * when it could not (deliveries.ts). The execution's first step confirms it too, whichever is
 * first; an answer that never goes out (the connection dropped) leaves it to that step.
 */
function confirmWhenAnswered(
	ctx: IWebhookFunctions,
	log: DeliveryLog,
	key: string,
	receivedAt: number,
): void {
	const response = ctx.getResponseObject() as Partial<
		Pick<ReturnType<IWebhookFunctions['getResponseObject']>, 'once' | 'statusCode'>
	>;
	if (typeof response.once !== 'function') return;
	response.once('finish', () => {
		const status = response.statusCode ?? 0;
		if (status >= 200 && status < 300) log.confirm(key, receivedAt);
	});
}
