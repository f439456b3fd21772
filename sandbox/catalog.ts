/** Shops, countries, carriers, products, template and shared products. */

import { isUuid, requireAccount, requireShop } from './auth';
import { atomLink } from './codec';
import type { SandboxState, ServiceContext } from './context';
import { notFound } from './errors';
import { tinyPng } from './images';
import { localizationBody } from './languages';
import { accountUrl, shopUrl } from './links';
import { pagedList } from './paging';
import type { KindOptions } from './options';
import { ok, type Router } from './router';
import type { Country, Product, Shop } from './types';

export function findProduct(
	sandbox: SandboxState,
	shop: Shop,
	productId: number,
): Product | undefined {
	const product = sandbox.store.products.get(productId);
	return product && product.shopId === shop.id && !product.deleted ? product : undefined;
}

function requireProduct(ctx: ServiceContext, shop: Shop): Product {
	const product = findProduct(ctx.sandbox, shop, Number(ctx.params.productId));
	if (!product)
		throw notFound('Product not found', `No product ${ctx.params.productId} in shop ${shop.id}`);
	return product;
}

export function shopBody(sandbox: SandboxState, shop: Shop) {
	const base = shopUrl(sandbox, shop.accountId, shop.id);
	return {
		id: shop.id,
		name: shop.name,
		created: shop.created,
		'atom.link': [
			atomLink('self', base),
			atomLink('products', `${base}/products`),
			atomLink('orders', `${base}/orders`),
			atomLink('userMotives', `${base}/userMotives`),
			atomLink('webhooks', `${base}/webhooks`),
			atomLink('orderCsvImports', `${base}/orderCsvImport`),
			atomLink('motives', `${base}/motives`),
			atomLink('properties', `${base}/properties`),
			atomLink('configCreator', `${base}/configCreator`),
			atomLink(
				'logoPreview',
				`${sandbox.baseUrl}/public/shops/${shop.id}/logoPreview`,
				'image/png',
			),
		],
	};
}

export function countryBody(country: Country) {
	return {
		id: country.id,
		code: country.code,
		name: country.name,
		currency: { code: country.currencyCode },
		standardVat: country.standardVat,
		reducedVat: country.reducedVat,
		default: country.isDefault,
	};
}

function productUrl(sandbox: SandboxState, shop: Shop, productId: number) {
	return `${shopUrl(sandbox, shop.accountId, shop.id)}/products/${productId}`;
}

function productLinks(sandbox: SandboxState, shop: Shop, product: Product) {
	const self = productUrl(sandbox, shop, product.id);
	return [
		atomLink('self', self),
		atomLink(
			'expanded',
			`${shopUrl(sandbox, shop.accountId, shop.id)}/products/expanded/${product.id}`,
		),
		atomLink('assignedColors', `${self}/assignedColors`),
		atomLink('assignedSizes', `${self}/assignedSizes`),
		atomLink('assignedViews', `${self}/assignedViews`),
		// No link to `.../sku` (field notes): the contract's rels name none for it.
	];
}

function productBasic(sandbox: SandboxState, shop: Shop, product: Product) {
	return {
		id: product.id,
		name: product.name,
		sku: product.sku,
		type: product.type,
		created: product.created,
		'atom.link': productLinks(sandbox, shop, product),
	};
}

const colorBody = (c: Product['colors'][number]) => ({
	id: c.id,
	name: c.name,
	rgb: c.rgb,
	color: { id: c.colorId, name: c.name, rgb: c.rgb },
});

const sizeBody = (s: Product['sizes'][number]) => ({
	id: s.id,
	name: s.name,
	sortIndex: s.sortIndex,
	size: { id: s.sizeId, name: s.name },
});

const areaBody = (a: Product['views'][number]['areas'][number]) => ({
	id: a.id,
	name: a.name,
	width: a.widthMm,
	height: a.heightMm,
	unit: 'mm',
});

const viewBody = (v: Product['views'][number]) => ({
	id: v.id,
	name: v.name,
	view: { id: v.viewId, position: v.position, name: v.name },
	productAreas: { productArea: v.areas.map(areaBody) },
});

// The contract's ProductSku; `sku` is the extension's variant SKU text, absent (so not written)
// unless the sandbox runs with `variantSkuTexts`.
const skuBody = (s: Product['skus'][number]) => ({
	id: s.id,
	stockId: s.stockId,
	sku: s.sku,
	available: s.available,
	assignedColor: { id: s.assignedColorId },
	assignedSize: { id: s.assignedSizeId },
});

