/* eslint-disable @typescript-eslint/no-explicit-any -- tests run on Node, never shipped */
/**
 * The reads an AI agent (or a merchant) makes without IDs: Product → Find by name or SKU, with the
 * colors and sizes each product can be ordered in by name, and any order operation by the Unique
 * ID the order was submitted with (Order field, By Unique ID).
 */
import { eventually } from '../support/eventually';
import { shopParameter } from '../support/sandbox';
import { formParameters, orderSandbox } from './fixtures';

const shop = shopParameter();
const byUniqueId = (value: string) => ({ __rl: true, mode: 'uniqueId', value });

describe('reads without IDs', () => {
	const harness = orderSandbox();
	const find = async (query: string) => {
		const result = await harness.run({ resource: 'product', operation: 'find', shop, query });
		expect(result.error).toBeUndefined();
		return result.items.map((item) => item.json as any);
	};

	test('Product → Find by a part of the name, any case: each product with its orderable colors and sizes by name', async () => {
		const [tee, ...others] = await find('t-shirt');
		expect(others).toEqual([]);
		expect(tee).toMatchObject({ id: 1001, name: 'Classic T-Shirt', sku: 'TEE-CLASSIC' });
		// Black has no 3XL in the sandbox: only what can be ordered is offered.
		expect(tee.orderable).toEqual(
			expect.arrayContaining([
				expect.objectContaining({
					color: 'White',
					sizes: expect.arrayContaining(['S', 'M', 'L', '3XL']),
				}),
				expect.objectContaining({ color: 'Black', sizes: expect.not.arrayContaining(['3XL']) }),
			]),
		);
	});

	test("Product → Find by the product's own SKU gives that product; nothing found is no item", async () => {
		expect((await find('TEE-CLASSIC')).map((p) => p.name)).toEqual(['Classic T-Shirt']);
		expect((await find('HOODIE-PREMIUM')).map((p) => p.name)).toEqual(['Hoodie']);
		expect(await find('no such product')).toEqual([]);
		// The contract's ProductSku has no text: a color/size SKU text names nothing here.
		expect(await find('TEE-CLASSIC-BLACK-M')).toEqual([]);
		const empty = await harness.run({ resource: 'product', operation: 'find', shop, query: ' ' });
		expect(empty.error?.message).toMatch(/Name or SKU is empty/);
	});

	test('Order → Get and Cancel by the Unique ID the order was submitted with', async () => {
		const submitted = await harness.run(formParameters('AGENT-SHOP-7'));
		expect(submitted.error).toBeUndefined();
		const id = submitted.items[0].json.id;
		const got = await harness.run({
			resource: 'order',
			operation: 'get',
			shop,
			orderId: byUniqueId('AGENT-SHOP-7'),
		});
		expect(got.error).toBeUndefined();
		expect(got.items[0].json).toMatchObject({
			id,
			uniqueId: 'AGENT-SHOP-7',
			financialStatus: 'PAID',
		});

		// Production has picked it up (the contract's cancellation starts from there).
		await eventually(async () =>
			expect((await harness.control.order(id as number)).fulfilmentStatus).toBe(
				'PREPARED_TO_PRODUCE',
			),
		);
		await harness.control.call('POST', `/orders/${String(id)}/advance`, { to: 'NOT_EDITABLE' });
		const cancelled = await harness.run({
			resource: 'order',
			operation: 'cancel',
			shop,
			orderId: byUniqueId('AGENT-SHOP-7'),
		});
		expect(cancelled.error).toBeUndefined();
		expect(cancelled.items[0].json).toEqual({
			orderId: id,
			cancellationRequested: true,
			alreadyDone: false,
		});
	});

	test("with the buyer's email required, only the buyer's email (any case) reads the order; a wrong one and an unknown Unique ID get one answer with no customer data", async () => {
		const submitted = await harness.run(formParameters('AGENT-SHOP-8'));
		expect(submitted.error).toBeUndefined();
		const read = async (uniqueId: string, buyerEmail: string) =>
			await harness.run({
				resource: 'order',
				operation: 'get',
				shop,
				orderId: byUniqueId(uniqueId),
				options: { buyerEmail },
			});
		const buyer = await read('AGENT-SHOP-8', '  ADA@example.com ');
		expect(buyer.error).toBeUndefined();
		expect(buyer.items[0].json).toMatchObject({
			uniqueId: 'AGENT-SHOP-8',
			customer: expect.objectContaining({ email: 'ada@example.com' }),
		});
		const stranger = await read('AGENT-SHOP-8', 'grace@example.com');
		const unknown = await read('NOT-SUBMITTED-8', 'ada@example.com');
		for (const refused of [stranger, unknown]) {
			expect(refused.items).toEqual([]);
			expect(refused.error?.message).toBe('Item 1: No order matches this Unique ID and email');
			expect(`${refused.error?.message} ${refused.error?.description}`).not.toMatch(
				/Ada|Lovelace|Berlin|AGENT-SHOP-8|NOT-SUBMITTED/,
			);
		}
	});

	test('an unknown Unique ID fails naming it, and nothing is changed', async () => {
		await harness.control.clearRequests();
		const result = await harness.run({
			resource: 'order',
			operation: 'cancel',
			shop,
			orderId: byUniqueId('NOT-SUBMITTED'),
		});
		expect(result.error?.message).toMatch(
			/No order of this shop has the Unique ID "NOT-SUBMITTED"/,
		);
		const writes = (await harness.control.requests()).filter(
			(r) => r.method !== 'GET' && !r.path.endsWith('/filters'),
		);
		expect(writes).toEqual([]);
	});
});

describe('reads without IDs, on a service with color/size SKU texts (sandbox option variantSkuTexts)', () => {
	const harness = orderSandbox({ variantSkuTexts: true });

	test("Product → Find by a color/size pair's SKU text gives that pair's product", async () => {
		const found = await harness.run({
			resource: 'product',
			operation: 'find',
			shop,
			query: 'TEE-CLASSIC-BLACK-M',
		});
		expect(found.error).toBeUndefined();
		expect(found.items.map((item) => item.json)).toEqual([
			expect.objectContaining({ id: 1001, name: 'Classic T-Shirt', sku: 'TEE-CLASSIC' }),
		]);
	});
});
