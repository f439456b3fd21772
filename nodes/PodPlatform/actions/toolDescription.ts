/**
 * What a language model reads about the node's operation when the node is an AI tool. n8n's own
 * automatic text is the operation's action plus the app's name ("Submit an order for production
 * in POD Platform"): nothing about cost, what identifies a record, or whether a repeated call is
 * safe. So the node brings its own Tool Description, which n8n then does not add: written for the
 * model for each operation (an expression n8n evaluates when it hands the tool to the model), or
 * set by hand.
 */

import type { INodeProperties } from 'n8n-workflow';

import type { ResourceDefinition } from './types';

/** Every operation's text for the model, by `resource:operation`. */
function textsOf(resources: ResourceDefinition[]): Record<string, string> {
	const texts: Record<string, string> = {};
	for (const resource of resources) {
		for (const { option, forModel } of resource.operations) {
			const key = `${resource.value}:${option.value}`;
			texts[key] =
				forModel ??
				`${option.action ?? option.name} in POD Platform. ${option.description ?? ''}`.trim();
		}
	}
	return texts;
}

/**
 * The tool's description properties, shown only on the tool: Written for the Model (the default)
 * or Set Manually. The written text is one expression over a flat table, like the subtitle.
 */
export function toolDescriptionProperties(resources: ResourceDefinition[]): INodeProperties[] {
	const texts = textsOf(resources);
	const table = JSON.stringify(texts);
	// The text in the editor, for the operation chosen: a merchant reads what the model reads
	// (Written for the Model) or starts their own from it (Set Manually).
	const notices: INodeProperties[] = Object.entries(texts).map(([key, text]) => {
		const [resource, operation] = key.split(':');
		return {
			displayName: `Written for the Model, the model reads: ${text}`,
			name: 'toolDescriptionNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { '@tool': [true], resource: [resource], operation: [operation] } },
		};
	});
	return [
		{
			displayName: 'Tool Description',
			name: 'toolDescriptionMode',
			type: 'options',
			noDataExpression: true,
			options: [
				{
					name: 'Written for the Model',
					value: 'written',
					description:
						'What the operation does, what it costs, what identifies a record and whether a repeated call is safe',
				},
				{ name: 'Set Manually', value: 'manual', description: 'Write the description yourself' },
			],
			default: 'written',
			displayOptions: { show: { '@tool': [true] } },
		},
		{
			displayName: 'Description',
			name: 'toolDescription',
			type: 'hidden',
			default: `={{ (${table})[$parameter["resource"] + ":" + $parameter["operation"]] }}`,
			displayOptions: { show: { '@tool': [true], toolDescriptionMode: ['written'] } },
		},
		{
			displayName: 'Description',
			name: 'toolDescription',
			type: 'string',
			default: '',
			required: true,
			typeOptions: { rows: 3 },
			description:
				'What the model reads about this tool: what it does, what it costs, what identifies a record',
			displayOptions: { show: { '@tool': [true], toolDescriptionMode: ['manual'] } },
		},
		...notices,
	];
}
