import { startSandbox, type Sandbox } from '../../sandbox';
import { sampleLines, writeCsv } from '../csv/fixtures';
import { eventually } from '../support/eventually';
import { SandboxControl, SHOP_PATH, useSandbox } from '../support/sandbox';
import {
	deferredOrder,
	list,
	multipartFile,
	ServiceClient,
	shippingAddress,
	type Json,
} from '../support/service';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('sandbox: orders and their state machines', () => {
	let sandbox: Sandbox;
	let control: SandboxControl;
	let demo: ServiceClient;

	// Long enough that "stored at once, before processing" holds on a loaded machine too.
	useSandbox(
		(started) => {
			({ sandbox, control } = started);
			demo = new ServiceClient(sandbox.baseUrl);
		},
		// The contract's ProductSku (no texts), a repeated uniqueId stored, a template product
		// without colour or size taken, a three-digit layer colour taken and an unknown design
		// element dropped, also under SANDBOX_OPTIONS=all. Ordered products carry what was ordered
		// (option orderedProductDetails), as these tests read the stored designs back through them;
		// the plain default's ordered product is the last block's.
		{
			deferredProcessingMs: 300,
			orderedProductDetails: true,
			variantSkuTexts: false,
			refuseRepeatedUniqueId: false,
			refuseTemplateWithoutVariant: false,
			refuseShortRgbColor: false,
			refuseUnknownDesignElement: false,
		},
	);
	beforeEach(() => demo.login());

	const submit = (body: Json, client = demo) =>
		client.post(`${SHOP_PATH}/orders/usingCreatorSE`, body);
	const controlOrder = (id: number) => control.call('GET', `/orders/${id}`);

	describe('deferred orders', () => {
		test('answers productionOrderSubmited; the pipeline then commits and produces a paid order', async () => {
			const body = deferredOrder({ uniqueId: 'SHOP-1' });
			const result = await submit(body);
			expect(result.status).toBe(200);
			const { id, uniqueId } = result.json.productionOrderSubmited;
			expect(uniqueId).toBe('SHOP-1');
			expect(id).toBeGreaterThanOrEqual(10001);
			// Stored at once, before processing.
			const stored = await controlOrder(id);
			expect(stored).toMatchObject({
				committed: false,
				financialStatus: 'PAID',
				fulfilmentStatus: null,
			});
			const ready = await eventually(async () => {
				const o = await controlOrder(id);
				expect(o.fulfilmentStatus).toBe('PREPARED_TO_PRODUCE');
				return o;
			});
			expect(ready).toMatchObject({ committed: true, handedOff: true, origin: 'deferred' });

			const order = (await demo.get(`${SHOP_PATH}/orders/expanded/${id}`)).json
				.productionOrderExpanded;
			expect(order).toMatchObject({
				id,
				uniqueId: 'SHOP-1',
				financialStatus: 'PAID',
				fulfilmentStatus: 'PREPARED_TO_PRODUCE',
				country: { id: 1, code: 'DE' },
				orderShipping: { title: 'Standard', carrier: { id: 21 } },
			});
			expect(order.customer.shippingAddress.city).toBe('Berlin');
			expect(order.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
			const item = order.orderedProducts.designedOrderedProduct;
			expect(item).toMatchObject({
				amount: 2,
				assignedColor: { id: 2001 },
				assignedSize: { id: 3002 },
			});
			expect(order.fulfillments).toBe('');
		});

		test('an unpaid deferred order waits; paying it starts production', async () => {
			const { id } = (await submit(deferredOrder({ financialStatus: 'PENDING' }))).json
				.productionOrderSubmited;
			await eventually(async () => expect((await controlOrder(id)).handedOff).toBe(true));
			expect((await controlOrder(id)).fulfilmentStatus).toBeNull();
			const paid = await control.call('POST', `/orders/${id}/pay`);
			expect(paid).toMatchObject({
				financialStatus: 'PAID',
				fulfilmentStatus: 'WAITING_FOR_RESOURCES',
			});
			await eventually(async () =>
				expect((await controlOrder(id)).fulfilmentStatus).toBe('PREPARED_TO_PRODUCE'),
			);
		});

		test('country may be given by code; templates, passthrough, DDF and decoration elements are accepted', async () => {
			const body = deferredOrder({
				country: { code: 'DK' },
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
			});
			body.creatorse_productionOrderDeferred.designs.creatorse_design[0].compositions.creatorse_composition[0].elements.push(
				{
					creatorse_designElementDdf: {
						previewResource: { url: 'https://files.example.com/p.png' },
						productionResource: { url: 'https://files.example.com/p.pdf', filename: 'print.pdf' },
					},
				},
				{ creatorse_designElementDecoration: { sku: 'PATCH-1', placement: 'sleeve' } },
			);
			const result = await submit(body);
			expect(result.status).toBe(200);
			const order = (
				await demo.get(`${SHOP_PATH}/orders/expanded/${result.json.productionOrderSubmited.id}`)
			).json.productionOrderExpanded;
			expect(order.country).toEqual({ id: 2, code: 'DK' });
			expect(list(order.orderedProducts.designedOrderedProduct)).toHaveLength(2);
			expect(order.passthroughItems.creatorse_passthroughItem).toMatchObject({
				sku: 'STICKER-1',
				quantity: 3,
			});
		});

		test("a design's sku is the product's own SKU, with its colour and size; the contract's ProductSku has no text, so a variant SKU text is 400", async () => {
			const body = deferredOrder({
				designs: {
					creatorse_design: [
						{
							sku: 'TEE-CLASSIC',
							assignedColor: { id: 2002 },
							assignedSize: { id: 3001 },
							amount: 1,
						},
						// A plain base product: no compositions.
						{ productId: 1002, amount: 1, assignedColor: { id: 2012 }, assignedSize: { id: 3014 } },
					],
				},
			});
			const result = await submit(body);
			expect(result.status).toBe(200);
			const order = (
				await demo.get(`${SHOP_PATH}/orders/expanded/${result.json.productionOrderSubmited.id}`)
			).json.productionOrderExpanded;
			const items = list(order.orderedProducts.designedOrderedProduct);
			expect(
				items.map((item: Json) => [
					item.productId,
					item.assignedColor.id,
					item.assignedSize.id,
					item.sku,
				]),
			).toEqual([
				[1001, 2002, 3001, 'TEE-CLASSIC'],
				[1002, 2012, 3014, 'HOODIE-PREMIUM'],
			]);
			// The ordered ProductSku is named by id only: the contract gives it no SKU text.
			for (const item of items) expect(Object.keys(item.productSku)).toEqual(['id']);

			for (const [uniqueId, design] of [
				['SKU-VARIANT-TEXT', { sku: 'IPOD2008RED', amount: 1 }],
				['SKU-VARIANT-TEXT-2', { productId: 1002, sku: 'HOODIE-PREMIUM-GREY-XL', amount: 1 }],
				['SKU-UNKNOWN', { sku: 'NO-SUCH', amount: 1 }],
				[
					'SKU-UNKNOWN-WITH-VARIANT',
					{ sku: 'NO-SUCH', assignedColor: { id: 2002 }, assignedSize: { id: 3001 }, amount: 1 },
				],
			] as const) {
				const refused = await submit(
					deferredOrder({ uniqueId, designs: { creatorse_design: [design] } }),
				);
				expect([uniqueId, refused.status, refused.json.exception.message]).toEqual([
					uniqueId,
					400,
					'Unknown SKU',
				]);
				expect(refused.json.exception.internalErrorMessage).toMatch(/is not the product SKU of/);
			}
		});

		test.each<[string, (o: Json) => void, RegExp]>([
			['missing country', (o) => delete o.country, /country/i],
			// The contract's enum spelling exactly, and a JSON number's decimal point.
			[
				'a financial status in another case',
				(o) => (o.financialStatus = 'paid'),
				/financialStatus/,
			],
			[
				'a position with a decimal comma',
				(o) =>
					(o.designs.creatorse_design[0].compositions.creatorse_composition[0].elements = [
						{ creatorse_designElementMotive: { motive: { id: 5001 }, position: { left: '12,5' } } },
					]),
				/left must be millimetres or a percentage/,
			],
			[
				'missing customer shipping address',
				(o) => delete o.customer.shippingAddress,
				/shipping address/i,
			],
			['missing customer', (o) => delete o.customer, /shipping address/i],
			['unknown country', (o) => (o.country = { id: 77 }), /country/i],
			['unknown carrier', (o) => (o.orderShipping.carrier = { id: 99 }), /carrier/i],
			['unknown product', (o) => (o.designs.creatorse_design[0].productId = 4242), /product/i],
			[
				'colour and size without SKU (Black/3XL)',
				(o) => {
					o.designs.creatorse_design[0].assignedColor = { id: 2002 };
					o.designs.creatorse_design[0].assignedSize = { id: 3006 };
				},
				/SKU/,
			],
			[
				'unknown product area',
				(o) =>
					(o.designs.creatorse_design[0].compositions.creatorse_composition[0].productArea = {
						id: 4011,
					}),
				/area/i,
			],
			[
				'unknown motive',
				(o) =>
					(o.designs.creatorse_design[0].compositions.creatorse_composition[0].elements = [
						{ creatorse_designElementMotive: { motive: { id: 99999 } } },
					]),
				/motive/i,
			],
			[
				'DDF filename without extension',
				(o) =>
					(o.designs.creatorse_design[0].compositions.creatorse_composition[0].elements = [
						{
							creatorse_designElementDdf: {
								productionResource: { url: 'https://x.example.com/f', filename: 'print' },
							},
						},
					]),
				/extension/i,
			],
			[
				'more than 100 passthrough items',
				(o) =>
					(o.passthroughItems = {
						creatorse_passthroughItem: Array.from({ length: 101 }, (_, i) => ({
							sku: `S${i}`,
							quantity: 1,
						})),
					}),
				/100/,
			],
			// A reference is an object, as the contract writes it: assignedColor{id}.
			[
				'a bare number in place of assignedColor{id}',
				(o) => (o.designs.creatorse_design[0].assignedColor = 2001),
				/Unknown assigned colour/,
			],
			['unknown financial status', (o) => (o.financialStatus = 'RICH'), /financialStatus/],
			[
				'bad position value',
				(o) =>
					(o.designs.creatorse_design[0].compositions.creatorse_composition[0].elements[0].creatorse_designElementMotive.position =
						{ left: 'wide' }),
				/left/,
			],
			[
				'inline attachment that is not an image',
				(o) =>
					(o.designs.creatorse_design[0].compositions.creatorse_composition[0].elements = [
						{
							creatorse_designElementMotive: {
								attachment: Buffer.from('GIF89a').toString('base64'),
								filename: 'x.gif',
							},
						},
					]),
				/JPEG or PNG/,
			],
		])('400: %s', async (_name, mutate, message) => {
			const body = deferredOrder();
			mutate(body.creatorse_productionOrderDeferred);
			const result = await submit(body);
			expect(result.status).toBe(400);
			expect(
				`${result.json.exception.message} ${result.json.exception.internalErrorMessage ?? ''}`,
			).toMatch(message);
			expect(await control.call('GET', '/orders')).toEqual([]);
		});

		test("an order address keeps only the contract's fields: a recipient sent there is dropped", async () => {
			const withRecipient = {
				...shippingAddress(),
				firstName: 'Grace',
				lastName: 'Hopper',
				company: 'US Navy',
				phone: '+1 555',
			};
			const body = deferredOrder();
			body.creatorse_productionOrderDeferred.customer.shippingAddress = withRecipient;
			body.creatorse_productionOrderDeferred.customer.billingAddress = withRecipient;
			const result = await submit(body);
			expect(result.status).toBe(200);
			const order = (
				await demo.get(`${SHOP_PATH}/orders/expanded/${result.json.productionOrderSubmited.id}`)
			).json.productionOrderExpanded;
			expect(order.customer.shippingAddress).toEqual(shippingAddress());
			expect(order.customer.billingAddress).toEqual(shippingAddress());
			expect(order.customer).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });

			const draft = await demo.post(`${SHOP_PATH}/orders`, {
				productionOrder: { country: { id: 1 }, customer: { shippingAddress: withRecipient } },
			});
			expect(draft.status).toBe(200);
			expect(draft.json.productionOrderExpanded.customer.shippingAddress).toEqual(
				shippingAddress(),
			);
		});

		test('the CSV import, which has names per address, keeps them', async () => {
			// The sample's variant SKU text as the product's own SKU, which is what the contract's
			// `design product sku` names (the sandbox's default; the extension accepts both).
			const lines = sampleLines().map((line) =>
				line['design product sku'] ? { ...line, 'design product sku': 'TEE-CLASSIC' } : line,
			);
			const upload = await demo.call(
				'POST',
				`${SHOP_PATH}/orderCsvImport`,
				multipartFile(writeCsv(lines), 'names.csv', { type: 'text/csv' }),
			);
			expect(upload.status).toBe(200);
			const order = await eventually(async () => {
				const [found] = await control.orders('ext-a');
				expect(found).toBeTruthy();
				return found;
			});
			const full = (await demo.get(`${SHOP_PATH}/orders/expanded/${order.id}`)).json
				.productionOrderExpanded;
			expect(full.customer.shippingAddress).toMatchObject({
				firstName: 'Erika',
				lastName: 'Mustermann',
				company: 'Muster "GmbH", Werk 2',
				city: 'Berlin',
			});
		});

		test('exactly 100 passthrough items pass; inline url and attachment motives pass', async () => {
			const png = Buffer.concat([PNG_MAGIC, Buffer.alloc(16)]).toString('base64');
			const body = deferredOrder({
				passthroughItems: {
					creatorse_passthroughItem: Array.from({ length: 100 }, (_, i) => ({
						sku: `S${i}`,
						quantity: 1,
					})),
				},
			});
			body.creatorse_productionOrderDeferred.designs.creatorse_design[0].compositions.creatorse_composition[0].elements =
				[
					{ creatorse_designElementMotive: { url: 'https://img.example.com/a.png' } },
					{ creatorse_designElementMotive: { attachment: png, filename: 'a.png' } },
				];
			expect((await submit(body)).status).toBe(200);
		});

		test('401 for a foreign or unknown account or shop; 403 for the viewer; 401 without session', async () => {
			expect(
				(await demo.post('/accounts/999/shops/9999/orders/usingCreatorSE', deferredOrder())).status,
			).toBe(401);
			expect(
				(await demo.post('/accounts/387/shops/9999/orders/usingCreatorSE', deferredOrder())).status,
			).toBe(401);
			expect(
				(await demo.post('/accounts/4242/shops/1597/orders/usingCreatorSE', deferredOrder()))
					.status,
			).toBe(401);
			const viewer = new ServiceClient(sandbox.baseUrl);
			await viewer.login('viewer');
			expect((await submit(deferredOrder(), viewer)).status).toBe(403);
			expect(
				(await demo.post(`${SHOP_PATH}/orders/usingCreatorSE`, deferredOrder(), { token: null }))
					.status,
			).toBe(401);
		});

		test("the control API shows what the order holds: country, customer, shipping and each item's product, color, size, amount and prints", async () => {
			const { json } = await submit(deferredOrder({ uniqueId: 'CONTENT-1' }));
			const [order] = (await control.call('GET', '/orders?uniqueId=CONTENT-1')) as Json[];
			expect(order.id).toBe(json.productionOrderSubmited.id);
			expect(order).toMatchObject({
				countryId: 1,
				customer: {
					firstName: 'Ada',
					lastName: 'Lovelace',
					email: 'ada@example.com',
					shippingAddress: shippingAddress(),
				},
				shipping: { title: 'Standard', carrierId: 21 },
				orderedProducts: [
					{
						kind: 'design',
						productId: 1001,
						assignedColorId: 2001,
						assignedSizeId: 3002,
						// The product's own SKU: the contract's ProductSku has no SKU text.
						sku: 'TEE-CLASSIC',
						amount: 2,
						compositions: [
							{ productAreaId: 4001, elements: [expect.objectContaining({ motiveId: 5001 })] },
						],
					},
				],
			});
			expect(order.orderedProductIds).toEqual([order.orderedProducts[0].id]);
		});

		test('a template product needs no colour or size (the contract does not say they are required); refused only under refuseTemplateWithoutVariant', async () => {
			const templateOrder = (uniqueId: string, template: Json) => {
				const body = deferredOrder({
					uniqueId,
					templates: { creatorse_designedTemplateProduct: [{ amount: 2, ...template }] },
				});
				delete body.creatorse_productionOrderDeferred.designs;
				return body;
			};
			const templateItem = async (id: number) =>
				list(
					(await demo.get(`${SHOP_PATH}/orders/expanded/${id}`)).json.productionOrderExpanded
						.orderedProducts.designedOrderedProduct,
				)[0];

			const bare = await submit(templateOrder('TPL-BARE', { templateProductId: 7001 }));
			expect(bare.status).toBe(200);
			const bareItem = await templateItem(bare.json.productionOrderSubmited.id);
			expect(bareItem).toMatchObject({ templateProductId: 7001, productId: 1001, amount: 2 });
			// Stored as given: no colour, size or ProductSku, and no price (prices are per size).
			for (const key of ['assignedColor', 'assignedSize', 'productSku', 'price']) {
				expect(bareItem).not.toHaveProperty(key);
			}

			const colourOnly = await submit(
				templateOrder('TPL-COLOUR', {
					templateProductSku: 'TPL-TEE-LOGO',
					assignedColor: { id: 2002 },
				}),
			);
			expect(colourOnly.status).toBe(200);
			const colourItem = await templateItem(colourOnly.json.productionOrderSubmited.id);
			expect(colourItem.assignedColor).toEqual({ id: 2002 });
			expect(colourItem).not.toHaveProperty('assignedSize');

			// What is given is checked: a colour of another product, or a pair without a SKU.
			const foreign = await submit(
				templateOrder('TPL-FOREIGN', { templateProductId: 7001, assignedColor: { id: 2011 } }),
			);
			expect([foreign.status, foreign.json.exception.message]).toEqual([
				400,
				'Unknown assigned colour',
			]);
			const noSku = await submit(
				templateOrder('TPL-NO-SKU', {
					templateProductId: 7001,
					assignedColor: { id: 2002 },
					assignedSize: { id: 3006 },
				}),
			);
			expect([noSku.status, noSku.json.exception.message]).toEqual([
				400,
				'No SKU for this colour and size',
			]);

			const refusing = await startSandbox({ port: 0, refuseTemplateWithoutVariant: true });
			try {
				const client = new ServiceClient(refusing.baseUrl);
				await client.login();
				const send = async (template: Json) =>
					await client.post(
						`${SHOP_PATH}/orders/usingCreatorSE`,
						templateOrder('TPL-REFUSED', template),
					);
				const noColour = await send({ templateProductId: 7001, assignedSize: { id: 3003 } });
				expect([noColour.status, noColour.json.exception.message]).toEqual([
					400,
					'templates.creatorse_designedTemplateProduct[0].assignedColor is required',
				]);
				const noSize = await send({
					templateProductSku: 'TPL-TEE-LOGO',
					assignedColor: { id: 2001 },
				});
				expect(noSize.json.exception.message).toMatch(/assignedSize is required/);
				const both = await send({
					templateProductId: 7001,
					assignedColor: { id: 2001 },
					assignedSize: { id: 3003 },
				});
				expect(both.status).toBe(200);
			} finally {
				await refusing.close();
			}
		});

		test('a repeated uniqueId is a new order by default; refused with 409 only under refuseRepeatedUniqueId', async () => {
			// The contract names no rule that makes a uniqueId unique: the plain sandbox stores it.
			expect((await submit(deferredOrder({ uniqueId: 'DUP-1' }))).status).toBe(200);
			expect((await submit(deferredOrder({ uniqueId: 'DUP-1' }))).status).toBe(200);
			expect(await control.call('GET', '/orders?uniqueId=DUP-1')).toHaveLength(2);

			const refusing = await startSandbox({ port: 0, refuseRepeatedUniqueId: true });
			try {
				const client = new ServiceClient(refusing.baseUrl);
				await client.login();
				const send = async () =>
					await client.post(
						`${SHOP_PATH}/orders/usingCreatorSE`,
						deferredOrder({ uniqueId: 'DUP-1' }),
					);
				expect((await send()).status).toBe(200);
				const again = await send();
				expect(again.status).toBe(409);
				expect(again.text).toMatch(/uniqueId DUP-1/);
				const stored = await new SandboxControl(refusing).call('GET', '/orders?uniqueId=DUP-1');
				expect(stored).toHaveLength(1);
			} finally {
				await refusing.close();
			}
		});

		test('an unknown design element is dropped without a word (field notes); 400 only under refuseUnknownDesignElement', async () => {
			const withUnknown = () => {
				const order = deferredOrder({ uniqueId: 'ELEMENT-KEY' });
				order.creatorse_productionOrderDeferred.designs.creatorse_design[0].compositions.creatorse_composition[0].elements =
					[
						{ designElementMotive: { motive: { id: 5001 } } },
						{ creatorse_designElementMotive: { motive: { id: 5002 } } },
					];
				return order;
			};
			const stored = await submit(withUnknown());
			expect(stored.status).toBe(200);
			const [item] = (await controlOrder(stored.json.productionOrderSubmited.id)).orderedProducts;
			expect(item.compositions[0].elements).toEqual([
				expect.objectContaining({ kind: 'motive', motiveId: 5002 }),
			]);

			const refusing = await startSandbox({ port: 0, refuseUnknownDesignElement: true });
			try {
				const client = new ServiceClient(refusing.baseUrl);
				await client.login();
				const refused = await client.post(`${SHOP_PATH}/orders/usingCreatorSE`, withUnknown());
				expect([refused.status, refused.json.exception.message]).toEqual([
					400,
					'Unknown design element designElementMotive',
				]);
			} finally {
				await refusing.close();
			}
		});

		test('a layer colour is a hex colour string of three or six digits; only six under refuseShortRgbColor', async () => {
			const coloured = (rgbColor: string) => {
				const order = deferredOrder({ uniqueId: `COLOUR-${rgbColor}` });
				order.creatorse_productionOrderDeferred.designs.creatorse_design[0].compositions.creatorse_composition[0].elements =
					[
						{
							creatorse_designElementMotive: {
								motive: { id: 5001 },
								layers: { creatorse_designElementLayer: [{ name: 'title', rgbColor }] },
							},
						},
					];
				return order;
			};
			for (const colour of ['#F00', 'f00', '#FF0000']) {
				expect([colour, (await submit(coloured(colour))).status]).toEqual([colour, 200]);
			}
			expect((await submit(coloured('#FF00'))).status).toBe(400);

			const refusing = await startSandbox({ port: 0, refuseShortRgbColor: true });
			try {
				const client = new ServiceClient(refusing.baseUrl);
				await client.login();
				const send = (colour: string) =>
					client.post(`${SHOP_PATH}/orders/usingCreatorSE`, coloured(colour));
				const short = await send('#F00');
				expect(short.status).toBe(400);
				expect(short.json.exception.internalErrorMessage).toMatch(/six hex digits/);
				expect((await send('#FF0000')).status).toBe(200);
			} finally {
				await refusing.close();
			}
		});

		test('an XML deferred order is accepted and answered in XML', async () => {
			const xml = `<?xml version="1.0" encoding="UTF-8"?>
<creatorse_productionOrderDeferred>
  <uniqueId>XML-1</uniqueId><financialStatus>PAID</financialStatus>
  <country><id>1</id></country>
  <customer><firstName>Ada</firstName><shippingAddress><street>Main</street><city>Berlin</city><zip>1</zip><countryCode>DE</countryCode></shippingAddress></customer>
  <orderShipping><title>Std</title><carrier><id>22</id></carrier></orderShipping>
  <designs><creatorse_design><productId>1001</productId><amount>1</amount><assignedColor><id>2002</id></assignedColor><assignedSize><id>3001</id></assignedSize>
    <compositions><creatorse_composition><productArea><id>4002</id></productArea>
      <elements><creatorse_designElementMotive><motive><id>5002</id></motive><position><top>5</top><bottom>5</bottom></position></creatorse_designElementMotive></elements>
    </creatorse_composition></compositions></creatorse_design></designs>
</creatorse_productionOrderDeferred>`;
			const result = await demo.call('POST', `${SHOP_PATH}/orders/usingCreatorSE`, {
				raw: xml,
				contentType: 'application/xml',
				accept: 'application/xml',
			});
			expect(result.status).toBe(200);
			expect(result.text).toMatch(
				/<productionOrderSubmited[^>]*><id>\d+<\/id><uniqueId>XML-1<\/uniqueId><\/productionOrderSubmited>/,
			);
			const broken = await demo.call('POST', `${SHOP_PATH}/orders/usingCreatorSE`, {
				raw: '<a><b></a>',
				contentType: 'application/xml',
			});
			expect(broken.status).toBe(400);
		});

		test('a position holds any of its values alone or in pairs: each pair is optional (contract, Position)', async () => {
			const positions = [
				{ left: 10 },
				{ right: '5%' },
				{ horizontalCenter: 0 },
				{ top: 20 },
				{ bottom: '10%' },
				{ verticalCenter: 0 },
				{ left: '5%', right: '5%' },
				{ top: 5, bottom: 5 },
				{ left: 10, horizontalCenter: 0, bottom: 7.5, verticalCenter: 0 },
			];
			const body = deferredOrder();
			body.creatorse_productionOrderDeferred.designs.creatorse_design[0].compositions.creatorse_composition[0].elements =
				positions.map((position) => ({
					creatorse_designElementMotive: { motive: { id: 5001 }, position },
				}));
			const result = await submit(body);
			expect(result.status).toBe(200);
			const { id } = result.json.productionOrderSubmited;
			const order = (await demo.get(`${SHOP_PATH}/orders/expanded/${id}`)).json
				.productionOrderExpanded;
			const [item] = list(order.orderedProducts.designedOrderedProduct);
			const [composition] = list(item.compositions.composition);
			const stored = list(composition.elements.creatorse_designElementMotive).map(
				(element) => element.position,
			);
			// Sides as the text sent; centering (0 in JSON) as true.
			expect(stored).toEqual(
				positions.map((position) =>
					Object.fromEntries(
						Object.entries(position).map(([key, value]) => [
							key,
							value === 0 ? true : String(value),
						]),
					),
				),
			);
		});
	});

	describe('incremental orders', () => {
		const createDraft = async (extra: Json = {}) => {
			const result = await demo.post(`${SHOP_PATH}/orders`, {
				productionOrder: {
					country: { id: 1 },
					orderShipping: { title: 'Std', carrier: { id: 23 } },
					customer: { firstName: 'A', shippingAddress: shippingAddress() },
					...extra,
				},
			});
			expect(result.status).toBe(200);
			return result.json.productionOrderExpanded.id as number;
		};
		const addItem = (orderId: number) =>
			demo.post(`${SHOP_PATH}/orders/${orderId}/orderedProducts/usingCreatorSE`, {
				creatorse_design: {
					productId: 1001,
					amount: 3,
					assignedColor: { id: 2002 },
					assignedSize: { id: 3004 },
					customAttributes: {
						customAttribute: [
							{ key: 'gift', value: 'yes' },
							{ key: 'note', value: 'blue box' },
						],
					},
					compositions: {
						creatorse_composition: [
							{
								assignedView: { view: { position: 'BACK' } },
								elements: { creatorse_element: [{ motive: { id: 5003 } }] },
							},
						],
					},
				},
			});

		test('a SKU marked unavailable (control) is listed so and refused, incremental and deferred', async () => {
			const marked = await control.call('PUT', '/products/1001/availability', {
				assignedColorId: 2002,
				assignedSizeId: 3004,
				available: false,
			});
			expect(marked).toMatchObject({
				assignedColorId: 2002,
				assignedSizeId: 3004,
				available: false,
			});
			expect(marked).not.toHaveProperty('sku');
			const skus = list(
				(await demo.get(`${SHOP_PATH}/products/1001/sku?size=20`)).json.pagedData.productSku,
			);
			expect(
				skus
					.filter((sku) => sku.available === false)
					.map((sku) => [sku.assignedColor.id, sku.assignedSize.id]),
			).toEqual([[2002, 3004]]);

			const added = await addItem(await createDraft());
			expect(added.status).toBe(400);
			expect(added.json.exception.message).toBe('SKU not available');
			const body = deferredOrder();
			const [design] = body.creatorse_productionOrderDeferred.designs.creatorse_design;
			design.assignedColor = { id: 2002 };
			design.assignedSize = { id: 3004 };
			const deferred = await submit(body);
			expect(deferred.status).toBe(400);
			expect(deferred.json.exception.internalErrorMessage).toMatch(
				new RegExp(
					`^designs\\.creatorse_design\\[0\\]: SKU ${marked.id} of product 1001 .* is not available`,
				),
			);
			const byProductSku = deferredOrder();
			byProductSku.creatorse_productionOrderDeferred.designs.creatorse_design = [
				{ sku: 'TEE-CLASSIC', assignedColor: { id: 2002 }, assignedSize: { id: 3004 }, amount: 1 },
			];
			expect((await submit(byProductSku)).json.exception.message).toBe('SKU not available');

			await control.call('PUT', '/products/1001/availability', {
				assignedColorId: 2002,
				assignedSizeId: 3004,
				available: true,
			});
			expect((await addItem(await createDraft())).status).toBe(200);
			const refused = async (path: string, body: Json) =>
				(await control.answer('PUT', path, body)).status;
			expect(
				await refused('/products/1001/availability', {
					assignedColorId: 2002,
					assignedSizeId: 3006,
					available: false,
				}),
			).toBe(404);
			expect(
				await refused('/products/1001/availability', {
					assignedColorId: 2002,
					assignedSizeId: 3004,
					available: 'no',
				}),
			).toBe(400);
			expect(await refused('/products/4242/availability', { available: false })).toBe(404);
		});

		test('create, add a product by view position, commit, send to production', async () => {
			const id = await createDraft({ uniqueId: 'INC-1' });
			const added = await addItem(id);
			expect(added.status).toBe(200);
			const itemId = added.json.orderedProduct.id;
			expect(added.json.orderedProduct.compositions.composition.productArea.id).toBe(4002);

			expect((await demo.put(`${SHOP_PATH}/orders/${id}/sendToProduction`)).status).toBe(409);
			const commit = await demo.put(`${SHOP_PATH}/orders/${id}/commitOrder?financialStatus=PAID`);
			expect(commit.status).toBe(204);
			expect(commit.text).toBe('');
			expect(await controlOrder(id)).toMatchObject({
				committed: true,
				financialStatus: 'PAID',
				fulfilmentStatus: null,
			});
			expect((await demo.put(`${SHOP_PATH}/orders/${id}/commitOrder`)).status).toBe(409);
			expect((await addItem(id)).status).toBe(409);
			expect((await demo.put(`${SHOP_PATH}/orders/${id}/sendToProduction`)).status).toBe(204);
			expect((await demo.put(`${SHOP_PATH}/orders/${id}/sendToProduction`)).status).toBe(409);
			await eventually(async () =>
				expect((await controlOrder(id)).fulfilmentStatus).toBe('PREPARED_TO_PRODUCE'),
			);

			const items = (await demo.get(`${SHOP_PATH}/orders/${id}/orderedProducts`)).json.pagedData;
			expect(items.orderedProduct.id).toBe(itemId);
			const attributes = list(
				(await demo.get(`${SHOP_PATH}/orders/${id}/orderedProducts/${itemId}/customAttributes`))
					.json.pagedData.orderedProductCustomAttribute,
			);
			expect(attributes.map((a) => [a.key, a.value])).toEqual([
				['gift', 'yes'],
				['note', 'blue box'],
			]);
			const image = await demo.get(`${SHOP_PATH}/orders/${id}/orderedProducts/${itemId}/image`, {
				accept: 'image/png',
			});
			expect(image.status).toBe(200);
			expect(image.headers['content-type']).toBe('image/png');
			expect(image.bytes.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
			expect((await demo.get(`${SHOP_PATH}/orders/${id}/orderedProducts/1/image`)).status).toBe(
				404,
			);
		});

		test('commit defaults to PENDING; an invalid status is 400; sendToProduction of an empty order is 409', async () => {
			const id = await createDraft();
			expect(
				(await demo.put(`${SHOP_PATH}/orders/${id}/commitOrder?financialStatus=LOTS`)).status,
			).toBe(400);
			expect((await demo.put(`${SHOP_PATH}/orders/${id}/commitOrder`)).status).toBe(204);
			expect((await controlOrder(id)).financialStatus).toBe('PENDING');
			expect((await demo.put(`${SHOP_PATH}/orders/${id}/sendToProduction`)).status).toBe(409);
		});

		test('create needs a country; a repeated uniqueId is another draft; unknown order is 404', async () => {
			expect(
				(
					await demo.post(`${SHOP_PATH}/orders`, {
						productionOrder: { customer: { firstName: 'x' } },
					})
				).status,
			).toBe(400);
			await createDraft({ uniqueId: 'INC-DUP' });
			expect(
				(
					await demo.post(`${SHOP_PATH}/orders`, {
						productionOrder: { uniqueId: 'INC-DUP', country: { id: 1 } },
					})
				).status,
			).toBe(200);
			expect(await control.call('GET', '/orders?uniqueId=INC-DUP')).toHaveLength(2);
			expect((await demo.get(`${SHOP_PATH}/orders/999999`)).status).toBe(404);
			expect((await demo.put(`${SHOP_PATH}/orders/999999/commitOrder`)).status).toBe(404);
			expect(
				(
					await demo.post(`${SHOP_PATH}/orders/99999/orderedProducts/usingCreatorSE`, {
						creatorse_design: {},
					})
				).status,
			).toBe(404);
		});

		test('a deferred order cannot be committed by the client', async () => {
			const { id } = (await submit(deferredOrder())).json.productionOrderSubmited;
			expect((await demo.put(`${SHOP_PATH}/orders/${id}/commitOrder`)).status).toBe(409);
		});

		test('orders of another shop are 404; the viewer may not commit', async () => {
			const id = await createDraft();
			expect((await demo.get(`/accounts/387/shops/1598/orders/${id}`)).status).toBe(404);
			const viewer = new ServiceClient(sandbox.baseUrl);
			await viewer.login('viewer');
			expect((await viewer.get(`${SHOP_PATH}/orders/${id}`)).status).toBe(200);
			expect((await viewer.put(`${SHOP_PATH}/orders/${id}/commitOrder`)).status).toBe(403);
		});

		test('orders/session answers one session order per token', async () => {
			const first = (await demo.get(`${SHOP_PATH}/orders/session`)).json.productionOrderExpanded;
			const again = (await demo.get(`${SHOP_PATH}/orders/session`)).json.productionOrderExpanded;
			expect(again.id).toBe(first.id);
			expect(first.orderedProducts).toBe('');
			const other = new ServiceClient(sandbox.baseUrl);
			await other.login();
			expect(
				(await other.get(`${SHOP_PATH}/orders/session`)).json.productionOrderExpanded.id,
			).not.toBe(first.id);
		});
	});

	describe('state machines through the control API', () => {
		const readyOrder = async (financialStatus = 'PAID') => {
			const { id } = (await submit(deferredOrder({ financialStatus }))).json
				.productionOrderSubmited;
			await eventually(async () => expect((await controlOrder(id)).handedOff).toBe(true));
			return id as number;
		};

		test('advance walks one legal step or to a target; unreachable is 409', async () => {
			const id = await readyOrder();
			await eventually(async () =>
				expect((await controlOrder(id)).fulfilmentStatus).toBe('PREPARED_TO_PRODUCE'),
			);
			expect((await control.call('POST', `/orders/${id}/advance`)).fulfilmentStatus).toBe(
				'NOT_EDITABLE',
			);
			expect(
				(await control.answer('POST', `/orders/${id}/advance`, { to: 'WAITING_FOR_RESOURCES' }))
					.status,
			).toBe(409);
			const finished = await control.call('POST', `/orders/${id}/advance`, { to: 'FINISHED' });
			expect(finished.fulfilmentStatus).toBe('FINISHED');
			expect(finished.fulfillments).toHaveLength(1);
			expect(
				(await control.answer('POST', `/orders/${id}/advance`, { to: 'CANCELLED' })).status,
			).toBe(409);
			expect((await control.answer('POST', `/orders/${id}/advance`, { to: 'NOPE' })).status).toBe(
				400,
			);
			const order = (await demo.get(`${SHOP_PATH}/orders/expanded/${id}`)).json
				.productionOrderExpanded;
			expect(order.fulfillments.orderFulfillmentExpanded.trackingNumber).toBeTruthy();
		});

		test('financial moves are forward only', async () => {
			const id = await readyOrder('PENDING');
			expect((await control.call('POST', `/orders/${id}/authorize`)).financialStatus).toBe(
				'AUTHORIZED',
			);
			expect((await control.answer('POST', `/orders/${id}/authorize`)).status).toBe(409);
			expect((await control.call('POST', `/orders/${id}/pay`)).financialStatus).toBe('PAID');
			expect((await control.answer('POST', `/orders/${id}/pay`)).status).toBe(409);
			expect((await control.answer('POST', '/orders/424242/pay')).status).toBe(404);
		});

		test('advance from no status needs a paid order', async () => {
			const id = await readyOrder('PENDING');
			expect((await control.answer('POST', `/orders/${id}/advance`)).status).toBe(409);
		});

		test('ship with tracking; cancellation before shipping, not after', async () => {
			const id = await readyOrder();
			await eventually(async () =>
				expect((await controlOrder(id)).fulfilmentStatus).toBe('PREPARED_TO_PRODUCE'),
			);
			expect((await control.answer('POST', `/orders/${id}/ship`, {})).status).toBe(409);
			await control.call('POST', `/orders/${id}/advance`);
			const shipped = await control.call('POST', `/orders/${id}/ship`, {
				trackingNumber: 'TN-1',
				trackingUrl: 'https://track.example.com/TN-1',
			});
			expect(shipped.fulfilmentStatus).toBe('FINISHED');
			expect(shipped.fulfillments[0]).toMatchObject({
				trackingNumber: 'TN-1',
				trackingUrl: 'https://track.example.com/TN-1',
			});
			expect((await demo.delete(`${SHOP_PATH}/orders/${id}/cancelOrder`)).status).toBe(409);

			// Before pickup (the contract leaves it open) a request is taken as from NOT_EDITABLE,
			// and production stops there.
			const early = await readyOrder();
			await eventually(async () =>
				expect((await controlOrder(early)).fulfilmentStatus).toBe('PREPARED_TO_PRODUCE'),
			);
			expect((await demo.delete(`${SHOP_PATH}/orders/${early}/cancelOrder`)).status).toBe(204);
			expect((await controlOrder(early)).fulfilmentStatus).toBe('CANCELLATION_WAITING');
			expect((await demo.delete(`${SHOP_PATH}/orders/${early}/cancelOrder`)).status).toBe(409);

			const second = await readyOrder();
			await control.call('POST', `/orders/${second}/advance`, { to: 'NOT_EDITABLE' });
			expect((await control.answer('POST', `/orders/${second}/cancel-confirm`)).status).toBe(409);
			expect((await demo.delete(`${SHOP_PATH}/orders/${second}/cancelOrder`)).status).toBe(204);
			expect((await controlOrder(second)).fulfilmentStatus).toBe('CANCELLATION_WAITING');
			expect(
				(await control.call('POST', `/orders/${second}/cancel-confirm`)).fulfilmentStatus,
			).toBe('CANCELLED');
			expect((await control.answer('POST', `/orders/${second}/advance`)).status).toBe(409);
		});

		test('fail moves WAITING_FOR_RESOURCES to ERROR_HQ_MOTIVES, advance retries it', async () => {
			// A slow pipeline keeps the order in WAITING_FOR_RESOURCES while the test acts.
			const slow = await startSandbox({ port: 0, deferredProcessingMs: 1000 });
			const slowControl = new SandboxControl(slow);
			const client = new ServiceClient(slow.baseUrl);
			await client.login();
			const draft = await client.post(`${SHOP_PATH}/orders`, {
				productionOrder: { country: { id: 1 } },
			});
			const id = draft.json.productionOrderExpanded.id;
			await client.post(`${SHOP_PATH}/orders/${id}/orderedProducts/usingCreatorSE`, {
				creatorse_design: {
					productId: 1003,
					amount: 1,
					assignedColor: { id: 2021 },
					assignedSize: { id: 3021 },
				},
			});
			await client.put(`${SHOP_PATH}/orders/${id}/commitOrder?financialStatus=PAID`);
			await client.put(`${SHOP_PATH}/orders/${id}/sendToProduction`);
			expect((await slowControl.call('GET', `/orders/${id}`)).fulfilmentStatus).toBe(
				'WAITING_FOR_RESOURCES',
			);
			expect(
				(await slowControl.call('POST', `/orders/${id}/fail`, { error: 'bad file' }))
					.fulfilmentStatus,
			).toBe('ERROR_HQ_MOTIVES');
			expect((await slowControl.call('POST', `/orders/${id}/advance`)).fulfilmentStatus).toBe(
				'WAITING_FOR_RESOURCES',
			);
			await slow.close();
		});

		test('fail before production only reports; split creates children once', async () => {
			const { id } = (await submit(deferredOrder({ financialStatus: 'PENDING' }))).json
				.productionOrderSubmited;
			await eventually(async () => expect((await controlOrder(id)).handedOff).toBe(true));
			expect(
				(await control.call('POST', `/orders/${id}/fail`, { error: 'bad file' })).fulfilmentStatus,
			).toBeNull();

			const split = await control.call('POST', `/orders/${id}/split`, { parts: 2 });
			expect(split.childOrderIds).toHaveLength(2);
			expect(split.children[0]).toMatchObject({ parentOrderId: id, origin: 'split' });
			expect((await control.answer('POST', `/orders/${id}/split`, { parts: 2 })).status).toBe(409);
			expect((await control.answer('POST', `/orders/${id}/split`, { parts: 1 })).status).toBe(400);
		});

		test('GET /orders?uniqueId counts orders across accounts', async () => {
			await submit(deferredOrder({ uniqueId: 'COUNT-1' }));
			const other = new ServiceClient(sandbox.baseUrl);
			await other.login('other');
			const foreign = deferredOrder({ uniqueId: 'COUNT-1' });
			foreign.creatorse_productionOrderDeferred.designs.creatorse_design[0] = {
				productId: 1801,
				amount: 1,
				assignedColor: { id: 2801 },
				assignedSize: { id: 3801 },
			};
			expect(
				(await other.post('/accounts/999/shops/9999/orders/usingCreatorSE', foreign)).status,
			).toBe(200);
			const found = await control.call('GET', '/orders?uniqueId=COUNT-1');
			expect(found.map((o: Json) => o.accountId).sort()).toEqual([387, 999]);
			expect((await control.call('GET', '/stats')).ordersCreated).toBe(2);
		});

		test('order list pages and shows only the shop orders', async () => {
			for (let i = 0; i < 3; i++) await submit(deferredOrder());
			const page = (await demo.get(`${SHOP_PATH}/orders?size=2`)).json.pagedData;
			expect(page.totalElements).toBe(3);
			expect(list(page.productionOrder)).toHaveLength(2);
			expect((await demo.get('/accounts/387/shops/1598/orders')).json.pagedData.totalElements).toBe(
				0,
			);
		});
	});
});

