/**
 * Submit's fields, assembled: the Input (input.ts), the Order JSON, a storefront's order
 * (storefrontOrderFields.ts), the guided form (formFields.ts, with printFields.ts), Exactly Once
 * and the run options.
 */

import type { INodeProperties } from 'n8n-workflow';

import type { RunScope } from '../../runScope';
import { DEFERRED_ROOT } from './deferredOrder';
import { formFields } from './formFields';
import { SUBMIT_INPUT, inputFields, jsonOnly, shownFor } from './input';
import { designPrintingFields, linePrintingField } from './printChoice';
import { storefrontOrderFields } from './storefrontOrderFields';

/**
 * Whether Exactly Once is on for an item: the field (on by default), unless a workflow saved before
 * it was a field turned it off under Options, which still counts.
 */
export function exactlyOnceOf(run: RunScope, itemIndex: number): boolean {
	const options = run.parameter<{ exactlyOnce?: unknown }>('options', itemIndex, {}) ?? {};
	return (
		run.parameter<unknown>('exactlyOnce', itemIndex, true) !== false &&
		options.exactlyOnce !== false
	);
}

export const DEFAULT_CONCURRENCY = 4;
export const MAX_CONCURRENCY = 16;

export const submitFields: INodeProperties[] = [
	...inputFields,
	{
		displayName:
			"Each input item is one line of a storefront order: Split Out the order's line items with Include: All Other Fields. Consecutive items with the same Unique ID become one order. Its order fields (customer, addresses, country, shipping) are read from its first line, and every line adds its Designs: add one and map it from the line (Product By SKU, Variant). The output has one item per order.",
		name: 'linesNotice',
		type: 'notice',
		default: '',
		displayOptions: shownFor([SUBMIT_INPUT.line]),
	},
	...jsonOnly({
		displayName: 'Order JSON',
		name: 'orderJson',
		type: 'json',
		default: `{\n  "${DEFERRED_ROOT}": {\n    "uniqueId": "",\n    "financialStatus": "PAID",\n    "country": { "code": "DE" },\n    "customer": { "shippingAddress": {} },\n    "designs": { "creatorse_design": [] }\n  }\n}`,
		required: true,
		description: `The deferred order, with or without its root key "${DEFERRED_ROOT}". It is checked exactly like the guided form; every problem is reported at once.`,
	}),
	...storefrontOrderFields,
	linePrintingField,
	...designPrintingFields,
	...formFields,
	{
		// A field of its own, not an option: on by default and seen to be on.
		displayName: 'Exactly Once',
		name: 'exactlyOnce',
		type: 'boolean',
		default: true,
		description:
			'Whether to look the order up by its Unique ID first and return the existing one instead of creating a duplicate; a retry after a timeout never creates a second order',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Allow Paid Orders',
				name: 'allowPaidFromTool',
				type: 'boolean',
				default: false,
				description:
					'Whether this node, used as an AI tool, may submit an order as Paid: that starts production and charges the order without a person confirming it',
				displayOptions: { show: { '@tool': [true] } },
			},
			{
				displayName: 'Check Only',
				name: 'checkOnly',
				type: 'boolean',
				default: false,
				description:
					'Whether to check every order and send nothing: each order gives one item saying what would be ordered (products, colors, sizes, amounts, print areas) or every problem it has',
			},
			{
				displayName: 'Check SKUs',
				name: 'checkSkus',
				type: 'boolean',
				default: true,
				description:
					'Whether to refuse, before sending, a color and size that the product cannot be ordered in or marks as not available (each product is read once per run)',
			},
			{
				displayName: 'Concurrency',
				name: 'concurrency',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_CONCURRENCY },
				default: DEFAULT_CONCURRENCY,
				description: 'How many orders to submit at once; results keep the input order',
			},
			// Where Exactly Once was set before it became a field of its own: kept, and shown, only
			// when a saved workflow turned it off there (n8n drops a saved value its node no longer
			// describes, which would turn it back on), so that such a workflow behaves as it did.
			{
				displayName: 'Exactly Once (Earlier Setting)',
				name: 'exactlyOnce',
				type: 'boolean',
				default: true,
				description:
					'Whether to look the order up by its Unique ID first. Set off in an earlier version of this node, here: off turns Exactly Once off whatever the Exactly Once field says. Remove this option to use that field.',
				displayOptions: { show: { exactlyOnce: [false] } },
			},
			{
				displayName: 'Hold for Approval',
				name: 'holdForApproval',
				type: 'boolean',
				default: false,
				description:
					'Whether to hold each order for a person to approve: it goes to the service as a draft order, one request per design, and nothing is produced or charged until Order → Release sends it to production (Order → Discard throws it away). A draft holds designs of shop motives only: template products, passthrough items, print files, decorations, images by URL or file and layer overrides are refused before anything is sent.',
			},
			{
				displayName: 'Read Orders Back Whole',
				name: 'readBack',
				type: 'boolean',
				default: false,
				description:
					"Whether to read each order the answer is about whole, one request more per order: a new order's items then carry their IDs and the service's price, and an order found under its Unique ID has its items compared with the request. Off, an order is answered as the look-up by Unique ID lists it: a new one with its items as sent, one found without its items (its customer, address and country compared).",
			},
		],
	},
];
