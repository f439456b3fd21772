/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- reads the repository's source files, never shipped */
/**
 * The rooms of the house, checked from the import lines of the shipped code: a node folder
 * (nodes/<Node>/) imports only from itself and nodes/shared/; nodes/shared/ imports nothing from
 * a node folder and holds only what two or more users (node folders, credentials/) reach; no
 * import cycle anywhere; nothing under nodes/ or credentials/ imports the code that is not shipped
 * (sandbox/, test/, bench/, scripts/). And every shipped and sandbox source file opens with a
 * comment saying what it is for.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const NOT_SHIPPED = ['sandbox', 'test', 'bench', 'scripts'];

/** Every .ts file under a folder of the repository, as paths relative to the root. */
function tsFilesUnder(folder: string): string[] {
	const files: string[] = [];
	const walk = (relative: string) => {
		for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
			const child = path.posix.join(relative, entry.name);
			if (entry.isDirectory()) walk(child);
			else if (entry.name.endsWith('.ts')) files.push(child);
		}
	};
	walk(folder);
	return files.sort();
}

/**
 * The module specifiers a file imports or re-exports, multi-line imports included:
 * `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')` / `require('…')`.
 */
function specifiersOf(source: string): string[] {
	const patterns = [
		/^\s*(?:import|export)\b[^;'"]*?\bfrom\s*['"]([^'"]+)['"]/gm,
		/^\s*import\s*['"]([^'"]+)['"]/gm,
		/\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
	];
	return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]));
}

interface Import {
	file: string;
	/** The imported file or folder relative to the root, for a relative specifier. */
	target: string;
}

/** The relative imports of a file, resolved against the root. */
function relativeImportsOf(file: string, source: string): Import[] {
	return specifiersOf(source)
		.filter((specifier) => specifier.startsWith('.'))
		.map((specifier) => ({
			file,
			target: path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)),
		}));
}

function isUnder(target: string, folder: string): boolean {
	return target === folder || target.startsWith(`${folder}/`);
}

/** The folder a file under nodes/ may import from besides nodes/shared/: its own node folder. */
function roomOf(file: string): string {
	const [nodes, folder, ...rest] = file.split('/');
	return rest.length ? `${nodes}/${folder}` : nodes;
}

/** The imports of these files that leave the rooms the house allows them. */
function strayImports(files: Array<{ file: string; source: string }>): Import[] {
	const stray: Import[] = [];
	for (const { file, source } of files) {
		for (const imported of relativeImportsOf(file, source)) {
			const { target } = imported;
			const intoNotShipped = NOT_SHIPPED.some((folder) => isUnder(target, folder));
			let allowed = !intoNotShipped;
			if (isUnder(file, 'nodes/shared')) {
				allowed &&= isUnder(target, 'nodes/shared') || !isUnder(target, 'nodes');
			} else if (isUnder(file, 'nodes')) {
				allowed &&= isUnder(target, roomOf(file)) || isUnder(target, 'nodes/shared');
			}
			if (!allowed) stray.push(imported);
		}
	}
	return stray;
}

const shipped = [...tsFilesUnder('nodes'), ...tsFilesUnder('credentials')].map((file) => ({
	file,
	source: readFileSync(path.join(root, file), 'utf8'),
}));

test('the check reads every node folder and the multi-line imports', () => {
	const folders = new Set(
		shipped.filter(({ file }) => isUnder(file, 'nodes')).map(({ file }) => roomOf(file)),
	);
	expect([...folders].sort()).toEqual(
		expect.arrayContaining([
			'nodes/PodPlatform',
			'nodes/PodPlatformPollTrigger',
			'nodes/PodPlatformTrigger',
			'nodes/shared',
		]),
	);
	const multiLine = "import {\n\ta,\n\tb,\n} from '../shared/x';\nexport { c } from './y';";
	expect(specifiersOf(multiLine)).toEqual(['../shared/x', './y']);
});

