/** Records held by the sandbox's in-memory store. */

export type Role = 'ROLE_ACCOUNT_ADMIN' | 'ROLE_SHOP_ADMIN' | 'ROLE_AUTHORIZED_USER';

export const FINANCIAL_STATUSES = [
	'PENDING',
	'AUTHORIZED',
	'PARTIALLY_PAID',
	'PAID',
	'PARTIALLY_REFUNDED',
	'REFUNDED',
	'VOIDED',
] as const;
export type FinancialStatus = (typeof FINANCIAL_STATUSES)[number];

export const FULFILMENT_STATUSES = [
	'WAITING_FOR_RESOURCES',
	'PREPARED_TO_PRODUCE',
	'NOT_EDITABLE',
	'FINISHED',
	'RECLAMATION',
	'CANCELLATION_WAITING',
	'CANCELLED',
	'ERROR_HQ_MOTIVES',
] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

export const MOTIVE_TYPES = [
	'VECTOR',
	'HIGH_DENSITY_VECTOR',
	'HIGH_RESOLUTION_BITMAP',
	'USER_BITMAP',
	'UNDEFINED',
	'DIRECT_DATA_FILE',
	'BITMAP',
] as const;

export const WEBHOOK_TOPICS = [
	'orders/updated',
	'orders/readyForProduction',
	'orders/fulfilled',
	'orders/acknowledged',
	'orders/failed',
	'orders/splitted',
	'orders/cancelled',
] as const;
export type WebhookTopic = (typeof WEBHOOK_TOPICS)[number];

export interface User {
	id: number;
	login: string;
	password: string;
	role: Role;
	accountId: number;
	/** Shops the user may work on; an account admin has all shops of the account. */
	shopIds: number[];
}

export interface Session {
	token: string;
	userId: number;
	accountId: number;
	customerKey?: string;
	createdAt: number;
	uses: number;
	valid: boolean;
}

export interface Account {
	id: number;
	name: string;
}

export interface Shop {
	id: number;
	accountId: number;
	name: string;
	created: string;
	deleted: boolean;
	properties: Array<{ id: number; key: string; value: string }>;
}

export interface Country {
	id: number;
	code: string;
	name: string;
	currencyCode: string;
	standardVat: number;
	reducedVat: number;
	isDefault: boolean;
	deleted: boolean;
}

export interface Carrier {
	id: number;
	name: string;
}

export interface PrintTechnology {
	id: number;
	name: string;
}

export interface AssignedColor {
	id: number;
	colorId: number;
	name: string;
	rgb: string;
}

export interface AssignedSize {
	id: number;
	sizeId: number;
	name: string;
	sortIndex: number;
}

export interface ProductArea {
	id: number;
	name: string;
	widthMm: number;
	heightMm: number;
}

export interface AssignedView {
	id: number;
	viewId: number;
	position: 'FRONT' | 'BACK';
	name: string;
	areas: ProductArea[];
}

export interface ProductSku {
	id: number;
	stockId: number;
	/**
	 * The sandbox's variant SKU text (`TEE-CLASSIC-BLACK-L`): seeded only with the extension
	 * `variantSkuTexts`; the contract's ProductSku has no such field.
	 */
	sku?: string;
	available: boolean;
	assignedColorId: number;
	assignedSizeId: number;
}

export interface ProductPrice {
	id: number;
	assignedSizeId: number;
	countryId: number;
	currencyCode: string;
	price: number;
}

export interface Localization {
	id: number;
	/** The numeric language ID; absent for a language given by code only (languages.ts). */
	langId?: number;
	/** The language code (`de`); empty for an ID the sandbox knows no code of. */
	language: string;
	name: string;
	description: string;
}

export interface Product {
	id: number;
	shopId: number;
	name: string;
	sku: string;
	type: string;
	created: string;
	deleted: boolean;
	colors: AssignedColor[];
	sizes: AssignedSize[];
	views: AssignedView[];
	skus: ProductSku[];
	prices: ProductPrice[];
	localizations: Localization[];
	technologyIds: number[];
	categoryIds: number[];
}

/** The `sku` an ordered product of this product and variant carries (OrderedProduct.sku). */
export function orderedSkuOf(product: Product, variant: ProductSku): string {
	return variant.sku ?? product.sku;
}

export interface TemplateProduct {
	id: number;
	shopId: number;
	sku: string;
	name: string;
	productId: number;
	assignedColorId: number;
}

export interface SharedProduct {
	id: number;
	uuid: string;
	shopId: number;
	name: string;
	productId: number;
	created: string;
	deleted: boolean;
}

export interface StoredImage {
	mime: 'image/png' | 'image/jpeg';
	data: Buffer;
	filename: string;
}

export interface Motive {
	id: number;
	uuid: string;
	shopId: number;
	name: string;
	type: string;
	created: string;
	deleted: boolean;
	image?: StoredImage;
	technologies: Array<{ id: number; printTechnologyId: number }>;
	localizations: Localization[];
	tagIds: number[];
	categoryIds: number[];
}

export interface UserMotive {
	id: number;
	uuid: string;
	shopId: number;
	/** `customer:<key>` for the permanent library, `session:<token>` for a session library. */
	libraryKey: string;
	name: string;
	created: string;
	deleted: boolean;
	url?: string;
	image?: StoredImage;
}

