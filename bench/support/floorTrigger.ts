/* eslint-disable @n8n/community-nodes/no-restricted-imports -- a benchmark's helper, run on Node, never shipped */
/**
 * The floor of a community trigger: a package with one webhook trigger node that emits the body
 * it receives and does nothing else (no credential, no parameters, no execute step). Installed
 * beside this package, it shows what n8n itself spends on a delivery to a start node that is not
 * its own Webhook node, so trigger ÷ floor is what this package's trigger adds. It has the
 * trigger's webhook description and typeVersion, so n8n treats both alike.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { packPackage } from '../../scripts/n8n-runtime';

export const FLOOR_TRIGGER_TYPE = 'n8n-nodes-bench-floor.benchFloorTrigger';

const NODE_SOURCE = `'use strict';
class BenchFloorTrigger {
	constructor() {
		this.description = {
			displayName: 'Bench Floor Trigger',
			name: 'benchFloorTrigger',
			group: ['trigger'],
			version: 1,
			description: 'Emits the body of each POST it receives',
			defaults: { name: 'Bench Floor Trigger' },
			inputs: [],
			outputs: ['main'],
			webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }],
			properties: [],
		};
	}
	async webhook() {
		return { workflowData: [[{ json: this.getBodyData() }]] };
	}
}
module.exports = { BenchFloorTrigger };
`;

/** Writes the floor package into `folder` and packs it there; returns the tarball's path. */
export async function packFloorTrigger(folder: string): Promise<string> {
	const source = path.join(folder, 'source');
	mkdirSync(source, { recursive: true });
	writeFileSync(
		path.join(source, 'package.json'),
		JSON.stringify(
			{
				name: 'n8n-nodes-bench-floor',
				version: '0.0.0',
				private: true,
				keywords: ['n8n-community-node-package'],
				scripts: { build: 'true' },
				n8n: { n8nNodesApiVersion: 1, nodes: ['BenchFloorTrigger.node.js'] },
			},
			null,
			2,
		),
	);
	writeFileSync(path.join(source, 'BenchFloorTrigger.node.js'), NODE_SOURCE);
	return await packPackage(folder, source);
}
