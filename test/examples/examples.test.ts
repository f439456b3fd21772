/**
 * What every example workflow must hold before n8n imports it (the end-to-end suite runs them).
 */
import { exampleWorkflows } from '../../scripts/dev';

interface ExampleNode {
	name: string;
	type: string;
	credentials?: Record<string, { id: string; name: string }>;
}
interface Example {
	id: string;
	name: string;
	nodes: ExampleNode[];
}

const examples = exampleWorkflows() as unknown as Example[];

test('every example has an ID n8n keeps static data for (at most 21 characters), once', () => {
	// n8n 2.40.7 saves a workflow's static data only when its ID passes isWorkflowIdValid
	// (packages/cli/src/utils.ts: a string of 1 to 21 characters); a longer ID imports and
	// activates, but the trigger's subscriptions are never saved and every delivery is refused.
	const tooLong = examples.filter((example) => example.id.length > 21).map((example) => example.id);
	expect(tooLong).toEqual([]);
	const ids = examples.map((example) => example.id);
	expect(new Set(ids).size).toBe(ids.length);
});

describe.each([
	['print-events-to-shopify.json', 'podExWayBackShopify', 'shopifyAccessTokenApi'],
	['print-events-to-woocommerce.json', 'podExWayBackWoo', 'wooCommerceApi'],
])('the way-back example %s', (_file, id, storeCredential) => {
	const example = examples.find((workflow) => workflow.id === id) as Example;

	test("is built from n8n's own nodes and ours, with no Code node", () => {
		const types = example.nodes.map((node) => node.type);
		expect(types.every((type) => /^n8n-nodes-(base|pod-platform)\./.test(type))).toBe(true);
		expect(types.filter((type) => /code|function/i.test(type))).toEqual([]);
		expect(types).toContain('n8n-nodes-pod-platform.podPlatformTrigger');
	});

	test("sends every storefront request with n8n's credential of that store", () => {
		const storeNodes = example.nodes.filter(
			(node) =>
				node.type === 'n8n-nodes-base.httpRequest' || node.type === 'n8n-nodes-base.wooCommerce',
		);
		expect(storeNodes.length).toBeGreaterThan(0);
		for (const node of storeNodes) {
			expect({ node: node.name, credentials: Object.keys(node.credentials ?? {}) }).toEqual({
				node: node.name,
				credentials: [storeCredential],
			});
		}
	});
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
			'find_order_by_unique_id',
			'get_order',
			'list_product_variants',
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

	test('fixes shop, resource and operation on every tool and writes each tool description itself', () => {
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
			expect({ tool: tool.name, descriptionType: parameters.descriptionType }).toEqual({
				tool: tool.name,
				descriptionType: 'manual',
			});
			expect(String(parameters.toolDescription).length).toBeGreaterThan(100);
		}
	});

	test('orders only in Pending, never as the model says, with Exactly Once', () => {
		const submit = tools.find((tool) => tool.parameters.operation === 'submit') as ToolNode;
		expect(submit.parameters.financialStatus).toBe('PENDING');
		expect(submit.parameters.options).toMatchObject({ exactlyOnce: true });
		expect(String(submit.parameters.uniqueId)).toContain("$fromAI('uniqueId'");
		expect(String(submit.parameters.toolDescription)).toContain(
			'it creates a print order in Pending; it is not produced or charged until the merchant pays it',
		);
		expect(String(submit.parameters.toolDescription)).toContain('alreadyExisted');
	});
});
