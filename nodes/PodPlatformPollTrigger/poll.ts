/**
 * Polling: list the shop's orders, compare each order's statuses with those seen last, and emit
 * the events the service would have sent for the changes. The statuses seen are the state; it is
 * replaced only when the poll returns, so a failed or rate-limited poll is repeated in full by the
 * next one. Every poll n8n's schedule starts reads the list, unless the service asked to wait.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { isPlainObject, type PlainObject } from '../shared/values';
import { passesStatusFilter, triggerShopIdOf } from '../shared/descriptions/triggers';
import type { StatusPair } from '../shared/events';
import { eventFromOrder, normaliseFulfilmentStatus, topicsForChange } from '../shared/events';
import { nodeErrorOf } from '../shared/errors';
import { emittedEvent } from '../shared/orderEvent';
import { nameTriggerEvents, type RecentNamings } from '../shared/productNames';
import { ServiceClient } from '../shared/transport';
import { CREDENTIAL_NAME, rateLimitOf } from '../shared/send';
import { isTopic, type Topic } from '../shared/types';

/**
 * How the poll meets the service's rate limit (contract, Limits: the order list is rate limited,
 * the values are not shown; a client honours 429 with Retry-After).
 */
export const RATE_LIMIT = {
	/**
	 * A 429 whose Retry-After asks for at most this long is waited out inside the poll; a longer
	 * one ends the poll at once, as n8n's poll must not hang for minutes (the next scheduled poll
	 * would start beside it).
	 */
	waitInsidePollMs: 10_000,
	/** A 429 without Retry-After: this wait, doubled for each 429 in a row... */
	firstBackoffMs: 60_000,
	/** ...up to this. */
	maxBackoffMs: 15 * 60_000,
	/** The longest wait a Retry-After is taken for: a mis-set header does not stop the trigger for days. */
	maxRetryAfterMs: 60 * 60_000,
};

export interface PollState extends IDataObject {
	shopId?: string;
	/** When a poll last read the whole list (ms since the epoch). */
	lastPollAt?: number;
	/** `financialStatus|fulfilmentStatus` per order ID, as last seen. */
	seen?: Record<string, string>;
	/** The service asked to wait (429): no poll reads the list before this time (ms since the epoch). */
	noPollBefore?: number;
	/** 429s in a row, for the wait when the service names none. */
	rateLimitedInARow?: number;
}

interface PollOptions {
	fulfilmentStatuses?: string[];
	emitExisting?: boolean;
	includePayload?: boolean;
	productNames?: boolean;
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

/** A time as the log and the test run's error name it: ISO 8601 in UTC, to the second. */
function timeText(ms: number): string {
	return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export async function pollOrders(
	ctx: IPollFunctions,
	recentNamings: RecentNamings,
): Promise<INodeExecutionData[][] | null> {
	const manual = ctx.getMode() === 'manual';
	const state = ctx.getWorkflowStaticData('node') as PollState;
	const now = Date.now();
	// Inside the wait the service asked for, a scheduled poll sends nothing; the next poll after
	// it compares with the statuses recorded before, so no change of the meantime is lost. A test
	// run still asks the service: it says itself if it still wants the wait.
	if (!manual && state.noPollBefore !== undefined && now < state.noPollBefore) return null;

	const shopId = triggerShopIdOf(ctx);
	let polled: Awaited<ReturnType<typeof readChanges>>;
	try {
		polled = await readChanges(ctx, recentNamings, shopId, state, manual);
	} catch (error) {
		const limit = rateLimitOf(error);
		if (!limit) throw nodeErrorOf(ctx.getNode(), error);
		const inARow = (state.rateLimitedInARow ?? 0) + 1;
		const wait =
			limit.retryAfterMs !== undefined
				? Math.min(limit.retryAfterMs, RATE_LIMIT.maxRetryAfterMs)
				: Math.min(RATE_LIMIT.firstBackoffMs * 2 ** (inARow - 1), RATE_LIMIT.maxBackoffMs);
		const until = Date.now() + wait;
		if (manual) throw rateLimitedTestRun(ctx, error as NodeApiError, until, limit.retryAfterMs);
		// Assigned at the top level so n8n notices the change and saves it.
		state.noPollBefore = until;
		state.rateLimitedInARow = inARow;
		ctx.logger.info(
			`The service rate limits its order list (HTTP 429): the POD Platform Poll Trigger sends no request before ${timeText(until)}, then emits every status change of the meantime`,
			{ workflowId: ctx.getWorkflow().id, node: ctx.getNode().name, waitMs: wait },
		);
		// No items and no error: an error would be an error execution for every poll of the wait.
		return null;
	}

	if (manual) return polled.events.length ? [polled.events.slice(-1)] : null;
	state.shopId = shopId;
	state.seen = polled.seen;
	state.lastPollAt = now;
	delete state.noPollBefore;
	delete state.rateLimitedInARow;
	return polled.events.length ? [polled.events] : null;
}

/**
 * A test run the service refused with 429: the editor says so, with the time it asked to wait
 * until and what the active workflow does meanwhile.
 */
function rateLimitedTestRun(
	ctx: IPollFunctions,
	error: NodeApiError,
	until: number,
	retryAfterMs: number | undefined,
): NodeApiError {
	const asked =
		retryAfterMs !== undefined
			? `It asked to wait ${Math.ceil(retryAfterMs / 1000)} s (Retry-After), until ${timeText(until)}.`
			: `It named no wait; the active workflow would wait until ${timeText(until)}.`;
	return new NodeApiError(ctx.getNode(), error.errorResponse ?? { message: error.message }, {
		message: 'The service asked to wait before the order list is read again (HTTP 429)',
		description: `${asked} An active workflow sends no request until then and then emits every status change of the meantime, each once. Test again after that time.`,
		httpCode: '429',
	});
}

/**
 * Read the list and the orders whose statuses changed since `state`: the events and the statuses
 * seen. Sends requests only; the caller moves the state.
 */
async function readChanges(
	ctx: IPollFunctions,
	recentNamings: RecentNamings,
	shopId: string,
	state: PollState,
	manual: boolean,
): Promise<{ events: INodeExecutionData[]; seen: Record<string, string> }> {
	const topics = (ctx.getNodeParameter('topics', []) as string[]).filter(isTopic);
	const options = ctx.getNodeParameter('options', {}) as PollOptions;
	const service = new ServiceClient(ctx, RATE_LIMIT.waitInsidePollMs);
	const path = `${await service.shopPath(shopId)}/orders`;
	const orders = await service.requestAllItems({ method: 'GET', path }, { returnAll: true });

	// A new shop starts a new baseline: the statuses of another shop's orders say nothing here.
	// A test run compares with nothing: n8n hands it the active workflow's static data only where
	// it runs it in the main process (n8n 2's default), and an empty copy on a worker (queue mode
	// with manual executions on workers, n8n 3's only way), so reading it would make the sample
	// depend on where n8n runs the test.
	const previous = !manual && state.shopId === shopId ? state.seen : undefined;
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

	// A test run shows one sample, the newest order's event, and moves no state of the active
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
	return { events: jsons.map((json) => ({ json })), seen };
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
