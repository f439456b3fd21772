/**
 * Submit's fields: the input mode, the Order JSON, the guided form (head, designs with their
 * prints, template products, passthrough items), a storefront's order with the prints of its
 * lines, and the run options.
 */

import type { INodeProperties } from 'n8n-workflow';

import {
	financialStatusField,
	motiveLocator,
	orderHeaderFields,
	placementFields,
	serviceDropdown,
	variantFields,
} from '../fields';
import { productLocator } from '../../product';
import type { RunScope } from '../../runScope';
import { DEFERRED_ROOT } from './deferredOrder';

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

const formOnly = { show: { inputMode: ['form'] } };

/** Input One Item per Storefront Order: the node reads the storefront's order itself. */
const STOREFRONT_ORDER = 'storefrontOrder';

/**
 * The form fields a storefront's order leaves to the merchant: what the order does not say. The
 * rest of the form is read from the order (storefrontOrder.ts) and hidden.
 */
const KEPT_FOR_STOREFRONT_ORDERS = new Set(['financialStatus', 'carrierId']);

/**
 * How many designs the Print Area lists follow: n8n reaches a field's siblings only, so each
 * print's list depends on the products of the first designs by path, and is listed again when one
 * of them changes. Beyond these, the list follows its product when the panel is reopened; the run
 * refuses an area of another product either way.
 */
export const DESIGNS_FOLLOWED = 25;

const designProducts = Array.from(
	{ length: DESIGNS_FOLLOWED },
	(_, d) => `designs.design[${d}].productId.value`,
);

/** A motive of the shop for a print: searched, by ID, or by its name (looked up once per run). */
const printMotiveLocator: INodeProperties = {
	...motiveLocator,
	modes: [
		...(motiveLocator.modes ?? []),
		{
			displayName: 'By Name',
			name: 'name',
			type: 'string',
			placeholder: 'e.g. Company Logo',
		},
	],
	description: 'A motive of the shop: from the list, by ID, or by its name (any case)',
};

const printFields: INodeProperties[] = [
	// Not a required field inside the list: the node names every missing choice at once on a run.
	serviceDropdown(
		'Print Area Name or ID',
		'printAreaId',
		'getOrderPrintAreas',
		['shop.value', ...designProducts],
		{
			description:
				"One of the design's product's print areas. Choose from the list, or by expression give its ID, its name or its view (FRONT, BACK).",
			hint: "The design's product's print areas; prints on the same area form one composition",
		},
	),
	{
		displayName: 'Element',
		name: 'elementType',
		type: 'options',
		default: 'libraryMotive',
		options: [
			{
				name: 'Decoration',
				value: 'decoration',
				description: 'A decoration by SKU (patch, label)',
			},
			{ name: 'Direct Data File', value: 'ddf', description: 'A print-ready file by URL' },
			{
				name: 'Motive From Binary Data',
				value: 'binaryMotive',
				description: 'A JPEG or PNG from the input item, sent inline',
			},
			{
				name: 'Motive From Library',
				value: 'libraryMotive',
				description: 'A motive of the shop, chosen, by ID or by name',
			},
			{
				name: 'Motive From URL',
				value: 'urlMotive',
				description: 'A JPEG or PNG the service downloads',
			},
		],
	},
	{ ...printMotiveLocator, displayOptions: { show: { elementType: ['libraryMotive'] } } },
	{
		displayName: 'Image URL',
		name: 'url',
		type: 'string',
		default: '',
		placeholder: 'https://example.com/motive.png',
		displayOptions: { show: { elementType: ['urlMotive'] } },
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		description: 'The binary field of the input item holding the JPEG or PNG',
		displayOptions: { show: { elementType: ['binaryMotive'] } },
	},
	{
		displayName: 'Preview URL',
		name: 'previewUrl',
		type: 'string',
		default: '',
		displayOptions: { show: { elementType: ['ddf'] } },
	},
	{
		displayName: 'Production File URL',
		name: 'productionUrl',
		type: 'string',
		default: '',
		displayOptions: { show: { elementType: ['ddf'] } },
	},
	{
		displayName: 'Production File Name',
		name: 'productionFilename',
		type: 'string',
		default: '',
		placeholder: 'e.g. print.pdf',
		description: 'Must carry a file extension',
		displayOptions: { show: { elementType: ['ddf'] } },
	},
	{
		displayName: 'Decoration SKU',
		name: 'decorationSku',
		type: 'string',
		default: '',
		displayOptions: { show: { elementType: ['decoration'] } },
	},
	{
		displayName: 'Placement',
		name: 'placement',
		type: 'string',
		default: '',
		placeholder: 'e.g. sleeve',
		displayOptions: { show: { elementType: ['decoration'] } },
	},
	...placementFields.map((field) => ({
		...field,
		displayOptions: {
			show: { elementType: ['libraryMotive', 'urlMotive', 'binaryMotive', 'ddf'] },
		},
	})),
	{
		displayName: 'SVG Layer Overrides',
		name: 'layers',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Layer Override',
		default: {},
		displayOptions: { show: { elementType: ['libraryMotive', 'urlMotive', 'binaryMotive'] } },
		options: [
			{
				displayName: 'Layer',
				name: 'layer',
				values: [
					{
						displayName: 'Layer Name',
						name: 'name',
						type: 'string',
						default: '',
						description: 'The name of the SVG layer',
					},
					{ displayName: 'Text', name: 'text', type: 'string', default: '' },
					{ displayName: 'Color', name: 'rgbColor', type: 'color', default: '' },
				],
			},
		],
	},
];

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

