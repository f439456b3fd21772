/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- reads the repository's documentation files, never shipped */
/**
 * The documentation leads somewhere: the links n8n shows beside the nodes, the credential and
 * the fields name a README heading or a docs page (and its heading) that exists; every relative
 * link of the README, the guides under docs/, CONTRIBUTING.md, bench/README.md and every other
 * Markdown file names a file in the repository that exists, and a heading of it when it has an
 * #anchor (links to other sites are not fetched). The README stays a front page (at most 400
 * lines, in the order of n8n's starter template, linking every guide and example), and the
 * operations reference words the placement rule as the forms do.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

import { PodPlatformApi } from '../../credentials/PodPlatformApi.credentials';
import { PLACEMENT_RULE } from '../../nodes/PodPlatform/actions/common/position';

const root = path.resolve(__dirname, '../..');
const REPOSITORY_URL = 'https://github.com/pod-platform/n8n-nodes-pod-platform';
/** Where the repository's files are shown on GitHub: `${FILE_URL}docs/triggers.md`. */
const FILE_URL = `${REPOSITORY_URL}/blob/main/`;

/** Every Markdown file of the repository, as a path from its root; no dependencies, builds or dot-folders. */
function markdownFiles(dir = ''): string[] {
	return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
		const relative = dir === '' ? entry.name : `${dir}/${entry.name}`;
		if (entry.isDirectory()) {
			return /^(\.|node_modules$|dist$)/.test(entry.name) ? [] : markdownFiles(relative);
		}
		return entry.name.endsWith('.md') ? [relative] : [];
	});
}

/**
 * The documents whose relative links must lead somewhere: the README, CONTRIBUTING.md,
 * bench/README.md and the guides under docs/ first, then every other Markdown file.
 */
const DOCUMENTS = [
	...new Set([
		'README.md',
		'CONTRIBUTING.md',
		'bench/README.md',
		...readdirSync(path.join(root, 'docs'))
			.filter((file) => file.endsWith('.md'))
			.map((file) => `docs/${file}`),
		...markdownFiles(),
	]),
];

/** Markdown without its fenced code blocks, where a `#` line is a comment and a link is text. */
function prose(markdown: string): string {
	return markdown.replace(/^```[^\n]*\n[\s\S]*?^```[^\n]*$/gm, '');
}

/**
 * GitHub's anchor of a Markdown heading: lower case, punctuation dropped (not `-` or `_`),
 * spaces to hyphens; a repeated heading gets `-1`, `-2`, ...
 */
function anchorOf(heading: string): string {
	return heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s_-]/gu, '')
		.replace(/\s/g, '-');
}

