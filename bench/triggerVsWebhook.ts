/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console, @n8n/community-nodes/no-dangerous-functions -- a benchmark run on Node, never shipped */
/**
 * The POD Platform Trigger against n8n's own Webhook node, side by side in one real n8n (regular
 * mode, SQLite): the same distinct signed order events posted at the same concurrency to the
 * trigger's production URL (activated with the sandbox, deliveries signed with the secret the
 * service holds for its subscription), to a Webhook node (POST, Respond Immediately), and to the
 * floor of a community trigger: a node of another package that emits the body and does nothing
 * else (support/floorTrigger.ts). Each workflow is its starting node alone, so what differs is the
 * node and what n8n does for it. n8n gives any start node but its own Webhook node an expression
 * isolate while it answers a delivery (live-webhooks.js, webhookPhaseNeedsIsolate, n8n 2.40): the
 * floor pays that as this trigger does, so trigger ÷ floor is this package's own share.
 *
 * For each side and round: CPU time of the n8n process and its children (/proc, before and after,
 * read once every execution has finished), median and p95 answer latency, wall time from the
 * first delivery until the last execution stopped (n8n's own stoppedAt), and the executions
 * (exactly one per delivery). Both sides are warmed up first, then alternated round by round.
 * The executions are watched in n8n's database by a reader of its own, so watching costs n8n
 * nothing.
 *
 * Then a fact-finding run in the same n8n: does n8n's Remove Duplicates ("Remove Items Processed
 * in Previous Executions", one value per execution) lose records under concurrency? Webhook →
 * Remove Duplicates → HTTP Request to a local counter; distinct values posted concurrently, then
 * the same values posted again one execution at a time: every value that passes the second time
 * was forgotten. Executions that failed in the first pass are counted with their error.
 *
 * Prints the figures and the ratios trigger ÷ Webhook node, floor ÷ Webhook node and trigger ÷
 * floor; writes
 * bench/results/triggerVsWebhook.json.
 *
 *   npm run bench:trigger [-- deliveries rounds]
 *
 * Environment (for experiments): BENCH_TRIGGER_TARBALL installs that package tarball instead of
 * packing this folder; BENCH_N8N_ENV adds n8n settings (a JSON object); BENCH_RESULTS_FILE writes
 * the results elsewhere; BENCH_DEDUPE_VALUES sets the distinct values (0 skips that part);
 * BENCH_TRIGGER_VERSION sets the trigger's typeVersion in the workflow; BENCH_REMEMBERED adds a
 * side: a second trigger workflow whose stored delivery memory holds that many recent deliveries
 * before n8n starts (its cap is 10,000), as a busy shop's would, run in the same rounds as the
 * trigger whose memory starts empty (remembered ÷ none); BENCH_SIDES runs only the sides named
 * (comma-separated: webhookNode, floorTrigger, trigger; the remembered side comes with
 * BENCH_REMEMBERED).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';

import { encode } from '../nodes/shared/codec';
import {
	deliveryKeyOf,
	encodeDeliveries,
	rememberedKeyOf,
} from '../nodes/PodPlatformTrigger/deliveries';
import { DEMO, signBody } from '../sandbox';
import { sandboxCredential } from '../scripts/dev';
import type { N8nInstance, N8nOptions, N8nRuntime } from '../scripts/n8n-runtime';
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
import { FLOOR_TRIGGER_TYPE, packFloorTrigger } from './support/floorTrigger';
import { epochMsOf, openN8nDatabase, type N8nDatabase } from './support/n8nDatabase';
import { machineBusyMs, processTreeCpu } from './support/processCpu';
import { logIn, startSandboxProcess } from './support/sandboxProcess';
import { spread, type Spread } from './support/timing';

const DELIVERIES = Number(process.argv[2] ?? 300);
const ROUNDS = Number(process.argv[3] ?? 3);
const DEDUPE_VALUES = Number(process.env.BENCH_DEDUPE_VALUES ?? 200);
/** The trigger's typeVersion in the benchmark workflow (for a build that offers another). */
const TRIGGER_VERSION = Number(process.env.BENCH_TRIGGER_VERSION ?? 1);
/** Deliveries the trigger's stored memory holds before the run, emitted in the last 50 minutes. */
const REMEMBERED = Number(process.env.BENCH_REMEMBERED ?? 0);
/** Deliveries in flight at once. */
const CONCURRENCY = 20;
/** Untimed deliveries per side before the rounds. */
const WARM_UP = 20;
/** How long each side's idle CPU is read before it runs. */
const IDLE_MS = 2000;
/** Between the last execution's end and the CPU reading. */
const SETTLE_MS = 500;
const TOPIC = 'orders/updated';
const PREFIX = 'x-platform';