test('the check finds an import that leaves its room', () => {
	const imports = (file: string, specifier: string) => ({
		file,
		source: `import { x } from '${specifier}';`,
	});
	expect(
		strayImports([
			imports('nodes/PodPlatformPollTrigger/poll.ts', '../PodPlatformTrigger/fields'),
			imports('nodes/shared/descriptions/shop.ts', '../../PodPlatform/methods/listSearch'),
			imports('credentials/Api.credentials.ts', '../sandbox/store'),
			imports('nodes/PodPlatform/actions/router.ts', '../../../test/support/n8n'),
			imports('nodes/PodPlatform/actions/router.ts', '../../shared/transport'),
			imports('nodes/PodPlatform/actions/router.ts', './common/list'),
		]).map(({ file }) => file),
	).toEqual([
		'nodes/PodPlatformPollTrigger/poll.ts',
		'nodes/shared/descriptions/shop.ts',
		'credentials/Api.credentials.ts',
		'nodes/PodPlatform/actions/router.ts',
	]);
});

test('a node folder imports only from itself and nodes/shared/', () => {
	const nodeFiles = shipped.filter(
		({ file }) => isUnder(file, 'nodes') && !isUnder(file, 'nodes/shared'),
	);
	expect(nodeFiles.every(({ file }) => roomOf(file) !== 'nodes')).toBe(true);
	expect(strayImports(nodeFiles)).toEqual([]);
});

/**
 * The folders of one large operation (actions/<resource>/<operation>/, holding its .operation.ts):
 * its own steps, which nothing outside it imports but the resource's registry (index.ts), which
 * imports the operation. What another operation needs too lives in a room of its own (common/).
 */
function operationFolders(files: string[]): string[] {
	const operation = /^(nodes\/[^/]+\/actions\/[^/]+\/[^/]+)\/[^/]+\.operation\.ts$/;
	return [...new Set(files.flatMap((file) => operation.exec(file)?.[1] ?? []))].sort();
}

/** The imports into an operation's folder from outside it, but its registry's import of the operation. */
function intoOperationFolders(files: Array<{ file: string; source: string }>): Import[] {
	const folders = operationFolders(files.map(({ file }) => file));
	return files
		.flatMap(({ file, source }) => relativeImportsOf(file, source))
		.filter(({ file, target }) =>
			folders.some(
				(folder) =>
					isUnder(target, folder) &&
					!isUnder(file, folder) &&
					!(file === `${path.posix.dirname(folder)}/index.ts` && target.endsWith('.operation')),
			),
		);
}

test('the check finds an import into an operation folder from outside it', () => {
	const files = [
		{
			file: 'nodes/A/actions/order/submit/submit.operation.ts',
			source: "import { r } from './read';",
		},
		{ file: 'nodes/A/actions/order/submit/read.ts', source: '' },
		{
			file: 'nodes/A/actions/order/index.ts',
			source: "import { s } from './submit/submit.operation';",
		},
		{
			file: 'nodes/A/actions/order/get.operation.ts',
			source: "import { r } from './submit/read';",
		},
		{
			file: 'nodes/A/actions/product/find.operation.ts',
			source: "import { r } from '../order/submit/read';",
		},
	];
	expect(operationFolders(files.map(({ file }) => file))).toEqual(['nodes/A/actions/order/submit']);
	expect(intoOperationFolders(files).map(({ file }) => file)).toEqual([
		'nodes/A/actions/order/get.operation.ts',
		'nodes/A/actions/product/find.operation.ts',
	]);
});

test("nothing imports from an operation's folder (order/submit/) but its resource's registry", () => {
	expect(operationFolders(shipped.map(({ file }) => file))).toContain(
		'nodes/PodPlatform/actions/order/submit',
	);
	expect(intoOperationFolders(shipped)).toEqual([]);
});

