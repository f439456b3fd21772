/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-require-imports, @n8n/community-nodes/no-dangerous-functions -- a benchmark run on Node, never shipped */
/**
 * n8n's own HTTP Request, Loop Over Items, Split Out and No Operation nodes, loaded from the n8n-nodes-base that
 * scripts/install-http-request-node.sh unpacks into a cache folder (installed on first use). They
 * resolve n8n-workflow, lodash and the other packages the project has from the project first, so
 * that they run on the very n8n-workflow instance n8n-core uses, as in n8n itself; only what the
 * project lacks comes from the cache folder.
 */
import { execFileSync } from 'node:child_process';
import Module from 'node:module';
import { join, sep } from 'node:path';

import type { INodeType, IVersionedNodeType } from 'n8n-workflow';

const ROOT = join(__dirname, '..', '..');

export const HTTP_REQUEST_NODE = 'n8n-nodes-base.httpRequest';
export const LOOP_OVER_ITEMS_NODE = 'n8n-nodes-base.splitInBatches';
export const SPLIT_OUT_NODE = 'n8n-nodes-base.splitOut';
export const NO_OP_NODE = 'n8n-nodes-base.noOp';

type Resolve = (request: string, parent: unknown, isMain: boolean, options?: unknown) => string;

let loaded: Record<string, INodeType | IVersionedNodeType> | undefined;

export function n8nBaseNodes(): Record<string, INodeType | IVersionedNodeType> {
	if (loaded) return loaded;
	const cache = execFileSync('bash', [join(ROOT, 'scripts', 'install-http-request-node.sh')], {
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
	}).trim();
	const base = join(cache, 'node_modules', 'n8n-nodes-base');
	const moduleInternals = Module as unknown as { _resolveFilename: Resolve };
	const resolve = moduleInternals._resolveFilename;
	moduleInternals._resolveFilename = function (request, parent, isMain, options) {
		const from = (parent as { filename?: string } | undefined)?.filename;
		const bare =
			!request.startsWith('.') && !request.startsWith('/') && !request.startsWith('node:');
		if (bare && from?.startsWith(base + sep)) {
			try {
				return resolve.call(this, request, parent, isMain, { paths: [ROOT] });
			} catch {
				// Not in the project: the cache folder has it.
			}
		}
		return resolve.call(this, request, parent, isMain, options);
	};
	const nodes = join(base, 'dist', 'nodes');
	loaded = {
		[HTTP_REQUEST_NODE]: new (require(
			join(nodes, 'HttpRequest', 'HttpRequest.node.js'),
		).HttpRequest)(),
		[LOOP_OVER_ITEMS_NODE]: new (require(
			join(nodes, 'SplitInBatches', 'SplitInBatches.node.js'),
		).SplitInBatches)(),
		[NO_OP_NODE]: new (require(join(nodes, 'NoOp', 'NoOp.node.js')).NoOp)(),
		[SPLIT_OUT_NODE]: new (require(
			join(nodes, 'Transform', 'SplitOut', 'SplitOut.node.js'),
		).SplitOut)(),
	};
	return loaded;
}
