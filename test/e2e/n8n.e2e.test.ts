/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- drives a real n8n from Node, never shipped */
/**
 * A real, pinned n8n with the packed package installed the way a self-hosted admin does. The
 * example workflows run against the sandbox; the trigger registers subscriptions and receives
 * signed deliveries from it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';

import type { Sandbox } from '../../sandbox';
import { DEMO, startSandbox } from '../../sandbox';
import {
	EXAMPLE_FILES,
	exampleWorkflows,
	sandboxCredential,
	writeExampleFiles,
} from '../../scripts/dev';
import type { N8nInstance, N8nOptions, N8nRuntime } from '../../scripts/n8n-runtime';
import {
	ensureN8n,
	freePort,
	installPackage,
	n8nCli,
	ownerSession,
	packPackage,
	rest,
	startN8n,
} from '../../scripts/n8n-runtime';

jest.setTimeout(300_000);

let runtime: N8nRuntime;
let sandbox: Sandbox;
let n8n: N8nInstance;
let cookie: string;
let options: N8nOptions;
let workFolder: string;

async function control<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
	const response = await request(`${sandbox.controlUrl}${route}`, {
		method,
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.body.text();
	if (response.statusCode >= 400) throw new Error(`${route}: ${response.statusCode} ${text}`);
	return (text ? JSON.parse(text) : undefined) as T;
}

interface Subscription {
	id: number;
	address: string;
	topic: string;
}

/** The shop's webhook subscriptions, read from the service with the demo login. */
async function subscriptions(): Promise<Subscription[]> {
	const login = await request(`${sandbox.baseUrl}/auth`, {
		headers: {
			authorization: `Basic ${Buffer.from(`${DEMO.login}:${DEMO.password}`).toString('base64')}`,
		},
	});
	await login.body.dump();
	const token = String(login.headers['x-auth-token']);
	const list = await request(
		`${sandbox.baseUrl}/accounts/${DEMO.accountId}/shops/${DEMO.shopId}/webhooks?size=100`,
		{ headers: { 'x-auth-token': token, accept: 'application/json' } },
	);
	const page = (await list.body.json()) as {
		pagedData: { webhook?: Subscription | Subscription[] };
	};
	const items = page.pagedData.webhook;
	return items === undefined || (items as unknown) === ''
		? []
		: ([] as Subscription[]).concat(items);
}

interface ExecutionSummary {
	id: string;
	status: string;
	workflowId: string;
}

async function executionsOf(workflowId: string): Promise<ExecutionSummary[]> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const page = await rest<{ results: ExecutionSummary[] }>(
		n8n,
		cookie,
		'GET',
		`/executions?filter=${filter}&limit=100`,
	);
	return page.results;
}

async function executionData(id: string): Promise<string> {
	const execution = await rest<{ data: string }>(n8n, cookie, 'GET', `/executions/${id}`);
	return typeof execution.data === 'string' ? execution.data : JSON.stringify(execution.data);
}

async function waitFor<T>(
	what: string,
	probe: () => Promise<T | undefined>,
	timeoutMs = 30_000,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
}

async function activate(workflowId: string) {
	const workflow = await rest<{ versionId: string }>(
		n8n,
		cookie,
		'GET',
		`/workflows/${workflowId}`,
	);
	await rest(n8n, cookie, 'POST', `/workflows/${workflowId}/activate`, {
		versionId: workflow.versionId,
	});
}

async function deactivate(workflowId: string) {
	await rest(n8n, cookie, 'POST', `/workflows/${workflowId}/deactivate`, {});
}

async function execute(workflowId: string): Promise<string> {
	const { stdout } = await n8nCli(runtime, options, [
		'execute',
		`--id=${workflowId}`,
		'--rawOutput',
	]);
	return stdout;
}

