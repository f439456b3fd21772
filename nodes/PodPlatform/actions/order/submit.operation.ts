import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, jsonParse } from 'n8n-workflow';

import type { Decoded, PlainObject } from '../../../shared/codec';
import { bitmapTypeOf } from '../../../shared/payloads/design';
import {
	DEFERRED_ROOT,
	buildDeferredOrder,
	checkDesignSkus,
	productIdsToCheck,
	submittedOrderOf,
	validateDeferredOrder,
} from '../../../shared/payloads/order';
import type {
	FormDesign,
	FormElement,
	FormPrint,
	FormTemplate,
	SkuPair,
} from '../../../shared/payloads/order';
import { apiRequest } from '../../../shared/transport';
import { itemShopPath } from '../common/scope';
import type { OperationDefinition } from '../types';
import {
	checkedPayload,
	findOrderByUniqueId,
	prefetchOrdersByUniqueId,
	prefetchedOrder,
	readHeaderForm,
	skusOf,
} from './common';
import { financialStatusField, marginFields, orderHeaderFields, variantFields } from './fields';

/**
 * Submit: the deferred order (`POST .../orders/usingCreatorSE`), from a guided form or a JSON
 * body, with an exactly-once guard on `uniqueId`.
 */

export const DEFAULT_CONCURRENCY = 4;
export const MAX_CONCURRENCY = 16;

const formOnly = { show: { inputMode: ['form'] } };

const positionFields: INodeProperties[] = [
	...marginFields,
	{
		displayName: 'Center Horizontally',
		name: 'horizontalCenter',
		type: 'boolean',
		default: false,
		description: 'Whether to centre the element horizontally on the print area',
	},
	{
		displayName: 'Center Vertically',
		name: 'verticalCenter',
		type: 'boolean',
		default: false,
		description: 'Whether to centre the element vertically on the print area',
	},
];

