/**
 * What every example workflow must hold before n8n imports it (the end-to-end suite runs them).
 */
import type { FilterValue } from 'n8n-workflow';
import { executeFilter } from 'n8n-workflow';

import { getCsvColumns } from '../../nodes/PodPlatform/methods/resourceMapping';
import { PodPlatform } from '../../nodes/PodPlatform/PodPlatform.node';
import {
	assignmentsOf,
	evaluate,
	example,
	examples,
	expressions,
	readingNodes,
	setNodes,
} from './exampleNodes';
import type { Assignment, Example, ExampleNode } from './exampleNodes';
import shopifyOrder from '../fixtures/storefront/shopify-orders-create.json';
import wooCommerceOrder from '../fixtures/storefront/woocommerce-order-3-lines.json';
import { withProductSkus } from '../support/storefrontModes';
import { readStorefrontOrder } from '../../nodes/PodPlatform/actions/order/submit/storefrontOrder';
import { productSetInputProblems, WOOCOMMERCE_WRITABLE } from '../../scripts/storefronts/products';

/** The nodes from the one without an input, following the single main connection of each. */
function chain(workflow: Example, from: string): ExampleNode[] {
	const byName = new Map(workflow.nodes.map((node) => [node.name, node]));
	const nodes: ExampleNode[] = [];
	for (let name: string | undefined = from; name; ) {
		const node = byName.get(name) as ExampleNode;
		nodes.push(node);
		// Through a gate (If), the way on is its true output; the other is tested where it goes.
		const outputs = workflow.connections[name]?.main ?? [];
		const next: Array<{ node: string }> =
			(node.type === 'n8n-nodes-base.if' ? outputs.slice(0, 1) : outputs).flat() ?? [];
		expect({ after: name, next: next.length <= 1 }).toEqual({ after: name, next: true });
		name = next[0]?.node;
	}
	return nodes;
}

/**
 * The nodes from `from`, following each node's first output (an If's true branch), where each
 * output leads to one node at most.
 */
function firstOutputs(workflow: Example, from: string): ExampleNode[] {
	const byName = new Map(workflow.nodes.map((node) => [node.name, node]));
	const nodes: ExampleNode[] = [];
	for (let name: string | undefined = from; name; ) {
		nodes.push(byName.get(name) as ExampleNode);
		const outputs: Array<Array<{ node: string }>> = workflow.connections[name]?.main ?? [];
		const many = outputs.filter((output) => output.length > 1).length;
		expect({ after: name, oneNodeEachOutput: many === 0 }).toEqual({
			after: name,
			oneNodeEachOutput: true,
		});
		name = outputs[0]?.[0]?.node;
	}
	return nodes;
}

/**
 * Text with `{{ $json.a.b[0].c }}` references in it and nothing else: what a merchant maps by
 * dragging a field, never JavaScript that splits, maps or computes.
 */
const FIELD_REFERENCES_ONLY = /^=(?:[^{}]|\{\{ \$json(?:\.[A-Za-z_]\w*|\[\d+\])+ \}\})*$/;

function notFieldReferences(nodes: ExampleNode[]) {
	return nodes.flatMap((node) =>
		expressions(node.parameters)
			.filter(({ expression }) => !FIELD_REFERENCES_ONLY.test(expression))
			.map(({ path, expression }) => `${node.name} › ${path}: ${expression}`),
	);
}

test('the field-reference rule tells a reference from JavaScript', () => {
	const node = (parameters: Record<string, unknown>) => [
		{ name: 'N', type: 't', typeVersion: 1, parameters },
	];
	expect(
		notFieldReferences(
			node({
				a: '={{ $json.line_items.sku }}',
				b: '=shopify-{{ $json.id }}',
				c: '={{ $json.shipping_lines[0].title }}',
				d: '=FRONT',
				e: 'plain',
			}),
		),
	).toEqual([]);
	expect(
		notFieldReferences(
			node({
				a: "={{ $json.uniqueId.split('-').pop() }}",
				b: '={{ $json.a || $json.b }}',
				c: '={{ $json.line_items[0].sku }}{{ 1 + 1 }}',
			}),
		),
	).toHaveLength(3);
});

test("every POD Platform node in an example is the node's current version, as the editor adds it", () => {
	const current = new PodPlatform().description.defaultVersion;
	const older = examples.flatMap((workflow) =>
		workflow.nodes
			.filter((node) => node.type.startsWith('n8n-nodes-pod-platform.podPlatform'))
			.filter((node) => !node.type.endsWith('Trigger') && node.typeVersion !== current)
			.map((node) => `${workflow.id} › ${node.name}: version ${node.typeVersion}`),
	);
	expect(older).toEqual([]);
	// Version 2 chooses Submit's input with one field; Input Mode is version 1's.
	const withInputMode = examples.flatMap((workflow) =>
		workflow.nodes
			.filter((node) => node.parameters.operation === 'submit' && 'inputMode' in node.parameters)
			.map((node) => `${workflow.id} › ${node.name}`),
	);
	expect(withInputMode).toEqual([]);
});

test('every example has an ID n8n keeps static data for (at most 16 characters), once', () => {
	// n8n saves a workflow's static data only when its ID passes isWorkflowIdValid
	// (packages/cli/src/utils.ts): 1 to 21 characters in 2.x, 1 to 16 in 1.x. A longer ID imports
	// and activates, but the trigger's subscriptions are never saved and every delivery is refused.
	const tooLong = examples.filter((example) => example.id.length > 16).map((example) => example.id);
	expect(tooLong).toEqual([]);
	const ids = examples.map((example) => example.id);
	expect(new Set(ids).size).toBe(ids.length);
});

describe.each([
	{
		file: 'print-events-to-shopify.json',
		id: 'podExWayBackShop',
		storeCredential: 'shopifyAccessTokenApi',
		storeKey: 'shopify',
		orderNode: 'Shopify Order',
		orderIdField: 'shopifyOrderId',
		storeOrderId: '450789469',
	},
	{
		file: 'print-events-to-woocommerce.json',
		id: 'podExWayBackWoo',
		storeCredential: 'wooCommerceApi',
		storeKey: 'woocommerce',
		orderNode: 'WooCommerce Order',
		orderIdField: 'wooOrderId',
		storeOrderId: '727',
	},
])(
	'the way-back example $file',
	({ id, storeCredential, storeKey, orderNode, orderIdField, storeOrderId }) => {
		const example = examples.find((workflow) => workflow.id === id) as Example;
		const node = (name: string) =>
			example.nodes.find((entry) => entry.name === name) as ExampleNode;
		const trigger = example.nodes.find(
			(entry) => entry.type === 'n8n-nodes-pod-platform.podPlatformTrigger',
		) as ExampleNode;
		const storeNodes = example.nodes.filter(
			(entry) =>
				entry.type === 'n8n-nodes-base.httpRequest' || entry.type === 'n8n-nodes-base.wooCommerce',
		);
		const MATCH = 'Order of This Store?';

		/**
		 * Runs the trigger's event through Store, the order node and the store-key check with n8n's own
		 * expression evaluator and If conditions (n8n-workflow): the store order ID when the check
		 * passes, undefined when it does not. The end-to-end suite runs the same in a real n8n.
		 */
		function matched(uniqueId: unknown, key = storeKey): string | undefined {
			const event = { ...(example.pinData?.[trigger.name]?.[0]?.json as object), uniqueId };
			const store: Record<string, unknown> = { ...event };
			for (const { name, value } of assignmentsOf(node('Store')))
				store[name] = evaluate(value, store);
			store.storeKey = key;
			const order: Record<string, unknown> = {};
			// The order node takes the store's settings from Store, the event's fields from its input.
			for (const { name, value } of assignmentsOf(node(orderNode)))
				order[name] = evaluate(readingNodes(value), { ...store, Store: store });
			const check = evaluate(node(MATCH).parameters.conditions, order) as FilterValue;
			expect(check.combinator).toBe('and');
			const passes = executeFilter(check);
			return passes ? String(order[orderIdField]) : undefined;
		}

		test("is built from n8n's own nodes and ours, with no Code node", () => {
			const types = example.nodes.map((entry) => entry.type);
			expect(types.every((type) => /^n8n-nodes-(base|pod-platform)\./.test(type))).toBe(true);
			expect(types.filter((type) => /code|function/i.test(type))).toEqual([]);
			expect(types).toContain('n8n-nodes-pod-platform.podPlatformTrigger');
		});

		test("sends every storefront request with n8n's credential of that store", () => {
			expect(storeNodes.length).toBeGreaterThan(0);
			for (const entry of storeNodes) {
				expect({ node: entry.name, credentials: Object.keys(entry.credentials ?? {}) }).toEqual({
					node: entry.name,
					credentials: [storeCredential],
				});
			}
		});

		test(`sets the store key in one place, the Store node right after the trigger: ${storeKey} unless changed`, () => {
			expect(example.connections[trigger.name].main.flat().map((next) => next.node)).toEqual([
				'Store',
			]);
			const store = node('Store');
			expect(store.type).toBe('n8n-nodes-base.set');
			expect(assignmentsOf(store).find((entry) => entry.name === 'storeKey')?.value).toBe(storeKey);
			// Nowhere else does a node name the store's key.
			expect(
				example.nodes
					.filter((entry) => entry !== store && entry.type !== 'n8n-nodes-base.stickyNote')
					.filter((entry) => JSON.stringify(entry.parameters).includes(`'${storeKey}`))
					.map((entry) => entry.name),
			).toEqual([]);
		});

		test(`matches a print order only when its Unique ID is exactly ${storeKey}-<digits>`, () => {
			expect(matched(`${storeKey}-${storeOrderId}`)).toBe(storeOrderId);
			expect(matched(`${storeKey}-1`)).toBe('1');
			for (const other of [
				`${storeKey}-eu-${storeOrderId}`,
				`${storeKey === 'shopify' ? 'woocommerce' : 'shopify'}-${storeOrderId}`,
				'DEMO-1002',
				storeOrderId,
				`x${storeKey}-${storeOrderId}`,
				`${storeKey}-`,
				`${storeKey}-${storeOrderId}a`,
				`${storeKey}-${storeOrderId} `,
				'',
				undefined,
				null,
			]) {
				expect({ uniqueId: other, matched: matched(other) }).toEqual({
					uniqueId: other,
					matched: undefined,
				});
			}
			// A second store of the platform under its own key takes its orders and only those.
			expect(matched(`${storeKey}-eu-${storeOrderId}`, `${storeKey}-eu`)).toBe(storeOrderId);
			expect(matched(`${storeKey}-${storeOrderId}`, `${storeKey}-eu`)).toBeUndefined();
		});

		test('sends nothing to the store before the store-key check passes; what fails it ends on a skip that says why', () => {
			const [pass, fail] = example.connections[MATCH].main;
			// Every node reachable from the trigger without the check's pass output.
			const reached = new Set<string>();
			const walk = (name: string) => {
				if (reached.has(name)) return;
				reached.add(name);
				const outputs = example.connections[name]?.main ?? [];
				outputs.forEach((targets, index) => {
					if (name === MATCH && index === 0) return;
					for (const target of targets) walk(target.node);
				});
			};
			walk(trigger.name);
			expect(storeNodes.filter((entry) => reached.has(entry.name))).toEqual([]);
			expect(pass.length).toBe(1);
			expect(fail.map((target) => target.node)).toEqual(["Skip: Not This Store's Order"]);
			const skip = node(fail[0].node);
			expect(skip.type).toBe('n8n-nodes-base.set');
			expect(example.connections[skip.name]).toBeUndefined();
			const values = Object.fromEntries(
				assignmentsOf(skip).map(({ name, value }) => [
					name,
					evaluate(value, { uniqueId: 'DEMO-1002', storeKey, printOrderId: 42 }),
				]),
			);
			expect(values).toMatchObject({
				skipped: true,
				reason: `Unique ID DEMO-1002 is not an order of store ${storeKey} (its orders have Unique ID ${storeKey}-<order ID>)`,
			});
			expect(
				evaluate(assignmentsOf(skip).find((entry) => entry.name === 'reason')?.value, {
					uniqueId: '',
					storeKey,
					printOrderId: 42,
				}),
			).toBe(`Print order 42 has no Unique ID, so it is not an order of store ${storeKey}`);
		});

		test('pins one shipped print order of its own store to the trigger, as the trigger emits it', () => {
			const pinned = example.pinData?.[trigger.name] ?? [];
			expect(pinned).toHaveLength(1);
			const event = pinned[0].json as Record<string, unknown>;
			expect(event).toMatchObject({
				topic: 'orders/fulfilled',
				fulfilmentStatus: 'FINISHED',
				source: 'webhook',
			});
			expect(matched(event.uniqueId)).toBe(storeOrderId);
			expect((event.trackingNumbers as string[]).length).toBeGreaterThan(0);
		});
	},
);

/**
 * What the intake examples do with a line the print shop does not sell: the WooCommerce store also
 * sells a product the print shop does not make (the documented order's Woo Single #1), so its
 * orders are printed without such lines; the Shopify store sells print products only, so such a
 * line fails its order (the default).
 */
const LINES_NOT_SOLD_OF = { shopify: 'fail', woocommerce: 'leaveOut' } as const;

