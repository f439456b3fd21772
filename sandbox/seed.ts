/**
 * The data a fresh sandbox starts with: accounts, users, shops, catalog, motives and the rest, with
 * the logins and IDs tests and examples rely on exported as DEMO.
 */

import { Store } from './store';
import {
	lineTotal,
	orderedSkuOf,
	type AssignedView,
	type FinancialStatus,
	type FulfilmentStatus,
	type Motive,
	type Product,
	type ProductSku,
} from './types';

/** Logins and ids of the seeded data that tests and examples rely on. */
export const DEMO = {
	login: 'demo',
	password: 'demo-password',
	accountId: 387,
	shopId: 1597,
	secondShopId: 1598,
	users: {
		accountAdmin: { login: 'demo', password: 'demo-password', accountId: 387, shopId: 1597 },
		shopAdmin: { login: 'shopadmin', password: 'shopadmin-password', accountId: 387, shopId: 1597 },
		viewer: { login: 'viewer', password: 'viewer-password', accountId: 387, shopId: 1597 },
		/** The Creator page login (ROLE_AUTHORIZED_USER) that the dev credential and examples use. */
		creatorPage: {
			login: 'creatorpage',
			password: 'creatorpage-password',
			accountId: 387,
			shopId: 1597,
		},
		foreign: { login: 'other', password: 'other-password', accountId: 999, shopId: 9999 },
	},
	tShirt: {
		productId: 1001,
		colors: { White: 2001, Black: 2002 },
		sizes: { S: 3001, M: 3002, L: 3003, XL: 3004, XXL: 3005, '3XL': 3006 },
		views: { FRONT: 3501, BACK: 3502 },
		productAreas: { FRONT: 4001, BACK: 4002 },
		printTechnologies: { 'Digital Print': 11, 'Digital DTF': 12 },
	},
	hoodieProductId: 1002,
	toteBagProductId: 1003,
	/**
	 * Products whose option names (and, with the extension `variantSkuTexts`, variant SKU texts)
	 * match the storefront fixtures (test/fixtures/storefront).
	 */
	storefront: {
		/** Shopify's documented line items IPOD2008GREEN, IPOD2008RED, IPOD2008BLACK (SKU IPOD2008). */
		ipodProductId: 1004,
		/** WooCommerce's documented variation line Bar3 (pa_color black, size "M Test"). */
		shipYourIdeaProductId: 1005,
	},
	templateProduct: { id: 7001, sku: 'TPL-TEE-LOGO' },
	sharedProductUuid: '3f1c2b7e-8a4d-4c1e-9b2a-5d6e7f8a9b01',
	motiveIds: [5001, 5002, 5003],
	tagIds: { summer: 501, logo: 502, animals: 503 },
	categoryIds: { animals: 601, brands: 602 },
	countries: { DE: 1, DK: 2, GB: 3, US: 4, FR: 5 },
	carriers: { DHL: 21, UPS: 22, DPD: 23 },
} as const;

const SEED_DATE = '2024-01-15T09:30:00+01:00';

interface ProductPlan {
	id: number;
	name: string;
	sku: string;
	colors: Array<[id: number, name: string, rgb: string]>;
	sizes: Array<[id: number, name: string]>;
	views: Array<[assignedViewId: number, position: 'FRONT' | 'BACK', areaId: number]>;
	basePrice: number;
	/** Colour/size pairs listed on the product that deliberately have no SKU. */
	missingSkus?: Array<[colorId: number, sizeId: number]>;
	/**
	 * The variant SKU text of a colour and size (extension `variantSkuTexts` only);
	 * `<sku>-<COLOUR>-<SIZE>` when not given.
	 */
	variantSku?: (colorName: string, sizeName: string) => string;
	categoryIds: number[];
	/** The German localization's name, where it differs from the product's name. */
	germanName?: string;
	/** The localizations' descriptions; empty where not given. */
	description?: { en: string; de: string };
}

/**
 * The products of a shop; `offset` shifts every id so shops never share catalog ids. The last two
 * carry the SKUs and option names of the storefront orders in `test/fixtures/storefront/`.
 */