const TRIGGER_WORKFLOW = 'benchTriggerSide';
// At most 16 characters, as n8n's own IDs: n8n saves no static data for a workflow whose ID fails
// its isWorkflowIdValid (more than 21 characters in 2.x, 16 in 1.x), so a trigger there keeps no
// subscription and refuses every delivery ("No subscription for this topic"), which an earlier
// 'benchTriggerRememberedSide' (26) did.
const REMEMBERED_TRIGGER_WORKFLOW = 'benchTrigRemSide';
const WEBHOOK_WORKFLOW = 'benchWebhookSide';
const FLOOR_WORKFLOW = 'benchFloorSide';
const DEDUPE_WORKFLOW = 'benchDedupeRaces';
const CREDENTIAL = { podPlatformApi: { id: 'podPlatformSandbox', name: 'POD Platform sandbox' } };

type SideName = 'webhookNode' | 'floorTrigger' | 'trigger' | 'triggerRemembered';

const BASE_SIDES: SideName[] = ['webhookNode', 'floorTrigger', 'trigger'];

/** The sides in the order of the first round; each round after starts one further on. */
const SIDE_NAMES: SideName[] = [
	...(process.env.BENCH_SIDES
		? BASE_SIDES.filter((name) => process.env.BENCH_SIDES!.split(',').includes(name))
		: BASE_SIDES),
	...(REMEMBERED > 0 ? (['triggerRemembered'] as SideName[]) : []),
];

/** Whether the three sides the ratios compare all run. */
const COMPARES_BASE_SIDES = BASE_SIDES.every((name) => SIDE_NAMES.includes(name));

const SIDE_LABELS: Record<SideName, string> = {
	webhookNode: 'Webhook node',
	floorTrigger: 'Floor trigger',
	trigger: 'Trigger',
	triggerRemembered: 'Tr. remembered',
};

interface RoundFigures {
	round: number;
	/** CPU of n8n and its children from the first delivery until every execution had finished. */
	cpuMs: number;
	/** n8n's CPU per second while idle just before, for the record. */
	idleCpuMsPerSecond: number;
	/**
	 * CPU everything else on the machine used meanwhile, to 10 ms per reading: this benchmark's
	 * client and database reader (about a second per 300 deliveries) and anything another user
	 * runs. Several seconds mean the machine was not quiet.
	 */
	otherCpuMs: number;
	medianMs: number;
	p95Ms: number;
	/** From the first delivery sent until the last answer came. */
	answeredMs: number;
	/** From the first delivery sent until the last execution stopped. */
	wallMs: number;
	executions: number;
	failedExecutions: number;
	/** Size of the workflow's static data (JSON) after the round. */
	staticDataBytes: number;
	/** What n8n stored per execution of the round (its data and its copy of the workflow), bytes. */
	storedBytesPerExecution: number;
}

interface SideSummary {
	cpuMs: Spread;
	cpuMsPerDelivery: number;
	medianMs: Spread;
	p95Ms: Spread;
	wallMs: Spread;
	storedBytesPerExecution: Spread;
	executionsPerRound: number[];
	rounds: RoundFigures[];
}

// ---------------------------------------------------------------- workflows

/**
 * The trigger's memory of emitted deliveries as its static data stores it (deliveries.ts: delivery
 * key → emission times), `count` entries emitted in the last 50 minutes: none is a retry window
 * away, none is old enough to be forgotten.
 */
function rememberedDeliveries(count: number): string {
	const now = Date.now();
	return encodeDeliveries(
		Array.from({ length: count }, (_, i): [string, number[]] => [
			rememberedKeyOf(deliveryKeyOf(TOPIC, Buffer.from(`remembered-${i}`))),
			[now - 50 * 60_000 + Math.floor((i / count) * 50 * 60_000)],
		]),
	);
}

/** Puts the delivery memory read from stdin into a workflow's stored static data; prints its subscriptions. */
const REMEMBER_SCRIPT = [
	'import json, sqlite3, sys',
	'given = json.load(sys.stdin)',
	'db = sqlite3.connect(sys.argv[1])',
	"row = db.execute('SELECT staticData FROM workflow_entity WHERE id = ?', (given['workflowId'],)).fetchone()",
	"data = json.loads(row[0] or '{}')",
	"node = data.setdefault('node:POD Platform Trigger', {})",
	"node['deliveries'] = given['deliveries']",
	"db.execute('UPDATE workflow_entity SET staticData = ? WHERE id = ?', (json.dumps(data), given['workflowId']))",
	'db.commit()',
	"print(len(node.get('registrations') or {}))",
].join('\n');

