/**
 * Order → Get Many: the shop's orders, paged with Return All / Limit, with the filters a merchant
 * asks for (status, creation date, unique ID) in front.
 */

import type { INodeProperties } from 'n8n-workflow';

import { simplifyOrder } from '../../../shared/simplify/order';
import type { OrderFilterInput } from './orderFilter';
import { orderFilterConditions } from './orderFilter';
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

const orderFilters: SimpleFilters = {
	summary: 'Filter by payment and fulfillment status, creation date and unique ID',
	fields: [orderFilterFields],
	conditions(run, itemIndex) {
		const values = run.parameter('orderFilters', itemIndex, {}) as OrderFilterInput;
		return orderFilterConditions(values);
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