describe('sandbox: the demo orders of npm start (option demoOrders)', () => {
	let sandbox: Sandbox;

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, deferredProcessingMs: 20, demoOrders: true });
	});
	afterAll(() => sandbox.close());

	test('four orders of the demo shop in four states, kept by a reset; new orders follow them', async () => {
		const control = new SandboxControl(sandbox);
		const demo = new ServiceClient(sandbox.baseUrl);
		await control.reset();
		await demo.login();
		const listed = list((await demo.get(`${SHOP_PATH}/orders`)).json.pagedData.productionOrder);
		expect(
			listed.map(({ id, uniqueId, financialStatus, fulfilmentStatus }) => [
				id,
				uniqueId,
				financialStatus,
				fulfilmentStatus ?? null,
			]),
		).toEqual([
			[10001, 'DEMO-1001', 'PAID', 'FINISHED'],
			[10002, 'DEMO-1002', 'PAID', 'NOT_EDITABLE'],
			[10003, 'DEMO-1003', 'PAID', 'PREPARED_TO_PRODUCE'],
			[10004, 'DEMO-1004', 'PENDING', null],
		]);
		const shipped = (await demo.get(`${SHOP_PATH}/orders/expanded/10001`)).json
			.productionOrderExpanded;
		expect(list(shipped.fulfillments.orderFulfillmentExpanded)[0].trackingNumber).toMatch(
			/^SBX10001/,
		);
		// The control API moves them like any other order.
		expect(await control.call('POST', '/orders/10002/ship')).toMatchObject({
			fulfilmentStatus: 'FINISHED',
		});
		const submitted = await demo.post(
			`${SHOP_PATH}/orders/usingCreatorSE`,
			deferredOrder({ uniqueId: 'AFTER-DEMO' }),
		);
		expect(submitted.json.productionOrderSubmited.id).toBe(10005);
	});
});

