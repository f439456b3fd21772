/**
 * The POD Platform Trigger node: subscribes a webhook for the chosen order events when the workflow
 * is activated, removes it when deactivated, and starts the workflow for each verified delivery.
 * A delivery is remembered once its execution exists, and saved by execute (deliveries.ts).
 */

import type {
	IExecuteFunctions,
	IHookFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import {
	fulfilmentStatusFilterOption,
	includePayloadOption,
	productNamesOption,
	topicsField,
	triggerShopLocator,
} from '../shared/descriptions/triggers';
import { checkedShopId } from '../shared/descriptions/shop';
import { searchShops } from '../shared/methods/listSearch';
import { nameTriggerEvents, RecentNamings } from '../shared/productNames';
import { ServiceClient } from '../shared/transport';
import { CREDENTIAL_NAME } from '../shared/send';
import { TOPICS } from '../shared/types';
import { DELIVERIES_REMEMBERED_AT_MOST, DeliveryLogs, rememberedKeyOf } from './deliveries';
import { checkExists, create, remove } from './lifecycle';
import { DEFAULT_HEADER_PREFIX, receive } from './receive';
import { DerivedSecrets } from './secrets';
import type { ReceiveOptions } from './receive';
import { staticDataOf } from './staticData';

export class PodPlatformTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'POD Platform Trigger',
		name: 'podPlatformTrigger',
		icon: {
			light: 'file:../../icons/podPlatform.svg',
			dark: 'file:../../icons/podPlatform.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["topics"].join(", ")}}',
		// n8n shows the trigger's description for the whole app in its nodes panel.
		description: 'Submit print-on-demand orders and react to their production events',
		defaults: { name: 'POD Platform Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'podPlatformApi', required: true }],
		webhooks: [
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' },
		],
		properties: [
			{
				displayName:
					"The service must reach this workflow's production URL from the internet. If n8n runs on localhost or a private network, set n8n's N8N_WEBHOOK_URL environment variable (WEBHOOK_URL on n8n 1.x) to its public address, or use the POD Platform Poll Trigger.",
				name: 'reachabilityNotice',
				type: 'notice',
				default: '',
			},
			triggerShopLocator,
			topicsField([...TOPICS], 'The order events that start the workflow'),
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Delivery Format',
						name: 'mediaType',
						type: 'options',
						default: 'JSON',
						description:
							'Format in which the service sends notifications. Both give the same event; JSON unless your deployment asks for XML.',
						options: [
							{ name: 'JSON', value: 'JSON' },
							{ name: 'XML', value: 'XML' },
						],
					},
					{
						displayName: 'Header Prefix',
						name: 'headerPrefix',
						type: 'string',
						default: DEFAULT_HEADER_PREFIX,
						description:
							'Prefix of the topic and signature headers. Deployments that brand them send x-BRAND-topic and x-BRAND-hmac-sha256; enter x-BRAND then.',
					},
					{
						displayName: 'Ignore Redeliveries',
						name: 'ignoreRedeliveries',
						type: 'boolean',
						default: true,
						description: `Whether to answer the service's retry of a delivery already emitted without starting the workflow again. The service re-sends a delivery it saw fail every hour for two days: a byte-identical delivery that comes at least 55 minutes and at most 49 hours after one emitted is such a retry; one that comes sooner is a new event and starts the workflow (at most ${DELIVERIES_REMEMBERED_AT_MOST.toLocaleString('en-US')} deliveries are remembered). In queue mode each webhook process remembers only what it received until it restarts: see the README.`,
					},
					{
						displayName: 'Include Raw Body',
						name: 'includeRawBody',
						type: 'boolean',
						default: false,
						description: 'Whether to add the notification body, exactly as received, as rawBody',
					},
					fulfilmentStatusFilterOption,
					includePayloadOption,
					productNamesOption,
				],
			},
		],
	};

	methods = { listSearch: { searchShops } };

	/**
	 * The deliveries this process emitted, per workflow node: n8n loads each node type once per
	 * process, so the memory lives with the loaded node (see deliveries.ts).
	 */
	private readonly deliveryLogs = new DeliveryLogs();

	/** The subscriptions' secrets this process has derived (secrets.ts). */
	private readonly derivedSecrets = new DerivedSecrets();

	/** Product names this process read lately, for the events' items (shared/productNames.ts). */
	private readonly recentNamings = new RecentNamings();

	webhookMethods = { default: subscriptionMethodsOf(this.deliveryLogs) };

	webhook = receiverOf(this.deliveryLogs, this.derivedSecrets);

	/**
	 * n8n runs this as the first step of every execution the trigger starts, with the events
	 * webhook() emitted: the proof that their executions exist, and a copy of the static data that
	 * n8n saves when the execution ends. So the memory of deliveries is confirmed and saved from
	 * here.
	 */
	execute = persisterOf(this.deliveryLogs, this.recentNamings);
}

