/**
 * The action node's properties, built from the resource definitions, so a resource or operation
 * declares its fields once and the dropdowns and display options follow from it.
 */

import type { INodeProperties, NodeHint } from 'n8n-workflow';

import type { ResourceDefinition } from './types';
import { shopLocator } from '../../shared/descriptions/shop';

/**
 * Assemble the node's properties from the resource definitions: the resource dropdown, each
 * resource's operation dropdown, the Shop field for the resources that live under a shop, then
 * every operation's fields scoped to its resource and operation.
 */
export function describeResources(resources: ResourceDefinition[]): INodeProperties[] {
	const resourceSelector: INodeProperties = {
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: resources.map(({ name, value, description }) => ({ name, value, description })),
		default: firstResource(resources),
	};

	// A resource that opens on another operation as an AI tool has one selector for each use,
	// told apart by n8n's `@tool` display condition; the node's own use comes first, as n8n names
	// nodes and tools from the first selector of a resource.
	const operationSelectors: INodeProperties[] = resources.flatMap((resource) => {
		const selector = (show: Record<string, unknown[]>, operation: string): INodeProperties => ({
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [resource.value], ...show } },
			options: resource.operations.map(({ option }) => option),
			default: operation,
		});
		const operation = defaultOperationOf(resource);
		const toolOperation = resource.toolDefaultOperation ?? operation;
		return toolOperation === operation
			? [selector({}, operation)]
			: [selector({ '@tool': [false] }, operation), selector({ '@tool': [true] }, toolOperation)];
	});

	// One Shop field per shop-scoped resource, shown exactly for its operations that use a shop.
	const shopFields: INodeProperties[] = resources
		.filter((resource) => resource.needsShop)
		.map((resource) => ({
			...shopLocator,
			displayOptions: {
				show: {
					resource: [resource.value],
					operation: resource.operations
						.filter((definition) => definition.needsShop !== false)
						.map(({ option }) => option.value),
				},
			},
		}));

	const fields: INodeProperties[] = [];
	for (const resource of resources) {
		for (const { option, fields: ownFields } of resource.operations) {
			for (const field of ownFields) {
				const show = {
					...field.displayOptions?.show,
					resource: [resource.value],
					operation: [option.value],
				};
				fields.push({ ...field, displayOptions: { ...field.displayOptions, show } });
			}
		}
	}

	return [resourceSelector, ...operationSelectors, ...shopFields, ...fields];
}

/**
 * The editor's warnings of every operation (n8n's node hints, shown in the node's panel), each
 * shown only while its resource and operation are chosen and its condition holds.
 */
export function hintsOf(resources: ResourceDefinition[]): NodeHint[] {
	return resources.flatMap((resource) => {
		const chosen = (name: string, value: string, fallback: string) =>
			`($parameter.${name} ?? ${JSON.stringify(fallback)}) === ${JSON.stringify(value)}`;
		const ofResource = chosen('resource', resource.value, firstResource(resources));
		return resource.operations.flatMap(({ option, hints = [] }) =>
			hints.map(({ message, type, condition }) => ({
				message,
				type,
				location: 'ndv' as const,
				whenToDisplay: 'always' as const,
				displayCondition: `={{ ${ofResource} && ${chosen('operation', option.value, defaultOperationOf(resource))} && (${condition}) }}`,
			})),
		);
	});
}

/**
 * The canvas subtitle in words ("Create From File: Motive"), not the option values. It is an n8n
 * expression over one flat table, so that no `}}` inside it can end the expression early.
 */
export function subtitleOf(resources: ResourceDefinition[]): string {
	const words: Record<string, string> = {};
	for (const resource of resources) {
		for (const { option } of resource.operations) {
			words[`${resource.value}:${option.value}`] = `${option.name}: ${resource.name}`;
		}
	}
	return `={{ (${JSON.stringify(words)})[$parameter["resource"] + ":" + $parameter["operation"]] }}`;
}

function firstResource(resources: ResourceDefinition[]): string {
	return resources[0].value;
}

function defaultOperationOf(resource: ResourceDefinition): string {
	return resource.defaultOperation ?? resource.operations[0].option.value;
}
