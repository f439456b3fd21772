/**
 * Query parameters of the Creator snippet (contract, "Creator widget snippet"), checked before
 * the request: a callback name that is not alphanumeric would only fail in the shopper's browser
 * (client error 2155). The snippet carries no session parameter: the service embeds the session
 * of the caller, which is why the caller is a page session (see pageSession.ts).
 */

import type { IDataObject } from 'n8n-workflow';

import { InputError } from '../../../shared/errors';
import { languageOf } from '../common/language';

/** Whole-number ID parameters, with the label the user sees. */
export const SNIPPET_ID_PARAMETERS: Record<string, string> = {
	productId: 'Product ID',
	assignedColorId: 'Assigned Color ID',
	assignedSizeId: 'Assigned Size ID',
	orderedProductId: 'Ordered Product ID',
	editOrderedProductId: 'Edit Ordered Product ID',
	templateProductId: 'Template Product ID',
	langId: 'Language',
	countryId: 'Country ID',
};

/**
 * The callback parameters: the label the user sees, and an example name of the global JavaScript
 * function the page defines for it (shown as the field's placeholder and in the fix of a refusal).
 */
export const SNIPPET_CALLBACK_PARAMETERS: Record<string, { label: string; example: string }> = {
	addToBasketCallback: { label: 'Add To Basket Callback', example: 'onAddToBasket' },
	productChangeCallback: { label: 'Product Change Callback', example: 'onProductChange' },
	creatorStartCallback: { label: 'Creator Start Callback', example: 'onCreatorStart' },
};

export const CREATOR_DESIGN_MODES = ['SHOP', 'TEMPLATE'] as const;

const ALPHANUMERIC = /^[A-Za-z0-9]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A CSS length, a percentage, or a bare number of pixels. */
const CSS_SIZE = /^(\d+(\.\d+)?|\.\d+)(px|%|em|rem|vw|vh|vmin|vmax|cm|mm|in|pt|pc|ch|ex)?$/;

/** The widget's default size (contract, Limits). */
export const DEFAULT_WIDGET_SIZE = '100%';

export interface SnippetInput {
	productId?: unknown;
	assignedColorId?: unknown;
	assignedSizeId?: unknown;
	amount?: unknown;
	sharedProductId?: unknown;
	orderedProductId?: unknown;
	editOrderedProductId?: unknown;
	templateProductId?: unknown;
	creatorDesignMode?: unknown;
	width?: unknown;
	height?: unknown;
	langId?: unknown;
	countryId?: unknown;
	priceInfoLabelType?: unknown;
	showPriceDetails?: unknown;
	addToBasketCallback?: unknown;
	productChangeCallback?: unknown;
	creatorStartCallback?: unknown;
	widgetId?: unknown;
	/** A page session of an earlier snippet to reuse; it is sent as the session, never as a parameter. */
	pageSessionId?: unknown;
}

export interface SnippetRequest {
	/** The query to send; only parameters the user gave. */
	qs: IDataObject;
	/** The size of the page container: the widget size, `100%` when not given. */
	width: string;
	height: string;
	widgetId: string;
	/** The page session to reuse, as given; undefined to open a new one. */
	pageSessionId?: string;
}

function text(value: unknown): string {
	return value === undefined || value === null ? '' : String(value).trim();
}

/** A session id as the Creator needs it: the bare UUID, without a routing suffix from the `.`. */
export function stripRoutingSuffix(sessionId: string): string {
	const dot = sessionId.indexOf('.');
	return dot === -1 ? sessionId : sessionId.slice(0, dot);
}

/** Whether a value is a session token: a UUID, possibly with a routing suffix after a `.`. */
export function isSessionToken(value: string): boolean {
	return UUID.test(stripRoutingSuffix(value));
}

/** A size as CSS: a bare number is pixels. */
export function cssSize(value: string): string {
	return /^[\d.]+$/.test(value) ? `${value}px` : value;
}

