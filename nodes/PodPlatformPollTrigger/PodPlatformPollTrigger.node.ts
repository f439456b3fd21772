/**
 * The POD Platform Poll Trigger node, for n8n instances the service cannot reach: polls the shop's
 * order list on the workflow's schedule and emits an event for each order whose status changed.
 * The polling itself, and the wait when the service rate limits, live in poll.ts.
 */

import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import {
	fulfilmentStatusFilterOption,
	includePayloadOption,
	productNamesOption,
	topicsField,
	triggerShopLocator,
} from '../shared/descriptions/triggers';
import { TOPICS_OF_STATUS_CHANGES } from '../shared/events';
import { searchShops } from '../shared/methods/listSearch';
import { RecentNamings } from '../shared/productNames';
import { pollOrders } from './poll';

export class PodPlatformPollTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'POD Platform Poll Trigger',
		name: 'podPlatformPollTrigger',
		icon: {
			light: 'file:../../icons/podPlatform.svg',
			dark: 'file:../../icons/podPlatform.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["topics"].join(", ")}}',
		description:
			'Starts the workflow when an order changes status, by polling: for n8n instances the service cannot reach',
		defaults: { name: 'POD Platform Poll Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'podPlatformApi', required: true }],
		properties: [
			{
				displayName:
					'Polls on the Poll Times you set (every poll reads the order list) and emits one event per status change of an order, each once. The service rate limits its order list: when it asks to wait (HTTP 429), the trigger sends nothing until then and afterwards emits every change of the meantime. The first poll records the current statuses and emits nothing unless Emit Existing Orders is on.',
				name: 'pollNotice',
				type: 'notice',
				default: '',
			},
			triggerShopLocator,
			topicsField(
				[...TOPICS_OF_STATUS_CHANGES],
				'The order status changes that start the workflow',
			),
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Emit Existing Orders',
						name: 'emitExisting',
						type: 'boolean',
						default: false,
						description:
							'Whether the first poll emits an event for every order that exists already, instead of only recording their statuses',
					},
					fulfilmentStatusFilterOption,
					includePayloadOption,
					productNamesOption,
				],
			},
		],
	};

	methods = { listSearch: { searchShops } };

	/** Product names this process read lately, for the events' items (shared/productNames.ts). */
	private readonly recentNamings = new RecentNamings();

	poll = pollerOf(this.recentNamings);
}

function pollerOf(recentNamings: RecentNamings) {
	return async function (this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollOrders(this, recentNamings);
	};
}
