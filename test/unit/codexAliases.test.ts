/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- reads the repository's codex files, never shipped */
/**
 * n8n's nodes panel finds a node by its display name and by its codex `alias` (the editor's
 * node search weighs `properties.displayName` and `properties.codex.alias`); n8n's loader reads
 * the codex of a community node from the `.node.json` beside the node's file, `alias` at the top
 * level as n8n's own nodes write it (Set.node.json: `"alias": ["JSON", "Filter", ...]`). A
 * merchant looking for us types what the business is called, not "POD": every node the package
 * declares must answer those words.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { CodexData, INodeType } from 'n8n-workflow';

import { PodPlatform } from '../../nodes/PodPlatform/PodPlatform.node';
import { PodPlatformPollTrigger } from '../../nodes/PodPlatformPollTrigger/PodPlatformPollTrigger.node';
import { PodPlatformTrigger } from '../../nodes/PodPlatformTrigger/PodPlatformTrigger.node';

const root = path.resolve(__dirname, '../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
	name: string;
	n8n: { nodes: string[] };
};

/** What merchants type into the nodes panel for a print-on-demand service. */
const MERCHANT_WORDS = ['print', 'print on demand', 't-shirt', 'merch', 'fulfillment'];

const NODES: INodeType[] = [
	new PodPlatform(),
	new PodPlatformTrigger(),
	new PodPlatformPollTrigger(),
];

/** The codex n8n loads for a declared node: `dist/nodes/X/X.node.js` → `nodes/X/X.node.json`. */
function codexOf(declared: string): CodexData & { node: string } {
	const source = declared.replace(/^dist\//, '').replace(/\.js$/, '.json');
	return JSON.parse(readFileSync(path.join(root, source), 'utf8')) as CodexData & { node: string };
}

test('every node the package declares has a codex naming it, and the test knows each', () => {
	const named = pkg.n8n.nodes.map((declared) => codexOf(declared).node).sort();
	expect(named).toEqual(NODES.map((node) => `${pkg.name}.${node.description.name}`).sort());
});

test.each(pkg.n8n.nodes)('%s answers the words merchants type in the nodes panel', (declared) => {
	const { alias } = codexOf(declared);
	expect(Array.isArray(alias)).toBe(true);
	const aliases = alias ?? [];
	for (const entry of aliases) {
		expect(typeof entry).toBe('string');
		expect(entry.trim()).toBe(entry);
		expect(entry).not.toBe('');
	}
	const lower = aliases.map((entry) => entry.toLowerCase());
	expect(new Set(lower).size).toBe(lower.length);
	// A word found inside an alias is found by the panel's fuzzy search as well.
	const missing = MERCHANT_WORDS.filter((word) => !lower.some((entry) => entry.includes(word)));
	expect(missing).toEqual([]);
});
