/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- a benchmark run on Node, never shipped */
/**
 * The same work on the single-process n8n (SQLite, regular mode) and on the queue-mode stack
 * (Postgres, Redis, two workers, two webhook processes behind a balancer; scripts/queue-stack.ts):
 *
 * - deliveries: distinct signed order events posted to the trigger's production URL at once,
 *   timed until every one is accepted and until every one has run (exactly one execution each);
 * - orders: two intake workflows submitting distinct orders at the same time, timed until both
 *   executions have finished.
 *
 * Prints each figure and queue/single ratios; writes bench/results/queue.json.
 *
 *   npm run bench:queue [-- deliveries orders-per-workflow]
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';

import { encode } from '../nodes/shared/codec';
import type { Sandbox } from '../sandbox';
import { signBody, startSandbox } from '../sandbox';
import { exampleWorkflows, sandboxCredential } from '../scripts/dev';
import type { N8nOptions, N8nRuntime } from '../scripts/n8n-runtime';
import {
	ensureN8n,
	freePort,
	installPackage,
	n8nCli,
	ownerSession,
	packPackage,
	rest,
	startN8n,
} from '../scripts/n8n-runtime';
import {
	queueCliOptions,
	queueStackPorts,
	startQueueServices,
	startQueueStack,
} from '../scripts/queue-stack';
import { jsonOrder } from '../test/order/fixtures';
import { N8nSession, subscriptions, waitFor } from '../test/e2e/n8nSession';
import { QUEUE_ORDER_WORKFLOWS, queueWorkflows } from '../test/e2e/workflows';

const DELIVERIES = Number(process.argv[2] ?? 400);
const ORDERS_PER_WORKFLOW = Number(process.argv[3] ?? 500);
/** Deliveries in flight at once, as a busy service sends them. */
const SENDERS = 16;
const EVENTS_WORKFLOW_ID = 'podExOrderEvents';
const TOPIC = 'orders/updated';

interface Figures {
	deliveriesAcceptedPerSecond: number;
	deliveriesExecutedPerSecond: number;
	ordersPerSecond: number;
	deliveryExecutions: number;
	orders: number;
}

/** The running n8n under test: where its editor and its production webhooks answer. */
interface Target {
	session: N8nSession;
	webhookUrl: string;
	cli: N8nOptions;
	/** The service the trigger subscribes to. */
	sandbox: Sandbox;
}

function notification(i: number) {
	return {
		productionOrderExpanded: {
			id: 900_000 + i,
			uniqueId: `BENCH-${i}`,
			financialStatus: 'PAID',
			fulfilmentStatus: 'IN_PRODUCTION',
			customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
			country: { id: 1, code: 'DE' },
		},
	};
}

/** The subscription's address and the secret the service signs it with (the trigger stores none). */
async function subscriptionOf(target: Target) {
	const found = (await subscriptions(target.sandbox)).find(
		(entry) => entry.address.startsWith(target.webhookUrl) && entry.topic === TOPIC,
	);
	if (!found) throw new Error('no subscription yet');
	return { address: found.address, secret: found.secret };
}

async function executionCount(session: N8nSession, workflowId: string) {
	const filter = encodeURIComponent(JSON.stringify({ workflowId, status: ['success'] }));
	const page = await rest<{ count: number }>(
		session.instance,
		session.cookie,
		'GET',
		`/executions?filter=${filter}&limit=1`,
	);
	return page.count;
}