describe('sandbox: orders with the variant SKU text extension (option variantSkuTexts)', () => {
	let sandbox: Sandbox;
	let control: SandboxControl;
	let demo: ServiceClient;

	useSandbox(
		(started) => {
			({ sandbox, control } = started);
			demo = new ServiceClient(sandbox.baseUrl);
		},
		{ deferredProcessingMs: 20, variantSkuTexts: true, orderedProductDetails: true },
	);
	beforeEach(() => demo.login());

	const submit = (body: Json) => demo.post(`${SHOP_PATH}/orders/usingCreatorSE`, body);

	test("a design's sku names a variant, or the product with its colour and size; anything else is 400", async () => {
		const body = deferredOrder({
			uniqueId: 'EXT-1',
			designs: {
				creatorse_design: [
					{ sku: 'IPOD2008RED', amount: 1 },
					{ sku: 'Bar3', amount: 2 },
					{
						sku: 'TEE-CLASSIC',
						assignedColor: { id: 2002 },
						assignedSize: { id: 3001 },
						amount: 1,
					},
					// A plain base product (no compositions) by product id and variant SKU text.
					{ productId: 1002, amount: 1, sku: 'HOODIE-PREMIUM-GREY-XL' },
				],
			},
		});
		const result = await submit(body);
		expect(result.status).toBe(200);
		const order = (
			await demo.get(`${SHOP_PATH}/orders/expanded/${result.json.productionOrderSubmited.id}`)
		).json.productionOrderExpanded;
		const items = list(order.orderedProducts.designedOrderedProduct);
		expect(
			items.map((item: Json) => [
				item.productId,
				item.assignedColor.id,
				item.assignedSize.id,
				item.sku,
				item.productSku.sku,
			]),
		).toEqual([
			[1004, 2032, 3031, 'IPOD2008RED', 'IPOD2008RED'],
			[1005, 2041, 3041, 'Bar3', 'Bar3'],
			[1001, 2002, 3001, 'TEE-CLASSIC-BLACK-S', 'TEE-CLASSIC-BLACK-S'],
			[1002, 2012, 3014, 'HOODIE-PREMIUM-GREY-XL', 'HOODIE-PREMIUM-GREY-XL'],
		]);
		const [stored] = await control.orders('EXT-1');
		expect(stored.orderedProducts.map((item: Json) => item.sku)).toEqual([
			'IPOD2008RED',
			'Bar3',
			'TEE-CLASSIC-BLACK-S',
			'HOODIE-PREMIUM-GREY-XL',
		]);

		const unknown = await submit(
			deferredOrder({
				uniqueId: 'SKU-UNKNOWN',
				designs: { creatorse_design: [{ sku: 'NO-SUCH', amount: 1 }] },
			}),
		);
		expect(unknown.status).toBe(400);
		expect(unknown.json.exception.message).toBe('Unknown SKU');
		expect(unknown.json.exception.internalErrorMessage).toMatch(
			/neither a variant SKU nor the product SKU/,
		);
	});

	test('a SKU marked unavailable names its text, and its text is refused as a design sku', async () => {
		const marked = await control.call('PUT', '/products/1001/availability', {
			assignedColorId: 2002,
			assignedSizeId: 3004,
			available: false,
		});
		expect(marked).toMatchObject({ sku: 'TEE-CLASSIC-BLACK-XL', available: false });
		const body = deferredOrder();
		body.creatorse_productionOrderDeferred.designs.creatorse_design = [
			{ sku: 'TEE-CLASSIC-BLACK-XL', amount: 1 },
		];
		const refused = await submit(body);
		expect(refused.status).toBe(400);
		expect(refused.json.exception.internalErrorMessage).toMatch(
			/^designs\.creatorse_design\[0\]: SKU TEE-CLASSIC-BLACK-XL of product 1001 .* is not available/,
		);
	});
});

