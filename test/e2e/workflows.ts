/**
 * Workflows and credentials the end-to-end suite imports into the real n8n beside the examples:
 * each exercises one promise that only a real n8n can prove.
 */
import { randomUUID } from 'node:crypto';

import { DEMO } from '../../sandbox';
import { jsonOrder } from '../order/fixtures';
import { ORDERS, deferredOrderBody } from '../support/deferredOrder';
import { SANDBOX_CREDENTIAL_ID, exampleWorkflows, sandboxCredential } from '../../scripts/dev';
import type { WooCommerceStandIn } from '../../scripts/storefronts';
import {
	SHOPIFY_OAUTH2_CREDENTIAL,
	WOOCOMMERCE_CREDENTIAL,
	WOOCOMMERCE_URL_PLACEHOLDER,
} from '../../scripts/storefronts';

export const XML_CREDENTIAL_ID = 'podPlatformSandboxXml';
export const WRONG_PASSWORD_CREDENTIAL_ID = 'podPlatformWrongPassword';
export const WRONG_PASSWORD = ['not', 'the', 'password', '42'].join('-');
export const NO_PAGE_LOGIN_CREDENTIAL_ID = 'podPlatformNoPageLogin';

/**
 * The sandbox credential in XML, one with a wrong password, and one saved without the Creator page
 * login (as every credential saved before those fields existed).
 */
