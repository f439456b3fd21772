/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a benchmark run on Node, never shipped */
/**
 * Imported first by every benchmark that runs the nodes from source. `PodPlatform.node` must
 * resolve to the .ts file, not to its codex `PodPlatform.node.json`: Node tries extensions in
 * registration order, so .json goes after ts-node's .ts. n8n-core reads its user folder when it
 * loads, so that is set here too, to a fresh temporary folder.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const jsonLoader = require.extensions['.json'];
Reflect.deleteProperty(require.extensions, '.json');
require.extensions['.json'] = jsonLoader;

process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'n8n-bench-'));
