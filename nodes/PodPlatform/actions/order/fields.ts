/** Fields several order operations share. */

import type { INodeProperties } from 'n8n-workflow';

import { idLocator } from '../common/locators';
import { ADDRESS_KEYS, ADDRESS_LABELS } from './payloads/address';
import { PLACEMENT_AXES, PLACEMENT_RULE } from '../common/position';
import type { PlacementAxis } from '../common/position';
import { FINANCIAL_STATUSES } from '../../../shared/types';
import { titleCase } from '../../../shared/values';

/** The order to work on: the shop's orders newest first, by ID, or by the order's own URL. */
/** The Order field's mode that finds the order by the Unique ID it was submitted with. */
export const BY_UNIQUE_ID = 'uniqueId';

const orderLocator = idLocator({
	displayName: 'Order',
	name: 'orderId',
	searchListMethod: 'searchOrders',
	noun: 'order',
	placeholderId: '10001',
	urlSegment: 'orders',
	description:
		'The order, listed newest first by its unique ID and customer, or given by its ID, its URL or the Unique ID it was submitted with',
});

export const orderIdField: INodeProperties = {
	...orderLocator,
	modes: [
		...(orderLocator.modes ?? []),
		{
			displayName: 'By Unique ID',
			name: BY_UNIQUE_ID,
			type: 'string',
			placeholder: 'e.g. shopify-450789469',
		},
	],
};

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
	AUTHORIZED: 'Payment authorized but not captured; production waits',
	PARTIALLY_PAID: 'Part of the amount is paid',
	PAID: 'Paid in full: production starts and the order is charged',
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

const CHOOSE_OR_EXPRESSION =
	'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>';

/**
 * A dropdown listed from the service. The value is kept even before its list is loaded (an ID
 * given by expression, or nothing chosen yet), so the editor never flags an empty choice as
 * unsupported; the run checks the value instead.
 */
export function serviceDropdown(
	displayName: string,
	name: string,
	method: string,
	dependsOn: string[],
	extra: Partial<INodeProperties> = {},
): INodeProperties {
	return {
		displayName,
		name,
		type: 'options',
		typeOptions: { loadOptionsMethod: method, loadOptionsDependsOn: dependsOn },
		allowArbitraryValues: true,
		default: '',
		description: CHOOSE_OR_EXPRESSION,
		...extra,
	};
}

/** A motive of the shop for a print: searched by name, or given by ID. */
export const motiveLocator: INodeProperties = {
	displayName: 'Motive',
	name: 'motiveId',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	description: 'A motive of the shop',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchMotives', searchable: true },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 5001',
			validation: [
				{
					type: 'regex',
					properties: { regex: '^\\d+$', errorMessage: 'A motive ID is a whole number' },
				},
			],
		},
	],
};

/**
 * The contract's order address, one form field per key, in postal order. None is required on its
 * own: which fields a parcel needs is the service's to say, and many places write addresses
 * without a postal code.
 */
function addressFields(): INodeProperties[] {
	const extra: Partial<Record<(typeof ADDRESS_KEYS)[number], Partial<INodeProperties>>> = {
		countryCode: { placeholder: 'e.g. DE', description: 'Two-letter ISO 3166-1 code' },
	};
	return ADDRESS_KEYS.map((key) => ({
		displayName: ADDRESS_LABELS[key],
		name: key,
		type: 'string',
		default: '',
		...extra[key],
	}));
}

/** Where a recipient's name can go, since an order address cannot carry one. */
const RECIPIENT_NOTE =
	'An order address has no name or company: the parcel is addressed to the customer (Customer → First Name and Last Name). For another recipient per address, use CSV Import, whose addresses carry names.';

/** An address as one group whose fields all open at once, in postal order. */
function addressField(
	displayName: string,
	name: string,
	description: string,
	required: boolean,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'fixedCollection',
		placeholder: `Add ${displayName}`,
		default: {},
		required,
		description,
		options: [{ displayName: 'Address', name: 'address', values: addressFields() }],
	};
}

