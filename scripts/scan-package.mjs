// Runs n8n's verification scanner (analyzePackage of @n8n/scan-community-package) the way n8n runs
// it on a published package, and prints every violation. Started by scripts/scan-package.sh:
//
//   node scripts/scan-package.mjs <scanner folder> <unpacked tarball> <source folder> <label>
//
// Two passes, each with the files n8n gives it:
// - the unpacked tarball: every .js, .ts and .json file the package ships (analyzePackage's own
//   default, a superset of the compiled .js and package.json that n8n scans in a tarball);
// - the source: package.json and the node and credential folders (n8n lints these from the
//   commit a published package's npm provenance names).
// Exits 1 on any violation, and when a pass finds nothing to scan (a broken pack would otherwise
// pass unseen).
import { createRequire } from 'node:module';
import path from 'node:path';

const [scannerDir, packageDir, sourceDir, label = packageDir] = process.argv.slice(2);
if (!scannerDir || !packageDir || !sourceDir) {
	console.error(
		'usage: node scripts/scan-package.mjs <scanner folder> <unpacked tarball> <source folder> [label]',
	);
	process.exit(2);
}

const scannerPackage = path.join(scannerDir, 'node_modules/@n8n/scan-community-package');
const require = createRequire(path.join(scannerDir, 'package.json'));
const { version } = require(path.join(scannerPackage, 'package.json'));
const glob = require('fast-glob');
const { analyzePackage, SOURCE_FILE_PATTERNS } = await import(
	path.join(scannerPackage, 'scanner/scanner.mjs')
);

// analyzePackage's default file patterns and ignores, spelled out so the files can be counted.
const TARBALL_PATTERNS = ['**/*.js', '**/*.ts', '**/*.json'];
const IGNORE = ['node_modules/**', '**/package-lock.json'];

const passes = [
	{ name: `tarball ${label}`, dir: packageDir, patterns: TARBALL_PATTERNS },
	{
		name: 'source (package.json, nodes/, credentials/)',
		dir: sourceDir,
		patterns: SOURCE_FILE_PATTERNS,
	},
];

console.log(`n8n verification scanner: @n8n/scan-community-package ${version}`);
let failed = false;
for (const pass of passes) {
	const files = glob.sync(pass.patterns, { cwd: pass.dir, ignore: IGNORE });
	if (files.length === 0) {
		console.log(`FAIL ${pass.name}: no files to scan`);
		failed = true;
		continue;
	}
	const result = await analyzePackage(pass.dir, pass.patterns);
	if (result.passed) {
		console.log(`pass ${pass.name}: ${files.length} files, no violations`);
	} else {
		failed = true;
		console.log(`FAIL ${pass.name}: ${result.message}`);
		if (result.details) console.log(result.details.trimEnd());
	}
}

console.log(
	failed ? 'The package fails n8n verification scan.' : 'The package passes n8n verification scan.',
);
process.exit(failed ? 1 : 0);
