/**
 * One subscription for an address and topic, never two: a subscription the service already holds
 * for them (left by an earlier activation, a restart, a lost answer or another n8n instance) is
 * adopted and given the new secret instead of being duplicated. The service refuses a second
 * subscription of the same shop, address and topic.
 */
import type { IHookFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { PlainObject } from '../shared/values';
import { nodeErrorOf } from '../shared/errors';
import { httpFailureOf } from '../shared/httpFailure';
import type { ServiceClient } from '../shared/transport';
import type { Topic } from '../shared/types';
import { isBlank } from '../shared/values';
import { findByAddressAndTopic, listSubscriptions } from './onService';
import type { SubscriptionMediaType } from './staticData';
import { recordOf } from '../shared/codec';

export interface Subscription {
	shopId: string;
	/** The shop's webhooks path. */
	path: string;
	address: string;
	topic: Topic;
	secret: string;
	mediaType: SubscriptionMediaType;
}

/**
 * Puts the subscription on the service, adopting one the service holds already (`onService`, as
 * listed before), and returns its ID.
 */
export async function subscribe(
	ctx: IHookFunctions,
	service: ServiceClient,
	subscription: Subscription,
	onService: PlainObject[],
): Promise<number | string> {
	const { path, address, topic, secret, mediaType } = subscription;
	const body = { webhook: { address, topic, secret, mediaType } };
	const existing = findByAddressAndTopic(onService, address, topic);
	let id: unknown;
	if (existing) {
		id = existing.id;
		await service.request({ method: 'PUT', path: `${path}/${String(id)}`, body });
	} else {
		id = await postSubscription(ctx, service, subscription, body);
	}
	if (isBlank(id)) {
		throw new NodeApiError(
			ctx.getNode(),
			{ message: 'No subscription ID' },
			{
				message: `The service created the ${topic} subscription but sent no ID`,
				description: 'Activate the workflow again; the subscription will be adopted.',
			},
		);
	}
	return id as number | string;
}

async function postSubscription(
	ctx: IHookFunctions,
	service: ServiceClient,
	{ shopId, path, address, topic, secret }: Subscription,
	body: PlainObject,
): Promise<unknown> {
	const lookUp = async () =>
		findByAddressAndTopic(await listSubscriptions(service, shopId), address, topic);
	let failure: unknown;
	try {
		const created = await service.request({
			method: 'POST',
			path,
			body,
			// A POST whose answer was lost may have created the subscription: look before re-sending.
			recover: async () => {
				const found = await lookUp();
				return found ? { root: 'webhook', data: found } : undefined;
			},
		});
		const record = recordOf(created);
		if (record.secret !== undefined && record.secret !== secret) {
			// Recovered a subscription that holds another secret: give it ours.
			await service.request({ method: 'PUT', path: `${path}/${String(record.id)}`, body });
		}
		return record.id;
	} catch (error) {
		failure = error;
	}
	// Someone registered the same URL and topic in between: adopt theirs.
	const found = httpFailureOf(failure).status === 409 ? await lookUp() : undefined;
	if (!found) throw nodeErrorOf(ctx.getNode(), failure);
	await service.request({ method: 'PUT', path: `${path}/${String(found.id)}`, body });
	return found.id;
}
