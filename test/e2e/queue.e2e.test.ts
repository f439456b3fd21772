/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- drives a real n8n from Node, never shipped */
/**
 * The package on n8n in queue mode (scripts/queue-stack.ts): Postgres, Redis, one main, two
 * workers and two webhook processes behind a round-robin balancer. Each promise that depends on
 * where state lives is checked there: the trigger's subscriptions and its memory of deliveries,
 * Submit's exactly-once under two workers, the poll trigger's memory of statuses. Manual
 * executions run on the workers (`OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS=true`), as n8n 3 always
 * runs them: the last group runs the editor's runs there (the only executions of the suite that
 * setting moves; n8n 2's default, the main process, is what the one-process suite proves).
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';

import type { Sandbox } from '../../sandbox';
import { DEMO, signBody, startSandbox } from '../../sandbox';
import { exampleWorkflows, mcpBearerCredential, sandboxCredential } from '../../scripts/dev';
import type { N8nInstance, N8nRuntime } from '../../scripts/n8n-runtime';
import {
	ensureN8n,
	installPackage,
	n8nCli,
	ownerSession,
	packPackage,
	rest,
} from '../../scripts/n8n-runtime';
import type { QueueServices, QueueStack } from '../../scripts/queue-stack';
import {
	queueCliOptions,
	queueStackPorts,
	startQueueServices,
	startQueueStack,
} from '../../scripts/queue-stack';
import shopifyOrder from '../fixtures/storefront/shopify-orders-create.json';
import { jsonOrder } from '../order/fixtures';
import { SandboxControl } from '../support/sandbox';
import { withProductSkus } from '../support/storefrontModes';
import { McpSession } from './mcp';
import type { NodeRun } from './n8nSession';
import { N8nSession, subscriptions, unflatten, waitFor, webhookServed } from './n8nSession';
import { ShiftedClock } from './shiftedClock';
import {
	DEDUPE_WORKFLOW_ID,
	EMITTED_MARKER,
	POLL_WORKFLOW_ID,
	QUEUE_ORDER_WORKFLOWS,
	e2eWorkflows,
	intakeOnWebhook,
	queueWorkflows,
	withPinnedPayload,
} from './workflows';

jest.setTimeout(300_000);

const EVENTS_WORKFLOW_ID = 'podExOrderEvents';
const SHOP_WEBHOOKS = /^\/accounts\/\d+\/shops\/\d+\/webhooks$/;
/** Orders the two intake workflows submit: A takes 0–699, B 300–999, so 400 uniqueIds overlap. */
const ORDER_RANGES = [
	[0, 700],
	[300, 1000],
];
const uniqueIdOf = (index: number) => `queue-${index}`;
/**
 * The shipped Shopify intake example with its trigger replaced by n8n's Webhook node (its Submit,
 * version 2, as shipped), and the documented Shopify order it receives, by its print products' SKUs.
 */
const OVERLAP_INTAKE = {
	workflowId: 'podOverlapShopifyWebhook',
	webhookPath: 'queue-shopify-orders',
	order: withProductSkus(shopifyOrder),
	uniqueId: `shopify-${shopifyOrder.id}`,
};

/**
 * The shipped Shopify intake example with its pinned order under another order ID (so that it is
 * not the order the overlap case delivers), run as the editor's Execute workflow runs it.
 */
const MANUAL_INTAKE = (() => {
	const example = exampleWorkflows().find((workflow) => workflow.id === 'podExShopIntake') as {
		pinData: Record<string, Array<{ json: Record<string, unknown> }>>;
	};
	const trigger = 'Shopify Trigger';
	const orderId = 450_789_500;
	return {
		workflowId: 'podManualIntake',
		trigger,
		order: { ...example.pinData[trigger][0].json, id: orderId },
		uniqueId: `shopify-${orderId}`,
	};
})();
const MOTIVE_WORKFLOW_ID = 'podExMotiveFile1';
const AGENT_TOOLS_WORKFLOW_ID = 'podExAgentTools';
const MCP_TOKEN = ['queue', 'mcp', 'bearer', 'token'].join('-');

let runtime: N8nRuntime;
let sandbox: Sandbox;
let control: SandboxControl;
let services: QueueServices;
let stack: QueueStack;
let session: N8nSession;
let workFolder: string;
/** The clock every n8n process of the stack runs on. */
let clock: ShiftedClock;

const settle = async (ms = 3000) => await new Promise((resolve) => setTimeout(resolve, ms));

/** The shop's subscriptions that point at this stack's webhook address. */
const ours = async () =>
	(await subscriptions(sandbox)).filter((s) => s.address.startsWith(stack.balancer.url));

