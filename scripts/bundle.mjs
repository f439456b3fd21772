// After `n8n-node build` (tsc into dist), fold each node and credential entry point into one
// file with the parsers it uses (fast-xml-parser, csv-parse, csv-stringify) inlined. The published
// package then needs no runtime dependencies, which n8n verification and n8n Cloud require.
import { build } from 'esbuild';
import { readFile, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
const entryPoints = [...pkg.n8n.nodes, ...pkg.n8n.credentials].map((file) => path.join(root, file));

// Provided at run time: the peer dependency, Node's crypto, and luxon, a dependency of n8n and of
// n8n-workflow. n8n puts its own modules on NODE_PATH for community nodes (that is how they resolve
// n8n-workflow) and has loaded luxon already: a bundled copy would only add 229 KB to parse.
// Everything else the nodes import (the parsers) is bundled: n8n does not promise to carry them.
const external = ['n8n-workflow', 'luxon', 'crypto', 'node:crypto'];

await build({
	entryPoints,
	outdir: path.join(root, 'dist'),
	outbase: path.join(root, 'dist'),
	allowOverwrite: true,
	bundle: true,
	platform: 'node',
	target: 'node20',
	format: 'cjs',
	external,
	sourcemap: false,
	legalComments: 'inline',
	logLevel: 'warning',
});

// Everything else tsc emitted is now inside the bundles: remove it so dist holds only what runs.
const keep = new Set(entryPoints);
async function prune(dir) {
	for (const entry of await readdir(dir)) {
		const file = path.join(dir, entry);
		if ((await stat(file)).isDirectory()) {
			await prune(file);
			if ((await readdir(file)).length === 0) await rm(file, { recursive: true });
			continue;
		}
		const isScript = /\.(js|js\.map|d\.ts)$/.test(entry);
		if (isScript && !keep.has(file)) await rm(file);
	}
}
await prune(path.join(root, 'dist'));
await rm(path.join(root, 'dist', 'tsconfig.tsbuildinfo'), { force: true });
console.log(`bundled ${entryPoints.length} entry points into dist`);
