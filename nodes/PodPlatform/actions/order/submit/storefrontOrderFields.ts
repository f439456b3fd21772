/**
 * Submit's fields for One Item per Storefront Order: which storefront, its key and the prints of
 * every line; and Print on Lines, shown for both storefront inputs.
 */

import type { INodeProperties } from 'n8n-workflow';

import { SUBMIT_INPUT, onlyFor, shownFor } from './input';
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

/** What every line of a storefront's order gets printed: the Line Prints, or nothing at all. */
export const LINE_PRINTING = { prints: 'prints', blank: 'blank' } as const;

/** Shown for both storefront inputs: whether a line without a print is a mistake or the choice. */
export const linePrintingField: INodeProperties = {
	displayName: 'Print on Lines',
	name: 'linePrinting',
	type: 'options',
	default: 'prints',
	options: [
		{
			name: 'Prints',
			value: LINE_PRINTING.prints,
			description:
				'Every line carries a print; an order with a line without one is refused before it is sent',
		},
		{
			name: 'Nothing (Blank Products)',
			value: LINE_PRINTING.blank,
			description: 'The lines are plain products with nothing printed on them',
		},
	],
	description:
		'Whether the lines are printed. An order of blank products is produced and charged like any other.',
	displayOptions: shownFor([SUBMIT_INPUT.line, SUBMIT_INPUT.storefrontOrder]),
};

/** One Item per Storefront Order: which storefront, its key, and the prints of every line. */
export const storefrontOrderFields: INodeProperties[] = [
	{
		displayName:
			"Each input item is one whole storefront order, as n8n's Shopify Trigger (orders/create), WooCommerce Trigger (order.created) or WooCommerce node gives it, with no Split Out. The node reads the country, customer, shipping address and shipping title from the order, and each line's product (by its SKU, or by its product name where it has no SKU), its variant and the quantity still owed. A line that is refunded, or whose product the shop does not have, is not printed, and the output says so. The Unique ID is the Store Key and the order's ID, as in shopify-450789469. The output has one item per order.",
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
].map((field) => onlyFor([SUBMIT_INPUT.storefrontOrder], field as INodeProperties));