function productPlans(offset: number): ProductPlan[] {
	const o = offset;
	return [
		{
			id: 1001 + o,
			name: 'Classic T-Shirt',
			sku: 'TEE-CLASSIC',
			colors: [
				[2001 + o, 'White', '#FFFFFF'],
				[2002 + o, 'Black', '#000000'],
			],
			sizes: ['S', 'M', 'L', 'XL', 'XXL', '3XL'].map((name, i) => [3001 + o + i, name]),
			views: [
				[3501 + o, 'FRONT', 4001 + o],
				[3502 + o, 'BACK', 4002 + o],
			],
			basePrice: 12.9,
			germanName: 'Klassisches T-Shirt',
			description: {
				en: 'A soft cotton T-shirt, printed on demand.',
				de: 'Ein weiches Baumwoll-T-Shirt, auf Bestellung bedruckt.',
			},
			missingSkus: [[2002 + o, 3006 + o]],
			categoryIds: [602],
		},
		{
			id: 1002 + o,
			name: 'Hoodie',
			sku: 'HOODIE-PREMIUM',
			colors: [
				[2011 + o, 'Navy', '#1F2A44'],
				[2012 + o, 'Grey', '#8C8C8C'],
			],
			sizes: ['S', 'M', 'L', 'XL'].map((name, i) => [3011 + o + i, name]),
			views: [
				[3511 + o, 'FRONT', 4011 + o],
				[3512 + o, 'BACK', 4012 + o],
			],
			basePrice: 34.9,
			categoryIds: [],
		},
		{
			id: 1003 + o,
			name: 'Tote Bag',
			sku: 'TOTE-COTTON',
			colors: [[2021 + o, 'Natural', '#EFE6D2']],
			sizes: [[3021 + o, 'One Size']],
			views: [[3521 + o, 'FRONT', 4021 + o]],
			basePrice: 9.5,
			categoryIds: [601],
		},
		{
			// Shopify's documented order: line items IPOD2008GREEN / RED / BLACK, variant titles
			// green / red / black (one option), product title "IPod Nano - 8gb".
			id: 1004 + o,
			name: 'IPod Nano - 8gb',
			sku: 'IPOD2008',
			colors: [
				[2031 + o, 'Green', '#2E8B57'],
				[2032 + o, 'Red', '#C0392B'],
				[2033 + o, 'Black', '#000000'],
			],
			sizes: [[3031 + o, 'One Size']],
			views: [[3531 + o, 'FRONT', 4031 + o]],
			basePrice: 19.9,
			variantSku: (colorName) => `IPOD2008${colorName.toUpperCase()}`,
			categoryIds: [],
		},
		{
			// WooCommerce's documented order: the variation line with SKU Bar3 and meta_data
			// pa_color: black, size: M Test.
			id: 1005 + o,
			name: 'Ship Your Idea',
			sku: 'SHIP-YOUR-IDEA',
			colors: [[2041 + o, 'Black', '#000000']],
			sizes: [[3041 + o, 'M Test']],
			views: [[3541 + o, 'FRONT', 4041 + o]],
			basePrice: 14.9,
			variantSku: () => 'Bar3',
			categoryIds: [],
		},
	];
}

const COLOR_IDS: Record<string, number> = {
	White: 1,
	Black: 2,
	Navy: 3,
	Grey: 4,
	Natural: 5,
	Green: 6,
	Red: 7,
};
const SIZE_IDS: Record<string, number> = {
	S: 1,
	M: 2,
	L: 3,
	XL: 4,
	XXL: 5,
	'3XL': 6,
	'One Size': 7,
	'M Test': 8,
};

/** The countries a product is priced in: Germany first (the default country), then the US. */
/**
 * The countries products are priced in, each in its own currency. Switzerland's prices take IDs
 * of a sequence of their own, so that adding them moved no other seeded ID.
 */
const PRICE_COUNTRIES = [
	{ countryId: 1, currencyCode: 'EUR', factor: 1, extra: 0, sequence: 'misc' },
	{ countryId: 4, currencyCode: 'USD', factor: 1.1, extra: 0, sequence: 'misc' },
	{ countryId: 8, currencyCode: 'CHF', factor: 1, extra: 3, sequence: 'price' },
] as const;

