/**
 * Runs a workflow of several nodes in-process through n8n-core's engine (WorkflowExecute): this
 * package's action node and n8n's own nodes side by side, with the credentials helper the tests
 * use (the same login and authenticate rules as n8n). The benchmarks build the workflows a user
 * would build; test/support/n8n.ts runs single nodes for the tests.
 */
import { BinaryDataService, ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import { Container } from '@n8n/di';
import type {
	IConnections,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeType,
	INodeTypes,
	IRun,
	IVersionedNodeType,
} from 'n8n-workflow';
import { NodeHelpers, Workflow, createRunExecutionData } from 'n8n-workflow';

import { PodPlatform } from '../../nodes/PodPlatform/PodPlatform.node';
import {
	ACTION_NODE,
	CREDENTIAL_TYPE,
	engineData,
	type CredentialStore,
} from '../../test/support/n8n';
import { HELPER_FLOOR_NODE, HelperFloor } from './helperFloorNode';
import { LINE_READER_FLOOR_NODE, LineReaderFloor } from './lineReaderFloorNode';
import { NO_OP_NODE, n8nBaseNodes } from './n8nBaseNodes';

class BenchNodeTypes implements INodeTypes {
	private readonly types: Record<string, INodeType | IVersionedNodeType> = {
		[ACTION_NODE]: new PodPlatform(),
		[HELPER_FLOOR_NODE]: new HelperFloor(),
		[LINE_READER_FLOOR_NODE]: new LineReaderFloor(),
		...n8nBaseNodes(),
	};

	getByName(nodeType: string) {
		return this.type(nodeType);
	}

	getByNameAndVersion(nodeType: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.type(nodeType), version);
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

let nodeTypes: BenchNodeTypes | undefined;

/** A node of a benchmark workflow: every node may use the POD Platform credential. */
export function node(
	name: string,
	type: string,
	typeVersion: number,
	parameters: INode['parameters'],
): INode {
	return {
		id: name,
		name,
		type,
		typeVersion,
		position: [0, 0],
		parameters,
		credentials: { [CREDENTIAL_TYPE]: { id: '1', name: 'POD Platform account' } },
	};
}

/** `from`'s output `output` feeds `to`. */
export function connect(
	connections: IConnections,
	from: string,
	to: string,
	output = 0,
): IConnections {
	const outputs = (connections[from] ??= { main: [] }).main;
	while (outputs.length <= output) outputs.push([]);
	outputs[output]!.push({ node: to, type: 'main', index: 0 });
	return connections;
}

export interface WorkflowRun {
	nodes: INode[];
	connections: IConnections;
	items: INodeExecutionData[];
	store: CredentialStore;
	/** The node and output whose items the run answers (of the node's last run). */
	result: { node: string; output?: number };
}

/**
 * Runs the workflow with `items` coming into its first node; answers the items of `result`. The
 * items enter through a No Operation node, as from any node upstream in a real workflow (Loop Over
 * Items reads where its input came from).
 */
export async function runWorkflow(run: WorkflowRun): Promise<INodeExecutionData[]> {
	await Container.get(BinaryDataService).init();
	nodeTypes ??= new BenchNodeTypes();
	const input = node('Input', NO_OP_NODE, 1, {});
	const nodes = [input, ...run.nodes];
	const connections = connect(structuredClone(run.connections), input.name, run.nodes[0].name);
	const workflow = new Workflow({
		id: 'test-workflow',
		nodes,
		connections,
		nodeTypes,
		active: false,
	});
	const hooks = new ExecutionLifecycleHooks('manual', 'test-execution', {
		id: 'test-workflow',
		name: 'bench',
		active: false,
		nodes,
		connections,
		createdAt: new Date(),
		updatedAt: new Date(),
	} as never);
	let finish: (run: IRun) => void = () => {};
	const finished = new Promise<IRun>((resolve) => (finish = resolve));
	hooks.addHandler('workflowExecuteAfter', (done) => finish(done));
	const additionalData = engineData(hooks, run.store);
	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [{ node: input, data: { main: [run.items] }, source: null }],
		},
	});
	await new WorkflowExecute(additionalData, 'manual', runExecutionData).processRunExecutionData(
		workflow,
	);
	const done = await finished;
	const error = done.data.resultData.error;
	if (error) throw error;
	const taskData = done.data.resultData.runData[run.result.node]?.at(-1);
	if (taskData?.error) throw taskData.error;
	return taskData?.data?.main?.[run.result.output ?? 0] ?? [];
}