export function extraCredentials(baseUrl: string) {
	const json = sandboxCredential(baseUrl);
	const withoutPageLogin = Object.fromEntries(
		Object.entries(json.data).filter(([key]) => !key.startsWith('creatorPage')),
	);
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
		{
			...json,
			id: NO_PAGE_LOGIN_CREDENTIAL_ID,
			name: 'POD Platform without a Creator page login',
			data: withoutPageLogin,
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
	/** The version the node was saved with: the action node's current one (2) unless given. */
	typeVersion?: number;
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
				typeVersion: node.typeVersion ?? (node.type ? 1 : 2),
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
export const SNIPPET_WITHOUT_PAGE_LOGIN_WORKFLOW_ID = 'podE2eSnippetNoPageLogin';
export const REFUSED_LOGIN_WORKFLOW_ID = 'podE2eWrongPassword';
export const DATE_FILTER_WORKFLOW_ID = 'podE2eDateFilter';
export const VERSIONS_WORKFLOW_ID = 'podE2eVersions';
/** The orders the Submit of each version sends, by their Unique IDs. */
export const VERSION_ORDERS = { 1: 'E2E-SAVED-BY-V1', 2: 'E2E-SAVED-BY-V2' } as const;
export const XML_TRIGGER_WORKFLOW_ID = 'podE2eXmlTrigger';
/** A batch of orders on a sandbox of its own, whose sessions expire during it (issue 42, point 2). */
export const SESSION_EXPIRY_WORKFLOW_ID = 'podE2eSessionExpiry';
export const SESSION_EXPIRY_CREDENTIAL_ID = 'podPlatformSessionExpiry';
export const SESSION_EXPIRY_BATCH = { orders: 60, concurrency: 8, prefix: 'E2E-SESSION' } as const;
/**
 * Three workflows of the same shape, each its own orders, run at once in n8n's main process:
 * overlapping executions on one credential.
 */
export const OVERLAPPING_SESSION_EXPIRY = {
	workflowIds: ['podE2eSessionExpiryA', 'podE2eSessionExpiryB', 'podE2eSessionExpiryC'],
	orders: 30,
	concurrency: 4,
} as const;
export const POLL_WORKFLOW_ID = 'podE2ePoll';

/**
 * An example workflow with another payload pinned to its trigger, under an ID and name of its
 * own: the same nodes and mapping, run on an order the example does not hold. Its webhook IDs are
 * new, so that it never shares a webhook path with the example.
 */
export function withPinnedPayload(
	exampleId: string,
	id: string,
	trigger: string,
	payload: unknown,
): Record<string, unknown> {
	const example = exampleWorkflows().find((workflow) => workflow.id === exampleId) as {
		name: string;
		nodes: Array<Record<string, unknown>>;
	};
	return {
		...example,
		id,
		name: `E2E: ${example.name}, another order`,
		nodes: example.nodes.map((node) =>
			node.webhookId ? { ...node, webhookId: randomUUID() } : node,
		),
		pinData: { [trigger]: [{ json: payload }] },
	};
}

/** The credential of the second sandbox, whose color/size pairs carry SKU texts. */
export const SKU_TEXTS_CREDENTIAL_ID = 'podPlatformSandboxSkuTexts';

/** That credential: the sandbox credential, pointed at the sandbox with the extension. */
export function skuTextsCredential(baseUrl: string) {
	return {
		...sandboxCredential(baseUrl),
		id: SKU_TEXTS_CREDENTIAL_ID,
		name: 'POD Platform sandbox with SKU texts',
	};
}

/**
 * An intake example on the service whose color/size pairs carry SKU texts: its nodes of ours use
 * that sandbox's credential, and its trigger holds `payload` (a documented order as it is).
 */
export function onSkuTextService(
	exampleId: string,
	id: string,
	trigger: string,
	payload: unknown,
): Record<string, unknown> {
	const pinned = withPinnedPayload(exampleId, id, trigger, payload) as {
		name: string;
		nodes: Array<{ type: string; credentials?: Record<string, unknown> }>;
	};
	return {
		...pinned,
		name: `${pinned.name}, on a service with SKU texts`,
		nodes: pinned.nodes.map((node) =>
			node.type.startsWith('n8n-nodes-pod-platform.')
				? {
						...node,
						credentials: {
							podPlatformApi: { id: SKU_TEXTS_CREDENTIAL_ID, name: SKU_TEXTS_CREDENTIAL_ID },
						},
					}
				: node,
		),
	};
}

/** The way back to a second WooCommerce store of the same merchant, under its own store key. */
export const SECOND_WOO_STORE = {
	workflowId: 'podE2eWooEuBack',
	storeKey: 'woocommerce-eu',
	credential: { id: 'wooCommerceEuStandIn', name: 'WooCommerce EU stand-in' },
};

/**
 * The WooCommerce way-back example as a merchant copies it for a second store: the key
 * `woocommerce-eu` in its Store node, that store's address and its own credential (n8n's WooCommerce
 * node takes the store's address from the credential), and a webhook of its own.
 */
export function secondWooCommerceStore(standIn: WooCommerceStandIn) {
	const example = exampleWorkflows().find((workflow) => workflow.id === 'podExWayBackWoo') as {
		name: string;
		nodes: Array<Record<string, unknown>>;
	};
	const text = JSON.stringify(example)
		.split(WOOCOMMERCE_URL_PLACEHOLDER)
		.join(standIn.url)
		.split(JSON.stringify(WOOCOMMERCE_CREDENTIAL))
		.join(JSON.stringify(SECOND_WOO_STORE.credential));
	const copy = JSON.parse(text) as typeof example;
	const nodes = copy.nodes.map((node) => {
		if (node.webhookId) return { ...node, webhookId: randomUUID() };
		if (node.name !== 'Store') return node;
		const parameters = node.parameters as {
			assignments: { assignments: Array<{ name: string; value: unknown }> };
		};
		const assignments = parameters.assignments.assignments.map((assignment) =>
			assignment.name === 'storeKey'
				? { ...assignment, value: SECOND_WOO_STORE.storeKey }
				: assignment,
		);
		return { ...node, parameters: { ...parameters, assignments: { assignments } } };
	});
	return {
		credential: {
			...SECOND_WOO_STORE.credential,
			type: 'wooCommerceApi',
			data: {
				consumerKey: standIn.consumerKey,
				consumerSecret: standIn.consumerSecret,
				url: standIn.url,
				includeCredentialsInQuery: false,
			},
		},
		workflow: {
			...copy,
			id: SECOND_WOO_STORE.workflowId,
			name: `E2E: ${copy.name}, store ${SECOND_WOO_STORE.storeKey}`,
			nodes,
		},
	};
}

/**
 * The credential of the session expiry case: the sandbox login, on a sandbox that nothing else
 * uses (the poll trigger's logins on the shared one would blur the count), with no session yet.
 */
export function sessionExpiryCredential(baseUrl: string) {
	const json = sandboxCredential(baseUrl);
	return {
		...json,
		id: SESSION_EXPIRY_CREDENTIAL_ID,
		name: 'POD Platform sandbox of the session expiry case',
	};
}

/**
 * Manual start → a Set node holding the batch's orders → one item per order → Submit at
 * concurrency 8, as a storefront catch-up submits a day of orders.
 */
function sessionExpiryWorkflow(
	id: string,
	{ orders, concurrency, prefix }: { orders: number; concurrency: number; prefix: string },
) {
	const batch = Array.from({ length: orders }, (_, i) =>
		deferredOrderBody(ORDERS.plain(`${prefix}-${i}`)),
	);
	return {
		id,
		name: 'E2E: a batch whose session expires while it runs',
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
			{
				id: `${id}-orders`,
				name: 'Orders',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [220, 0],
				parameters: { mode: 'raw', jsonOutput: JSON.stringify({ orders: batch }), options: {} },
			},
			{
				id: `${id}-split`,
				name: 'One Order Per Item',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [440, 0],
				parameters: { fieldToSplitOut: 'orders', options: {} },
			},
			{
				id: `${id}-submit`,
				name: 'Submit',
				type: 'n8n-nodes-pod-platform.podPlatform',
				typeVersion: 2,
				position: [660, 0],
				parameters: {
					resource: 'order',
					operation: 'submit',
					shop: SHOP,
					input: 'json',
					orderJson: '={{ JSON.stringify($json) }}',
					// The orders are plain T-shirts, blank by choice (Print on Designs: Nothing).
					linePrinting: 'blank',
					options: { concurrency },
				},
				credentials: credentialRef(SESSION_EXPIRY_CREDENTIAL_ID),
			},
		],
		connections: {
			Start: { main: [[{ node: 'Orders', type: 'main', index: 0 }]] },
			Orders: { main: [[{ node: 'One Order Per Item', type: 'main', index: 0 }]] },
			'One Order Per Item': { main: [[{ node: 'Submit', type: 'main', index: 0 }]] },
		},
		// Pinned, so that the editor's way of running it (POST /rest/workflows/:id/run) starts it.
		pinData: { Start: [{ json: {} }] },
		settings: { executionOrder: 'v1' },
	};
}

export function e2eWorkflows() {
	return [
		sessionExpiryWorkflow(SESSION_EXPIRY_WORKFLOW_ID, SESSION_EXPIRY_BATCH),
		...OVERLAPPING_SESSION_EXPIRY.workflowIds.map((id, run) =>
			sessionExpiryWorkflow(id, {
				orders: OVERLAPPING_SESSION_EXPIRY.orders,
				concurrency: OVERLAPPING_SESSION_EXPIRY.concurrency,
				prefix: `E2E-OVERLAP-${'ABC'[run]}`,
			}),
		),
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
		manualWorkflow(
			SNIPPET_WITHOUT_PAGE_LOGIN_WORKFLOW_ID,
			'E2E: Creator snippet of a credential without a page login',
			[
				{
					name: 'Snippet',
					parameters: { resource: 'creator', operation: 'getSnippet', shop: SHOP },
					credentialId: NO_PAGE_LOGIN_CREDENTIAL_ID,
				},
			],
		),
		manualWorkflow(REFUSED_LOGIN_WORKFLOW_ID, 'E2E: a wrong password at run time', [
			{
				name: 'Shops',
				parameters: { resource: 'shop', operation: 'getAll', returnAll: true },
				credentialId: WRONG_PASSWORD_CREDENTIAL_ID,
			},
		]),
		// Submit as version 1 saved it (Input Mode: JSON) beside version 2 (Input: Order JSON).
		manualWorkflow(VERSIONS_WORKFLOW_ID, 'E2E: Submit saved by version 1 and by version 2', [
			{
				name: 'Saved by Version 1',
				typeVersion: 1,
				parameters: {
					resource: 'order',
					operation: 'submit',
					shop: SHOP,
					inputMode: 'json',
					orderJson: JSON.stringify(jsonOrder(VERSION_ORDERS[1])),
				},
			},
			{
				name: 'Saved by Version 2',
				typeVersion: 2,
				parameters: {
					resource: 'order',
					operation: 'submit',
					shop: SHOP,
					input: 'json',
					orderJson: JSON.stringify(jsonOrder(VERSION_ORDERS[2])),
				},
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
								operator: 'gte',
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

/** Two order-intake workflows the queue-mode suite runs at once: a webhook of orders, one order per item, Submit. */
export const QUEUE_ORDER_WORKFLOWS = [
	{ id: 'podQueueOrdersA', path: 'queue-orders-a' },
	{ id: 'podQueueOrdersB', path: 'queue-orders-b' },
];
export const DEDUPE_WORKFLOW_ID = 'podQueueDedupe';
/** What the dedupe workflow's last node writes once per event that passed Remove Duplicates. */
export const EMITTED_MARKER = 'emitted-';

export function queueWorkflows() {
	const orders = QUEUE_ORDER_WORKFLOWS.map(({ id, path }, index) => ({
		id,
		name: `Queue: orders posted to /${path}`,
		active: false,
		nodes: [
			{
				id: `${id}-hook`,
				name: 'Orders Posted',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: `5b1f0c3e-2a4d-4e6f-8a9b-0c1d2e3f4a5${index}`,
				parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
			},
			{
				id: `${id}-split`,
				name: 'One Order Per Item',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [260, 0],
				parameters: { fieldToSplitOut: 'body.orders', options: {} },
			},
			{
				id: `${id}-submit`,
				name: 'Submit',
				type: 'n8n-nodes-pod-platform.podPlatform',
				// Saved by version 1 (Input Mode: JSON): such workflows run on in queue mode too.
				typeVersion: 1,
				position: [520, 0],
				parameters: {
					resource: 'order',
					operation: 'submit',
					shop: SHOP,
					inputMode: 'json',
					orderJson: '={{ JSON.stringify($json) }}',
					options: { concurrency: 8 },
				},
				credentials: credentialRef(SANDBOX_CREDENTIAL_ID),
			},
		],
		connections: {
			'Orders Posted': { main: [[{ node: 'One Order Per Item', type: 'main', index: 0 }]] },
			'One Order Per Item': { main: [[{ node: 'Submit', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	}));
	const dedupe = {
		id: DEDUPE_WORKFLOW_ID,
		name: "Queue: order updates through n8n's Remove Duplicates",
		active: false,
		nodes: [
			{
				id: 'dedupe-trigger',
				name: 'Order Updated',
				type: 'n8n-nodes-pod-platform.podPlatformTrigger',
				typeVersion: 1,
				position: [0, 0],
				webhookId: '0f4e3d2c-1b0a-4f9e-8d7c-6b5a4f3e2d1c',
				parameters: { shop: SHOP, topics: ['orders/updated'], mediaType: 'JSON', options: {} },
				credentials: credentialRef(SANDBOX_CREDENTIAL_ID),
			},
			{
				id: 'dedupe-remove',
				name: 'Remove Duplicates',
				type: 'n8n-nodes-base.removeDuplicates',
				typeVersion: 2,
				position: [260, 0],
				parameters: {
					operation: 'removeItemsSeenInPreviousExecutions',
					logic: 'removeItemsWithAlreadySeenKeyValues',
					dedupeValue: '={{ $json.deliveryKey }}',
					options: {},
				},
			},
			{
				id: 'dedupe-emitted',
				name: 'Emitted',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [520, 0],
				parameters: {
					mode: 'manual',
					assignments: {
						assignments: [
							{
								id: 'e1',
								name: 'emitted',
								// Computed, so the marker appears in run data only, never in the workflow itself.
								value: `={{ '${EMITTED_MARKER}' + $json.deliveryKey }}`,
								type: 'string',
							},
						],
					},
					options: {},
				},
			},
		],
		connections: {
			'Order Updated': { main: [[{ node: 'Remove Duplicates', type: 'main', index: 0 }]] },
			'Remove Duplicates': { main: [[{ node: 'Emitted', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
	return [...orders, dedupe];
}

/** The credential of a sandbox that refuses a repeated Unique ID with 409 (`refuseRepeatedUniqueId`). */
export const REFUSING_REPEATS_CREDENTIAL_ID = 'podPlatformSandboxRefusingRepeats';

/** That credential: the sandbox credential, pointed at the sandbox started with the option. */
export function refusingRepeatsCredential(baseUrl: string) {
	return {
		...sandboxCredential(baseUrl),
		id: REFUSING_REPEATS_CREDENTIAL_ID,
		name: 'POD Platform sandbox refusing a repeated Unique ID',
	};
}

/** A node of ours on another credential; any other node as it is. */
function onOurCredential<T extends { type: string }>(node: T, credentialId: string): T {
	return node.type.startsWith('n8n-nodes-pod-platform.')
		? { ...node, credentials: credentialRef(credentialId) }
		: node;
}

/**
 * A workflow under an ID and name of its own whose nodes of ours use another credential (a
 * sandbox of another deployment); its webhook IDs are new, so that it shares no webhook path.
 */
export function onCredential(
	workflow: Record<string, unknown>,
	id: string,
	credentialId: string,
): Record<string, unknown> {
	const nodes = workflow.nodes as Array<{ type: string; webhookId?: string }>;
	return {
		...workflow,
		id,
		name: `E2E: ${String(workflow.name)}, on ${credentialId}`,
		nodes: nodes.map((node) =>
			onOurCredential(node.webhookId ? { ...node, webhookId: randomUUID() } : node, credentialId),
		),
	};
}

/** The Webhook node that replaces an intake example's storefront trigger. */
export const WEBHOOK_INTAKE_TRIGGER = 'Order Received';
/** The node after it that hands Submit the order the delivery carried (the Webhook's `body`). */
export const WEBHOOK_INTAKE_BODY = 'Order From Body';

/**
 * An intake example (the Shopify or WooCommerce one) with its storefront trigger replaced by
 * n8n's own Webhook node at `webhookPath`: POST, answered on receipt as the storefront triggers
 * answer. The Webhook's item is `{headers, params, query, body}`, so an Edit Fields node (raw
 * JSON) passes on `body`, the storefront's order as its trigger would have given it; every other
 * node, the example's Submit among them, is as shipped. With `credentialId`, the nodes of ours use
 * that credential (a sandbox of another deployment).
 */
export function intakeOnWebhook(
	exampleId: string,
	id: string,
	webhookPath: string,
	credentialId?: string,
): Record<string, unknown> {
	const example = exampleWorkflows().find((workflow) => workflow.id === exampleId) as {
		name: string;
		nodes: Array<{ name: string; type: string; position: number[] } & Record<string, unknown>>;
		connections: Record<string, { main: unknown }>;
	};
	// Every storefront trigger goes (the WooCommerce intake has two, created and updated); the
	// Webhook takes the first one's place.
	const triggers = example.nodes.filter((node) => node.webhookId !== undefined);
	const [trigger] = triggers;
	if (!trigger) throw new Error(`${exampleId} has no trigger with a webhook`);
	const [x, y] = trigger.position;
	const fromTrigger = example.connections[trigger.name];
	const connections = Object.fromEntries(
		Object.entries(example.connections).filter(
			([name]) => !triggers.some((node) => node.name === name),
		),
	);
	const rest = example.nodes
		.filter((node) => !triggers.includes(node))
		.map((node) => (credentialId ? onOurCredential(node, credentialId) : node));
	return {
		...example,
		id,
		name: `E2E: ${example.name}, started by a Webhook at /${webhookPath}`,
		active: false,
		pinData: {},
		nodes: [
			{
				id: `${id}-webhook`,
				name: WEBHOOK_INTAKE_TRIGGER,
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [x - 280, y],
				webhookId: randomUUID(),
				parameters: {
					httpMethod: 'POST',
					path: webhookPath,
					responseMode: 'onReceived',
					options: {},
				},
			},
			{
				id: `${id}-body`,
				name: WEBHOOK_INTAKE_BODY,
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [x, y],
				parameters: { mode: 'raw', jsonOutput: '={{ $json.body }}', options: {} },
			},
			...rest,
		],
		connections: {
			...connections,
			[WEBHOOK_INTAKE_TRIGGER]: {
				main: [[{ node: WEBHOOK_INTAKE_BODY, type: 'main', index: 0 }]],
			},
			[WEBHOOK_INTAKE_BODY]: fromTrigger,
		},
	};
}

/**
 * A Shopify example on n8n's Shopify OAuth2 API credential (a Dev Dashboard app), as a merchant
 * sets it: each HTTP Request node's Credential Type and credential, the trigger's Authentication.
 */
export function onShopifyOAuth2(
	workflow: Record<string, unknown>,
	id: string,
): Record<string, unknown> {
	type Node = {
		type: string;
		parameters: Record<string, unknown>;
		credentials?: Record<string, unknown>;
		webhookId?: string;
	};
	const nodes = (workflow.nodes as Node[]).map((node) => {
		if (!node.credentials?.shopifyAccessTokenApi) return node;
		const parameters =
			node.type === 'n8n-nodes-base.shopifyTrigger'
				? { ...node.parameters, authentication: 'oAuth2' }
				: { ...node.parameters, nodeCredentialType: 'shopifyOAuth2Api' };
		return {
			...node,
			...(node.webhookId ? { webhookId: randomUUID() } : {}),
			parameters,
			credentials: { shopifyOAuth2Api: SHOPIFY_OAUTH2_CREDENTIAL },
		};
	});
	return {
		...workflow,
		id,
		name: `E2E: ${String(workflow.name)}, on Shopify OAuth2`,
		nodes,
	};
}