const anchorCache = new Map<string, Set<string>>();
/** The anchors of a Markdown file; `readme` too for the README, GitHub's anchor of the page. */
function anchorsOf(file: string): Set<string> {
	const cached = anchorCache.get(file);
	if (cached) return cached;
	const anchors = new Set<string>(path.basename(file) === 'README.md' ? ['readme'] : []);
	const seen = new Map<string, number>();
	for (const line of prose(readFileSync(file, 'utf8')).split('\n')) {
		if (!/^#{1,6} /.test(line)) continue;
		const anchor = anchorOf(line.replace(/^#+ /, ''));
		const count = seen.get(anchor) ?? 0;
		seen.set(anchor, count + 1);
		anchors.add(count === 0 ? anchor : `${anchor}-${count}`);
	}
	anchorCache.set(file, anchors);
	return anchors;
}

/**
 * What is wrong with a link to `target` (a path, with or without #anchor) from a file in `fromDir`;
 * undefined when it leads to an existing file, and to an existing heading of it.
 */
function problemOf(fromDir: string, target: string): string | undefined {
	const [pathPart, anchor] = target.split('#') as [string, string | undefined];
	const file = pathPart === '' ? undefined : path.resolve(fromDir, decodeURIComponent(pathPart));
	// Outside the repository a link leads nowhere on GitHub or in a clone elsewhere.
	if (file !== undefined && path.relative(root, file).startsWith('..'))
		return 'outside the repository';
	if (file !== undefined && !existsSync(file)) return 'no such file';
	if (anchor === undefined) return undefined;
	if (file !== undefined && statSync(file).isDirectory()) return 'an anchor on a folder';
	return undefined;
}

/** Every link of a Markdown document, outside code, with the line it is on. */
function linksOf(document: string): Array<{ line: number; target: string }> {
	const text = prose(readFileSync(path.join(root, document), 'utf8'))
		// Inline code is text, not a link.
		.replace(/`[^`\n]*`/g, '');
	const links: Array<{ line: number; target: string }> = [];
	text.split('\n').forEach((line, index) => {
		// Inline links and images `[text](target "title")`, also `(<target>)`; reference
		// definitions `[name]: target`; HTML `href="target"` and `src="target"`.
		for (const match of line.matchAll(
			/\]\((?:<([^>]+)>|([^)\s]+))(?:\s+"[^"]*")?\)|^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?|\b(?:href|src)="([^"]+)"/g,
		)) {
			links.push({ line: index + 1, target: match[1] ?? match[2] ?? match[3] ?? match[4] });
		}
	});
	return links;
}

/** Whether a link to an #anchor of a Markdown file names one of its headings. */
function anchorMissing(file: string, anchor: string | undefined): boolean {
	return anchor !== undefined && file.endsWith('.md') && !anchorsOf(file).has(anchor);
}

/** Each node's codex file (`nodes/<Node>/<Node>.node.json`) and the documentation it names. */
function codexResources(): Array<{
	file: string;
	resources: Record<string, Array<{ url: string }>>;
}> {
	const nodesDir = path.join(root, 'nodes');
	return readdirSync(nodesDir, { withFileTypes: true })
		.filter((entry) => entry.isDirectory())
		.flatMap((entry) =>
			readdirSync(path.join(nodesDir, entry.name))
				.filter((file) => file.endsWith('.node.json'))
				.map((file) => path.join(nodesDir, entry.name, file)),
		)
		.map((file) => {
			const codex = JSON.parse(readFileSync(file, 'utf8')) as {
				resources?: Record<string, Array<{ url: string }>>;
			};
			return { file: path.relative(root, file), resources: codex.resources ?? {} };
		});
}

function codexLinks(): string[] {
	return codexResources().flatMap(({ resources }) =>
		Object.values(resources).flatMap((links) => links.map((l) => l.url)),
	);
}

/** Links to this repository written anywhere in the shipped code: field descriptions, hints. */
function sourceLinks(): string[] {
	const files = (dir: string): string[] =>
		readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
			entry.isDirectory()
				? files(path.join(dir, entry.name))
				: entry.name.endsWith('.ts')
					? [path.join(dir, entry.name)]
					: [],
		);
	const pattern = new RegExp(`${REPOSITORY_URL.replace(/[.]/g, '\\.')}[^\\s"'<>\`)]*`, 'g');
	return [...files(path.join(root, 'nodes')), ...files(path.join(root, 'credentials'))].flatMap(
		(file) => readFileSync(file, 'utf8').match(pattern) ?? [],
	);
}

/**
 * The file and anchor a link of n8n's panels leads to: the repository's own address shows the
 * README, `${FILE_URL}<path>` a file of the repository.
 */
function documentOf(url: string): { file: string; anchor: string | undefined } | undefined {
	const [address, anchor] = url.split('#') as [string, string | undefined];
	if (address === REPOSITORY_URL) return { file: path.join(root, 'README.md'), anchor };
	if (address.startsWith(FILE_URL)) {
		return { file: path.join(root, address.slice(FILE_URL.length)), anchor };
	}
	return undefined;
}

test('the README is a front page of at most 400 lines', () => {
	const lines = readFileSync(path.join(root, 'README.md'), 'utf8').trimEnd().split('\n').length;
	expect(lines).toBeLessThanOrEqual(400);
});

test('the guides the README and other links name are there', () => {
	for (const page of [
		'storefront.md',
		'way-back.md',
		'ai-agents.md',
		'queue-mode.md',
		'triggers.md',
		'operations-reference.md',
	]) {
		expect({ page, exists: existsSync(path.join(root, 'docs', page)) }).toEqual({
			page,
			exists: true,
		});
	}
});

test("every node's codex names its documentation and its credential's, as n8n's panel offers", () => {
	const nodes = codexResources();
	expect(nodes.map(({ file }) => file).sort()).toEqual([
		'nodes/PodPlatform/PodPlatform.node.json',
		'nodes/PodPlatformPollTrigger/PodPlatformPollTrigger.node.json',
		'nodes/PodPlatformTrigger/PodPlatformTrigger.node.json',
	]);
	for (const { file, resources } of nodes) {
		expect({ file, primary: resources.primaryDocumentation?.length ?? 0 }).toEqual({
			file,
			primary: 1,
		});
		expect({ file, credential: resources.credentialDocumentation?.[0]?.url }).toEqual({
			file,
			credential: new PodPlatformApi().documentationUrl,
		});
	}
});

test('every link n8n shows beside the nodes, the credential and the fields leads to a heading that exists', () => {
	const links = [...codexLinks(), new PodPlatformApi().documentationUrl, ...sourceLinks()];
	// The nodes' documentation, the credential's and Build CSV's column table at least.
	expect(links.length).toBeGreaterThanOrEqual(7);
	const broken = links.filter((url) => {
		const target = documentOf(url);
		if (target === undefined) return true;
		return !existsSync(target.file) || anchorMissing(target.file, target.anchor);
	});
	expect(broken).toEqual([]);
});

test.each(DOCUMENTS)(
	'every relative link of %s leads to a file and heading that exist',
	(document) => {
		const fromDir = path.dirname(path.join(root, document));
		const links = linksOf(document).filter(({ target }) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
		const broken = links
			.map(({ line, target }) => {
				const problem = problemOf(fromDir, target);
				if (problem) return `line ${line}: ${target}: ${problem}`;
				const [pathPart, anchor] = target.split('#') as [string, string | undefined];
				const file = pathPart === '' ? path.join(root, document) : path.resolve(fromDir, pathPart);
				return anchorMissing(file, anchor) ? `line ${line}: ${target}: no such heading` : undefined;
			})
			.filter((problem) => problem !== undefined);
		expect(broken).toEqual([]);
	},
);

test('a broken link is caught: a missing file, a missing heading, a path out of the repository', () => {
	const fromDir = path.join(root, 'docs');
	expect(problemOf(fromDir, 'no-such-page.md')).toBe('no such file');
	expect(problemOf(fromDir, '../../README.md')).toBe('outside the repository');
	expect(problemOf(fromDir, 'triggers.md#anything')).toBeUndefined();
	expect(anchorMissing(path.join(root, 'README.md'), 'no-such-heading')).toBe(true);
	expect(anchorMissing(path.join(root, 'README.md'), 'credentials')).toBe(false);
	expect(documentOf(`${FILE_URL}docs/triggers.md#the-event`)).toEqual({
		file: path.join(root, 'docs/triggers.md'),
		anchor: 'the-event',
	});
	expect(anchorOf("The import file's columns")).toBe('the-import-files-columns');
	expect(anchorOf('Order → Submit')).toBe('order--submit');
});

test("the operations reference states the placement rule in the forms' words", () => {
	const reference = readFileSync(path.join(root, 'docs/operations-reference.md'), 'utf8').replace(
		/\s+/g,
		' ',
	);
	expect(reference).toContain(PLACEMENT_RULE);
});

test("the README's Dependencies and why names every dependency of package.json", () => {
	const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<
		string,
		Record<string, string> | undefined
	>;
	const section = readFileSync(path.join(root, 'README.md'), 'utf8')
		.split('## Dependencies and why')[1]
		.split('\n## ')[0];
	const names = ['dependencies', 'devDependencies', 'peerDependencies'].flatMap((field) =>
		Object.keys(manifest[field] ?? {}),
	);
	expect(names.filter((name) => !section.includes(`\`${name}\``))).toEqual([]);
});

/** The README's `## ` sections in the order they stand, each its heading and its text (with code). */
function readmeSections(): Array<{ heading: string; body: string }> {
	const [, ...sections] = readFileSync(path.join(root, 'README.md'), 'utf8').split(/^## /m);
	return sections.map((section) => {
		const [heading, ...body] = section.split('\n');
		return { heading: heading.trim(), body: body.join('\n') };
	});
}

test("the README follows n8n's starter template: what it is, then its sections in the template's order", () => {
	const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
	// What it is: the title and the prose under it, before the first section.
	expect(
		readme
			.split(/^## /m)[0]
			.replace(/^# .*$/m, '')
			.trim().length,
	).toBeGreaterThan(200);
	const template = [
		'Installation',
		'Operations',
		'Credentials',
		'Compatibility',
		'Usage',
		'Resources',
		'Version history',
	];
	const headings = readmeSections().map((section) => section.heading);
	expect(headings.filter((heading) => template.includes(heading))).toEqual(template);
});

test('Installation names the community nodes panel, the npm way and queue mode with its guide', () => {
	const installation = readmeSections().find((s) => s.heading === 'Installation')?.body ?? '';
	expect(installation).toContain('**Settings → Community Nodes → Install**');
	expect(installation).toContain('npm install --omit=peer n8n-nodes-pod-platform');
	expect(installation).toContain('**Queue mode**');
	expect(installation).toContain('](docs/queue-mode.md)');
});

test('the README links every guide under docs/ and every example workflow', () => {
	const targets = new Set(linksOf('README.md').map(({ target }) => target.split('#')[0]));
	const pages = [
		...readdirSync(path.join(root, 'docs'))
			.filter((file) => file.endsWith('.md'))
			.map((file) => `docs/${file}`),
		...readdirSync(path.join(root, 'examples'))
			.filter((file) => file.endsWith('.json'))
			.map((file) => `examples/${file}`),
	];
	expect(pages.filter((page) => !targets.has(page))).toEqual([]);
});