async function measure(target: Target): Promise<Figures> {
	const { session } = target;
	await session.activate(EVENTS_WORKFLOW_ID);
	const { address, secret } = await waitFor(
		'the subscriptions',
		async () => {
			try {
				return await subscriptionOf(target);
			} catch {
				return undefined;
			}
		},
		60_000,
	);
	const deliveryUrl = `${target.webhookUrl}${new URL(address).pathname}`;
	const bodies = Array.from({ length: DELIVERIES }, (_, i) =>
		Buffer.from(encode(notification(i), 'json')),
	);
	let next = 0;
	const started = performance.now();
	await Promise.all(
		Array.from({ length: SENDERS }, async () => {
			while (next < bodies.length) {
				const body = bodies[next++];
				const answer = await request(deliveryUrl, {
					method: 'POST',
					headers: {
						'content-type': 'application/json',
						'x-platform-topic': TOPIC,
						'x-platform-hmac-sha256': signBody(secret, body),
					},
					body,
				});
				await answer.body.dump();
				if (answer.statusCode !== 200) throw new Error(`a delivery got ${answer.statusCode}`);
			}
		}),
	);
	const acceptedMs = performance.now() - started;
	await waitFor(
		`${DELIVERIES} executions`,
		async () =>
			(await executionCount(session, EVENTS_WORKFLOW_ID)) >= DELIVERIES ? true : undefined,
		20 * 60_000,
	);
	const executedMs = performance.now() - started;
	// Nothing more arrives: each delivery ran exactly once.
	await new Promise((resolve) => setTimeout(resolve, 3000));
	const deliveryExecutions = await executionCount(session, EVENTS_WORKFLOW_ID);
	if (deliveryExecutions !== DELIVERIES) {
		throw new Error(`${DELIVERIES} deliveries ran ${deliveryExecutions} executions`);
	}
	await session.deactivate(EVENTS_WORKFLOW_ID);

	for (const { id } of QUEUE_ORDER_WORKFLOWS) await session.activate(id);
	const ordersStarted = performance.now();
	await Promise.all(
		QUEUE_ORDER_WORKFLOWS.map(async ({ path: webhookPath }, w) => {
			const orders = Array.from({ length: ORDERS_PER_WORKFLOW }, (_, i) =>
				jsonOrder(`bench-${w}-${i}`),
			);
			await waitFor(`the ${webhookPath} webhook`, async () => {
				const answer = await request(`${target.webhookUrl}/webhook/${webhookPath}`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ orders }),
				});
				await answer.body.dump();
				return answer.statusCode === 200 ? true : undefined;
			});
		}),
	);
	await Promise.all(
		QUEUE_ORDER_WORKFLOWS.map(
			async ({ id }) =>
				await waitFor(
					`the ${id} execution`,
					async () => ((await executionCount(session, id)) >= 1 ? true : undefined),
					20 * 60_000,
				),
		),
	);
	const ordersMs = performance.now() - ordersStarted;
	for (const { id } of QUEUE_ORDER_WORKFLOWS) await session.deactivate(id);

	const perSecond = (count: number, ms: number) => Math.round((count / ms) * 1000 * 10) / 10;
	return {
		deliveriesAcceptedPerSecond: perSecond(DELIVERIES, acceptedMs),
		deliveriesExecutedPerSecond: perSecond(DELIVERIES, executedMs),
		ordersPerSecond: perSecond(2 * ORDERS_PER_WORKFLOW, ordersMs),
		deliveryExecutions,
		orders: 2 * ORDERS_PER_WORKFLOW,
	};
}

/** Import the credential and the workflows the benchmark runs. */
async function importWork(runtime: N8nRuntime, cli: N8nOptions, sandbox: Sandbox, folder: string) {
	const credentials = path.join(folder, 'credentials.json');
	writeFileSync(credentials, JSON.stringify([sandboxCredential(sandbox.baseUrl)]));
	await n8nCli(runtime, cli, ['import:credentials', `--input=${credentials}`]);
	const workflows = path.join(folder, 'workflows.json');
	writeFileSync(
		workflows,
		JSON.stringify([
			...exampleWorkflows().filter((workflow) => workflow.id === EVENTS_WORKFLOW_ID),
			...queueWorkflows(),
		]),
	);
	await n8nCli(runtime, cli, ['import:workflow', `--input=${workflows}`]);
}

