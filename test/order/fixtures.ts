/* eslint-disable @typescript-eslint/no-explicit-any -- tests run on Node, never shipped */
import type { DeferredOrderForm } from '../../nodes/PodPlatform/actions/order/submit/guidedForm';
import { startSandbox, type Sandbox } from '../../sandbox';
import type { KindOptions } from '../../sandbox/options';
import { deferredOrderBody, ORDERS, SHIPPING_ADDRESS } from '../support/deferredOrder';
import { CredentialStore, runNode } from '../support/n8n';
import type { RunResult } from '../support/n8n';
import { byId, SandboxControl, sandboxCredentials, shopParameter } from '../support/sandbox';
import type { LoggedRequest } from '../support/sandbox';

/** A 1x1 PNG and the first bytes of a JPEG: the service checks content, not names. */
export const PNG = Buffer.from(
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
	'base64',
);
export const JPEG = Buffer.from([
	0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01,
]);

export { SHIPPING_ADDRESS };

/** One storefront order as the guided form reads it. */
export function guidedForm(uniqueId = 'SHOP-1001'): DeferredOrderForm {
	return {
		uniqueId,
		financialStatus: 'PAID',
		country: 'DE',
		customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
		shippingAddress: { ...SHIPPING_ADDRESS },
		shippingTitle: 'Standard',
		carrierId: '21',
		designs: [
			{
				productId: '1001',
				assignedColorId: '2001',
				assignedSizeId: '3002',
				amount: 2,
				prints: [
					{
						printAreaId: '4001',
						element: { type: 'libraryMotive', motiveId: '5001' },
						position: { left: 10, right: '10', top: '5%' },
					},
					{
						printAreaId: 4001,
						element: {
							type: 'ddf',
							previewUrl: 'https://files.example.com/p.png',
							productionUrl: 'https://files.example.com/p.pdf',
							filename: 'print.pdf',
						},
					},
					{
						printAreaId: 4002,
						element: { type: 'urlMotive', url: 'https://files.example.com/back.png' },
						layers: [{ name: 'title', text: 'Hello', rgbColor: '#FF0000' }],
					},
					{
						printAreaId: 4002,
						element: { type: 'decoration', sku: 'PATCH-1', placement: 'sleeve' },
					},
				],
			},
		],
		templates: [
			{
				templateProductSku: 'TPL-TEE-LOGO',
				amount: 1,
				assignedColorId: 2001,
				assignedSizeId: 3003,
			},
		],
		passthroughItems: [{ sku: 'STICKER-1', name: 'Sticker', quantity: 3, referenceId: 'REF-9' }],
	};
}

/** The same order as a JSON body, the way a mapping expression would give it. */
export function jsonOrder(uniqueId = 'SHOP-1001'): any {
	return deferredOrderBody(ORDERS.everyPart(uniqueId));
}

// ---------------------------------------------------------------------------------------------
// Node-level helpers
// ---------------------------------------------------------------------------------------------

/**
 * The guided form's node parameters for the same order as `guidedForm()`, as the editor saves
 * them today (resource locators, the address group).
 */
export function formParameters(uniqueId = 'SHOP-1001'): Record<string, any> {
	return {
		resource: 'order',
		operation: 'submit',
		shop: shopParameter(),
		uniqueId,
		financialStatus: 'PAID',
		country: 'DE',
		customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
		shippingAddress: { address: { ...SHIPPING_ADDRESS } },
		shippingTitle: 'Standard',
		carrierId: '21',
		designs: {
			design: [
				{
					productId: { __rl: true, mode: 'list', value: '1001' },
					assignedColorId: '2001',
					assignedSizeId: '3002',
					amount: 2,
					prints: {
						print: [
							{
								printAreaId: '4001',
								elementType: 'libraryMotive',
								motiveId: { __rl: true, mode: 'id', value: '5001' },
								left: '10',
								right: '10',
								top: '5%',
							},
							{
								printAreaId: '4001',
								elementType: 'ddf',
								previewUrl: 'https://files.example.com/p.png',
								productionUrl: 'https://files.example.com/p.pdf',
								productionFilename: 'print.pdf',
							},
							{
								printAreaId: '4002',
								elementType: 'urlMotive',
								url: 'https://files.example.com/back.png',
								layers: { layer: [{ name: 'title', text: 'Hello', rgbColor: '#FF0000' }] },
							},
							{
								printAreaId: '4002',
								elementType: 'decoration',
								decorationSku: 'PATCH-1',
								placement: 'sleeve',
							},
						],
					},
				},
			],
		},
		templates: {
			template: [
				{ reference: 'TPL-TEE-LOGO', amount: 1, assignedColorId: 2001, assignedSizeId: 3003 },
			],
		},
		passthroughItems: {
			item: [{ sku: 'STICKER-1', name: 'Sticker', quantity: 3, referenceId: 'REF-9' }],
		},
		options: {},
	};
}

export function jsonParameters(body: unknown, options: Record<string, unknown> = {}) {
	return {
		resource: 'order',
		operation: 'submit',
		shop: shopParameter(),
		input: 'json',
		orderJson: JSON.stringify(body),
		options,
	};
}

/**
 * A sandbox for one test file, reset before each test, with the demo credential: what an order
 * test needs to run Submit and read what the service stored. `options` choose its deployment:
 * the contract's by default; `variantSkuTexts` for a service whose color/size pairs carry SKU
 * texts; `demoOrders` for one holding the sandbox's demo orders (DEMO-1001 … DEMO-1004);
 * `refuseTemplateWithoutVariant` for one that requires a template product's colour and size;
 * any other option of sandbox/options.ts likewise.
 */
