// After `n8n-node build` (tsc into dist), fold each node and credential entry point into one
// file with the parsers it uses (fast-xml-parser, csv-parse, csv-stringify) inlined. The published
// package then needs no runtime dependencies, which n8n verification and n8n Cloud require.
import { build } from 'esbuild';
import { readFile, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
const entryPoints = [...pkg.n8n.nodes, ...pkg.n8n.credentials].map((file) => path.join(root, file));

// Provided by n8n at run time: the peer dependency and Node's crypto. Everything else the nodes
// import (the parsers, luxon) is bundled: a package installed in ~/.n8n/nodes cannot resolve
// n8n's own copies of them.
const external = ['n8n-workflow', 'crypto', 'node:crypto'];

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
