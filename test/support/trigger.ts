/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test support runs on Node, never shipped */
/**
 * Drives the trigger nodes the way n8n does, in-process, with n8n-core's own context classes:
 * HookContext for checkExists/create/delete, WebhookContext for webhook(), PollContext for
 * poll(), and n8n-core's engine for the execution a delivery starts. Deliveries come over real
 * HTTP: a loopback server receives what the sandbox sends and hands the raw request to the node's
 * webhook(), then answers the sandbox as n8n would (the node's own status when it answered
 * itself, otherwise 200).
 */
import { createHash } from 'node:crypto';
import {
	ExecutionLifecycleHooks,
	HookContext,
	PollContext,
	WebhookContext,
	WorkflowExecute,
} from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
	IRun,
	IWebhookData,
	IWebhookResponseData,
	IWorkflowExecuteAdditionalData,
	WorkflowActivateMode,
} from 'n8n-workflow';
import { Workflow, createRunExecutionData } from 'n8n-workflow';
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { PodPlatformTrigger } from '../../nodes/PodPlatformTrigger/PodPlatformTrigger.node';
import { CREDENTIAL_TYPE, CredentialStore, PACKAGE, engineData, ensureBinaryData } from './n8n';
import { subscriptionsOf, type ServiceClient } from './service';

export const TRIGGER_NODE = `${PACKAGE}.podPlatformTrigger`;
const NODE_NAME = 'POD Platform Trigger';

class TriggerNodeTypes implements INodeTypes {
	constructor(private readonly types: Record<string, INodeType>) {}

	getByName(nodeType: string) {
		return this.type(nodeType);
	}

	getByNameAndVersion(nodeType: string): INodeType {
		return this.type(nodeType);
	}

	getKnownTypes(): IDataObject {
		return {};
	}

	private type(nodeType: string): INodeType {
		const found = this.types[nodeType];
		if (!found) throw new Error(`Unknown node type ${nodeType}`);
		return found;
	}
}

/**
 * A delivery's identity as a test tells it: the SHA-256 (hex) of its topic, a newline and its
 * exact bytes. A control API delivery record (`topic`, `body`) gives the same key for the bytes
 * it sent, so a test can match what the node emitted to what the service sent without a delivery
 * id, which the contract does not give.
 */
export function deliveryKeyOf(topic: string, body: Buffer | string): string {
	return createHash('sha256').update(`${topic}\n`).update(body).digest('hex');
}

/** What the node did with one delivery. */
export interface Received {
	topic?: string;
	/**
	 * Which delivery this was, worked out here independently of the node: the SHA-256 of the topic
	 * and the exact bytes (`deliveryKeyOf`), as the service sends no delivery id (contract).
	 */
	deliveryKey?: string;
	/** The status n8n answered with. */
	status: number;
	/** Items the delivery emitted (empty when acknowledged without starting the workflow). */
	items: INodeExecutionData[];
	error?: Error;
	/** The answer was lost on its way back (see `TriggerHarness.loseAnswer`). */
	answerLost?: boolean;
}

/**
 * The response object n8n hands the node (express's): the node answers through it itself, or n8n
 * does; either way it emits `finish` once the answer has gone out, as Node's does.
 */
class FakeResponse extends EventEmitter {
	statusCode?: number;
	body?: unknown;
	ended = false;

	status(code: number): this {
		this.statusCode = code;
		return this;
	}

	send(body: unknown): this {
		this.body = body;
		return this;
	}

	end(): this {
		this.ended = true;
		this.emit('finish');
		return this;
	}
}

async function readAll(req: IncomingMessage): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks);
}

export interface TriggerOptions {
	store: CredentialStore;
	parameters: INodeParameters;
	nodeType?: string;
	node?: INodeType;
	/** Static data of the node as n8n stored it (carried over a simulated restart). */
	staticData?: IDataObject;
	webhookId?: string;
	/** The workflow's ID (default `trigger-workflow`). */
	workflowId?: string;
	/**
	 * The very node instance to run, shared with other harnesses: n8n loads a node type once per
	 * process, and every workflow of that process runs the same instance.
	 */
	sharedNode?: INodeType;
}

/**
 * One trigger node in one workflow, with a loopback receiver standing in for n8n's webhook
 * server. `restart()` builds a fresh workflow from the stored static data, as n8n does after a
 * restart or when the workflow is saved.
 */
export class TriggerHarness {
	readonly store: CredentialStore;
	parameters: INodeParameters;
	readonly received: Received[] = [];
	private server?: Server;
	private port = 0;
	private workflow!: Workflow;
	private node!: INode;
	private readonly nodeType: string;
	private nodeTypes!: TriggerNodeTypes;
	private readonly loadNode: () => INodeType;
	private readonly webhookId: string;
	private readonly workflowId: string;
	private storedStaticData: IDataObject;
	private executionsStarted = 0;