function buildProduct(
	store: Store,
	shopId: number,
	plan: ProductPlan,
	variantSkuTexts: boolean,
): Product {
	const views: AssignedView[] = plan.views.map(([id, position, areaId]) => ({
		id,
		viewId: position === 'FRONT' ? 1 : 2,
		position,
		name: position === 'FRONT' ? 'Front' : 'Back',
		areas: [{ id: areaId, name: `${position} print area`, widthMm: 300, heightMm: 400 }],
	}));
	const skus: ProductSku[] = [];
	for (const [colorId, colorName] of plan.colors) {
		for (const [sizeId, sizeName] of plan.sizes) {
			const missing = plan.missingSkus?.some(([c, s]) => c === colorId && s === sizeId);
			if (missing) continue;
			const id = store.nextId('misc');
			skus.push({
				id,
				stockId: id + 100000,
				// The contract's ProductSku has no SKU text: only the extension gives it one.
				sku: variantSkuTexts
					? (plan.variantSku?.(colorName, sizeName) ??
						`${plan.sku}-${colorName.toUpperCase()}-${sizeName.toUpperCase().replace(/\s+/g, '')}`)
					: undefined,
				available: true,
				assignedColorId: colorId,
				assignedSizeId: sizeId,
			});
		}
	}
	return {
		id: plan.id,
		shopId,
		name: plan.name,
		sku: plan.sku,
		type: 'STANDARD',
		created: SEED_DATE,
		deleted: false,
		colors: plan.colors.map(([id, name, rgb]) => ({ id, colorId: COLOR_IDS[name], name, rgb })),
		sizes: plan.sizes.map(([id, name], i) => ({ id, sizeId: SIZE_IDS[name], name, sortIndex: i })),
		views,
		skus,
		// Prices per country and size (PRICE_COUNTRIES); the other countries have none.
		prices: PRICE_COUNTRIES.flatMap(({ countryId, currencyCode, factor, extra, sequence }) =>
			plan.sizes.map(([sizeId], i) => ({
				id: store.nextId(sequence),
				assignedSizeId: sizeId,
				countryId,
				currencyCode,
				price: Math.round((plan.basePrice + extra + (i >= 4 ? 2 : 0)) * factor * 100) / 100,
			})),
		),
		localizations: [
			{
				id: store.nextId('misc'),
				langId: 1,
				language: 'en',
				name: plan.name,
				description: plan.description?.en ?? '',
			},
			{
				id: store.nextId('misc'),
				langId: 2,
				language: 'de',
				name: plan.germanName ?? plan.name,
				description: plan.description?.de ?? '',
			},
		],
		technologyIds: [11, 12],
		categoryIds: plan.categoryIds,
	};
}

function seedMotive(id: number, shopId: number, name: string, type: string, uuid: string): Motive {
	return {
		id,
		uuid,
		shopId,
		name,
		type,
		created: SEED_DATE,
		deleted: false,
		technologies: [{ id: id + 100000, printTechnologyId: 11 }],
		localizations: [],
		tagIds: [],
		categoryIds: [],
	};
}

interface DemoOrderPlan {
	uniqueId: string;
	created: string;
	financialStatus: FinancialStatus;
	fulfilmentStatus?: FulfilmentStatus;
	customer: [firstName: string, lastName: string, email: string];
	address: [street: string, streetNo: string, zip: string, city: string, countryCode: string];
	countryId: number;
	/** Product, colour, size, amount, print area and motive of the order's one design. */
	design: [
		productId: number,
		colorId: number,
		sizeId: number,
		amount: number,
		areaId: number,
		motiveId: number,
	];
}

/**
 * Orders of shop 1597 in four states, for a dev instance whose example workflows list, read and
 * follow orders (`demoOrders`). Tests start without them and count the orders they create.
 */
const DEMO_ORDERS: DemoOrderPlan[] = [
	{
		uniqueId: 'DEMO-1001',
		created: '2024-01-16T10:15:00+01:00',
		financialStatus: 'PAID',
		fulfilmentStatus: 'FINISHED',
		customer: ['Erika', 'Mustermann', 'erika@example.com'],
		address: ['Hauptstrasse', '5', '10115', 'Berlin', 'DE'],
		countryId: 1,
		design: [1001, 2002, 3002, 2, 4001, 5001],
	},
	{
		uniqueId: 'DEMO-1002',
		created: '2024-01-17T11:30:00+01:00',
		financialStatus: 'PAID',
		fulfilmentStatus: 'NOT_EDITABLE',
		customer: ['Jane', 'Doe', 'jane@example.com'],
		address: ['Baker Street', '221B', 'NW1 6XE', 'London', 'GB'],
		countryId: 3,
		design: [1002, 2011, 3013, 1, 4012, 5002],
	},
	{
		uniqueId: 'DEMO-1003',
		created: '2024-01-18T09:05:00+01:00',
		financialStatus: 'PAID',
		fulfilmentStatus: 'PREPARED_TO_PRODUCE',
		customer: ['Marie', 'Curie', 'marie@example.com'],
		address: ['Rue de Rivoli', '12', '75001', 'Paris', 'FR'],
		countryId: 5,
		design: [1003, 2021, 3021, 3, 4021, 5003],
	},
	{
		uniqueId: 'DEMO-1004',
		created: '2024-01-19T16:45:00+01:00',
		financialStatus: 'PENDING',
		customer: ['John', 'Smith', 'john@example.com'],
		address: ['Main Street', '1', '10001', 'New York', 'US'],
		countryId: 4,
		design: [1001, 2001, 3003, 1, 4001, 5001],
	},
];

