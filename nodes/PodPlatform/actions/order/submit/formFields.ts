/**
 * Submit's guided form: the order's head (Unique ID, payment status, customer, addresses,
 * shipping), its designs with their prints, template products and passthrough items.
 */

import type { INodeProperties } from 'n8n-workflow';

import { financialStatusField, orderHeaderFields, variantFields } from '../fields';
import { productLocator } from '../../product/fields';
import { printFields } from './printFields';
import { SUBMIT_INPUT, onlyFor } from './input';

/**
 * The form fields a storefront's order leaves to the merchant: what the order does not say. The
 * rest of the form is read from the order (storefrontOrder.ts) and hidden.
 */
const KEPT_FOR_STOREFRONT_ORDERS = new Set(['financialStatus', 'carrierId']);

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

export const formFields: INodeProperties[] = (
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
							description:
								"The ID of the assigned color to produce; 0 leaves it to the template. Product → Get Expanded lists the colors of the template's product.",
						},
						{
							displayName: 'Assigned Size ID',
							name: 'assignedSizeId',
							type: 'number',
							typeOptions: { numberPrecision: 0 },
							default: 0,
							description:
								"The ID of the assigned size to produce; 0 leaves it to the template. Product → Get Expanded lists the sizes of the template's product.",
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
).map((field) =>
	onlyFor(
		KEPT_FOR_STOREFRONT_ORDERS.has(field.name)
			? [SUBMIT_INPUT.order, SUBMIT_INPUT.line, SUBMIT_INPUT.storefrontOrder]
			: [SUBMIT_INPUT.order, SUBMIT_INPUT.line],
		field,
	),
);