	/**
	 * The rest of the workflow after the trigger, given the execution's number (1 for the first
	 * execution started): awaited after the trigger's execute() and before the execution ends and
	 * n8n saves its static data. Unset, the workflow ends with the trigger.
	 */
	restOfWorkflow?: (execution: number) => Promise<void>;

	/** The numbers of the executions whose static data n8n saved, in the order it saved them. */
	readonly savedExecutions: number[] = [];

	/** The numbers of the executions that ended, in the order they ended (saved or not). */
	readonly endedExecutions: number[] = [];

	/**
	 * Whether the answer to this delivery gets lost on its way back (the node ran and answered,
	 * the connection dropped before the sender read the answer): the sender sees a failure.
	 */
	loseAnswer?: (entry: Received) => boolean;

	/**
	 * Whether n8n fails to start the execution of this delivery after webhook() emitted it (its
	 * database refused the execution, a watchdog timed out): n8n answers 500 and nothing runs.
	 */
	startsNoExecution?: (entry: Received) => boolean;

	/**
	 * Whether the executions run elsewhere, as on a queue-mode webhook process: n8n answers 200
	 * once it has created the execution, and a worker runs it, so the node's execute() does not
	 * run in this process. The entry's items are then the events handed to n8n.
	 */
	executionsElsewhere = false;

	constructor(options: TriggerOptions) {
		this.store = options.store;
		this.parameters = options.parameters;
		this.nodeType = options.nodeType ?? TRIGGER_NODE;
		const given = options.node;
		const shared = options.sharedNode;
		// n8n loads each node type once per process: a restart loads it anew, with nothing in memory.
		this.loadNode = shared
			? () => shared
			: given
				? () => new (given.constructor as new () => INodeType)()
				: () => new PodPlatformTrigger();
		this.workflowId = options.workflowId ?? 'trigger-workflow';
		this.loadNodeTypes();
		this.webhookId = options.webhookId ?? 'c0ffee00-0000-4000-8000-000000000001';
		this.storedStaticData = options.staticData ? { [this.staticKey]: options.staticData } : {};
		this.build();
	}

	/** Listen on 127.0.0.1 (port 0: any free port; a given port: n8n coming back on its address). */
	async start(port = 0): Promise<this> {
		this.server = createServer((req, res) => {
			void this.handle(req).then(
				(entry) => {
					if (entry.answerLost) {
						req.socket.destroy();
						return;
					}
					res.statusCode = entry.status;
					res.end();
				},
				() => {
					res.statusCode = 500;
					res.end();
				},
			);
		});
		await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
		this.port = (this.server!.address() as AddressInfo).port;
		return this;
	}

	async close(): Promise<void> {
		await new Promise<void>((resolve) =>
			this.server ? this.server.close(() => resolve()) : resolve(),
		);
	}

	get webhookBaseUrl(): string {
		return `http://127.0.0.1:${this.port}/webhook`;
	}

	get testWebhookBaseUrl(): string {
		return `http://127.0.0.1:${this.port}/webhook-test`;
	}

	/** The production webhook URL of the node, as n8n would register it. */
	get webhookUrl(): string {
		return `${this.webhookBaseUrl}/${this.webhookId}/webhook`;
	}

	/** The node's static data as n8n would have saved it. */
	get staticData(): IDataObject {
		this.persist();
		return JSON.parse(JSON.stringify(this.storedStaticData[this.staticKey] ?? {}));
	}

	private get staticKey(): string {
		return `node:${NODE_NAME}`;
	}

	/** Everything emitted so far. */
	get emitted(): IDataObject[] {
		return this.received.flatMap((entry) => entry.items.map((item) => item.json));
	}

	/**
	 * A fresh workflow from the stored static data and freshly loaded node types, as after an n8n
	 * restart; `{ process: false }` only rebuilds the workflow, as n8n does when it is saved.
	 */
	restart(parameters?: INodeParameters, { process = true } = {}): void {
		this.persist();
		if (parameters) this.parameters = parameters;
		if (process) this.loadNodeTypes();
		this.build();
	}

	private loadNodeTypes(): void {
		this.nodeTypes = new TriggerNodeTypes({ [this.nodeType]: this.loadNode() });
	}

	/** n8n's activation: create the webhook when checkExists says it is not there. */
	async activate(
		activation: WorkflowActivateMode = 'activate',
		options: { test?: boolean } = {},
	): Promise<{ existed: boolean }> {
		const methods = this.webhookMethods();
		const context = this.hookContext(activation, options.test);
		const existed = await methods.checkExists.call(context);
		if (!existed) await methods.create.call(context);
		this.persist();
		return { existed };
	}

