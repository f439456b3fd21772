/** Fields several order operations share. */

import type { INodeProperties } from 'n8n-workflow';

import { idLocator } from '../../../shared/descriptions/locators';
import { ADDRESS_KEYS } from '../../../shared/payloads/address';
import { FINANCIAL_STATUSES } from '../../../shared/types';
import { titleCase } from '../../../shared/values';

/** The order to work on: the shop's orders newest first, by ID, or by the order's own URL. */
export const orderIdField: INodeProperties = idLocator({
	displayName: 'Order',
	name: 'orderId',
	searchListMethod: 'searchOrders',
	noun: 'order',
	placeholderId: '10001',
	urlSegment: 'orders',
	description: 'The order, listed newest first by its unique ID and customer',
});

export const orderedProductIdField: INodeProperties = {
	displayName: 'Ordered Product Name or ID',
	name: 'orderedProductId',
	type: 'options',
	typeOptions: {
		loadOptionsMethod: 'getOrderedProducts',
		loadOptionsDependsOn: ['shop.value', 'orderId.value'],
	},
	default: '',
	required: true,
	description:
		'An item of the chosen order. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

const STATUS_DESCRIPTIONS: Record<string, string> = {
	PENDING: 'Not paid yet; production waits',
	AUTHORIZED: 'Payment authorised but not captured; production waits',
	PARTIALLY_PAID: 'Part of the amount is paid',
	PAID: 'Paid in full; production starts once the order is handed off (you are charged)',
	PARTIALLY_REFUNDED: 'Part of the amount was refunded',
	REFUNDED: 'The amount was refunded',
	VOIDED: 'The payment was voided',
};

export function financialStatusField(defaultValue: string, description: string): INodeProperties {
	return {
		displayName: 'Financial Status',
		name: 'financialStatus',
		type: 'options',
		default: defaultValue,
		description,
		options: FINANCIAL_STATUSES.map((status) => ({
			name: titleCase(status),
			value: status,
			description: STATUS_DESCRIPTIONS[status],
		})),
	};
}

/** The contract's order address, one form field per key; it has no recipient name or company. */
const ADDRESS_FIELDS: Record<(typeof ADDRESS_KEYS)[number], Omit<INodeProperties, 'name'>> = {
	street: { displayName: 'Street', type: 'string', default: '' },
	streetNo: { displayName: 'Street Number', type: 'string', default: '' },
	city: { displayName: 'City', type: 'string', default: '' },
	zip: { displayName: 'ZIP Code', type: 'string', default: '' },
	countryCode: {
		displayName: 'Country Code',
		type: 'string',
		default: '',
		placeholder: 'e.g. DE',
		description: 'Two-letter ISO 3166-1 code',
	},
};

const addressOptions: INodeProperties[] = ADDRESS_KEYS.map((name) => ({
	...ADDRESS_FIELDS[name],
	name,
})).sort((a, b) => a.displayName.localeCompare(b.displayName));

/** Where a recipient's name can go, since an order address cannot carry one. */
const RECIPIENT_NOTE =
	'An order address has no name or company: the parcel is addressed to the customer (Customer → First Name and Last Name). For another recipient per address, use CSV Import, whose addresses carry names.';

const SHIPPING_ADDRESS_DESCRIPTION = `Where the order is shipped. ${RECIPIENT_NOTE}`;
const REQUIRED_SHIPPING_ADDRESS_DESCRIPTION = `Where the order is shipped; the service refuses an order without it. ${RECIPIENT_NOTE}`;
const BILLING_ADDRESS_DESCRIPTION = `Where the invoice goes. ${RECIPIENT_NOTE}`;

/** Country, customer, addresses and shipping: the head of an order (Submit and Create Draft). */
export function orderHeaderFields(options: { requireShippingAddress: boolean }): INodeProperties[] {
	return [
		{
			displayName: 'Country',
			name: 'country',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. DE or 1',
			description:
				'The order country (currency and VAT): its two-letter ISO code or its numeric ID (Country → Get Many)',
		},
		{
			displayName: 'Customer',
			name: 'customer',
			type: 'collection',
			placeholder: 'Add Customer Field',
			default: {},
			options: [
				{
					displayName: 'Email',
					name: 'email',
					type: 'string',
					placeholder: 'name@email.com',
					default: '',
				},
				{ displayName: 'First Name', name: 'firstName', type: 'string', default: '' },
				{ displayName: 'Last Name', name: 'lastName', type: 'string', default: '' },
				{ displayName: 'Phone', name: 'phone', type: 'string', default: '' },
			],
		},
		{
			displayName: 'Shipping Address',
			name: 'shippingAddress',
			type: 'collection',
			placeholder: 'Add Address Field',
			default: {},
			required: options.requireShippingAddress,
			description: options.requireShippingAddress
				? REQUIRED_SHIPPING_ADDRESS_DESCRIPTION
				: SHIPPING_ADDRESS_DESCRIPTION,
			options: addressOptions,
		},
		{
			displayName: 'Billing Address',
			name: 'billingAddress',
			type: 'collection',
			placeholder: 'Add Address Field',
			default: {},
			description: BILLING_ADDRESS_DESCRIPTION,
			options: addressOptions,
		},
		{
			displayName: 'Shipping Title',
			name: 'shippingTitle',
			type: 'string',
			default: '',
			placeholder: 'e.g. Standard',
			description: 'The shipping method as shown to the customer',
		},
		{
			displayName: 'Carrier ID',
			name: 'carrierId',
			type: 'string',
			default: '',
			placeholder: 'e.g. 21',
			description: 'A carrier of the shop by its numeric ID (Carrier → Get Many lists them)',
		},
	];
}

const CHOOSE_OR_EXPRESSION =
	'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>';

/**
 * A product's assigned colour and size, listed from the product the fields depend on, then the
 * amount: what one designed item of an order needs besides its prints.
 */
export function variantFields(lists: {
	colors: string;
	sizes: string;
	dependsOn: string[];
	required: boolean;
}): INodeProperties[] {
	const dropdown = (displayName: string, name: string, method: string): INodeProperties => ({
		displayName,
		name,
		type: 'options',
		typeOptions: { loadOptionsMethod: method, loadOptionsDependsOn: lists.dependsOn },
		default: '',
		...(lists.required ? { required: true } : {}),
		description: CHOOSE_OR_EXPRESSION,
	});
	return [
		dropdown('Assigned Color Name or ID', 'assignedColorId', lists.colors),
		dropdown('Assigned Size Name or ID', 'assignedSizeId', lists.sizes),
		{
			displayName: 'Amount',
			name: 'amount',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 1,
			description: 'How many pieces to produce',
		},
	];
}

const marginField = (
	displayName: string,
	edge: 'left' | 'right' | 'top' | 'bottom',
): INodeProperties => {
	const horizontal = edge === 'left' || edge === 'right';
	return {
		displayName,
		name: edge,
		type: 'string',
		default: '',
		placeholder: horizontal ? 'e.g. 10 or 5%' : 'e.g. 20 or 10%',
		description: `Distance from the ${edge} edge in millimetres, or N% of the print area ${horizontal ? 'width' : 'height'}`,
	};
};

/** The four margins of a print (contract, "Position"): millimetres, or N% of the print area. */
export const marginFields: INodeProperties[] = [
	marginField('Left', 'left'),
	marginField('Right', 'right'),
	marginField('Top', 'top'),
	marginField('Bottom', 'bottom'),
];