describe.each([
	{
		file: 'shopify-orders-to-production.json',
		id: 'podExShopIntake',
		storefront: 'shopify' as const,
		trigger: {
			type: 'n8n-nodes-base.shopifyTrigger',
			parameters: { authentication: 'accessToken', topic: 'orders/create' },
			credentials: { shopifyAccessTokenApi: { id: 'shopifyStandIn', name: 'Shopify stand-in' } },
		},
		order: shopifyOrder as unknown,
	},
])('the intake example $file', ({ id, storefront, trigger, order }) => {
	const workflow = example(id);
	const starts = () => workflow.nodes.filter((node) => node.type === trigger.type);

	test("starts from the store's own n8n trigger, with n8n's credential of that store", () => {
		expect(starts()).toHaveLength(1);
		expect(starts()[0]).toMatchObject({ typeVersion: 1, ...trigger });
	});

	test("pins the store's documented order to the trigger, its variants carrying the print product's own SKU (the contract's set-up)", () => {
		expect(workflow.pinData?.[starts()[0].name]).toEqual([{ json: withProductSkus(order) }]);
	});

	test('is the trigger, then Submit reading the order whole, with one print on every line and no mapped field', () => {
		const [start, ...after] = chain(workflow, starts()[0].name);
		// A gate before Submit where the store's order says whether it may be printed (paid).
		const [submit, ...rest] = after[0]?.type === 'n8n-nodes-base.if' ? after.slice(1) : after;
		expect(rest).toEqual([]);
		expect(start.type).toBe(trigger.type);
		expect(submit).toMatchObject({
			type: 'n8n-nodes-pod-platform.podPlatform',
			parameters: {
				resource: 'order',
				operation: 'submit',
				input: 'storefrontOrder',
				storefront,
				// Empty: the storefront's name, which the way-back example's Store key matches.
				storeKey: '',
				linePrinting: 'prints',
				linePrints: {
					print: [
						{
							printArea: 'FRONT',
							elementType: 'libraryMotive',
							motiveId: { __rl: true, mode: 'name', value: 'Company Logo' },
						},
					],
				},
				linesNotSold: LINES_NOT_SOLD_OF[storefront],
				financialStatus: 'PAID',
				exactlyOnce: true,
			},
			credentials: { podPlatformApi: { id: 'podPlatformSandbox', name: 'POD Platform sandbox' } },
		});
	});

	test("maps with n8n's own nodes and ours and no expression at all: no Code node, no JavaScript", () => {
		const types = workflow.nodes.map((node) => node.type);
		expect(types.every((type) => /^n8n-nodes-(base|pod-platform)\./.test(type))).toBe(true);
		expect(types.filter((type) => /code|function/i.test(type))).toEqual([]);
		// Expressions only in the gate that reads the payment state, and the skip that says why.
		const mapping = workflow.nodes.filter(
			(node) => node.type !== 'n8n-nodes-base.if' && !node.name.startsWith('Skip:'),
		);
		expect(JSON.stringify(mapping)).not.toMatch(/"=/);
	});
});

/**
 * WooCommerce's order statuses (its REST API docs' `status`): paid are `processing` and `completed`
 * (core's wc_get_is_paid_statuses); what the WooCommerce intake and catch-up print is `processing`,
 * paid and not yet completed.
 */
const WOOCOMMERCE_STATUSES = [
	'pending',
	'processing',
	'on-hold',
	'completed',
	'cancelled',
	'refunded',
	'failed',
	'checkout-draft',
	'trash',
];

/** Which WooCommerce statuses a workflow's Paid? node lets on to Submit (n8n's own filter). */
function passingPaid(workflow: Example): string[] {
	const paid = workflow.nodes.find((entry) => entry.name === 'Paid?') as ExampleNode;
	expect(paid.type).toBe('n8n-nodes-base.if');
	return WOOCOMMERCE_STATUSES.filter((status) =>
		executeFilter(evaluate(paid.parameters.conditions, { status }) as FilterValue),
	);
}

describe('the intake example woocommerce-orders-to-production.json', () => {
	const workflow = example('podExWooIntake');
	const node = (name: string) => workflow.nodes.find((entry) => entry.name === name) as ExampleNode;
	const credentials = {
		wooCommerceApi: { id: 'wooCommerceStandIn', name: 'WooCommerce stand-in' },
	};

	test("starts from n8n's WooCommerce Trigger twice, on a new order and on every change of one, with the store's credential", () => {
		const starts = workflow.nodes.filter(
			(entry) => entry.type === 'n8n-nodes-base.wooCommerceTrigger',
		);
		expect(starts).toEqual([
			expect.objectContaining({
				name: 'WooCommerce Trigger',
				typeVersion: 1,
				parameters: { event: 'order.created' },
				credentials,
			}),
			expect.objectContaining({
				name: 'WooCommerce Order Updated',
				typeVersion: 1,
				parameters: { event: 'order.updated' },
				credentials,
			}),
		]);
		const webhookIds = starts.map((entry) => (entry as unknown as { webhookId: string }).webhookId);
		expect(new Set(webhookIds).size).toBe(2);
	});

	test("pins the store's documented order to the order.created trigger, its variants carrying the print product's own SKU (the contract's set-up)", () => {
		expect(workflow.pinData).toEqual({
			'WooCommerce Trigger': [{ json: withProductSkus(wooCommerceOrder) }],
		});
	});

	test('both triggers go to Paid?, which lets only a Processing order (paid, not yet completed) on to Submit reading the order whole', () => {
		for (const start of ['WooCommerce Trigger', 'WooCommerce Order Updated']) {
			expect(workflow.connections[start].main).toEqual([
				[expect.objectContaining({ node: 'Paid?' })],
			]);
		}
		expect(passingPaid(workflow)).toEqual(['processing']);
		const [paid, skip] = workflow.connections['Paid?'].main.map((output) =>
			output.map((next) => next.node),
		);
		expect({ paid, skip }).toEqual({ paid: ['Submit Print Order'], skip: ['Skip: Not Paid'] });
		expect(node('Submit Print Order')).toMatchObject({
			type: 'n8n-nodes-pod-platform.podPlatform',
			parameters: submitReadingWhole('woocommerce'),
			credentials: { podPlatformApi: { id: 'podPlatformSandbox', name: 'POD Platform sandbox' } },
		});
		expect(workflow.connections['Submit Print Order']).toBeUndefined();
		expect(workflow.connections['Skip: Not Paid']).toBeUndefined();
	});

	test('an order not paid ends on Skip: Not Paid, named with its status and why: on hold and pending until paid, cancelled never', () => {
		const skipped = (status: string) =>
			Object.fromEntries(
				assignmentsOf(node('Skip: Not Paid')).map(({ name, value }) => [
					name,
					evaluate(value, { id: 730, number: '730', status }),
				]),
			);
		expect(skipped('on-hold')).toEqual({
			skipped: true,
			storeOrder: 'WooCommerce order #730 (ID 730)',
			status: 'on-hold',
			reason:
				'WooCommerce order #730 (ID 730) is on-hold: awaiting payment (a bank transfer or cheque not yet received), not printed until the store marks it Processing',
		});
		expect(skipped('pending').reason).toBe(
			'WooCommerce order #730 (ID 730) is pending: payment not received yet, not printed until it is paid (Processing)',
		);
		expect(skipped('cancelled').reason).toBe(
			'WooCommerce order #730 (ID 730) is cancelled: cancelled in the store, never printed',
		);
		// Every status WooCommerce documents gets a reason of its own; any other one a plain one.
		const reasons = WOOCOMMERCE_STATUSES.filter((status) => status !== 'processing').map(
			(status) => skipped(status).reason as string,
		);
		expect(reasons.filter((reason) => /not Processing \(paid/.test(reason))).toEqual([]);
		expect(skipped('wc-custom').reason).toBe(
			'WooCommerce order #730 (ID 730) is wc-custom: not Processing (paid and not yet completed), not printed',
		);
	});

	test("is built from n8n's own nodes and ours, no Code node; Submit maps nothing", () => {
		const types = workflow.nodes.map((entry) => entry.type);
		expect(types.every((type) => /^n8n-nodes-(base|pod-platform)\./.test(type))).toBe(true);
		expect(types.filter((type) => /code|function/i.test(type))).toEqual([]);
		expect(expressions(node('Submit Print Order').parameters)).toEqual([]);
	});
});

test('the WooCommerce intake and catch-up skip an unpaid order for the same reasons, and print the same statuses', () => {
	const reason = (id: string, name: string) =>
		assignmentsOf(example(id).nodes.find((entry) => entry.name === name) as ExampleNode).find(
			(entry) => entry.name === 'reason',
		)?.value;
	expect(reason('podExWooCatchUp', 'Outcome: Not Paid')).toBe(
		reason('podExWooIntake', 'Skip: Not Paid'),
	);
	expect(passingPaid(example('podExWooCatchUp'))).toEqual(passingPaid(example('podExWooIntake')));
});

describe('the daily CSV example', () => {
	const workflow = example('podExDailyCsv1');
	const node = (name: string) => workflow.nodes.find((entry) => entry.name === name) as ExampleNode;

	test('reads the orders, splits their line items, keeps the lines with a SKU and builds a line per item', () => {
		const [, source, split, filter, build, upload, ...rest] = chain(workflow, 'Run Now');
		expect(rest).toEqual([]);
		expect(source).toMatchObject({
			type: 'n8n-nodes-base.wooCommerce',
			parameters: { resource: 'order', operation: 'getAll', options: { status: 'processing' } },
			credentials: { wooCommerceApi: { id: 'wooCommerceStandIn', name: 'WooCommerce stand-in' } },
		});
		expect(split).toMatchObject({
			type: 'n8n-nodes-base.splitOut',
			parameters: { fieldToSplitOut: 'line_items', include: 'allOtherFields' },
		});
		expect(filter.type).toBe('n8n-nodes-base.filter');
		expect(build.parameters).toMatchObject({
			resource: 'csvImport',
			operation: 'buildCsv',
			inputMode: 'line',
			columns: { mappingMode: 'defineBelow' },
		});
		expect(upload.parameters).toMatchObject({ resource: 'csvImport', operation: 'upload' });
		expect(chain(workflow, 'Every Morning')[1]).toBe(source);
	});

	test("maps every line with field references only (the day's dates are the one computation)", () => {
		expect(
			notFieldReferences([node('Each Line'), node('Lines With a SKU'), node('Build CSV')]),
		).toEqual([]);
	});

	test("saves the column mapper's columns as the node lists them, each column it needs mapped", async () => {
		const columns = node('Build CSV').parameters.columns as {
			value: Record<string, unknown>;
			schema: Array<Record<string, unknown> & { removed: boolean }>;
		};
		const { fields } = await getCsvColumns();
		// The editor saves the columns it listed, each marked removed when it is not shown.
		expect(
			columns.schema.map((field) =>
				Object.fromEntries(Object.entries(field).filter(([key]) => key !== 'removed')),
			),
		).toEqual(fields);
		const mapped = Object.keys(columns.value);
		expect(columns.schema.filter((field) => !field.removed).map((field) => field.id)).toEqual(
			fields.map((field) => field.id).filter((id) => mapped.includes(id)),
		);
		const required = fields.filter((field) => field.required).map((field) => field.id);
		expect(required.filter((id) => !mapped.includes(id))).toEqual([]);
	});
});

test('the examples start no order from a generic webhook: each store has its own trigger', () => {
	expect(
		examples
			.filter((workflow) => workflow.nodes.some((node) => node.type === 'n8n-nodes-base.webhook'))
			.map((workflow) => workflow.id),
	).toEqual([]);
});

describe('the AI agent example (pod-tools-for-ai-agents.json)', () => {
	interface ToolNode extends ExampleNode {
		parameters: Record<string, unknown>;
	}
	const example = examples.find((workflow) => workflow.id === 'podExAgentTools') as Example & {
		nodes: ToolNode[];
		connections: Record<string, { ai_tool?: Array<Array<{ node: string }>> }>;
	};
	const trigger = (example.nodes as ToolNode[]).find(
		(node) => node.type === '@n8n/n8n-nodes-langchain.mcpTrigger',
	) as ToolNode;
	const tools = (example.nodes as ToolNode[]).filter(
		(node) => node.type === 'n8n-nodes-pod-platform.podPlatformTool',
	);
	const tool = (name: string) => tools.find((node) => node.name === name) as ToolNode;
	const isExpression = (value: unknown) => typeof value === 'string' && value.startsWith('=');

	test('its MCP Server Trigger asks for a bearer token (n8n defaults to none) on a fixed path', () => {
		expect(trigger.parameters.authentication).toBe('bearerAuth');
		expect(Object.keys(trigger.credentials ?? {})).toEqual(['httpBearerAuth']);
		expect(trigger.parameters.path).toBe('pod-tools');
	});

	test('has no Code node, and every POD tool is connected to the trigger', () => {
		const types = example.nodes.map((node) => node.type);
		expect(types.filter((type) => /code|function/i.test(type))).toEqual([]);
		expect(tools.map((tool) => tool.name).sort()).toEqual([
			'find_products',
			'get_order_by_unique_id',
			'list_products',
			'submit_pending_order',
		]);
		for (const tool of tools) {
			expect({
				tool: tool.name,
				to: example.connections[tool.name]?.ai_tool?.[0]?.[0]?.node,
			}).toEqual({ tool: tool.name, to: trigger.name });
		}
	});

	test('fixes shop, resource and operation on every tool, and sets only parameters the node has', () => {
		const known = new Set(
			new PodPlatform().description.properties.map((property) => property.name),
		);
		for (const tool of tools) {
			const { parameters } = tool;
			const fixed = {
				resource: isExpression(parameters.resource),
				operation: isExpression(parameters.operation),
				shop: isExpression((parameters.shop as { value: unknown }).value),
			};
			expect({ tool: tool.name, ...fixed }).toEqual({
				tool: tool.name,
				resource: false,
				operation: false,
				shop: false,
			});
			// n8n's own descriptionType is not added to this node, which brings its own Tool Description.
			expect({
				tool: tool.name,
				unknown: Object.keys(parameters).filter((name) => !known.has(name)),
			}).toEqual({ tool: tool.name, unknown: [] });
		}
	});

	test('the read tools describe themselves as the node writes it for the model; the ordering tool says it is fixed to Pending', () => {
		for (const name of ['list_products', 'find_products', 'get_order_by_unique_id']) {
			const { parameters } = tool(name);
			expect({ tool: name, mode: parameters.toolDescriptionMode }).toEqual({
				tool: name,
				mode: 'written',
			});
			expect({ tool: name, own: parameters.toolDescription }).toEqual({
				tool: name,
				own: undefined,
			});
		}
		const submit = tool('submit_pending_order').parameters;
		expect(submit.toolDescriptionMode).toBe('manual');
		expect(String(submit.toolDescription)).toContain('this tool cannot place a paid order');
	});

	test('products are found by a part of the name or a SKU, and an order is read only by its Unique ID, never listed', () => {
		const find = tool('find_products').parameters;
		expect(find).toMatchObject({ resource: 'product', operation: 'find' });
		expect(String(find.query)).toContain("$fromAI('query'");
		const get = tool('get_order_by_unique_id').parameters;
		expect(get).toMatchObject({ resource: 'order', operation: 'get' });
		expect(get.orderId).toMatchObject({ __rl: true, mode: 'uniqueId' });
		expect(String((get.orderId as { value: unknown }).value)).toContain("$fromAI('uniqueId'");
		// A list of orders would show other customers' orders to the model.
		expect(
			tools
				.filter((node) => node.parameters.resource === 'order')
				.map((node) => node.parameters.operation)
				.sort(),
		).toEqual(['get', 'submit']);
	});

	test('the ordering tool takes the product by its SKU or its whole name, in one argument', () => {
		const submit = tool('submit_pending_order').parameters as {
			designs: { design: Array<{ productId: { __rl: boolean; mode: string; value: string } }> };
			toolDescription: string;
		};
		const [design] = submit.designs.design;
		expect(design.productId).toMatchObject({ __rl: true, mode: 'nameOrSku' });
		expect(design.productId.value).toContain("$fromAI('product'");
		expect(submit.toolDescription).toMatch(/product is the product's sku .* or its whole name/);
	});

	test('orders a printed product, the print and the carrier fixed in the tool, and its description says so', () => {
		const submit = tool('submit_pending_order').parameters as {
			designs: { design: Array<{ prints?: { print?: Array<Record<string, unknown>> } }> };
			carrierId?: string;
			toolDescription: string;
		};
		expect(submit.designs.design[0].prints?.print).toEqual([
			{
				printAreaId: '=FRONT',
				elementType: 'libraryMotive',
				motiveId: { __rl: true, mode: 'name', value: 'Company Logo' },
			},
		]);
		expect(submit.carrierId).toBe('21');
		expect(submit.toolDescription).toMatch(
			/printed with the shop's Company Logo on its FRONT print area/,
		);
		expect(submit.toolDescription).toMatch(/matchesRequest is false/);
	});

	test('orders only in Pending, never as the model says, with Exactly Once', () => {
		const submit = tools.find((tool) => tool.parameters.operation === 'submit') as ToolNode;
		expect(submit.parameters.financialStatus).toBe('PENDING');
		// A field of its own, seen to be on (not an option under Add Option).
		expect(submit.parameters.exactlyOnce).toBe(true);
		expect(submit.parameters.options ?? {}).not.toHaveProperty('exactlyOnce');
		expect(submit.parameters.options ?? {}).not.toHaveProperty('allowPaidFromTool');
		expect(String(submit.parameters.uniqueId)).toContain("$fromAI('uniqueId'");
		expect(String(submit.parameters.toolDescription)).toContain(
			'it creates a print order in Pending; it is not produced or charged until the merchant pays it',
		);
		expect(String(submit.parameters.toolDescription)).toContain('alreadyExisted');
	});
});

/** The error workflow the intake and catch-up examples name (their settings' errorWorkflow). */
const ERROR_WORKFLOW_ID = 'podExOrderAlert';

/** Submit as the intake examples configure it: the order read whole, one print on every line. */
const submitReadingWhole = (storefront: 'shopify' | 'woocommerce') => ({
	resource: 'order',
	operation: 'submit',
	input: 'storefrontOrder',
	storefront,
	storeKey: '',
	linePrinting: 'prints',
	linePrints: {
		print: [
			{
				printArea: 'FRONT',
				elementType: 'libraryMotive',
				motiveId: { __rl: true, mode: 'name', value: 'Company Logo' },
			},
		],
	},
	linesNotSold: LINES_NOT_SOLD_OF[storefront],
	financialStatus: 'PAID',
	carrierId: '21',
	exactlyOnce: true,
});

/** n8n's HTTP Request node with a store's own n8n credential, as the catch-up examples read. */
const storeRead = (credentialType: string, credential: { id: string; name: string }) => ({
	type: 'n8n-nodes-base.httpRequest',
	typeVersion: 4.2,
	parameters: { authentication: 'predefinedCredentialType', nodeCredentialType: credentialType },
	credentials: { [credentialType]: credential },
});

describe.each([
	{
		file: 'shopify-catch-up.json',
		id: 'podExShopCatchUp',
		storefront: 'shopify' as const,
		intake: 'podExShopIntake',
		paidGate: false,
		reads: [
			{ name: 'Store', type: 'n8n-nodes-base.set' },
			{
				...storeRead('shopifyAccessTokenApi', { id: 'shopifyStandIn', name: 'Shopify stand-in' }),
				name: "Every Page of the Last Day's Orders",
			},
			{
				name: 'Orders of the Last Day',
				type: 'n8n-nodes-base.splitOut',
				parameters: { fieldToSplitOut: 'data.orders.nodes' },
			},
			// A page Shopify throttled starts the reading again: an order read twice is kept once.
			{
				name: 'Each Order Once',
				type: 'n8n-nodes-base.removeDuplicates',
				parameters: {
					operation: 'removeDuplicateInputItems',
					compare: 'selectedFields',
					fieldsToCompare: 'legacyResourceId',
				},
			},
			{ name: 'As Submit Reads a Shopify Order', type: 'n8n-nodes-base.set' },
			{ name: 'Paid and Not Cancelled?', type: 'n8n-nodes-base.if' },
		],
	},
	{
		file: 'woocommerce-catch-up.json',
		id: 'podExWooCatchUp',
		storefront: 'woocommerce' as const,
		intake: 'podExWooIntake',
		// Paid? sends the paid orders to Submit and the others to Outcome: Not Paid; Every Order joins them.
		paidGate: true,
		reads: [
			{
				...storeRead('wooCommerceApi', { id: 'wooCommerceStandIn', name: 'WooCommerce stand-in' }),
				name: 'Orders of the Last Day',
			},
		],
	},
])('the catch-up example $file', ({ id, storefront, intake, paidGate, reads }) => {
	const workflow = example(id);
	const node = (name: string) => workflow.nodes.find((entry) => entry.name === name) as ExampleNode;
	const settings = (of: Example) =>
		(of as unknown as { settings?: Record<string, unknown> }).settings;

	test("is built from n8n's own nodes and ours, with no Code node and no pinned data", () => {
		const types = workflow.nodes.map((entry) => entry.type);
		expect(types.every((type) => /^n8n-nodes-(base|pod-platform)\./.test(type))).toBe(true);
		expect(types.filter((type) => /code|function/i.test(type))).toEqual([]);
		expect(workflow.pinData).toBeUndefined();
	});

	test('every hour (or Run Now) reads the orders of the last 24 hours, submits each, names its outcome, and sums them up in one item', () => {
		const [start, ...after] = firstOutputs(workflow, 'Run Now');
		const read = after.slice(0, reads.length);
		const steps = after.slice(reads.length);
		if (paidGate) {
			expect(steps.splice(0, 1)).toEqual([
				expect.objectContaining({ name: 'Paid?', type: 'n8n-nodes-base.if' }),
			]);
			expect(steps.splice(2, 1)).toEqual([
				expect.objectContaining({ name: 'Every Order', type: 'n8n-nodes-base.merge' }),
			]);
			expect(workflow.connections['Paid?'].main[1]).toEqual([
				expect.objectContaining({ node: 'Outcome: Not Paid' }),
			]);
			expect(workflow.connections['Outcome: Not Paid'].main).toEqual([
				[{ node: 'Every Order', type: 'main', index: 1 }],
			]);
		}
		const [submit, outcome, ...tail] = steps;
		// Shopify's gate sits among the reads; a merge of the orders it left out follows Outcome.
		const [all, summary, ...rest] =
			!paidGate && tail[0]?.type === 'n8n-nodes-base.merge' ? tail.slice(1) : tail;
		expect(rest).toEqual([]);
		expect(start.type).toBe('n8n-nodes-base.manualTrigger');
		expect(firstOutputs(workflow, 'Every Hour')[1]).toBe(read[0]);
		expect(node('Every Hour')).toMatchObject({
			type: 'n8n-nodes-base.scheduleTrigger',
			parameters: { rule: { interval: [{ field: 'hours', hoursInterval: 1 }] } },
		});
		expect(read).toMatchObject(reads);
		expect(submit.name).toBe('Submit Print Order');
		expect(outcome.type).toBe('n8n-nodes-base.set');
		expect(all).toMatchObject({
			type: 'n8n-nodes-base.aggregate',
			parameters: { aggregate: 'aggregateAllItemData', destinationFieldName: 'orders' },
		});
		expect(summary.type).toBe('n8n-nodes-base.set');
	});

	test('submits as the intake example does, with Exactly Once, and goes on past a failed order (Continue On Fail)', () => {
		const submit = node('Submit Print Order') as ExampleNode & { onError?: string };
		expect(submit).toMatchObject({
			type: 'n8n-nodes-pod-platform.podPlatform',
			parameters: submitReadingWhole(storefront),
			credentials: { podPlatformApi: { id: 'podPlatformSandbox', name: 'POD Platform sandbox' } },
		});
		expect(submit.onError).toBe('continueRegularOutput');
		// The same print orders as the intake's, so that the look-up finds what the intake printed.
		const intakeSubmit = example(intake).nodes.find(
			(entry) => entry.type === 'n8n-nodes-pod-platform.podPlatform',
		) as ExampleNode;
		expect(submit.parameters).toEqual(intakeSubmit.parameters);
	});

	test('counts what was printed now, already printed, not printable and failed, and names each failure with its fix', () => {
		// What Submit gives for each kind of order (nodes/PodPlatform/actions/router.ts and
		// submit/output.ts), through Outcome of Each Order's own expressions (the store order's name,
		// which reads the list node, is left out here; the end-to-end case runs it in n8n).
		const leftOut = (line: number, title: string) => ({
			line,
			title,
			printed: false,
			reason: `it has no SKU, and no product of the shop is named "${title}"`,
		});
		const printedLine = { line: 1, sku: 'TS', printed: true, amount: 1 };
		const submitted = [
			// Printed without a line the print shop does not sell (Leave Out), now and before.
			{
				id: 101,
				uniqueId: `${storefront}-1`,
				alreadyExisted: false,
				storeLines: [printedLine, leftOut(2, 'Classic Tee')],
				partlyPrinted: true,
			},
			{
				id: 102,
				uniqueId: `${storefront}-2`,
				alreadyExisted: true,
				storeLines: [leftOut(1, 'Mug'), printedLine],
				partlyPrinted: true,
			},
			{ id: null, uniqueId: `${storefront}-3`, printed: false, reason: 'Nothing is printed' },
			{ error: 'Line 2 (SKU IPOD2008): no color purple', errorDescription: 'It offers red' },
			{ error: 'The print service did not answer' },
		];
		const outcomes = submitted.map((json, index) => {
			const values: Record<string, unknown> = { storeOrder: `order ${index + 1}` };
			for (const { name, value } of assignmentsOf(node('Outcome of Each Order'))) {
				if (name !== 'storeOrder') values[name] = evaluate(value, json);
			}
			return values;
		});
		// WooCommerce: an on-hold order, through Outcome: Not Paid (it reads the store's order).
		const notPaid = paidGate
			? [
					Object.fromEntries(
						assignmentsOf(node('Outcome: Not Paid')).map(({ name, value }) => [
							name,
							evaluate(value, { id: 6, number: '6', status: 'on-hold' }),
						]),
					),
				]
			: [];
		expect(outcomes.map((entry) => entry.outcome)).toEqual([
			'printed now',
			'already printed',
			'not printable',
			'failed',
			'failed',
		]);
		expect(outcomes.map((entry) => entry.partlyPrinted)).toEqual([true, true, false, false, false]);
		expect(notPaid.map((entry) => entry.partlyPrinted)).toEqual(notPaid.map(() => false));
		// The Summary's own fields; one reading another node's output is tested where that node is.
		const summary = Object.fromEntries(
			assignmentsOf(node('Summary'))
				// Shopify's fields that read another node's output are tested where that node is.
				.filter(({ value }) => paidGate || !String(value).includes("$('"))
				.map(({ name, value }) => [name, evaluate(value, { orders: [...outcomes, ...notPaid] })]),
		);
		// What WooCommerce's Summary adds: the orders not paid, and each store line not printed of
		// the orders printed (now or before).
		const wooCommerceOnly = {
			notPaid: 1,
			awaitingPayment: [
				'WooCommerce order #6 (ID 6) is on-hold: awaiting payment (a bank transfer or cheque not yet received), not printed until the store marks it Processing',
			],
			linesNotPrinted: [
				'order 1 › Line 2 (Classic Tee): it has no SKU, and no product of the shop is named "Classic Tee"',
				'order 2 › Line 1 (Mug): it has no SKU, and no product of the shop is named "Mug"',
			],
		};
		expect(summary).toMatchObject({
			...(paidGate ? wooCommerceOnly : {}),
			ordersRead: outcomes.length + notPaid.length,
			printedNow: 1,
			alreadyPrinted: 1,
			notPrintable: 1,
			failed: 2,
			partlyPrinted: 2,
			printed: ['order 1 → print order 101'],
			notPrinted: ['order 3: Nothing is printed'],
			failures: [
				'order 4: Line 2 (SKU IPOD2008): no color purple Fix: It offers red',
				'order 5: The print service did not answer',
			],
		});
	});

	test('names the failed-orders email as its error workflow, as the intake example does', () => {
		expect(example(ERROR_WORKFLOW_ID)).toBeDefined();
		expect(settings(workflow)?.errorWorkflow).toBe(ERROR_WORKFLOW_ID);
		expect(settings(example(intake))).toEqual({
			executionOrder: 'v1',
			errorWorkflow: ERROR_WORKFLOW_ID,
		});
	});
});

describe("the catch-up examples read every page of the window, as each store pages (n8n's HTTP Request pagination)", () => {
	/** A parameter as n8n's pagination resolves it: with `$response` and `$pageCount`. */
	const paged = (value: unknown, $response: object, $pageCount: number) =>
		evaluate(value, {}, { $response: { statusCode: 200, ...$response }, $pageCount });
	const paginationOf = (workflowId: string, name: string) =>
		(
			example(workflowId).nodes.find((entry) => entry.name === name)!.parameters.options as {
				pagination: { pagination: Record<string, unknown> };
			}
		).pagination.pagination;

	test("Shopify: the orders created in the last 24 hours through the GraphQL Admin API, 20 a page, then pageInfo's endCursor until hasNextPage is false", () => {
		const workflow = example('podExShopCatchUp');
		const read = workflow.nodes.find(
			(entry) => entry.name === "Every Page of the Last Day's Orders",
		)!;
		const store = workflow.nodes.find((entry) => entry.name === 'Store')!;
		// The shop's address and the API version are typed once, in Store.
		expect(assignmentsOf(store)).toEqual([
			expect.objectContaining({
				name: 'adminApi',
				value: 'https://your-shop.myshopify.com/admin/api/2026-07',
			}),
		]);
		expect(read.parameters).toMatchObject({
			method: 'POST',
			url: '={{ $json.adminApi }}/graphql.json',
		});
		const body = JSON.parse(String(evaluate(read.parameters.jsonBody, {}))) as {
			query: string;
			variables: { search: string; after: null };
		};
		expect(body.query).toMatch(
			/orders\(first: 20, after: \$after, query: \$search, sortKey: UPDATED_AT\)/,
		);
		expect(body.query).toMatch(/pageInfo \{ hasNextPage endCursor \}/);
		const since = Date.parse(/^updated_at:>='(.+)'$/.exec(body.variables.search)![1]);
		expect(Math.abs(Date.now() - 24 * 3_600_000 - since)).toBeLessThan(60_000);
		expect(body.variables.after).toBeNull();
		const pagination = paginationOf('podExShopCatchUp', "Every Page of the Last Day's Orders");
		expect(pagination).toMatchObject({
			paginationMode: 'updateAParameterInEachRequest',
			paginationCompleteWhen: 'other',
		});
		const [cursor] = (pagination.parameters as { parameters: Array<Record<string, string>> })
			.parameters;
		// n8n merges it into the body: the variables keep the search and take the page's cursor.
		expect(cursor).toMatchObject({ type: 'body', name: 'variables' });
		const pageOf = (hasNextPage: boolean, endCursor: string | null) => ({
			body: { data: { orders: { nodes: [], pageInfo: { hasNextPage, endCursor } } } },
		});
		// Before the first request n8n resolves it with no response yet: no cursor, the first page.
		expect(paged(cursor.value, {}, 0)).toEqual({ after: null });
		expect(paged(cursor.value, pageOf(true, 'c1'), 1)).toEqual({ after: 'c1' });
		const complete = (response: object) => paged(pagination.completeExpression, response, 1);
		expect([pageOf(true, 'c1'), pageOf(false, 'c2'), pageOf(false, null)].map(complete)).toEqual([
			false,
			true,
			true,
		]);
		// A page Shopify throttled (its answer holds no cursor) does not end the reading: it starts
		// again from the first page (Each Order Once keeps an order read twice once).
		const throttled = (currentlyAvailable: number) => ({
			body: {
				errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }],
				extensions: {
					cost: {
						requestedQueryCost: requestedCost,
						actualQueryCost: null,
						throttleStatus: { maximumAvailable: 2000, currentlyAvailable, restoreRate: 100 },
					},
				},
			},
		});
		// A page's requested cost: 2 + 20 orders × (the order, its address, its shipping line, 2 + 30 lines).
		const requestedCost = 2 + 20 * (1 + 1 + 1 + 2 + 30);
		expect(complete(throttled(0))).toBe(false);
		expect(paged(cursor.value, throttled(0), 2)).toEqual({ after: null });
		// Another error (not THROTTLED) ends the reading; the Summary names it (pagesNotRead).
		expect(complete({ body: { errors: [{ message: 'Internal error' }] } })).toBe(true);
		// An answer that is not 2xx does not complete the reading: n8n's pagination then throws its
		// HTTP error (it skips that check for a request that completes), so the run fails, not empty.
		expect(complete({ body: { errors: '[API] Invalid API key' }, statusCode: 401 })).toBe(false);
		// The next request waits until the bucket holds a page's requested cost, as Shopify's
		// throttleStatus of the answer before says (Standard plan: 100 points a second).
		const wait = (response: object) => paged(pagination.requestInterval, response, 1);
		expect(wait(throttled(0))).toBe((requestedCost / 100) * 1000 + 100);
		expect(wait(throttled(650))).toBe(620);
		const answered = {
			body: {
				...pageOf(true, 'c1').body,
				extensions: {
					cost: {
						requestedQueryCost: requestedCost,
						actualQueryCost: 40,
						throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1960, restoreRate: 100 },
					},
				},
			},
		};
		expect(wait(answered)).toBe(100);
	});

	test('WooCommerce: the orders processing, on hold or pending payment changed since the window start (modified_after), oldest first, 100 a page, page 1, 2, … up to X-WP-TotalPages', () => {
		const read = example('podExWooCatchUp').nodes.find(
			(entry) => entry.name === 'Orders of the Last Day',
		)!;
		expect(read.parameters.url).toBe('=https://your-store.example/wp-json/wc/v3/orders');
		const query = Object.fromEntries(
			(
				read.parameters.queryParameters as { parameters: Array<{ name: string; value: string }> }
			).parameters.map(({ name, value }) => [name, evaluate(value, {})]),
		);
		// By when an order last changed, not when it was placed: an order paid a day after it was
		// placed is in the window of the run after its payment. On hold and pending are read so that
		// the Summary names them; a cancelled, refunded or failed order is not read.
		expect(query).toEqual({
			status: 'processing,on-hold,pending',
			modified_after: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
			orderby: 'date',
			order: 'asc',
			per_page: '100',
		});
		const pagination = paginationOf('podExWooCatchUp', 'Orders of the Last Day');
		expect(pagination).toMatchObject({
			paginationMode: 'updateAParameterInEachRequest',
			paginationCompleteWhen: 'other',
		});
		const [page] = (pagination.parameters as { parameters: Array<Record<string, string>> })
			.parameters;
		expect(page).toMatchObject({ type: 'qs', name: 'page' });
		expect([0, 1, 2].map((count) => paged(page.value, {}, count))).toEqual([1, 2, 3]);
		const pages = (total: string) => ({ headers: { 'x-wp-totalpages': total } });
		const complete = (response: object, count: number) =>
			paged(pagination.completeExpression, response, count);
		expect(complete(pages('3'), 1)).toBe(false);
		expect(complete(pages('3'), 2)).toBe(false);
		expect(complete(pages('3'), 3)).toBe(true);
		// No order in the window: one page, empty.
		expect(complete(pages('0'), 1)).toBe(true);
		expect(complete({ headers: {} }, 1)).toBe(true);
	});
});

