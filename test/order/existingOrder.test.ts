/**
 * An order Exactly Once finds under the Unique ID is answered as the service holds it, never as the
 * request asked: a retry with a corrected size, or another customer's order under a reused Unique
 * ID, is told field by field where it differs and that nothing was changed, and the service keeps
 * the order as it was.
 */
import type { IDataObject } from 'n8n-workflow';

import { differencesOf } from '../../nodes/PodPlatform/actions/order/submit/existingOrder';
import { formParameters, orderSandbox } from './fixtures';

describe('an order found under its Unique ID', () => {
	const order = orderSandbox();
	const { run, submits } = order;

	test('a retry with another size and another customer answers the stored order, each difference named; the service holds it unchanged', async () => {
		const first = await run(formParameters('EXISTING-1'));
		expect(first.error).toBeUndefined();
		const retry = formParameters('EXISTING-1');
		retry.designs.design[0].assignedSizeId = '3003';
		retry.customer = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' };
		const again = await run(retry);
		expect(again.error).toBeUndefined();
		const answer = again.items[0].json;
		expect(answer).toMatchObject({
			id: first.items[0].json.id,
			uniqueId: 'EXISTING-1',
			alreadyExisted: true,
			matchesRequest: false,
			customer: expect.objectContaining({ firstName: 'Ada', lastName: 'Lovelace' }),
			items: [
				expect.objectContaining({ productName: 'Classic T-Shirt', sizeName: 'M' }),
				// The form's template product, as the service stored it.
				expect.objectContaining({ templateProductId: 7001 }),
			],
		});
		expect(answer.differences).toEqual([
			{ field: 'items[0].size', stored: 'M', requested: 'L' },
			{ field: 'customer.firstName', stored: 'Ada', requested: 'Grace' },
			{ field: 'customer.lastName', stored: 'Lovelace', requested: 'Hopper' },
			{ field: 'customer.email', stored: 'ada@example.com', requested: 'grace@example.com' },
		]);
		expect(answer.note).toMatch(
			/^An order with the Unique ID EXISTING-1 already existed, and it differs from this request: items\[0\]\.size is M, not L; .*Nothing was changed or ordered/,
		);
		expect(await submits()).toHaveLength(1);
		const stored = await order.stored(first.items[0].json.id, false);
		expect(stored.customer).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });

		const same = await run(formParameters('EXISTING-1'));
		expect(same.items[0].json).toMatchObject({
			alreadyExisted: true,
			matchesRequest: true,
			differences: [],
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
			{ field: 'items', stored: '1 item', requested: '2 items' },
			{ field: 'items[0].amount', stored: 2, requested: 3 },
			{ field: 'country', stored: 'DE', requested: 'AT' },
		]);
	});
});
