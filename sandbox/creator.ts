/** The Creator widget snippet: validated start parameters packed into a preloader URL. */

import { createHmac } from 'node:crypto';

import { bareSessionId, isUuid, requireSession, requireShop } from './auth';
import { findProduct } from './catalog';
import type { ServiceContext } from './context';
import { ApiError, badRequest } from './errors';
import { readLanguage } from './languages';
import { ok, type Router } from './router';

const INTEGER_PARAMS = [
	'productId',
	'assignedColorId',
	'assignedSizeId',
	'amount',
	'orderedProductId',
	'editOrderedProductId',
	'templateProductId',
	'countryId',
];
const CALLBACK_PARAMS = ['addToBasketCallback', 'productChangeCallback', 'creatorStartCallback'];
const CSS_SIZE = /^\d+(\.\d+)?(px|%)?$/;
const ALPHANUMERIC = /^[A-Za-z0-9]+$/;

/** Key for the tamper-proof signature of `editOrderedProductId` (fixed: the sandbox is local). */
const EDIT_SIGNATURE_KEY = 'sandbox-creator-edit-signature';

function escapeHtmlAttribute(text: string): string {
	return text
		.replace(/&/g, '&amp;')
		.replace(/"/g, '&quot;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;');
}

function snippet(ctx: ServiceContext) {
	const shop = requireShop(ctx);
	const { session } = requireSession(ctx);
	const q = ctx.query;
	const start = new URLSearchParams({ accountId: String(shop.accountId), shopId: String(shop.id) });

	for (const name of INTEGER_PARAMS) {
		const value = q.get(name);
		if (value === null || value === '') continue;
		if (!/^\d+$/.test(value) || (name === 'amount' && Number(value) < 1)) {
			throw badRequest(
				`Invalid parameter ${name}`,
				`${name} must be a positive integer, got ${value}`,
			);
		}
		start.set(name, value);
	}
	// The language in the form the service's records carry it: a code under `langIdAsCode`.
	const langId = q.get('langId');
	if (langId !== null && langId !== '') {
		readLanguage(ctx.sandbox, langId, 'parameter langId');
		start.set('langId', langId);
	}
	const productId = q.get('productId');
	if (productId && !findProduct(ctx.sandbox, shop, Number(productId))) {
		throw badRequest('Invalid parameter productId', `No product ${productId} in shop ${shop.id}`);
	}
	const sharedProductId = q.get('sharedProductId');
	if (sharedProductId) {
		if (!isUuid(sharedProductId)) {
			throw badRequest(
				'Invalid parameter sharedProductId',
				`sharedProductId must be a UUID, got ${sharedProductId}`,
			);
		}
		start.set('sharedProductId', sharedProductId.toLowerCase());
	}
	const mode = q.get('creatorDesignMode') || 'SHOP';
	if (mode !== 'SHOP' && mode !== 'TEMPLATE') {
		throw badRequest(
			'Invalid parameter creatorDesignMode',
			'creatorDesignMode must be SHOP or TEMPLATE',
		);
	}
	start.set('creatorDesignMode', mode);
	for (const name of ['width', 'height']) {
		const value = q.get(name) || '100%';
		if (!CSS_SIZE.test(value))
			throw badRequest(
				`Invalid parameter ${name}`,
				`${name} must be pixels or a percentage, got ${value}`,
			);
		start.set(name, value);
	}
	const priceInfoLabelType = q.get('priceInfoLabelType');
	if (priceInfoLabelType) {
		if (!/^[A-Za-z0-9_]+$/.test(priceInfoLabelType))
			throw badRequest('Invalid parameter priceInfoLabelType');
		start.set('priceInfoLabelType', priceInfoLabelType);
	}
	const showPriceDetails = q.get('showPriceDetails');
	if (showPriceDetails) {
		if (showPriceDetails !== 'true' && showPriceDetails !== 'false') {
			throw badRequest(
				'Invalid parameter showPriceDetails',
				'showPriceDetails must be true or false',
			);
		}
		start.set('showPriceDetails', showPriceDetails);
	}
	for (const name of CALLBACK_PARAMS) {
		const value = q.get(name);
		if (!value) continue;
		// The widget would raise client error 2155 for this name; the sandbox refuses it up front.
		if (!ALPHANUMERIC.test(value)) {
			throw new ApiError(
				400,
				`Invalid parameter ${name}`,
				`Callback names must be alphanumeric (client error 2155), got ${value}`,
				{ code: 2155 },
			);
		}
		start.set(name, value);
	}
	const widgetId = q.get('widgetId') ?? '';
	if (widgetId && !ALPHANUMERIC.test(widgetId))
		throw badRequest('Invalid parameter widgetId', 'widgetId must be alphanumeric');
	if (widgetId) start.set('widgetId', widgetId);

	// The snippet carries the caller's session (contract): the Creator takes the bare UUID, so a
	// routing suffix is cut from the "."; an orderSessionId query parameter is not in the contract
	// and is ignored.
	const orderSessionId = bareSessionId(session.token);
	start.set('orderSessionId', orderSessionId);

	const editId = start.get('editOrderedProductId');
	if (editId) {
		start.set(
			'editOrderedProductSignature',
			createHmac('sha256', EDIT_SIGNATURE_KEY).update(editId).digest('hex'),
		);
	}
	const preloaderUrl = `${ctx.sandbox.baseUrl}/public/creator/preloader.js?${start.toString()}`;
	const html =
		`<div id="topLevelSystemManager${widgetId}"></div>` +
		`<script async src="${escapeHtmlAttribute(preloaderUrl)}"></script>`;
	return {
		creatorSnippet: {
			widgetId,
			html,
			preloaderUrl,
			namespace: widgetId ? `platform.creator${widgetId}.api` : 'platform.creator.api',
			orderSessionId,
		},
	};
}

const PRELOADER_SCRIPT = `/* sandbox Creator preloader: the real widget is not emulated */
(function () {
	var params = new URL(document.currentScript.src).searchParams;
	var widgetId = params.get('widgetId') || '';
	var mount = document.getElementById('topLevelSystemManager' + widgetId);
	if (mount) mount.setAttribute('data-sandbox-creator', 'loaded');
	var start = params.get('creatorStartCallback');
	if (start && typeof window[start] === 'function') window[start]();
})();
`;

export function registerCreatorRoutes(router: Router<ServiceContext>): void {
	router.get('/accounts/:accountId/shops/:shopId/creator/snippet', (ctx) => ok(snippet(ctx)));
	router.get('/public/creator/preloader.js', (ctx) => {
		// Contract: the Creator fails with 500 on a session id that carries a routing suffix.
		if ((ctx.query.get('orderSessionId') ?? '').includes('.')) {
			throw new ApiError(
				500,
				'Creator failed to start',
				'orderSessionId carries a routing suffix; the Creator takes the bare UUID',
			);
		}
		return {
			status: 200,
			raw: { body: PRELOADER_SCRIPT, contentType: 'application/javascript; charset=utf-8' },
		};
	});
}