	async checkExists(options: { test?: boolean } = {}): Promise<boolean> {
		const methods = this.webhookMethods();
		return await methods.checkExists.call(this.hookContext('activate', options.test));
	}

	async deactivate(options: { test?: boolean } = {}): Promise<boolean> {
		const methods = this.webhookMethods();
		const result = await methods.delete.call(this.hookContext('activate', options.test));
		this.persist();
		return result;
	}

	/** One poll in the given mode ('trigger' for an active workflow, 'manual' for a test). */
	async poll(mode: 'trigger' | 'manual' = 'trigger'): Promise<INodeExecutionData[][] | null> {
		const context = new PollContext(
			this.workflow,
			this.node,
			this.additionalData(),
			mode,
			'activate',
		);
		const result = await this.nodeTypeOf().poll!.call(context);
		this.persist();
		return result;
	}

	/** Hand a raw request to the node's webhook(), the way n8n's webhook server does. */
	async deliver(request: {
		headers: Record<string, string | string[] | undefined>;
		body: Buffer;
	}): Promise<Received> {
		const res = new FakeResponse();
		const headers = Object.fromEntries(
			Object.entries(request.headers).map(([key, value]) => [key.toLowerCase(), value]),
		);
		const req = {
			headers,
			rawBody: request.body,
			body: {},
			params: {},
			query: {},
			method: 'POST',
			readRawBody: async () => undefined,
		};
		const additionalData = {
			...this.additionalData(),
			httpRequest: req,
			httpResponse: res,
		} as unknown as IWorkflowExecuteAdditionalData;
		// n8n reads the workflow, and its static data, from its database for every request.
		const workflow = this.newWorkflow();
		const webhookData = {
			httpMethod: 'POST',
			node: this.node.name,
			path: `${this.webhookId}/webhook`,
			webhookDescription: this.nodeTypeOf().description.webhooks![0],
			workflowId: workflow.id,
			workflowExecuteAdditionalData: additionalData,
			webhookId: this.webhookId,
		} as unknown as IWebhookData;
		const context = new WebhookContext(
			workflow,
			this.node,
			additionalData,
			'webhook',
			webhookData,
			[],
			null,
		);
		const entry: Received = {
			topic: headers['x-platform-topic'] as string | undefined,
			deliveryKey: deliveryKeyOf(String(headers['x-platform-topic'] ?? ''), request.body),
			status: 200,
			items: [],
		};
		try {
			const result: IWebhookResponseData = await this.nodeTypeOf().webhook!.call(context);
			if (result.noWebhookResponse) {
				expect(res.ended).toBe(true);
				entry.status = res.statusCode ?? 200;
			}
			if (result.workflowData && this.startsNoExecution?.(entry) === true) {
				entry.status = 500;
			} else if (result.workflowData && this.executionsElsewhere) {
				entry.items = result.workflowData[0];
			} else if (result.workflowData) {
				entry.items = await this.execute(workflow, result.workflowData[0]);
			} else {
				// No execution starts: n8n saves what webhook() changed in static data, if anything.
				this.save(workflow);
			}
		} catch (error) {
			entry.status = 500;
			entry.error = error as Error;
		}
		entry.answerLost = this.loseAnswer?.(entry) === true || undefined;
		// n8n answers here unless the node did; an answer lost on the way never finishes.
		if (!res.ended && !entry.answerLost) res.status(entry.status).end();
		this.build();
		this.received.push(entry);
		return entry;
	}

	/**
	 * The execution n8n starts with the trigger's events, through n8n-core's engine: the same
	 * workflow (ID, node, loaded node types) with its own copy of the static data the request read,
	 * whose changed mark is clear, so that only static data changed during the execution is saved,
	 * when the execution ends (after `restOfWorkflow`). Executions that run at the same time end,
	 * and are saved, in whatever order their workflows finish: the last save wins.
	 */
	private async execute(
		requestWorkflow: Workflow,
		events: INodeExecutionData[],
	): Promise<INodeExecutionData[]> {
		await ensureBinaryData();
		const number = ++this.executionsStarted;
		const workflow = new Workflow({
			id: requestWorkflow.id,
			nodes: [this.node],
			connections: {},
			nodeTypes: this.nodeTypes,
			active: true,
			staticData: JSON.parse(JSON.stringify(requestWorkflow.staticData ?? {})),
		});
		const hooks = new ExecutionLifecycleHooks('webhook', `trigger-execution-${number}`, {
			id: workflow.id,
			name: 'trigger workflow',
			active: true,
			nodes: [this.node],
			connections: {},
			createdAt: new Date(),
			updatedAt: new Date(),
		} as never);
		hooks.addHandler('nodeExecuteAfter', async () => await this.restOfWorkflow?.(number));
		let resolveFinished: (run: IRun) => void = () => {};
		const finished = new Promise<IRun>((resolve) => (resolveFinished = resolve));
		hooks.addHandler('workflowExecuteAfter', (run, newStaticData?: IDataObject) => {
			if (newStaticData) {
				this.storedStaticData = JSON.parse(JSON.stringify(newStaticData));
				this.savedExecutions.push(number);
			}
			this.endedExecutions.push(number);
			resolveFinished(run);
		});
		const runExecutionData = createRunExecutionData({
			executionData: {
				nodeExecutionStack: [{ node: this.node, data: { main: [events] }, source: null }],
			},
		});
		const engine = new WorkflowExecute(engineData(hooks, this.store), 'webhook', runExecutionData);
		await engine.processRunExecutionData(workflow);
		const run = await finished;
		const taskData = run.data.resultData.runData[this.node.name]?.[0];
		const error = taskData?.error ?? run.data.resultData.error;
		if (error) throw error;
		return taskData?.data?.main?.[0] ?? [];
	}

