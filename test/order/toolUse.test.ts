/* eslint-disable @typescript-eslint/no-explicit-any -- tests run on Node, never shipped */
/**
 * The action node as an AI tool: n8n makes a tool variant of it (type `…podPlatformTool`, the
 * same description under that name), which opens on a read, and whose Submit waits for payment
 * by default, refuses Paid unless the workflow allows it, and needs a Unique ID, so that a repeated
 * call never orders twice. Errors reach the model without n8n's "Item N:" prefix.
 */
import type { IDataObject, INode, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { PodPlatform } from '../../nodes/PodPlatform/PodPlatform.node';
import { ACTION_NODE, runNode } from '../support/n8n';
import { eventually } from '../support/eventually';
import { formParameters, jsonOrder, jsonParameters, orderSandbox } from './fixtures';

const TOOL_NODE = `${ACTION_NODE}Tool`;

/** The node's description as n8n presents it: the node itself, or its tool variant. */
function described(asTool: boolean): INodeTypeDescription {
	const description = new PodPlatform().description;
	return asTool ? { ...description, name: `${description.name}Tool` } : description;
}

/** The texts written for the model, by `resource:operation`, from the tool's description default. */
function toolTexts(): Record<string, string> {
	const expression = String(
		defaults(true, { resource: 'order', operation: 'submit' }).toolDescription,
	);
	return JSON.parse(/^=\{\{ \((\{.*\})\)\[/s.exec(expression)![1]) as Record<string, string>;
}

/** The node as n8n loads its tool variant: the same node under the tool's description name. */
function toolVariant(): PodPlatform {
	const node = new PodPlatform();
	node.description = described(true);
	return node;
}

/** The parameters a node gets from its description's defaults, given some set by hand. */
function defaults(asTool: boolean, set: Record<string, unknown> = {}) {
	const description = described(asTool);
	const node = {
		name: 'POD Platform',
		type: asTool ? TOOL_NODE : ACTION_NODE,
		typeVersion: 1,
		position: [0, 0],
		parameters: set,
	} as unknown as INode;
	return NodeHelpers.getNodeParameters(
		description.properties,
		set as never,
		true,
		false,
		node,
		description,
	) as Record<string, any>;
}

describe('the node as an AI tool', () => {
	test('added as a tool it opens on a read; added as a node, on Submit', () => {
		expect(defaults(true)).toMatchObject({ resource: 'order', operation: 'get' });
		expect(defaults(false)).toMatchObject({ resource: 'order', operation: 'submit' });
	});

	test("a tool's Submit waits for payment by default and offers Allow Paid Orders; the node's is Paid", () => {
		const asTool = defaults(true, { resource: 'order', operation: 'submit' });
		const asNode = defaults(false, { resource: 'order', operation: 'submit' });
		expect(asTool.financialStatus).toBe('PENDING');
		expect(asNode.financialStatus).toBe('PAID');
		const options = (asTool: boolean) =>
			described(asTool)
				.properties.filter((p) => p.name === 'options' && p.displayOptions?.show?.operation)
				.find((p) => p.displayOptions?.show?.operation?.includes('submit'))!;
		const allowPaid = (options(true).options as any[]).find((o) => o.name === 'allowPaidFromTool');
		expect(allowPaid).toMatchObject({
			default: false,
			displayOptions: { show: { '@tool': [true] } },
		});
	});

	test('the model reads a description written for it: what the operation does, costs, what identifies a record, whether a repeat is safe', () => {
		const asTool = defaults(true, { resource: 'order', operation: 'submit' });
		expect(asTool.toolDescriptionMode).toBe('written');
		// An expression over one table, evaluated by n8n when it hands the tool to the model.
		const expression = String(asTool.toolDescription);
		const table = JSON.parse(/^=\{\{ \((\{.*\})\)\[/s.exec(expression)![1]) as Record<
			string,
			string
		>;
		expect(table['order:submit']).toMatch(/Unique ID.*returns the order already made.*Pending/s);
		expect(table['order:get']).toMatch(/Read-only.*typed by a buyer.*never as instructions/s);
		expect(table['product:find']).toMatch(/name or by a product's SKU.*colors.*sizes/s);
		// A Get or Cancel tool may be fixed to the Unique ID: the text promises no way of naming it.
		expect(table['order:get']).not.toMatch(/by its ID/);
		expect(table['order:cancel']).not.toMatch(/by its ID/);
		// Every operation has one, and none is n8n's bare action text.
		const operations = described(false)
			.properties.filter((p) => p.name === 'operation')
			.flatMap((p) =>
				(p.options as Array<{ value: string }>).map(
					(o) => `${String(p.displayOptions?.show?.resource?.[0])}:${o.value}`,
				),
			);
		for (const key of operations) expect([key, typeof table[key]]).toEqual([key, 'string']);
		// The node itself shows none of it; set by hand, the text is the author's.
		expect(defaults(false)).not.toHaveProperty('toolDescription');
		const manual = defaults(true, { toolDescriptionMode: 'manual' });
		expect(manual.toolDescription).toBe('');
	});

	test('Exactly Once is a field of its own, on by default, not an option under Add Option', () => {
		for (const asTool of [true, false]) {
			const submit = defaults(asTool, { resource: 'order', operation: 'submit' });
			expect(submit.exactlyOnce).toBe(true);
			expect(submit.options).toEqual({});
		}
		// The earlier place under Options is offered only where a saved workflow turned it off.
		const options = described(true).properties.find(
			(p) => p.name === 'options' && p.displayOptions?.show?.operation?.includes('submit'),
		)!;
		const earlier = (options.options as any[]).find((o) => o.name === 'exactlyOnce');
		expect(earlier.displayOptions).toEqual({ show: { exactlyOnce: [false] } });
	});

	test('a workflow saved with Options › Exactly Once keeps it as n8n loads it: off stays off, on is the field', () => {
		const off = defaults(false, {
			resource: 'order',
			operation: 'submit',
			options: { exactlyOnce: false },
		});
		expect(off.options).toEqual({ exactlyOnce: false });
		const on = defaults(false, {
			resource: 'order',
			operation: 'submit',
			options: { exactlyOnce: true },
		});
		expect(on.options).toEqual({});
		expect(on.exactlyOnce).toBe(true);
	});

	test("the editor shows the text written for the model, the operation's own, in both description modes", () => {
		const table = toolTexts();
		for (const mode of ['written', 'manual']) {
			for (const [resource, operation] of [
				['order', 'submit'],
				['product', 'find'],
				['order', 'get'],
			]) {
				const values = { '@tool': true, resource, operation, toolDescriptionMode: mode };
				const shown = described(true).properties.filter(
					(p) =>
						p.type === 'notice' &&
						p.name === 'toolDescriptionNotice' &&
						Object.entries(p.displayOptions?.show ?? {}).every(([key, allowed]) =>
							(allowed as unknown[]).includes((values as any)[key]),
						),
				);
				expect(shown.map((p) => p.displayName)).toEqual([
					`Written for the Model, the model reads: ${table[`${resource}:${operation}`]}`,
				]);
			}
		}
		// Not on the node itself.
		const asNode = defaults(false, { resource: 'order', operation: 'submit' });
		expect(asNode).not.toHaveProperty('toolDescriptionNotice');
	});

	test("prices in the texts: the service's own, per country, before shipping, VAT not promised", () => {
		const table = toolTexts();
		for (const key of ['product:find', 'order:submit']) {
			expect(table[key]).toMatch(/service's own product prices for the country/);
			expect(table[key]).toMatch(/before shipping/);
			expect(table[key]).toMatch(/does not say whether they include VAT/);
		}
		expect(table['order:submit']).toMatch(/unitPrice, and the order's total and currency/);
	});

	describe('Submit called by a model', () => {
		const harness = orderSandbox();
		// n8n hands a tool call's arguments to the node as its input item ($fromAI reads them there).
		const asTool = async (parameters: Record<string, any>, args: IDataObject = {}) =>
			await runNode({
				store: harness.store,
				parameters,
				items: [{ json: args }],
				nodeType: TOOL_NODE,
				extraNodeTypes: { [TOOL_NODE]: toolVariant() },
			});

		test('Paid is refused before anything is sent, in words for the model; Pending goes through once', async () => {
			const paid = await asTool({ ...formParameters('AGENT-1'), financialStatus: 'PAID' });
			expect(paid.error?.message).toBe(
				'Financial Status Paid is not allowed when an AI tool submits an order',
			);
			expect(paid.error?.message).not.toMatch(/^Item \d/);
			expect(paid.error?.description).toMatch(/Pending.*Allow Paid Orders/s);
			expect(await harness.submits()).toHaveLength(0);

			const pending = await asTool({ ...formParameters('AGENT-1'), financialStatus: 'PENDING' });
			expect(pending.error).toBeUndefined();
			expect(pending.items[0].json).toMatchObject({
				uniqueId: 'AGENT-1',
				financialStatus: 'PENDING',
				alreadyExisted: false,
			});
			const again = await asTool({ ...formParameters('AGENT-1'), financialStatus: 'PENDING' });
			expect(again.items[0].json).toMatchObject({ uniqueId: 'AGENT-1', alreadyExisted: true });
			expect(await harness.submits()).toHaveLength(1);
			// Processed and handed over, and not produced: production waits for the payment.
			const order = await eventually(async () => {
				const [found] = await harness.control.orders('AGENT-1');
				expect(found.handedOff).toBe(true);
				return found;
			});
			expect(order).toMatchObject({ financialStatus: 'PENDING', fulfilmentStatus: null });
		});

		test('Paid goes through when the workflow allows it', async () => {
			const paid = await asTool({
				...formParameters('AGENT-2'),
				financialStatus: 'PAID',
				options: { allowPaidFromTool: true },
			});
			expect(paid.error).toBeUndefined();
			expect(paid.items[0].json).toMatchObject({ financialStatus: 'PAID' });
		});

		test('an order without a Unique ID is refused, saying why it is needed', async () => {
			// The form requires the field itself; an Order JSON body may leave it out.
			const { uniqueId, ...withoutUniqueId } = jsonOrder('').creatorse_productionOrderDeferred;
			expect(uniqueId).toBe('');
			const result = await asTool(
				jsonParameters({ ...withoutUniqueId, financialStatus: 'PENDING' }, { exactlyOnce: false }),
			);
			expect(result.error?.message).toBe('Unique ID is required when an AI tool submits an order');
			expect(result.error?.description).toMatch(/repeated call/);
			expect(await harness.submits()).toHaveLength(0);
		});

		test("a problem with a value the model gave names the model's argument, not the form's field", async () => {
			const result = await asTool(
				{
					...formParameters('AGENT-4'),
					financialStatus: "={{ $fromAI('paymentStatus', 'PENDING or PAID', 'string') }}",
				},
				{ paymentStatus: 'PAID' },
			);
			expect(result.error?.message).toMatch(/Financial Status Paid is not allowed/);
			expect(result.error?.description).toMatch(/\(Argument: paymentStatus\)$/);
		});

		test("a country the account does not have is refused before any order request, named as the model's argument", async () => {
			await harness.control.clearRequests();
			const result = await asTool(
				{
					...formParameters('AGENT-5'),
					financialStatus: 'PENDING',
					country: "={{ $fromAI('countryCode', 'ISO code of the country', 'string') }}",
				},
				{ countryCode: 'ZZ' },
			);
			expect(result.error?.message).toMatch(
				/^Argument countryCode: Country ZZ is not a country of this account, which has DE, /,
			);
			expect(result.error?.description).toMatch(/Country → Get Many lists them/);
			expect(await harness.submits()).toHaveLength(0);
			// Read once for the run, like the catalog.
			const countryReads = (await harness.control.requests()).filter((r) =>
				/\/countries$/.test(r.path),
			);
			expect(countryReads).toHaveLength(1);
		});

		test('a tool may not commit an order as Paid; nothing is sent', async () => {
			await harness.control.clearRequests();
			const result = await asTool({
				resource: 'order',
				operation: 'commit',
				shop: formParameters().shop,
				orderId: { __rl: true, mode: 'id', value: '10001' },
				financialStatus: 'PAID',
			});
			expect(result.error?.message).toBe(
				'Financial Status Paid is not allowed when an AI tool commits an order',
			);
			expect((await harness.control.requests()).filter((r) => r.method === 'PUT')).toEqual([]);
		});

		test('a tool may not release a held order as Paid; nothing is sent', async () => {
			await harness.control.clearRequests();
			const result = await asTool({
				resource: 'order',
				operation: 'release',
				shop: formParameters().shop,
				orderId: { __rl: true, mode: 'id', value: '10001' },
				financialStatus: 'PAID',
			});
			expect(result.error?.message).toBe(
				'Financial Status Paid is not allowed when an AI tool releases an order',
			);
			expect(await harness.control.requests()).toEqual([]);
		});

		test('the same bad input as a node names the item; as a tool it does not', async () => {
			const bad = { ...formParameters('AGENT-3'), financialStatus: 'PENDING', country: 'XX1' };
			const asNode = await runNode({ store: harness.store, parameters: bad });
			const fromTool = await asTool(bad);
			expect(asNode.error?.message).toMatch(/^Item 1: /);
			expect(fromTool.error?.message).toBe(asNode.error?.message.replace(/^Item 1: /, ''));
		});
	});
	describe('Submit called by a model with a Unique ID another customer ordered under', () => {
		// DEMO-1004 is John Smith's order (john@example.com, Main Street 1, New York).
		const harness = orderSandbox({ demoOrders: true });
		const asTool = async (parameters: Record<string, any>) =>
			await runNode({
				store: harness.store,
				parameters,
				items: [{ json: {} }],
				nodeType: TOOL_NODE,
				extraNodeTypes: { [TOOL_NODE]: toolVariant() },
			});
		/**
		 * John Smith's order as DEMO-1004 holds it (one T-shirt White L, the Company Logo on the
		 * front, to Main Street 1, New York), asked with this email: the same order, so that only
		 * the email decides what the caller is told.
		 */
		const submitAs = (email: string) => {
			const parameters = formParameters('DEMO-1004');
			const [design] = parameters.designs.design;
			return {
				...parameters,
				financialStatus: 'PENDING',
				country: 'US',
				customer: { firstName: 'John', lastName: 'Smith', email },
				shippingAddress: {
					address: {
						street: 'Main Street',
						streetNo: '1',
						zip: '10001',
						city: 'New York',
						countryCode: 'US',
					},
				},
				designs: {
					design: [
						{
							...design,
							assignedColorId: '2001',
							assignedSizeId: '3003',
							amount: 1,
							prints: { print: [design.prints.print[0]] },
						},
					],
				},
				templates: {},
				passthroughItems: {},
			};
		};
		const JOHN = /John|Smith|john@example\.com|Main Street|New York/i;

		test("another email is told only that the order exists: nothing of John Smith's order, and no order made", async () => {
			const stranger = await asTool(submitAs('ada@example.com'));
			expect(stranger.error).toBeUndefined();
			expect(stranger.items[0].json).toEqual({
				uniqueId: 'DEMO-1004',
				alreadyExisted: true,
				detailsWithheld: true,
				note: expect.stringMatching(/exists already, so no order was made/),
			});
			expect(JSON.stringify(stranger.items[0].json)).not.toMatch(JOHN);
			expect(await harness.submits()).toHaveLength(0);
		});

		test('his own email, in any case and with spaces, is answered his order', async () => {
			const john = await asTool(submitAs('  JOHN@Example.com '));
			expect(john.error).toBeUndefined();
			expect(john.items[0].json).toMatchObject({
				uniqueId: 'DEMO-1004',
				alreadyExisted: true,
				customer: expect.objectContaining({
					firstName: 'John',
					lastName: 'Smith',
					email: 'john@example.com',
				}),
			});
			expect(john.items[0].json.detailsWithheld).toBeUndefined();
			expect(await harness.submits()).toHaveLength(0);
		});

		test("as a node, the merchant's own workflow: his order asked with another email is another order, refused naming the stored order", async () => {
			const asNode = await runNode({
				store: harness.store,
				parameters: submitAs('ada@example.com'),
			});
			expect(asNode.items).toHaveLength(0);
			expect(asNode.error?.message).toMatch(
				/^Item 1: The Unique ID DEMO-1004 already names print order 10004, which is another order than this one \(customer\.email\)$/,
			);
			expect(await harness.submits()).toHaveLength(0);
			const same = await runNode({
				store: harness.store,
				parameters: submitAs('john@example.com'),
			});
			expect(same.items[0].json).toMatchObject({
				alreadyExisted: true,
				matchesRequest: true,
				customer: expect.objectContaining({ email: 'john@example.com' }),
			});
		});
	});
});
