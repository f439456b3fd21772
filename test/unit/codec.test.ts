import { decode, encode, pageOf, toArray } from '../../nodes/shared/codec';

describe('codec: JSON mapped convention', () => {
	test('unwraps the root key and names it', () => {
		const { root, data } = decode('{"productionOrderSubmited":{"id":10001,"uniqueId":"A-1"}}');
		expect(root).toBe('productionOrderSubmited');
		expect(data).toEqual({ id: 10001, uniqueId: 'A-1' });
	});

	test('a one-member collection sent as a plain object becomes an array', () => {
		const { data } = decode(
			JSON.stringify({
				productionOrderExpanded: {
					id: 1,
					fulfillments: { orderFulfillmentExpanded: { id: 7, trackingNumber: 'T1' } },
					orderedProducts: { designedOrderedProduct: [{ id: 5 }, { id: 6 }] },
				},
			}),
		);
		expect(data.fulfillments).toEqual([{ id: 7, trackingNumber: 'T1' }]);
		expect(data.orderedProducts).toEqual([{ id: 5 }, { id: 6 }]);
	});

	test('an empty collection sent as "" or left out becomes an empty array', () => {
		const { data } = decode(
			'{"productionOrderExpanded":{"id":1,"fulfillments":"","orderedProducts":{"designedOrderedProduct":""}}}',
		);
		expect(data.fulfillments).toEqual([]);
		expect(data.orderedProducts).toEqual([]);
		expect(toArray(undefined)).toEqual([]);
	});

	test('Atom links become a links object keyed by rel', () => {
		const { data } = decode(
			JSON.stringify({
				pagedData: {
					shop: {
						id: 1597,
						name: 'Demo',
						'atom.link': { '@rel': 'self', '@href': 'http://x/shops/1597' },
					},
					totalElements: 11,
					'atom.link': [
						{ '@rel': 'self', '@href': 'http://x/shops?page=0' },
						{ '@rel': 'next', '@href': 'http://x/shops?page=1', '@type': 'application/json' },
					],
				},
			}),
		);
		const page = pageOf(data);
		expect(page.links).toEqual({ self: 'http://x/shops?page=0', next: 'http://x/shops?page=1' });
		expect(page.items).toEqual([
			{ id: 1597, name: 'Demo', links: { self: 'http://x/shops/1597' } },
		]);
		expect(page.totalElements).toBe(11);
	});

	test('an empty page sent as "" has no items', () => {
		expect(pageOf(decode('{"pagedData":{"product":"","totalElements":0}}').data).items).toEqual([]);
		expect(pageOf(decode('{"pagedData":{"totalElements":0}}').data).items).toEqual([]);
	});

	test('unreadable JSON is a clear error', () => {
		expect(() => decode('{"productionOrder":', 'json')).toThrow(/JSON that cannot be read/);
		expect(() => decode('[1,2]', 'json')).toThrow(/not an object/);
	});
});

describe('codec: XML', () => {
	const xml =
		'<?xml version="1.0" encoding="UTF-8"?>' +
		'<pagedData xmlns:atom="http://www.w3.org/2005/Atom">' +
		'<productionOrder><id>10001</id><uniqueId>00042</uniqueId><committed>true</committed>' +
		'<customer><shippingAddress><zip>01234</zip></shippingAddress></customer>' +
		'<atom:link rel="self" href="http://x/orders/10001"/></productionOrder>' +
		'<totalElements>1</totalElements>' +
		'<atom:link rel="self" href="http://x/orders?page=0" type="application/xml"/>' +
		'</pagedData>';

	test('reads the same tree as JSON: typed numbers and booleans, identifiers kept as text', () => {
		const { root, data } = decode(xml);
		expect(root).toBe('pagedData');
		const page = pageOf(data);
		expect(page.totalElements).toBe(1);
		expect(page.items).toEqual([
			{
				id: 10001,
				uniqueId: '00042',
				committed: true,
				customer: { shippingAddress: { zip: '01234' } },
				links: { self: 'http://x/orders/10001' },
			},
		]);
		expect(page.links).toEqual({ self: 'http://x/orders?page=0' });
	});

	test('JSON and XML of the same record decode identically', () => {
		const json = decode(
			'{"productionOrderExpanded":{"id":3,"uniqueId":"U-3","fulfillments":{"orderFulfillmentExpanded":{"id":9,"trackingNumber":"123"}}}}',
		);
		const fromXml = decode(
			'<productionOrderExpanded><id>3</id><uniqueId>U-3</uniqueId><fulfillments><orderFulfillmentExpanded><id>9</id><trackingNumber>123</trackingNumber></orderFulfillmentExpanded></fulfillments></productionOrderExpanded>',
		);
		expect(fromXml).toEqual(json);
	});

	test('a DTD or entity declaration is refused before parsing', () => {
		const bomb =
			'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;">]><r>&b;</r>';
		expect(() => decode(bomb)).toThrow(/DTD or entities/);
		const external =
			'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>';
		expect(() => decode(external)).toThrow(/DTD or entities/);
	});

	test('encode writes the same tree as XML elements and attributes', () => {
		const body = { webhook: { address: 'http://h/x', topic: 'orders/updated', mediaType: 'XML' } };
		const text = encode(body, 'xml');
		expect(text).toBe(
			'<?xml version="1.0" encoding="UTF-8"?><webhook><address>http://h/x</address><topic>orders/updated</topic><mediaType>XML</mediaType></webhook>',
		);
		expect(decode(text).data).toEqual(body.webhook);
		expect(JSON.parse(encode(body, 'json'))).toEqual(body);
	});
});

describe('codec: design elements', () => {
	test('elements grouped by type keep their type, one entry per element', () => {
		const { data } = decode(
			JSON.stringify({
				creatorse_composition: {
					productArea: { id: 4001 },
					elements: {
						creatorse_designElementMotive: { motive: { id: 5001 } },
						creatorse_designElementDdf: [
							{ productionResource: { url: 'https://x/a.pdf', filename: 'a.pdf' } },
						],
					},
				},
			}),
		);
		expect(data.elements).toEqual([
			{ creatorse_designElementMotive: { motive: { id: 5001 } } },
			{
				creatorse_designElementDdf: {
					productionResource: { url: 'https://x/a.pdf', filename: 'a.pdf' },
				},
			},
		]);
	});

	test('elements sent as the contract array stay as they are', () => {
		const elements = [{ creatorse_designElementMotive: { motive: { id: 7 } } }];
		expect(decode(JSON.stringify({ c: { elements } })).data.elements).toEqual(elements);
		expect(decode('{"c":{"elements":""}}').data.elements).toEqual([]);
	});
});