function productExpanded(sandbox: SandboxState, shop: Shop, product: Product) {
	return {
		...productBasic(sandbox, shop, product),
		assignedColors: { assignedProductColorExpanded: product.colors.map(colorBody) },
		assignedSizes: { assignedProductSizeExpanded: product.sizes.map(sizeBody) },
		assignedViews: { assignedProductViewExpanded: product.views.map(viewBody) },
		productAreas: {
			productArea: product.views.flatMap((v) =>
				v.areas.map((a) => ({
					...areaBody(a),
					assignedView: { id: v.id, view: { position: v.position } },
				})),
			),
		},
		productSkus: { productSku: product.skus.map(skuBody) },
		productPrices: {
			productPrice: product.prices.map((p) => ({
				id: p.id,
				price: p.price,
				currency: { code: p.currencyCode },
				country: { id: p.countryId },
				assignedSize: { id: p.assignedSizeId },
			})),
		},
		localizations: {
			productLocalized: product.localizations.map((l) => localizationBody(sandbox, l)),
		},
		// The contract shows no name for them; its vocabulary (the product filter's
		// `assignedPrintTechnologyFilter`, the product's assigned colours, sizes and views) gives
		// `assignedPrintTechnologies` of `assignedPrintTechnology`. A quirk writes the other name.
		[sandbox.quirks.assignedPrintTechnologiesAsPrintTechnologies
			? 'printTechnologies'
			: 'assignedPrintTechnologies']: {
			assignedPrintTechnology: sandbox.store.printTechnologies
				.filter((t) => product.technologyIds.includes(t.id))
				.map((t) => ({ id: t.id, printTechnology: { id: t.id, name: t.name } })),
		},
	};
}

export function registerCatalogRoutes(router: Router<ServiceContext>, kind: KindOptions): void {
	router.get('/accounts/:accountId', (ctx) => {
		const account = requireAccount(ctx);
		const base = accountUrl(ctx.sandbox, account.id);
		return ok({
			account: {
				id: account.id,
				name: account.name,
				'atom.link': [
					atomLink('self', base),
					atomLink('shops', `${base}/shops`),
					atomLink('countries', `${base}/countries`),
					atomLink('shippingModules', `${base}/shippingModules`),
				],
			},
		});
	});

	router.get('/accounts/:accountId/shops', (ctx) => {
		const account = requireAccount(ctx);
		const user = ctx.user;
		const shops = ctx.sandbox.store
			.shopsOfAccount(account.id)
			.filter((shop) => user?.shopIds.includes(shop.id));
		return pagedList(ctx, {
			records: shops,
			filterRoot: 'shopFilter',
			itemName: 'shop',
			represent: (shop) => shopBody(ctx.sandbox, shop),
		});
	});

	router.get('/accounts/:accountId/shops/:shopId', (ctx) =>
		ok({ shop: shopBody(ctx.sandbox, requireShop(ctx)) }),
	);

	router.get('/accounts/:accountId/shops/:shopId/properties', (ctx) => {
		const shop = requireShop(ctx);
		return pagedList(ctx, {
			records: shop.properties,
			itemName: 'shopProperty',
			represent: (p) => ({ ...p }),
		});
	});

	router.get('/accounts/:accountId/shops/:shopId/configCreator', (ctx) => {
		const shop = requireShop(ctx);
		return ok({
			configCreator: {
				shopId: shop.id,
				creatorDesignMode: 'SHOP',
				enableMotives: true,
				enableProductChange: true,
				enableShareAndSave: true,
			},
		});
	});

	router.get('/public/shops/:shopId/logoPreview', (ctx) => {
		if (!ctx.sandbox.store.shops.has(Number(ctx.params.shopId))) throw notFound('Shop not found');
		return { status: 200, raw: { body: tinyPng([40, 90, 160]), contentType: 'image/png' } };
	});

	router.get('/accounts/:accountId/countries', (ctx) => {
		requireAccount(ctx);
		return pagedList(ctx, {
			records: ctx.sandbox.store.countries,
			filterRoot: 'countryFilter',
			itemName: 'country',
			represent: countryBody,
		});
	});

	router.get('/accounts/:accountId/shippingModules', (ctx) => {
		const account = requireAccount(ctx);
		return pagedList(ctx, {
			records: [{ id: 31, name: 'Standard shipping' }],
			itemName: 'shippingModule',
			represent: (m) => ({
				...m,
				'atom.link': [
					atomLink(
						'providers',
						`${accountUrl(ctx.sandbox, account.id)}/shippingModules/${m.id}/providers`,
					),
				],
			}),
		});
	});

	router.get('/accounts/:accountId/shops/:shopId/carriers', (ctx) => {
		requireShop(ctx);
		return pagedList(ctx, {
			records: ctx.sandbox.store.carriers,
			itemName: 'carrier',
			represent: (c) => ({ ...c }),
		});
	});

	const products = '/accounts/:accountId/shops/:shopId/products';

	router.get(products, (ctx) => {
		const shop = requireShop(ctx);
		const records = [...ctx.sandbox.store.products.values()].filter((p) => p.shopId === shop.id);
		return pagedList(ctx, {
			records,
			filterRoot: 'productFilter',
			itemName: 'product',
			represent: (p) => productBasic(ctx.sandbox, shop, p),
		});
	});

	router.get(`${products}/:productId`, (ctx) => {
		const shop = requireShop(ctx);
		return ok({ product: productBasic(ctx.sandbox, shop, requireProduct(ctx, shop)) });
	});

	router.get(`${products}/expanded/:productId`, (ctx) => {
		const shop = requireShop(ctx);
		return ok({ product: productExpanded(ctx.sandbox, shop, requireProduct(ctx, shop)) });
	});

	router.get(`${products}/:productId/sku`, (ctx) => {
		const shop = requireShop(ctx);
		const product = requireProduct(ctx, shop);
		return pagedList(ctx, { records: product.skus, itemName: 'productSku', represent: skuBody });
	});

	router.get(`${products}/:productId/assignedColors`, (ctx) => {
		const product = requireProduct(ctx, requireShop(ctx));
		return pagedList(ctx, {
			records: product.colors,
			itemName: 'assignedProductColor',
			represent: colorBody,
		});
	});

	router.get(`${products}/:productId/assignedSizes`, (ctx) => {
		const product = requireProduct(ctx, requireShop(ctx));
		return pagedList(ctx, {
			records: product.sizes,
			itemName: 'assignedProductSize',
			represent: sizeBody,
		});
	});

	router.get(`${products}/:productId/assignedViews`, (ctx) => {
		const product = requireProduct(ctx, requireShop(ctx));
		return pagedList(ctx, {
			records: product.views,
			itemName: 'assignedProductView',
			represent: viewBody,
		});
	});

	// Not in the contract's endpoint tables, nor named by a link: option templateProductList.
	if (kind.templateProductList) registerTemplateProductList(router);
	registerSharedProducts(router, kind);
}

