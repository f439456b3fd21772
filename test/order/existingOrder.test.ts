/**
 * An order Exactly Once finds under the Unique ID is answered as the service holds it, never as the
 * request asked. A request whose Unique ID names another order (other items, another customer: a
 * second store on the same Unique IDs, a reused reference) is refused, naming the stored order and
 * what differs, so that nothing reads as printed; the service keeps the order as it was.
 */
import type { IDataObject } from 'n8n-workflow';

import { differencesOf } from '../../nodes/PodPlatform/actions/order/submit/existingOrder';
import { formParameters, orderSandbox } from './fixtures';

describe('an order found under its Unique ID', () => {
	// Ordered products with what was ordered (option orderedProductDetails): these tests assert
	// item details the contract does not give (the plain default's items: test/order/shape.test.ts).
	const order = orderSandbox({ orderedProductDetails: true });
	const { run, submits } = order;

	test('a request with another size and another customer under a stored Unique ID is refused, naming the order and what differs but not the stored customer; the service holds it unchanged', async () => {
		const first = await run(formParameters('EXISTING-1'));
		expect(first.error).toBeUndefined();
		const retry = formParameters('EXISTING-1');
		retry.designs.design[0].assignedSizeId = '3003';
		retry.customer = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' };
		// As the look-up lists it (no read of its own): the customer tells it apart.
		const listed = await run(retry);
		expect(listed.items).toHaveLength(0);
		expect(listed.error?.message).toBe(
			`Item 1: The Unique ID EXISTING-1 already names print order ${String(first.items[0].json.id)}, which is another order than this one (customer.firstName; customer.lastName; customer.email)`,
		);
		// Read whole (Options › Read Orders Back Whole), its items are compared too.
		const again = await run({ ...retry, options: { readBack: true } });
		expect(again.items).toHaveLength(0);
		const message = again.error?.message ?? '';
		expect(message).toMatch(
			new RegExp(
				`^Item 1: The Unique ID EXISTING-1 already names print order ${String(first.items[0].json.id)}, which is another order than this one \\(its items are Classic T-Shirt White M × 2, .*this request's Classic T-Shirt White L × 2.*; customer\\.firstName; customer\\.lastName; customer\\.email\\)$`,
			),
		);
		// The same customer with another size: read whole, the items alone tell it apart.
		const resized = formParameters('EXISTING-1');
		resized.designs.design[0].assignedSizeId = '3003';
		const sizeOnly = await run({ ...resized, options: { readBack: true } });
		expect(sizeOnly.error?.message).toMatch(
			/another order than this one \(its items are Classic T-Shirt White M × 2/,
		);
		// The stored customer is not the caller's to read (an agent may have guessed the ID).
		for (const theirs of ['Ada', 'Lovelace', 'ada@example.com'])
			expect(message).not.toContain(theirs);
		expect(again.error?.description).toMatch(/give it a Unique ID of its own/);
		expect(await submits()).toHaveLength(1);
		const stored = await order.stored(first.items[0].json.id, false);
		expect(stored.customer).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });

		const same = await run(formParameters('EXISTING-1'));
		expect(same.items[0].json).toMatchObject({
			id: first.items[0].json.id,
			alreadyExisted: true,
			matchesRequest: true,
			differences: [],
			customer: expect.objectContaining({ firstName: 'Ada', lastName: 'Lovelace' }),
		});
		expect(same.items[0].json.note).toBeUndefined();
	});
});

