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
