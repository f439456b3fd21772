import { decode } from '../../nodes/shared/codec';
import { emittedEvent } from '../../nodes/shared/orderEvent';
import {
	eventFromNotification,
	eventFromOrder,
	normaliseFulfilmentStatus,
	topicsForChange,
} from '../../nodes/shared/events';

/** The delivery every event in these tests came from. */
const DELIVERY = { deliveryKey: 'a-delivery-key' };

const ATOM = 'xmlns:atom="http://www.w3.org/2005/Atom"';
const SELF = 'http://svc/webservices/rest/accounts/387/shops/1597/orders/177';

/** The contract's `orders/fulfilled` example shape, with the field notes' JSON quirks. */
const fulfilledJson = JSON.stringify({
	productionOrderExpanded: {
		id: 177,
		uniqueId: '0042',
		created: '2024-05-01T10:00:00+02:00',
		financialStatus: 'PAID',
		fulfilmentStatus: 'FULFILLED',
		customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
		orderedProducts: {
			designedOrderedProduct: {
				id: 50001,
				amount: 2,
				'atom.link': { '@rel': 'self', '@href': `${SELF}/orderedProducts/50001` },
			},
		},
		fulfillments: {
			orderFulfillmentExpanded: {
				id: 70001,
				trackingNumber: 'TRK-1',
				trackingUrl: 'https://track/TRK-1',
			},
		},
		'atom.link': [
			{ '@rel': 'self', '@href': SELF },
			{ '@rel': 'orderedProducts', '@href': `${SELF}/orderedProducts` },
		],
	},
});

const fulfilledXml =
	`<?xml version="1.0" encoding="UTF-8"?><productionOrderExpanded ${ATOM}>` +
	'<id>177</id><uniqueId>0042</uniqueId><created>2024-05-01T10:00:00+02:00</created>' +
	'<financialStatus>PAID</financialStatus><fulfilmentStatus>FULFILLED</fulfilmentStatus>' +
	'<customer><firstName>Ada</firstName><lastName>Lovelace</lastName><email>ada@example.com</email></customer>' +
	`<orderedProducts><designedOrderedProduct><id>50001</id><amount>2</amount><atom:link rel="self" href="${SELF}/orderedProducts/50001"/></designedOrderedProduct></orderedProducts>` +
	'<fulfillments><orderFulfillmentExpanded><id>70001</id><trackingNumber>TRK-1</trackingNumber><trackingUrl>https://track/TRK-1</trackingUrl></orderFulfillmentExpanded></fulfillments>' +
	`<atom:link rel="self" href="${SELF}"/><atom:link rel="orderedProducts" href="${SELF}/orderedProducts"/>` +
	'</productionOrderExpanded>';