async function single(runtime: N8nRuntime, tarball: string, folder: string): Promise<Figures> {
	const sandbox = await startSandbox({ port: 0 });
	const options: N8nOptions = { userFolder: path.join(folder, 'n8n'), port: await freePort() };
	await installPackage(options.userFolder, tarball);
	await importWork(runtime, options, sandbox, folder);
	const n8n = await startN8n(runtime, options);
	try {
		const target: Target = {
			session: new N8nSession(n8n, await ownerSession(n8n)),
			webhookUrl: n8n.url,
			sandbox,
			cli: options,
		};
		return await measure(target);
	} finally {
		await n8n.stop();
		await sandbox.close();
	}
}

async function queue(runtime: N8nRuntime, tarball: string, folder: string): Promise<Figures> {
	const sandbox = await startSandbox({ port: 0 });
	const services = await startQueueServices(path.join(folder, 'data'));
	const stackOptions = { services, userFolder: path.join(folder, 'n8n') };
	try {
		const ports = await queueStackPorts(stackOptions);
		const cli = queueCliOptions(stackOptions, ports);
		await installPackage(stackOptions.userFolder, tarball);
		await importWork(runtime, cli, sandbox, folder);
		const stack = await startQueueStack(runtime, stackOptions, ports);
		try {
			const target: Target = {
				session: new N8nSession(stack.main, await ownerSession(stack.main)),
				webhookUrl: stack.balancer.url,
				sandbox,
				cli,
			};
			return await measure(target);
		} finally {
			await stack.stop();
		}
	} finally {
		await services.stop();
		await sandbox.close();
	}
}

async function main() {
	const runtime = await ensureN8n();
	const root = mkdtempSync(path.join(tmpdir(), 'pod-platform-bench-queue-'));
	// Postgres runs as its own user, which must enter this folder.
	chmodSync(root, 0o755);
	try {
		const tarball = await packPackage(path.join(root, 'package'));
		const singleFolder = path.join(root, 'single');
		const queueFolder = path.join(root, 'queue');
		mkdirSync(singleFolder);
		mkdirSync(queueFolder);
		const singleFigures = await single(runtime, tarball, singleFolder);
		const queueFigures = await queue(runtime, tarball, queueFolder);
		const ratio = (key: keyof Figures) =>
			Math.round((queueFigures[key] / singleFigures[key]) * 100) / 100;
		const result = {
			at: new Date().toISOString(),
			n8n: runtime.version,
			deliveries: DELIVERIES,
			ordersPerWorkflow: ORDERS_PER_WORKFLOW,
			single: singleFigures,
			queue: queueFigures,
			ratios: {
				deliveriesAccepted: ratio('deliveriesAcceptedPerSecond'),
				deliveriesExecuted: ratio('deliveriesExecutedPerSecond'),
				orders: ratio('ordersPerSecond'),
			},
		};
		console.log(JSON.stringify(result, null, 2));
		console.log(
			`deliveries accepted/s: single ${singleFigures.deliveriesAcceptedPerSecond}, queue ${queueFigures.deliveriesAcceptedPerSecond}, queue/single ${result.ratios.deliveriesAccepted}`,
		);
		console.log(
			`deliveries executed/s: single ${singleFigures.deliveriesExecutedPerSecond}, queue ${queueFigures.deliveriesExecutedPerSecond}, queue/single ${result.ratios.deliveriesExecuted}`,
		);
		console.log(
			`orders/s:              single ${singleFigures.ordersPerSecond}, queue ${queueFigures.ordersPerSecond}, queue/single ${result.ratios.orders}`,
		);
		const results = path.join(__dirname, 'results');
		mkdirSync(results, { recursive: true });
		writeFileSync(path.join(results, 'queue.json'), `${JSON.stringify(result, null, 2)}\n`);
	} finally {
		rmSync(root, { recursive: true, force: true });
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
