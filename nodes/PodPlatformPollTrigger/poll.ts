/**
 * Polling: list the shop's orders, compare each order's statuses with those seen last, and emit
 * the events the service would have sent for the changes. The statuses seen are the state; it is
 * replaced only when the poll returns, so a failed poll is repeated in full by the next one.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { isPlainObject, type PlainObject } from '../shared/codec';
import { passesStatusFilter, triggerShopIdOf } from '../shared/descriptions/triggers';
import type { StatusPair } from '../shared/events';
import { eventFromOrder, normaliseFulfilmentStatus, topicsForChange } from '../shared/events';
import { emittedEvent } from '../shared/orderEvent';
import { nameTriggerEvents, type RecentNamings } from '../shared/productNames';
import { CREDENTIAL_NAME, ServiceClient } from '../shared/transport';
import { isTopic, type Topic } from '../shared/types';

/** The order list is rate limited (contract, Limits): polls closer together than this are skipped. */
export const MIN_POLL_INTERVAL_MS = 5 * 60 * 1000;

export interface PollState extends IDataObject {
	shopId?: string;
	lastPollAt?: number;
	/** `financialStatus|fulfilmentStatus` per order ID, as last seen. */
	seen?: Record<string, string>;
}

function statusKey(order: PlainObject): string {
	return `${String(order.financialStatus ?? '')}|${normaliseFulfilmentStatus(order.fulfilmentStatus) ?? ''}`;
}

function statusesOf(key: string | undefined) {
	if (key === undefined) return undefined;
	const [financialStatus, fulfilmentStatus] = key.split('|');
	return {
		financialStatus: financialStatus || undefined,
		fulfilmentStatus: fulfilmentStatus || undefined,
	};
}

export async function pollOrders(
	ctx: IPollFunctions,
	recentNamings: RecentNamings,
): Promise<INodeExecutionData[][] | null> {
	const shopId = triggerShopIdOf(ctx);
	const topics = (ctx.getNodeParameter('topics', []) as string[]).filter(isTopic);
	const options = ctx.getNodeParameter('options', {}) as {
		fulfilmentStatuses?: string[];
		emitExisting?: boolean;
		includePayload?: boolean;
		productNames?: boolean;
	};
	const manual = ctx.getMode() === 'manual';
	const state = ctx.getWorkflowStaticData('node') as PollState;
	const now = Date.now();

	if (!manual && state.lastPollAt !== undefined && now - state.lastPollAt < MIN_POLL_INTERVAL_MS) {
		return null;
	}

	const service = new ServiceClient(ctx);
	const path = `${await service.shopPath(shopId)}/orders`;
	const orders = await service.requestAllItems({ method: 'GET', path }, { returnAll: true });

	// A new shop starts a new baseline: the statuses of another shop's orders say nothing here.
	const previous = state.shopId === shopId ? state.seen : undefined;
	const baseline = previous === undefined;
	const seen: Record<string, string> = {};
	const changes: Array<{ order: PlainObject; before?: StatusPair; topics: Topic[] }> = [];

	for (const order of orders) {
		const id = String(order.id ?? '');
		if (!id) continue;
		const key = statusKey(order);
		seen[id] = key;
		if (baseline && !options.emitExisting && !manual) continue;
		const before = statusesOf(previous?.[id]);
		const fired = topicsForChange(before, statusesOf(key)!).filter((topic) =>
			topics.includes(topic),
		);
		// The list's fulfilment status is the expanded order's: an order the status filter drops
		// costs no further read.
		const status = normaliseFulfilmentStatus(order.fulfilmentStatus);
		if (fired.length === 0 || !passesStatusFilter(status, options.fulfilmentStatuses ?? [])) {
			continue;
		}
		changes.push({ order, before, topics: fired });
	}

	// A test run shows the last change that would be emitted, and moves no state of the active
	// workflow: only that order is read in full.
	const emitted = manual ? changes.slice(-1) : changes;
	let jsons: IDataObject[] = [];
	for (const { order, before, topics: fired } of emitted) {
		const record = await expandedOrder(service, path, order);
		for (const topic of fired) {
			const event = eventFromOrder(topic, record, before);
			jsons.push(emittedEvent(event, { includePayload: options.includePayload }));
		}
	}
	if (options.productNames !== false) {
		jsons = await nameTriggerEvents(jsons, recentNamings, {
			credentialId: ctx.getNode().credentials?.[CREDENTIAL_NAME]?.id ?? '',
			shopId,
			service: () => service,
		});
	}
	const events: INodeExecutionData[] = jsons.map((json) => ({ json }));

	if (manual) return events.length ? [events.slice(-1)] : null;
	// Assigned at the top level so n8n notices the change and saves it.
	state.shopId = shopId;
	state.seen = seen;
	state.lastPollAt = now;
	return events.length ? [events] : null;
}

/**
 * The list holds the basic variant of each order, without fulfilments (so without tracking
 * numbers); a webhook carries the expanded order (ProductionOrderExpanded). An order that fires
 * an event is read once more through its `expanded` link, so both triggers emit the same event;
 * an unchanged order costs no request.
 */
async function expandedOrder(
	service: ServiceClient,
	ordersPath: string,
	order: PlainObject,
): Promise<PlainObject> {
	const links = isPlainObject(order.links) ? order.links : {};
	// The service's link first (contract, Links); the contract's expanded path when it sent none.
	const path =
		typeof links.expanded === 'string'
			? links.expanded
			: `${ordersPath}/expanded/${encodeURIComponent(String(order.id))}`;
	const expanded = await service.request({ method: 'GET', path });
	return isPlainObject(expanded?.data) ? expanded.data : order;
}
