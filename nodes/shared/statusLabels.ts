/**
 * The words a merchant reads for the service's order statuses, beside the raw values the service
 * and its filters use. One label per value of the contract's two status fields.
 */

import type { FulfilmentStatus } from './types';
import { FINANCIAL_STATUSES } from './types';

type FinancialStatus = (typeof FINANCIAL_STATUSES)[number];

const FINANCIAL_LABELS: Record<FinancialStatus, string> = {
	PENDING: 'Pending',
	AUTHORIZED: 'Authorized',
	PARTIALLY_PAID: 'Partially Paid',
	PAID: 'Paid',
	PARTIALLY_REFUNDED: 'Partially Refunded',
	REFUNDED: 'Refunded',
	VOIDED: 'Voided',
};

// What each stage means to the merchant, from the contract's state table.
const FULFILMENT_LABELS: Record<FulfilmentStatus, string> = {
	WAITING_FOR_RESOURCES: 'Preparing Print Files',
	PREPARED_TO_PRODUCE: 'Ready for Production',
	NOT_EDITABLE: 'In Production',
	FINISHED: 'Shipped',
	RECLAMATION: 'Complaint',
	CANCELLATION_WAITING: 'Cancellation Requested',
	CANCELLED: 'Canceled',
	ERROR_HQ_MOTIVES: 'Print File Error',
};

function labelOf(labels: Record<string, string>, value: unknown): string | undefined {
	if (typeof value !== 'string' || value === '') return undefined;
	return Object.prototype.hasOwnProperty.call(labels, value) ? labels[value] : value;
}

/** The label of a financialStatus value; an unknown value is shown as it is. */
export function financialStatusLabel(value: unknown): string | undefined {
	return labelOf(FINANCIAL_LABELS, value);
}

/** The label of a fulfilmentStatus value (as normalised: FULFILLED reads FINISHED). */
export function fulfilmentStatusLabel(value: unknown): string | undefined {
	return labelOf(FULFILMENT_LABELS, value);
}