const storefrontOrder = (orderNumber: number) => ({
	order_number: orderNumber,
	email: 'ada@example.com',
	financial_status: 'paid',
	customer: { first_name: 'Ada', last_name: 'Lovelace' },
	shipping_address: {
		first_name: 'Ada',
		last_name: 'Lovelace',
		address1: 'Torstraße',
		address2: '12',
		city: 'Berlin',
		zip: '10119',
		country_code: 'DE',
	},
	shipping_lines: [{ title: 'Standard' }],
	line_items: [
		{ product_id: 1001, sku: 'TEE-CLASSIC-WHITE-M', quantity: 2, properties: { motive_id: 5001 } },
	],
});

beforeAll(async () => {
	runtime = await ensureN8n();
	sandbox = await startSandbox({ port: 0, deferredProcessingMs: 100 });
	workFolder = mkdtempSync(path.join(tmpdir(), 'pod-platform-e2e-'));
	const userFolder = path.join(workFolder, 'n8n');
	const port = await freePort();
	options = { userFolder, port, env: { N8N_RESTRICT_FILE_ACCESS_TO: EXAMPLE_FILES } };

	const tarball = await packPackage(path.join(workFolder, 'package'));
	await installPackage(userFolder, tarball);

	const credentialsFile = path.join(workFolder, 'credentials.json');
	writeFileSync(credentialsFile, JSON.stringify([sandboxCredential(sandbox.baseUrl)]));
	await n8nCli(runtime, options, ['import:credentials', `--input=${credentialsFile}`]);
	const workflowsFile = path.join(workFolder, 'workflows.json');
	writeFileSync(workflowsFile, JSON.stringify(exampleWorkflows()));
	await n8nCli(runtime, options, ['import:workflow', `--input=${workflowsFile}`]);
	writeExampleFiles();

	n8n = await startN8n(runtime, options);
	cookie = await ownerSession(n8n);
}, 45 * 60_000);

afterAll(async () => {
	// What n8n printed stays beside the system temp folder for diagnosing a failure.
	if (n8n) writeFileSync(path.join(tmpdir(), 'pod-platform-e2e-n8n.log'), n8n.output());
	await n8n?.stop();
	await sandbox?.close();
	if (workFolder) rmSync(workFolder, { recursive: true, force: true });
});

test('n8n loads both nodes and the credential from the installed tarball', async () => {
	const nodes = await (
		await request(`${n8n.url}/types/nodes.json`, { headers: { cookie } })
	).body.text();
	expect(nodes).toContain('"name":"n8n-nodes-pod-platform.podPlatform"');
	expect(nodes).toContain('"name":"n8n-nodes-pod-platform.podPlatformTrigger"');
	const credentials = await (
		await request(`${n8n.url}/types/credentials.json`, { headers: { cookie } })
	).body.text();
	expect(credentials).toContain('"name":"podPlatformApi"');
});

test("n8n's credential test logs in, and says so plainly when the password is wrong", async () => {
	const credential = sandboxCredential(sandbox.baseUrl);
	const test = async (password: string) =>
		await rest<{ status: string; message: string }>(n8n, cookie, 'POST', '/credentials/test', {
			credentials: {
				id: credential.id,
				name: credential.name,
				type: credential.type,
				data: { ...credential.data, password },
			},
		});
	expect((await test(DEMO.password)).status).toBe('OK');
	const refused = await test('not-the-password');
	expect(refused.status).toBe('Error');
	expect(refused.message).toMatch(/refused the login/);
	expect(refused.message).not.toContain('not-the-password');
});

test('a storefront order posted to the webhook becomes exactly one production order', async () => {
	await activate('podExStorefront1');
	const post = async () =>
		// n8n registers a production webhook shortly after activation answers.
		await waitFor('the storefront webhook', async () => {
			const response = await request(`${n8n.url}/webhook/storefront-order`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(storefrontOrder(1001)),
			});
			const text = await response.body.text();
			if (response.statusCode === 404) return undefined;
			expect(response.statusCode).toBe(200);
			return JSON.parse(text) as Record<string, unknown>;
		});
	const first = await post();
	expect(first.uniqueId).toBe('shop-1001');
	expect(typeof first.orderId === 'number' || typeof first.id === 'number').toBe(true);
	const again = await post();
	expect(again.uniqueId).toBe('shop-1001');
	const orders = await control<Array<{ id: number; financialStatus: string }>>(
		'GET',
		'/orders?uniqueId=shop-1001',
	);
	expect(orders).toHaveLength(1);
	expect(orders[0].financialStatus).toBe('PAID');
});

