/**
 * The editor's side of the action node in-process: its dropdowns (loadOptions), searchable
 * lists (listSearch) and resource mapper columns (resourceMapping) called through n8n-core's own LoadOptionsContext, with the parameters the
 * editor would hold, against the real sandbox over HTTP.
 */
import { LoadOptionsContext } from 'n8n-core';
import type {
	ILoadOptionsFunctions,
	INode,
	INodeListSearchResult,
	INodeParameters,
	INodePropertyOptions,
	IWorkflowExecuteAdditionalData,
	ResourceMapperFields,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { PodPlatform } from '../../nodes/PodPlatform/PodPlatform.node';
import type { CredentialStore } from './n8n';
import { ACTION_NODE, CREDENTIAL_TYPE, PackageNodeTypes } from './n8n';

/** A context as n8n makes one for a list of the field at `path` (e.g. `parameters.options.langId`). */
function contextFor(store: CredentialStore, parameters: INodeParameters, path: string) {
	const node: INode = {
		id: 'node-in-editor',
		name: 'POD Platform',
		type: ACTION_NODE,
		typeVersion: 2,
		position: [0, 0],
		parameters,
		credentials: { [CREDENTIAL_TYPE]: { id: '1', name: 'POD Platform account' } },
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		nodeTypes: new PackageNodeTypes(),
		active: false,
	});
	const additionalData = {
		credentialsHelper: store,
		currentNodeParameters: parameters,
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
		formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		variables: {},
	} as unknown as IWorkflowExecuteAdditionalData;
	return new LoadOptionsContext(workflow, node, additionalData, path);
}

type LoadOptionsMethod = (this: ILoadOptionsFunctions) => Promise<INodePropertyOptions[]>;
type ListSearchMethod = (
	this: ILoadOptionsFunctions,
	filter?: string,
) => Promise<INodeListSearchResult>;

type ResourceMappingMethod = (this: ILoadOptionsFunctions) => Promise<ResourceMapperFields>;

const methods = new PodPlatform().methods as unknown as {
	loadOptions: Record<string, LoadOptionsMethod | undefined>;
	listSearch: Record<string, ListSearchMethod | undefined>;
	resourceMapping: Record<string, ResourceMappingMethod | undefined>;
};

/** The entries of a dropdown, as the editor asks for them for the field at `path`. */
export async function loadOptions(
	store: CredentialStore,
	method: string,
	parameters: INodeParameters,
	path = 'parameters.field',
): Promise<INodePropertyOptions[]> {
	const load = methods.loadOptions[method];
	if (!load) throw new Error(`No loadOptions method ${method}`);
	return await load.call(contextFor(store, parameters, path));
}

/** The entries of a resource locator's list, for a search text. */
export async function listSearch(
	store: CredentialStore,
	method: string,
	parameters: INodeParameters,
	filter?: string,
): Promise<INodeListSearchResult> {
	const search = methods.listSearch[method];
	if (!search) throw new Error(`No listSearch method ${method}`);
	return await search.call(contextFor(store, parameters, 'parameters.field'), filter);
}

/** The columns a resource mapper offers, as the editor asks for them for the field at `path`. */
export async function resourceMapperFields(
	store: CredentialStore,
	method: string,
	parameters: INodeParameters,
	path = 'parameters.columns',
): Promise<ResourceMapperFields> {
	const fields = methods.resourceMapping[method];
	if (!fields) throw new Error(`No resourceMapping method ${method}`);
	return await fields.call(contextFor(store, parameters, path));
}