describe('the failed-orders email (failed-orders-to-email.json)', () => {
	const workflow = example(ERROR_WORKFLOW_ID);

	test("is n8n's Error Trigger, then n8n's Send Email with an SMTP credential, and nothing else", () => {
		const [trigger, email, ...rest] = chain(workflow, 'Error Trigger');
		expect(rest).toEqual([]);
		expect(trigger.type).toBe('n8n-nodes-base.errorTrigger');
		expect(email).toMatchObject({
			type: 'n8n-nodes-base.emailSend',
			parameters: { emailFormat: 'text', options: { appendAttribution: false } },
		});
		expect(Object.keys(email.credentials ?? {})).toEqual(['smtp']);
		expect(
			workflow.nodes
				.map((entry) => entry.type)
				.filter((type) => type !== 'n8n-nodes-base.stickyNote'),
		).toEqual(['n8n-nodes-base.errorTrigger', 'n8n-nodes-base.emailSend']);
	});

	test("writes the workflow, the store's order and line, the fix and the execution's link from what the Error Trigger gives", () => {
		const email = workflow.nodes.find((entry) => entry.type === 'n8n-nodes-base.emailSend')!;
		// What n8n 2.40.7 hands the Error Trigger (packages/cli execute-error-workflow.ts): the
		// failed execution's error as the node threw it (message and description), and its link.
		const message =
			'Shopify order #1001 (shopify-450789469) › Line 2 (SKU IPOD2008): no color purple';
		const failed = {
			execution: {
				id: '231',
				url: 'http://localhost:5678/workflow/podExShopIntake/executions/231',
				error: { message, description: 'IPOD2008 comes in red, green and black' },
				lastNodeExecuted: 'Submit Print Order',
				mode: 'webhook',
			},
			workflow: { id: 'podExShopIntake', name: 'Shopify orders to print orders' },
		};
		expect(evaluate(email.parameters.subject, failed)).toBe(
			'Not printed: Shopify orders to print orders failed',
		);
		const text = String(evaluate(email.parameters.text, failed));
		expect(text).toContain('Shopify orders to print orders could not finish');
		expect(text).toContain(`What failed: ${message}\n`);
		expect(text).toContain('How to fix it: IPOD2008 comes in red, green and black\n');
		expect(text).toContain('Failed step: Submit Print Order\n');
		expect(text).toContain(failed.execution.url);
		// A trigger that failed before an execution existed: `trigger` instead of `execution`.
		const early = String(
			evaluate(email.parameters.text, {
				trigger: { error: { message: 'Unauthorized' }, mode: 'trigger' },
				workflow: failed.workflow,
			}),
		);
		expect(early).toContain('What failed: Unauthorized\n');
		expect(early).toContain('How to fix it: open the execution below\n');
		expect(early).toContain('Failed step: the trigger\n');
	});
});