test('listing orders with a filter finds the paid order', async () => {
	const output = await execute('podExListOrders1');
	expect(output).toContain('shop-1001');
});

test('a motive is created from a file on disk', async () => {
	const output = await execute('podExMotiveFile1');
	expect(output).toMatch(/"type":\s*"HIGH_RESOLUTION_BITMAP"/);
	expect(output).toContain('logo');
});

test('the daily CSV batch builds, uploads and follows an import until each line is processed', async () => {
	const output = await execute('podExDailyCsvBatch');
	expect(output).toMatch(/"processed":\s*true/);
	expect(output).toMatch(/"linesTotal":\s*3/);
	expect(output).toMatch(/"linesFailed":\s*0/);
	const orderIds = [...output.matchAll(/"orderId":\s*(\d+)/g)].map((match) => Number(match[1]));
	expect(new Set(orderIds).size).toBe(3);
	for (const orderId of orderIds) {
		const order = await control<{ uniqueId: string }>('GET', `/orders/${orderId}`);
		expect(order.uniqueId).toMatch(/^csv-/);
	}
});

describe('the trigger', () => {
	const workflowId = 'podExOrderEvents';

	test('activation registers one subscription per topic pointing at n8n', async () => {
		await activate(workflowId);
		const mine = await waitFor('the subscriptions', async () => {
			const found = (await subscriptions()).filter((s) => s.address.startsWith(n8n.url));
			return found.length >= 3 ? found : undefined;
		});
		expect(mine.map((s) => s.topic).sort()).toEqual([
			'orders/cancelled',
			'orders/fulfilled',
			'orders/updated',
		]);
	});

	test('signed deliveries start executions, a fulfilled order carries its tracking number', async () => {
		const [order] = await control<Array<{ id: number }>>('GET', '/orders?uniqueId=shop-1001');
		await waitFor('production to start', async () => {
			const current = await control<{ fulfilmentStatus?: string }>('GET', `/orders/${order.id}`);
			return current.fulfilmentStatus === 'PREPARED_TO_PRODUCE' ? true : undefined;
		});
		await control('POST', `/orders/${order.id}/advance`, { to: 'NOT_EDITABLE' });
		await control('POST', `/orders/${order.id}/ship`, { trackingNumber: 'TRACK-E2E-1' });
		const executions = await waitFor('a fulfilled event execution', async () => {
			const list = await executionsOf(workflowId);
			for (const execution of list) {
				if ((await executionData(execution.id)).includes('TRACK-E2E-1')) return list;
			}
			return undefined;
		});
		expect(executions.every((execution) => execution.status === 'success')).toBe(true);
	});

	test('a forged delivery is refused and starts nothing', async () => {
		const before = (await executionsOf(workflowId)).length;
		const [target] = (await subscriptions()).filter((s) => s.address.startsWith(n8n.url));
		const forged = await request(target.address, {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				'x-platform-topic': target.topic,
				'x-platform-hmac-sha256': Buffer.from('not a signature').toString('base64'),
			},
			body: JSON.stringify({ productionOrderExpanded: { id: 1, uniqueId: 'forged' } }),
		});
		await forged.body.dump();
		expect(forged.statusCode).toBe(401);
		await new Promise((resolve) => setTimeout(resolve, 1500));
		expect((await executionsOf(workflowId)).length).toBe(before);
	});

	test('deactivation removes its subscriptions from the service', async () => {
		await deactivate(workflowId);
		const mine = await waitFor('the subscriptions to go', async () => {
			const found = (await subscriptions()).filter((s) => s.address.startsWith(n8n.url));
			return found.length === 0 ? found : undefined;
		});
		expect(mine).toEqual([]);
	});
});