/**
 * The fields of one design, in the order a user fills them: the product first, since its colors,
 * sizes and print areas are listed from it.
 */
const designFields: INodeProperties[] = [
	// Not a required field inside the list: the node names every missing choice at once on a run.
	{
		...productLocator,
		required: false,
		modes: [
			...(productLocator.modes ?? []),
			{
				displayName: 'By SKU',
				name: 'sku',
				type: 'string',
				placeholder: 'e.g. TEE-CLASSIC',
			},
			{
				displayName: 'By Name',
				name: 'name',
				type: 'string',
				placeholder: 'e.g. Classic T-Shirt',
			},
			{
				displayName: 'By Name or SKU',
				name: 'nameOrSku',
				type: 'string',
				placeholder: 'e.g. Classic T-Shirt or TEE-CLASSIC',
			},
		],
		description:
			"The product to print on (required): from the list, by ID, By SKU (the product's own SKU; a color/size SKU text where the service gives its variants one, which also sets the Color and Size), By Name (the product's whole name as the shop lists it, any case; looked up once per run), or By Name or SKU (either; a value that names two products is refused)",
	},
	{
		displayName: 'Variant',
		name: 'variant',
		type: 'string',
		default: '',
		placeholder: 'e.g. {{ $json.line_items.variant_title }}',
		description:
			"The color and size as the storefront gives them, matched to the product's color and size names (any case): Shopify's variant_title (\"Black / M\") or WooCommerce's line meta_data (pa_color: black, size: M). Leave empty when Color and Size are set or the SKU names the variant.",
	},
	...variantFields({
		colors: 'getAssignedColors',
		sizes: 'getAssignedSizes',
		// Inside the designs list the product and color are sibling fields, reached relatively.
		productDependsOn: ['shop.value', '&productId.value'],
		colorPath: '&assignedColorId',
		required: false,
		byName: true,
	}),
	{
		displayName: 'Prints',
		name: 'prints',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Print',
		default: {},
		description: 'What is printed where; prints on the same print area form one composition',
		options: [{ displayName: 'Print', name: 'print', values: printFields }],
	},
];

const formFields: INodeProperties[] = (
	[
		{
			displayName: 'Unique ID',
			name: 'uniqueId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. {{ $json.order_number }}',
			description:
				'Your own order number (the storefront order); with Exactly Once it prevents duplicates',
		},
		{
			...financialStatusField(
				'PAID',
				'Payment status of the order. Paid starts production once the order is processed, and the order is charged; any other status holds production until the order is paid.',
			),
			hint: 'Paid starts production and is charged',
			displayOptions: { show: { '@tool': [false] } },
		},
		{
			// As an AI tool the order waits for the merchant's payment (toolUse.ts).
			...financialStatusField(
				'PENDING',
				'Payment status of the order. Pending holds production until the merchant pays the order. Paid from a tool needs the option Allow Paid Orders.',
			),
			hint: 'Pending: nothing is produced or charged until the merchant pays',
			displayOptions: { show: { '@tool': [true] } },
		},
		...orderHeaderFields({ requireShippingAddress: true }),
		{
			displayName: 'Designs',
			name: 'designs',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Design',
			default: {},
			description:
				'Products printed for this order; a design without prints is a plain base product',
			options: [
				{
					displayName: 'Design',
					name: 'design',
					values: designFields,
				},
			],
		},
		{
			displayName: 'Template Products',
			name: 'templates',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Template Product',
			default: {},
			options: [
				{
					displayName: 'Template Product',
					name: 'template',
					values: [
						{
							displayName: 'Template Product ID or SKU',
							name: 'reference',
							type: 'string',
							default: '',
							placeholder: 'e.g. 7001 or TPL-TEE-LOGO',
							description: 'A ready-made template product, by numeric ID or by SKU',
						},
						{
							displayName: 'Amount',
							name: 'amount',
							type: 'number',
							typeOptions: { minValue: 1, numberPrecision: 0 },
							default: 1,
						},
						{
							displayName: 'Assigned Color ID',
							name: 'assignedColorId',
							type: 'number',
							typeOptions: { numberPrecision: 0 },
							default: 0,
							required: true,
							description:
								"The ID of the assigned color to produce, at least 1; Product → Get Expanded lists the colors of the template's product",
						},
						{
							displayName: 'Assigned Size ID',
							name: 'assignedSizeId',
							type: 'number',
							typeOptions: { numberPrecision: 0 },
							default: 0,
							required: true,
							description:
								"The ID of the assigned size to produce, at least 1; Product → Get Expanded lists the sizes of the template's product",
						},
					],
				},
			],
		},
		{
			displayName: 'Passthrough Items',
			name: 'passthroughItems',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Passthrough Item',
			default: {},
			description: 'Warehouse items shipped with the order untouched (at most 100)',
			options: [
				{
					displayName: 'Item',
					name: 'item',
					values: [
						{
							displayName: 'Brand',
							name: 'brand',
							type: 'string',
							default: '',
						},
						{
							displayName: 'Color',
							name: 'hue',
							type: 'string',
							default: '',
							description: 'The color of the item as text, e.g. Red',
						},
						{
							displayName: 'Name',
							name: 'name',
							type: 'string',
							default: '',
						},
						{
							displayName: 'Quantity',
							name: 'quantity',
							type: 'number',
							default: 1,
						},
						{
							displayName: 'Reference ID',
							name: 'referenceId',
							type: 'string',
							default: '',
						},
						{
							displayName: 'SKU',
							name: 'sku',
							type: 'string',
							default: '',
						},
					],
				},
			],
		},
	] as INodeProperties[]
).map((field) => ({
	...field,
	displayOptions: {
		...field.displayOptions,
		show: { ...field.displayOptions?.show, ...formOnly.show },
		...(KEPT_FOR_STOREFRONT_ORDERS.has(field.name)
			? {}
			: { hide: { ...field.displayOptions?.hide, input: [STOREFRONT_ORDER] } }),
	},
}));