const printFields: INodeProperties[] = [
	{
		displayName: 'Print Area ID',
		name: 'printAreaId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 4001',
		description:
			'The print area (product area) of the product; Product → Get Expanded lists them. Prints on the same area form one composition.',
	},
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
				description: 'A motive of the shop by ID',
			},
			{
				name: 'Motive From URL',
				value: 'urlMotive',
				description: 'A JPEG or PNG the service downloads',
			},
		],
	},
	{
		displayName: 'Motive ID',
		name: 'motiveId',
		type: 'string',
		default: '',
		placeholder: 'e.g. 5001',
		displayOptions: { show: { elementType: ['libraryMotive'] } },
	},
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
	...positionFields.map((field) => ({
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
 * The fields of one design, in the order a user fills them: the product first, since its colours
 * and sizes are listed from it.
 */
const designFields: INodeProperties[] = [
	{
		displayName: 'Product Name or ID',
		name: 'productId',
		type: 'options',
		typeOptions: {
			loadOptionsMethod: 'getOrderDesignProducts',
			loadOptionsDependsOn: ['shop.value'],
		},
		default: '',
		description:
			'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	},
	...variantFields({
		colors: 'getOrderDesignColors',
		sizes: 'getOrderDesignSizes',
		// Inside the designs list the product is a sibling field, reached relatively.
		dependsOn: ['shop.value', '&productId'],
		required: false,
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
		financialStatusField(
			'PAID',
			'Payment status of the order. PAID starts production after processing (you are charged); other values hold it.',
		),
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
								"The ID of the assigned colour to produce, at least 1; Product → Get Expanded lists the colours of the template's product",
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
							description: 'The colour of the item as text, e.g. Red',
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
).map((field) => ({ ...field, displayOptions: { ...field.displayOptions, ...formOnly } }));

const fields: INodeProperties[] = [
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
		displayName: 'Order JSON',
		name: 'orderJson',
		type: 'json',
		default: `{\n  "${DEFERRED_ROOT}": {\n    "uniqueId": "",\n    "financialStatus": "PAID",\n    "country": { "code": "DE" },\n    "customer": { "shippingAddress": {} },\n    "designs": { "creatorse_design": [] }\n  }\n}`,
		required: true,
		description: `The deferred order, with or without its root key "${DEFERRED_ROOT}". It is checked exactly like the guided form.`,
		displayOptions: { show: { inputMode: ['json'] } },
	},
	...formFields,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Check SKUs',
				name: 'checkSkus',
				type: 'boolean',
				default: true,
				description:
					"Whether to look up each product's SKUs once per run and refuse colour/size pairs that cannot be ordered, before sending",
			},
			{
				displayName: 'Concurrency',
				name: 'concurrency',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_CONCURRENCY },
				default: DEFAULT_CONCURRENCY,
				description: 'How many orders to submit at once; results keep the input order',
			},
			{
				displayName: 'Exactly Once',
				name: 'exactlyOnce',
				type: 'boolean',
				default: true,
				description:
					'Whether to look the order up by its Unique ID first and return the existing one instead of creating a duplicate; a retry after a timeout never creates a second order',
			},
		],
	},
];

// ---------------------------------------------------------------------------------------------

type Entries = Record<string, PlainObject[] | undefined>;

function entriesOf(value: unknown, key: string): PlainObject[] {
	return ((value as Entries | undefined)?.[key] ?? []) as PlainObject[];
}

function positionOf(print: PlainObject): PlainObject {
	const position: PlainObject = {};
	for (const side of ['left', 'right', 'top', 'bottom']) {
		if (print[side] !== undefined && print[side] !== '') position[side] = print[side];
	}
	for (const centre of ['horizontalCenter', 'verticalCenter']) {
		if (print[centre] === true) position[centre] = true;
	}
	return position;
}

async function binaryMotive(
	ctx: IExecuteFunctions,
	itemIndex: number,
	property: string,
	label: string,
): Promise<FormElement> {
	const binary = ctx.helpers.assertBinaryData(itemIndex, property);
	const bytes = await ctx.helpers.getBinaryDataBuffer(itemIndex, property);
	const type = bitmapTypeOf(bytes);
	if (!type) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Item ${itemIndex + 1}: ${label}: the binary field "${property}" is not a JPEG or PNG image`,
			{
				itemIndex,
				description: `The file "${binary.fileName ?? property}" (${binary.mimeType}) was checked by its content. Convert it to JPEG or PNG first.`,
			},
		);
	}
	const extension = type === 'image/png' ? 'png' : 'jpg';
	return {
		type: 'inlineMotive',
		attachment: bytes.toString('base64'),
		filename: binary.fileName || `motive.${extension}`,
	};
}

async function readPrint(
	ctx: IExecuteFunctions,
	itemIndex: number,
	print: PlainObject,
	label: string,
): Promise<FormPrint> {
	let element: FormElement;
	switch (print.elementType ?? 'libraryMotive') {
		case 'urlMotive':
			element = { type: 'urlMotive', url: print.url };
			break;
		case 'binaryMotive':
			element = await binaryMotive(
				ctx,
				itemIndex,
				String(print.binaryPropertyName || 'data'),
				label,
			);
			break;
		case 'ddf':
			element = {
				type: 'ddf',
				previewUrl: print.previewUrl,
				productionUrl: print.productionUrl,
				filename: print.productionFilename,
			};
			break;
		case 'decoration':
			element = { type: 'decoration', sku: print.decorationSku, placement: print.placement };
			break;
		default:
			element = { type: 'libraryMotive', motiveId: print.motiveId };
	}
	return {
		printAreaId: print.printAreaId,
		element,
		position: positionOf(print),
		layers: entriesOf(print.layers, 'layer'),
	};
}

async function readForm(ctx: IExecuteFunctions, itemIndex: number) {
	const designs: FormDesign[] = [];
	const designEntries = entriesOf(ctx.getNodeParameter('designs', itemIndex, {}), 'design');
	for (const [d, design] of designEntries.entries()) {
		const prints: FormPrint[] = [];
		for (const [p, print] of entriesOf(design.prints, 'print').entries()) {
			prints.push(await readPrint(ctx, itemIndex, print, `Design ${d + 1}, print ${p + 1}`));
		}
		designs.push({
			productId: design.productId,
			assignedColorId: design.assignedColorId,
			assignedSizeId: design.assignedSizeId,
			amount: design.amount,
			prints,
		});
	}
	const templates: FormTemplate[] = entriesOf(
		ctx.getNodeParameter('templates', itemIndex, {}),
		'template',
	).map((template) => {
		const reference = String(template.reference ?? '').trim();
		return {
			...(/^\d+$/.test(reference)
				? { templateProductId: reference }
				: { templateProductSku: reference }),
			amount: template.amount,
			assignedColorId: template.assignedColorId,
			assignedSizeId: template.assignedSizeId,
		};
	});
	return {
		...readHeaderForm(ctx, itemIndex),
		financialStatus: ctx.getNodeParameter('financialStatus', itemIndex, 'PAID') as string,
		designs,
		templates,
		passthroughItems: entriesOf(
			ctx.getNodeParameter('passthroughItems', itemIndex, {}),
			'item',
		).map(({ hue, ...item }) => ({ ...item, color: hue })),
	};
}

function readJson(ctx: IExecuteFunctions, itemIndex: number): unknown {
	const raw = ctx.getNodeParameter('orderJson', itemIndex, '');
	if (typeof raw !== 'string') return raw;
	try {
		return jsonParse(raw);
	} catch (error) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Item ${itemIndex + 1}: Order JSON is not valid JSON`,
			{
				itemIndex,
				description: (error as Error).message,
			},
		);
	}
}

