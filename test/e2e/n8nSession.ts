/* eslint-disable @n8n/community-nodes/no-restricted-globals -- drives a real n8n from Node, never shipped */
/**
 * What the end-to-end suites ask of a running n8n and of the sandbox's subscription list:
 * executions of a workflow, activation, and the shop's webhook subscriptions as the service
 * holds them. The session follows its n8n across restarts (`instance` and `cookie` are replaced).
 */
import { request } from 'undici';

import type { Sandbox } from '../../sandbox';
import { DEMO } from '../../sandbox';
import type { N8nInstance } from '../../scripts/n8n-runtime';
import { isN8n1, rest } from '../../scripts/n8n-runtime';

export interface ExecutionSummary {
	id: string;
	status: string;
	workflowId: string;
	/** How it started: `manual` for the editor's runs and test runs, `webhook`, `trigger`... */
	mode?: string;
	createdAt?: string;
	startedAt?: string | null;
	stoppedAt?: string | null;
}

export interface Subscription {
	id: number;
	address: string;
	topic: string;
	/** The secret the service signs this subscription's deliveries with. */
	secret: string;
}

/** Poll until the probe returns a value (undefined means "not yet"). */
export async function waitFor<T>(
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

/**
 * Wait until the n8n process at `baseUrl` serves the production webhook at `webhookPath` for POST:
 * it answers a CORS preflight for it with 204 (n8n looks the webhook up to answer, and runs
 * nothing), where a path it does not serve yet is an error. n8n registers an activated workflow's
 * webhooks a moment after the activation request returns.
 */
export async function webhookServed(baseUrl: string, webhookPath: string): Promise<void> {
	await waitFor(`POST /webhook/${webhookPath} at ${baseUrl}`, async () => {
		const preflight = await request(`${baseUrl}/webhook/${webhookPath}`, {
			method: 'OPTIONS',
			headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
		});
		await preflight.body.dump();
		return preflight.statusCode === 204 ? true : undefined;
	});
}

/** The demo shop's webhook subscriptions, read from the service with the demo login. */
export async function subscriptions(sandbox: Sandbox): Promise<Subscription[]> {
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

/** One run of a node as an execution records it. */
export interface NodeRun {
	data?: { main?: Array<Array<{ json: Record<string, unknown> }>> };
	error?: { message?: string; description?: string };
}

export interface ExecutionResult {
	/** The execution's ID, as n8n's answer to the run request gave it. */
	executionId: string;
	/** `manual` for a run the editor starts. */
	mode: string;
	status: string;
	/** Each node's runs, by node name. */
	runData: Record<string, NodeRun[]>;
	/** The error that ended the execution, if one did. */
	error?: { message?: string; description?: string };
}

/**
 * n8n keeps an execution's data in the `flatted` format: one JSON array whose first entry is the
 * root, where every object, array and string is an entry of the array and is referred to by its
 * index as a string; numbers, booleans and null stay in place. This turns it back into the value.
 */
export function unflatten(text: string): unknown {
	const table = JSON.parse(text) as unknown[];
	const revived = new Set<object>();
	const resolve = (value: unknown): unknown => {
		if (typeof value !== 'string') return value;
		const entry = table[Number(value)];
		return entry !== null && typeof entry === 'object' ? revive(entry) : entry;
	};
	const revive = (entry: object): object => {
		if (revived.has(entry)) return entry;
		revived.add(entry);
		const record = entry as Record<string, unknown>;
		for (const key of Object.keys(record)) record[key] = resolve(record[key]);
		return entry;
	};
	return revive(table[0] as object);
}

export class N8nSession {
	constructor(
		public instance: N8nInstance,
		public cookie: string,
	) {}

	async executionsOf(workflowId: string, statuses?: string[]): Promise<ExecutionSummary[]> {
		const filter = encodeURIComponent(
			JSON.stringify(statuses ? { workflowId, status: statuses } : { workflowId }),
		);
		const page = await rest<{ results: ExecutionSummary[] }>(
			this.instance,
			this.cookie,
			'GET',
			`/executions?filter=${filter}&limit=250`,
		);
		return page.results;
	}

	/** How many executions of a workflow n8n holds, of any status or of the statuses given. */
	async executionCount(workflowId: string, statuses?: string[]): Promise<number> {
		const filter = encodeURIComponent(
			JSON.stringify(statuses ? { workflowId, status: statuses } : { workflowId }),
		);
		const page = await rest<{ count: number }>(
			this.instance,
			this.cookie,
			'GET',
			`/executions?filter=${filter}&limit=1`,
		);
		return page.count;
	}

	/**
	 * The number of executions of a workflow once at least `atLeast` exist and none is unfinished,
	 * for more executions than one page of the list holds.
	 */
	async finishedExecutionCount(
		workflowId: string,
		atLeast: number,
		timeoutMs?: number,
	): Promise<number> {
		return await waitFor(
			`${atLeast} finished executions of ${workflowId}`,
			async () => {
				const total = await this.executionCount(workflowId);
				if (total < atLeast) return undefined;
				const unfinished = await this.executionCount(workflowId, ['new', 'running', 'waiting']);
				return unfinished === 0 ? total : undefined;
			},
			timeoutMs,
		);
	}

	/** An execution's data as n8n stores it (flattened JSON text). */
	async executionData(id: string): Promise<string> {
		const execution = await rest<{ data: string }>(
			this.instance,
			this.cookie,
			'GET',
			`/executions/${id}`,
		);
		return typeof execution.data === 'string' ? execution.data : JSON.stringify(execution.data);
	}

	/** The executions of a workflow once at least `atLeast` exist and none is running any more. */
	async finishedExecutionsOf(
		workflowId: string,
		atLeast: number,
		timeoutMs?: number,
	): Promise<ExecutionSummary[]> {
		return await waitFor(
			`${atLeast} finished executions of ${workflowId}`,
			async () => {
				const list = await this.executionsOf(workflowId);
				const running = list.some((execution) => !['success', 'error'].includes(execution.status));
				return list.length >= atLeast && !running ? list : undefined;
			},
			timeoutMs,
		);
	}

	/**
	 * Run a workflow as the editor's Execute Workflow button does (POST /rest/workflows/:id/run with
	 * the trigger to start from): n8n 2.40.7 starts a trigger that holds pinned data from that data,
	 * without waiting for an event, and a trigger that needs no webhook (the Manual Trigger, a poll
	 * trigger's test run) at once (packages/cli workflow-execution.service.ts, executeManually). In
	 * queue mode with manual executions on workers it answers the same, once the execution is queued;
	 * a worker runs it and the execution's status goes from new to running to its end.
	 * n8n 1.x runs the workflow the request carries (`workflowData`, as its editor sends it) rather
	 * than the stored one, so for it the stored workflow is sent along.
	 * Waits for the execution to end and returns its status and each node's runs.
	 */
	async runFromPinnedTrigger(
		workflowId: string,
		trigger: string,
		/** How long the execution may take (a catch-up of a busy day: minutes). */
		timeoutMs = 30_000,
	): Promise<ExecutionResult> {
		const workflowData = isN8n1(this.instance)
			? await rest<Record<string, unknown>>(
					this.instance,
					this.cookie,
					'GET',
					`/workflows/${workflowId}`,
				)
			: undefined;
		const started = await rest<{ executionId?: string; waitingForWebhook?: boolean }>(
			this.instance,
			this.cookie,
			'POST',
			`/workflows/${workflowId}/run`,
			{ ...(workflowData ? { workflowData } : {}), triggerToStartFrom: { name: trigger } },
		);
		if (!started.executionId) {
			throw new Error(
				`n8n did not start ${workflowId} from ${trigger}: ${JSON.stringify(started)} (is data pinned to it?)`,
			);
		}
		const executionId = started.executionId;
		return await waitFor(
			`execution ${executionId} of ${workflowId} to end`,
			async () => {
				const execution = await rest<{ status: string; mode: string; data: string }>(
					this.instance,
					this.cookie,
					'GET',
					`/executions/${executionId}`,
				);
				if (['new', 'running', 'waiting'].includes(execution.status)) return undefined;
				const data = unflatten(execution.data) as {
					resultData: { runData: Record<string, NodeRun[]>; error?: ExecutionResult['error'] };
				};
				return {
					executionId,
					mode: execution.mode,
					status: execution.status,
					runData: data.resultData.runData,
					error: data.resultData.error,
				};
			},
			timeoutMs,
		);
	}

	async activate(workflowId: string): Promise<void> {
		const workflow = await rest<{ versionId: string }>(
			this.instance,
			this.cookie,
			'GET',
			`/workflows/${workflowId}`,
		);
		await rest(this.instance, this.cookie, 'POST', `/workflows/${workflowId}/activate`, {
			versionId: workflow.versionId,
		});
	}

	async deactivate(workflowId: string): Promise<void> {
		await rest(this.instance, this.cookie, 'POST', `/workflows/${workflowId}/deactivate`, {});
	}
}