/** Adds DEMO_ORDERS, as the deferred pipeline would have left them (committed, handed off). */
function addDemoOrders(store: Store): void {
	for (const plan of DEMO_ORDERS) {
		const id = store.nextId('order');
		const [productId, colorId, sizeId, amount, productAreaId, motiveId] = plan.design;
		const product = store.products.get(productId) as Product;
		const sku = product.skus.find(
			(s) => s.assignedColorId === colorId && s.assignedSizeId === sizeId,
		) as ProductSku;
		const unitPrice = product.prices.find(
			(p) => p.assignedSizeId === sizeId && p.countryId === plan.countryId,
		)?.price;
		const [firstName, lastName, email] = plan.customer;
		const [street, streetNo, zip, city, countryCode] = plan.address;
		const address = { firstName, lastName, street, streetNo, zip, city, countryCode };
		const fulfillmentId = plan.fulfilmentStatus === 'FINISHED' ? store.nextId('fulfillment') : 0;
		store.orders.set(id, {
			id,
			accountId: 387,
			shopId: 1597,
			uniqueId: plan.uniqueId,
			origin: 'deferred',
			created: plan.created,
			financialStatus: plan.financialStatus,
			fulfilmentStatus: plan.fulfilmentStatus,
			committed: true,
			handedOff: true,
			customer: {
				firstName,
				lastName,
				email,
				billingAddress: { ...address },
				shippingAddress: { ...address },
			},
			countryId: plan.countryId,
			shipping: { title: 'Standard', carrierId: 21 },
			orderedProducts: [
				{
					id: store.nextId('orderedProduct'),
					orderId: id,
					kind: 'design',
					productId,
					assignedColorId: colorId,
					assignedSizeId: sizeId,
					skuId: sku.id,
					sku: orderedSkuOf(product, sku),
					amount,
					price: lineTotal(unitPrice, amount),
					created: plan.created,
					deleted: false,
					compositions: [{ productAreaId, elements: [{ kind: 'motive', motiveId, layers: [] }] }],
					customAttributes: [],
				},
			],
			passthroughItems: [],
			fulfillments: fulfillmentId
				? [
						{
							id: fulfillmentId,
							trackingNumber: `SBX${id}${fulfillmentId}`,
							trackingUrl: `https://tracking.example.com/track/SBX${id}${fulfillmentId}`,
							created: plan.created,
						},
					]
				: [],
			deleted: false,
			childOrderIds: [],
		});
	}
}

export interface SeedOptions {
	/** Add DEMO_ORDERS (default false). */
	demoOrders?: boolean;
	/** Give every ProductSku a variant SKU text (default false, the contract's ProductSku). */
	variantSkuTexts?: boolean;
}