/** Whether a source defines an operation: an OperationDefinition, or one made by getMany/getOne. */
function definesOperation(source: string): boolean {
	return /^(?!.*\bfunction\b).*\b(?:getManyOperation|getOneOperation)\(|:\s*OperationDefinition\s*=/m.test(
		source,
	);
}

test('the check finds an operation defined inline, and not the helpers that make one', () => {
	expect(
		definesOperation("\toperations: [\n\t\tgetManyOperation(\n\t\t\t{ name: 'Get Many' },"),
	).toBe(true);
	expect(definesOperation('const getSkus: OperationDefinition = {')).toBe(true);
	expect(definesOperation('export function getManyOperation(\n\toption,')).toBe(false);
	expect(definesOperation("import { getManyOperation } from '../common/list';")).toBe(false);
});

test('every operation of the action node is defined in its own .operation.ts', () => {
	const inline = shipped
		.filter(
			({ file }) => isUnder(file, 'nodes/PodPlatform/actions') && !file.endsWith('.operation.ts'),
		)
		.filter(({ source }) => definesOperation(source))
		.map(({ file }) => file);
	expect(inline).toEqual([]);
});

test('nodes/shared/ imports nothing from a node folder', () => {
	expect(strayImports(shipped.filter(({ file }) => isUnder(file, 'nodes/shared')))).toEqual([]);
});

test('nothing under nodes/ or credentials/ imports sandbox/, test/, bench/ or scripts/', () => {
	const intoNotShipped = shipped
		.flatMap(({ file, source }) => relativeImportsOf(file, source))
		.filter(({ target }) => NOT_SHIPPED.some((folder) => isUnder(target, folder)));
	expect(intoNotShipped).toEqual([]);
});

/** The file an import names, `x.ts` or `x/index.ts`, when it is one of these files. */
function fileOf(target: string, files: Set<string>): string | undefined {
	return [`${target}.ts`, `${target}/index.ts`, target].find((candidate) => files.has(candidate));
}

/** Each file and the files it imports, type-only imports and re-exports included. */
function importGraph(files: Array<{ file: string; source: string }>): Map<string, string[]> {
	const names = new Set(files.map(({ file }) => file));
	return new Map(
		files.map(({ file, source }) => [
			file,
			relativeImportsOf(file, source)
				.map(({ target }) => fileOf(target, names))
				.filter((target): target is string => target !== undefined),
		]),
	);
}

/** Who a file outside nodes/shared/ counts as when it uses a shared file. */
function userOf(file: string): string | undefined {
	if (isUnder(file, 'nodes/shared')) return undefined;
	return isUnder(file, 'credentials') ? 'credentials' : roomOf(file);
}

/**
 * Each file of nodes/shared/ and the users that reach it, directly or through other files: a node
 * folder or credentials/.
 */
function usersOfShared(graph: Map<string, string[]>): Map<string, Set<string>> {
	const users = new Map<string, Set<string>>();
	for (const file of graph.keys()) {
		if (isUnder(file, 'nodes/shared')) users.set(file, users.get(file) ?? new Set());
	}
	for (const file of graph.keys()) {
		const user = userOf(file);
		if (!user) continue;
		const reached = new Set<string>();
		const toVisit = [...(graph.get(file) ?? [])];
		while (toVisit.length) {
			const next = toVisit.pop() as string;
			if (reached.has(next)) continue;
			reached.add(next);
			toVisit.push(...(graph.get(next) ?? []));
		}
		for (const shared of reached) users.get(shared)?.add(user);
	}
	return users;
}

/** The shared files fewer than two users reach, each with the users that do. */
function singleUseShared(graph: Map<string, string[]>): string[] {
	return [...usersOfShared(graph)]
		.filter(([, users]) => users.size < 2)
		.map(([file, users]) => `${file} is used only by ${[...users].join(', ') || 'nothing'}`);
}

/** One import cycle, as the files around it (the first repeated at the end), if there is any. */
function findCycle(graph: Map<string, string[]>): string[] | undefined {
	const state = new Map<string, 'visiting' | 'done'>();
	const stack: string[] = [];
	const visit = (file: string): string[] | undefined => {
		if (state.get(file) === 'done') return undefined;
		if (state.get(file) === 'visiting') return [...stack.slice(stack.indexOf(file)), file];
		state.set(file, 'visiting');
		stack.push(file);
		for (const next of graph.get(file) ?? []) {
			const cycle = visit(next);
			if (cycle) return cycle;
		}
		stack.pop();
		state.set(file, 'done');
		return undefined;
	};
	for (const file of graph.keys()) {
		const cycle = visit(file);
		if (cycle) return cycle;
	}
	return undefined;
}

const shippedGraph = importGraph(shipped);

test('the check counts who reaches a shared file, through other shared files too', () => {
	const graph = importGraph([
		{ file: 'nodes/A/a.node.ts', source: "import { x } from '../shared/x';" },
		{ file: 'nodes/B/b.node.ts', source: "import type { y } from '../shared/y/index';" },
		{ file: 'nodes/shared/x.ts', source: "import { y } from './y';" },
		{ file: 'nodes/shared/y/index.ts', source: '' },
		{ file: 'nodes/shared/z.ts', source: '' },
		{ file: 'credentials/C.credentials.ts', source: "import { z } from '../nodes/shared/z';" },
	]);
	expect(singleUseShared(graph)).toEqual([
		'nodes/shared/x.ts is used only by nodes/A',
		'nodes/shared/z.ts is used only by credentials',
	]);
	expect([...(usersOfShared(graph).get('nodes/shared/y/index.ts') ?? [])].sort()).toEqual([
		'nodes/A',
		'nodes/B',
	]);
});

test('every file in nodes/shared/ is used by two or more node folders (credentials/ counts as one)', () => {
	expect(usersOfShared(shippedGraph).size).toBeGreaterThan(10);
	expect(singleUseShared(shippedGraph)).toEqual([]);
});

test('the check finds an import cycle, type-only imports included', () => {
	const graph = importGraph([
		{ file: 'nodes/A/a.ts', source: "import { b } from './b';" },
		{ file: 'nodes/A/b.ts', source: "import type {\n\tC,\n} from './c';" },
		{ file: 'nodes/A/c.ts', source: "export type { A } from './a';" },
		{ file: 'nodes/A/d.ts', source: "import { a } from './a';" },
	]);
	expect(findCycle(graph)).toEqual([
		'nodes/A/a.ts',
		'nodes/A/b.ts',
		'nodes/A/c.ts',
		'nodes/A/a.ts',
	]);
	graph.set('nodes/A/c.ts', []);
	expect(findCycle(graph)).toBeUndefined();
});

test('no import cycle under nodes/ and credentials/', () => {
	expect(findCycle(shippedGraph)).toBeUndefined();
});

/**
 * Whether a file opens with its file comment: a `/** ... *\/` block before any import or code,
 * after at most an eslint-disable line. The block must stand apart (a blank line or an import
 * follows it); a doc comment sitting on the file's first declaration is not a file comment.
 */
function opensWithFileComment(source: string): boolean {
	const opening = /^(?:\/\* eslint-disable[^\n]*\*\/\n)?\/\*\*[\s\S]*?\*\/\n([^\n]*)/.exec(source);
	if (!opening) return false;
	const next = opening[1];
	return next.trim() === '' || /^(?:import\b|export\s+(?:type\s+)?(?:\{|\*))/.test(next);
}

test('the check tells a file comment from a missing or misplaced one', () => {
	const comment = '/**\n * What this file is for.\n */\n';
	const eslint = '/* eslint-disable no-console -- a reason */\n';
	const imports = "import { x } from './x';\n";
	expect(opensWithFileComment(`${comment}\n${imports}`)).toBe(true);
	expect(opensWithFileComment(`${comment}${imports}`)).toBe(true);
	expect(opensWithFileComment(`${eslint}${comment}\n${imports}`)).toBe(true);
	expect(opensWithFileComment("/** Why. */\nexport { a } from './a';\n")).toBe(true);
	expect(opensWithFileComment(`${imports}\n${comment}\nconst y = 1;\n`)).toBe(false);
	expect(opensWithFileComment(`${eslint}${imports}\n${comment}`)).toBe(false);
	expect(opensWithFileComment('/** The first declaration. */\nexport const y = 1;\n')).toBe(false);
	expect(opensWithFileComment(`// a line comment\n${imports}`)).toBe(false);
});

test('every .ts file under nodes/, credentials/ and sandbox/, and index.ts, opens with a comment saying what it is for', () => {
	const sources = [
		...tsFilesUnder('nodes'),
		...tsFilesUnder('credentials'),
		...tsFilesUnder('sandbox'),
		'index.ts',
	];
	expect(sources.length).toBeGreaterThan(100);
	const withoutFileComment = sources.filter(
		(file) => !opensWithFileComment(readFileSync(path.join(root, file), 'utf8')),
	);
	expect(withoutFileComment).toEqual([]);
});

test("the action node's operations read parameters one way, through the run (CONTRIBUTING)", () => {
	// The router reads the resource and operation before there is a run; the run scope is the way.
	const theWay = ['nodes/PodPlatform/actions/router.ts', 'nodes/PodPlatform/actions/runScope.ts'];
	const readingAround = tsFilesUnder('nodes/PodPlatform/actions').filter(
		(file) =>
			!theWay.includes(file) &&
			/\b(?:this|ctx)\.getNodeParameter\(/.test(readFileSync(path.join(root, file), 'utf8')),
	);
	expect(readingAround).toEqual([]);
});

/** The one place where shipped code keeps state from one execution to the next. */
const ACROSS_EXECUTIONS = 'nodes/shared/acrossExecutions.ts';

/**
 * The module-level state of a source: a top-level `let`, and a top-level Map, Set, WeakMap or
 * WeakSet that the file changes (`.set(`, `.add(`, `.delete(`, `.clear(`); a table filled once
 * where it is made is a constant.
 */
function moduleStateOf(source: string): string[] {
	const found = [...source.matchAll(/^(?:export\s+)?let\s+(\w+)/gm)].map((match) => match[1]);
	for (const match of source.matchAll(
		/^(?:export\s+)?const\s+(\w+)\b[^=\n]*=\s*new\s+(?:Map|Set|WeakMap|WeakSet)\b/gm,
	)) {
		if (new RegExp(`\\b${match[1]}\\.(?:set|add|delete|clear)\\(`).test(source)) {
			found.push(match[1]);
		}
	}
	return found;
}

test('the check finds module-level state, and leaves constant tables alone', () => {
	expect(
		moduleStateOf('let count = 0;\nconst SEEN = new Map<string, number>();\nSEEN.set("a", 1);'),
	).toEqual(['count', 'SEEN']);
	expect(
		moduleStateOf("const KEYS = new Set(['a', 'b']);\nfunction f() {\n\tlet x = 1;\n}"),
	).toEqual([]);
});

test('nothing under nodes/ or credentials/ keeps state at module level outside acrossExecutions.ts', () => {
	const files = [...tsFilesUnder('nodes'), ...tsFilesUnder('credentials')].filter(
		(file) => file !== ACROSS_EXECUTIONS,
	);
	const withState = files.flatMap((file) =>
		moduleStateOf(readFileSync(path.join(root, file), 'utf8')).map((name) => `${file}: ${name}`),
	);
	expect(withState).toEqual([]);
});

/** A file a reader takes in at one sitting; a longer one holds more than one step. */
const LINES_AT_MOST = 450;

test(`no file under nodes/ or credentials/ is over ${LINES_AT_MOST} lines`, () => {
	const over = [...tsFilesUnder('nodes'), ...tsFilesUnder('credentials')].filter(
		(file) => readFileSync(path.join(root, file), 'utf8').split('\n').length - 1 > LINES_AT_MOST,
	);
	expect(over).toEqual([]);
});
