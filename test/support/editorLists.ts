/**
 * Loads an editor list of the action node the way n8n's editor asks for one: a dropdown's
 * loadOptions method or a resource locator's listSearch method, run through n8n-core's own
 * LoadOptionsContext with the node's current parameters and the path of the field being edited.
 */
import { LoadOptionsContext } from 'n8n-core';
import type {
	INode,
	INodeListSearchResult,
	INodeParameters,
	INodePropertyOptions,
	INodeType,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { PodPlatform } from '../../nodes/PodPlatform/PodPlatform.node';
import { ACTION_NODE, CREDENTIAL_TYPE, type CredentialStore } from './n8n';

export interface EditorListOptions {
	store: CredentialStore;
	/** The node's parameters as the editor holds them while the field is edited. */
	parameters: INodeParameters;
	/** The edited field's path, as the editor sends it (`parameters.designs.design[0]…`). */
	path: string;
}

function contextFor({ store, parameters, path }: EditorListOptions): LoadOptionsContext {
	const nodeType = new PodPlatform();
	const node: INode = {
		id: 'node-under-edit',
		name: 'POD Platform',
		type: ACTION_NODE,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: { [CREDENTIAL_TYPE]: { id: '1', name: 'POD Platform account' } },
	};
	const workflow = new Workflow({
		id: 'edited-workflow',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: {
			getByName: () => nodeType,
			getByNameAndVersion: () => nodeType as INodeType,
			getKnownTypes: () => ({}),
		},
	});
	const additionalData = {
		credentialsHelper: store,
		currentNodeParameters: parameters,
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		variables: {},
	} as unknown as IWorkflowExecuteAdditionalData;
	return new LoadOptionsContext(workflow, node, additionalData, path);
}

/** The options a dropdown's loadOptions method gives. */
export async function loadOptions(
	method: string,
	options: EditorListOptions,
): Promise<INodePropertyOptions[]> {
	const methods = new PodPlatform().methods.loadOptions as Record<
		string,
		(this: LoadOptionsContext) => Promise<INodePropertyOptions[]>
	>;
	return await methods[method].call(contextFor(options));
}

/** The results a resource locator's list search gives for a search text. */
export async function searchList(
	method: string,
	filter: string | undefined,
	options: EditorListOptions,
): Promise<INodeListSearchResult> {
	const methods = new PodPlatform().methods.listSearch as Record<
		string,
		(this: LoadOptionsContext, filter?: string) => Promise<INodeListSearchResult>
	>;
	return await methods[method].call(contextFor(options), filter);
}