/** A copy of a record without these keys. */
const without = (record: object, keys: string[]): Record<string, unknown> =>
	Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)));

describe.each([
	{
		file: 'shopify-way-back-catch-up.json',
		id: 'podExShopWbCatch',
		wayBack: 'podExWayBackShop',
		orderNode: 'Shopify Order',
		orderIdField: 'shopifyOrderId',
		storeKey: 'shopify',
		// Shopify fulfils fulfillment orders: an order may have none still open.
		fulfillmentOrders: true,
		storeRead: 'Orders Changed in the Window',
	},
	{
		file: 'woocommerce-way-back-catch-up.json',
		id: 'podExWooWbCatch',
		wayBack: 'podExWayBackWoo',
		orderNode: 'WooCommerce Order',
		orderIdField: 'wooOrderId',
		storeKey: 'woocommerce',
		fulfillmentOrders: false,
		storeRead: 'Orders Completed or Cancelled in the Window',
	},
])(
	'the way-back catch-up example $file',
	({ id, wayBack, orderNode, orderIdField, storeKey, fulfillmentOrders, storeRead }) => {
		const workflow = example(id);
		const source = example(wayBack);
		const node = (name: string) =>
			workflow.nodes.find((entry) => entry.name === name) as ExampleNode;
		const TRIGGER = 'Print Order Events';
		const MERGE = "This Store's Print Orders";
		const GATE = 'Not in the Store Yet?';
		/** The value of the list's stored-filter condition on `property`. */
		const nodeValue = (name: string, property: string) =>
			(
				node(name).parameters.filterConditions as {
					condition: Array<{ property: string; value?: string }>;
				}
			).condition.find((entry) => entry.property === property)?.value;
		/** The way-back example's own nodes: every one after its trigger, the sticky note aside. */
		const wayBackNodes = source.nodes.filter(
			(entry) => entry.name !== TRIGGER && entry.type !== 'n8n-nodes-base.stickyNote',
		);
		const targets = (of: Example, name: string, output = 0) =>
			(of.connections[name]?.main[output] ?? []).map((target) => target.node);
		const isStoreCall = (entry: ExampleNode) =>
			entry.type === 'n8n-nodes-base.httpRequest' || entry.type === 'n8n-nodes-base.wooCommerce';

		test("is built from n8n's own nodes and ours, with no Code node and no pinned data", () => {
			const types = workflow.nodes.map((entry) => entry.type);
			expect(types.every((type) => /^n8n-nodes-(base|pod-platform)\./.test(type))).toBe(true);
			expect(types.filter((type) => /code|function/i.test(type))).toEqual([]);
			expect(workflow.pinData).toBeUndefined();
		});

		test("every 6 hours (or Run Now): Store, the store's own list of what it has, then this store's print orders of the last 7 days that are shipped or cancelled, newest first; only those the store does not have yet are read and handed on as the trigger would", () => {
			expect(node('Every 6 Hours')).toMatchObject({
				type: 'n8n-nodes-base.scheduleTrigger',
				parameters: { rule: { interval: [{ field: 'hours', hoursInterval: 6 }] } },
			});
			expect(node('Run Now').type).toBe('n8n-nodes-base.manualTrigger');
			expect([...targets(workflow, 'Every 6 Hours'), ...targets(workflow, 'Run Now')]).toEqual([
				'Store',
				'Store',
			]);
			expect(targets(workflow, 'Store')).toEqual([storeRead]);
			const list = 'Shipped or Cancelled Print Orders';
			expect(targets(workflow, storeRead)).toEqual([list]);
			// The store's read: n8n's HTTP Request with the store's credential, every page; a store
			// that does not answer leaves the gate with nothing known, so every print order is read.
			expect(node(storeRead)).toMatchObject({
				type: 'n8n-nodes-base.httpRequest',
				alwaysOutputData: true,
				onError: 'continueRegularOutput',
			});
			const shop = { __rl: true, mode: 'id', value: '1597' };
			const credentials = {
				podPlatformApi: { id: 'podPlatformSandbox', name: 'POD Platform sandbox' },
			};
			// Once for the run, whatever the store's read gives; the service's stored filter keeps
			// this store's print orders only (Unique ID <store key>-…), newest first.
			expect(node(list)).toMatchObject({
				type: 'n8n-nodes-pod-platform.podPlatform',
				executeOnce: true,
				parameters: {
					resource: 'order',
					operation: 'getAll',
					shop,
					returnAll: true,
					filterMode: 'build',
					filterConditions: {
						condition: [
							{
								conditionType: 'contain',
								property: 'fulfilmentStatus',
								values: 'FINISHED, CANCELLED',
							},
							{
								conditionType: 'simple',
								property: 'created',
								operator: 'gte',
								value: "={{ $now.minus({ days: 7 }).startOf('day').toISO() }}",
							},
							{
								conditionType: 'simple',
								property: 'uniqueId',
								operator: 'like',
								value: "={{ $('Store').first().json.storeKey }}-%",
							},
						],
					},
					filterOrder: { order: [{ property: 'created', direction: 'desc' }] },
				},
				credentials,
			});
			expect(evaluate(readingNodes(nodeValue(list, 'uniqueId')), { Store: { storeKey } })).toBe(
				`${storeKey}-%`,
			);
			expect(targets(workflow, list)).toEqual([GATE]);
			expect(targets(workflow, GATE, 0)).toEqual(['Read Each Print Order']);
			expect(targets(workflow, GATE, 1)).toEqual(['Outcome: Already in the Store']);
			expect(targets(workflow, 'Outcome: Already in the Store')).toEqual(['Every Print Order']);
			// The list's records carry no tracking: each print order is read whole (Simplify on).
			expect(node('Read Each Print Order')).toMatchObject({
				type: 'n8n-nodes-pod-platform.podPlatform',
				parameters: {
					resource: 'order',
					operation: 'get',
					shop,
					orderId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
				},
				credentials,
			});
			expect(node('Read Each Print Order').parameters.simplify).toBeUndefined();
			expect(targets(workflow, 'Read Each Print Order')).toEqual(['As a Print Order Event']);
			expect(targets(workflow, 'As a Print Order Event')).toEqual([orderNode]);
			const event = node('As a Print Order Event');
			expect(event.parameters.includeOtherFields).toBe(true);
			const topic = assignmentsOf(event).find((entry) => entry.name === 'topic')?.value;
			expect(assignmentsOf(event)).toHaveLength(1);
			expect(evaluate(topic, { fulfilmentStatus: 'FINISHED' })).toBe('orders/fulfilled');
			expect(evaluate(topic, { fulfilmentStatus: 'CANCELLED' })).toBe('orders/cancelled');
		});

		test('reads again only what the store does not have yet: a shipped order it has fulfilled (completed), a cancelled one it has tagged (cancelled), is named as already in the store', () => {
			const record = (id: string, fulfilmentStatus: string) => ({
				id: 10001,
				uniqueId: `${storeKey}-${id}`,
				fulfilmentStatus,
			});
			const storeSays = fulfillmentOrders
				? (id: string, displayFulfillmentStatus: string, tags: string[] = []) => [
						{
							json: {
								data: {
									orders: {
										nodes: [{ legacyResourceId: id, displayFulfillmentStatus, tags }],
									},
								},
							},
						},
					]
				: (id: string, status: string) => [{ json: { id: Number(id), status } }];
			const store = Object.fromEntries(
				assignmentsOf(node('Store')).map(({ name, value }) => [name, value]),
			);
			const owed = (json: Record<string, unknown>, read: unknown[]) => {
				const conditions = JSON.parse(
					JSON.stringify(node(GATE).parameters.conditions)
						.split(`$('${storeRead}').all()`)
						.join("$json['__read']"),
				) as unknown;
				return executeFilter(
					evaluate(readingNodes(conditions), {
						...json,
						__read: read,
						Store: store,
					}) as FilterValue,
				);
			};
			const done = fulfillmentOrders ? 'FULFILLED' : 'completed';
			const open = fulfillmentOrders ? 'PARTIALLY_FULFILLED' : 'processing';
			expect(owed(record('7', 'FINISHED'), storeSays('7', done))).toBe(false);
			expect(owed(record('7', 'FINISHED'), storeSays('7', open))).toBe(true);
			// Another order of the store done, or a store that did not answer: read.
			expect(owed(record('7', 'FINISHED'), storeSays('8', done))).toBe(true);
			expect(owed(record('7', 'FINISHED'), [{ json: {} }])).toBe(true);
			if (fulfillmentOrders) {
				expect(owed(record('7', 'CANCELLED'), storeSays('7', open, ['Print cancelled']))).toBe(
					false,
				);
				expect(owed(record('7', 'CANCELLED'), storeSays('7', open, ['Gift']))).toBe(true);
			} else {
				expect(owed(record('7', 'CANCELLED'), storeSays('7', 'cancelled'))).toBe(false);
				expect(owed(record('7', 'CANCELLED'), storeSays('7', 'completed'))).toBe(true);
			}
			const already = Object.fromEntries(
				assignmentsOf(node('Outcome: Already in the Store')).map(({ name, value }) => [
					name,
					evaluate(readingNodes(value), { ...record('7', 'FINISHED'), Store: store }),
				]),
			);
			expect(already).toEqual({
				outcome: 'already in the store',
				printOrderId: 10001,
				uniqueId: `${storeKey}-7`,
				detail: fulfillmentOrders
					? 'Shopify order 7 is fulfilled: the print order is not read again'
					: 'WooCommerce order 7 is already completed: the print order is not read again',
			});
		});

		test("Store, and from the order node on, it is the way-back example's own nodes with the same settings, connected the same way", () => {
			for (const original of wayBackNodes) {
				const copy = node(original.name) as ExampleNode & { onError?: string };
				expect({ name: original.name, found: copy !== undefined }).toEqual({
					name: original.name,
					found: true,
				});
				// Where a node sits on the canvas and its ID may differ; the catch-up adds On Error.
				const same = without(original, ['position', 'id', 'onError']);
				const copied = without(copy, ['position', 'id', 'onError']);
				expect(copied).toEqual(same);
				const { onError } = original as { onError?: string };
				if (onError)
					expect({ name: original.name, onError: copy.onError }).toEqual({
						name: original.name,
						onError,
					});
			}
			// Store comes first here, before the store's read and the service's list; after it the
			// way-back example's nodes are connected as there.
			for (const original of wayBackNodes.filter((entry) => entry.name !== 'Store')) {
				const outputs = source.connections[original.name]?.main ?? [];
				outputs.forEach((_, output) => {
					expect({
						from: original.name,
						output,
						to: targets(workflow, original.name, output),
					}).toEqual({ from: original.name, output, to: targets(source, original.name, output) });
				});
			}
			// Nothing else of the catch-up names the store's key: it is set in Store only.
			expect(
				workflow.nodes
					.filter((entry) => entry.type !== 'n8n-nodes-base.stickyNote')
					.filter((entry) => !wayBackNodes.some((original) => original.name === entry.name))
					.filter((entry) => JSON.stringify(entry.parameters).includes(`'${storeKey}`))
					.map((entry) => entry.name),
			).toEqual([]);
		});

		test('an order the service lists, read and turned into an event, is matched to its store as a notification is', () => {
			// The way-back example's pinned notification, as Order › Get gives the order (no topic, no
			// delivery fields), through the catch-up's own event, Store and order nodes.
			const pinned = source.pinData?.[TRIGGER]?.[0]?.json as Record<string, unknown>;
			const item = without(pinned, [
				'topic',
				'source',
				'deliveryKey',
				'deliveryId',
				'fulfilmentStatusRaw',
			]);
			for (const { name, value } of assignmentsOf(node('As a Print Order Event')))
				item[name] = evaluate(value, item);
			// Store's settings, as the order node reads them from Store (its one item of the run).
			const store: Record<string, unknown> = {};
			for (const { name, value } of assignmentsOf(node('Store'))) store[name] = evaluate(value, {});
			const order: Record<string, unknown> = {};
			for (const { name, value } of assignmentsOf(node(orderNode)))
				order[name] = evaluate(readingNodes(value), { ...item, Store: store });
			expect(order).toMatchObject({
				topic: 'orders/fulfilled',
				uniqueId: pinned.uniqueId,
				printOrderId: pinned.id,
				trackingNumber: (pinned.trackingNumbers as string[])[0],
				trackingUrl: (pinned.trackingUrls as string[])[0],
				[orderIdField]: String(pinned.uniqueId).slice(storeKey.length + 1),
			});
			const check = evaluate(
				node('Order of This Store?').parameters.conditions,
				order,
			) as FilterValue;
			expect(executeFilter(check)).toBe(true);
		});

		test("every end of this store's way goes on to one outcome per print order: sent, skipped, or failed at a store call (error output)", () => {
			const storeCalls = wayBackNodes.filter(isStoreCall).map((entry) => entry.name);
			const skips = ["Skip: Not This Store's Order"];
			const ends = wayBackNodes
				.filter((entry) => (source.connections[entry.name]?.main.flat() ?? []).length === 0)
				.map((entry) => entry.name)
				.filter((name) => !skips.includes(name));
			expect(ends.length).toBeGreaterThan(2);
			const inputs: Array<{ from: string; output: number; index: number }> = [];
			for (const [from, { main }] of Object.entries(workflow.connections)) {
				main.forEach((list, output) => {
					for (const target of list as Array<{ node: string; index: number }>) {
						if (target.node === MERGE) inputs.push({ from, output, index: target.index });
					}
				});
			}
			expect(inputs.filter((input) => input.output === 0).map((input) => input.from)).toEqual(
				expect.arrayContaining(ends),
			);
			expect(inputs.filter((input) => input.output === 0)).toHaveLength(ends.length);
			// Every store call goes on past a failure, into the outcomes, and only the store calls.
			for (const name of storeCalls) {
				expect({ name, onError: (node(name) as { onError?: string }).onError }).toEqual({
					name,
					onError: 'continueErrorOutput',
				});
			}
			expect(inputs.filter((input) => input.output === 1).map((input) => input.from)).toEqual(
				expect.arrayContaining(storeCalls),
			);
			expect(inputs.filter((input) => input.output === 1)).toHaveLength(storeCalls.length);
			// Each input of the merge once, all of them used.
			expect(inputs.map((input) => input.index).sort((a, b) => a - b)).toEqual(
				inputs.map((_, index) => index),
			);
			expect(node(MERGE)).toMatchObject({
				type: 'n8n-nodes-base.merge',
				typeVersion: 3.2,
				parameters: { numberInputs: inputs.length },
			});
			expect(targets(workflow, MERGE)).toEqual(['Outcome of Each Print Order']);
			expect(targets(workflow, skips[0])).toEqual(['Outcome: Other Store']);
			expect(targets(workflow, 'Outcome of Each Print Order')).toEqual(['Every Print Order']);
			expect(targets(workflow, 'Outcome: Other Store')).toEqual(['Every Print Order']);
			expect(workflow.connections['Outcome: Other Store'].main[0][0]).toMatchObject({ index: 1 });
			expect(targets(workflow, 'Every Print Order')).toEqual(['All Print Orders']);
			expect(node('All Print Orders')).toMatchObject({
				type: 'n8n-nodes-base.aggregate',
				parameters: { aggregate: 'aggregateAllItemData', destinationFieldName: 'printOrders' },
			});
			expect(targets(workflow, 'All Print Orders')).toEqual(['Summary']);
		});

		test('counts what was delivered now, already in the store, of another store and failed, and names each', () => {
			const outcome = assignmentsOf(node('Outcome of Each Print Order')).find(
				(entry) => entry.name === 'outcome',
			)?.value;
			// What reaches the merge: a store's answer, a skip of the way-back example, an error item.
			expect(
				[
					{ fulfillment: { id: 1 } },
					{ id: 727, status: 'completed' },
					{ skipped: true, reason: 'already there' },
					{ error: 'Invalid ID' },
					{ error: { message: 'The resource you are requesting could not be found' } },
					...(fulfillmentOrders
						? [{ skipped: true, noOpenFulfillmentOrder: true }]
						: [{ leftOpen: true, reason: 'tracking in a note; not completed' }]),
					{ skipped: true, noTrackingNumber: true },
				].map((json) => evaluate(outcome, json)),
			).toEqual([
				'delivered now',
				'delivered now',
				'already in the store',
				'failed',
				'failed',
				// WooCommerce: the tracking note sent, the order left open (not every line printed).
				fulfillmentOrders ? 'no open fulfillment order' : 'delivered now',
				'no tracking number',
			]);
			const other = Object.fromEntries(
				assignmentsOf(node('Outcome: Other Store')).map(({ name, value }) => [
					name,
					evaluate(value, {
						skipped: true,
						reason: 'Unique ID DEMO-1 is not…',
						printOrderId: 7,
						uniqueId: 'DEMO-1',
					}),
				]),
			);
			expect(other).toEqual({
				outcome: 'other store',
				printOrderId: 7,
				uniqueId: 'DEMO-1',
				detail: 'Unique ID DEMO-1 is not…',
			});
			const printOrders = [
				{ outcome: 'delivered now', printOrderId: 1, uniqueId: `${storeKey}-1`, detail: 'sent' },
				{
					outcome: 'already in the store',
					printOrderId: 2,
					uniqueId: `${storeKey}-2`,
					detail: 'x',
				},
				{ outcome: 'other store', printOrderId: 3, uniqueId: 'DEMO-3', detail: 'y' },
				{ outcome: 'failed', printOrderId: 4, uniqueId: `${storeKey}-4`, detail: '404' },
				{ outcome: 'failed', printOrderId: 5, uniqueId: `${storeKey}-5`, detail: 'down' },
				...(fulfillmentOrders
					? [
							{
								outcome: 'no open fulfillment order',
								printOrderId: 6,
								uniqueId: `${storeKey}-6`,
								detail: 'none open',
							},
						]
					: [
							{
								outcome: 'delivered now',
								printOrderId: 6,
								uniqueId: `${storeKey}-6`,
								detail: 'left open',
								leftOpen: true,
							},
						]),
				{
					outcome: 'no tracking number',
					printOrderId: 7,
					uniqueId: `${storeKey}-7`,
					detail: 'no tracking',
				},
			];
			const summary = Object.fromEntries(
				assignmentsOf(node('Summary')).map(({ name, value }) => [
					name,
					evaluate(value, { printOrders }),
				]),
			);
			expect(summary).toEqual({
				deliveredNow: fulfillmentOrders ? 1 : 2,
				alreadyInStore: 1,
				otherStore: 1,
				failed: 2,
				delivered: [
					`print order 1 (${storeKey}-1): sent`,
					...(fulfillmentOrders ? [] : [`print order 6 (${storeKey}-6): left open`]),
				],
				failures: [`print order 4 (${storeKey}-4): 404`, `print order 5 (${storeKey}-5): down`],
				noTrackingNumber: 1,
				...(fulfillmentOrders
					? {
							noOpenFulfillmentOrder: 1,
							notDelivered: [
								`print order 6 (${storeKey}-6): none open`,
								`print order 7 (${storeKey}-7): no tracking`,
							],
						}
					: {
							notDelivered: [`print order 7 (${storeKey}-7): no tracking`],
							// Delivered with the tracking note, the order left open: not every line printed.
							notCompleted: 1,
						}),
			});
		});
	},
);

