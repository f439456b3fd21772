/** The webhook subscriptions the service holds for one shop, and how to read its records. */

import type { PlainObject } from '../shared/values';
import type { ServiceClient } from '../shared/transport';
import type { SubscriptionMediaType } from './staticData';

export async function listSubscriptions(
	service: ServiceClient,
	shopId: string,
): Promise<PlainObject[]> {
	return await service.requestAllItems(
		{ method: 'GET', path: `${await service.shopPath(shopId)}/webhooks` },
		{ returnAll: true },
	);
}

export function sameId(a: unknown, b: unknown): boolean {
	return a !== undefined && a !== null && String(a) === String(b);
}

export function findByAddressAndTopic(list: PlainObject[], address: string, topic: string) {
	return list.find((entry) => entry.address === address && entry.topic === topic);
}

export function mediaTypeOf(entry: PlainObject): SubscriptionMediaType {
	return String(entry.mediaType ?? 'JSON').toUpperCase() === 'XML' ? 'XML' : 'JSON';
}