describe('sandbox: GET .../orders/{id}, a path the contract does not list (option expandedOrderRead)', () => {
	const read = async (options: { expandedOrderRead: boolean }) => {
		const sandbox = await startSandbox({ port: 0, demoOrders: true, ...options });
		try {
			const demo = new ServiceClient(sandbox.baseUrl);
			await demo.login();
			const one = await demo.get(`${SHOP_PATH}/orders/10001`);
			const expanded = await demo.get(`${SHOP_PATH}/orders/expanded/10001`);
			return { baseUrl: sandbox.baseUrl, one, expanded };
		} finally {
			await sandbox.close();
		}
	};

	test('by default: the basic record, its own fields and links (expanded among them), no embedded collections', async () => {
		const { baseUrl, one, expanded } = await read({ expandedOrderRead: false });
		expect(one.status).toBe(200);
		const basic = one.json.productionOrder;
		expect(basic).toMatchObject({ id: 10001, uniqueId: 'DEMO-1001', fulfilmentStatus: 'FINISHED' });
		for (const key of ['orderedProducts', 'fulfillments', 'passthroughItems'])
			expect(basic).not.toHaveProperty(key);
		const links = list(basic['atom.link']);
		expect(links.find((l) => l['@rel'] === 'expanded')?.['@href']).toBe(
			`${baseUrl}${SHOP_PATH}/orders/expanded/10001`,
		);
		// The contract's Resource expansion pattern: the expanded variant embeds the collections.
		const full = expanded.json.productionOrderExpanded;
		expect(list(full.fulfillments.orderFulfillmentExpanded)[0].trackingNumber).toBe(
			'SBX1000170001',
		);
		expect(list(full.orderedProducts.designedOrderedProduct)).toHaveLength(1);
	});

	test('with the option: the expanded order, as orders/expanded/{id} answers it', async () => {
		const { one, expanded } = await read({ expandedOrderRead: true });
		expect(one.json).toEqual(expanded.json);
		expect(
			list(one.json.productionOrderExpanded.fulfillments.orderFulfillmentExpanded)[0]
				.trackingNumber,
		).toBe('SBX1000170001');
	});
});