describe('a Shopify order with no open fulfillment order (print-events-to-shopify.json and its catch-up)', () => {
	const shopifyOrderItem = {
		shopifyOrderId: '450789469',
		trackingNumber: 'TRACK-1',
		printOrderId: 10002,
		uniqueId: 'shopify-450789469',
	};
	test.each(['podExWayBackShop', 'podExShopWbCatch'])(
		'%s: no fulfillment order at all ends on a skip that says the tracking number was not sent; one not open and not closed is not "already in the store"',
		(id) => {
			const workflow = example(id);
			const node = (name: string) => workflow.nodes.find((entry) => entry.name === name)!;
			const targets = (name: string, output: number) =>
				(workflow.connections[name]?.main[output] ?? []).map((target) => target.node);
			expect(targets('Read Order and Fulfillment Orders', 0)).toEqual([
				'Order Read (Not Throttled)',
			]);
			expect(targets('Order Read (Not Throttled)', 0)).toEqual(['Any Fulfillment Order?']);
			expect(targets('Any Fulfillment Order?', 0)).toEqual(['As Submit Reads a Shopify Order']);
			expect(targets('Any Fulfillment Order?', 1)).toEqual(['Skip: No Open Fulfillment Order']);
			const any = (json: Record<string, unknown>) =>
				executeFilter(
					evaluate(node('Any Fulfillment Order?').parameters.conditions, json) as FilterValue,
				);
			const withFulfillmentOrders = (nodes: object[]) => ({
				data: { order: { fulfillmentOrders: { nodes } } },
			});
			expect(any(withFulfillmentOrders([]))).toBe(false);
			expect(any({})).toBe(false);
			// Shopify answered no order (deleted, or not this app's): none either.
			expect(any({ data: { order: null } })).toBe(false);
			expect(
				any(withFulfillmentOrders([{ id: 'gid://shopify/FulfillmentOrder/1', status: 'CLOSED' }])),
			).toBe(true);
			// The skip's own values, with what $('Shopify Order') gives in a real n8n.
			const values = Object.fromEntries(
				assignmentsOf(node('Skip: No Open Fulfillment Order')).map(({ name, value }) => [
					name,
					evaluate(
						String(value).replace(/\$\('Shopify Order'\)\.item\.json/g, '$json'),
						shopifyOrderItem,
					),
				]),
			);
			expect(values).toEqual({
				skipped: true,
				noOpenFulfillmentOrder: true,
				reason:
					'Shopify order 450789469 has no fulfillment order this app can see: tracking TRACK-1 not sent (fulfil it in Shopify, or give the app the fulfillment-order access scopes of its location)',
				printOrderId: 10002,
				uniqueId: 'shopify-450789469',
			});
			// Nothing left to fulfil: "already in the store" when every fulfillment order is closed
			// or still open with no printed line left; a fulfillment order on hold or scheduled, or
			// not knowing what was printed, is named as not delivered.
			const notDelivered = assignmentsOf(node('Skip: Nothing Left to Fulfil')).find(
				(entry) => entry.name === 'noOpenFulfillmentOrder',
			)?.value;
			const given = (statuses: string[], readError = '') =>
				evaluate(readingNodes(notDelivered), {
					readError,
					'Read Order and Fulfillment Orders': withFulfillmentOrders(
						statuses.map((status) => ({ status })),
					),
				});
			expect(
				[['CLOSED'], ['OPEN'], ['CLOSED', 'ON_HOLD'], ['SCHEDULED'], ['CANCELLED']].map(
					(statuses) => given(statuses),
				),
			).toEqual([false, false, true, true, true]);
			expect(given(['OPEN'], 'no color purple')).toBe(true);
		},
	);
});

