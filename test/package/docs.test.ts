/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- reads the repository's documentation files, never shipped */
/**
 * The documentation links n8n shows beside the nodes and the credential lead somewhere: each
 * `#anchor` of the README names a heading that exists. The README words the placement rule as
 * the forms do.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

import { PodPlatformApi } from '../../credentials/PodPlatformApi.credentials';
import { PLACEMENT_RULE } from '../../nodes/PodPlatform/actions/common/position';

const root = path.resolve(__dirname, '../..');
const README_URL = 'https://github.com/pod-platform/n8n-nodes-pod-platform';

/** GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
	return heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s-]/gu, '')
		.replace(/\s/g, '-');
}

/** `#readme` is GitHub's anchor of the README itself; the others are its headings. */
const readmeAnchors = new Set([
	'readme',
	...readFileSync(path.join(root, 'README.md'), 'utf8')
		.split('\n')
		.filter((line) => /^#{1,6} /.test(line))
		.map((line) => anchorOf(line.replace(/^#+ /, ''))),
]);

function codexLinks(): string[] {
	const nodesDir = path.join(root, 'nodes');
	return readdirSync(nodesDir, { withFileTypes: true })
		.filter((entry) => entry.isDirectory())
		.flatMap((entry) =>
			readdirSync(path.join(nodesDir, entry.name))
				.filter((file) => file.endsWith('.node.json'))
				.map((file) => path.join(nodesDir, entry.name, file)),
		)
		.flatMap((file) => {
			const codex = JSON.parse(readFileSync(file, 'utf8')) as {
				resources?: Record<string, Array<{ url: string }>>;
			};
			return Object.values(codex.resources ?? {}).flatMap((links) => links.map((l) => l.url));
		});
}

test('every README link of the nodes and the credential names a heading of the README', () => {
	const links = [...codexLinks(), new PodPlatformApi().documentationUrl].filter((url) =>
		url.startsWith(`${README_URL}#`),
	);
	expect(links.length).toBeGreaterThanOrEqual(3);
	const missing = links.filter((url) => !readmeAnchors.has(url.split('#')[1]));
	expect(missing).toEqual([]);
});

test("the README states the placement rule in the forms' words", () => {
	const readme = readFileSync(path.join(root, 'README.md'), 'utf8').replace(/\s+/g, ' ');
	expect(readme).toContain(PLACEMENT_RULE);
});