/** What the workers printed before the last restart of the stack. */
const earlierWorkerOutput: string[] = [];

const workerStarted = (executionId: string) =>
	new RegExp(`Worker started execution ${executionId} \\(`);

/** Which worker (1-based) of the running stack logged that it started the execution; 0 when none did. */
function workerThatRan(executionId: string): number {
	return stack.workers.findIndex((worker) => workerStarted(executionId).test(worker.output())) + 1;
}

/** Whether a worker, of the running stack or before a restart, logged that it started the execution. */
function ranOnAWorker(executionId: string): boolean {
	return (
		workerThatRan(executionId) > 0 ||
		earlierWorkerOutput.some((output) => workerStarted(executionId).test(output))
	);
}

/** A webhook POST forwarded by the balancer after the given point of its log. */
const deliveriesSince = (mark: number) =>
	stack.balancer.forwarded.slice(mark).filter((entry) => entry.method === 'POST');

async function storedStaticData(workflowId: string): Promise<string> {
	return await services.sql(`SELECT "staticData" FROM workflow_entity WHERE id = '${workflowId}'`);
}

/** An order the sandbox moves into production, then ships with this tracking number. */
async function ship(orderId: number, trackingNumber: string) {
	await waitFor('production to start', async () => {
		const order = await control.order(orderId);
		return order.fulfilmentStatus === 'PREPARED_TO_PRODUCE' ? true : undefined;
	});
	await control.call('POST', `/orders/${orderId}/advance`, { to: 'NOT_EDITABLE' });
	await control.call('POST', `/orders/${orderId}/ship`, { trackingNumber });
}

async function restartStack(): Promise<void> {
	earlierWorkerOutput.push(...stack.workers.map((worker) => worker.output()));
	await stack.restart();
	session.instance = stack.main;
	session.cookie = await ownerSession(stack.main);
}

beforeAll(async () => {
	runtime = await ensureN8n();
	sandbox = await startSandbox({ port: 0, deferredProcessingMs: 100 });
	control = new SandboxControl(sandbox);
	workFolder = mkdtempSync(path.join(tmpdir(), 'pod-platform-queue-'));
	// Postgres runs as its own user, which must enter this folder.
	chmodSync(workFolder, 0o755);
	services = await startQueueServices(path.join(workFolder, 'data'));
	const userFolder = path.join(workFolder, 'n8n');
	// One execution per worker at a time: two workflows started together run on the two workers.
	clock = await ShiftedClock.create(workFolder);
	const stackOptions = {
		services,
		userFolder,
		workerConcurrency: 1,
		manualExecutionsOnWorkers: true,
		env: clock.env(),
	};
	const ports = await queueStackPorts(stackOptions);

	const tarball = await packPackage(path.join(workFolder, 'package'));
	await installPackage(userFolder, tarball);
	const cli = queueCliOptions(stackOptions, ports);
	const credentialsFile = path.join(workFolder, 'credentials.json');
	writeFileSync(
		credentialsFile,
		JSON.stringify([sandboxCredential(sandbox.baseUrl), mcpBearerCredential(MCP_TOKEN)]),
	);
	await n8nCli(runtime, cli, ['import:credentials', `--input=${credentialsFile}`]);
	const workflowsFile = path.join(workFolder, 'workflows.json');
	writeFileSync(
		workflowsFile,
		JSON.stringify([
			...exampleWorkflows().filter((workflow) =>
				[EVENTS_WORKFLOW_ID, MOTIVE_WORKFLOW_ID, AGENT_TOOLS_WORKFLOW_ID].includes(
					String(workflow.id),
				),
			),
			withPinnedPayload(
				'podExShopIntake',
				MANUAL_INTAKE.workflowId,
				MANUAL_INTAKE.trigger,
				MANUAL_INTAKE.order,
			),
			...e2eWorkflows().filter((workflow) => workflow.id === POLL_WORKFLOW_ID),
			...queueWorkflows(),
			intakeOnWebhook('podExShopIntake', OVERLAP_INTAKE.workflowId, OVERLAP_INTAKE.webhookPath),
		]),
	);
	await n8nCli(runtime, cli, ['import:workflow', `--input=${workflowsFile}`]);

	stack = await startQueueStack(runtime, stackOptions, ports);
	session = new N8nSession(stack.main, await ownerSession(stack.main));
	// Polls every minute: activated first, so that its first poll records the statuses before the
	// shipment it is to report.
	await session.activate(POLL_WORKFLOW_ID);
}, 45 * 60_000);