/** What every line of a storefront's order gets printed: the Line Prints, or nothing at all. */
export const LINE_PRINTING = { prints: 'prints', blank: 'blank' } as const;

/** Shown for both storefront inputs: whether a line without a print is a mistake or the choice. */
const linePrintingField: INodeProperties = {
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
	displayOptions: { show: { inputMode: ['form'], input: ['line', STOREFRONT_ORDER] } },
};

/** One Item per Storefront Order: which storefront, its key, and the prints of every line. */
const storefrontOrderFields: INodeProperties[] = [
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
].map((field) => ({
	...field,
	displayOptions: {
		show: {
			...(field as INodeProperties).displayOptions?.show,
			inputMode: ['form'],
			input: [STOREFRONT_ORDER],
		},
	},
})) as INodeProperties[];

export const submitFields: INodeProperties[] = [
	{
		displayName: 'Input Mode',
		name: 'inputMode',
		type: 'options',
		default: 'form',
		options: [
			{
				name: 'Guided Form',
				value: 'form',
				description: 'Fill in customer, addresses and designs field by field',
			},
			{
				name: 'JSON',
				value: 'json',
				description:
					'Give the whole order as JSON, e.g. mapped from a Shopify or WooCommerce order',
			},
		],
	},
	{
		displayName: 'Input',
		name: 'input',
		type: 'options',
		default: 'order',
		options: [
			{
				name: 'One Item per Order',
				value: 'order',
				description: 'Each input item is an order, with all its designs',
			},
			{
				name: 'One Item per Line',
				value: 'line',
				description:
					'Each input item is one line of a storefront order; consecutive items with the same Unique ID form one order',
			},
			{
				name: 'One Item per Storefront Order',
				value: STOREFRONT_ORDER,
				description:
					"Each input item is a Shopify or WooCommerce order as n8n's trigger gives it; the node reads its customer, address and lines itself",
			},
		],
		displayOptions: { show: { inputMode: ['form'] } },
	},
	{
		displayName:
			"Each input item is one line of a storefront order: Split Out the order's line items with Include: All Other Fields. Consecutive items with the same Unique ID become one order. Its order fields (customer, addresses, country, shipping) are read from its first line, and every line adds its Designs: add one and map it from the line (Product By SKU, Variant). The output has one item per order.",
		name: 'linesNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { inputMode: ['form'], input: ['line'] } },
	},
	{
		displayName: 'Order JSON',
		name: 'orderJson',
		type: 'json',
		default: `{\n  "${DEFERRED_ROOT}": {\n    "uniqueId": "",\n    "financialStatus": "PAID",\n    "country": { "code": "DE" },\n    "customer": { "shippingAddress": {} },\n    "designs": { "creatorse_design": [] }\n  }\n}`,
		required: true,
		description: `The deferred order, with or without its root key "${DEFERRED_ROOT}". It is checked exactly like the guided form; every problem is reported at once.`,
		displayOptions: { show: { inputMode: ['json'] } },
	},
	...storefrontOrderFields,
	linePrintingField,
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
		],
	},
];