describe('a shipped print order without a tracking number is never sent to the store as shipped (the way-back examples and their catch-ups)', () => {
	test.each([
		['podExWayBackShop', 'Shopify Order', 'Shopify order', 'shopifyOrderId', '450789469'],
		['podExShopWbCatch', 'Shopify Order', 'Shopify order', 'shopifyOrderId', '450789469'],
		['podExWayBackWoo', 'WooCommerce Order', 'WooCommerce order', 'wooOrderId', '727'],
		['podExWooWbCatch', 'WooCommerce Order', 'WooCommerce order', 'wooOrderId', '727'],
	])(
		'%s: empty tracking ends on Skip: No Tracking Number, which says so',
		(id, orderNode, words, idField, storeOrderId) => {
			const workflow = example(id);
			const node = (name: string) => workflow.nodes.find((entry) => entry.name === name)!;
			const sw = node('Shipped or Cancelled?');
			const rules = (
				sw.parameters.rules as { values: Array<{ outputKey: string; conditions: unknown }> }
			).values;
			/** The Switch's first matching output (n8n's default: the first rule that matches). */
			const route = (trackingNumber: string, topic = 'orders/fulfilled') => {
				const order = {
					topic,
					trackingNumber,
					printOrderId: 10001,
					uniqueId: `x-${storeOrderId}`,
					[idField]: storeOrderId,
				};
				// Shopify's Switch reads its input (the order item); WooCommerce's reads the order node
				// beside the store's answer (an order not completed yet).
				const json = { ...order, status: 'processing', [orderNode]: order };
				return rules.find((rule) =>
					executeFilter(evaluate(readingNodes(rule.conditions), json) as FilterValue),
				)?.outputKey;
			};
			expect(route('')).toBe('No Tracking Number');
			expect(route('TRACK-1')).toBe('Shipped');
			expect(route('', 'orders/cancelled')).toBe('Cancelled');
			const output = rules.findIndex((rule) => rule.outputKey === 'No Tracking Number');
			expect(
				(workflow.connections['Shipped or Cancelled?'].main[output] ?? []).map((t) => t.node),
			).toEqual(['Skip: No Tracking Number']);
			const values = Object.fromEntries(
				assignmentsOf(node('Skip: No Tracking Number')).map(({ name, value }) => [
					name,
					evaluate(readingNodes(value), {
						[orderNode]: {
							printOrderId: 10001,
							uniqueId: `x-${storeOrderId}`,
							[idField]: storeOrderId,
						},
					}),
				]),
			);
			expect(values).toEqual({
				skipped: true,
				noTrackingNumber: true,
				reason: `Print order 10001 is shipped but the print service gave no tracking number: nothing sent to ${words} ${storeOrderId} (a shipment is never sent with an empty tracking number; run again once the print order has one, or ship it in the store by hand)`,
				printOrderId: 10001,
				uniqueId: `x-${storeOrderId}`,
			});
		},
	);
});

/** A listing as Product › Get Storefront Listing gives it: two colors, one size, Black unavailable. */
const LISTING = {
	productId: 1001,
	handle: 'pod-1001',
	title: 'Classic T-Shirt',
	description: 'A soft cotton T-shirt, printed on demand.',
	descriptionHtml: '<p>A soft cotton T-shirt, printed on demand.</p>',
	options: [
		{ name: 'Color', values: ['White', 'Black'] },
		{ name: 'Size', values: ['L'] },
	],
	variants: [
		{ sku: 'POD-P1001-C2001-S3003-X', color: 'White', available: true },
		{ sku: 'POD-P1001-C2002-S3003-Y', color: 'Black', available: false },
	].map((variant) => ({
		...variant,
		size: 'L',
		options: [
			{ name: 'Color', value: variant.color },
			{ name: 'Size', value: 'L' },
		],
		price: 12.9,
		currency: 'USD',
	})),
	images: [{ url: 'https://print.example/preview.png', alt: 'Classic T-Shirt' }],
};

describe.each([
	{
		id: 'podExShopPublish',
		file: 'shopify-publish-product.json',
		credential: 'shopifyAccessTokenApi',
		// The staged target is a storage bucket's: its form fields authorize the upload.
		credentialOf: { 'Upload to the Staged Target': null } as Record<string, string | null>,
	},
	{
		id: 'podExWooPublish',
		file: 'woocommerce-publish-product.json',
		credential: 'wooCommerceApi',
		// WordPress's media endpoint takes an application password, not WooCommerce's keys.
		credentialOf: { 'Upload Image to WordPress': 'wordpressApi' } as Record<string, string | null>,
	},
])('the publish example $file', ({ id, credential, credentialOf }) => {
	const workflow = example(id);
	const node = (name: string) => workflow.nodes.find((entry) => entry.name === name) as ExampleNode;

	test("is built from n8n's own nodes and ours, with no Code node and no pinned data", () => {
		const types = workflow.nodes.map((entry) => entry.type);
		expect(types.every((type) => /^n8n-nodes-(base|pod-platform)\./.test(type))).toBe(true);
		expect(types.filter((type) => /code|function/i.test(type))).toEqual([]);
		expect(workflow.pinData ?? {}).toEqual({});
	});

	test('starts by hand with Get Storefront Listing, unavailable pairs listed (so that the store marks them), its image read as a file', () => {
		const after = (name: string) => node(workflow.connections[name].main[0][0].node);
		const start = node('Publish');
		const listing = after(start.name);
		const store = after(listing.name);
		expect(start.type).toBe('n8n-nodes-base.manualTrigger');
		expect(listing).toMatchObject({
			type: 'n8n-nodes-pod-platform.podPlatform',
			parameters: {
				resource: 'product',
				operation: 'getStorefrontListing',
				onlyAvailable: false,
				downloadImage: true,
				binaryPropertyName: 'image',
			},
		});
		expect(store.name).toBe('Store');
	});

	test("sends no print-service address to the store: the listing's image goes as the file, never as its link", () => {
		const written = JSON.stringify(
			workflow.nodes
				.filter((entry) => entry.type !== 'n8n-nodes-base.stickyNote')
				.map((entry) => entry.parameters),
		);
		expect(written).not.toMatch(/images\b[^\n]*\.url\b/);
		expect(written).not.toMatch(/image\.url|previewUrl/);
	});

	test("sends every store request with n8n's credential of that store", () => {
		const storeNodes = workflow.nodes.filter((entry) =>
			['n8n-nodes-base.httpRequest', 'n8n-nodes-base.wooCommerce'].includes(entry.type),
		);
		expect(storeNodes.length).toBeGreaterThan(1);
		for (const entry of storeNodes) {
			const expected = entry.name in credentialOf ? credentialOf[entry.name] : credential;
			expect({ node: entry.name, credentials: Object.keys(entry.credentials ?? {}) }).toEqual({
				node: entry.name,
				credentials: expected === null ? [] : [expected],
			});
			if (expected === null) {
				expect(entry.parameters.authentication ?? 'none').toBe('none');
			} else if (entry.type === 'n8n-nodes-base.httpRequest') {
				expect(entry.parameters).toMatchObject({
					authentication: 'predefinedCredentialType',
					nodeCredentialType: expected,
				});
			}
		}
	});
});

describe('the Shopify publish example (shopify-publish-product.json)', () => {
	const workflow = example('podExShopPublish');
	const node = (name: string) => workflow.nodes.find((entry) => entry.name === name) as ExampleNode;
	const assignment = (nodeName: string, name: string) =>
		assignmentsOf(node(nodeName)).find((entry) => entry.name === name)?.value;

	test('reads the product by its handle, then sends productSet to the GraphQL Admin API 2026-07, synchronously, upserting by the handle', () => {
		// The shop's address and the API version are typed once, in Store.
		expect(assignment('Store', 'adminApi')).toBe(
			'https://your-shop.myshopify.com/admin/api/2026-07',
		);
		for (const name of ['Read Product From Shopify', 'Publish With productSet']) {
			expect(String(node(name).parameters.url)).toMatch(/\.adminApi \}\}\/graphql\.json$/);
			expect(node(name).parameters.method).toBe('POST');
		}
		expect(String(node('Read Product From Shopify').parameters.jsonBody)).toMatch(
			/productByIdentifier\(identifier: \$identifier\)/,
		);
		expect(assignment('Product for Shopify', 'query')).toMatch(
			/^mutation \w+\(\$identifier: ProductSetIdentifiers, \$input: ProductSetInput!\) \{ productSet\(identifier: \$identifier, input: \$input, synchronous: true\)/,
		);
	});

	/** Read Product From Shopify's answer for a product holding these variants and media. */
	const holding = (variants: Array<Record<string, unknown>>, media: unknown[] = []) => ({
		data: {
			productByIdentifier: {
				id: 'gid://shopify/Product/1',
				variants: { nodes: variants },
				media: { nodes: media },
			},
		},
	});
	const heldVariant = (id: number, sku: string, color: string, size = 'L') => ({
		id: `gid://shopify/ProductVariant/${id}`,
		sku,
		selectedOptions: [
			{ name: 'Color', value: color },
			{ name: 'Size', value: size },
		],
	});
	/** Variants for Shopify, then Product for Shopify's variables, on a listing and that answer. */
	const productSetOf = (
		read: Record<string, unknown>,
		listing: typeof LISTING = LISTING,
		extra: Record<string, unknown> = {},
	) => {
		const sample = { ...read, Store: listing };
		const variants = {
			listed: evaluate(readingNodes(assignment('Variants for Shopify', 'listed')), sample),
			kept: evaluate(readingNodes(assignment('Variants for Shopify', 'kept')), sample),
		};
		const variables = evaluate(readingNodes(assignment('Product for Shopify', 'variables')), {
			Store: listing,
			'Read Product From Shopify': read,
			'Variants for Shopify': variants,
			...extra,
		}) as {
			identifier: unknown;
			input: Record<string, unknown> & { variants: Array<Record<string, unknown>> };
		};
		return { variants, variables };
	};

	test('reads the held variants with their options, then builds them between the read and the image', () => {
		expect(String(node('Read Product From Shopify').parameters.jsonBody)).toContain(
			'variants(first: 250) { nodes { id sku selectedOptions { name value } } }',
		);
		expect(workflow.connections['Read Product From Shopify'].main[0].map((c) => c.node)).toEqual([
			'Variants for Shopify',
		]);
		expect(workflow.connections['Variants for Shopify'].main[0].map((c) => c.node)).toEqual([
			'Image to Upload?',
		]);
		// The read's answer passes on: Image to Upload? reads the product's media from it.
		expect(node('Variants for Shopify').parameters.includeOtherFields).toBe(true);
	});

	test('builds a ProductSetInput Shopify takes: variants by SKU with the IDs the store holds, an unavailable one tracked under DENY (sold out), the description as HTML', () => {
		const held = holding([heldVariant(7, LISTING.variants[0].sku, 'White')]);
		const { variables } = productSetOf(held);
		expect(variables.identifier).toEqual({ handle: 'pod-1001' });
		expect(productSetInputProblems(variables.input)).toEqual([]);
		expect(variables.input).toMatchObject({
			handle: 'pod-1001',
			title: 'Classic T-Shirt',
			descriptionHtml: '<p>A soft cotton T-shirt, printed on demand.</p>',
			productOptions: [
				{ name: 'Color', values: [{ name: 'White' }, { name: 'Black' }] },
				{ name: 'Size', values: [{ name: 'L' }] },
			],
		});
		expect(variables.input.variants).toEqual([
			{
				id: 'gid://shopify/ProductVariant/7',
				sku: LISTING.variants[0].sku,
				price: '12.90',
				optionValues: [
					{ optionName: 'Color', name: 'White' },
					{ optionName: 'Size', name: 'L' },
				],
				inventoryPolicy: 'DENY',
				inventoryItem: { tracked: false },
			},
			{
				sku: LISTING.variants[1].sku,
				price: '12.90',
				optionValues: [
					{ optionName: 'Color', name: 'Black' },
					{ optionName: 'Size', name: 'L' },
				],
				inventoryPolicy: 'DENY',
				inventoryItem: { tracked: true },
			},
		]);
		// A listing without a description (no Language) leaves the store's own text as it is.
		const plain = productSetOf(held, { ...LISTING, description: '', descriptionHtml: '' });
		expect(plain.variables.input).not.toHaveProperty('descriptionHtml');
		// A first publish: the store has no such product yet, every variant is new.
		const first = productSetOf({ data: { productByIdentifier: null } }).variables;
		expect(first.input.variants.map((variant) => variant.id)).toEqual([undefined, undefined]);
		// No image staged and none held: no files.
		expect(first.input).not.toHaveProperty('files');
		// Published again, the product holds its image: files names it by its ID, so productSet (a
		// list field: what it does not name it deletes) keeps it; nothing is uploaded again.
		const media = [{ id: 'gid://shopify/MediaImage/3', status: 'READY' }];
		const again = productSetOf(
			holding([heldVariant(7, LISTING.variants[0].sku, 'White')], media),
		).variables;
		expect(productSetInputProblems(again.input)).toEqual([]);
		expect(again.input.files).toEqual([{ id: 'gid://shopify/MediaImage/3' }]);
	});

	test("keeps every variant the listing no longer has, since productSet deletes what it does not name: the node's ones sold out with their IDs and option values, a merchant's own as it is", () => {
		// The store holds White and Black in L and M; the service now makes White only, in L.
		const whiteOnly = {
			...LISTING,
			options: [
				{ name: 'Color', values: ['White'] },
				{ name: 'Size', values: ['L'] },
			],
			variants: [LISTING.variants[0]],
		};
		const held = holding([
			heldVariant(7, LISTING.variants[0].sku, 'White'),
			heldVariant(8, LISTING.variants[1].sku, 'Black'),
			heldVariant(9, 'POD-P1001-C2002-S3002-Q', 'Black', 'M'),
			heldVariant(10, 'MERCHANTS-OWN', 'White', 'M'),
		]);
		const { variants, variables } = productSetOf(held, whiteOnly);
		expect(productSetInputProblems(variables.input)).toEqual([]);
		const soldOut = { inventoryPolicy: 'DENY', inventoryItem: { tracked: true } };
		expect(variants.kept).toEqual([
			{
				id: 'gid://shopify/ProductVariant/8',
				optionValues: [
					{ optionName: 'Color', name: 'Black' },
					{ optionName: 'Size', name: 'L' },
				],
				...soldOut,
			},
			{
				id: 'gid://shopify/ProductVariant/9',
				optionValues: [
					{ optionName: 'Color', name: 'Black' },
					{ optionName: 'Size', name: 'M' },
				],
				...soldOut,
			},
			{
				id: 'gid://shopify/ProductVariant/10',
				optionValues: [
					{ optionName: 'Color', name: 'White' },
					{ optionName: 'Size', name: 'M' },
				],
			},
		]);
		expect(variables.input.variants.map((variant) => variant.id)).toEqual([
			'gid://shopify/ProductVariant/7',
			'gid://shopify/ProductVariant/8',
			'gid://shopify/ProductVariant/9',
			'gid://shopify/ProductVariant/10',
		]);
		// productOptions is a list field too: the kept variants' values stay options of the product.
		expect(variables.input.productOptions).toEqual([
			{ name: 'Color', values: [{ name: 'White' }, { name: 'Black' }] },
			{ name: 'Size', values: [{ name: 'L' }, { name: 'M' }] },
		]);
		expect(
			evaluate(readingNodes(assignment('Published', 'noLongerMade')), {
				'Variants for Shopify': variants,
			}),
		).toEqual(['Black / L', 'Black / M']);

		// Black back, under new IDs of the service (another SKU): the variant with its options
		// keeps its Shopify ID and takes the new SKU, for sale again.
		const back = {
			...LISTING,
			variants: [
				LISTING.variants[0],
				{ ...LISTING.variants[1], sku: 'POD-P1001-C2092-S3003-Z', available: true },
			],
		};
		const returned = productSetOf(
			holding([
				heldVariant(7, LISTING.variants[0].sku, 'White'),
				heldVariant(8, LISTING.variants[1].sku, 'Black'),
			]),
			back,
		);
		expect(returned.variants.kept).toEqual([]);
		expect(returned.variables.input.variants).toEqual([
			expect.objectContaining({ id: 'gid://shopify/ProductVariant/7' }),
			expect.objectContaining({
				id: 'gid://shopify/ProductVariant/8',
				sku: 'POD-P1001-C2092-S3003-Z',
				inventoryItem: { tracked: false },
			}),
		]);
	});

	test("stages the image only while the product has none: stagedUploadsCreate (IMAGE, POST), the file posted as a form after every parameter of the target, then productSet's files name the target's resourceUrl", () => {
		expect(
			workflow.connections['Image to Upload?'].main.map((out) => out.map((c) => c.node)),
		).toEqual([['Stage the Image'], ['Product for Shopify']]);
		expect(workflow.connections['Stage the Image'].main[0].map((c) => c.node)).toEqual([
			'Staging Refused?',
		]);
		expect(
			workflow.connections['Staging Refused?'].main.map((out) => out.map((c) => c.node)),
		).toEqual([['Stop: Shopify Refused the Image'], ['Upload to the Staged Target']]);
		const refused = (answer: Record<string, unknown>) =>
			executeFilter(
				evaluate(node('Staging Refused?').parameters.conditions, answer) as FilterValue,
			);
		expect(
			refused({
				data: {
					stagedUploadsCreate: {
						stagedTargets: [],
						userErrors: [{ field: ['input', '0', 'mimeType'], message: 'Invalid mime type' }],
					},
				},
			}),
		).toBe(true);
		expect(refused({ errors: [{ message: 'Access denied' }] })).toBe(true);
		expect(
			refused({ data: { stagedUploadsCreate: { stagedTargets: [{}], userErrors: [] } } }),
		).toBe(false);
		expect(
			evaluate(readingNodes(node('Stop: Shopify Refused the Image').parameters.errorMessage), {
				Store: LISTING,
				data: {
					stagedUploadsCreate: {
						userErrors: [{ field: ['input', '0', 'mimeType'], message: 'Invalid mime type' }],
					},
				},
			}),
		).toBe('Shopify refused to stage the image of pod-1001: input.0.mimeType: Invalid mime type');
		for (const [from, to] of [
			['Upload to the Staged Target', 'Staged Image'],
			['Staged Image', 'Product for Shopify'],
		]) {
			expect(workflow.connections[from].main[0].map((c) => c.node)).toEqual([to]);
		}
		const image = { fileName: 'pod-1001-motive-5002.png', mimeType: 'image/png' };
		const decide = (binary: unknown, read: Record<string, unknown>) =>
			executeFilter(
				evaluate(
					JSON.parse(
						JSON.stringify(node('Image to Upload?').parameters.conditions).replace(
							/\$\('Get Storefront Listing'\)\.item\.binary\?\.image/g,
							'$json.listingImage',
						),
					),
					{ ...read, listingImage: binary },
				) as FilterValue,
			);
		const held = (media: unknown[]) => ({
			data: { productByIdentifier: { id: 'gid://shopify/Product/1', media: { nodes: media } } },
		});
		expect(decide(image, { data: { productByIdentifier: null } })).toBe(true);
		expect(decide(image, held([]))).toBe(true);
		expect(decide(image, held([{ id: 'gid://shopify/MediaImage/3', status: 'READY' }]))).toBe(
			false,
		);
		expect(decide(undefined, { data: { productByIdentifier: null } })).toBe(false);

		const onImage = (value: unknown) =>
			readingNodes(
				JSON.parse(
					JSON.stringify(value).replace(
						/\$\('Get Storefront Listing'\)\.item\.binary\.image/g,
						"$('Image').item.json",
					),
				),
			);
		const stage = evaluate(onImage(node('Stage the Image').parameters.jsonBody), {
			Image: image,
		}) as { query: string; variables: { input: unknown[] } };
		expect(stage.query).toMatch(
			/^mutation \w+\(\$input: \[StagedUploadInput!\]!\) \{ stagedUploadsCreate\(input: \$input\)/,
		);
		expect(stage.variables.input).toEqual([
			{ resource: 'IMAGE', filename: image.fileName, mimeType: 'image/png', httpMethod: 'POST' },
		]);

		// A target as Shopify documents its answer (stagedUploadsCreate's example).
		const parameters = [
			'Content-Type',
			'success_action_status',
			'acl',
			'key',
			'x-goog-date',
			'x-goog-credential',
			'x-goog-algorithm',
			'x-goog-signature',
			'policy',
		].map((name, at) => ({ name, value: `value-${at}` }));
		const staged = {
			data: {
				stagedUploadsCreate: {
					stagedTargets: [
						{
							url: 'https://bucket.example/',
							resourceUrl: 'https://bucket.example/tmp/1/a.png',
							parameters,
						},
					],
				},
			},
		};
		const upload = node('Upload to the Staged Target').parameters;
		expect(upload).toMatchObject({
			method: 'POST',
			sendBody: true,
			contentType: 'multipart-form-data',
		});
		expect(evaluate(upload.url, staged)).toBe('https://bucket.example/');
		const rows = (upload.bodyParameters as { parameters: Array<Record<string, string>> })
			.parameters;
		const file = rows[rows.length - 1];
		expect(file).toEqual({
			parameterType: 'formBinaryData',
			name: 'file',
			inputDataFieldName: "={{ $('Get Storefront Listing').item.binary.image }}",
		});
		expect(
			rows.slice(0, -1).map((row) => ({ name: row.name, value: evaluate(row.value, staged) })),
		).toEqual(parameters);

		expect(
			evaluate(readingNodes(assignmentsOf(node('Staged Image'))[0].value), {
				'Stage the Image': staged,
			}),
		).toBe('https://bucket.example/tmp/1/a.png');
		const { variables } = productSetOf({ data: { productByIdentifier: null } }, LISTING, {
			stagedImageUrl: 'https://bucket.example/tmp/1/a.png',
		});
		expect(productSetInputProblems(variables.input)).toEqual([]);
		expect(variables.input.files).toEqual([
			{
				originalSource: 'https://bucket.example/tmp/1/a.png',
				contentType: 'IMAGE',
				alt: 'Classic T-Shirt',
			},
		]);
	});

	test("Published names the image's media status, or says why there is none", () => {
		const value = (name: string) =>
			assignmentsOf(node('Published')).find((entry) => entry.name === name)?.value;
		const of = (sample: Record<string, unknown>, media: unknown[]) => {
			const json = { ...sample, data: { productSet: { product: { media: { nodes: media } } } } };
			return {
				image: evaluate(readingNodes(value('image')), json),
				imageNote: evaluate(readingNodes(value('imageNote')), json),
			};
		};
		const uploaded = {
			'Product for Shopify': {
				variables: { input: { files: [{ originalSource: 'https://b/x' }] } },
			},
		};
		expect(
			of({ Store: LISTING, ...uploaded }, [{ id: 'm', status: 'READY', mediaErrors: [] }]),
		).toEqual({
			image: 'READY',
			imageNote: expect.stringMatching(/^Uploaded/),
		});
		expect(
			of(
				{
					Store: LISTING,
					'Product for Shopify': { variables: { input: { files: [{ id: 'm' }] } } },
				},
				[{ id: 'm', status: 'READY', mediaErrors: [] }],
			),
		).toEqual({ image: 'READY', imageNote: expect.stringMatching(/nothing uploaded/) });
		expect(
			of({ Store: LISTING, ...uploaded }, [
				{
					id: 'm',
					status: 'FAILED',
					mediaErrors: [{ code: 'IMAGE_DOWNLOAD_FAILURE', message: 'Could not download.' }],
				},
			]),
		).toEqual({
			image: 'FAILED',
			imageNote: 'Shopify could not take the image: Could not download.',
		});
		const note =
			'The listing has no image (no motive is printed on it): the store product gets none.';
		expect(
			of(
				{
					Store: { ...LISTING, imageNote: note },
					'Product for Shopify': { variables: { input: {} } },
				},
				[],
			),
		).toEqual({ image: null, imageNote: note });
	});

	test("stops with Shopify's own message when Shopify refuses the product", () => {
		expect(
			workflow.connections['Refused by Shopify?'].main.map((out) => out.map((c) => c.node)),
		).toEqual([['Stop: Shopify Refused It'], ['Published']]);
		const check = evaluate(node('Refused by Shopify?').parameters.conditions, {
			data: {
				productSet: {
					userErrors: [{ field: ['input', 'title'], message: "Title can't be blank" }],
				},
			},
		}) as FilterValue;
		expect(executeFilter(check)).toBe(true);
		const fine = evaluate(node('Refused by Shopify?').parameters.conditions, {
			data: { productSet: { userErrors: [] } },
		}) as FilterValue;
		expect(executeFilter(fine)).toBe(false);
	});
});