afterAll(async () => {
	// What each process printed stays beside the system temp folder for diagnosing a failure.
	if (stack) {
		const all: Array<[string, N8nInstance]> = [
			['main', stack.main],
			...stack.workers.map((w, i): [string, N8nInstance] => [`worker-${i + 1}`, w]),
			...stack.webhookProcesses.map((w, i): [string, N8nInstance] => [`webhook-${i + 1}`, w]),
		];
		for (const [name, instance] of all) {
			writeFileSync(path.join(tmpdir(), `pod-platform-queue-${name}.log`), instance.output());
		}
	}
	await stack?.stop();
	await services?.stop();
	await sandbox?.close();
	if (workFolder) rmSync(workFolder, { recursive: true, force: true });
});

test('the stack runs on Postgres and Redis, and production webhooks reach only the webhook processes', async () => {
	const tables = await services.sql(
		"SELECT count(*) FROM information_schema.tables WHERE table_name IN ('workflow_entity', 'execution_entity')",
	);
	expect(tables).toBe('2');
	expect(await services.sql("SELECT count(*) FROM workflow_entity WHERE id LIKE 'podQueue%'")).toBe(
		'3',
	);
	// The main process does not serve production webhooks (N8N_DISABLE_PRODUCTION_MAIN_PROCESS).
	await session.activate(QUEUE_ORDER_WORKFLOWS[0].id);
	const viaMain = await request(`${stack.main.url}/webhook/${QUEUE_ORDER_WORKFLOWS[0].path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ orders: [] }),
	});
	await viaMain.body.dump();
	expect(viaMain.statusCode).toBe(404);
	expect(stack.workers).toHaveLength(2);
	expect(stack.webhookProcesses).toHaveLength(2);
});

test(
	'two workflows at once on two workers submit 1,000 orders with overlapping uniqueIds: one order each to produce, every repeat cancelled, with bounded logins',
	async () => {
		for (const { id } of QUEUE_ORDER_WORKFLOWS.slice(1)) await session.activate(id);
		const loginsBefore = (await control.stats()).logins;
		const started = Date.now();
		const answers = await Promise.all(
			QUEUE_ORDER_WORKFLOWS.map(async ({ path: webhookPath }, index) => {
				const [from, to] = ORDER_RANGES[index];
				const orders = Array.from({ length: to - from }, (_, i) => jsonOrder(uniqueIdOf(from + i)));
				return await waitFor(`the ${webhookPath} webhook`, async () => {
					const response = await request(`${stack.balancer.url}/webhook/${webhookPath}`, {
						method: 'POST',
						headers: { 'content-type': 'application/json' },
						body: JSON.stringify({ orders }),
					});
					await response.body.dump();
					return response.statusCode === 404 ? undefined : response.statusCode;
				});
			}),
		);
		expect(answers).toEqual([200, 200]);
		const runs = await Promise.all(
			QUEUE_ORDER_WORKFLOWS.map(
				async ({ id }) => await session.finishedExecutionsOf(id, 1, 10 * 60_000),
			),
		);
		const seconds = (Date.now() - started) / 1000;
		const submissions = ORDER_RANGES.reduce((sum, [from, to]) => sum + to - from, 0);
		console.log(
			`queue mode: ${submissions} submissions (1,000 uniqueIds) by two workflows in ${seconds.toFixed(1)} s`,
		);
		const executions = runs.map((list) => {
			expect(list).toHaveLength(1);
			expect(list[0].status).toBe('success');
			return list[0];
		});
		// Each ran on a worker, and not on the same one.
		const workers = executions.map((execution) => workerThatRan(execution.id));
		expect(workers.every((worker) => worker > 0)).toBe(true);
		expect(new Set(workers).size).toBe(2);

		// The sandbox stores a repeated Unique ID (the contract refuses none), and two workers are
		// two processes: both may send one. Exactly one order per Unique ID is left to produce;
		// every repeat's cancellation was requested.
		const toProduce = new Map<string, number>();
		let repeats = 0;
		for (const order of await control.orders()) {
			const uniqueId = String(order.uniqueId);
			if (!uniqueId.startsWith('queue-')) continue;
			toProduce.set(uniqueId, toProduce.get(uniqueId) ?? 0);
			if (['CANCELLATION_WAITING', 'CANCELLED'].includes(String(order.fulfilmentStatus))) {
				repeats += 1;
			} else {
				toProduce.set(uniqueId, (toProduce.get(uniqueId) ?? 0) + 1);
			}
		}
		console.log(`queue mode: ${repeats} repeats sent at the same moment, each cancelled`);
		expect(toProduce.size).toBe(1000);
		expect([...toProduce.entries()].filter(([, count]) => count !== 1)).toEqual([]);
		// At most one login per worker: the token each logs in for is kept and reused.
		expect((await control.stats()).logins - loginsBefore).toBeLessThanOrEqual(2);
	},
	15 * 60_000,
);

describe('the webhook trigger', () => {
	let executionsAfterDeliveries = 0;

	test('activation registers exactly one subscription per topic, once, from the main process', async () => {
		await control.clearRequests();
		await session.activate(EVENTS_WORKFLOW_ID);
		await waitFor('the subscriptions', async () => ((await ours()).length >= 3 ? true : undefined));
		// Workers and webhook processes never run activation: nothing more appears.
		await settle();
		const mine = await ours();
		expect(mine.map((s) => s.topic).sort()).toEqual([
			'orders/cancelled',
			'orders/fulfilled',
			'orders/updated',
		]);
		const created = (await control.requests()).filter(
			(logged) => logged.method === 'POST' && SHOP_WEBHOOKS.test(logged.path),
		);
		expect(created).toHaveLength(3);
	});

	test('signed deliveries reach both webhook processes and each runs once, on a worker', async () => {
		const mark = stack.balancer.forwarded.length;
		const orders = await Promise.all(
			[0, 1, 2, 3].map(async (i) => await control.orders(uniqueIdOf(i))),
		);
		const deliveryIds: string[] = [];
		for (const [order] of orders) {
			const { deliveryIds: ids } = await control.call<{ deliveryIds: string[] }>(
				'POST',
				'/events',
				{ topic: 'orders/updated', orderId: order.id },
			);
			deliveryIds.push(...ids);
		}
		expect(deliveryIds).toHaveLength(4);
		const executions = await session.finishedExecutionsOf(EVENTS_WORKFLOW_ID, 4);
		await settle();
		expect(await session.executionsOf(EVENTS_WORKFLOW_ID)).toHaveLength(4);
		expect(executions.every((execution) => execution.status === 'success')).toBe(true);
		expect(executions.every((execution) => ranOnAWorker(execution.id))).toBe(true);
		const backends = new Set(deliveriesSince(mark).map((entry) => entry.backend));
		expect(backends.size).toBe(2);
		executionsAfterDeliveries = executions.length;
	});

	test('a forged delivery gets 401 from either webhook process and runs nothing', async () => {
		const [target] = (await ours()).filter((s) => s.topic === 'orders/updated');
		const webhookPath = new URL(target.address).pathname;
		for (const webhookProcess of stack.webhookProcesses) {
			const forged = await request(`${webhookProcess.url}${webhookPath}`, {
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
		}
		await settle();
		expect(await session.executionsOf(EVENTS_WORKFLOW_ID)).toHaveLength(executionsAfterDeliveries);
	});

	test("each webhook process remembers what it emitted: copies seconds apart all run, the service's retry an hour later starts nothing where the original was received and runs again elsewhere", async () => {
		const [target] = (await ours()).filter((s) => s.topic === 'orders/updated');
		const webhookPath = new URL(target.address).pathname;
		const [first, second] = stack.webhookProcesses;
		const body = (uniqueId: string) =>
			Buffer.from(
				JSON.stringify({
					productionOrderExpanded: { id: 700_001, uniqueId, fulfilmentStatus: 'NOT_EDITABLE' },
				}),
			);
		const deliver = async (webhookProcess: N8nInstance, bytes: Buffer) => {
			const response = await request(`${webhookProcess.url}${webhookPath}`, {
				method: 'POST',
				headers: {
					'content-type': 'application/json',
					'x-platform-topic': target.topic,
					'x-platform-hmac-sha256': signBody(target.secret, bytes),
				},
				body: bytes,
			});
			await response.body.dump();
			expect(response.statusCode).toBe(200);
		};
		const executions = async (atLeast: number) => {
			await session.finishedExecutionsOf(EVENTS_WORKFLOW_ID, atLeast);
			await settle();
			return (await session.executionsOf(EVENTS_WORKFLOW_ID)).length;
		};
		const start = executionsAfterDeliveries;
		// The same bytes three times within seconds, through both processes: three notifications.
		const twin = body('twins');
		await deliver(first, twin);
		await deliver(first, twin);
		await deliver(second, twin);
		// Another delivery that only the first process receives.
		const single = body('first-process-only');
		await deliver(first, single);
		expect(await executions(start + 4)).toBe(start + 4);

		// An hour later on every process's clock: the service's retries.
		await clock.shift(61);
		await deliver(first, twin);
		await deliver(second, twin);
		await deliver(first, single);
		expect(await executions(start + 4)).toBe(start + 4);
		// The second process never emitted this one: with no memory shared between webhook
		// processes, the retry it receives runs again (docs/triggers.md, Queue mode and Remove Duplicates).
		await deliver(second, single);
		expect(await executions(start + 5)).toBe(start + 5);
		executionsAfterDeliveries = start + 5;
	});

	/** Redeliver twice in a row: the balancer sends the two copies to different webhook processes. */
	const redeliverToBoth = async (deliveryId: string) => {
		const mark = stack.balancer.forwarded.length;
		for (let copy = 0; copy < 2; copy++) {
			const attempt = await control.call<{ status: number }>(
				'POST',
				`/deliveries/${deliveryId}/redeliver`,
			);
			expect(attempt.status).toBe(200);
		}
		expect(new Set(deliveriesSince(mark).map((entry) => entry.backend)).size).toBe(2);
		await settle();
	};

	/** The dedupe workflow's executions, and how many of them emitted past Remove Duplicates. */
	const dedupeRuns = async () => {
		const executions = await session.finishedExecutionsOf(DEDUPE_WORKFLOW_ID, 1);
		const emitted = new RegExp(`${EMITTED_MARKER}[0-9a-f]{64}`);
		let emitting = 0;
		for (const execution of executions) {
			expect(execution.status).toBe('success');
			expect(ranOnAWorker(execution.id)).toBe(true);
			if (emitted.test(await session.executionData(execution.id))) emitting++;
		}
		return { executions: executions.length, emitting };
	};

	test('with Remove Duplicates after the trigger, a redelivery to either webhook process, also after every process restarted, emits nothing', async () => {
		await session.activate(DEDUPE_WORKFLOW_ID);
		const [subscription] = await waitFor('the dedupe subscription', async () => {
			const found = (await ours()).filter((s) => s.address.includes('0f4e3d2c'));
			return found.length === 1 ? found : undefined;
		});
		const [order] = await control.orders(uniqueIdOf(10));
		const {
			deliveryIds: [deliveryId],
		} = await control.call<{ deliveryIds: string[] }>('POST', '/events', {
			topic: 'orders/updated',
			orderId: order.id,
			subscriptionId: subscription.id,
		});
		await settle();
		expect(await dedupeRuns()).toEqual({ executions: 1, emitting: 1 });

		await redeliverToBoth(deliveryId);
		const afterRedelivery = await dedupeRuns();
		expect(afterRedelivery.emitting).toBe(1);

		await control.clearRequests();
		await restartStack();
		// An unsigned delivery gets the trigger's 401 once the webhook processes serve the workflow.
		for (let probe = 0; probe < 2; probe++) {
			await waitFor('the webhooks after the restart', async () => {
				const answer = await request(subscription.address, { method: 'POST', body: '' });
				await answer.body.dump();
				return answer.statusCode === 401 ? true : undefined;
			});
		}
		await redeliverToBoth(deliveryId);
		const afterRestart = await dedupeRuns();
		expect(afterRestart.emitting).toBe(1);
		console.log(
			`queue mode: 4 redeliveries of one delivery started ${afterRestart.executions - 1} executions; Remove Duplicates let none through`,
		);
		// The restarted main found the subscriptions in place and registered nothing again.
		expect(await ours()).toHaveLength(4);
		const created = (await control.requests()).filter(
			(logged) => logged.method === 'POST' && SHOP_WEBHOOKS.test(logged.path),
		);
		expect(created).toHaveLength(0);
	});

	test('deactivation removes every subscription', async () => {
		await session.deactivate(EVENTS_WORKFLOW_ID);
		await session.deactivate(DEDUPE_WORKFLOW_ID);
		const mine = await waitFor('the subscriptions to go', async () => {
			const found = await ours();
			return found.length === 0 ? found : undefined;
		});
		expect(mine).toEqual([]);
	});
});

test(
	'the poll trigger emits a status change once, with two workers',
	async () => {
		// The first poll records the statuses it sees; a change after it is what a later poll emits.
		await waitFor(
			'the first poll',
			async () =>
				(await storedStaticData(POLL_WORKFLOW_ID)).includes('lastPollAt') ? true : undefined,
			3 * 60_000,
		);
		const [order] = await control.orders(uniqueIdOf(20));
		await ship(order.id, 'TRACK-QUEUE-1');
		const carrying = async () => {
			const found = [];
			for (const candidate of await session.executionsOf(POLL_WORKFLOW_ID)) {
				if ((await session.executionData(candidate.id)).includes('TRACK-QUEUE-1'))
					found.push(candidate);
			}
			return found;
		};
		// Every poll of the Every Minute schedule reads the list (unless the service asks to wait).
		// In queue mode the poll's items are stored with the execution before a worker takes it
		// ("new"), so the wait is for that execution to have finished.
		const unfinished = new Set(['new', 'running', 'waiting']);
		const [execution] = await waitFor(
			'a finished poll of the shipped order',
			async () => {
				const found = await carrying();
				return found.length > 0 && !found.some((e) => unfinished.has(String(e.status)))
					? found
					: undefined;
			},
			9 * 60_000,
		);
		expect(execution.status).toBe('success');
		expect(ranOnAWorker(execution.id)).toBe(true);
		const data = await session.executionData(execution.id);
		expect(data).toContain('orders/fulfilled');
		await settle(5000);
		expect(await carrying()).toHaveLength(1);
		await session.deactivate(POLL_WORKFLOW_ID);
	},
	15 * 60_000,
);

test(
	'one Shopify order delivered ten times at once through both webhook processes, the service slow to answer a new order, leaves one order to produce: the repeat both workers sent is cancelled and named in a run, every run green and answering that order',
	async () => {
		const { workflowId, webhookPath, order, uniqueId } = OVERLAP_INTAKE;
		await session.activate(workflowId);
		for (const webhookProcess of stack.webhookProcesses) {
			await webhookServed(webhookProcess.url, webhookPath);
		}
		// The service takes 2 s before it processes a new order (a slow answer, what makes a store
		// send again): the first two runs, one on each worker, both find nothing and both send.
		await control.fault({
			method: 'POST',
			path: '/orders/usingCreatorSE$',
			kind: 'latency',
			latencyMs: 2000,
		});
		const mark = stack.balancer.forwarded.length;
		const started = Date.now();
		const body = JSON.stringify(order);
		const answers = await Promise.all(
			Array.from({ length: 10 }, async () => {
				const response = await request(`${stack.balancer.url}/webhook/${webhookPath}`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body,
				});
				await response.body.dump();
				return response.statusCode;
			}),
		);
		expect(answers).toEqual(Array(10).fill(200));
		expect(new Set(deliveriesSince(mark).map((entry) => entry.backend)).size).toBe(2);
		const executions = await session
			.finishedExecutionsOf(workflowId, 10, 5 * 60_000)
			.finally(async () => await control.clearFaults());
		const seconds = (Date.now() - started) / 1000;
		await session.deactivate(workflowId);
		expect(executions).toHaveLength(10);
		expect(executions.map((execution) => execution.status)).toEqual(Array(10).fill('success'));
		expect(executions.every((execution) => ranOnAWorker(execution.id))).toBe(true);
		const answered = await Promise.all(
			executions.map(async (execution) => {
				const data = unflatten(await session.executionData(execution.id)) as {
					resultData: { runData: Record<string, NodeRun[]> };
				};
				const items = (
					data.resultData.runData['Submit Print Order']?.[0]?.data?.main?.[0] ?? []
				).map((item) => item.json);
				expect(items).toHaveLength(1);
				return items[0] as {
					id: unknown;
					uniqueId: unknown;
					alreadyExisted: unknown;
					repeatsCancelled?: Array<{ orderId: unknown; cancellation: string }>;
				};
			}),
		);

		const orders = await control.orders(uniqueId);
		const toProduce = orders.filter(
			(found) => !['CANCELLATION_WAITING', 'CANCELLED'].includes(String(found.fulfilmentStatus)),
		);
		expect(toProduce).toHaveLength(1);
		const [kept] = toProduce;
		const repeats = orders.filter((found) => found !== kept).map((found) => found.id as number);
		// The two workers did overlap: at least one repeat was made, so its cancellation is tested.
		expect(repeats.length).toBeGreaterThanOrEqual(1);
		// Every run answers the order left to produce; the one that sent it answers it as new.
		expect(answered.map((answer) => [answer.uniqueId, answer.id])).toEqual(
			Array(10).fill([uniqueId, kept.id]),
		);
		expect(answered.filter((answer) => answer.alreadyExisted === false)).toHaveLength(1);
		expect(answered.every((answer) => typeof answer.alreadyExisted === 'boolean')).toBe(true);
		// Each repeat's cancellation is named in a run's output, requested by one of them.
		const named = answered.flatMap((answer) => answer.repeatsCancelled ?? []);
		expect(named.every((entry) => repeats.includes(entry.orderId as number))).toBe(true);
		for (const repeat of repeats) {
			const ofRepeat = named.filter((entry) => entry.orderId === repeat);
			expect(ofRepeat.map((entry) => entry.cancellation)).toContain('requested');
			expect(
				ofRepeat.every((entry) => ['requested', 'alreadyRequested'].includes(entry.cancellation)),
			).toBe(true);
		}
		const workers = executions.map((execution) => workerThatRan(execution.id));
		console.log(
			`queue mode, overlap: 10 deliveries of ${uniqueId} in ${seconds.toFixed(1)} s, ${executions.length} executions (${workers.filter((w) => w === 1).length} on worker 1, ${workers.filter((w) => w === 2).length} on worker 2), ${orders.length} print order(s): ${kept.id} to produce, repeats ${JSON.stringify(orders.filter((found) => found !== kept).map((found) => [found.id, found.fulfilmentStatus]))}, cancellations named ${JSON.stringify(named)}`,
		);
	},
	10 * 60_000,
);

describe('manual executions on the workers, as n8n 3 runs them (OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS=true)', () => {
	const itemsOf = (run: NodeRun | undefined) =>
		(run?.data?.main?.[0] ?? []).map((item) => item.json);
	let intakeOrderId: number;

	test("n8n's credential test logs in, and says so plainly when the password is wrong", async () => {
		const credential = sandboxCredential(sandbox.baseUrl);
		const test = async (password: string) =>
			await rest<{ status: string; message: string }>(
				stack.main,
				session.cookie,
				'POST',
				'/credentials/test',
				{
					credentials: {
						id: credential.id,
						name: credential.name,
						type: credential.type,
						data: { ...credential.data, password },
					},
				},
			);
		expect((await test(DEMO.password)).status).toBe('OK');
		const refused = await test('not-the-password');
		expect(refused.status).toBe('Error');
		expect(refused.message).toMatch(/refused the login/);
		expect(refused.message).not.toContain('not-the-password');
	});

	test("Execute workflow on the Shopify intake example's pinned order runs on a worker: one print order; run again, on a worker, it already exists", async () => {
		const { workflowId, trigger, uniqueId } = MANUAL_INTAKE;
		const first = await session.runFromPinnedTrigger(workflowId, trigger, 60_000);
		expect({ mode: first.mode, status: first.status, error: first.error }).toEqual({
			mode: 'manual',
			status: 'success',
			error: undefined,
		});
		expect(ranOnAWorker(first.executionId)).toBe(true);
		const [submitted] = itemsOf(first.runData['Submit Print Order']?.[0]);
		expect(submitted).toMatchObject({ uniqueId, alreadyExisted: false });
		const orders = await control.orders(uniqueId);
		expect(orders.map((order) => order.id)).toEqual([submitted.id]);
		intakeOrderId = orders[0].id as number;

		const again = await session.runFromPinnedTrigger(workflowId, trigger, 60_000);
		expect(again.status).toBe('success');
		expect(ranOnAWorker(again.executionId)).toBe(true);
		expect(itemsOf(again.runData['Submit Print Order']?.[0])).toEqual([
			expect.objectContaining({ uniqueId, id: intakeOrderId, alreadyExisted: true }),
		]);
		expect(await control.orders(uniqueId)).toHaveLength(1);
	});

	test('the motive example turns its file (binary data) into a motive on a worker', async () => {
		const run = await session.runFromPinnedTrigger(MOTIVE_WORKFLOW_ID, 'Run', 60_000);
		expect({ mode: run.mode, status: run.status, error: run.error }).toEqual({
			mode: 'manual',
			status: 'success',
			error: undefined,
		});
		expect(ranOnAWorker(run.executionId)).toBe(true);
		expect(itemsOf(run.runData['Create Motive']?.[0])).toEqual([
			expect.objectContaining({ type: 'HIGH_RESOLUTION_BITMAP' }),
		]);
	});

	test("the poll trigger's test run on a worker shows the newest shipped order's event with its tracking number, and leaves the workflow's stored statuses as they were", async () => {
		await ship(intakeOrderId, 'TRACK-QUEUE-TEST-RUN');
		// The workflow is inactive since its own case: nothing else moves its static data.
		const stored = await storedStaticData(POLL_WORKFLOW_ID);
		expect(stored).toContain('lastPollAt');
		const run = await session.runFromPinnedTrigger(POLL_WORKFLOW_ID, 'Fulfilled (Polling)', 60_000);
		expect({ mode: run.mode, status: run.status, error: run.error }).toEqual({
			mode: 'manual',
			status: 'success',
			error: undefined,
		});
		expect(ranOnAWorker(run.executionId)).toBe(true);
		const events = itemsOf(run.runData['Fulfilled (Polling)']?.[0]);
		expect(events).toEqual([
			expect.objectContaining({
				topic: 'orders/fulfilled',
				id: intakeOrderId,
				uniqueId: MANUAL_INTAKE.uniqueId,
			}),
		]);
		expect(JSON.stringify(events)).toContain('TRACK-QUEUE-TEST-RUN');
		expect(await storedStaticData(POLL_WORKFLOW_ID)).toBe(stored);
	});

	describe('the AI agent example over MCP, through a webhook process', () => {
		// n8n asks for every /mcp request of an installation to reach one webhook process.
		const mcpUrl = () => `${stack.webhookProcesses[0].url}/mcp/pod-tools`;
		let agent: McpSession;
		const order = {
			uniqueId: 'QUEUE-AGENT-1',
			product: 'TEE-CLASSIC',
			color: 'black',
			size: 'm',
			amount: 1,
			customerFirstName: 'Ada',
			customerLastName: 'Lovelace',
			customerEmail: 'ada@example.com',
			street: 'Torstraße 12',
			zip: '10119',
			city: 'Berlin',
			countryCode: 'DE',
		};

		afterAll(async () => {
			await agent?.close();
			await session.deactivate(AGENT_TOOLS_WORKFLOW_ID).catch(() => undefined);
		});

		test("Execute workflow on its MCP Server Trigger listens on the test URL of the main process; a client's tool call there runs on a worker and is answered", async () => {
			const listening = await rest<{ waitingForWebhook?: boolean; executionId?: string }>(
				stack.main,
				session.cookie,
				'POST',
				`/workflows/${AGENT_TOOLS_WORKFLOW_ID}/run`,
				{ triggerToStartFrom: { name: 'POD Platform Tools' } },
			);
			expect(listening).toEqual({ waitingForWebhook: true });
			const tester = await McpSession.connect(`${stack.main.url}/mcp-test/pod-tools`, MCP_TOKEN);
			try {
				const products = await tester.items<{ name: string }>('list_products', {});
				expect(products.map(({ name }) => name)).toContain('Classic T-Shirt');
			} finally {
				await tester.close();
			}
			const [execution] = await session.finishedExecutionsOf(AGENT_TOOLS_WORKFLOW_ID, 1);
			expect(execution).toMatchObject({ mode: 'manual', status: 'success' });
			expect(ranOnAWorker(execution.id)).toBe(true);
		});

		test('activated, it serves its four tools; without the token it refuses the client', async () => {
			await session.activate(AGENT_TOOLS_WORKFLOW_ID);
			// Not found (404) until the webhook process has registered the activated trigger.
			agent = await waitFor(
				'the MCP endpoint',
				async () =>
					await McpSession.connect(mcpUrl(), MCP_TOKEN).catch(async (error: { code?: number }) =>
						error.code === 404 ? undefined : await Promise.reject(error),
					),
			);
			await expect(McpSession.connect(mcpUrl(), 'not-the-token')).rejects.toMatchObject({
				code: 403,
			});
			expect((await agent.listTools()).map((tool) => tool.name).sort()).toEqual([
				'find_products',
				'get_order_by_unique_id',
				'list_products',
				'submit_pending_order',
			]);
		});

		test('the tools find a product, order it once as Pending (again: alreadyExisted) and read it back; every call is an execution on a worker', async () => {
			const earlier = new Set(
				(await session.executionsOf(AGENT_TOOLS_WORKFLOW_ID)).map((execution) => execution.id),
			);
			const found = await agent.items<{ name: string }>('find_products', { query: 'TEE-CLASSIC' });
			expect(found.map(({ name }) => name)).toEqual(['Classic T-Shirt']);
			const [placed] = await agent.items<Record<string, unknown>>('submit_pending_order', order);
			expect(placed).toMatchObject({
				uniqueId: order.uniqueId,
				financialStatus: 'PENDING',
				alreadyExisted: false,
			});
			const [again] = await agent.items<Record<string, unknown>>('submit_pending_order', order);
			expect(again).toMatchObject({ id: placed.id, alreadyExisted: true });
			expect(await control.orders(order.uniqueId)).toHaveLength(1);
			const [read] = await agent.items<Record<string, unknown>>('get_order_by_unique_id', {
				uniqueId: order.uniqueId,
				customerEmail: order.customerEmail,
			});
			expect(read).toMatchObject({ id: placed.id, uniqueId: order.uniqueId });

			const executions = (
				await session.finishedExecutionsOf(AGENT_TOOLS_WORKFLOW_ID, earlier.size + 4)
			).filter((execution) => !earlier.has(execution.id));
			expect(executions.map((execution) => execution.status)).toEqual(Array(4).fill('success'));
			expect(executions.every((execution) => ranOnAWorker(execution.id))).toBe(true);
		});
	});
});
