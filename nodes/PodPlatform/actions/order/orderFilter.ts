/**
 * The order list's own filters (payment and fulfillment status, creation dates, unique ID) as
 * conditions of one productionOrderFilter: each filled field is one condition, all must hold.
 */

import { isBlank } from '../../../shared/values';
import type { ConditionInput, FilterBuilderInput } from '../../../shared/payloads/filter';

/** The values of the order list's filter fields, as n8n gives them. */
export interface OrderFilterInput {
	financialStatuses?: unknown;
	fulfilmentStatuses?: unknown;
	createdAfter?: unknown;
	createdBefore?: unknown;
	uniqueId?: unknown;
}

/** The form's names of the filter fields, used in errors. */
export const ORDER_FILTER_LABELS: Record<keyof OrderFilterInput, string> = {
	financialStatuses: 'Financial Status',
	fulfilmentStatuses: 'Fulfillment Status',
	createdAfter: 'Created After',
	createdBefore: 'Created Before',
	uniqueId: 'Unique ID',
};

function statuses(raw: unknown): string[] {
	const list = Array.isArray(raw) ? raw : isBlank(raw) ? [] : String(raw).split(',');
	return list.map((status) => String(status).trim()).filter((status) => status !== '');
}

/**
 * The conditions the filled fields give, in the form's order; none when every field is empty.
 * Created After includes its instant, Created Before excludes it, so adjacent ranges do not
 * overlap.
 */
export function orderFilterConditions(input: OrderFilterInput): ConditionInput[] {
	const conditions: ConditionInput[] = [];
	const place = (field: keyof OrderFilterInput) => `Filters › ${ORDER_FILTER_LABELS[field]}`;
	for (const [field, property] of [
		['financialStatuses', 'financialStatus'],
		['fulfilmentStatuses', 'fulfilmentStatus'],
	] as const) {
		const values = statuses(input[field]);
		if (values.length > 0) {
			conditions.push({ conditionType: 'contain', property, values, formField: place(field) });
		}
	}
	for (const [field, operator] of [
		['createdAfter', 'gte'],
		['createdBefore', 'lt'],
	] as const) {
		if (!isBlank(input[field])) {
			conditions.push({
				conditionType: 'simple',
				property: 'created',
				operator,
				value: input[field],
				formField: place(field),
			});
		}
	}
	const uniqueId = isBlank(input.uniqueId) ? '' : String(input.uniqueId).trim();
	if (uniqueId) {
		conditions.push({
			conditionType: 'simple',
			property: 'uniqueId',
			operator: 'eq',
			value: uniqueId,
			formField: place('uniqueId'),
		});
	}
	return conditions;
}

/**
 * Needs Attention: the orders a person should look at, each for one reason. Stuck, by the time
 * since the order was placed (the record has no time of its last change): still preparing its
 * files, ready but not picked up, a cancellation not confirmed, and not in production at all (a
 * held draft, an order not paid yet). Whatever their age: files that failed, a complaint.
 */
const ATTENTION: Record<string, { stuck: boolean; reason: string; todo: string }> = {
	WAITING_FOR_RESOURCES: {
		stuck: true,
		reason: 'Its print files are still being prepared',
		todo: 'Check its motives with Order → Get; if it stays here, ask the service about this order ID.',
	},
	PREPARED_TO_PRODUCE: {
		stuck: true,
		reason: 'Ready for production, but production has not picked it up',
		todo: 'Ask the service about this order ID if it stays here.',
	},
	CANCELLATION_WAITING: {
		stuck: true,
		reason: 'Its cancellation was requested and production has not confirmed it',
		todo: 'Ask the service to confirm the cancellation before the order ships.',
	},
	ERROR_HQ_MOTIVES: {
		stuck: false,
		reason: 'Preparing its print files failed',
		todo: 'Submit the order again with a corrected motive file and cancel this one, or ask the service.',
	},
	RECLAMATION: {
		stuck: false,
		reason: 'A complaint about it is being handled',
		todo: 'Follow the complaint up with the service.',
	},
};

/** Not in production: a held draft, or an order handed over that is not paid yet. */
const NOT_IN_PRODUCTION = {
	reason:
		'Not in production: a held draft waiting for Release or Discard, or an order not paid yet',
	todo: 'Release it (Order → Release) or Discard it; an order waiting for payment starts once it is paid.',
};

const statusesWhere = (stuck: boolean) =>
	Object.entries(ATTENTION)
		.filter(([, entry]) => entry.stuck === stuck)
		.map(([status]) => status);

/**
 * The Needs Attention filter for orders placed before `placedBefore`: one Any Of group, its
 * alternatives the stuck statuses placed before it, the statuses listed at any age, and no
 * fulfilment status placed before it. The time is rounded up to the minute, so one run (and runs in
 * the same minute) stores one filter, found again by its digest.
 */
export function needsAttentionInput(placedBefore: Date): FilterBuilderInput {
	const cutoff = new Date(Math.ceil(placedBefore.getTime() / 60_000) * 60_000).toISOString();
	const older = (andKey: string): ConditionInput => ({
		conditionType: 'simple',
		property: 'created',
		operator: 'lt',
		value: cutoff,
		andKey,
		formField: 'Older Than (Hours)',
	});
	return {
		anyOf: [
			{
				conditions: [
					{
						conditionType: 'contain',
						property: 'fulfilmentStatus',
						values: statusesWhere(true),
						andKey: 'stuck',
					},
					older('stuck'),
					{ conditionType: 'contain', property: 'fulfilmentStatus', values: statusesWhere(false) },
					{ conditionType: 'isNull', property: 'fulfilmentStatus', andKey: 'held' },
					older('held'),
				],
			},
		],
	};
}

/** Why a listed order needs attention and what to do, by its fulfilment status. */
export function attentionOf(record: { fulfilmentStatus?: unknown }): {
	attentionReason: string;
	attentionTodo: string;
} {
	const status = record.fulfilmentStatus;
	const entry = typeof status === 'string' && status !== '' ? ATTENTION[status] : NOT_IN_PRODUCTION;
	// A status the filter did not ask for (a service that lists more): said as it is.
	const { reason, todo } = entry ?? {
		reason: `Fulfilment status ${String(status)}`,
		todo: 'Read it with Order → Get.',
	};
	return { attentionReason: reason, attentionTodo: todo };
}