	private async handle(req: IncomingMessage): Promise<Received> {
		const body = await readAll(req);
		return await this.deliver({ headers: req.headers, body });
	}

	private webhookMethods() {
		const methods = this.nodeTypeOf().webhookMethods?.default;
		if (!methods) throw new Error(`${this.nodeType} has no webhook methods`);
		return methods;
	}

	private nodeTypeOf(): INodeType {
		return this.nodeTypes.getByNameAndVersion(this.nodeType);
	}

	private hookContext(activation: WorkflowActivateMode, test = false): HookContext {
		const webhookData = test
			? ({
					isTest: true,
					webhookDescription: this.nodeTypeOf().description.webhooks![0],
				} as unknown as IWebhookData)
			: undefined;
		return new HookContext(
			this.workflow,
			this.node,
			this.additionalData(),
			'trigger',
			activation,
			webhookData,
		);
	}

	/** Save the workflow's static data, as n8n does after each hook and poll. */
	private persist(): void {
		this.save(this.workflow);
	}

	/** n8n's saveStaticData: the whole static data, only when it changed, then marked saved. */
	private save(workflow: Workflow): void {
		const staticData = workflow.staticData as IDataObject & { __dataChanged?: boolean };
		if (staticData.__dataChanged !== true) return;
		this.storedStaticData = JSON.parse(JSON.stringify(staticData));
		staticData.__dataChanged = false;
	}

	private build(): void {
		this.node = {
			id: 'trigger-under-test',
			name: NODE_NAME,
			type: this.nodeType,
			typeVersion: 1,
			position: [0, 0],
			webhookId: this.webhookId,
			parameters: this.parameters,
			credentials: { [CREDENTIAL_TYPE]: { id: '1', name: 'POD Platform account' } },
		};
		this.workflow = this.newWorkflow();
	}

	/** The workflow as n8n reads it from its database: with the static data saved last. */
	private newWorkflow(): Workflow {
		return new Workflow({
			id: this.workflowId,
			nodes: [this.node],
			connections: {},
			nodeTypes: this.nodeTypes,
			active: true,
			staticData: JSON.parse(JSON.stringify(this.storedStaticData)),
		});
	}

	private additionalData(): IWorkflowExecuteAdditionalData {
		return {
			credentialsHelper: this.store,
			executionId: 'trigger-execution',
			restApiUrl: 'http://127.0.0.1:5678/rest',
			instanceBaseUrl: 'http://127.0.0.1:5678/',
			webhookBaseUrl: this.webhookBaseUrl,
			webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
			webhookTestBaseUrl: this.testWebhookBaseUrl,
			formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
			variables: {},
			currentNodeParameters: undefined,
		} as unknown as IWorkflowExecuteAdditionalData;
	}
}

/** Records what the nodes log through n8n's logger (`this.logger` of every node context). */
export function captureLogs(): { warn: string[]; error: string[]; restore(): void } {
	const warn: string[] = [];
	const error: string[] = [];
	const logger = {
		warn: (message: string) => warn.push(message),
		error: (message: string) => error.push(message),
		info: () => undefined,
		debug: () => undefined,
	};
	// HookContext, WebhookContext and PollContext share n8n-core's NodeExecutionContext.
	const base = Object.getPrototypeOf(HookContext.prototype) as object;
	const spy = jest.spyOn(base as { logger: unknown }, 'logger', 'get').mockReturnValue(logger);
	return { warn, error, restore: () => spy.mockRestore() };
}

/**
 * The secret the service holds for each topic's subscription to this address, as its list of
 * webhooks shows it: what the service signs deliveries with. The node keeps no secret anywhere.
 */
export async function serviceSecrets(
	service: ServiceClient,
	address: string,
): Promise<Record<string, string>> {
	const mine = (await subscriptionsOf(service)).filter((entry) => entry.address === address);
	return Object.fromEntries(mine.map((entry) => [String(entry.topic), String(entry.secret)]));
}