describe('the WooCommerce publish example (woocommerce-publish-product.json)', () => {
	const workflow = example('podExWooPublish');
	const node = (name: string) => workflow.nodes.find((entry) => entry.name === name) as ExampleNode;
	const assignment = (nodeName: string, name: string) =>
		assignmentsOf(node(nodeName)).find((entry) => entry.name === name)?.value;

	test("finds the product by its SKU with n8n's WooCommerce node, then creates it (POST) or updates it (PUT) with documented properties only", () => {
		expect(node('Find Product by SKU')).toMatchObject({
			type: 'n8n-nodes-base.wooCommerce',
			parameters: {
				resource: 'product',
				operation: 'getAll',
				options: { sku: '={{ $json.handle }}' },
			},
		});
		const write = node('Create or Update Product').parameters;
		const found = { 'Find Product by SKU': { id: 42 } };
		expect(evaluate(readingNodes(write.method), found)).toBe('PUT');
		expect(evaluate(readingNodes(write.method), { 'Find Product by SKU': {} })).toBe('POST');
		// After an upload the node's input is the media object: its ID is no product's.
		expect(
			evaluate(readingNodes(write.url), {
				id: 501,
				...found,
				Store: { storeUrl: 'https://shop.example' },
			}),
		).toBe('https://shop.example/wp-json/wc/v3/products/42');
		const body = evaluate(readingNodes(write.jsonBody), {
			Store: LISTING,
			'Find Product by SKU': {},
		}) as Record<string, unknown>;
		expect(Object.keys(body).filter((key) => !WOOCOMMERCE_WRITABLE.product.includes(key))).toEqual(
			[],
		);
		expect(body).toMatchObject({
			type: 'variable',
			sku: 'pod-1001',
			description: '<p>A soft cotton T-shirt, printed on demand.</p>',
			attributes: [
				{ name: 'Color', variation: true, options: ['White', 'Black'] },
				{ name: 'Size', variation: true, options: ['L'] },
			],
		});
		// A listing without a description (no Language) leaves the store's own text as it is.
		const plain = evaluate(readingNodes(write.jsonBody), {
			Store: { ...LISTING, description: '', descriptionHtml: '' },
			'Find Product by SKU': {},
		}) as Record<string, unknown>;
		expect(plain).not.toHaveProperty('description');
	});

	test("keeps the values of a color or size the service no longer makes among the product's attribute options, so its variations show, out of stock", () => {
		const whiteOnly = {
			...LISTING,
			options: [
				{ name: 'Color', values: ['White'] },
				{ name: 'Size', values: ['L'] },
			],
		};
		const body = evaluate(readingNodes(node('Create or Update Product').parameters.jsonBody), {
			Store: whiteOnly,
			'Find Product by SKU': {
				id: 42,
				attributes: [
					{ id: 0, name: 'Color', variation: true, options: ['White', 'Black'] },
					{ id: 0, name: 'Size', variation: true, options: ['M', 'L'] },
				],
			},
		}) as { attributes: Array<{ name: string; options: string[] }> };
		expect(body.attributes.map((attribute) => [attribute.name, attribute.options])).toEqual([
			['Color', ['White', 'Black']],
			['Size', ['L', 'M']],
		]);
	});

	test('uploads the image to the WordPress media library only while the product has none: the file as the body with its name, then the product names it by its media ID', () => {
		expect(workflow.connections['Find Product by SKU'].main[0].map((c) => c.node)).toEqual([
			'Image to Upload?',
		]);
		expect(
			workflow.connections['Image to Upload?'].main.map((out) => out.map((c) => c.node)),
		).toEqual([['Upload Image to WordPress'], ['Create or Update Product']]);
		expect(workflow.connections['Upload Image to WordPress'].main[0].map((c) => c.node)).toEqual([
			'Create or Update Product',
		]);
		const image = { fileName: 'pod-1001-motive-5002.png', mimeType: 'image/png' };
		const decide = (binary: unknown, held: Record<string, unknown>) =>
			executeFilter(
				evaluate(
					JSON.parse(
						JSON.stringify(node('Image to Upload?').parameters.conditions).replace(
							/\$\('Get Storefront Listing'\)\.item\.binary\?\.image/g,
							'$json.listingImage',
						),
					),
					{ ...held, listingImage: binary },
				) as FilterValue,
			);
		expect(decide(image, {})).toBe(true);
		expect(decide(image, { id: 42, images: [] })).toBe(true);
		// Published again: the product holds its image; nothing is uploaded twice.
		expect(
			decide(image, { id: 42, images: [{ id: 501, src: 'https://shop.example/a.png' }] }),
		).toBe(false);
		// A listing without an image: nothing to upload.
		expect(decide(undefined, {})).toBe(false);

		const upload = node('Upload Image to WordPress');
		expect(upload.type).toBe('n8n-nodes-base.httpRequest');
		expect(upload.parameters).toMatchObject({
			method: 'POST',
			sendBody: true,
			contentType: 'binaryData',
			inputDataFieldName: "={{ $('Get Storefront Listing').item.binary.image }}",
		});
		expect(
			evaluate(readingNodes(upload.parameters.url), {
				Store: { storeUrl: 'https://shop.example' },
			}),
		).toBe('https://shop.example/wp-json/wp/v2/media');
		const headers = (upload.parameters.headerParameters as { parameters: Assignment[] }).parameters;
		expect(headers.map((header) => header.name)).toEqual(['Content-Disposition']);
		expect(
			evaluate(
				String(headers[0].value).replace(
					"$('Get Storefront Listing').item.binary.image",
					'$json.image',
				),
				{ image },
			),
		).toBe('attachment; filename="pod-1001-motive-5002.png"');

		const write = node('Create or Update Product').parameters;
		const uploaded = evaluate(readingNodes(write.jsonBody), {
			Store: LISTING,
			'Find Product by SKU': {},
			id: 501,
			media_type: 'image',
			source_url: 'https://shop.example/wp-content/uploads/2026/12/pod-1001-motive-5002.png',
		}) as Record<string, unknown>;
		expect(uploaded.images).toEqual([{ id: 501, alt: 'Classic T-Shirt' }]);
		// No upload (kept, or no image at all): the request names no image, so WooCommerce keeps what it has.
		const kept = evaluate(readingNodes(write.jsonBody), {
			Store: LISTING,
			'Find Product by SKU': { id: 42 },
			id: 42,
		}) as Record<string, unknown>;
		expect(kept.images).toBeUndefined();
	});

	test("Published names the product's image, or says why it has none", () => {
		const published = node('Published');
		const value = (name: string) => assignmentsOf(published).find((a) => a.name === name)?.value;
		const of = (sample: Record<string, unknown>) => ({
			image: evaluate(readingNodes(value('image')), sample),
			imageNote: evaluate(readingNodes(value('imageNote')), sample),
		});
		const src = 'https://shop.example/wp-content/uploads/2026/12/pod-1001-motive-5002.png';
		expect(
			of({
				Store: LISTING,
				'Find Product by SKU': {},
				'Create or Update Product': { images: [{ id: 501, src }] },
			}),
		).toEqual({ image: src, imageNote: expect.stringMatching(/^Uploaded/) });
		expect(
			of({
				Store: LISTING,
				'Find Product by SKU': { images: [{ id: 501, src }] },
				'Create or Update Product': { images: [{ id: 501, src }] },
			}),
		).toEqual({ image: src, imageNote: expect.stringMatching(/nothing uploaded/) });
		const note =
			'The listing has no image (no motive is printed on it): the store product gets none.';
		expect(
			of({
				Store: { ...LISTING, images: [], imageNote: note },
				'Find Product by SKU': {},
				'Create or Update Product': { images: [] },
			}),
		).toEqual({ image: null, imageNote: note });
	});

	test('batches new variations as create, held ones (by SKU) as update, an unavailable pair out of stock, and a POD variation no longer listed out of stock', () => {
		const held = [
			{ id: 71, sku: LISTING.variants[1].sku },
			{ id: 72, sku: 'POD-P1001-C2001-S3006-Z' },
			{ id: 73, sku: 'MERCHANTS-OWN' },
		];
		const json = { body: held, Store: LISTING };
		const create = evaluate(
			readingNodes(assignment('Variations to Send', 'create')),
			json,
		) as Array<Record<string, unknown>>;
		const update = evaluate(
			readingNodes(assignment('Variations to Send', 'update')),
			json,
		) as Array<Record<string, unknown>>;
		for (const variation of [...create, ...update]) {
			expect(
				Object.keys(variation).filter(
					(key) => key !== 'id' && !WOOCOMMERCE_WRITABLE.variation.includes(key),
				),
			).toEqual([]);
		}
		expect(create).toEqual([
			{
				sku: LISTING.variants[0].sku,
				regular_price: '12.90',
				stock_status: 'instock',
				attributes: [
					{ name: 'Color', option: 'White' },
					{ name: 'Size', option: 'L' },
				],
			},
		]);
		expect(update).toEqual([
			expect.objectContaining({ id: 71, sku: LISTING.variants[1].sku, stock_status: 'outofstock' }),
			{ id: 72, stock_status: 'outofstock' },
		]);
		expect(String(node('Create and Update Variations').parameters.url)).toMatch(
			/\/wp-json\/wc\/v3\/products\/\{\{ \$json\.productId \}\}\/variations\/batch$/,
		);
	});
});

