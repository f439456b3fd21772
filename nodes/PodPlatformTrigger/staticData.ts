/**
 * The webhook trigger's static data and the rule for writing it. It holds the node's webhook
 * subscriptions, one per chosen topic with the nonce its secret is derived from (secrets.ts: no
 * secret is ever stored here), and its memory of emitted deliveries (see deliveries.ts).
 *
 * Registrations are kept per webhook address: n8n registers the test URL ("Listen for test
 * event") and the production URL of the same node with the same static data, and removing one
 * must not forget the other.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Topic } from '../shared/types';
import type { DeliveryMemory } from './deliveries';

export type SubscriptionMediaType = 'JSON' | 'XML';

export interface StoredSubscription {
	id: number | string;
	/** What the subscription's secret is derived from, with the credential's key (secrets.ts). */
	nonce: string;
}

export interface Registration {
	shopId: string;
	mediaType: SubscriptionMediaType;
	subscriptions: Partial<Record<Topic, StoredSubscription>>;
}

export interface TriggerStaticData extends DeliveryMemory {
	registrations?: Record<string, Registration>;
}

export function staticDataOf(ctx: { getWorkflowStaticData(type: string): IDataObject }) {
	return ctx.getWorkflowStaticData('node') as TriggerStaticData;
}

/**
 * Writes (or, given undefined, forgets) the registration of one address through the top-level
 * key: n8n notices changes of static data only through its observed objects, and a nested object
 * created during this run is not one of them.
 */
export function storeRegistration(
	staticData: TriggerStaticData,
	address: string,
	registration: Registration | undefined,
): void {
	const registrations = { ...(staticData.registrations ?? {}) };
	if (registration) {
		registrations[address] = {
			...registration,
			subscriptions: { ...registration.subscriptions },
		};
	} else {
		delete registrations[address];
	}
	staticData.registrations = registrations;
}