function registerTemplateProductList(router: Router<ServiceContext>): void {
	router.get('/accounts/:accountId/shops/:shopId/templateProducts', (ctx) => {
		const shop = requireShop(ctx);
		const records = [...ctx.sandbox.store.templateProducts.values()].filter(
			(t) => t.shopId === shop.id,
		);
		return pagedList(ctx, {
			records,
			itemName: 'templateProduct',
			represent: (t) => ({
				id: t.id,
				sku: t.sku,
				name: t.name,
				product: { id: t.productId },
				assignedColor: { id: t.assignedColorId },
			}),
		});
	});
}

/**
 * The contract's `GET .../sharedProducts` list; a shared product by id or UUID (and the `self`
 * link that names it) only with option sharedProductById, as the contract lists no such path.
 */
function registerSharedProducts(router: Router<ServiceContext>, kind: KindOptions): void {
	const shared = '/accounts/:accountId/shops/:shopId/sharedProducts';
	const sharedBody = (
		sandbox: SandboxState,
		shop: Shop,
		s: { id: number; uuid: string; name: string; productId: number; created: string },
	) => ({
		id: s.id,
		uuid: s.uuid,
		name: s.name,
		product: { id: s.productId },
		created: s.created,
		'atom.link': kind.sharedProductById
			? [atomLink('self', `${shopUrl(sandbox, shop.accountId, shop.id)}/sharedProducts/${s.id}`)]
			: undefined,
	});

	router.get(shared, (ctx) => {
		const shop = requireShop(ctx);
		const records = [...ctx.sandbox.store.sharedProducts.values()].filter(
			(s) => s.shopId === shop.id,
		);
		return pagedList(ctx, {
			records,
			filterRoot: 'sharedProductFilter',
			itemName: 'sharedProduct',
			represent: (s) => sharedBody(ctx.sandbox, shop, s),
		});
	});

	if (!kind.sharedProductById) return;
	// A shared product by numeric id or by its UUID.
	router.get(`${shared}/:sharedId`, (ctx) => {
		const shop = requireShop(ctx);
		const key = ctx.params.sharedId;
		const found = [...ctx.sandbox.store.sharedProducts.values()].find(
			(s) =>
				s.shopId === shop.id &&
				!s.deleted &&
				(isUuid(key) ? s.uuid === key.toLowerCase() : String(s.id) === key),
		);
		if (!found) throw notFound('Shared product not found');
		return ok({ sharedProduct: sharedBody(ctx.sandbox, shop, found) });
	});
}