/** A fresh store holding the seed described in sandbox/README.md. */
export function createSeededStore(options: SeedOptions = {}): Store {
	const store = new Store();
	store.accounts.set(387, { id: 387, name: 'Demo Merch Account' });
	store.accounts.set(999, { id: 999, name: 'Foreign Account' });

	const shops: Array<[number, number, string, number]> = [
		[1597, 387, 'Demo Merch Shop', 0],
		[1598, 387, 'Second Shop', 100],
		[9999, 999, 'Foreign Shop', 800],
	];
	for (const [id, accountId, name] of shops) {
		store.shops.set(id, {
			id,
			accountId,
			name,
			created: SEED_DATE,
			deleted: false,
			properties: [
				{ id: id * 10 + 1, key: 'currency', value: 'EUR' },
				{ id: id * 10 + 2, key: 'creator.enabled', value: 'true' },
			],
		});
	}

	store.users = [
		{
			id: 11,
			login: 'demo',
			password: 'demo-password',
			role: 'ROLE_ACCOUNT_ADMIN',
			accountId: 387,
			shopIds: [1597, 1598],
		},
		{
			id: 12,
			login: 'shopadmin',
			password: 'shopadmin-password',
			role: 'ROLE_SHOP_ADMIN',
			accountId: 387,
			shopIds: [1597],
		},
		{
			id: 13,
			login: 'viewer',
			password: 'viewer-password',
			role: 'ROLE_AUTHORIZED_USER',
			accountId: 387,
			shopIds: [1597, 1598],
		},
		{
			id: 14,
			login: 'creatorpage',
			password: 'creatorpage-password',
			role: 'ROLE_AUTHORIZED_USER',
			accountId: 387,
			shopIds: [1597, 1598],
		},
		{
			id: 21,
			login: 'other',
			password: 'other-password',
			role: 'ROLE_ACCOUNT_ADMIN',
			accountId: 999,
			shopIds: [9999],
		},
	];

	store.countries = [
		[1, 'DE', 'Germany', 'EUR', 19, 7, true],
		[2, 'DK', 'Denmark', 'DKK', 25, 25, false],
		[3, 'GB', 'United Kingdom', 'GBP', 20, 5, false],
		[4, 'US', 'United States', 'USD', 0, 0, false],
		[5, 'FR', 'France', 'EUR', 20, 5.5, false],
		[6, 'AT', 'Austria', 'EUR', 20, 10, false],
		[7, 'NL', 'Netherlands', 'EUR', 21, 9, false],
		[8, 'CH', 'Switzerland', 'CHF', 8.1, 2.6, false],
	].map(([id, code, name, currencyCode, standardVat, reducedVat, isDefault]) => ({
		id: id as number,
		code: code as string,
		name: name as string,
		currencyCode: currencyCode as string,
		standardVat: standardVat as number,
		reducedVat: reducedVat as number,
		isDefault: isDefault as boolean,
		deleted: false,
	}));
	store.carriers = [
		{ id: 21, name: 'DHL' },
		{ id: 22, name: 'UPS' },
		{ id: 23, name: 'DPD' },
	];
	store.printTechnologies = [
		{ id: 11, name: 'Digital Print' },
		{ id: 12, name: 'Digital DTF' },
	];
	store.tags = [
		{ id: 501, name: 'summer' },
		{ id: 502, name: 'logo' },
		{ id: 503, name: 'animals' },
	];
	store.categories = [
		{ id: 601, name: 'Animals' },
		{ id: 602, name: 'Brands' },
	];

	for (const [shopId, , , offset] of shops) {
		for (const plan of productPlans(offset)) {
			store.products.set(
				plan.id,
				buildProduct(store, shopId, plan, options.variantSkuTexts ?? false),
			);
		}
		store.templateProducts.set(7001 + offset, {
			id: 7001 + offset,
			shopId,
			sku: offset === 0 ? 'TPL-TEE-LOGO' : `TPL-TEE-LOGO-${shopId}`,
			name: 'T-Shirt with company logo',
			productId: 1001 + offset,
			assignedColorId: 2001 + offset,
		});
		store.templateProducts.set(7002 + offset, {
			id: 7002 + offset,
			shopId,
			sku: offset === 0 ? 'TPL-HOODIE-CAT' : `TPL-HOODIE-CAT-${shopId}`,
			name: 'Hoodie with cat sketch',
			productId: 1002 + offset,
			assignedColorId: 2011 + offset,
		});
		const hex = shopId.toString(16).padStart(4, '0');
		store.sharedProducts.set(9501 + offset, {
			id: 9501 + offset,
			uuid: offset === 0 ? DEMO.sharedProductUuid : `3f1c2b7e-8a4d-4c1e-9b2a-5d6e7f8a${hex}`,
			shopId,
			name: 'Shared logo tee',
			productId: 1001 + offset,
			created: SEED_DATE,
			deleted: false,
		});
		store.sharedProducts.set(9502 + offset, {
			id: 9502 + offset,
			uuid: `9c0d7a55-2f41-4b6e-8d3c-${hex}00000002`,
			shopId,
			name: 'Shared cat hoodie',
			productId: 1002 + offset,
			created: SEED_DATE,
			deleted: false,
		});
		const logo = seedMotive(
			5001 + offset,
			shopId,
			'Company Logo',
			'VECTOR',
			`6a1e0c7d-0000-4000-8000-${hex}00005001`,
		);
		logo.tagIds = [502];
		logo.categoryIds = [602];
		const cat = seedMotive(
			5002 + offset,
			shopId,
			'Cat Sketch',
			'HIGH_RESOLUTION_BITMAP',
			`6a1e0c7d-0000-4000-8000-${hex}00005002`,
		);
		cat.tagIds = [503, 501];
		cat.categoryIds = [601];
		const sunset = seedMotive(
			5003 + offset,
			shopId,
			'Sunset',
			'BITMAP',
			`6a1e0c7d-0000-4000-8000-${hex}00005003`,
		);
		sunset.tagIds = [501];
		for (const motive of [logo, cat, sunset]) store.motives.set(motive.id, motive);
	}
	if (options.demoOrders) addDemoOrders(store);
	return store;
}
