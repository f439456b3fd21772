import { randomUUID } from 'crypto';
import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type {
	SnippetInput,
	SnippetInputError,
	SnippetRequest,
} from '../../../shared/payloads/creator';
import {
	SNIPPET_CALLBACK_PARAMETERS,
	SNIPPET_ID_PARAMETERS,
	pageFragment,
	snippetRequest,
} from '../../../shared/payloads/creator';
import { apiRequest } from '../../../shared/transport';
import { itemShopPath } from '../common/scope';
import type { OperationDefinition } from '../types';

const ID_DESCRIPTIONS: Record<string, string> = {
	productId: 'Product loaded at start',
	assignedColorId: 'Assigned colour of the product selected at start',
	assignedSizeId: 'Assigned size of the product selected at start',
	orderedProductId: 'Ordered product to reload',
	editOrderedProductId:
		'Ordered product to reload for editing; it is removed once the edited item is added again',
	templateProductId: 'Design template loaded at start',
	langId: 'Language of the widget',
	countryId: 'Country used for prices and tax',
};

const CALLBACK_DESCRIPTIONS: Record<string, string> = {
	addToBasketCallback:
		'Global JavaScript function called after add-to-basket; letters and digits only',
	productChangeCallback:
		'Global JavaScript function called when the product changes; letters and digits only',
	creatorStartCallback:
		'Global JavaScript function called when the widget is ready; letters and digits only',
};

const optionFields = (
	[
		...Object.entries(SNIPPET_ID_PARAMETERS).map(
			([name, displayName]): INodeProperties => ({
				displayName,
				name,
				type: 'string',
				default: '',
				description: ID_DESCRIPTIONS[name],
			}),
		),
		...Object.entries(SNIPPET_CALLBACK_PARAMETERS).map(
			([name, displayName]): INodeProperties => ({
				displayName,
				name,
				type: 'string',
				default: '',
				placeholder: 'e.g. onAddToBasket',
				description: CALLBACK_DESCRIPTIONS[name],
			}),
		),
		{
			displayName: 'Amount',
			name: 'amount',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 1,
			description: 'Quantity pre-filled in the widget',
		},
		{
			displayName: 'Creator Design Mode',
			name: 'creatorDesignMode',
			type: 'options',
			default: 'SHOP',
			options: [
				{ name: 'Shop', value: 'SHOP', description: 'Customers personalise products' },
				{ name: 'Template', value: 'TEMPLATE', description: 'Authoring of design templates' },
			],
		},
		{
			displayName: 'Height',
			name: 'height',
			type: 'string',
			default: '100%',
			placeholder: 'e.g. 800px',
			description: 'Widget height as a CSS length, a percentage or pixels',
		},
		{
			displayName: 'Order Session ID',
			name: 'orderSessionId',
			type: 'string',
			default: '',
			description:
				'Basket session the widget adds items to; reuse it to collect items in one session order. Leave empty to start a new session (its ID is returned). A routing suffix after a "." is removed.',
		},
		{
			displayName: 'Price Info Label Type',
			name: 'priceInfoLabelType',
			type: 'string',
			default: '',
			description: 'Variant of the price label',
		},
		{
			displayName: 'Shared Product ID',
			name: 'sharedProductId',
			type: 'string',
			default: '',
			placeholder: 'e.g. 3f1c2b7e-8a4d-4c1e-9b2a-5d6e7f8a9b01',
			description: 'UUID of a shared design loaded at start',
		},
		{
			displayName: 'Show Price Details',
			name: 'showPriceDetails',
			type: 'boolean',
			default: false,
			description: 'Whether to show the price breakdown',
		},
		{
			displayName: 'Widget ID',
			name: 'widgetId',
			type: 'string',
			default: '',
			description:
				'Letters and digits that tell several widgets on one page apart; leave empty for a single widget',
		},
		{
			displayName: 'Width',
			name: 'width',
			type: 'string',
			default: '100%',
			placeholder: 'e.g. 100%',
			description: 'Widget width as a CSS length, a percentage or pixels',
		},
	] as INodeProperties[]
).sort((a, b) => a.displayName.localeCompare(b.displayName));

export const getSnippet: OperationDefinition = {
	option: {
		name: 'Get Snippet',
		value: 'getSnippet',
		action: 'Get the creator snippet',
		description: 'Get the HTML that embeds the Creator product designer in a page',
	},
	fields: [
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: optionFields,
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
		const options = this.getNodeParameter('options', itemIndex, {}) as SnippetInput;
		let request: SnippetRequest;
		try {
			request = snippetRequest(options);
		} catch (error) {
			// Only SnippetInputError is thrown there: bad input, named with its field.
			throw new NodeOperationError(
				this.getNode(),
				`Item ${itemIndex + 1}: ${(error as Error).message}`,
				{
					itemIndex,
					description: (error as SnippetInputError).description,
				},
			);
		}
		// Without an order session id the service would use the session token of this
		// credential, which must never reach a web page: a new basket session gets its own UUID.
		request.qs.orderSessionId ??= randomUUID();

		const answer = await apiRequest(this, {
			method: 'GET',
			path: `${await itemShopPath(this, itemIndex)}/creator/snippet`,
			qs: request.qs,
			itemIndex,
		});
		const snippet = answer?.data ?? {};
		const html = typeof snippet.html === 'string' ? snippet.html : '';
		if (!html) {
			throw new NodeApiError(
				this.getNode(),
				{ message: 'The snippet answer holds no HTML' },
				{
					message: 'The service answered the snippet request without HTML to inject',
					description: 'Run again; if it persists, the service may have changed its answer.',
					itemIndex,
				},
			);
		}
		const widgetId = String(snippet.widgetId ?? request.widgetId);
		return [
			{
				json: {
					html,
					preloaderUrl: String(snippet.preloaderUrl ?? ''),
					widgetId,
					pageFragment: pageFragment(html, { ...request, widgetId }),
					namespace: String(
						snippet.namespace ??
							(widgetId ? `platform.creator${widgetId}.api` : 'platform.creator.api'),
					),
					orderSessionId: String(snippet.orderSessionId ?? request.qs.orderSessionId),
				},
			},
		];
	},
};
