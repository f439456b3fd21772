/**
 * The webhook subscriptions' lifecycle, as n8n drives it through `webhookMethods`: checkExists,
 * create, delete. The service takes one topic per subscription, so the node keeps one
 * subscription per chosen topic, each with its own secret, in its static data (staticData.ts).
 */
import type { IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { PlainObject } from '../shared/values';
import { httpFailureOf } from '../shared/httpFailure';
import { ServiceClient } from '../shared/transport';
import { CREDENTIAL_NAME } from '../shared/send';
import type { Topic } from '../shared/types';
import { subscribe } from './adoption';
import { listSubscriptions, mediaTypeOf, sameId } from './onService';
import { wantedOf } from './parameters';
import { warnWhenNotPublic } from './reachability';
import { generateNonce, subscriptionSecret } from './secrets';
import type { Registration, StoredSubscription } from './staticData';
import { staticDataOf, storeRegistration } from './staticData';

/**
 * True only when the stored registration for this URL covers exactly the chosen topics, shop and
 * media type, and every stored subscription still exists on the service with this URL, topic,
 * media type and the secret the credential derives for it (where the service shows secrets).
 */
export async function checkExists(ctx: IHookFunctions): Promise<boolean> {
	const wanted = wantedOf(ctx);
	warnWhenNotPublic(ctx, wanted.address);
	const registration = staticDataOf(ctx).registrations?.[wanted.address];
	if (!registration) return false;
	if (registration.shopId !== wanted.shopId || registration.mediaType !== wanted.mediaType) {
		return false;
	}
	const stored = Object.keys(registration.subscriptions).sort();
	if (stored.join(',') !== [...wanted.topics].sort().join(',')) return false;

	const credentials = await ctx.getCredentials(CREDENTIAL_NAME);
	const onService = await listSubscriptions(new ServiceClient(ctx), wanted.shopId);
	return wanted.topics.every((topic) => {
		const mine = registration.subscriptions[topic];
		const found = onService.find((entry) => sameId(entry.id, mine?.id));
		if (!mine || found === undefined) return false;
		const secret = subscriptionSecret(credentials, {
			shopId: wanted.shopId,
			address: wanted.address,
			topic,
			nonce: mine.nonce,
		});
		return (
			found.address === wanted.address &&
			found.topic === topic &&
			mediaTypeOf(found) === wanted.mediaType &&
			(found.secret === undefined || found.secret === secret)
		);
	});
}

/**
 * Brings the service in line with the node: one subscription per chosen topic, each with a new
 * secret, adopting what the service already holds for this URL and topic (adoption.ts).
 * Subscriptions this node made for topics, shops or media types no longer chosen are removed.
 */
export async function create(ctx: IHookFunctions): Promise<boolean> {
	const service = new ServiceClient(ctx);
	const wanted = wantedOf(ctx);
	const staticData = staticDataOf(ctx);
	const previous = staticData.registrations?.[wanted.address];

	if (previous && previous.shopId !== wanted.shopId) {
		const notRemoved = await removeSubscriptions(ctx, service, wanted.address, previous);
		if (notRemoved.length) {
			throw new NodeOperationError(
				ctx.getNode(),
				`Could not remove the webhook subscriptions of shop ${previous.shopId} before moving to shop ${wanted.shopId}`,
				{ description: 'See the n8n log for the reason, then activate the workflow again.' },
			);
		}
		storeRegistration(staticData, wanted.address, undefined);
	}

	const registration: Registration = {
		shopId: wanted.shopId,
		mediaType: wanted.mediaType,
		subscriptions: previous?.shopId === wanted.shopId ? { ...previous.subscriptions } : {},
	};
	storeRegistration(staticData, wanted.address, registration);

	const path = `${await service.shopPath(wanted.shopId)}/webhooks`;
	const onService = await listSubscriptions(service, wanted.shopId);

	const dropped = (Object.keys(registration.subscriptions) as Topic[]).filter(
		(topic) => !wanted.topics.includes(topic),
	);
	if (dropped.length) {
		const leftovers: Registration = {
			...registration,
			subscriptions: Object.fromEntries(dropped.map((t) => [t, registration.subscriptions[t]])),
		};
		const notRemoved = await removeSubscriptions(
			ctx,
			service,
			wanted.address,
			leftovers,
			onService,
		);
		for (const topic of dropped) {
			if (!notRemoved.includes(topic)) delete registration.subscriptions[topic];
		}
		storeRegistration(staticData, wanted.address, registration);
	}

	const credentials = await ctx.getCredentials(CREDENTIAL_NAME);
	for (const topic of wanted.topics) {
		const nonce = generateNonce();
		const secret = subscriptionSecret(credentials, {
			shopId: wanted.shopId,
			address: wanted.address,
			topic,
			nonce,
		});
		const id = await subscribe(
			ctx,
			service,
			{
				shopId: wanted.shopId,
				path,
				address: wanted.address,
				topic,
				secret,
				mediaType: wanted.mediaType,
			},
			onService,
		);
		// Stored at once, so a failure on a later topic leaves nothing the next activation cannot find.
		registration.subscriptions[topic] = { id, nonce };
		storeRegistration(staticData, wanted.address, registration);
	}
	return true;
}

/** Removes every subscription this node holds for its current URL. */
export async function remove(ctx: IHookFunctions): Promise<boolean> {
	const address = ctx.getNodeWebhookUrl('default');
	const staticData = staticDataOf(ctx);
	const registration = address ? staticData.registrations?.[address] : undefined;
	if (!address || !registration) return true;
	const notRemoved = await removeSubscriptions(ctx, new ServiceClient(ctx), address, registration);
	if (notRemoved.length === 0) {
		storeRegistration(staticData, address, undefined);
		return true;
	}
	// Keep what could not be removed: the next activation adopts it, the next removal retries it.
	const remaining: Registration = { ...registration, subscriptions: {} };
	for (const topic of notRemoved)
		remaining.subscriptions[topic] = registration.subscriptions[topic];
	storeRegistration(staticData, address, remaining);
	return false;
}

/**
 * Deletes the registration's subscriptions that still point at this address. One already gone is
 * not an error; any other failure is logged. Returns the topics whose subscription could not be
 * removed.
 */
async function removeSubscriptions(
	ctx: IHookFunctions,
	service: ServiceClient,
	address: string,
	registration: Registration,
	known?: PlainObject[],
): Promise<Topic[]> {
	const notRemoved: Topic[] = [];
	let onService = known;
	if (!onService) {
		try {
			onService = await listSubscriptions(service, registration.shopId);
		} catch (error) {
			// Without the list, delete by ID alone: the IDs are ours.
			ctx.logger.warn(
				`POD Platform Trigger: could not list the webhook subscriptions of shop ${registration.shopId} before removing them: ${(error as Error).message}`,
			);
		}
	}
	const path = `${await service.shopPath(registration.shopId)}/webhooks`;
	for (const [topic, stored] of Object.entries(registration.subscriptions) as Array<
		[Topic, StoredSubscription]
	>) {
		if (onService) {
			const found = onService.find((entry) => sameId(entry.id, stored.id));
			// Gone already, or re-pointed elsewhere by someone else: not ours to delete any more.
			if (!found || found.address !== address) continue;
		}
		try {
			await service.request({ method: 'DELETE', path: `${path}/${String(stored.id)}` });
		} catch (error) {
			if (httpFailureOf(error).status === 404) continue;
			notRemoved.push(topic);
			ctx.logger.error(
				`POD Platform Trigger: could not remove the ${topic} webhook subscription ${String(stored.id)} of shop ${registration.shopId}: ${(error as Error).message}`,
			);
		}
	}
	return notRemoved;
}