/** Validate the snippet parameters and build the query; throws InputError. */
export function snippetRequest(input: SnippetInput): SnippetRequest {
	const qs: IDataObject = {};

	for (const [name, label] of Object.entries(SNIPPET_ID_PARAMETERS)) {
		const value = text(input[name as keyof SnippetInput]);
		if (!value) continue;
		if (name === 'langId') {
			// The language of the whole node: what the Language list offers, Set Localization takes.
			qs.langId = String(languageOf(value, label));
			continue;
		}
		if (!/^\d+$/.test(value)) {
			throw new InputError(
				`${label} must be a whole number, got "${value}"`,
				`Enter the numeric ${label}, or leave it empty.`,
			);
		}
		qs[name] = value;
	}

	const amount = text(input.amount);
	if (amount) {
		if (!/^\d+$/.test(amount) || Number(amount) < 1) {
			throw new InputError(
				`Amount must be a positive whole number, got "${amount}"`,
				'Enter the quantity to pre-fill, 1 or more.',
			);
		}
		qs.amount = amount;
	}

	const sharedProductId = text(input.sharedProductId);
	if (sharedProductId) {
		if (!UUID.test(sharedProductId)) {
			throw new InputError(
				`Shared Product ID must be a UUID, got "${sharedProductId}"`,
				'A shared design is loaded by its UUID (for example 3f1c2b7e-8a4d-4c1e-9b2a-5d6e7f8a9b01), not by its numeric ID.',
			);
		}
		qs.sharedProductId = sharedProductId;
	}

	const mode = text(input.creatorDesignMode).toUpperCase();
	if (mode) {
		if (!(CREATOR_DESIGN_MODES as readonly string[]).includes(mode)) {
			throw new InputError(
				`Creator Design Mode must be SHOP or TEMPLATE, got "${mode}"`,
				'Use SHOP for customer personalisation or TEMPLATE for template authoring.',
			);
		}
		qs.creatorDesignMode = mode;
	}

	const size: Record<'width' | 'height', string> = {
		width: DEFAULT_WIDGET_SIZE,
		height: DEFAULT_WIDGET_SIZE,
	};
	for (const name of ['width', 'height'] as const) {
		const value = text(input[name]).replace(/\s+/g, '');
		if (!value) continue;
		if (!CSS_SIZE.test(value)) {
			const label = name === 'width' ? 'Width' : 'Height';
			throw new InputError(
				`${label} must be a CSS length, a percentage or pixels, got "${value}"`,
				'Enter for example 100%, 800px or 800.',
			);
		}
		qs[name] = value;
		size[name] = value;
	}

	const priceInfoLabelType = text(input.priceInfoLabelType);
	if (priceInfoLabelType) {
		if (!/^[A-Za-z0-9_]+$/.test(priceInfoLabelType)) {
			throw new InputError(
				`Price Info Label Type must be a single word, got "${priceInfoLabelType}"`,
				'Enter the name of the price label variant, letters, digits and underscores only.',
			);
		}
		qs.priceInfoLabelType = priceInfoLabelType;
	}

	if (input.showPriceDetails !== undefined && input.showPriceDetails !== '') {
		const show = input.showPriceDetails;
		if (show !== true && show !== false && show !== 'true' && show !== 'false') {
			throw new InputError(
				`Show Price Details must be true or false, got "${text(show)}"`,
				'Switch Show Price Details on or off.',
			);
		}
		qs.showPriceDetails = String(show);
	}

	for (const [name, { label, example }] of Object.entries(SNIPPET_CALLBACK_PARAMETERS)) {
		const value = text(input[name as keyof SnippetInput]);
		if (!value) continue;
		if (!ALPHANUMERIC.test(value)) {
			throw new InputError(
				`${label} must be an alphanumeric function name, got "${value}"`,
				`The Creator accepts only letters and digits in callback names (otherwise it fails with client error 2155). Rename the global JavaScript function, for example ${example}.`,
			);
		}
		qs[name] = value;
	}

	const widgetId = text(input.widgetId);
	if (widgetId) {
		if (!ALPHANUMERIC.test(widgetId)) {
			throw new InputError(
				`Widget ID must be alphanumeric, got "${widgetId}"`,
				'Use letters and digits only; each widget on one page needs its own ID.',
			);
		}
		qs.widgetId = widgetId;
	}

	const pageSessionId = text(input.pageSessionId) || undefined;
	if (pageSessionId !== undefined && !isSessionToken(pageSessionId)) {
		throw new InputError(
			`Reuse Page Session ID must be a session UUID, got "${pageSessionId}"`,
			'Enter the Order Session ID an earlier Get Snippet returned, or leave it empty to open a new page session.',
		);
	}

	return { qs, width: size.width, height: size.height, widgetId, pageSessionId };
}

/** A page fragment ready to paste: a container of explicit size holding the snippet. */
export function pageFragment(html: string, request: SnippetRequest): string {
	return (
		`<div id="creatorContainer${request.widgetId}" ` +
		`style="width:${cssSize(request.width)};height:${cssSize(request.height)}">` +
		`${html}</div>`
	);
}
