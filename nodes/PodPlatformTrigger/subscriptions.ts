import type { IDataObject, IHookFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { PlainObject } from '../shared/codec';
import { httpFailureOf } from '../shared/errors';
import { generateSecret } from '../shared/signature';
import { apiRequest, apiRequestAllItems, shopPath } from '../shared/transport';
import { isTopic, type Topic } from '../shared/types';
import type { DeliveryMemory } from './deliveries';

/**
 * Webhook subscriptions of one trigger node. The service takes one topic per subscription and
 * refuses a second subscription of the same shop, address and topic, so the node keeps one
 * subscription per chosen topic, each with its own secret, in its static data.
 *
 * Registrations are kept per webhook address: n8n registers the test URL ("Listen for test
 * event") and the production URL of the same node with the same static data, and removing one
 * must not forget the other.
 */

export type SubscriptionMediaType = 'JSON' | 'XML';

export interface StoredSubscription {
	id: number | string;
	secret: string;
}

export interface Registration {
	shopId: string;
	mediaType: SubscriptionMediaType;
	subscriptions: Partial<Record<Topic, StoredSubscription>>;
}

export interface TriggerStaticData extends DeliveryMemory {
	registrations?: Record<string, Registration>;
}

interface Wanted {
	address: string;
	shopId: string;
	topics: Topic[];
	mediaType: SubscriptionMediaType;
}

/**
 * Writes a registration through the top-level key: n8n notices changes of static data only
 * through its observed objects, and a nested object created during this run is not one of them.
 */
function storeRegistration(
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

export function staticDataOf(ctx: { getWorkflowStaticData(type: string): IDataObject }) {
	return ctx.getWorkflowStaticData('node') as TriggerStaticData;
}

function wantedOf(ctx: IHookFunctions): Wanted {
	const address = ctx.getNodeWebhookUrl('default');
	if (!address) {
		throw new NodeOperationError(ctx.getNode(), 'n8n gave this trigger no webhook URL', {
			description: 'Save the workflow and activate it again.',
		});
	}
	const shopId = String(ctx.getNodeParameter('shop', '', { extractValue: true }) ?? '').trim();
	if (!/^\d+$/.test(shopId)) {
		throw new NodeOperationError(ctx.getNode(), `The Shop must be a shop ID, got "${shopId}"`, {
			description: 'Pick a shop from the list or enter its numeric ID.',
		});
	}
	const chosen = ctx.getNodeParameter('topics', []) as string[];
	const topics = [...new Set(chosen)].filter(isTopic);
	if (topics.length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'Choose at least one event to listen to', {
			description: 'Select one or more entries under Events.',
		});
	}
	const mediaType = ctx.getNodeParameter('mediaType', 'JSON') === 'XML' ? 'XML' : 'JSON';
	return { address, shopId, topics, mediaType };
}

async function listSubscriptions(ctx: IHookFunctions, shopId: string): Promise<PlainObject[]> {
	return await apiRequestAllItems(
		ctx,
		{ method: 'GET', path: `${await shopPath(ctx, shopId)}/webhooks` },
		{ returnAll: true },
	);
}

function sameId(a: unknown, b: unknown): boolean {
	return a !== undefined && a !== null && String(a) === String(b);
}

function findByAddressAndTopic(list: PlainObject[], address: string, topic: string) {
	return list.find((entry) => entry.address === address && entry.topic === topic);
}

function mediaTypeOf(entry: PlainObject): SubscriptionMediaType {
	return String(entry.mediaType ?? 'JSON').toUpperCase() === 'XML' ? 'XML' : 'JSON';
}

function statusOf(error: unknown): number | undefined {
	return httpFailureOf(error).status;
}

// ---------------------------------------------------------------------------------------------
// checkExists
// ---------------------------------------------------------------------------------------------

/**
 * True only when the stored registration for this URL covers exactly the chosen topics, shop and
 * media type, and every stored subscription still exists on the service with this URL, topic and
 * media type.
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

	const onService = await listSubscriptions(ctx, wanted.shopId);
	return wanted.topics.every((topic) => {
		const mine = registration.subscriptions[topic];
		const found = onService.find((entry) => sameId(entry.id, mine?.id));
		return (
			found !== undefined &&
			found.address === wanted.address &&
			found.topic === topic &&
			mediaTypeOf(found) === wanted.mediaType
		);
	});
}

// ---------------------------------------------------------------------------------------------
// create
// ---------------------------------------------------------------------------------------------

/**
 * Brings the service in line with the node: one subscription per chosen topic, each with a new
 * secret. A subscription the service already holds for this URL and topic (left by an earlier
 * activation, a restart or another n8n instance) is adopted and its secret replaced, never
 * duplicated. Subscriptions this node made for topics, shops or media types no longer chosen
 * are removed.
 */
export async function create(ctx: IHookFunctions): Promise<boolean> {
	const wanted = wantedOf(ctx);
	const staticData = staticDataOf(ctx);
	const previous = staticData.registrations?.[wanted.address];

	if (previous && previous.shopId !== wanted.shopId) {
		const kept = await removeSubscriptions(ctx, wanted.address, previous);
		if (kept.length) {
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

	const path = `${await shopPath(ctx, wanted.shopId)}/webhooks`;
	const onService = await listSubscriptions(ctx, wanted.shopId);

	const dropped = (Object.keys(registration.subscriptions) as Topic[]).filter(
		(topic) => !wanted.topics.includes(topic),
	);
	if (dropped.length) {
		const leftovers: Registration = {
			...registration,
			subscriptions: Object.fromEntries(dropped.map((t) => [t, registration.subscriptions[t]])),
		};
		const kept = await removeSubscriptions(ctx, wanted.address, leftovers, onService);
		for (const topic of dropped) {
			if (!kept.includes(topic)) delete registration.subscriptions[topic];
		}
		storeRegistration(staticData, wanted.address, registration);
	}

	for (const topic of wanted.topics) {
		const secret = generateSecret();
		const body = {
			webhook: { address: wanted.address, topic, secret, mediaType: wanted.mediaType },
		};
		const existing = findByAddressAndTopic(onService, wanted.address, topic);
		let id: unknown;
		if (existing) {
			id = existing.id;
			await apiRequest(ctx, { method: 'PUT', path: `${path}/${String(id)}`, body });
		} else {
			id = await postSubscription(ctx, path, wanted.address, topic, secret, body);
		}
		if (id === undefined || id === null || id === '') {
			throw new NodeApiError(
				ctx.getNode(),
				{ message: 'No subscription ID' },
				{
					message: `The service created the ${topic} subscription but sent no ID`,
					description: 'Activate the workflow again; the subscription will be adopted.',
				},
			);
		}
		// Stored at once, so a failure on a later topic leaves nothing the next activation cannot find.
		registration.subscriptions[topic] = { id: id as number | string, secret };
		storeRegistration(staticData, wanted.address, registration);
	}
	return true;
}

async function postSubscription(
	ctx: IHookFunctions,
	path: string,
	address: string,
	topic: Topic,
	secret: string,
	body: PlainObject,
): Promise<unknown> {
	const lookUp = async () =>
		findByAddressAndTopic(await listSubscriptions(ctx, pathShopId(path)), address, topic);
	let failure: unknown;
	try {
		const created = await apiRequest(ctx, {
			method: 'POST',
			path,
			body,
			// A POST whose answer was lost may have created the subscription: look before re-sending.
			recover: async () => {
				const found = await lookUp();
				return found ? { root: 'webhook', data: found } : undefined;
			},
		});
		const record = created?.data ?? {};
		if (record.secret !== undefined && record.secret !== secret) {
			// Recovered a subscription that holds another secret: give it ours.
			await apiRequest(ctx, { method: 'PUT', path: `${path}/${String(record.id)}`, body });
		}
		return record.id;
	} catch (error) {
		failure = error;
	}
	// Someone registered the same URL and topic in between: adopt theirs.
	const found = statusOf(failure) === 409 ? await lookUp() : undefined;
	if (!found) throw asNodeError(ctx, failure);
	await apiRequest(ctx, { method: 'PUT', path: `${path}/${String(found.id)}`, body });
	return found.id;
}

/** The transport already throws n8n errors; anything else is wrapped so the UI can show it. */
function asNodeError(ctx: IHookFunctions, error: unknown): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeApiError(ctx.getNode(), { message: String((error as Error)?.message ?? error) });
}

function pathShopId(path: string): string {
	return /\/shops\/([^/]+)\/webhooks$/.exec(path)?.[1] ?? '';
}

// ---------------------------------------------------------------------------------------------
// delete
// ---------------------------------------------------------------------------------------------

/** Removes every subscription this node holds for its current URL. */
export async function remove(ctx: IHookFunctions): Promise<boolean> {
	const address = ctx.getNodeWebhookUrl('default');
	const staticData = staticDataOf(ctx);
	const registration = address ? staticData.registrations?.[address] : undefined;
	if (!address || !registration) return true;
	const kept = await removeSubscriptions(ctx, address, registration);
	if (kept.length === 0) {
		storeRegistration(staticData, address, undefined);
		return true;
	}
	// Keep what could not be removed: the next activation adopts it, the next removal retries it.
	const remaining: Registration = { ...registration, subscriptions: {} };
	for (const topic of kept) remaining.subscriptions[topic] = registration.subscriptions[topic];
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
	address: string,
	registration: Registration,
	known?: PlainObject[],
): Promise<Topic[]> {
	const kept: Topic[] = [];
	let onService = known;
	if (!onService) {
		try {
			onService = await listSubscriptions(ctx, registration.shopId);
		} catch (error) {
			// Without the list, delete by ID alone: the IDs are ours.
			ctx.logger.warn(
				`POD Platform Trigger: could not list the webhook subscriptions of shop ${registration.shopId} before removing them: ${(error as Error).message}`,
			);
		}
	}
	const path = `${await shopPath(ctx, registration.shopId)}/webhooks`;
	for (const [topic, stored] of Object.entries(registration.subscriptions) as Array<
		[Topic, StoredSubscription]
	>) {
		if (onService) {
			const found = onService.find((entry) => sameId(entry.id, stored.id));
			// Gone already, or re-pointed elsewhere by someone else: not ours to delete any more.
			if (!found || found.address !== address) continue;
		}
		try {
			await apiRequest(ctx, { method: 'DELETE', path: `${path}/${String(stored.id)}` });
		} catch (error) {
			if (statusOf(error) === 404) continue;
			kept.push(topic);
			ctx.logger.error(
				`POD Platform Trigger: could not remove the ${topic} webhook subscription ${String(stored.id)} of shop ${registration.shopId}: ${(error as Error).message}`,
			);
		}
	}
	return kept;
}

// ---------------------------------------------------------------------------------------------
// Reachability warning
// ---------------------------------------------------------------------------------------------

/** Why a webhook URL cannot be reached from the internet, or undefined when it looks public. */
export function unreachableReason(address: string): string | undefined {
	let host: string;
	try {
		host = new URL(address).hostname.toLowerCase().replace(/^\[|\]$/g, '');
	} catch {
		return 'it is not a valid URL';
	}
	if (host === 'localhost' || host.endsWith('.localhost')) return 'its host is localhost';
	if (/\.(local|internal|lan|home|intranet)$/.test(host)) return `${host} is a local network name`;
	const ipv4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
	if (ipv4) {
		const [a, b] = [Number(ipv4[1]), Number(ipv4[2])];
		if (a === 127) return `${host} is a loopback address`;
		if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) {
			return `${host} is a private network address`;
		}
		if (a === 169 && b === 254) return `${host} is a link-local address`;
		if (a === 100 && b >= 64 && b <= 127) return `${host} is a carrier-grade NAT address`;
		if (a === 0) return `${host} is not a routable address`;
		return undefined;
	}
	if (host.includes(':')) {
		if (host === '::1') return `${host} is a loopback address`;
		if (/^f[cd]/.test(host)) return `${host} is a private network address`;
		if (/^fe[89ab]/.test(host)) return `${host} is a link-local address`;
		if (host === '::') return `${host} is not a routable address`;
		return undefined;
	}
	if (!host.includes('.')) return `${host} is not a public host name`;
	return undefined;
}

function warnWhenNotPublic(ctx: IHookFunctions, address: string): void {
	const reason = unreachableReason(address);
	if (!reason) return;
	ctx.logger.warn(
		`POD Platform Trigger: the webhook URL ${address} is not reachable from the internet (${reason}), so the POD Platform service cannot deliver events to it. ` +
			"Set n8n's public address with the N8N_WEBHOOK_URL environment variable (for example N8N_WEBHOOK_URL=https://n8n.example.com/) and restart n8n, " +
			'or use the POD Platform Poll Trigger, which needs no inbound connection.',
	);
}
