/**
 * The POD Platform action node: its description, built from the resources, and its execute, which
 * hands every run to the router. The operations live under actions/.
 */

import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { describeResources, hintsOf, subtitleOf } from './actions/describe';
import { RESOURCES } from './actions/resources';
import { route } from './actions/router';
import { toolDescriptionProperties } from './actions/toolDescription';
import * as listSearch from './methods/listSearch';
import * as loadOptions from './methods/loadOptions';
import { orderFormLoadOptions } from './methods/orderForm';
import * as resourceMapping from './methods/resourceMapping';

export class PodPlatform implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'POD Platform',
		name: 'podPlatform',
		icon: {
			light: 'file:../../icons/podPlatform.svg',
			dark: 'file:../../icons/podPlatform.dark.svg',
		},
		group: ['transform'],
		version: [1, 2],
		defaultVersion: 2,
		subtitle: subtitleOf(RESOURCES),
		description: 'Submit print-on-demand orders and manage motives, products and shop resources',
		defaults: { name: 'POD Platform' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'podPlatformApi', required: true }],
		properties: [...toolDescriptionProperties(RESOURCES), ...describeResources(RESOURCES)],
		hints: hintsOf(RESOURCES),
	};

	methods = {
		listSearch,
		loadOptions: { ...loadOptions, ...orderFormLoadOptions },
		resourceMapping,
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this);
	}
}
