/* eslint-disable @n8n/community-nodes/node-usable-as-tool -- a benchmark node run on Node, never shipped */
/**
 * The floor of any node that takes storefront lines through Submit's guided form: it has the POD
 * Platform node's own fields, reads each of the form's fields once for every input item (so n8n
 * evaluates every mapped expression once per line, as for any node mapping those fields), then
 * sends each order's body, from an expression over the order's first line, with the POD Platform
 * credential through n8n's authenticated HTTP helper, `concurrency` at a time, and parses the
 * answer. No grouping rules, no look-ups, no checks, no exactly-once, no output shaping: what is
 * left of a node ÷ this floor is the package's own work.
 */
import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { PodPlatform } from '../../nodes/PodPlatform/PodPlatform.node';
import { CREDENTIAL_TYPE } from '../../test/support/n8n';

export const LINE_READER_FLOOR_NODE = 'bench.lineReaderFloor';

/** Submit's guided-form fields, each read once per line. */
const FORM_FIELDS = [
	'uniqueId',
	'financialStatus',
	'country',
	'customer',
	'shippingAddress',
	'billingAddress',
	'shippingTitle',
	'carrierId',
	'designs',
	'templates',
	'passthroughItems',
];

export class LineReaderFloor implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Line Reader Floor',
		name: 'lineReaderFloor',
		group: ['output'],
		version: 1,
		description: "Reads Submit's form for every line, then sends each order's body",
		defaults: { name: 'Line Reader Floor' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		properties: [
			...new PodPlatform().description.properties,
			{ displayName: 'URL', name: 'floorUrl', type: 'string', default: '' },
			{ displayName: 'Body', name: 'floorBody', type: 'string', default: '' },
			{ displayName: 'Concurrency', name: 'floorConcurrency', type: 'number', default: 1 },
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const firstLines: number[] = [];
		for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
			for (const field of FORM_FIELDS) this.getNodeParameter(field, itemIndex, undefined);
			if (items[itemIndex].json.orderBody !== undefined) firstLines.push(itemIndex);
		}
		const url = this.getNodeParameter('floorUrl', 0) as string;
		const concurrency = this.getNodeParameter('floorConcurrency', 0) as number;
		const out: INodeExecutionData[] = new Array(firstLines.length);
		let next = 0;
		const worker = async () => {
			while (next < firstLines.length) {
				const order = next++;
				const itemIndex = firstLines[order];
				const body = Buffer.from(this.getNodeParameter('floorBody', itemIndex) as string, 'utf8');
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
				out[order] = {
					json: JSON.parse(Buffer.from(response.body).toString('utf8')),
					pairedItem: { item: itemIndex },
				};
			}
		};
		await Promise.all(Array.from({ length: concurrency }, worker));
		return [out];
	}
}
