/* eslint-disable @typescript-eslint/no-explicit-any -- tests run on Node, never shipped */
/**
 * A price before and after ordering, over real HTTP against the sandbox: Product → Find gives
 * each orderable size its price for a chosen country, the product's own price list as the service
 * serves it (the expanded product's `productPrices`, per country and size); Submit answers a new
 * order as the service holds it (IDs, `created`, each item's price) with each item's unit price
 * and the order's total; and an amount a model sends as text.
 */
import type { FromAIArgument, IDataObject, INode } from 'n8n-workflow';
import { generateZodSchema, traverseNodeParameters } from 'n8n-workflow';

import { PodPlatform } from '../../nodes/PodPlatform/PodPlatform.node';
import { exampleWorkflows } from '../../scripts/dev';
import { ACTION_NODE, runNode } from '../support/n8n';
import { shopParameter } from '../support/sandbox';
import { formParameters, orderSandbox, SHIPPING_ADDRESS } from './fixtures';

const shop = shopParameter();
const TOOL_NODE = `${ACTION_NODE}Tool`;

/** An order of T-shirts only (one design, no template or passthrough item) for a country. */
function teeOrder(uniqueId: string, countryCode: string, amount: unknown = 3) {
	const parameters = formParameters(uniqueId);
	parameters.financialStatus = 'PENDING';
	parameters.country = countryCode;
	parameters.shippingAddress = { address: { ...SHIPPING_ADDRESS, countryCode } };
	// Size XXL (3005): priced above S–XL, so that the size's own price is the one given.
	parameters.designs.design[0].assignedSizeId = '3005';
	parameters.designs.design[0].amount = amount;
	delete parameters.templates;
	delete parameters.passthroughItems;
	return parameters;
}

