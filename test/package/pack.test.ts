/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- packs and loads the package like a user does, never shipped */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const entryPoints: string[] = [...pkg.n8n.nodes, ...pkg.n8n.credentials];

beforeAll(() => {
	// The package is judged as built; build it when this checkout has not been built yet.
	if (!entryPoints.every((file) => existsSync(path.join(root, file)))) {
		execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
	}
}, 240_000);

test('the packed tarball holds only dist, README, LICENSE and package.json', () => {
	const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
		cwd: root,
		encoding: 'utf8',
	});
	const files: string[] = JSON.parse(output)[0].files.map((file: { path: string }) => file.path);
	const outside = files.filter(
		(file) => !file.startsWith('dist/') && !['README.md', 'LICENSE', 'package.json'].includes(file),
	);
	expect(outside).toEqual([]);
	expect(files).toEqual(
		expect.arrayContaining(['README.md', 'LICENSE', 'package.json', ...entryPoints]),
	);
	expect(files.some((file) => /sandbox|test\/|bench\//.test(file))).toBe(false);
	// Only what n8n loads: the built nodes and credential with their codex files, the icons, and
	// the package files; the editor screenshots of the README stay in the repository.
	const loaded =
		/^dist\/(nodes|credentials)\/.+\.(js|json)$|^dist\/icons\/[^/]+\.svg$|^dist\/package\.json$/;
	expect(
		files.filter(
			(file) => !loaded.test(file) && !['README.md', 'LICENSE', 'package.json'].includes(file),
		),
	).toEqual([]);
});

test('the package declares no runtime dependencies and only n8n-workflow as peer', () => {
	expect(pkg.dependencies ?? {}).toEqual({});
	expect(pkg.peerDependencies).toEqual({ 'n8n-workflow': '*' });
	expect(pkg.n8n.strict).toBe(true);
});

test('each built entry point requires nothing n8n does not provide (n8n-workflow, its luxon, crypto)', () => {
	for (const file of entryPoints) {
		const source = readFileSync(path.join(root, file), 'utf8');
		const required = [...source.matchAll(/require\(["']([^"']+)["']\)/g)].map((match) => match[1]);
		expect(
			required.filter((name) => !['n8n-workflow', 'luxon', 'crypto', 'node:crypto'].includes(name)),
		).toEqual([]);
	}
	const loaded = execFileSync(
		process.execPath,
		[
			'-e',
			`const pkg = require('./package.json');
			 const names = [...pkg.n8n.nodes, ...pkg.n8n.credentials].map((file) => {
			   const exported = require('./' + file);
			   const Type = Object.values(exported)[0];
			   const instance = new Type();
			   return instance.description ? instance.description.name : instance.name;
			 });
			 console.log(names.join(','));`,
		],
		{ cwd: root, encoding: 'utf8' },
	);
	expect(loaded.trim().split(',')).toEqual(
		expect.arrayContaining(['podPlatform', 'podPlatformApi']),
	);
});
