/**
 * The deferred-order body the tests send, written once: a paid order of Ada Lovelace's in Berlin,
 * shipped Standard with carrier 21, the Classic T-Shirt (1001) in White (2001), M (3002). Each
 * use names only what it needs otherwise (`ORDERS`): how the country is given, the address, the
 * amount and prints, and what else the order carries.
 */
import type { Json } from './sandbox';

/** The shipping address, as the order tests and the fault tests write it. */
export const SHIPPING_ADDRESS = {
	street: 'Hauptstr.',
	streetNo: '5',
	city: 'Berlin',
	zip: '10115',
	countryCode: 'DE',
};

/** The shipping address of the service tests' order. */
export const SERVICE_ADDRESS = {
	street: 'Hauptstraße',
	streetNo: '1',
	city: 'Berlin',
	zip: '10115',
	countryCode: 'DE',
};

/** What one use of the order names besides what every use shares. */
export interface OrderParts {
	uniqueId: string;
	country: Json;
	shippingAddress: Json;
	amount: number;
	/** The T-shirt's compositions; none for a plain one. */
	compositions?: Json[];
	/** Further top-level fields, replacing the shared ones of the same name. */
	rest?: Json;
}

/** The order body of these parts. */
export function deferredOrderBody(parts: OrderParts): Json {
	return {
		creatorse_productionOrderDeferred: {
			uniqueId: parts.uniqueId,
			financialStatus: 'PAID',
			country: parts.country,
			customer: {
				firstName: 'Ada',
				lastName: 'Lovelace',
				email: 'ada@example.com',
				shippingAddress: parts.shippingAddress,
			},
			orderShipping: { title: 'Standard', carrier: { id: 21 } },
			designs: {
				creatorse_design: [
					{
						productId: 1001,
						amount: parts.amount,
						assignedColor: { id: 2001 },
						assignedSize: { id: 3002 },
						...(parts.compositions
							? { compositions: { creatorse_composition: parts.compositions } }
							: {}),
					},
				],
			},
			...parts.rest,
		},
	};
}

/** The motive 5001 on the front (4001), 10 mm from the left, 10% from the right; new each time. */
const logoOnFront = () => ({
	productArea: { id: 4001 },
	elements: [
		{
			creatorse_designElementMotive: {
				motive: { id: 5001 },
				position: { left: 10, right: '10%' },
			},
		},
	],
});

/** Every use of the order, by what it names. */
export const ORDERS = {
	/** The fault tests' order: one plain T-shirt, country by code. */
	plain: (uniqueId: string): OrderParts => ({
		uniqueId,
		country: { code: 'DE' },
		shippingAddress: { ...SHIPPING_ADDRESS },
		amount: 1,
	}),
	/** The service tests' order: two T-shirts with the logo on the front, country by ID. */
	logo: (uniqueId: string, rest: Json = {}): OrderParts => ({
		uniqueId,
		country: { id: 1 },
		shippingAddress: { ...SERVICE_ADDRESS },
		amount: 2,
		compositions: [logoOnFront()],
		rest,
	}),
	/** Submit's order tests: every kind of element, a template product and a passthrough item. */
	everyPart: (uniqueId: string): OrderParts => ({
		uniqueId,
		country: { code: 'DE' },
		shippingAddress: { ...SHIPPING_ADDRESS },
		amount: 2,
		compositions: [
			{
				productArea: { id: 4001 },
				elements: [
					{
						creatorse_designElementMotive: {
							motive: { id: 5001 },
							position: { left: 10, right: 10, top: '5%' },
						},
					},
					{
						creatorse_designElementDdf: {
							previewResource: { url: 'https://files.example.com/p.png' },
							productionResource: {
								url: 'https://files.example.com/p.pdf',
								filename: 'print.pdf',
							},
						},
					},
				],
			},
			{
				productArea: { id: 4002 },
				elements: [
					{
						creatorse_designElementMotive: {
							url: 'https://files.example.com/back.png',
							layers: {
								creatorse_designElementLayer: [
									{ name: 'title', text: 'Hello', rgbColor: '#FF0000' },
								],
							},
						},
					},
					{ creatorse_designElementDecoration: { sku: 'PATCH-1', placement: 'sleeve' } },
				],
			},
		],
		rest: {
			templates: {
				creatorse_designedTemplateProduct: [
					{
						templateProductSku: 'TPL-TEE-LOGO',
						amount: 1,
						assignedColor: { id: 2001 },
						assignedSize: { id: 3003 },
					},
				],
			},
			passthroughItems: {
				creatorse_passthroughItem: [
					{ sku: 'STICKER-1', name: 'Sticker', quantity: 3, referenceId: 'REF-9' },
				],
			},
		},
	}),
};