describe('prices', () => {
	// Ordered products with what was ordered (option orderedProductDetails): these tests assert
	// item details the contract does not give (the plain default's items: test/order/shape.test.ts).
	const harness = orderSandbox({ orderedProductDetails: true });

	/** The T-shirt's price list as the service serves it: `{countryId: {sizeId: [price, currency]}}`. */
	const contractPrices = async () => {
		const result = await harness.run({
			resource: 'product',
			operation: 'getExpanded',
			shop,
			productId: { __rl: true, mode: 'id', value: '1001' },
			simplify: false,
		});
		expect(result.error).toBeUndefined();
		// The node hands a collection on as an array (the wire wraps it as `{productPrice: [...]}`).
		const list = (result.items[0].json as any).productPrices as any[];
		const byCountry: Record<string, Record<string, [number, string]>> = {};
		for (const entry of list) {
			(byCountry[entry.country.id] ??= {})[entry.assignedSize.id] = [
				entry.price,
				entry.currency.code,
			];
		}
		return byCountry;
	};
	const find = async (query: string, country?: string) =>
		await harness.run({
			resource: 'product',
			operation: 'find',
			shop,
			query,
			...(country === undefined ? {} : { country }),
		});

	test("Product → Find gives each size the product's own price for the account's default country", async () => {
		const prices = await contractPrices();
		const result = await find('TEE-CLASSIC');
		expect(result.error).toBeUndefined();
		const [tee] = result.items.map((item) => item.json as any);
		// Germany (ID 1) is the account's default; its prices are in EUR.
		expect(tee).toMatchObject({ country: 'DE', currency: 'EUR' });
		expect(tee).not.toHaveProperty('pricesNote');
		const white = tee.orderable.find((entry: any) => entry.color === 'White');
		expect(white.prices).toEqual({
			S: prices[1][3001][0],
			M: prices[1][3002][0],
			L: prices[1][3003][0],
			XL: prices[1][3004][0],
			XXL: prices[1][3005][0],
			'3XL': prices[1][3006][0],
		});
		expect(prices[1][3005]).toEqual([14.9, 'EUR']);
		// Black has no 3XL: no price for what cannot be ordered.
		const black = tee.orderable.find((entry: any) => entry.color === 'Black');
		expect(Object.keys(black.prices)).toEqual(black.sizes);
		expect(black.prices).not.toHaveProperty('3XL');
	});

	test("a chosen country's prices, in its currency; a country without prices says so; one the account lacks is refused", async () => {
		const prices = await contractPrices();
		const swiss = await find('shirt', 'ch');
		expect(swiss.error).toBeUndefined();
		const [tee] = swiss.items.map((item) => item.json as any);
		expect(tee).toMatchObject({ country: 'CH', currency: 'CHF' });
		expect(tee.orderable[0].prices.M).toBe(prices[8][3002][0]);
		expect(prices[8][3002]).toEqual([15.9, 'CHF']);

		// Denmark is a country of the account, but the product lists no price for it.
		const danish = await find('shirt', 'DK');
		expect(danish.error).toBeUndefined();
		expect(danish.items[0].json).toMatchObject({
			country: 'DK',
			currency: null,
			pricesNote: 'The service lists no price of this product for DK.',
		});
		expect((danish.items[0].json as any).orderable[0].prices).toEqual({});

		await harness.control.clearRequests();
		const unknown = await find('shirt', 'ZZ');
		expect(unknown.error?.message).toMatch(
			/^Item 1: Country for Prices: the account has no country ZZ/,
		);
		expect(unknown.error?.description).toMatch(/DE, DK, GB, US, FR, AT, NL, CH/);
		// Refused before the catalog is read.
		expect(
			(await harness.control.requests()).filter((r) => r.path.includes('/products')),
		).toHaveLength(0);
	});

	test('an account whose countries cannot be read still finds its products, without prices, saying so', async () => {
		// 403 is not retried: the read fails at once.
		await harness.control.fault({
			method: 'GET',
			path: '/countries$',
			kind: 'status',
			status: 403,
			body: JSON.stringify({ error: 'Forbidden' }),
		});
		const result = await find('TEE-CLASSIC');
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			name: 'Classic T-Shirt',
			country: null,
			currency: null,
			pricesNote: expect.stringMatching(/countries could not be read, so no prices are given/),
		});
		// By its ID, a country needs no list.
		const byId = await find('TEE-CLASSIC', '8');
		expect(byId.items[0].json).toMatchObject({ country: 8, currency: 'CHF' });
	});

	test("a new order's answer: the unit price of the order's country and the total, with no request of its own; read back, the service's item price too", async () => {
		const prices = await contractPrices();
		await harness.control.clearRequests();
		const result = await harness.run(teeOrder('PRICE-CH-1', 'CH'));
		expect(result.error).toBeUndefined();
		const answer = result.items[0].json as any;
		const [unitPrice, currency] = prices[8][3005];
		const total = Math.round(unitPrice * 3 * 100) / 100;
		expect(answer).toMatchObject({ alreadyExisted: false, country: 'CH', currency, total });
		// The order as the look-up after sending lists it: its items as sent, no ID or service
		// price of their own (the list's basic record has no ordered products).
		expect(answer.items).toEqual([
			expect.objectContaining({ id: null, sizeName: 'XXL', amount: 3, unitPrice, price: null }),
		]);
		// No read of the order itself: the look-ups by Unique ID (before and after) and the send.
		const orderPaths = (await harness.control.requests())
			.map((request) => `${request.method} ${request.path.replace(/^.*\/shops\/\d+/, '')}`)
			.filter((line) => /\/orders/.test(line));
		expect(orderPaths.filter((line) => /\/orders\/(expanded\/)?\d+$/.test(line))).toEqual([]);
		expect(orderPaths.filter((line) => line.startsWith('POST'))).toEqual([
			'POST /orders/usingCreatorSE',
		]);

		// The same order again, found under its Unique ID and read whole (Read Orders Back Whole):
		// it carries the service's price of each item beside the same unit prices.
		const again = await harness.run({
			...teeOrder('PRICE-CH-1', 'CH'),
			options: { readBack: true },
		});
		expect(again.items[0].json).toMatchObject({
			alreadyExisted: true,
			matchesRequest: true,
			currency,
			total,
			items: [expect.objectContaining({ id: expect.any(Number), unitPrice, price: total })],
		});

		// Read whole, the new order's answer holds each item's ID and the service's
		// own price of it (its unit price times its amount).
		const readBack = await harness.run({
			...teeOrder('PRICE-CH-2', 'CH'),
			options: { readBack: true },
		});
		expect(readBack.error).toBeUndefined();
		const whole = readBack.items[0].json as any;
		expect(whole).toMatchObject({ alreadyExisted: false, currency, total });
		expect(whole.items).toEqual([
			expect.objectContaining({ id: expect.any(Number), unitPrice, price: total }),
		]);
		expect(whole.total).toBe(
			(whole.items as any[]).reduce((sum, item) => sum + (item.price as number), 0),
		);
	});

	test('a read-back that fails still answers the order that was made, as sent, saying so', async () => {
		// 404 is not retried: the read-back fails at once, after the order was made.
		await harness.control.fault({
			method: 'GET',
			path: '/orders/(expanded/)?\\d+$',
			kind: 'status',
			status: 404,
			body: JSON.stringify({ error: 'Not found' }),
		});
		const result = await harness.run({
			...teeOrder('PRICE-LOST-1', 'DE'),
			options: { readBack: true },
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			id: expect.any(Number),
			uniqueId: 'PRICE-LOST-1',
			alreadyExisted: false,
			note: expect.stringMatching(
				/^The order was made \(ID \d+\), but reading it back failed .*Do not submit it again/,
			),
		});
		expect(await harness.submits()).toHaveLength(1);
	});

	test('a country whose price list lacks the product: unit price and total are null, never a partial sum', async () => {
		const result = await harness.run(teeOrder('PRICE-DK-1', 'DK'));
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			currency: null,
			total: null,
			items: [expect.objectContaining({ unitPrice: null, price: null })],
		});
	});

	describe('an amount a model sends as text', () => {
		// The example's ordering tool, as `npm start` imports it.
		const example = (exampleWorkflows() as unknown as Array<{ name: string; nodes: INode[] }>).find(
			(workflow) => workflow.nodes.some((node) => node.name === 'submit_pending_order'),
		)!;
		const submitTool = example.nodes.find((node) => node.name === 'submit_pending_order')!;
		/** The argument schema n8n builds for the tool from its `$fromAI` keys (createNodeAsTool). */
		const argumentSchema = (node: INode, key: string) => {
			const found: FromAIArgument[] = [];
			traverseNodeParameters(node.parameters, found);
			return generateZodSchema(found.find((argument) => argument.key === key)!);
		};

		test('the example declares amount a number, which n8n checks before the node runs, and says so to the model', () => {
			const amount = argumentSchema(submitTool, 'amount');
			expect(amount.safeParse(2).success).toBe(true);
			// n8n's number schema does not take text: "2" is refused, naming the argument's type.
			const refused = amount.safeParse('2');
			expect(refused.success).toBe(false);
			expect(JSON.stringify(refused.error?.issues)).toMatch(/Expected number, received string/);
			// So the argument's own description says it is a number, not text.
			expect(amount.description).toMatch(/a number \(2, not "2"\)/);
		});

		test('a whole number given as text orders that many, wherever the workflow passes text', async () => {
			const parameters = teeOrder(
				'PRICE-TEXT-2',
				'DE',
				"={{ $fromAI('amount', 'How many pieces', 'string') }}",
			);
			const result = await runNode({
				store: harness.store,
				parameters,
				items: [{ json: { amount: '2' } as IDataObject }],
				nodeType: TOOL_NODE,
				extraNodeTypes: { [TOOL_NODE]: Object.assign(new PodPlatform(), toolDescription()) },
			});
			expect(result.error).toBeUndefined();
			expect(result.items[0].json).toMatchObject({
				items: [expect.objectContaining({ amount: 2, unitPrice: 14.9 })],
				total: 29.8,
			});
			// Text that is not a whole number is refused before anything is sent, named as the argument.
			await harness.control.clearRequests();
			const half = await runNode({
				store: harness.store,
				parameters: { ...parameters, uniqueId: 'PRICE-TEXT-3' },
				items: [{ json: { amount: '1.5' } as IDataObject }],
				nodeType: TOOL_NODE,
				extraNodeTypes: { [TOOL_NODE]: Object.assign(new PodPlatform(), toolDescription()) },
			});
			expect(half.error?.message).toMatch(
				/^Argument amount: Amount must be a positive whole number/,
			);
			expect(await harness.submits()).toHaveLength(0);
		});
	});
});

/** The node as n8n loads its tool variant: the same description under the tool's name. */
function toolDescription() {
	const description = new PodPlatform().description;
	return { description: { ...description, name: `${description.name}Tool` } };
}
