/* eslint-disable @n8n/community-nodes/node-usable-as-tool -- a benchmark node run on Node, never shipped */
/**
 * The least any node has to do to send these orders through n8n, and so the floor the package's
 * own cost is measured from: each item's body from the same expression the benchmark gives the
 * node, sent as bytes with the POD Platform credential through n8n's authenticated HTTP helper,
 * `concurrency` at a time, the answer parsed into the item. No validation, no exactly-once, no
 * output shaping.
 */
import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../../test/support/n8n';

export const HELPER_FLOOR_NODE = 'bench.helperFloor';

export class HelperFloor implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Helper Floor',
		name: 'helperFloor',
		group: ['output'],
		version: 1,
		description: 'Sends each item body with n8n’s authenticated HTTP helper',
		defaults: { name: 'Helper Floor' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		properties: [
			{ displayName: 'URL', name: 'url', type: 'string', default: '' },
			{ displayName: 'Body', name: 'body', type: 'string', default: '' },
			{ displayName: 'Concurrency', name: 'concurrency', type: 'number', default: 1 },
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const url = this.getNodeParameter('url', 0) as string;
		const concurrency = this.getNodeParameter('concurrency', 0) as number;
		const out: INodeExecutionData[] = new Array(items.length);
		let next = 0;
		const worker = async () => {
			while (next < items.length) {
				const itemIndex = next++;
				const body = Buffer.from(this.getNodeParameter('body', itemIndex) as string, 'utf8');
				const response = (await this.helpers.httpRequestWithAuthentication.call(
					this,
					CREDENTIAL_TYPE,
					{
						method: 'POST',
						url,
						body,
						headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
						json: false,
						encoding: 'arraybuffer',
						returnFullResponse: true,
					},
				)) as { body: ArrayBuffer };
				out[itemIndex] = {
					json: JSON.parse(Buffer.from(response.body).toString('utf8')),
					pairedItem: { item: itemIndex },
				};
			}
		};
		await Promise.all(Array.from({ length: concurrency }, worker));
		return [out];
	}
}
