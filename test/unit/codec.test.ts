import { decode, encode, pageOf } from '../../nodes/shared/codec';
import { toArray } from '../../nodes/shared/values';

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

	test('a mismatched closing tag or a truncated document is refused with its line', () => {
		expect(() => decode('<productionOrder><id>1</uniqueId></productionOrder>')).toThrow(
			/XML that cannot be read/,
		);
		expect(() => decode('<productionOrder>\n<id>1</id>')).toThrow(/XML that cannot be read/);
		let refusal: unknown;
		try {
			decode('<productionOrder>\n<id>1</uniqueId></productionOrder>');
		} catch (error) {
			refusal = error;
		}
		// Asserted outside the catch, so that a decode that throws nothing fails here.
		expect(refusal).toBeInstanceOf(Error);
		expect((refusal as { detail?: string }).detail).toMatch(/line 2/);
	});

	test('entities, attributes with text, repeats and namespace prefixes read as in JSON', () => {
		const { root, data } = decode(
			'<ns2:shop xmlns:ns2="urn:x" xmlns:atom="http://www.w3.org/2005/Atom">' +
				'<name>Fish &amp; Chips &lt;3 &#233;</name>' +
				'<ns2:description lang="en">Fresh</ns2:description>' +
				'<atom:link rel="self" href="http://x/shops/1?a=1&amp;b=2"/>' +
				'<atom:link rel="next" href="http://x/shops/2"/>' +
				'<empty/></ns2:shop>',
		);
		expect(root).toBe('shop');
		expect(data.name).toBe('Fish & Chips <3 é');
		expect(data.description).toEqual({ lang: 'en', value: 'Fresh' });
		expect(data.links).toEqual({ self: 'http://x/shops/1?a=1&b=2', next: 'http://x/shops/2' });
		expect(data.empty).toBe('');
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

describe('codec: values typed by the contract, the same for JSON and XML', () => {
	/** The same record decoded from both media types, asserted equal, and returned. */
	const both = (json: unknown, xml: string) => {
		const fromJson = decode(JSON.stringify(json), 'json');
		const fromXml = decode(xml, 'xml');
		expect(fromXml).toEqual(fromJson);
		return fromJson.data;
	};

	test('a street, a house number and a zip of digits stay text; ids and amounts are numbers', () => {
		const data = both(
			{
				productionOrderExpanded: {
					id: 10001,
					uniqueId: '00042',
					customer: {
						phone: '0301234',
						shippingAddress: { street: '1234', streetNo: '12', zip: '01234', city: 'Berlin' },
					},
					orderedProducts: { designedOrderedProduct: { id: 50001, amount: 2, sku: '123' } },
					passthroughItems: {
						creatorse_passthroughItem: { sku: '999', name: '12', quantity: 3, color: '1' },
					},
				},
			},
			'<productionOrderExpanded><id>10001</id><uniqueId>00042</uniqueId>' +
				'<customer><phone>0301234</phone><shippingAddress><street>1234</street><streetNo>12</streetNo>' +
				'<zip>01234</zip><city>Berlin</city></shippingAddress></customer>' +
				'<orderedProducts><designedOrderedProduct><id>50001</id><amount>2</amount><sku>123</sku></designedOrderedProduct></orderedProducts>' +
				'<passthroughItems><creatorse_passthroughItem><sku>999</sku><name>12</name><quantity>3</quantity><color>1</color></creatorse_passthroughItem></passthroughItems>' +
				'</productionOrderExpanded>',
		);
		expect(data).toEqual({
			id: 10001,
			uniqueId: '00042',
			customer: {
				phone: '0301234',
				shippingAddress: { street: '1234', streetNo: '12', zip: '01234', city: 'Berlin' },
			},
			orderedProducts: [{ id: 50001, amount: 2, sku: '123' }],
			passthroughItems: [{ sku: '999', name: '12', quantity: 3, color: '1' }],
		});
	});

	test('a CSV import line: lineNumber a number, the order group id text, ok a flag', () => {
		const data = both(
			{
				pagedData: {
					productionOrderCsvImportLine: { id: 1, lineNumber: 2, orderGroupId: '1', ok: true },
					totalElements: 1,
				},
			},
			'<pagedData><productionOrderCsvImportLine><id>1</id><lineNumber>2</lineNumber>' +
				'<orderGroupId>1</orderGroupId><ok>true</ok></productionOrderCsvImportLine>' +
				'<totalElements>1</totalElements></pagedData>',
		);
		expect(pageOf(data).items).toEqual([{ id: 1, lineNumber: 2, orderGroupId: '1', ok: true }]);
	});

	test('JSON of the wrong type meets the contract type: numbers as strings, a zip as a number', () => {
		const { data } = decode(
			JSON.stringify({
				productSku: {
					id: '190001',
					stockId: '42',
					available: 'false',
					assignedColor: { id: '2001' },
					zip: 1234,
					price: '12.90',
				},
			}),
			'json',
		);
		expect(data).toEqual({
			id: 190001,
			stockId: 42,
			available: false,
			assignedColor: { id: 2001 },
			zip: '1234',
			price: 12.9,
		});
	});

	test('a field the contract does not name stays as the wire gives it', () => {
		expect(decode('{"shop":{"id":1,"rating":42,"motto":"42"}}', 'json').data).toEqual({
			id: 1,
			rating: 42,
			motto: '42',
		});
		expect(
			decode('<shop><id>1</id><rating>42</rating><enabled>true</enabled></shop>').data,
		).toEqual({ id: 1, rating: '42', enabled: 'true' });
	});

	test('`error` is the flag of a CSV import and the message of a failed order', () => {
		const csvImport = both(
			{ productionOrderCsvImport: { id: 401, processed: true, error: false, fileName: '1.csv' } },
			'<productionOrderCsvImport><id>401</id><processed>true</processed><error>false</error>' +
				'<fileName>1.csv</fileName></productionOrderCsvImport>',
		);
		expect(csvImport).toEqual({ id: 401, processed: true, error: false, fileName: '1.csv' });
		const failed = both(
			{
				productionOrderProcessingError: {
					error: 'true',
					orderId: 10001,
					uniqueId: '7',
					customReferences: ['77', '78'],
				},
			},
			'<productionOrderProcessingError><error>true</error><orderId>10001</orderId><uniqueId>7</uniqueId>' +
				'<customReferences>77</customReferences><customReferences>78</customReferences>' +
				'</productionOrderProcessingError>',
		);
		expect(failed).toEqual({
			error: 'true',
			orderId: 10001,
			uniqueId: '7',
			customReferences: ['77', '78'],
		});
	});

	test('split child order ids are numbers however they are wrapped', () => {
		const data = both(
			{ productionOrderSplitted: { orderId: 1, childOrderIds: { long: [2, 3] } } },
			'<productionOrderSplitted><orderId>1</orderId><childOrderIds><long>2</long><long>3</long>' +
				'</childOrderIds></productionOrderSplitted>',
		);
		expect(data.childOrderIds).toEqual([2, 3]);
		expect(decode('{"productionOrderSplitted":{"childOrderIds":7}}').data.childOrderIds).toEqual([
			7,
		]);
	});

	test('the lists of a failed or split order are there when empty, whichever media type', () => {
		const data = both(
			{ productionOrderSplitted: { orderId: 1, childOrderIds: '', customReferences: '' } },
			'<productionOrderSplitted><orderId>1</orderId></productionOrderSplitted>',
		);
		expect(data).toEqual({ orderId: 1, childOrderIds: [], customReferences: [] });
		expect(
			decode('<productionOrderProcessingError><error>x</error></productionOrderProcessingError>')
				.data.customReferences,
		).toEqual([]);
	});

	test('the error code of an error body is a number; a country code is text', () => {
		const data = both(
			{ exception: { message: 'FilterNotFoundException', code: -104 } },
			'<exception><message>FilterNotFoundException</message><code>-104</code></exception>',
		);
		expect(data.code).toBe(-104);
		expect(decode('<country><id>1</id><code>49</code></country>').data).toEqual({
			id: 1,
			code: '49',
		});
	});

	test('a position: millimetres as numbers, percentages as text, centring as a flag or 0', () => {
		const data = both(
			{
				creatorse_composition: {
					elements: {
						creatorse_designElementMotive: [
							{
								motive: { id: 5001 },
								position: { left: '10', right: '10%', horizontalCenter: true },
							},
							{ motive: { id: 5002 }, position: { top: 5, verticalCenter: 0 } },
							{ motive: { id: 5003 }, position: {} },
						],
					},
				},
			},
			'<creatorse_composition><elements>' +
				'<creatorse_designElementMotive><motive><id>5001</id></motive><position><left>10</left>' +
				'<right>10%</right><horizontalCenter>true</horizontalCenter></position></creatorse_designElementMotive>' +
				'<creatorse_designElementMotive><motive><id>5002</id></motive><position><top>5</top>' +
				'<verticalCenter>0</verticalCenter></position></creatorse_designElementMotive>' +
				'<creatorse_designElementMotive><motive><id>5003</id></motive><position/></creatorse_designElementMotive>' +
				'</elements></creatorse_composition>',
		);
		expect(data.elements).toEqual([
			{
				creatorse_designElementMotive: {
					motive: { id: 5001 },
					position: { left: 10, right: '10%', horizontalCenter: true },
				},
			},
			{
				creatorse_designElementMotive: {
					motive: { id: 5002 },
					position: { top: 5, verticalCenter: 0 },
				},
			},
			{ creatorse_designElementMotive: { motive: { id: 5003 }, position: {} } },
		]);
		// A view's position is its side, as text.
		expect(decode('<view><id>1</id><position>FRONT</position></view>').data.position).toBe('FRONT');
	});

	test('an empty nested record is an empty object in both media types', () => {
		const data = both(
			{ productionOrderExpanded: { id: 1, orderShipping: {}, customer: '' } },
			'<productionOrderExpanded><id>1</id><orderShipping/><customer></customer></productionOrderExpanded>',
		);
		expect(data).toEqual({ id: 1, orderShipping: {}, customer: {} });
	});

	test('an empty page has no item element in either media type', () => {
		const data = both(
			{ pagedData: { motive: '', totalElements: 0 } },
			'<pagedData><totalElements>0</totalElements></pagedData>',
		);
		expect(data).toEqual({ totalElements: 0 });
		expect(pageOf(data).items).toEqual([]);
	});

	test('digits beyond double precision stay as they are', () => {
		expect(decode('<order><id>123456789012345678901</id></order>').data.id).toBe(
			'123456789012345678901',
		);
	});
});