describe('the differences between a request and the stored order', () => {
	const stored: IDataObject = {
		uniqueId: 'X-1',
		country: 'DE',
		customer: {
			firstName: 'Ada',
			email: 'Ada@Example.com',
			shippingAddress: { street: 'Main Street', city: 'Berlin', zip: '10115' },
		},
		items: [
			{
				productId: 1001,
				productName: 'Classic T-Shirt',
				colorId: 2001,
				colorName: 'White',
				sizeId: 3002,
				sizeName: 'M',
				amount: 2,
			},
		],
	};
	const requested = (changes: IDataObject = {}): IDataObject => ({
		...JSON.parse(JSON.stringify(stored)),
		...changes,
	});

	test('case and surrounding spaces are no difference; what the stored record does not show is not compared', () => {
		expect(
			differencesOf(
				requested({
					customer: {
						firstName: ' ada ',
						lastName: 'Lovelace',
						email: 'ada@example.com',
						phone: '+49 30 1',
						shippingAddress: { street: 'main street', city: 'BERLIN', zip: '10115', streetNo: '5' },
					},
				}),
				stored,
			),
		).toEqual([]);
	});

	test('a different number of items, an amount and a country are named', () => {
		const two = requested({
			country: 'AT',
			items: [{ ...(stored.items as IDataObject[])[0], amount: 3 }, { productId: 1002 }],
		});
		expect(differencesOf(two, stored)).toEqual([
			{
				field: 'items',
				stored: 'Classic T-Shirt White M × 2',
				requested: 'Classic T-Shirt White M × 3, 1002 × ?',
			},
			{ field: 'country', stored: 'DE', requested: 'AT' },
		]);
	});

	test('items are compared as a set: the same items in another order are no difference', () => {
		const hoodie = {
			productId: 1002,
			productName: 'Hoodie',
			colorId: 2011,
			colorName: 'Navy',
			sizeId: 3013,
			sizeName: 'L',
			amount: 1,
		};
		const both = { ...stored, items: [...(stored.items as IDataObject[]), hoodie] };
		const swapped = requested({ items: [hoodie, (stored.items as IDataObject[])[0]] });
		expect(differencesOf(swapped, both)).toEqual([]);
		// Two products that both have a Black are told apart by product, not "Black, not Black".
		const otherBlack = requested({
			items: [{ ...(stored.items as IDataObject[])[0], productId: 1004, productName: 'IPod Nano' }],
		});
		expect(differencesOf(otherBlack, stored)).toEqual([
			{
				field: 'items',
				stored: 'Classic T-Shirt White M × 2',
				requested: 'IPod Nano White M × 2',
			},
		]);
	});
});

describe('an order found under its Unique ID, on the plain default (ordered products: id, amount, links)', () => {
	// Also under SANDBOX_OPTIONS=all: what Read Orders Back Whole compares when the service names
	// no product, colour or size on its ordered products.
	const order = orderSandbox({ orderedProductDetails: false });
	const { run, submits } = order;

	test('read whole, the stored order is answered with its items unnamed; only what the service gives (the amount) is compared', async () => {
		const first = await run(formParameters('EXISTING-PLAIN-1'));
		expect(first.error).toBeUndefined();
		const same = await run({ ...formParameters('EXISTING-PLAIN-1'), options: { readBack: true } });
		expect(same.error).toBeUndefined();
		expect(same.items[0].json).toMatchObject({
			id: first.items[0].json.id,
			alreadyExisted: true,
			matchesRequest: true,
		});
		for (const item of same.items[0].json.items as IDataObject[]) {
			expect(item).toMatchObject({ id: expect.any(Number), productId: null, productName: null });
			expect(item).toMatchObject({ colorName: null, sizeName: null, sku: null, price: null });
		}
		// Another size cannot be told apart (the service does not say which size it stored).
		const resized = formParameters('EXISTING-PLAIN-1');
		resized.designs.design[0].assignedSizeId = '3003';
		const sizeOnly = await run({ ...resized, options: { readBack: true } });
		expect(sizeOnly.error).toBeUndefined();
		expect(sizeOnly.items[0].json).toMatchObject({ alreadyExisted: true });
		// Another amount can: the service gives it.
		const more = formParameters('EXISTING-PLAIN-1');
		more.designs.design[0].amount = 5;
		const bigger = await run({ ...more, options: { readBack: true } });
		expect(bigger.error?.message).toMatch(/another order than this one/);
		expect(await submits()).toHaveLength(1);
	});
});
