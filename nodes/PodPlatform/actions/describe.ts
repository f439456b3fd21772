import type { INodeProperties } from 'n8n-workflow';

import type { ResourceDefinition } from './types';
import { shopLocator } from './common/fields';

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

	const operationSelectors: INodeProperties[] = resources.map((resource) => ({
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource.value] } },
		options: Object.values(resource.operations).map(({ option }) => option),
		default: defaultOperationOf(resource),
	}));

	const shopResources = resources.filter((r) => r.needsShop);
	const operationsWithoutShop = shopResources.flatMap((r) =>
		Object.entries(r.operations)
			.filter(([, definition]) => definition.withoutShop)
			.map(([operation]) => operation),
	);
	const shop: INodeProperties = {
		...shopLocator,
		displayOptions: {
			show: { resource: shopResources.map((r) => r.value) },
			...(operationsWithoutShop.length ? { hide: { operation: operationsWithoutShop } } : {}),
		},
	};

	const fields: INodeProperties[] = [];
	for (const resource of resources) {
		for (const [operation, definition] of Object.entries(resource.operations)) {
			for (const field of definition.fields) {
				const show = {
					...field.displayOptions?.show,
					resource: [resource.value],
					operation: [operation],
				};
				fields.push({ ...field, displayOptions: { ...field.displayOptions, show } });
			}
		}
	}

	return [resourceSelector, ...operationSelectors, shop, ...fields];
}

function firstResource(resources: ResourceDefinition[]): string {
	return resources[0].value;
}

function defaultOperationOf(resource: ResourceDefinition): string {
	return resource.defaultOperation ?? Object.keys(resource.operations)[0];
}
