/* eslint-disable @typescript-eslint/no-explicit-any -- tests run on Node, never shipped */
import { PodPlatform } from '../../nodes/PodPlatform/PodPlatform.node';
import { startSandbox, type Sandbox } from '../../sandbox';
import { eventually } from '../support/eventually';
import { CredentialStore, runNode } from '../support/n8n';
import { byId, SandboxControl, sandboxCredentials, shopParameter } from '../support/sandbox';
import { formParameters, jsonOrder, jsonParameters, PNG } from './fixtures';

describe('Order resource against the sandbox', () => {
	let sandbox: Sandbox;
	let store: CredentialStore;
	let control: SandboxControl;
	const stats = async () => await control.stats();
	const submitPosts = async () =>
		(await control.requests()).filter(
			(r) => r.method === 'POST' && /orders\/usingCreatorSE$/.test(r.path),
		).length;
	const run = (parameters: Record<string, any>, items?: any[], continueOnFail = false) =>
		runNode({ store, parameters, items, continueOnFail });
	// The order as the service stored it: these tests check what Submit sent.
	const getOrder = async (id: number) => {
		const result = await run({
			resource: 'order',
			operation: 'get',
			shop: shopParameter(),
			orderId: String(id),
			simplify: false,
		});
		expect(result.error).toBeUndefined();
		return result.items[0].json as any;
	};

	beforeAll(async () => {
		sandbox = await startSandbox({
			port: 0,
			deferredProcessingMs: 20,
			// The product's own SKU on ordered products (the contract's ProductSku), also under all.
			variantSkuTexts: false,
			// Ordered products with what was ordered (option orderedProductDetails), as these tests assert item
			// details (the plain default's items: test/order/shape.test.ts).
			orderedProductDetails: true,
		});
		control = new SandboxControl(sandbox);
	});
	afterAll(() => sandbox.close());
	beforeEach(async () => {
		await control.call('POST', '/reset');
		store = sandboxCredentials(sandbox, { accountId: '387' });
	});

	describe('Submit', () => {
		test('the guided form submits once, and the order walks its states to FINISHED', async () => {
			const result = await run({ ...formParameters('WEB-1'), options: { readBack: true } });
			expect(result.error).toBeUndefined();
			const [{ json }] = result.items;
			// The order it made as the service holds it, in Order → Get's shape: the creation answers
			// only the order's ID, so with Read Orders Back Whole Submit reads it back once; its items
			// named from the product the SKU check read (no read of its own), each with the service's
			// price and its unit price.
			const customer = {
				firstName: 'Ada',
				lastName: 'Lovelace',
				email: 'ada@example.com',
				shippingAddress: {
					street: 'Hauptstr.',
					streetNo: '5',
					zip: '10115',
					city: 'Berlin',
					countryCode: 'DE',
				},
			};
			const created = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
			expect(json).toEqual({
				id: expect.any(Number),
				uniqueId: 'WEB-1',
				financialStatus: 'PAID',
				financialStatusLabel: 'Paid',
				// Paid and handed off, production may have started by the time it is read back.
				fulfilmentStatus: json.fulfilmentStatus,
				fulfilmentStatusLabel: json.fulfilmentStatusLabel,
				trackingNumbers: [],
				trackingUrls: [],
				customer,
				items: [
					{
						id: expect.any(Number),
						productId: 1001,
						productName: 'Classic T-Shirt',
						colorId: 2001,
						colorName: 'White',
						sizeId: 3002,
						sizeName: 'M',
						sku: 'TEE-CLASSIC',
						amount: 2,
						// The service's price of the item; the unit price is the T-shirt's for Germany.
						price: 25.8,
						unitPrice: 12.9,
						created,
					},
					{
						id: expect.any(Number),
						productId: 1001,
						productName: 'Classic T-Shirt',
						colorId: 2001,
						colorName: 'White',
						sizeId: 3003,
						sizeName: 'L',
						sku: 'TEE-CLASSIC',
						amount: 1,
						price: 12.9,
						unitPrice: 12.9,
						created,
						templateProductId: 7001,
					},
				],
				country: 'DE',
				shippingTitle: 'Standard',
				carrierId: 21,
				created,
				passthroughItems: [
					expect.objectContaining({ sku: 'STICKER-1', name: 'Sticker', quantity: 3 }),
				],
				// 2 × 12.90 + 1 × 12.90, before shipping.
				currency: 'EUR',
				total: 38.7,
				alreadyExisted: false,
			});
			expect([
				[null, null],
				['WAITING_FOR_RESOURCES', 'Preparing Print Files'],
				['PREPARED_TO_PRODUCE', expect.any(String)],
			]).toContainEqual([json.fulfilmentStatus, json.fulfilmentStatusLabel]);
			expect(Object.keys(json).slice(0, 5)).toEqual([
				'id',
				'uniqueId',
				'financialStatus',
				'financialStatusLabel',
				'fulfilmentStatus',
			]);
			const reads = (await control.requests()).filter((r) => r.method === 'GET');
			// One read-back of the order; the product was read once, for the check.
			expect(
				reads.filter((r) => new RegExp(`/orders/(expanded/)?${String(json.id)}$`).test(r.path)),
			).toHaveLength(1);
			expect(reads.filter((r) => r.path.includes('/products/expanded/1001'))).toHaveLength(1);
			// Order → Get shows the same order: the same items, IDs, prices and creation.
			const got = await run({
				resource: 'order',
				operation: 'get',
				shop: shopParameter(),
				orderId: String(json.id),
			});
			const sameFields = (order: any) => ({
				created: order.created,
				items: order.items.map((item: any) => ({ ...item, unitPrice: undefined })),
				customer: order.customer,
				trackingNumbers: order.trackingNumbers,
			});
			expect(sameFields(got.items[0].json)).toEqual(sameFields(json));
			const id = json.id as number;

			const ready = await eventually(async () => {
				const order = await control.order(id);
				expect(order.fulfilmentStatus).toBe('PREPARED_TO_PRODUCE');
				return order;
			});
			expect(ready).toMatchObject({ committed: true, handedOff: true, financialStatus: 'PAID' });
			await control.call('POST', `/orders/${id}/advance`, { to: 'NOT_EDITABLE' });
			await control.call('POST', `/orders/${id}/ship`, { trackingNumber: 'TRACK-1' });

			const order = await getOrder(id);
			expect(order).toMatchObject({
				id,
				uniqueId: 'WEB-1',
				financialStatus: 'PAID',
				fulfilmentStatus: 'FINISHED',
				country: { code: 'DE' },
				orderShipping: { title: 'Standard', carrier: { id: 21 } },
			});
			expect(order.fulfillments[0].trackingNumber).toBe('TRACK-1');
			expect(order.customer.shippingAddress).toMatchObject({ city: 'Berlin', countryCode: 'DE' });
			expect(order.orderedProducts).toHaveLength(2);
		});

		test('the guided form and the JSON mode produce the same order', async () => {
			const fromForm = await run(formParameters('SAME-FORM'));
			const fromJson = await run(jsonParameters(jsonOrder('SAME-JSON')));
			expect(fromForm.error).toBeUndefined();
			expect(fromJson.error).toBeUndefined();
			const comparable = (order: any) => ({
				...order,
				id: undefined,
				uniqueId: undefined,
				created: undefined,
				links: undefined,
				orderedProducts: order.orderedProducts.map((item: any) => ({
					...item,
					id: undefined,
					created: undefined,
					links: undefined,
				})),
			});
			for (const result of [fromForm, fromJson]) {
				await eventually(async () =>
					expect((await control.order(result.items[0].json.id as number)).fulfilmentStatus).toBe(
						'PREPARED_TO_PRODUCE',
					),
				);
			}
			const a = await getOrder(fromForm.items[0].json.id as number);
			const b = await getOrder(fromJson.items[0].json.id as number);
			expect(comparable(a)).toEqual(comparable(b));
			// Elements are compared as text: the decoded shape of this heterogeneous list varies.
			const elements = JSON.stringify(a.orderedProducts[0].compositions[0].elements);
			expect(elements).toContain('"motive":{"id":5001}');
			expect(elements).toContain('"top":"5%"');
		});

		test('a binary PNG from the input item goes inline; a binary that is not JPEG or PNG is refused', async () => {
			const parameters = formParameters('BIN-1');
			parameters.designs.design[0].prints.print = [
				{ printAreaId: '4001', elementType: 'binaryMotive', binaryPropertyName: 'art' },
			];
			const item = (bytes: Buffer, fileName: string, mimeType: string) => ({
				json: {},
				binary: { art: { data: bytes.toString('base64'), fileName, mimeType } },
			});
			const ok = await run(parameters, [item(PNG, 'art.png', 'image/png')]);
			expect(ok.error).toBeUndefined();
			const order = await getOrder(ok.items[0].json.id as number);
			expect(order.orderedProducts[0].compositions[0].productArea).toEqual({ id: 4001 });
			expect(JSON.stringify(order.orderedProducts[0].compositions[0].elements)).toContain(
				'"filename":"art.png"',
			);

			parameters.uniqueId = 'BIN-2';
			const before = await submitPosts();
			const bad = await run(parameters, [item(Buffer.from('GIF89a fake'), 'art.png', 'image/png')]);
			expect(bad.error?.message).toBe(
				'Item 1: Design 1 › Print 1: the binary property "art" ("art.png") is not a JPEG or PNG image; its content is GIF image',
			);
			expect(await submitPosts()).toBe(before);
		});

		test('bad input is refused before anything is sent, naming item and field', async () => {
			const spoilt = (spoil: (o: any) => void) => {
				const body = jsonOrder(`BAD-${Math.random()}`);
				spoil(body.creatorse_productionOrderDeferred);
				return { json: { order: body } };
			};
			const cases: Array<[(o: any) => void, RegExp]> = [
				[(o) => delete o.country, /^Item 1: choose a Country$/],
				[(o) => delete o.customer.shippingAddress, /^Item 2: Shipping Address is empty$/],
				[
					(o) => (o.designs.creatorse_design[0].amount = 0),
					/^Item 3: Design 1: Amount must be a positive whole number, got 0$/,
				],
				[
					(o) => (
						(o.designs.creatorse_design[0].assignedColor = { id: 2002 }),
						(o.designs.creatorse_design[0].assignedSize = { id: 3006 })
					),
					/^Item 4: Design 1: Classic T-Shirt \(1001\) cannot be ordered in color Black \(2002\) and size 3XL \(3006\)$/,
				],
				[
					(o) =>
						(o.designs.creatorse_design[0].compositions.creatorse_composition[0].elements[1].creatorse_designElementDdf.productionResource.filename =
							'print'),
					/^Item 5: Design 1 › Composition 1 › Element 2: Production File Name must carry a file extension/,
				],
				[
					(o) =>
						(o.passthroughItems.creatorse_passthroughItem = Array.from({ length: 101 }, (_, i) => ({
							sku: `P${i}`,
							quantity: 1,
						}))),
					/^Item 6: An order may carry at most 100 passthrough items, got 101$/,
				],
				[
					(o) =>
						(o.designs.creatorse_design[0].compositions.creatorse_composition[0].elements[0].creatorse_designElementMotive.position.top =
							'ten'),
					/^Item 7: Design 1 › Composition 1 › Element 1: Position top must be a number of millimeters or a percentage/,
				],
				[
					(o) =>
						o.designs.creatorse_design[0].compositions.creatorse_composition[0].elements.push({
							motiveElement: { motive: { id: 5001 } },
						}),
					/^Item 8: Design 1 › Composition 1 › Element 3: the key "motiveElement"/,
				],
				[
					(o) =>
						(o.designs.creatorse_design[0].compositions.creatorse_composition[1].elements[0] = {
							creatorse_designElementMotive: {
								attachment: Buffer.from('%PDF-1.4').toString('base64'),
								filename: 'a.png',
							},
						}),
					/^Item 9: Design 1 › Composition 2 › Element 1: the motive file is not a JPEG or PNG image$/,
				],
				[
					(o) => (o.country = { code: 'Germany' }),
					/^Item 10: Country must be an ID or a two-letter ISO code/,
				],
				[
					(o) => (o.customer.shippingAddress.company = 'ACME Ltd'),
					/^Item 11: Shipping Address has "company", which an order address cannot carry$/,
				],
			];
			const parameters = { ...jsonParameters({}), orderJson: '={{ JSON.stringify($json.order) }}' };
			const result = await run(
				parameters,
				cases.map(([spoil]) => spoilt(spoil)),
				true,
			);
			expect(result.items).toHaveLength(cases.length);
			cases.forEach(([, message], i) => {
				expect(result.items[i].json.error).toMatch(message);
				expect(result.items[i].json.errorDescription).toMatch(/Field: /);
			});
			expect(result.items[10].json.errorDescription).toMatch(
				/customer's firstName and lastName .*CSV Import.*\(Field: customer\.shippingAddress\.company\)$/,
			);
			expect(await submitPosts()).toBe(0);
			expect((await stats()).ordersCreated).toBe(0);
		});

		test("the service's own 400, 401 and 409 answers surface clearly", async () => {
			const unknownProduct = jsonOrder('SVC-400');
			unknownProduct.creatorse_productionOrderDeferred.designs.creatorse_design[0].productId = 1999;
			const r400 = await run(
				jsonParameters(unknownProduct, { checkSkus: false, exactlyOnce: false }),
			);
			// The refusal names its wire path; the error names the form's place and keeps the words.
			expect(r400.error?.message).toBe(
				'Design 1 › Product: the service refused it: Unknown product (designs.creatorse_design[0].productId 1999 is not a product of shop 1597)',
			);
			expect(r400.error?.httpCode).toBe('400');

			const r401 = await run({
				...jsonParameters(jsonOrder('SVC-401')),
				shop: shopParameter(9999),
				options: { checkSkus: false, exactlyOnce: false },
			});
			expect(r401.error?.httpCode).toBe('401');

			// A 409 (a service that refuses a repeat; the contract's "duplicate entry") without
			// Exactly Once is the service's refusal, as it said it.
			await control.fault({
				path: 'usingCreatorSE$',
				kind: 'status',
				status: 409,
				count: 1,
				body: JSON.stringify({
					exception: { message: 'Duplicate uniqueId', internalErrorMessage: 'uniqueId SVC-409' },
				}),
			});
			const r409 = await run(jsonParameters(jsonOrder('SVC-409'), { exactlyOnce: false }));
			expect(r409.error?.httpCode).toBe('409');
			expect(r409.error?.message).toMatch(/Duplicate uniqueId/);
		});
	});

	describe('exactly once', () => {
		test('a timeout after processing is resolved by looking up, and a retried run returns the existing order', async () => {
			await control.call('POST', '/faults', {
				method: 'POST',
				path: 'orders/usingCreatorSE',
				count: 1,
				kind: 'drop-after-processing',
			});
			const first = await run(formParameters('ONCE-1'));
			expect(first.error).toBeUndefined();
			expect(first.items[0].json).toMatchObject({
				uniqueId: 'ONCE-1',
				alreadyExisted: false,
				recoveredAfterTimeout: true,
			});
			expect(await submitPosts()).toBe(1);

			const retried = await run(formParameters('ONCE-1'));
			expect(retried.items[0].json).toMatchObject({
				id: first.items[0].json.id,
				uniqueId: 'ONCE-1',
				financialStatus: 'PAID',
				alreadyExisted: true,
				matchesRequest: true,
				customer: expect.objectContaining({ firstName: 'Ada' }),
			});
			expect(await submitPosts()).toBe(1);
			expect((await stats()).ordersCreated).toBe(1);
		});

		test('without Exactly Once the same timeout is reported, never re-sent blind', async () => {
			await control.call('POST', '/faults', {
				method: 'POST',
				path: 'orders/usingCreatorSE',
				count: 1,
				kind: 'drop-after-processing',
			});
			const result = await run(jsonParameters(jsonOrder('BLIND-1'), { exactlyOnce: false }));
			expect(result.error?.description).toMatch(/may or may not have reached the service/);
			expect((await stats()).ordersCreated).toBe(1);
		});

		test('Exactly Once needs a Unique ID', async () => {
			const body = jsonOrder('');
			const result = await run(jsonParameters(body));
			expect(result.error?.message).toBe('Item 1: Unique ID is empty');
		});
	});

	test('a batch runs with bounded concurrency, in input order, with one login', async () => {
		const items = Array.from({ length: 24 }, (_, i) => ({
			json: { order: jsonOrder(`BATCH-${i}`) },
		}));
		const parameters = {
			...jsonParameters({}, { concurrency: 8 }),
			orderJson: '={{ JSON.stringify($json.order) }}',
		};
		const result = await run(parameters, items);
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.uniqueId)).toEqual(
			items.map((_, i) => `BATCH-${i}`),
		);
		expect(result.items.map((item) => item.pairedItem)).toEqual(items.map((_, i) => ({ item: i })));
		expect(new Set(result.items.map((item) => item.json.id)).size).toBe(24);
		const counts = await stats();
		expect(counts.logins).toBe(1);
		expect(counts.ordersCreated).toBe(24);
		// One SKU lookup for the whole run, whatever the number of items.
		const skuLookups = (await control.requests()).filter((r) =>
			/\/products\/expanded\/\d+$/.test(r.path),
		);
		expect(skuLookups).toHaveLength(1);
	});

	test('a batch looks up its uniqueIds in one list request, then skips orders that exist', async () => {
		const items = Array.from({ length: 12 }, (_, i) => ({
			json: { order: jsonOrder(`LOOKUP-${i}`) },
		}));
		const parameters = {
			...jsonParameters({}, { concurrency: 4 }),
			orderJson: '={{ JSON.stringify($json.order) }}',
		};
		const first = await run(parameters, items.slice(0, 5));
		expect(first.items.map((item) => item.json.alreadyExisted)).toEqual(Array(5).fill(false));
		await control.call('DELETE', '/requests');

		const second = await run(parameters, items);
		expect(second.error).toBeUndefined();
		expect(second.items.map((item) => item.json.alreadyExisted)).toEqual([
			...Array(5).fill(true),
			...Array(7).fill(false),
		]);
		const logged = await control.requests();
		const lookups = logged.filter((r) => r.method === 'GET' && /\/orders$/.test(r.path));
		const submits = logged.filter((r) => r.method === 'POST' && /usingCreatorSE$/.test(r.path));
		// One look-up for the batch, and the same once more after its last order (a repeat another
		// process sent at the same moment is found there): one stored filter for both.
		expect(lookups).toHaveLength(2);
		expect(lookups[1].query.filterId).toBe(lookups[0].query.filterId);
		expect(logged.filter((r) => /\/filters$/.test(r.path))).toHaveLength(1);
		expect(submits).toHaveLength(7);
		for (let i = 0; i < 12; i++) {
			expect(await control.orders(`LOOKUP-${i}`)).toHaveLength(1);
		}
	});

	test('the incremental flow: create, add product, commit, send to production, cancel', async () => {
		const created = await run({
			resource: 'order',
			operation: 'create',
			shop: shopParameter(),
			uniqueId: 'DRAFT-1',
			country: '2',
			customer: { firstName: 'Bo' },
			shippingAddress: {
				address: { street: 'Vej', streetNo: '1', city: 'Aarhus', zip: '8000', countryCode: 'dk' },
			},
			shippingTitle: 'Express',
			carrierId: '22',
		});
		expect(created.error).toBeUndefined();
		const orderId = String(created.items[0].json.id);
		expect(created.items[0].json).toMatchObject({ uniqueId: 'DRAFT-1', country: { id: 2 } });

		const added = await run({
			resource: 'order',
			operation: 'addProduct',
			shop: shopParameter(),
			orderId,
			productId: byId(1001),
			assignedColorId: '2002',
			assignedSizeId: '3003',
			amount: 3,
			prints: { print: [{ viewPosition: 'BACK', motiveId: byId(5002), left: '5', top: '10%' }] },
		});
		expect(added.error).toBeUndefined();
		const orderedProductId = String(added.items[0].json.id);
		expect(added.items[0].json).toMatchObject({ amount: 3, assignedColor: { id: 2002 } });

		const commit = await run({
			resource: 'order',
			operation: 'commit',
			shop: shopParameter(),
			orderId,
			financialStatus: 'PAID',
		});
		expect(commit.items[0].json).toEqual({
			orderId: Number(orderId),
			committed: true,
			financialStatus: 'PAID',
			alreadyDone: false,
		});
		// The service refuses a second commit (409); the order holds what it asked: done already.
		const again = await run({
			resource: 'order',
			operation: 'commit',
			shop: shopParameter(),
			orderId,
			financialStatus: 'PAID',
		});
		expect(again.error).toBeUndefined();
		expect(again.items[0].json).toMatchObject({ committed: true, alreadyDone: true });

		const sent = await run({
			resource: 'order',
			operation: 'sendToProduction',
			shop: shopParameter(),
			orderId,
		});
		expect(sent.items[0].json).toEqual({
			orderId: Number(orderId),
			sentToProduction: true,
			alreadyDone: false,
		});
		// Sent to production: the order is in the pipeline, at its first step or (the sandbox
		// processes after 20 ms) already past it on a busy machine.
		expect(await getOrder(Number(orderId))).toMatchObject({
			financialStatus: 'PAID',
			fulfilmentStatus: expect.stringMatching(/^(WAITING_FOR_RESOURCES|PREPARED_TO_PRODUCE)$/),
		});

		const products = await run({
			resource: 'order',
			operation: 'getOrderedProducts',
			shop: shopParameter(),
			orderId,
			returnAll: true,
		});
		expect(products.items.map((item) => item.json.id)).toEqual([Number(orderedProductId)]);

		const image = await run({
			resource: 'order',
			operation: 'getOrderedProductImage',
			shop: shopParameter(),
			orderId,
			orderedProductId,
			binaryPropertyName: 'mockup',
		});
		expect(image.error).toBeUndefined();
		expect(image.items[0].binary?.mockup).toMatchObject({
			mimeType: 'image/png',
			fileExtension: 'png',
		});

		await control.call('POST', `/orders/${orderId}/advance`, { to: 'NOT_EDITABLE' });
		const cancel = await run({
			resource: 'order',
			operation: 'cancel',
			shop: shopParameter(),
			orderId,
		});
		expect(cancel.items[0].json).toEqual({
			orderId: Number(orderId),
			cancellationRequested: true,
			alreadyDone: false,
		});
		expect((await getOrder(Number(orderId))).fulfilmentStatus).toBe('CANCELLATION_WAITING');
	});

	test('Get Many with a filter, Get Session Order, custom attributes', async () => {
		const body = jsonOrder('ATTR-1');
		body.creatorse_productionOrderDeferred.designs.creatorse_design[0].customAttributes = {
			customAttribute: [{ key: 'engraving', value: 'For Ada' }],
		};
		const submitted = await run(jsonParameters(body));
		expect(submitted.error).toBeUndefined();
		await run(jsonParameters(jsonOrder('ATTR-2')));
		const orderId = String(submitted.items[0].json.id);

		const all = await run({
			resource: 'order',
			operation: 'getAll',
			shop: shopParameter(),
			returnAll: true,
		});
		expect(all.items.map((item) => item.json.uniqueId).sort()).toEqual(['ATTR-1', 'ATTR-2']);
		const limited = await run({
			resource: 'order',
			operation: 'getAll',
			shop: shopParameter(),
			returnAll: false,
			limit: 1,
		});
		expect(limited.items).toHaveLength(1);
		const filtered = await run({
			resource: 'order',
			operation: 'getAll',
			shop: shopParameter(),
			returnAll: true,
			filterMode: 'json',
			filterJson: JSON.stringify({
				expressionSimple: [{ property: 'uniqueId', op: '=', value: 'ATTR-2' }],
			}),
		});
		expect(filtered.items.map((item) => item.json.uniqueId)).toEqual(['ATTR-2']);

		const items = await run({
			resource: 'order',
			operation: 'getOrderedProducts',
			shop: shopParameter(),
			orderId,
			returnAll: true,
		});
		const designItem = items.items.find((item) => item.json.productId === 1001)!;
		const attributes = await run({
			resource: 'order',
			operation: 'getCustomAttributes',
			shop: shopParameter(),
			orderId,
			orderedProductId: String(designItem.json.id),
			returnAll: true,
		});
		expect(attributes.items.map((item) => item.json)).toEqual([
			expect.objectContaining({ key: 'engraving', value: 'For Ada' }),
		]);

		const session = await run({
			resource: 'order',
			operation: 'getSessionOrder',
			shop: shopParameter(),
		});
		expect(session.error).toBeUndefined();
		expect(session.items[0].json).toMatchObject({
			id: expect.any(Number),
			financialStatus: 'PENDING',
		});
	});
});