function triggerWorkflow(webhookId: string, id = TRIGGER_WORKFLOW, remembered = 0) {
	return {
		id,
		name:
			remembered > 0 ? 'Bench: POD Platform Trigger, remembering' : 'Bench: POD Platform Trigger',
		active: false,
		nodes: [
			{
				id: 't1',
				name: 'POD Platform Trigger',
				type: 'n8n-nodes-pod-platform.podPlatformTrigger',
				typeVersion: TRIGGER_VERSION,
				position: [0, 0],
				parameters: {
					shop: { __rl: true, mode: 'id', value: String(DEMO.shopId) },
					topics: [TOPIC],
					options: {},
				},
				credentials: CREDENTIAL,
				webhookId,
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
		...(remembered > 0
			? {
					staticData: {
						'node:POD Platform Trigger': {
							deliveries: { remembered: rememberedDeliveries(remembered) },
						},
					},
				}
			: {}),
	};
}

function webhookWorkflow(webhookId: string) {
	return {
		id: WEBHOOK_WORKFLOW,
		name: 'Bench: Webhook node',
		active: false,
		nodes: [
			{
				id: 'w1',
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				parameters: {
					httpMethod: 'POST',
					path: 'bench-webhook-side',
					responseMode: 'onReceived',
					options: {},
				},
				webhookId,
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

/** The floor: a community trigger that emits the body and nothing else (support/floorTrigger.ts). */
function floorWorkflow(webhookId: string) {
	return {
		id: FLOOR_WORKFLOW,
		name: 'Bench: floor trigger',
		active: false,
		nodes: [
			{
				id: 'f1',
				name: 'Bench Floor Trigger',
				type: FLOOR_TRIGGER_TYPE,
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
				webhookId,
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

function dedupeWorkflow(webhookId: string, counterUrl: string) {
	return {
		id: DEDUPE_WORKFLOW,
		name: 'Bench: Remove Duplicates under concurrency',
		active: false,
		nodes: [
			{
				id: 'd1',
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				parameters: {
					httpMethod: 'POST',
					path: 'bench-dedupe',
					responseMode: 'onReceived',
					options: {},
				},
				webhookId,
			},
			{
				id: 'd2',
				name: 'Remove Duplicates',
				type: 'n8n-nodes-base.removeDuplicates',
				typeVersion: 2,
				position: [220, 0],
				parameters: {
					operation: 'removeItemsSeenInPreviousExecutions',
					logic: 'removeItemsWithAlreadySeenKeyValues',
					dedupeValue: '={{ $json.body.value }}',
					options: {},
				},
			},
			{
				id: 'd3',
				name: 'Count Passed',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				position: [440, 0],
				parameters: {
					url: `=${counterUrl}/passed/{{ encodeURIComponent($json.body.value) }}`,
					options: {},
				},
			},
		],
		connections: {
			Webhook: { main: [[{ node: 'Remove Duplicates', type: 'main', index: 0 }]] },
			'Remove Duplicates': { main: [[{ node: 'Count Passed', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

// ---------------------------------------------------------------- helpers

const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

function quantile(values: number[], q: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

const round1 = (value: number) => Math.round(value * 10) / 10;

function notification(i: number) {
	return {
		productionOrderExpanded: {
			id: 700_000 + i,
			uniqueId: `TVW-${i}`,
			financialStatus: 'PAID',
			fulfilmentStatus: 'IN_PRODUCTION',
			customer: {
				firstName: 'Ada',
				lastName: 'Lovelace',
				email: 'ada@example.com',
				shippingAddress: {
					street: 'Hauptstr.',
					streetNo: '5',
					city: 'Berlin',
					zip: '10115',
					countryCode: 'DE',
				},
			},
			country: { id: 1, code: 'DE' },
			orderedProducts: {
				designedOrderedProduct: [
					{ id: 50_001 + i, amount: 2, productId: 1001 },
					{ id: 60_001 + i, amount: 1, productId: 1002 },
				],
			},
		},
	};
}

interface Delivery {
	body: Buffer;
	headers: Record<string, string>;
}

function deliveries(from: number, count: number, secret: string): Delivery[] {
	return Array.from({ length: count }, (_, k) => {
		const body = Buffer.from(encode(notification(from + k), 'json'));
		return {
			body,
			headers: {
				'content-type': 'application/json',
				[`${PREFIX}-topic`]: TOPIC,
				[`${PREFIX}-hmac-sha256`]: signBody(secret, body),
			},
		};
	});
}

/** Posts every delivery, `concurrency` at a time; answers each one's latency in milliseconds. */
async function post(url: string, batch: Delivery[], concurrency: number): Promise<number[]> {
	const latencies: number[] = [];
	let next = 0;
	await Promise.all(
		Array.from({ length: concurrency }, async () => {
			while (next < batch.length) {
				const { body, headers } = batch[next++];
				const started = performance.now();
				const answer = await request(url, { method: 'POST', headers, body });
				const text = await answer.body.text();
				latencies.push(performance.now() - started);
				if (answer.statusCode !== 200) {
					throw new Error(`${url} answered ${answer.statusCode}: ${text.slice(0, 200)}`);
				}
			}
		}),
	);
	return latencies;
}

/** The newest execution id n8n holds (0 for none): executions after it are a round's. */
async function lastExecutionId(db: N8nDatabase): Promise<number> {
	const [row] = await db.all('SELECT COALESCE(MAX(id), 0) AS id FROM execution_entity');
	return Number(row.id);
}

interface Finished {
	executions: number;
	failed: number;
	lastStoppedAt: number;
}

/** Waits until `expected` executions of the workflow after `afterId` exist and all have finished. */
async function finished(
	db: N8nDatabase,
	workflowId: string,
	afterId: number,
	expected: number,
	timeoutMs = 20 * 60_000,
	pollMs = 100,
): Promise<Finished> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const [row] = await db.all(
			`SELECT COUNT(*) AS n,
				SUM(CASE WHEN status IN ('new', 'running', 'waiting') OR stoppedAt IS NULL THEN 1 ELSE 0 END) AS open,
				SUM(CASE WHEN status = 'success' THEN 0 ELSE 1 END) AS failed,
				MAX(stoppedAt) AS last
			FROM execution_entity WHERE workflowId = ? AND id > ?`,
			workflowId,
			afterId,
		);
		if (Number(row.n) >= expected && Number(row.open) === 0) {
			return {
				executions: Number(row.n),
				failed: Number(row.failed),
				lastStoppedAt: epochMsOf(row.last),
			};
		}
		if (Date.now() > deadline) {
			throw new Error(
				`timed out waiting for ${expected} executions of ${workflowId}: ${row.n} exist, ${row.open} unfinished`,
			);
		}
		await sleep(pollMs);
	}
}

/** Waits until no execution is unfinished, so a side starts on a quiet n8n. */
async function quiet(db: N8nDatabase): Promise<void> {
	const deadline = Date.now() + 10 * 60_000;
	for (;;) {
		const [row] = await db.all(
			"SELECT COUNT(*) AS open FROM execution_entity WHERE status IN ('new', 'running', 'waiting')",
		);
		if (Number(row.open) === 0) return;
		if (Date.now() > deadline) throw new Error('executions are still running after 10 minutes');
		await sleep(200);
	}
}

async function storedBytesPerExecution(
	db: N8nDatabase,
	workflowId: string,
	afterId: number,
): Promise<number> {
	const [row] = await db.all(
		`SELECT AVG(LENGTH(d.data) + LENGTH(d.workflowData)) AS bytes
		FROM execution_data d JOIN execution_entity e ON e.id = d.executionId
		WHERE e.workflowId = ? AND e.id > ?`,
		workflowId,
		afterId,
	);
	return Math.round(Number(row?.bytes ?? 0));
}

async function staticDataBytes(db: N8nDatabase, workflowId: string): Promise<number> {
	const [row] = await db.all(
		'SELECT COALESCE(LENGTH(staticData), 0) AS bytes FROM workflow_entity WHERE id = ?',
		workflowId,
	);
	return Number(row?.bytes ?? 0);
}

/** The trigger's subscription for the topic as the service holds it: its address and secret. */
async function subscriptionOf(baseUrl: string, webhookId: string, n8n: N8nInstance) {
	const deadline = Date.now() + 60_000;
	for (;;) {
		const mine = (await subscriptionsOnService(baseUrl)).find(
			(entry) => entry.topic === TOPIC && entry.address.includes(webhookId) && entry.secret,
		);
		if (mine) return mine;
		if (Date.now() > deadline) {
			throw new Error(
				`the trigger made no ${TOPIC} subscription for ${webhookId}:\n${n8n.output().slice(-3000)}`,
			);
		}
		await sleep(500);
	}
}

async function subscriptionsOnService(baseUrl: string): Promise<SubscriptionOnService[]> {
	const token = await logIn(baseUrl);
	const list = await request(
		`${baseUrl}/accounts/${DEMO.accountId}/shops/${DEMO.shopId}/webhooks?size=100`,
		{ headers: { 'x-auth-token': token, accept: 'application/json' } },
	);
	const page = (await list.body.json()) as {
		pagedData: { webhook?: SubscriptionOnService | SubscriptionOnService[] | '' };
	};
	return page.pagedData.webhook
		? ([] as SubscriptionOnService[]).concat(page.pagedData.webhook)
		: [];
}

interface SubscriptionOnService {
	id: number;
	address: string;
	topic: string;
	secret?: string;
}

/**
 * Activates a workflow and waits until its webhook is registered: n8n answers the activation
 * before it has stored the webhook, and answers 404 to deliveries until then.
 */
async function activate(
	instance: N8nInstance,
	cookie: string,
	db: N8nDatabase,
	workflowId: string,
): Promise<void> {
	const workflow = await rest<{ versionId: string }>(
		instance,
		cookie,
		'GET',
		`/workflows/${workflowId}`,
	);
	await rest(instance, cookie, 'POST', `/workflows/${workflowId}/activate`, {
		versionId: workflow.versionId,
	});
	const deadline = Date.now() + 60_000;
	for (;;) {
		const [row] = await db.all(
			'SELECT COUNT(*) AS n FROM webhook_entity WHERE workflowId = ?',
			workflowId,
		);
		if (Number(row.n) > 0) return;
		if (Date.now() > deadline) throw new Error(`${workflowId}: no webhook registered after 60 s`);
		await sleep(200);
	}
}

// ---------------------------------------------------------------- the comparison

interface Side {
	name: SideName;
	workflowId: string;
	url: string;
	/** The secret its deliveries are signed with (a trigger's subscription's). */
	secret: string;
}

async function runSide(
	n8n: N8nInstance,
	db: N8nDatabase,
	side: Side,
	batch: Delivery[],
	round: number,
): Promise<RoundFigures> {
	const pid = n8n.process.pid!;
	await quiet(db);
	const idleFrom = processTreeCpu(pid).ms;
	await sleep(IDLE_MS);
	const idleCpuMsPerSecond = ((processTreeCpu(pid).ms - idleFrom) / IDLE_MS) * 1000;
	const afterId = await lastExecutionId(db);
	const cpuBefore = processTreeCpu(pid).ms;
	const busyBefore = machineBusyMs();
	const startedAt = Date.now();
	const started = performance.now();
	const latencies = await post(side.url, batch, CONCURRENCY);
	const answeredMs = performance.now() - started;
	const done = await finished(db, side.workflowId, afterId, batch.length);
	await sleep(SETTLE_MS);
	const cpuMs = processTreeCpu(pid).ms - cpuBefore;
	const otherCpuMs = machineBusyMs() - busyBefore - cpuMs;
	// Nothing more arrives: exactly one execution per delivery.
	const settled = await finished(db, side.workflowId, afterId, batch.length);
	return {
		round,
		cpuMs: Math.round(cpuMs),
		idleCpuMsPerSecond: round1(idleCpuMsPerSecond),
		otherCpuMs: Math.round(otherCpuMs),
		medianMs: round1(quantile(latencies, 0.5)),
		p95Ms: round1(quantile(latencies, 0.95)),
		answeredMs: Math.round(answeredMs),
		wallMs: Math.round(done.lastStoppedAt - startedAt),
		executions: settled.executions,
		failedExecutions: settled.failed,
		staticDataBytes: await staticDataBytes(db, side.workflowId),
		storedBytesPerExecution: await storedBytesPerExecution(db, side.workflowId, afterId),
	};
}

function summarise(rounds: RoundFigures[]): SideSummary {
	const cpu = spread(rounds.map((r) => r.cpuMs));
	return {
		cpuMs: cpu,
		cpuMsPerDelivery: round1(cpu.median / DELIVERIES),
		medianMs: spread(rounds.map((r) => r.medianMs)),
		p95Ms: spread(rounds.map((r) => r.p95Ms)),
		wallMs: spread(rounds.map((r) => r.wallMs)),
		storedBytesPerExecution: spread(rounds.map((r) => r.storedBytesPerExecution)),
		executionsPerRound: rounds.map((r) => r.executions),
		rounds,
	};
}

// ---------------------------------------------------------------- Remove Duplicates

interface DedupeFindings {
	values: number;
	concurrency: number;
	firstPass: {
		executions: number;
		failed: number;
		passed: number;
		/** Each distinct error of the failed executions, with how many failed with it. */
		failures: Record<string, number>;
	};
	/** Distinct values the node's stored record held after the first pass. */
	storedAfterFirstPass: number;
	secondPass: { executions: number; failed: number; passed: number };
	/** Values recorded in the first pass and passed again: 0 when the record holds. */
	lostRecords: number;
}

/** A counter the workflow's last node calls for every value that passed Remove Duplicates. */
async function startCounter() {
	const passed: string[] = [];
	const server = createServer((req, res) => {
		const match = /^\/passed\/(.*)$/.exec(req.url ?? '');
		if (match) passed.push(decodeURIComponent(match[1]));
		res.writeHead(200, { 'content-type': 'application/json' });
		res.end('{"ok":true}');
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		passed,
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

async function storedValues(db: N8nDatabase): Promise<number> {
	const rows = await db.all(
		'SELECT value FROM processed_data WHERE workflowId = ?',
		DEDUPE_WORKFLOW,
	);
	let count = 0;
	for (const row of rows) {
		const value = JSON.parse(String(row.value)) as { data?: unknown };
		if (Array.isArray(value.data)) count += value.data.length;
	}
	return count;
}

async function failuresOf(db: N8nDatabase, afterId: number): Promise<string[]> {
	const rows = await db.all(
		`SELECT d.data AS data FROM execution_entity e JOIN execution_data d ON d.executionId = e.id
		WHERE e.workflowId = ? AND e.id > ? AND e.status != 'success'`,
		DEDUPE_WORKFLOW,
		afterId,
	);
	// n8n stores execution data flattened (an array whose strings stand alone): the error's
	// message is one of its strings.
	return rows.map((row) => {
		let strings: string[] = [];
		try {
			const flat = JSON.parse(String(row.data)) as unknown[];
			strings = flat.filter((entry): entry is string => typeof entry === 'string');
		} catch {
			strings = [String(row.data)];
		}
		const longest = (pattern: RegExp) =>
			strings
				.filter((text) => pattern.test(text))
				.sort((a, b) => b.length - a.length)
				.at(0);
		const message =
			longest(/constraint|duplicate key/i) ?? longest(/error|failed/i) ?? '(no message found)';
		return message.slice(0, 240);
	});
}

async function removeDuplicatesUnderConcurrency(
	n8n: N8nInstance,
	db: N8nDatabase,
	counter: Awaited<ReturnType<typeof startCounter>>,
): Promise<DedupeFindings> {
	const url = `${n8n.url}/webhook/bench-dedupe`;
	const values = Array.from({ length: DEDUPE_VALUES }, (_, i) => `value-${i}`);
	const batch = values.map((value) => ({
		body: Buffer.from(JSON.stringify({ value })),
		headers: { 'content-type': 'application/json' },
	}));

	await quiet(db);
	const firstFrom = await lastExecutionId(db);
	await post(url, batch, CONCURRENCY);
	const first = await finished(db, DEDUPE_WORKFLOW, firstFrom, values.length);
	await sleep(SETTLE_MS);
	const passedFirst = counter.passed.splice(0).length;
	const failures = first.failed > 0 ? await failuresOf(db, firstFrom) : [];
	const storedAfterFirstPass = await storedValues(db);

	const secondFrom = await lastExecutionId(db);
	for (let i = 0; i < batch.length; i++) {
		await post(url, [batch[i]], 1);
		// One at a time: the next value is posted once this one's execution has finished.
		await finished(db, DEDUPE_WORKFLOW, secondFrom, i + 1, 60_000, 10);
	}
	const second = await finished(db, DEDUPE_WORKFLOW, secondFrom, values.length);
	await sleep(SETTLE_MS);
	const passedSecond = counter.passed.splice(0);
	return {
		values: values.length,
		concurrency: CONCURRENCY,
		firstPass: {
			executions: first.executions,
			failed: first.failed,
			passed: passedFirst,
			failures: failures.reduce<Record<string, number>>((counts, message) => {
				counts[message] = (counts[message] ?? 0) + 1;
				return counts;
			}, {}),
		},
		storedAfterFirstPass,
		secondPass: {
			executions: second.executions,
			failed: second.failed,
			passed: passedSecond.length,
		},
		lostRecords: passedSecond.length,
	};
}

// ---------------------------------------------------------------- main

async function importWork(
	runtime: N8nRuntime,
	options: N8nOptions,
	folder: string,
	baseUrl: string,
	workflows: unknown[],
) {
	const credentials = path.join(folder, 'credentials.json');
	writeFileSync(credentials, JSON.stringify([sandboxCredential(baseUrl)]));
	await n8nCli(runtime, options, ['import:credentials', `--input=${credentials}`]);
	const file = path.join(folder, 'workflows.json');
	writeFileSync(file, JSON.stringify(workflows));
	await n8nCli(runtime, options, ['import:workflow', `--input=${file}`]);
}

/** One row of the printout: each side's figure, then trigger ÷ Webhook node, floor ÷ Webhook node and trigger ÷ floor. */
function line(label: string, figures: Record<SideName, number>, unit: string) {
	const ratio = (a: number, b: number) => (a / b).toFixed(2).padStart(9);
	console.log(
		`${label.padEnd(34)}${SIDE_NAMES.map((name) => `${figures[name]} ${unit}`.padStart(14)).join('')}` +
			(COMPARES_BASE_SIDES
				? `${ratio(figures.trigger, figures.webhookNode)}${ratio(figures.floorTrigger, figures.webhookNode)}${ratio(figures.trigger, figures.floorTrigger)}`
				: '') +
			(REMEMBERED > 0 && SIDE_NAMES.includes('trigger')
				? ratio(figures.triggerRemembered, figures.trigger)
				: ''),
	);
}

/** The n8n under test, whose output is printed when the run fails. */
let underTest: N8nInstance | undefined;

async function main() {
	const load = loadavg();
	const runtime = await ensureN8n();
	const root = mkdtempSync(path.join(tmpdir(), 'pod-platform-bench-trigger-'));
	const counter = await startCounter();
	let sandbox: Awaited<ReturnType<typeof startSandboxProcess>> | undefined;
	let n8n: N8nInstance | undefined;
	let db: N8nDatabase | undefined;
	try {
		const tarball =
			process.env.BENCH_TRIGGER_TARBALL ?? (await packPackage(path.join(root, 'package')));
		sandbox = await startSandboxProcess({});
		const options: N8nOptions = {
			userFolder: path.join(root, 'n8n'),
			port: await freePort(),
			env: JSON.parse(process.env.BENCH_N8N_ENV ?? '{}') as Record<string, string>,
		};
		await installPackage(
			options.userFolder,
			tarball,
			await packFloorTrigger(path.join(root, 'floor')),
		);
		const floorWebhookId = randomUUID();
		const triggerWebhookId = randomUUID();
		const rememberedWebhookId = randomUUID();
		await importWork(runtime, options, root, sandbox.baseUrl, [
			triggerWorkflow(triggerWebhookId),
			triggerWorkflow(rememberedWebhookId, REMEMBERED_TRIGGER_WORKFLOW),
			webhookWorkflow(randomUUID()),
			floorWorkflow(floorWebhookId),
			dedupeWorkflow(randomUUID(), counter.url),
		]);
		n8n = await startN8n(runtime, options);
		underTest = n8n;
		let cookie = await ownerSession(n8n);
		db = openN8nDatabase(runtime, options.userFolder);
		await activate(n8n, cookie, db, TRIGGER_WORKFLOW);
		if (REMEMBERED > 0) await activate(n8n, cookie, db, REMEMBERED_TRIGGER_WORKFLOW);
		await activate(n8n, cookie, db, WEBHOOK_WORKFLOW);
		await activate(n8n, cookie, db, FLOOR_WORKFLOW);
		let subscription = await subscriptionOf(sandbox.baseUrl, triggerWebhookId, n8n);
		let remembering =
			REMEMBERED > 0 ? await subscriptionOf(sandbox.baseUrl, rememberedWebhookId, n8n) : undefined;
		if (remembering) {
			// The memory goes into the static data n8n stored at the activation (with the
			// subscriptions), while n8n is stopped: n8n started again reads it. Imported with the
			// workflow, the activation's subscriptions were not saved beside it.
			await db.close();
			await n8n.stop();
			const registrations = execFileSync(
				'python3',
				['-c', REMEMBER_SCRIPT, path.join(options.userFolder, '.n8n', 'database.sqlite')],
				{
					input: JSON.stringify({
						workflowId: REMEMBERED_TRIGGER_WORKFLOW,
						deliveries: { remembered: rememberedDeliveries(REMEMBERED) },
					}),
				},
			);
			if (Number(registrations.toString().trim()) < 1) {
				throw new Error('the remembering trigger stored no subscription');
			}
			n8n = await startN8n(runtime, options);
			underTest = n8n;
			cookie = await ownerSession(n8n);
			db = openN8nDatabase(runtime, options.userFolder);
			// Both triggers answer an unsigned delivery with 401 once n8n serves their webhooks.
			for (const address of [subscription.address, remembering.address]) {
				for (;;) {
					const probe = await request(address, { method: 'POST', body: '' });
					await probe.body.dump();
					if (probe.statusCode === 401) break;
					await sleep(500);
				}
			}
			// n8n's start checks every trigger's subscriptions (checkExists) and renews what does
			// not match: the secrets are read again.
			subscription = await subscriptionOf(sandbox.baseUrl, triggerWebhookId, n8n);
			remembering = await subscriptionOf(sandbox.baseUrl, rememberedWebhookId, n8n);
			for (const workflowId of [TRIGGER_WORKFLOW, REMEMBERED_TRIGGER_WORKFLOW]) {
				const [row] = await db.all(
					'SELECT staticData FROM workflow_entity WHERE id = ?',
					workflowId,
				);
				const stored = JSON.parse(String(row?.staticData ?? '{}')) as Record<
					string,
					{ registrations?: Record<string, unknown>; deliveries?: { remembered?: string } }
				>;
				const node = stored['node:POD Platform Trigger'] ?? {};
				console.log(
					`${workflowId} after the restart: registrations for ${Object.keys(node.registrations ?? {}).join(', ') || 'none'}; ${node.deliveries?.remembered?.split(' ').length ?? 0} deliveries remembered`,
				);
			}
		}
		const secret = subscription.secret!;
		const sides: Record<SideName, Side> = {
			webhookNode: {
				name: 'webhookNode',
				workflowId: WEBHOOK_WORKFLOW,
				url: `${n8n.url}/webhook/bench-webhook-side`,
				secret,
			},
			floorTrigger: {
				name: 'floorTrigger',
				workflowId: FLOOR_WORKFLOW,
				url: `${n8n.url}/webhook/${floorWebhookId}/webhook`,
				secret,
			},
			// The address the trigger subscribed with: its production URL.
			trigger: {
				name: 'trigger',
				workflowId: TRIGGER_WORKFLOW,
				url: subscription.address,
				secret,
			},
			triggerRemembered: {
				name: 'triggerRemembered',
				workflowId: REMEMBERED_TRIGGER_WORKFLOW,
				url: remembering?.address ?? '',
				secret: remembering?.secret ?? '',
			},
		};

		// Warm-up, untimed: every side's code paths compiled before anything is measured.
		for (const side of SIDE_NAMES.map((name) => sides[name])) {
			const from = await lastExecutionId(db);
			await post(side.url, deliveries(0, WARM_UP, side.secret), CONCURRENCY);
			await finished(db, side.workflowId, from, WARM_UP);
		}

		const rounds = Object.fromEntries(SIDE_NAMES.map((name) => [name, []])) as unknown as Record<
			SideName,
			RoundFigures[]
		>;
		for (let round = 0; round < ROUNDS; round++) {
			// The same deliveries to every side; new ones every round.
			const from = WARM_UP + round * DELIVERIES;
			const first = round % SIDE_NAMES.length;
			const order = [...SIDE_NAMES.slice(first), ...SIDE_NAMES.slice(0, first)];
			for (const name of order) {
				const batch = deliveries(from, DELIVERIES, sides[name].secret);
				const figures = await runSide(n8n, db, sides[name], batch, round + 1);
				rounds[name].push(figures);
				console.log(`round ${round + 1} ${name.padEnd(12)} ${JSON.stringify(figures)}`);
			}
		}
		for (const name of Object.keys(rounds) as SideName[]) {
			for (const figures of rounds[name]) {
				if (figures.executions !== DELIVERIES || figures.failedExecutions !== 0) {
					throw new Error(
						`${name}, round ${figures.round}: ${DELIVERIES} deliveries ran ${figures.executions} executions (${figures.failedExecutions} failed)`,
					);
				}
			}
		}

		let removeDuplicates: DedupeFindings | undefined;
		if (DEDUPE_VALUES > 0) {
			await activate(n8n, cookie, db, DEDUPE_WORKFLOW);
			removeDuplicates = await removeDuplicatesUnderConcurrency(n8n, db, counter);
		}

		const summaries = Object.fromEntries(
			SIDE_NAMES.map((name) => [name, summarise(rounds[name])]),
		) as Record<SideName, SideSummary>;
		const { webhookNode, floorTrigger, trigger, triggerRemembered } = summaries;
		const ratio = (
			of: SideSummary,
			to: SideSummary,
			key: 'cpuMs' | 'medianMs' | 'p95Ms' | 'wallMs',
		) => Math.round((of[key].median / to[key].median) * 100) / 100;
		const ratiosOf = (of: SideSummary, to: SideSummary) => ({
			cpu: ratio(of, to, 'cpuMs'),
			medianLatency: ratio(of, to, 'medianMs'),
			p95Latency: ratio(of, to, 'p95Ms'),
			wall: ratio(of, to, 'wallMs'),
		});
		const result = {
			at: new Date().toISOString(),
			n8n: runtime.version,
			label: process.env.BENCH_LABEL,
			machine: {
				cores: cpus().length,
				cpu: cpus()[0]?.model,
				node: process.version,
				loadAverageAtStart: load.map(round1),
			},
			n8nEnv: options.env,
			deliveries: DELIVERIES,
			rounds: ROUNDS,
			triggerVersion: TRIGGER_VERSION,
			rememberedBefore: REMEMBERED,
			concurrency: CONCURRENCY,
			warmUp: WARM_UP,
			sides: summaries,
			...(COMPARES_BASE_SIDES
				? {
						ratios: ratiosOf(trigger, webhookNode),
						floorRatios: ratiosOf(floorTrigger, webhookNode),
						triggerOverFloor: ratiosOf(trigger, floorTrigger),
					}
				: {}),
			...(triggerRemembered && trigger
				? { rememberedOverNone: ratiosOf(triggerRemembered, trigger) }
				: {}),
			removeDuplicates,
		};

		console.log(
			`\n${DELIVERIES} signed deliveries per side and round, ${CONCURRENCY} at once, ${ROUNDS} rounds (medians of the rounds)`,
		);
		console.log(
			`${''.padEnd(34)}${SIDE_NAMES.map((name) => SIDE_LABELS[name].padStart(14)).join('')}` +
				(COMPARES_BASE_SIDES
					? `${'T÷W'.padStart(9)}${'F÷W'.padStart(9)}${'T÷F'.padStart(9)}`
					: '') +
				(triggerRemembered && trigger ? 'R÷T'.padStart(9) : ''),
		);
		if (triggerRemembered) {
			console.log(
				`(Tr. remembered: the trigger with ${REMEMBERED} deliveries remembered before the run; R÷T: it ÷ the trigger whose memory started empty)`,
			);
		}
		const row = (label: string, figure: (side: SideSummary) => number, unit: string) =>
			line(
				label,
				Object.fromEntries(SIDE_NAMES.map((name) => [name, figure(summaries[name])])) as Record<
					SideName,
					number
				>,
				unit,
			);
		row('n8n CPU (process + children)', (side) => side.cpuMs.median, 'ms');
		row('n8n CPU per delivery', (side) => side.cpuMsPerDelivery, 'ms');
		row('answer latency, median', (side) => side.medianMs.median, 'ms');
		row('answer latency, p95', (side) => side.p95Ms.median, 'ms');
		row('wall until all executions ended', (side) => side.wallMs.median, 'ms');
		row('stored per execution', (side) => side.storedBytesPerExecution.median, 'B');
		console.log(
			`executions per round: ${SIDE_NAMES.map((name) => `${SIDE_LABELS[name]} ${summaries[name].executionsPerRound.join(', ')}`).join('; ')} (one per delivery)`,
		);
		if (removeDuplicates) {
			const d = removeDuplicates;
			console.log(
				`\nRemove Duplicates, ${d.values} distinct values at ${d.concurrency} at once: ${d.firstPass.executions} executions, ${d.firstPass.failed} failed, ${d.firstPass.passed} passed; the node's record then held ${d.storedAfterFirstPass}`,
			);
			for (const [message, count] of Object.entries(d.firstPass.failures)) {
				console.log(`  ${count} failed with: ${message}`);
			}
			console.log(
				`The same ${d.values} again, one at a time: ${d.secondPass.passed} passed (${d.lostRecords} records lost; 0 if it holds), ${d.secondPass.failed} failed`,
			);
		}
		const file =
			process.env.BENCH_RESULTS_FILE ?? path.join(__dirname, 'results', 'triggerVsWebhook.json');
		mkdirSync(path.dirname(file), { recursive: true });
		writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
	} finally {
		await db?.close();
		await n8n?.stop();
		await sandbox?.close();
		await counter.close();
		rmSync(root, { recursive: true, force: true });
	}
}

main().catch((error) => {
	if (underTest) console.error(`n8n's output:\n${underTest.output().slice(-6000)}`);
	console.error(error);
	process.exit(1);
});