/** The checked wire body for this item, from the form or the JSON. */
export async function deferredBodyOf(
	ctx: IExecuteFunctions,
	itemIndex: number,
): Promise<PlainObject> {
	const mode = ctx.getNodeParameter('inputMode', itemIndex, 'form') as string;
	if (mode === 'json') {
		const input = readJson(ctx, itemIndex);
		return checkedPayload(ctx, itemIndex, () => validateDeferredOrder(input));
	}
	const form = await readForm(ctx, itemIndex);
	return checkedPayload(ctx, itemIndex, () => buildDeferredOrder(form));
}

function isConflict(error: unknown): boolean {
	return error instanceof NodeApiError && error.httpCode === '409';
}

/** Bodies built by `prepare`, reused by each item's execute (binary motives are read once). */
const preparedBodies = new WeakMap<object, Map<number, PlainObject>>();

/**
 * Before a batch: build every item's body and look up all their uniqueIds in a few requests. An
 * item whose input is bad is skipped here; its own execute reports it.
 */
async function prepare(this: IExecuteFunctions, itemCount: number): Promise<void> {
	const bodies = new Map<number, PlainObject>();
	preparedBodies.set(this, bodies);
	const uniqueIdsByShop = new Map<string, string[]>();
	for (let itemIndex = 0; itemIndex < itemCount; itemIndex++) {
		let body: PlainObject;
		let shopPath: string;
		try {
			body = await deferredBodyOf(this, itemIndex);
			shopPath = await itemShopPath(this, itemIndex);
		} catch {
			continue;
		}
		bodies.set(itemIndex, body);
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const uniqueId = (body[DEFERRED_ROOT] as PlainObject).uniqueId;
		if (options.exactlyOnce === false || typeof uniqueId !== 'string' || !uniqueId) continue;
		const uniqueIds = uniqueIdsByShop.get(shopPath) ?? [];
		uniqueIds.push(uniqueId);
		uniqueIdsByShop.set(shopPath, uniqueIds);
	}
	for (const [shopPath, uniqueIds] of uniqueIdsByShop) {
		await prefetchOrdersByUniqueId(this, shopPath, uniqueIds);
	}
}

