/**
 * The order list's own filters (payment and fulfillment status, creation dates, unique ID) as
 * conditions of one productionOrderFilter: each filled field is one condition, all must hold.
 */

import { isBlank } from '../../../shared/values';
import type { ConditionInput } from '../../../shared/payloads/filter';

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
