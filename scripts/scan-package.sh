#!/usr/bin/env bash
# n8n's verification scanner (@n8n/scan-community-package) over this package: the same ESLint
# rules n8n runs before it verifies a community package, over the packed tarball's files and over
# the node and credential sources. Exits non-zero on any violation.
#
#   npm run scan                                 builds, packs and scans
#   bash scripts/scan-package.sh <package.tgz>   scans a tarball built already (CI does this)
#
# The scanner's command line downloads a published package; its analyzePackage(dir) lints an
# unpacked folder, which scripts/scan-package.mjs calls. The scanner is installed once into a
# cache folder of its own outside the repository (keyed by its version) and reused while it loads.
# Why the install looks as it does: the scanner's peers conflict with its own pins
# (--legacy-peer-deps); it depends on TypeScript 7, which its parser cannot use (typescript 5.9.3
# beside it wins); one of its rules resolves n8n-workflow (the version this package builds with).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SCANNER_VERSION="${SCANNER_VERSION:-0.32.0}"
TYPESCRIPT_VERSION="5.9.3"
N8N_WORKFLOW_VERSION="$(node -p 'require(process.argv[1]).devDependencies["n8n-workflow"]' "$ROOT/package.json")"
CACHE_ROOT="${POD_SCAN_CACHE:-$HOME/.cache/n8n-nodes-pod-platform}"
SCANNER_DIR="$CACHE_ROOT/scan-community-package-$SCANNER_VERSION"

log() { printf '[scan] %s\n' "$*" >&2; }

# Started from `npm run scan`, this script inherits the project's ignore-scripts=true through npm's
# environment; the install below sets its own.
unset npm_config_ignore_scripts NPM_CONFIG_IGNORE_SCRIPTS

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# True when the scanner in $1 loads, builds its rule set, and resolves the TypeScript it needs.
scanner_works() {
	(cd "$1" && node --input-type=module -e '
		const { createRequire } = await import("node:module");
		const require = createRequire(process.cwd() + "/");
		if (require("typescript/package.json").version !== process.argv[1]) process.exit(1);
		require.resolve("n8n-workflow");
		const scanner = await import(process.cwd() + "/node_modules/@n8n/scan-community-package/scanner/scanner.mjs");
		await scanner.buildScanConfig();
	' "$TYPESCRIPT_VERSION") >/dev/null 2>&1
}

if ! scanner_works "$SCANNER_DIR"; then
	log "installing @n8n/scan-community-package $SCANNER_VERSION into $SCANNER_DIR (once)"
	mkdir -p "$CACHE_ROOT"
	# Installed beside the final folder and moved into place when it works, so that a run that
	# stops half-way, or two runs at once, never leave a broken scanner behind.
	staging="$(mktemp -d "$CACHE_ROOT/.scan-install.XXXXXX")"
	echo '{"name":"pod-platform-scanner","private":true}' >"$staging/package.json"
	if ! (cd "$staging" && npm install --no-audit --no-fund --legacy-peer-deps --ignore-scripts --save-exact \
		"@n8n/scan-community-package@$SCANNER_VERSION" "typescript@$TYPESCRIPT_VERSION" \
		"n8n-workflow@$N8N_WORKFLOW_VERSION" >&2); then
		rm -rf "$staging"
		log "npm could not install the scanner (see npm's error above)"
		exit 1
	fi
	if ! scanner_works "$staging"; then
		rm -rf "$staging"
		log "the scanner installed but does not load (or resolves another TypeScript than $TYPESCRIPT_VERSION)"
		exit 1
	fi
	if ! scanner_works "$SCANNER_DIR"; then
		rm -rf "$SCANNER_DIR"
		mv -T "$staging" "$SCANNER_DIR" 2>/dev/null || true
	fi
	rm -rf "$staging"
	scanner_works "$SCANNER_DIR" || { log "the scanner in $SCANNER_DIR does not load"; exit 1; }
fi

if [ $# -gt 0 ]; then
	tarball="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
	[ -f "$tarball" ] || { log "no tarball at $1"; exit 1; }
else
	log "building and packing the package"
	(cd "$ROOT" && npm run build >&2)
	tarball="$work/$(cd "$ROOT" && npm pack --ignore-scripts --json --pack-destination "$work" | node -e '
		let text = ""; process.stdin.on("data", (c) => (text += c)).on("end", () => console.log(JSON.parse(text)[0].filename));
	')"
fi

mkdir "$work/package"
tar -xzf "$tarball" -C "$work/package" --strip-components=1

node "$ROOT/scripts/scan-package.mjs" "$SCANNER_DIR" "$work/package" "$ROOT" "$(basename "$tarball")"
