/**
 * Order → Get Many: the shop's orders, paged with Return All / Limit, with the filters a merchant
 * asks for (status, creation date, unique ID) in front.
 */

import type { INodeProperties } from 'n8n-workflow';

import { simplifyOrder } from '../../../shared/simplify/order';
import type { OrderFilterInput } from './orderFilter';
import { attentionOf, needsAttentionInput, orderFilterConditions } from './orderFilter';
import { InputError } from '../../../shared/errors';
import { financialStatusLabel, fulfilmentStatusLabel } from '../../../shared/statusLabels';
import { FINANCIAL_STATUSES, FULFILMENT_STATUSES } from '../../../shared/types';
import type { SimpleFilters } from '../common/list';
import { getManyOperation } from '../common/list';
import { itemShopPath } from '../common/scope';
import { READ, BUYER_TEXT } from '../wordsForModel';

/** What the fulfillment statuses mean (contract, States and transitions). */
const FULFILMENT_STATUS_DESCRIPTIONS: Record<(typeof FULFILMENT_STATUSES)[number], string> = {
	WAITING_FOR_RESOURCES: 'Paid; the motive files are being prepared for print',
	PREPARED_TO_PRODUCE: 'Ready for production, not picked up yet',
	NOT_EDITABLE: 'Picked up by production; the order can no longer change',
	FINISHED: 'Shipped',
	RECLAMATION: 'A complaint is being handled',
	CANCELLATION_WAITING: 'Cancellation requested, not confirmed yet',
	CANCELLED: 'Canceled; production stopped',
	ERROR_HQ_MOTIVES: 'Preparing the motive files for print failed',
};

const orderFilterFields: INodeProperties = {
	displayName: 'Filters',
	name: 'orderFilters',
	type: 'collection',
	placeholder: 'Add Filter',
	default: {},
	description: 'Only the orders that match every filter set here',
	options: [
		{
			displayName: 'Created After',
			name: 'createdAfter',
			type: 'dateTime',
			default: '',
			description:
				"Orders created at or after this time; a picked date is a time of day in the service's timezone",
		},
		{
			displayName: 'Created Before',
			name: 'createdBefore',
			type: 'dateTime',
			default: '',
			description:
				"Orders created before this time; a picked date is a time of day in the service's timezone",
		},
		{
			displayName: 'Financial Status',
			name: 'financialStatuses',
			type: 'multiOptions',
			default: [],
			description: 'Orders in any of these payment statuses',
			options: FINANCIAL_STATUSES.map((status) => ({
				name: financialStatusLabel(status) ?? status,
				value: status,
			})),
		},
		{
			displayName: 'Fulfillment Status',
			name: 'fulfilmentStatuses',
			type: 'multiOptions',
			default: [],
			description: 'Orders in any of these production and shipping statuses',
			options: FULFILMENT_STATUSES.map((status) => ({
				name: fulfilmentStatusLabel(status) ?? status,
				value: status,
				description: FULFILMENT_STATUS_DESCRIPTIONS[status],
			})),
		},
		{
			displayName: 'Unique ID',
			name: 'uniqueId',
			type: 'string',
			default: '',
			placeholder: 'e.g. SHOP-1001',
			description: 'The order with this unique ID (your own order number, given at Submit)',
		},
	],
};

const NEEDS_ATTENTION = 'needsAttention';

/** What Filter: Simple lists: the orders the filters below give, or those needing attention. */
const orderSelectionField: INodeProperties = {
	displayName: 'Orders',
	name: 'orderSelection',
	type: 'options',
	default: 'filters',
	options: [
		{
			name: 'By Filters',
			value: 'filters',
			description: 'The orders that match the filters below (all orders without any)',
		},
		{
			name: 'Needs Attention',
			value: NEEDS_ATTENTION,
			description:
				'Orders stuck longer than Older Than (still preparing files, not picked up, a cancellation not confirmed, held or unpaid), and any whose files failed or that have a complaint, each with why and what to do',
		},
	],
};

const olderThanField: INodeProperties = {
	displayName: 'Older Than (Hours)',
	name: 'olderThanHours',
	type: 'number',
	default: 24,
	typeOptions: { minValue: 0 },
	description:
		'An order counts as stuck when it was placed this many hours ago and has not moved on (the order record tells when it was placed, not when its status last changed)',
	displayOptions: { show: { orderSelection: [NEEDS_ATTENTION] } },
};

const orderFilters: SimpleFilters = {
	summary:
		'Filter by payment and fulfillment status, creation date and unique ID, or list the orders needing attention',
	fields: [
		orderSelectionField,
		{ ...orderFilterFields, displayOptions: { show: { orderSelection: ['filters'] } } },
		olderThanField,
	],
	input(run, itemIndex) {
		if (run.parameter<string>('orderSelection', itemIndex, 'filters') !== NEEDS_ATTENTION) {
			const values = run.parameter('orderFilters', itemIndex, {}) as OrderFilterInput;
			return { conditions: orderFilterConditions(values) };
		}
		const hours = Number(run.parameter('olderThanHours', itemIndex, 24));
		if (!Number.isFinite(hours) || hours < 0) {
			throw new InputError(
				`Older Than (Hours) must be a number of hours, 0 or more, got ${JSON.stringify(hours)}`,
				'Enter how many hours after it was placed an order counts as stuck, for example 24.',
				'olderThanHours',
			);
		}
		return needsAttentionInput(new Date(Date.now() - hours * 3_600_000));
	},
	annotate(record, run, itemIndex) {
		return run.parameter<string>('orderSelection', itemIndex, 'filters') === NEEDS_ATTENTION
			? attentionOf(record)
			: undefined;
	},
};

export const getAllOperation = getManyOperation(
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many orders',
		description: 'List the orders of the shop, by status, creation date or unique ID',
	},
	{
		filterRoot: 'productionOrderFilter',
		simpleFilters: orderFilters,
		forModel: `List the shop's print orders, newest first, optionally only those of a payment or fulfilment status, a creation date range or a Unique ID. ${READ} The records carry no items or tracking: read one order for those. ${BUYER_TEXT}`,
		async path(itemIndex, run) {
			return `${await itemShopPath(run, itemIndex)}/orders`;
		},
		simplify: simplifyOrder,
	},
);
