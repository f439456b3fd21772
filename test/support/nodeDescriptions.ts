/**
 * Reading a node description the way the editor does: the Resource dropdown's entries and, for
 * each, the Operation dropdown shown with it. Used by the description checks and the editor check.
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

export interface ResourceOperations {
	resource: INodePropertyOptions;
	operations: INodePropertyOptions[];
}

export function resourcesAndOperations(properties: INodeProperties[]): ResourceOperations[] {
	const resourceField = properties.find((property) => property.name === 'resource');
	const resources = (resourceField?.options ?? []) as INodePropertyOptions[];
	return resources.map((resource) => {
		const operationField = properties.find(
			(property) =>
				property.name === 'operation' &&
				(property.displayOptions?.show?.resource ?? []).includes(resource.value),
		);
		return { resource, operations: (operationField?.options ?? []) as INodePropertyOptions[] };
	});
}
