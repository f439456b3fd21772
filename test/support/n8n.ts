/**
 * Runs real workflows in-process through n8n-core's engine (WorkflowExecute), with a credentials
 * helper that applies the same rules as n8n's own: `preAuthentication` when the expirable token
 * is empty or a request answered 401, the refreshed token stored for the next execution, and the
 * credential's `authenticate` applied as n8n applies it (a function called, a generic block resolved
 * as an expression).
 */
import { Container } from '@n8n/di';
import { BinaryDataService, ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
	IRun,
	IWorkflowExecuteAdditionalData,
	INodeTypeDescription,
	IVersionedNodeType,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { ICredentialsHelper, Workflow, createRunExecutionData } from 'n8n-workflow';

import { PodPlatformApi } from '../../credentials/PodPlatformApi.credentials';
import { PodPlatform } from '../../nodes/PodPlatform/PodPlatform.node';

export const PACKAGE = 'n8n-nodes-pod-platform';
export const ACTION_NODE = `${PACKAGE}.podPlatform`;
export const CREDENTIAL_TYPE = 'podPlatformApi';

const credentialTypes: Record<string, ICredentialType> = {
	[CREDENTIAL_TYPE]: new PodPlatformApi(),
};

export class PackageNodeTypes implements INodeTypes {
	private readonly types: Record<string, INodeType | IVersionedNodeType>;

	constructor(extra: Record<string, INodeType> = {}) {
		this.types = { [ACTION_NODE]: new PodPlatform(), ...extra };
	}

	getByName(nodeType: string) {
		return this.type(nodeType);
	}

	getByNameAndVersion(nodeType: string): INodeType {
		return this.type(nodeType) as INodeType;
	}

	getKnownTypes(): IDataObject {
		return {};
	}

	private type(nodeType: string) {
		const found = this.types[nodeType];
		if (!found) throw new Error(`Unknown node type ${nodeType}`);
		return found;
	}
}

/** A stored credential: what n8n keeps in its database, including the refreshed session token. */
export class CredentialStore extends ICredentialsHelper {
	private readonly stored: Record<string, ICredentialDataDecryptedObject> = {};

	/** How many times preAuthentication ran (each is a login against the service). */
	preAuthenticationCount = 0;

	constructor(credentials: Record<string, ICredentialDataDecryptedObject>) {
		super();
		for (const [type, data] of Object.entries(credentials)) this.stored[type] = { ...data };
	}

	data(type = CREDENTIAL_TYPE): ICredentialDataDecryptedObject {
		return { ...this.stored[type] };
	}

	/** Overwrite stored fields (to plant a stale token, say). */
	patch(data: ICredentialDataDecryptedObject, type = CREDENTIAL_TYPE) {
		Object.assign(this.stored[type], data);
	}

	getParentTypes(): string[] {
		return [];
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
		workflow: Workflow,
		node: INode,
	): Promise<IHttpRequestOptions> {
		const type = credentialTypes[typeName];
		const { authenticate } = type;
		if (typeof authenticate === 'function') return await authenticate(credentials, requestOptions);
		if (authenticate?.type === 'generic') {
			for (const [outerKey, entries] of Object.entries(authenticate.properties)) {
				const target = ((requestOptions as unknown as Record<string, IDataObject>)[outerKey] ??=
					{});
				for (const [key, value] of Object.entries(entries as Record<string, string>)) {
					target[key] = String(
						workflow.expression.getSimpleParameterValue(node, value, 'internal', {
							$credentials: credentials,
						} as unknown as IDataObject) ?? '',
					);
				}
			}
		}
		return requestOptions;
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		_node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = credentialTypes[typeName];
		const expirable = type.properties.find(
			(property) => property.type === 'hidden' && property.typeOptions?.expirable === true,
		);
		if (!expirable || typeof type.preAuthentication !== 'function') return undefined;
		if (
			credentials[expirable.name] !== '' &&
			credentials[expirable.name] !== undefined &&
			!credentialsExpired
		) {
			return undefined;
		}
		this.preAuthenticationCount++;
		const output = await type.preAuthentication.call(helpers, credentials);
		if (output[expirable.name] === undefined) return undefined;
		Object.assign(this.stored[typeName], output);
		return Object.assign(credentials, output);
	}

	async runPreAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		// A copy, as a database read would give: a token refreshed later is seen on the next read.
		return { ...(this.stored[type] ?? {}) };
	}

	async getCredentials(): Promise<never> {
		throw new Error('not used in tests');
	}

	async updateCredentials(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.stored[type] = { ...data };
	}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties() {
		return credentialTypes[CREDENTIAL_TYPE].properties;
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}
}

let binaryDataReady: Promise<void> | undefined;

/** n8n-core keeps binary data through a service from its DI container; in tests, in memory. */
export async function ensureBinaryData(): Promise<void> {
	binaryDataReady ??= Container.get(BinaryDataService).init();
	await binaryDataReady;
}

export interface RunOptions {
	/** Parameters of the action node. */
	parameters: INodeParameters;
	/** Input items of the action node. */
	items?: INodeExecutionData[];
	store: CredentialStore;
	/** Whether a failing item becomes an error item instead of stopping the run. */
	continueOnFail?: boolean;
	mode?: WorkflowExecuteMode;
	nodeType?: string;
	/** The node's version as a workflow saved it: the node type's default (newest) unless given. */
	typeVersion?: number;
	/** The node's name (its static data is kept under `node:<name>`). */
	nodeName?: string;
	extraNodeTypes?: Record<string, INodeType>;
	staticData?: IDataObject;
}