export function orderSandbox(options: Partial<KindOptions> & { demoOrders?: boolean } = {}) {
	const harness = {} as {
		sandbox: Sandbox;
		control: SandboxControl;
		store: CredentialStore;
		/** Run the action node with these parameters and input items. */
		run(
			parameters: Record<string, any>,
			items?: any[],
			continueOnFail?: boolean,
		): Promise<RunResult>;
		/** The submissions the service received since the last reset. */
		submits(): Promise<LoggedRequest[]>;
		/** The order as Order → Get gives it (simplified unless told otherwise). */
		stored(id: unknown, simplify?: boolean): Promise<Record<string, any>>;
	};
	beforeAll(async () => {
		harness.sandbox = await startSandbox({
			port: 0,
			deferredProcessingMs: 20,
			// The contract's ProductSku unless a test asks for texts, also under SANDBOX_OPTIONS=all:
			// these tests check the SKUs an order holds on it.
			variantSkuTexts: false,
			...options,
		});
		harness.control = new SandboxControl(harness.sandbox);
	});
	afterAll(() => harness.sandbox.close());
	beforeEach(async () => {
		await harness.control.call('POST', '/reset');
		harness.store = sandboxCredentials(harness.sandbox, { accountId: '387' });
	});
	harness.run = async (parameters, items, continueOnFail = false) =>
		await runNode({ store: harness.store, parameters, items, continueOnFail });
	harness.submits = async () =>
		(await harness.control.requests()).filter(
			(r) => r.method === 'POST' && /orders\/usingCreatorSE$/.test(r.path),
		);
	harness.stored = async (id, simplify = true) => {
		const answer = await harness.run({
			resource: 'order',
			operation: 'get',
			shop: shopParameter(),
			orderId: String(id),
			simplify,
		});
		return answer.items[0].json;
	};
	return harness;
}

/**
 * Submit, One Item per Line, mapped from a Shopify order split by n8n's Split Out with field
 * references only (plain products: what is printed is not what these tests look at).
 */
export function shopifyLineParameters(options: Record<string, any> = {}): Record<string, any> {
	return {
		resource: 'order',
		operation: 'submit',
		shop: shopParameter(),
		input: 'line',
		linePrinting: 'blank',
		uniqueId: '={{ $json.id }}',
		financialStatus: 'PAID',
		country: '={{ $json.shipping_address.country_code }}',
		customer: {
			firstName: '={{ $json.customer.first_name }}',
			lastName: '={{ $json.customer.last_name }}',
			email: '={{ $json.email }}',
		},
		shippingAddress: {
			address: {
				street: '={{ $json.shipping_address.address1 }}',
				city: '={{ $json.shipping_address.city }}',
				zip: '={{ $json.shipping_address.zip }}',
				countryCode: '={{ $json.shipping_address.country_code }}',
			},
		},
		shippingTitle: '={{ $json.shipping_lines[0].title }}',
		designs: {
			design: [
				{
					productId: { __rl: true, mode: 'sku', value: '={{ $json.line_items.sku }}' },
					variant: '={{ $json.line_items.variant_title }}',
					amount: '={{ $json.line_items.quantity }}',
				},
			],
		},
		options,
	};
}

/**
 * Submit, One Item per Storefront Order, for a Shopify order as n8n's Shopify Trigger gives it:
 * every line printed with `linePrints`, the shop's carrier 21, Paid.
 */
export function shopifyOrderParameters(
	linePrints: Record<string, any>,
	shopId?: number,
): Record<string, any> {
	return {
		resource: 'order',
		operation: 'submit',
		shop: shopParameter(shopId),
		input: 'storefrontOrder',
		storefront: 'shopify',
		financialStatus: 'PAID',
		carrierId: '21',
		linePrints,
		options: {},
	};
}

/**
 * The same order through the guided form, by IDs: the documented Shopify order's customer and
 * shipping address (test/fixtures/storefront/shopify-orders-create.json) with these designs.
 */
export function shopifyOrderByIds(
	uniqueId: string,
	designs: Array<Record<string, any>>,
	options: Record<string, unknown> = {},
): Record<string, any> {
	return {
		resource: 'order',
		operation: 'submit',
		shop: shopParameter(),
		uniqueId,
		financialStatus: 'PAID',
		country: 'US',
		customer: { firstName: 'Bob', lastName: 'Norman', email: 'bob.norman@mail.example.com' },
		shippingAddress: {
			address: {
				street: 'Chestnut Street 92',
				city: 'Louisville',
				zip: '40202',
				countryCode: 'US',
			},
		},
		shippingTitle: 'Free Shipping',
		carrierId: '21',
		designs: { design: designs },
		options,
	};
}

/**
 * A draft order holding one product (Create Draft, then Add Product), never committed: what
 * Commit, Send to Production, Release and Discard start from. Its order ID.
 */
export async function draftWithOneProduct(
	run: (parameters: Record<string, any>) => Promise<RunResult>,
	uniqueId: string,
): Promise<number> {
	const shop = shopParameter();
	const created = await run({
		resource: 'order',
		operation: 'create',
		shop,
		uniqueId,
		country: '2',
		customer: { firstName: 'Bo' },
		shippingAddress: {
			address: { street: 'Vej', streetNo: '1', city: 'Aarhus', zip: '8000', countryCode: 'dk' },
		},
		shippingTitle: 'Express',
		carrierId: '22',
	});
	expect(created.error).toBeUndefined();
	const orderId = Number(created.items[0].json.id);
	const added = await run({
		resource: 'order',
		operation: 'addProduct',
		shop,
		orderId: String(orderId),
		productId: byId(1001),
		assignedColorId: '2002',
		assignedSizeId: '3003',
		amount: 1,
		prints: { print: [{ viewPosition: 'FRONT', motiveId: byId(5002) }] },
	});
	expect(added.error).toBeUndefined();
	return orderId;
}
