/**
 * Creator → Get Snippet: the HTML that embeds the Creator widget in a page. The service embeds the
 * caller's session, so the snippet is asked for with a page session of its own, a session of the
 * credential's Creator page login (there is no snippet without one), and the output is checked to
 * hold no trace of the credential's session.
 */

import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { SnippetInput, SnippetRequest } from './snippetQuery';
import {
	SNIPPET_CALLBACK_PARAMETERS,
	SNIPPET_ID_PARAMETERS,
	pageFragment,
	snippetRequest,
} from './snippetQuery';
import { PAGE_LOGIN } from '../../../shared/login';
import {
	assertWithoutCredentialSession,
	openPageSession,
	pageLoginOf,
	pageLoginRefusal,
	pageSessionRefusal,
	reusedPageSession,
} from './pageSession';
import { CREDENTIAL_NAME } from '../../../shared/send';
import { itemShopPath } from '../common/scope';
import type { OperationDefinition } from '../types';
import type { RunScope } from '../runScope';
import { recordOf } from '../../../shared/codec';

const ID_DESCRIPTIONS: Record<string, string> = {
	productId: 'Product loaded at start',
	assignedColorId: 'Assigned colour of the product selected at start',
	assignedSizeId: 'Assigned size of the product selected at start',
	orderedProductId: 'Ordered product to reload',
	editOrderedProductId:
		'Ordered product to reload for editing; it is removed once the edited item is added again',
	templateProductId: 'Design template loaded at start',
	langId:
		"Language of the widget, as the language ID or code the shop's products list their translations by",
	countryId: 'Country used for prices and tax',
};

const CHOOSE_OR_EXPRESSION =
	'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>';

/**
 * The start parameters the service can list, as dropdowns: their label, list method and what the
 * list follows. The colour and size follow the product chosen beside them; the value stays the ID.
 */
const ID_DROPDOWNS: Record<string, { displayName: string; method: string; dependsOn: string[] }> = {
	productId: {
		displayName: 'Product Name or ID',
		method: 'getProducts',
		dependsOn: ['shop.value'],
	},
	assignedColorId: {
		displayName: 'Color Name or ID',
		method: 'getAssignedColors',
		dependsOn: ['shop.value', 'options.productId'],
	},
	assignedSizeId: {
		displayName: 'Size Name or ID',
		method: 'getAssignedSizes',
		dependsOn: ['shop.value', 'options.productId', 'options.assignedColorId'],
	},
	countryId: {
		displayName: 'Country Name or ID',
		method: 'getCountries',
		dependsOn: [],
	},
	langId: {
		displayName: 'Language Name or ID',
		method: 'getLanguages',
		dependsOn: ['shop.value'],
	},
};

function idOptionField(name: string, displayName: string): INodeProperties {
	const dropdown = ID_DROPDOWNS[name];
	if (!dropdown) {
		return { displayName, name, type: 'string', default: '', description: ID_DESCRIPTIONS[name] };
	}
	return {
		displayName: dropdown.displayName,
		name,
		type: 'options',
		typeOptions: {
			loadOptionsMethod: dropdown.method,
			...(dropdown.dependsOn.length ? { loadOptionsDependsOn: dropdown.dependsOn } : {}),
		},
		default: '',
		description: `${ID_DESCRIPTIONS[name]}. ${CHOOSE_OR_EXPRESSION}.`,
	};
}

/** When the Creator calls each callback and with what (contract, host callbacks). */
const CALLBACK_DESCRIPTIONS: Record<string, string> = {
	addToBasketCallback:
		"Name of the page's global JavaScript function called after the shopper adds to basket, with the IDs of the ordered products and the items; letters and digits only",
	productChangeCallback:
		"Name of the page's global JavaScript function called with the product ID when the shopper changes the product; letters and digits only",
	creatorStartCallback:
		"Name of the page's global JavaScript function called when the widget is ready; letters and digits only",
};

const optionFields = (
	[
		...Object.entries(SNIPPET_ID_PARAMETERS).map(([name, displayName]) =>
			idOptionField(name, displayName),
		),
		...Object.entries(SNIPPET_CALLBACK_PARAMETERS).map(
			([name, { label, example }]): INodeProperties => ({
				displayName: label,
				name,
				type: 'string',
				default: '',
				placeholder: `e.g. ${example}`,
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
			displayName: 'Price Info Label Type',
			name: 'priceInfoLabelType',
			type: 'string',
			default: '',
			description: 'Variant of the price label',
		},
		{
			displayName: 'Reuse Page Session ID',
			name: 'pageSessionId',
			type: 'string',
			default: '',
			placeholder: 'e.g. 0b6f5c1e-2d3a-4b5c-8d7e-9f0a1b2c3d4e',
			description:
				'The Order Session ID of an earlier snippet, so this page adds to the same session order. Leave empty to open a new page session.',
		},
		{
			displayName: 'Shared Product Name or ID',
			name: 'sharedProductId',
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getSharedProducts', loadOptionsDependsOn: ['shop.value'] },
			allowArbitraryValues: true,
			default: '',
			description:
				'A shared design of the shop, loaded at start (its UUID). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
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

export const getSnippetOperation: OperationDefinition = {
	option: {
		name: 'Get Snippet',
		value: 'getSnippet',
		action: 'Get the creator snippet',
		description:
			'Get the HTML that embeds the Creator product designer in a page, bound to a page session of its own',
	},
	fields: [
		{
			displayName: `Each visitor of the page holds a session of the credential's ${PAGE_LOGIN.loginLabel}, which Get Snippet requires: a login of the lowest role (${PAGE_LOGIN.role}), never the credential's own Login. Neither that login nor its session is part of the snippet.`,
			name: 'pageSessionNotice',
			type: 'notice',
			default: '',
		},
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: optionFields,
		},
	],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		// No snippet without the page login, checked before anything is sent (pageSession.ts).
		const credentials = await this.getCredentials(CREDENTIAL_NAME, itemIndex);
		const pageLogin = pageLoginOf(this, credentials, itemIndex);
		const options = run.parameter('options', itemIndex, {}) as SnippetInput;
		const request: SnippetRequest = snippetRequest(options);
		const path = `${await itemShopPath(run, itemIndex)}/creator/snippet`;
		// The service embeds the caller's session in the snippet: the caller is the page session.
		const page = request.pageSessionId
			? reusedPageSession(request.pageSessionId)
			: await openPageSession(this, credentials, pageLogin, itemIndex);
		const answer = await run.service
			.request({
				method: 'GET',
				path,
				qs: request.qs,
				sessionToken: page.token,
				itemIndex,
			})
			.catch((error: unknown) => {
				throw request.pageSessionId
					? pageSessionRefusal(this, error, 'Reuse Page Session ID', itemIndex)
					: pageLoginRefusal(this, error, itemIndex);
			});
		const snippet = recordOf(answer);
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
		const json = {
			html,
			preloaderUrl: String(snippet.preloaderUrl ?? ''),
			widgetId,
			pageFragment: pageFragment(html, { ...request, widgetId }),
			namespace: String(
				snippet.namespace ??
					(widgetId ? `platform.creator${widgetId}.api` : 'platform.creator.api'),
			),
			// The session the page holds; Order → Get Session Order reads its basket with it.
			orderSessionId: page.id,
		};
		await assertWithoutCredentialSession(this, Object.values(json), itemIndex);
		return [{ json }];
	},
};