/** Country, customer, addresses and shipping: the head of an order (Submit and Create Draft). */
export function orderHeaderFields(options: { requireShippingAddress: boolean }): INodeProperties[] {
	return [
		serviceDropdown('Country Name or ID', 'country', 'getOrderCountries', [], {
			required: true,
			hint: 'The order country sets currency and VAT; by expression, its ISO code (DE) or ID',
		}),
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
		addressField(
			'Shipping Address',
			'shippingAddress',
			options.requireShippingAddress
				? `Where the order is shipped; required: the service refuses an order without one. ${RECIPIENT_NOTE}`
				: `Where the order is shipped. ${RECIPIENT_NOTE}`,
			options.requireShippingAddress,
		),
		addressField(
			'Billing Address',
			'billingAddress',
			`Where the invoice goes (optional). ${RECIPIENT_NOTE}`,
			false,
		),
		{
			displayName: 'Shipping Title',
			name: 'shippingTitle',
			type: 'string',
			default: '',
			placeholder: 'e.g. Standard',
			description: 'The shipping method as shown to the customer',
		},
		serviceDropdown('Carrier Name or ID', 'carrierId', 'getOrderCarriers', ['shop.value']),
	];
}

/**
 * What the Color and Size lists wait for, said as an explanation: the lists fill themselves once
 * the field above is set (read as "choose one" when it said "Listed once a product is chosen").
 */
const COLORS_APPEAR = "The product's colors appear here once a product is set above";
const SIZES_APPEAR =
	'The sizes orderable in the chosen color appear here once a color is set above';

/**
 * A product's color and size, then the amount: what one designed item of an order needs besides
 * its prints. Colors are listed from the product; sizes from the chosen color, so that only pairs
 * with an orderable SKU are offered.
 */
export function variantFields(lists: {
	colors: string;
	sizes: string;
	/** Where the product is, as the dropdowns depend on it. */
	productDependsOn: string[];
	/** Where the chosen color is, as the sizes depend on it. */
	colorPath: string;
	required: boolean;
	/** Whether an expression may give the name the product lists instead of the ID. */
	byName?: boolean;
}): INodeProperties[] {
	const required = lists.required ? { required: true } : {};
	const byName = (noun: string) =>
		lists.byName
			? {
					description: `Choose from the list, or by expression give its ID or the ${noun} name the product lists (any case)`,
				}
			: {};
	return [
		serviceDropdown('Color Name or ID', 'assignedColorId', lists.colors, lists.productDependsOn, {
			...required,
			...byName('color'),
			// By SKU or name the product is known only when the run looks it up: the list stays
			// empty then, and the Variant usually names the color instead.
			hint: lists.byName
				? `Leave empty when the Variant names the color. ${COLORS_APPEAR} from the list or by ID.`
				: COLORS_APPEAR,
		}),
		serviceDropdown(
			'Size Name or ID',
			'assignedSizeId',
			lists.sizes,
			[...lists.productDependsOn, lists.colorPath],
			{
				...required,
				...byName('size'),
				hint: lists.byName
					? `Leave empty when the Variant names the size. ${SIZES_APPEAR}.`
					: SIZES_APPEAR,
			},
		),
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

/**
 * A side of an axis: what one value means. Which values may be set together is the rule's
 * (PLACEMENT_RULE), shown once, under the first field.
 */
const sideField = (axis: PlacementAxis, side: 0 | 1): INodeProperties => {
	const horizontal = axis.name === 'horizontal';
	const edge = axis.keys[side];
	return {
		displayName: axis.words[side],
		name: edge,
		type: 'string',
		default: '',
		placeholder: horizontal ? 'e.g. 10 or 5%' : 'e.g. 20 or 10%',
		description: `Distance from the ${edge} edge in millimeters, or N% of the print area ${horizontal ? 'width' : 'height'}`,
		...(edge === PLACEMENT_AXES[0].keys[0] ? { hint: PLACEMENT_RULE } : {}),
	};
};

const centreField = (axis: PlacementAxis): INodeProperties => ({
	displayName: axis.words[2],
	name: axis.keys[2],
	type: 'boolean',
	default: false,
	description: `Whether to center the element ${axis.name === 'horizontal' ? 'horizontally' : 'vertically'} on the print area`,
});

/**
 * The placement of a print (contract, "Position"): the four sides in millimeters or N% of the
 * print area, then the two centering switches, named by the axes of position.ts.
 */
export const placementFields: INodeProperties[] = [
	...PLACEMENT_AXES.flatMap((axis) => [sideField(axis, 0), sideField(axis, 1)]),
	...PLACEMENT_AXES.map(centreField),
];