describe.each([
	{
		id: 'podExShopCheck',
		file: 'shopify-check-store.json',
		storefront: 'shopify' as const,
		intake: 'podExShopIntake',
		// Shopify's GraphQL Admin API `productVariants` (test/examples/shopifyGraphql.test.ts).
		reader: {
			name: 'Every Variant of the Store',
			type: 'n8n-nodes-base.httpRequest',
			credential: 'shopifyAccessTokenApi',
			parameters: { method: 'POST', url: '={{ $json.adminApi }}/graphql.json' },
		},
		orderNodes: ['Variant as a One-Line Order'],
	},
	{
		id: 'podExWooCheck',
		file: 'woocommerce-check-store.json',
		storefront: 'woocommerce' as const,
		intake: 'podExWooIntake',
		reader: {
			name: "Store's Products",
			type: 'n8n-nodes-base.wooCommerce',
			credential: 'wooCommerceApi',
			parameters: { resource: 'product', operation: 'getAll', returnAll: true },
		},
		// A variation becomes a line to check, and every line (a simple product's too) an order.
		orderNodes: ['Variation as a Line to Check', 'Line as a One-Line Order'],
	},
])('the set-up check example $file', ({ id, storefront, intake, reader, orderNodes }) => {
	const workflow = example(id);
	const node = (name: string) => workflow.nodes.find((entry) => entry.name === name) as ExampleNode;

	test("is built from n8n's own nodes and ours, with no Code node and no pinned data; reads the store's products with n8n's node of that store", () => {
		const types = workflow.nodes.map((entry) => entry.type);
		expect(types.every((type) => /^n8n-nodes-(base|pod-platform)\./.test(type))).toBe(true);
		expect(types.filter((type) => /code|function/i.test(type))).toEqual([]);
		expect(workflow.pinData ?? {}).toEqual({});
		expect(node(reader.name)).toMatchObject({ type: reader.type, parameters: reader.parameters });
		expect(Object.keys(node(reader.name).credentials ?? {})).toEqual([reader.credential]);
	});

	test('checks with Submit as the intake example submits (same shop, storefront, prints, carrier), Check Only on: nothing is sent', () => {
		const submit = example(intake).nodes.find(
			(entry) => entry.name === 'Submit Print Order',
		) as ExampleNode;
		// Exactly Once aside: a check sends no order, so there is nothing to keep from sending twice.
		const asIntake = { ...submit.parameters };
		delete asIntake.exactlyOnce;
		// Whatever the intake leaves out, the check names every line the print shop does not sell.
		expect(node('Check Only').parameters).toMatchObject({
			...asIntake,
			linesNotSold: 'fail',
			options: { checkOnly: true },
		});
		expect(node('Check Only').credentials).toEqual(submit.credentials);
	});

	test('turns each variant into a one-line order Submit reads as the intake reads a store order: its SKU and its options', () => {
		const sample =
			storefront === 'shopify'
				? {
						id: 'gid://shopify/ProductVariant/44',
						sku: 'TEE-CLASSIC',
						title: 'Purple / L',
						product: { id: 'gid://shopify/Product/8', title: 'Classic T-Shirt' },
					}
				: {
						id: 44,
						sku: 'TEE-CLASSIC',
						attributes: [
							{ id: 0, name: 'Color', option: 'Purple' },
							{ id: 0, name: 'Size', option: 'L' },
						],
						"Store's Products": { id: 8, name: 'Classic T-Shirt' },
					};
		const order = setNodes(orderNodes.map(node), sample);
		const read = readStorefrontOrder(storefront, order);
		expect(read.leftOut).toEqual([]);
		expect(read.lines).toEqual([
			expect.objectContaining({ sku: 'TEE-CLASSIC', title: 'Classic T-Shirt', amount: 1 }),
		]);
		expect(JSON.stringify(read.lines[0].variant)).toMatch(/Purple/);
		expect(read.header.shippingAddress).toMatchObject({ countryCode: 'US' });
	});

	test('keeps only the variants Submit cannot resolve, each with its problem and fix', () => {
		const [, check, filter, last] = chain(workflow, orderNodes[orderNodes.length - 1]);
		expect(check.name).toBe('Check Only');
		const kept = (ready: boolean) =>
			executeFilter(evaluate(filter.parameters.conditions, { ready }) as FilterValue);
		expect([kept(true), kept(false)]).toEqual([false, true]);
		const names = assignmentsOf(last).map((entry) => entry.name);
		expect(names).toEqual(expect.arrayContaining(['product', 'sku', 'problem', 'fix']));
		const refusal = {
			problems: [
				{ message: 'no color purple', fix: 'Name the color as the product does.' },
				{ message: 'no size XXS', fix: 'Name the size as the product does.' },
			],
		};
		const problem = assignmentsOf(last).find((entry) => entry.name === 'problem')?.value;
		expect(evaluate(problem, refusal)).toBe('no color purple; no size XXS');
	});
});

describe('the WooCommerce set-up check (woocommerce-check-store.json) and the product types', () => {
	const workflow = example('podExWooCheck');
	const node = (name: string) => workflow.nodes.find((entry) => entry.name === name) as ExampleNode;
	const targets = (name: string, output = 0) =>
		(workflow.connections[name]?.main[output] ?? []).map((target) => target.node);
	const rowFields = (name: string) => assignmentsOf(node(name)).map((entry) => entry.name);
	/** Where By Product Type sends a product: its first rule that holds, else its extra output. */
	function routeOf(product: Record<string, unknown>): string[] {
		const switchNode = node('By Product Type');
		const rules = (switchNode.parameters.rules as { values: Array<{ conditions: unknown }> })
			.values;
		const at = rules.findIndex((rule) =>
			executeFilter(evaluate(rule.conditions, product) as FilterValue),
		);
		return targets('By Product Type', at < 0 ? rules.length : at);
	}
	/**
	 * WooCommerce's documented simple product ("Create a product", JSON response example, in
	 * woocommerce-rest-api-docs' _products.md): the fields the check reads, with a SKU of ours and a
	 * product attribute that is no variation's (a simple product's attributes are only shown).
	 */
	const SIMPLE = {
		id: 794,
		name: 'Premium Quality',
		type: 'simple',
		sku: 'TOTE-COTTON',
		attributes: [
			{
				id: 0,
				name: 'Material',
				position: 0,
				visible: true,
				variation: false,
				options: ['Cotton'],
			},
		],
		variations: [],
		grouped_products: [],
	};
	const documentedSimpleLine = wooCommerceOrder.line_items[0];

	test('sends a variable product to its variations, a simple product straight to the lines to check, and a product of any other type to Not Checked', () => {
		expect(node('By Product Type')).toMatchObject({
			type: 'n8n-nodes-base.switch',
			parameters: { options: { fallbackOutput: 'extra' } },
		});
		expect(routeOf({ type: 'variable' })).toEqual(['Variations of Each Product']);
		expect(routeOf(SIMPLE)).toEqual(['Simple Product as a Line to Check']);
		for (const type of ['grouped', 'external', 'bundle']) {
			expect({ type, to: routeOf({ type }) }).toEqual({ type, to: ['Not Checked, and Why'] });
		}
		expect(targets('Variations of Each Product')).toEqual(['Variation as a Line to Check']);
		// Both kinds of line into one Merge, each on an input of its own, then the one order node.
		expect(workflow.connections['Variation as a Line to Check'].main[0]).toEqual([
			expect.objectContaining({ node: 'Every Line to Check', index: 0 }),
		]);
		expect(workflow.connections['Simple Product as a Line to Check'].main[0]).toEqual([
			expect.objectContaining({ node: 'Every Line to Check', index: 1 }),
		]);
		expect(node('Every Line to Check')).toMatchObject({
			type: 'n8n-nodes-base.merge',
			parameters: { mode: 'append' },
		});
		expect(targets('Every Line to Check')).toEqual(['Line as a One-Line Order']);
		expect(rowFields('Variation as a Line to Check')).toEqual(
			rowFields('Simple Product as a Line to Check'),
		);
	});

	test("a simple product is one line of its own, as WooCommerce writes a simple product's order line: its SKU and name, variation_id 0, no meta_data", () => {
		const order = setNodes(
			[node('Simple Product as a Line to Check'), node('Line as a One-Line Order')],
			SIMPLE,
		);
		const [line] = order.line_items as Array<Record<string, unknown>>;
		expect(line).toMatchObject({
			name: 'Premium Quality',
			product_id: 794,
			variation_id: documentedSimpleLine.variation_id,
			meta_data: documentedSimpleLine.meta_data,
			sku: 'TOTE-COTTON',
			quantity: 1,
		});
		// Only fields a WooCommerce order line has.
		expect(Object.keys(line).filter((key) => !(key in documentedSimpleLine))).toEqual([]);
		const read = readStorefrontOrder('woocommerce', order);
		expect(read.leftOut).toEqual([]);
		expect(read.lines).toEqual([
			expect.objectContaining({
				sku: 'TOTE-COTTON',
				title: 'Premium Quality',
				variant: [],
				amount: 1,
			}),
		]);
		expect(order.number).toBe('Premium Quality, product 794');
		// Without a SKU, Submit finds it by its name.
		const unnamed = setNodes(
			[node('Simple Product as a Line to Check'), node('Line as a One-Line Order')],
			{ ...SIMPLE, sku: '' },
		);
		expect(readStorefrontOrder('woocommerce', unnamed).lines).toEqual([
			expect.objectContaining({ title: 'Premium Quality', amount: 1 }),
		]);
		expect(readStorefrontOrder('woocommerce', unnamed).lines[0].sku).toBeUndefined();
	});

	test("a simple product's problem row names it, its SKU and no variation", () => {
		const line = setNodes([node('Simple Product as a Line to Check')], SIMPLE);
		const row = setNodes([node('Line, Problem and Fix')], {
			'Every Line to Check': line,
			problems: [{ message: 'no product has the SKU TOTE-COTTON', fix: 'Give the SKU.' }],
		});
		expect(row).toEqual({
			product: 'Premium Quality',
			variation: '',
			sku: 'TOTE-COTTON',
			productId: 794,
			variationId: 0,
			problem: 'no product has the SKU TOTE-COTTON',
			fix: 'Give the SKU.',
		});
	});

	test('a grouped, an external or any other product comes out as one row saying it was not checked and why, among the problem rows', () => {
		const rowOf = (type: string) =>
			setNodes([node('Not Checked, and Why')], {
				id: 800,
				name: 'Gift Set',
				type,
				sku: '',
				grouped_products: [794],
			});
		expect(rowFields('Not Checked, and Why')).toEqual(rowFields('Line, Problem and Fix'));
		expect(rowOf('grouped')).toMatchObject({
			product: 'Gift Set',
			productId: 800,
			variation: '',
			problem: expect.stringMatching(/^not checked: a grouped product .*its products are/),
			fix: expect.stringMatching(/\w/),
		});
		expect(rowOf('external').problem).toMatch(/^not checked: an external product .*another site/);
		expect(rowOf('bundle').problem).toBe(
			'not checked: the check reads simple and variable products, this one is of type bundle',
		);
		expect(rowOf('bundle').fix).toMatch(/Check Only/);
		// Both lists end in one output, the workflow's last node.
		expect(workflow.connections['Line, Problem and Fix'].main[0]).toEqual([
			expect.objectContaining({ node: 'Problems and Products Not Checked', index: 0 }),
		]);
		expect(workflow.connections['Not Checked, and Why'].main[0]).toEqual([
			expect.objectContaining({ node: 'Problems and Products Not Checked', index: 1 }),
		]);
		expect(node('Problems and Products Not Checked')).toMatchObject({
			type: 'n8n-nodes-base.merge',
			parameters: { mode: 'append' },
		});
		expect(workflow.connections['Problems and Products Not Checked']).toBeUndefined();
	});
});

test("every way back's Which Lines Were Printed leaves out the lines the print shop does not sell: it asks which were printed, and such a line was not", () => {
	const checks = examples.flatMap((workflow) =>
		workflow.nodes
			.filter((node) => node.name === 'Which Lines Were Printed')
			.map((node) => ({ workflow: workflow.id, linesNotSold: node.parameters.linesNotSold })),
	);
	expect(checks.length).toBe(4);
	expect(checks.filter((check) => check.linesNotSold !== 'leaveOut')).toEqual([]);
});
