/**
 * Submit's fields for One Item per Storefront Order: which storefront, its key, the prints of
 * every line, and what becomes of a line the print shop does not sell.
 */

import type { INodeProperties } from 'n8n-workflow';

import { SUBMIT_INPUT, onlyFor } from './input';
import { LINE_PRINTING } from './printChoice';
import { printFields } from './printFields';

/**
 * The prints every line of a storefront's order gets: a design's prints, but for the print area,
 * which the lines' products share by name or view only, so it is no list of one product's areas.
 */
const linePrintFields: INodeProperties[] = printFields.map((field) =>
	field.name === 'printAreaId'
		? {
				displayName: 'Print Area',
				// A name or view, not an ID: readOrder.ts gives it to the check as the print's area.
				name: 'printArea',
				type: 'string',
				default: '',
				placeholder: 'e.g. FRONT',
				description:
					"The print area by its name or its view (FRONT, BACK), matched on each line's product; a product without it fails the order, naming the line",
			}
		: field,
);

/** What becomes of a line the print shop does not sell: the order fails, or is printed without it. */
export const LINES_NOT_SOLD = { fail: 'fail', leaveOut: 'leaveOut' } as const;

/** One Item per Storefront Order: which storefront, its key, and the prints of every line. */
export const storefrontOrderFields: INodeProperties[] = [
	{
		displayName:
			"Each input item is one whole storefront order, as n8n's Shopify Trigger (orders/create), WooCommerce Trigger (order.created) or WooCommerce node gives it, with no Split Out. The node reads the country, customer, shipping address and shipping title from the order, and each line's product (by its SKU, or by its product name where it has no SKU), its variant and the quantity still owed. A line refunded or removed in the store is not printed, and the output says so; a line whose product the print shop does not have fails the order, unless Lines the Print Shop Does Not Sell is Leave Out. The Unique ID is the Store Key and the order's ID, as in shopify-450789469. The output has one item per order.",
		name: 'storefrontOrderNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Storefront',
		name: 'storefront',
		type: 'options',
		default: 'shopify',
		options: [
			{
				name: 'Shopify',
				value: 'shopify',
				description: "The Order resource, as the Shopify Trigger's orders/create gives it",
			},
			{
				name: 'WooCommerce',
				value: 'woocommerce',
				description:
					'The order, as the WooCommerce Trigger (order.created) or the WooCommerce node gives it',
			},
		],
		description: 'Which storefront the orders come from: its documented order is read as it is',
	},
	{
		displayName: 'Store Key',
		name: 'storeKey',
		type: 'string',
		default: '',
		placeholder: 'e.g. shopify-eu',
		description:
			"What the print order's Unique ID starts with, before the store's order ID: empty for the storefront's name (shopify, woocommerce). Give each store its own key when two stores of one platform feed this shop, so that their order numbers never meet; the way-back examples take back only the orders of their store's key.",
	},
	{
		displayName: 'Line Prints',
		name: 'linePrints',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, minRequiredFields: 1 },
		placeholder: 'Add Print',
		default: {},
		description:
			'What is printed where on every line of the order (at least one print); prints on the same print area form one composition',
		options: [{ displayName: 'Print', name: 'print', values: linePrintFields }],
		displayOptions: { show: { linePrinting: [LINE_PRINTING.prints] } },
	},
	{
		displayName: 'Lines the Print Shop Does Not Sell',
		name: 'linesNotSold',
		type: 'options',
		default: 'fail',
		options: [
			{
				name: 'Fail',
				value: LINES_NOT_SOLD.fail,
				description:
					'The order fails before anything is sent, naming each such line and its fix: no order is printed in part by accident',
			},
			{
				name: 'Leave Out',
				value: LINES_NOT_SOLD.leaveOut,
				description:
					'The order is printed without them: the output says partlyPrinted: true, and storeLines names each line left out and why. For a store that also sells products the print shop does not make.',
			},
		],
		description:
			"What becomes of a line whose product the print shop does not have: no product has the line's SKU, or, without a SKU, no product (or several) has its product name. Refunded and removed lines are never printed, whichever is chosen.",
	},
].map((field) => onlyFor([SUBMIT_INPUT.storefrontOrder], field as INodeProperties));