export interface Tag {
	id: number;
	name: string;
}

export interface Category {
	id: number;
	name: string;
}

export interface Address {
	firstName?: string;
	lastName?: string;
	company?: string;
	street?: string;
	streetNo?: string;
	city?: string;
	zip?: string;
	countryCode?: string;
	countryName?: string;
	stateName?: string;
	stateCode?: string;
	phone?: string;
	email?: string;
}

export interface Customer {
	firstName?: string;
	lastName?: string;
	email?: string;
	phone?: string;
	billingAddress?: Address;
	shippingAddress?: Address;
}

export interface Position {
	left?: string;
	right?: string;
	top?: string;
	bottom?: string;
	horizontalCenter?: boolean;
	verticalCenter?: boolean;
}

export type DesignElement =
	| {
			kind: 'motive';
			motiveId?: number;
			url?: string;
			filename?: string;
			position?: Position;
			layers: Array<{ name: string; text?: string; rgbColor?: string }>;
	  }
	| {
			kind: 'ddf';
			previewUrl?: string;
			productionUrl: string;
			filename: string;
			position?: Position;
	  }
	| { kind: 'decoration'; sku: string; placement?: string };

export interface Composition {
	productAreaId: number;
	elements: DesignElement[];
}

export interface CustomAttribute {
	id: number;
	key: string;
	value: string;
}

export interface OrderedProduct {
	id: number;
	orderId: number;
	kind: 'design' | 'template';
	productId: number;
	templateProductId?: number;
	/** Absent only on a template product given without it (the contract shows no rule). */
	assignedColorId?: number;
	assignedSizeId?: number;
	/** The ProductSku ordered; absent where colour or size is. */
	skuId?: number;
	/** The variant's SKU text with the extension `variantSkuTexts`, else the product's own SKU. */
	sku: string;
	amount: number;
	/** The product's price for the order's country and this size, times the amount; absent where
	 * the product lists no price for that country. */
	price?: number;
	created: string;
	deleted: boolean;
	compositions: Composition[];
	customAttributes: CustomAttribute[];
}

export interface PassthroughItem {
	sku: string;
	name?: string;
	quantity: number;
	brand?: string;
	color?: string;
	referenceId?: string;
}

export interface Fulfillment {
	id: number;
	trackingNumber: string;
	trackingUrl: string;
	created: string;
}

export interface ShippingInfo {
	title?: string;
	carrierId?: number;
	code?: string;
	price?: number;
	codPrice?: number;
	orderValue?: number;
}

export interface Order {
	id: number;
	accountId: number;
	shopId: number;
	uniqueId?: string;
	/** How the order came in: deferred call, incremental calls, CSV import, Creator session. */
	origin: 'deferred' | 'incremental' | 'csv' | 'session' | 'split';
	created: string;
	financialStatus: FinancialStatus;
	fulfilmentStatus?: FulfilmentStatus;
	/** Incremental orders stay drafts until commitOrder; deferred ones are committed by the pipeline. */
	committed: boolean;
	/** Handed off to production (sendToProduction, or the deferred pipeline). */
	handedOff: boolean;
	customer?: Customer;
	countryId: number;
	shipping: ShippingInfo;
	orderedProducts: OrderedProduct[];
	passthroughItems: PassthroughItem[];
	fulfillments: Fulfillment[];
	deleted: boolean;
	sessionToken?: string;
	parentOrderId?: number;
	childOrderIds: number[];
	validateSuppliers?: boolean;
}

export interface Webhook {
	id: number;
	accountId: number;
	shopId: number;
	address: string;
	topic: string;
	secret: string;
	mediaType: 'JSON' | 'XML';
	created: string;
	deleted: boolean;
}

export interface StoredFilter {
	filterId: string;
	userId: number;
	root: string;
	content: Record<string, unknown>;
}

export interface CsvImportLine {
	id: number;
	lineNumber: number;
	orderGroupId: string;
	uniqueId?: string;
	ok: boolean;
	errorMessage?: string;
	orderId?: number;
}

export interface CsvImport {
	id: number;
	accountId: number;
	shopId: number;
	fileName: string;
	createdDate: string;
	processedDate?: string;
	processed: boolean;
	error: boolean;
	errorMessage?: string;
	deleted: boolean;
	lines: CsvImportLine[];
}

/** One webhook notification for one subscription, kept for retries and redeliveries. */
export interface Delivery {
	deliveryId: string;
	subscriptionId: number;
	topic: string;
	address: string;
	mediaType: 'JSON' | 'XML';
	body: Buffer;
	signature: string;
	firstAt: number;
	/** Virtual time of the next scheduled retry; undefined once delivered or given up. */
	nextAt?: number;
	attempts: number;
	state: 'pending' | 'delivered' | 'gave-up';
}

export interface DeliveryAttempt {
	deliveryId: string;
	subscriptionId: number;
	topic: string;
	address: string;
	attempt: number;
	/** The receiver's status, or 0 for a network error or timeout. */
	status: number;
	at: number;
	body: string;
}

/** A unit price times an amount, to the cent; absent without a unit price. */
export function lineTotal(unitPrice: number | undefined, amount: number): number | undefined {
	return unitPrice === undefined ? undefined : Math.round(unitPrice * amount * 100) / 100;
}