/**
 * n8n's activation hooks. After a production activation or deactivation, the executions still
 * running are given the subscriptions it stored (DeliveryLog.registrationsChanged); a test URL's
 * subscriptions live in the manual run's copy and are not passed on.
 */
function subscriptionMethodsOf(logs: DeliveryLogs) {
	const afterwards = async (ctx: IHookFunctions, step: Promise<boolean>) => {
		try {
			return await step;
		} finally {
			if (ctx.getMode() !== 'manual') {
				const staticData = staticDataOf(ctx);
				logs
					.of(ctx.getWorkflow().id, ctx.getNode().id, staticData)
					.registrationsChanged(staticData.registrations);
			}
		}
	};
	return {
		async checkExists(this: IHookFunctions): Promise<boolean> {
			return await checkExists(this);
		},
		async create(this: IHookFunctions): Promise<boolean> {
			return await afterwards(this, create(this));
		},
		async delete(this: IHookFunctions): Promise<boolean> {
			return await afterwards(this, remove(this));
		},
	};
}

function receiverOf(logs: DeliveryLogs, derivedSecrets: DerivedSecrets) {
	return async function (this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receive(this, logs, derivedSecrets);
	};
}

/**
 * The execution's first step: its deliveries remembered (their execution exists) and the memory
 * saved, and the event's items named here
 * rather than in webhook(), so that the service's delivery is answered without waiting for a
 * product read.
 */
function persisterOf(logs: DeliveryLogs, recentNamings: RecentNamings) {
	return async function (this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const events = this.getInputData();
		const options = this.getNodeParameter('options', 0, {}) as ReceiveOptions;
		if (options.ignoreRedeliveries !== false) {
			const staticData = staticDataOf(this);
			const log = logs.of(this.getWorkflow().id, this.getNode().id, staticData);
			for (const event of events) {
				const key = event.json.deliveryKey;
				if (typeof key === 'string') log.confirm(rememberedKeyOf(key));
			}
			log.persistInto(staticData, Date.now());
		}
		if (options.productNames === false) return [events];
		return [await namedEvents(this, events, recentNamings)];
	};
}

/** The events with their items named; an event the shop cannot be read for is left as it is. */
async function namedEvents(
	ctx: IExecuteFunctions,
	events: INodeExecutionData[],
	recentNamings: RecentNamings,
): Promise<INodeExecutionData[]> {
	let shopId: string;
	try {
		shopId = checkedShopId(ctx.getNodeParameter('shop', 0, '', { extractValue: true }));
	} catch {
		return events;
	}
	const named = await nameTriggerEvents(
		events.map((event) => event.json),
		recentNamings,
		{
			credentialId: ctx.getNode().credentials?.[CREDENTIAL_NAME]?.id ?? '',
			shopId,
			service: () => new ServiceClient(ctx),
		},
	);
	return events.map((event, index) => ({ ...event, json: named[index] }));
}