describe('event normaliser', () => {
	test('FULFILLED reads as FINISHED; other values pass, upper-cased', () => {
		expect(normaliseFulfilmentStatus('FULFILLED')).toBe('FINISHED');
		expect(normaliseFulfilmentStatus('FINISHED')).toBe('FINISHED');
		expect(normaliseFulfilmentStatus('not_editable')).toBe('NOT_EDITABLE');
		expect(normaliseFulfilmentStatus('')).toBeUndefined();
		expect(normaliseFulfilmentStatus(undefined)).toBeUndefined();
	});

	test('a fulfilled order event from JSON carries the typed fields', () => {
		const event = eventFromNotification(
			'orders/fulfilled',
			decode(fulfilledJson, 'json'),
			DELIVERY,
		);
		expect(event).toMatchObject({
			topic: 'orders/fulfilled',
			source: 'webhook',
			orderId: 177,
			uniqueId: '0042',
			financialStatus: 'PAID',
			fulfilmentStatus: 'FINISHED',
			fulfilmentStatusRaw: 'FULFILLED',
			payloadRoot: 'productionOrderExpanded',
		});
		expect(event.payload.id).toBe(177);
		// Emitted as the simplified order: tracking, customer and the contract's ordered products,
		// which name no product (every item key there, null where the notification is silent).
		expect(emittedEvent(event)).toMatchObject({
			topic: 'orders/fulfilled',
			id: 177,
			uniqueId: '0042',
			fulfilmentStatus: 'FINISHED',
			fulfilmentStatusLabel: 'Shipped',
			trackingNumbers: ['TRK-1'],
			trackingUrls: ['https://track/TRK-1'],
			customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
			items: [
				{
					id: 50001,
					productId: null,
					productName: null,
					colorId: null,
					colorName: null,
					sizeId: null,
					sizeName: null,
					sku: null,
					amount: 2,
					price: null,
				},
			],
		});
		expect(JSON.stringify(emittedEvent(event))).not.toMatch(/"links"|orderId/);
	});

	test('JSON and XML bodies of the same notification give the same event', () => {
		const fromJson = eventFromNotification(
			'orders/fulfilled',
			decode(fulfilledJson, 'json'),
			DELIVERY,
		);
		const fromXml = eventFromNotification(
			'orders/fulfilled',
			decode(fulfilledXml, 'xml'),
			DELIVERY,
		);
		expect(fromXml).toEqual(fromJson);
	});

	test('ordered products under orderedProduct (field notes) are read as well', () => {
		const body = JSON.stringify({
			productionOrderExpanded: {
				id: 5,
				orderedProducts: {
					orderedProduct: [
						{ id: 1, amount: 1 },
						{ id: 2, amount: 3 },
					],
				},
			},
		});
		const event = eventFromNotification('orders/updated', decode(body, 'json'), DELIVERY);
		const emitted = emittedEvent(event);
		expect((emitted.items as Array<{ id: number }>).map((p) => p.id)).toEqual([1, 2]);
		expect(emitted.trackingNumbers).toBeUndefined();
		expect(event.fulfilmentStatus).toBeUndefined();
	});

	test('an empty collection sent as "" becomes an empty list', () => {
		const body = JSON.stringify({
			productionOrderExpanded: { id: 5, orderedProducts: '', fulfillments: '' },
		});
		const event = eventFromNotification('orders/updated', decode(body, 'json'), DELIVERY);
		expect(emittedEvent(event)).toMatchObject({ items: [], trackingNumbers: [], trackingUrls: [] });
	});

	test('orders/failed has its own fields, in JSON and XML', () => {
		const json = JSON.stringify({
			productionOrderProcessingError: {
				error: 'HQ motive broken',
				orderId: 10001,
				uniqueId: 'U-1',
				customReferences: 'REF-A',
			},
		});
		const xml =
			'<productionOrderProcessingError><error>HQ motive broken</error><orderId>10001</orderId>' +
			'<uniqueId>U-1</uniqueId><customReferences>REF-A</customReferences></productionOrderProcessingError>';
		for (const event of [
			eventFromNotification('orders/failed', decode(json, 'json'), DELIVERY),
			eventFromNotification('orders/failed', decode(xml, 'xml'), DELIVERY),
		]) {
			expect(event).toMatchObject({
				topic: 'orders/failed',
				orderId: 10001,
				uniqueId: 'U-1',
				error: 'HQ motive broken',
				customReferences: ['REF-A'],
			});
		}
	});

	test('orders/splitted has its own fields, in JSON and XML', () => {
		const json = JSON.stringify({
			productionOrderSplitted: {
				orderId: 10001,
				uniqueId: 'U-1',
				childOrderIds: [10002, 10003],
				customReferences: '',
			},
		});
		const xml =
			'<productionOrderSplitted><orderId>10001</orderId><uniqueId>U-1</uniqueId>' +
			'<childOrderIds>10002</childOrderIds><childOrderIds>10003</childOrderIds></productionOrderSplitted>';
		for (const event of [
			eventFromNotification('orders/splitted', decode(json, 'json'), DELIVERY),
			eventFromNotification('orders/splitted', decode(xml, 'xml'), DELIVERY),
		]) {
			expect(event).toMatchObject({
				orderId: 10001,
				uniqueId: 'U-1',
				childOrderIds: [10002, 10003],
				customReferences: [],
			});
		}
	});

	// The contract's rule (Events rule 5): updated on any change, fulfilled on FINISHED, cancelled on
	// CANCELLED. readyForProduction on PREPARED_TO_PRODUCE is the poll's own reading (the contract
	// shows no condition for it; docs/triggers.md), asserted as that, not as what the service does.
	test("status changes give the contract's topics, and the poll's reading of PREPARED_TO_PRODUCE", () => {
		expect(
			topicsForChange(
				{ financialStatus: 'PAID', fulfilmentStatus: 'NOT_EDITABLE' },
				{ financialStatus: 'PAID', fulfilmentStatus: 'NOT_EDITABLE' },
			),
		).toEqual([]);
		expect(topicsForChange({ financialStatus: 'PENDING' }, { financialStatus: 'PAID' })).toEqual([
			'orders/updated',
		]);
		expect(
			topicsForChange(
				{ financialStatus: 'PAID', fulfilmentStatus: 'WAITING_FOR_RESOURCES' },
				{ financialStatus: 'PAID', fulfilmentStatus: 'PREPARED_TO_PRODUCE' },
			),
		).toEqual(['orders/updated', 'orders/readyForProduction']);
		expect(
			topicsForChange({ fulfilmentStatus: 'NOT_EDITABLE' }, { fulfilmentStatus: 'FINISHED' }),
		).toEqual(['orders/updated', 'orders/fulfilled']);
		expect(
			topicsForChange(
				{ fulfilmentStatus: 'CANCELLATION_WAITING' },
				{ fulfilmentStatus: 'CANCELLED' },
			),
		).toEqual(['orders/updated', 'orders/cancelled']);
		expect(
			topicsForChange({ fulfilmentStatus: 'FINISHED' }, { fulfilmentStatus: 'FULFILLED' }),
		).toEqual([]);
		expect(topicsForChange(undefined, { financialStatus: 'PENDING' })).toEqual(['orders/updated']);
	});

	test('a polled order gives the same typed fields plus the previous statuses', () => {
		const order = decode(fulfilledJson, 'json').data;
		const event = eventFromOrder('orders/fulfilled', order, {
			financialStatus: 'PAID',
			fulfilmentStatus: 'NOT_EDITABLE',
		});
		expect(event).toMatchObject({
			topic: 'orders/fulfilled',
			source: 'poll',
			orderId: 177,
			fulfilmentStatus: 'FINISHED',
			previousFulfilmentStatus: 'NOT_EDITABLE',
		});
		expect(emittedEvent(event)).toMatchObject({ id: 177, trackingNumbers: ['TRK-1'] });
	});
});