describe('sandbox: an ordered product as the contract shows it (option orderedProductDetails)', () => {
	const read = async (options: { orderedProductDetails: boolean }) => {
		// The product's own SKU on the item (no variant SKU texts), also under SANDBOX_OPTIONS=all.
		const sandbox = await startSandbox({
			port: 0,
			demoOrders: true,
			variantSkuTexts: false,
			...options,
		});
		try {
			const demo = new ServiceClient(sandbox.baseUrl);
			await demo.login();
			const expanded = await demo.get(`${SHOP_PATH}/orders/expanded/10001`);
			const all = await demo.get(`${SHOP_PATH}/orders/10001/orderedProducts`);
			const [first] = list(
				expanded.json.productionOrderExpanded.orderedProducts.designedOrderedProduct,
			);
			const one = await demo.get(`${SHOP_PATH}/orders/10001/orderedProducts/${first.id}`);
			return {
				inOrder: first,
				inList: list(all.json.pagedData.orderedProduct)[0],
				one: one.json.orderedProduct,
			};
		} finally {
			await sandbox.close();
		}
	};

	test('by default: id, amount and its links (self, image, preview), in the order, the list and its own read', async () => {
		const { inOrder, inList, one } = await read({ orderedProductDetails: false });
		for (const item of [inOrder, inList, one]) {
			expect(Object.keys(item).sort()).toEqual(['amount', 'atom.link', 'id']);
			expect(item.amount).toBe(2);
			expect(list(item['atom.link']).map((link) => link['@rel'])).toEqual([
				'self',
				'image',
				'preview',
			]);
		}
	});

	test('with the option: also what was ordered (product, colour, size, SKU, price, design)', async () => {
		const { inOrder, inList, one } = await read({ orderedProductDetails: true });
		for (const item of [inOrder, inList, one]) {
			expect(item).toMatchObject({
				amount: 2,
				productId: 1001,
				assignedColor: { id: expect.any(Number) },
				assignedSize: { id: expect.any(Number) },
				sku: 'TEE-CLASSIC',
			});
			expect(item).toHaveProperty('price');
			expect(list(item.compositions.composition)).toHaveLength(1);
		}
	});
});
