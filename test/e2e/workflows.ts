/**
 * Workflows and credentials the end-to-end suite imports into the real n8n beside the examples:
 * each exercises one promise that only a real n8n can prove.
 */
import { DEMO } from '../../sandbox';
import { SANDBOX_CREDENTIAL_ID, sandboxCredential } from '../../scripts/dev';

export const XML_CREDENTIAL_ID = 'podPlatformSandboxXml';
export const WRONG_PASSWORD_CREDENTIAL_ID = 'podPlatformWrongPassword';
export const WRONG_PASSWORD = ['not', 'the', 'password', '42'].join('-');

/** The sandbox credential in XML, and one with a wrong password. */
export function extraCredentials(baseUrl: string) {
	const json = sandboxCredential(baseUrl);
	return [
		{
			...json,
			id: XML_CREDENTIAL_ID,
			name: 'POD Platform sandbox (XML)',
			data: { ...json.data, mediaType: 'xml' },
		},
		{
			...json,
			id: WRONG_PASSWORD_CREDENTIAL_ID,
			name: 'POD Platform wrong password',
			data: { ...json.data, password: WRONG_PASSWORD },
		},
	];
}

const SHOP = { __rl: true, mode: 'id', value: String(DEMO.shopId) };

const credentialRef = (id: string) => ({
	podPlatformApi: { id, name: id },
});

interface NodeSpec {
	name: string;
	parameters: Record<string, unknown>;
	credentialId?: string;
	type?: string;
}

/** A workflow started by hand whose nodes all hang off the start node, side by side. */
function manualWorkflow(id: string, name: string, nodes: NodeSpec[]) {
	return {
		id,
		name,
		active: false,
		nodes: [
			{
				id: `${id}-start`,
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			...nodes.map((node, index) => ({
				id: `${id}-${index}`,
				name: node.name,
				type: node.type ?? 'n8n-nodes-pod-platform.podPlatform',
				typeVersion: 1,
				position: [300, index * 120],
				parameters: node.parameters,
				credentials: credentialRef(node.credentialId ?? SANDBOX_CREDENTIAL_ID),
			})),
		],
		connections: {
			Start: { main: [nodes.map((node) => ({ node: node.name, type: 'main', index: 0 }))] },
		},
		settings: { executionOrder: 'v1' },
	};
}

/** Read operations whose outputs must be the same for a JSON and an XML credential. */
export const PARITY_OPERATIONS: Array<{ name: string; parameters: Record<string, unknown> }> = [
	{ name: 'Shops', parameters: { resource: 'shop', operation: 'getAll', returnAll: true } },
	{ name: 'Countries', parameters: { resource: 'country', operation: 'getAll', returnAll: true } },
	{
		name: 'Carriers',
		parameters: { resource: 'carrier', operation: 'getAll', shop: SHOP, returnAll: true },
	},
	{
		name: 'Products',
		parameters: { resource: 'product', operation: 'getAll', shop: SHOP, returnAll: true },
	},
	{
		name: 'Product',
		parameters: {
			resource: 'product',
			operation: 'getExpanded',
			shop: SHOP,
			productId: { __rl: true, mode: 'id', value: '1001' },
		},
	},
	{
		name: 'SKUs',
		parameters: {
			resource: 'product',
			operation: 'getSkus',
			shop: SHOP,
			productId: { __rl: true, mode: 'id', value: '1001' },
		},
	},
	{
		name: 'Motives',
		parameters: { resource: 'motive', operation: 'getAll', shop: SHOP, returnAll: true },
	},
	{
		name: 'Orders',
		parameters: { resource: 'order', operation: 'getAll', shop: SHOP, returnAll: true },
	},
	{
		name: 'CSV Imports',
		parameters: { resource: 'csvImport', operation: 'getAll', shop: SHOP, returnAll: true },
	},
	{
		name: 'Webhooks',
		parameters: { resource: 'webhook', operation: 'getAll', shop: SHOP, returnAll: true },
	},
	{
		name: 'Shared Products',
		parameters: { resource: 'sharedProduct', operation: 'getAll', shop: SHOP, returnAll: true },
	},
];

export const PARITY_WORKFLOW_ID = 'podE2eParity';
export const SNIPPET_WORKFLOW_ID = 'podE2eSnippet';
export const REFUSED_LOGIN_WORKFLOW_ID = 'podE2eWrongPassword';
export const DATE_FILTER_WORKFLOW_ID = 'podE2eDateFilter';
export const XML_TRIGGER_WORKFLOW_ID = 'podE2eXmlTrigger';
export const POLL_WORKFLOW_ID = 'podE2ePoll';

export function e2eWorkflows() {
	return [
		manualWorkflow(PARITY_WORKFLOW_ID, 'E2E: JSON and XML give the same output', [
			...PARITY_OPERATIONS.map((operation) => ({ ...operation, name: `${operation.name} JSON` })),
			...PARITY_OPERATIONS.map((operation) => ({
				...operation,
				name: `${operation.name} XML`,
				credentialId: XML_CREDENTIAL_ID,
			})),
		]),
		manualWorkflow(SNIPPET_WORKFLOW_ID, 'E2E: Creator snippet', [
			{ name: 'Snippet', parameters: { resource: 'creator', operation: 'getSnippet', shop: SHOP } },
		]),
		manualWorkflow(REFUSED_LOGIN_WORKFLOW_ID, 'E2E: a wrong password at run time', [
			{
				name: 'Shops',
				parameters: { resource: 'shop', operation: 'getAll', returnAll: true },
				credentialId: WRONG_PASSWORD_CREDENTIAL_ID,
			},
		]),
		manualWorkflow(DATE_FILTER_WORKFLOW_ID, 'E2E: orders created from half an hour on', [
			{
				name: 'Later Orders',
				parameters: {
					resource: 'order',
					operation: 'getAll',
					shop: SHOP,
					returnAll: true,
					filterMode: 'build',
					filterConditions: {
						condition: [
							{
								conditionType: 'simple',
								property: 'created',
								operator: '>=',
								value: "={{ $now.plus(30, 'minutes') }}",
								valueIsDate: true,
							},
						],
					},
				},
			},
		]),
		{
			id: XML_TRIGGER_WORKFLOW_ID,
			name: 'E2E: order updates delivered as XML',
			active: false,
			nodes: [
				{
					id: 'xml-trigger',
					name: 'Order Updated (XML)',
					type: 'n8n-nodes-pod-platform.podPlatformTrigger',
					typeVersion: 1,
					position: [0, 0],
					webhookId: '7d0c4a52-6a0e-4d5c-9f62-8b1f3e2a9c11',
					parameters: { shop: SHOP, topics: ['orders/updated'], options: { mediaType: 'XML' } },
					credentials: credentialRef(SANDBOX_CREDENTIAL_ID),
				},
			],
			connections: {},
			settings: { executionOrder: 'v1' },
		},
		{
			id: POLL_WORKFLOW_ID,
			name: 'E2E: fulfilled orders by polling',
			active: false,
			nodes: [
				{
					id: 'poll-trigger',
					name: 'Fulfilled (Polling)',
					type: 'n8n-nodes-pod-platform.podPlatformPollTrigger',
					typeVersion: 1,
					position: [0, 0],
					parameters: {
						pollTimes: { item: [{ mode: 'everyMinute' }] },
						shop: SHOP,
						topics: ['orders/fulfilled'],
						options: {},
					},
					credentials: credentialRef(SANDBOX_CREDENTIAL_ID),
				},
			],
			connections: {},
			settings: { executionOrder: 'v1' },
		},
	];
}