test('Submit and Create Draft offer only the address fields an order can carry, in postal order, and say where a name goes', () => {
	const properties = new PodPlatform().description.properties;
	for (const operation of ['submit', 'create']) {
		for (const name of ['shippingAddress', 'billingAddress']) {
			const address = properties.find(
				(p) =>
					p.name === name &&
					p.displayOptions?.show?.resource?.includes('order') &&
					p.displayOptions?.show?.operation?.includes(operation),
			)!;
			// One group whose fields all open at once (as n8n's WooCommerce node has it).
			expect(address.type).toBe('fixedCollection');
			const [group] = address.options as Array<{ name: string; values: any[] }>;
			expect(group.values.map((field) => field.displayName)).toEqual([
				'Street',
				'Street Number',
				'ZIP Code',
				'City',
				'Country Code',
			]);
			// Submit's shipping address is required as a whole; no field of it is on its own
			// (many places write addresses without a postal code: the service judges).
			expect(group.values.filter((field) => field.hint !== undefined)).toEqual([]);
			if (operation === 'submit' && name === 'shippingAddress') {
				expect(address.description).toMatch(/required: the service refuses an order without one/);
			}
			expect(address.description).toMatch(
				/no name or company: the parcel is addressed to the customer \(Customer → First Name and Last Name\).*CSV Import/,
			);
		}
	}
});