export interface RunResult {
	items: INodeExecutionData[];
	error?: Error & { description?: string; httpCode?: string; context?: IDataObject };
	run: IRun;
	/** The workflow's static data as n8n saves it when the execution ends; undefined when unchanged. */
	savedStaticData?: IDataObject;
}

/** What n8n-core's engine needs of the instance around it, with `store` as its credentials. */
export function engineData(
	hooks: ExecutionLifecycleHooks,
	store: CredentialStore,
): IWorkflowExecuteAdditionalData {
	return {
		hooks,
		credentialsHelper: store,
		executionId: 'test-execution',
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
		formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		variables: {},
		currentNodeParameters: undefined,
		executeWorkflow: async () => {
			throw new Error('not supported in tests');
		},
		getRunExecutionData: async () => undefined,
		logAiEvent: async () => {},
		startRunnerTask: async () => {
			throw new Error('not supported in tests');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
}

/** The version n8n gives a node of this type when it is added to a workflow. */
function defaultVersionOf(type: INodeType | IVersionedNodeType): number {
	const description = type.description as INodeTypeDescription;
	return description.defaultVersion ?? Math.max(...[description.version].flat());
}

/** n8n-workflow's text when its regular-expression watchdog (250 ms, safe-regex.js) stops a check. */
const REGEX_WATCHDOG_TIMEOUT = 'Regular expression execution timed out';

/** How often one run was refused by n8n's watchdog on a busy machine and run again. */
export const regexWatchdogReruns = { count: 0 };

/**
 * Whether n8n itself refused the run with its regex watchdog, in its own parameter checks, with
 * none of this package's code on the way: a busy machine's 250 ms, not a failure of ours. A
 * timeout met while this package's code ran (its frames in the stack) is not this.
 */
export function refusedByRegexWatchdog(error: RunResult['error']): boolean {
	if (error?.message !== REGEX_WATCHDOG_TIMEOUT) return false;
	const frames = String(error.stack ?? '').split('\n');
	return !frames.some((frame) => /[\\/](nodes|credentials)[\\/]/.test(frame));
}

/**
 * Run one node of this package as a workflow through n8n-core's engine. A run that n8n refused
 * before this package's code ran, with its regex watchdog, is run again (up to twice) and counted
 * on stderr, so that a busy machine does not make a red test and no failure of ours is hidden.
 */
export async function runNode(options: RunOptions): Promise<RunResult> {
	for (let rerun = 0; ; rerun++) {
		// n8n-core may throw its parameter checks' error instead of ending the run with it.
		const result = await runNodeOnce(options).catch((error: unknown) => {
			if (rerun === 2 || !refusedByRegexWatchdog(error as RunResult['error'])) throw error;
			return { error } as unknown as RunResult;
		});
		if (rerun === 2 || !refusedByRegexWatchdog(result.error)) return result;
		regexWatchdogReruns.count++;
		// eslint-disable-next-line @n8n/community-nodes/no-restricted-globals -- the test harness's own note, never shipped
		process.stderr.write(
			`n8n's regex watchdog refused a run before the node ran (a busy machine); run again (${regexWatchdogReruns.count} in this test file)\n`,
		);
	}
}

async function runNodeOnce(options: RunOptions): Promise<RunResult> {
	await ensureBinaryData();
	const nodeTypes = new PackageNodeTypes(options.extraNodeTypes);
	const node: INode = {
		id: 'node-under-test',
		name: options.nodeName ?? 'POD Platform',
		type: options.nodeType ?? ACTION_NODE,
		typeVersion:
			options.typeVersion ?? defaultVersionOf(nodeTypes.getByName(options.nodeType ?? ACTION_NODE)),
		position: [0, 0],
		parameters: options.parameters,
		credentials: { [CREDENTIAL_TYPE]: { id: '1', name: 'POD Platform account' } },
		continueOnFail: options.continueOnFail,
		onError: options.continueOnFail ? 'continueRegularOutput' : undefined,
	};
	const workflow = new Workflow({
		id: 'test-workflow',
		nodes: [node],
		connections: {},
		nodeTypes,
		active: false,
		staticData: options.staticData,
	});

	const hooks = new ExecutionLifecycleHooks(options.mode ?? 'manual', 'test-execution', {
		id: 'test-workflow',
		name: 'test',
		active: false,
		nodes: [node],
		connections: {},
		createdAt: new Date(),
		updatedAt: new Date(),
	} as never);
	type Finished = { run: IRun; savedStaticData?: IDataObject };
	let resolveFinished: (finished: Finished) => void = () => {};
	const finished = new Promise<Finished>((resolve) => (resolveFinished = resolve));
	hooks.addHandler('workflowExecuteAfter', (run, newStaticData) =>
		resolveFinished({ run, savedStaticData: newStaticData }),
	);

	const additionalData = engineData(hooks, options.store);

	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [
				{ node, data: { main: [options.items ?? [{ json: {} }]] }, source: null },
			],
		},
	});

	const execution = new WorkflowExecute(additionalData, options.mode ?? 'manual', runExecutionData);
	await execution.processRunExecutionData(workflow);
	const { run, savedStaticData } = await finished;
	const taskData = run.data.resultData.runData[node.name]?.[0];
	const items = taskData?.data?.main?.[0] ?? [];
	const error = (taskData?.error ?? run.data.resultData.error) as RunResult['error'];
	return {
		items,
		error,
		run,
		savedStaticData: savedStaticData && JSON.parse(JSON.stringify(savedStaticData)),
	};
}