async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const body = preparedBodies.get(this)?.get(itemIndex) ?? (await deferredBodyOf(this, itemIndex));
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const exactlyOnce = options.exactlyOnce !== false;
	const shopPath = await itemShopPath(this, itemIndex);

	if (options.checkSkus !== false) {
		const skus = new Map<number, SkuPair[]>();
		for (const productId of productIdsToCheck(body)) {
			skus.set(productId, await skusOf(this, shopPath, productId, itemIndex));
		}
		checkedPayload(this, itemIndex, () => checkDesignSkus(body, skus));
	}

	const uniqueId = (body[DEFERRED_ROOT] as PlainObject).uniqueId as string | undefined;
	if (exactlyOnce && !uniqueId) {
		throw new NodeOperationError(this.getNode(), `Item ${itemIndex + 1}: Unique ID is empty`, {
			itemIndex,
			description:
				'Exactly Once finds an earlier submission by its Unique ID. Give the storefront order number, or turn Exactly Once off.',
		});
	}
	const existing = async () =>
		exactlyOnce
			? await findOrderByUniqueId(this, shopPath, uniqueId as string, itemIndex)
			: undefined;
	const output = (order: PlainObject, alreadyExisted: boolean, extra: IDataObject = {}) => [
		{
			json: {
				id: order.id,
				uniqueId: order.uniqueId ?? uniqueId,
				alreadyExisted,
				...extra,
			} as IDataObject,
		},
	];

	const prefetched = exactlyOnce ? prefetchedOrder(this, shopPath, uniqueId as string) : undefined;
	const before = prefetched === undefined ? await existing() : (prefetched ?? undefined);
	if (before) return output(before, true);

	let recovered = false;
	let answer: Decoded | undefined;
	try {
		answer = await apiRequest(this, {
			method: 'POST',
			path: `${shopPath}/orders/usingCreatorSE`,
			body,
			itemIndex,
			// The outcome of a timed-out submission is learned by looking, never by sending again blind.
			recover: exactlyOnce
				? async () => {
						const found = await existing();
						if (!found) return undefined;
						recovered = true;
						return {
							root: 'productionOrderSubmited',
							data: { id: found.id, uniqueId: found.uniqueId },
						};
					}
				: undefined,
		});
	} catch (error) {
		// Another run (or item) submitted the same uniqueId in between.
		const raced = exactlyOnce && isConflict(error) ? await existing() : undefined;
		if (raced) return output(raced, true);
		throw error instanceof NodeApiError
			? error
			: new NodeOperationError(this.getNode(), error as Error, { itemIndex });
	}
	const submitted = submittedOrderOf(answer?.data ?? {});
	if (!submitted) {
		throw new NodeOperationError(
			this.getNode(),
			`Item ${itemIndex + 1}: The service accepted the order but returned no order ID`,
			{
				itemIndex,
				description: `Answer root: ${answer?.root ?? 'empty'}. Look the order up by its Unique ID with Get Many.`,
			},
		);
	}
	return output(submitted as PlainObject, false, recovered ? { recoveredAfterTimeout: true } : {});
}

export const submitOperation: OperationDefinition = {
	option: {
		name: 'Submit',
		value: 'submit',
		action: 'Submit an order for production',
		description:
			'Send a complete order in one call (recommended); it is processed, committed and handed to production automatically, and charged when paid',
	},
	fields,
	prepare,
	execute,
	concurrency(this: IExecuteFunctions) {
		const options = this.getNodeParameter('options', 0, {}) as IDataObject;
		const wanted = Number(options.concurrency ?? DEFAULT_CONCURRENCY);
		return Math.min(
			MAX_CONCURRENCY,
			Math.max(1, Number.isFinite(wanted) ? Math.floor(wanted) : DEFAULT_CONCURRENCY),
		);
	},
};
