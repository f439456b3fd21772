#!/usr/bin/env bash
# Installs n8n's own HTTP Request, Loop Over Items and Split Out nodes (package n8n-nodes-base) into
# a cache folder outside the repository, once, for the benchmarks' baseline: what a user would build
# instead of this package's node, run in the same n8n-core engine. Prints the cache folder.
#
# Why not a devDependency: n8n-nodes-base depends on about 90 packages (database drivers, Kafka,
# PDF and office libraries) that every `npm ci` would then install. These nodes need only n8n-core's
# own dependencies (already in the project: n8n-workflow, lodash, form-data, @n8n/utils) plus four
# that the HTTP Request node's shared helpers import. So the package is unpacked from its tarball
# (about 12 MB) without its dependencies, and those four are installed beside it at the versions
# n8n-nodes-base pins. The version is the project's n8n-core version: they are released together.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
VERSION="${N8N_NODES_BASE_VERSION:-$(node -p 'require(process.argv[1]).devDependencies["n8n-core"]' "$ROOT/package.json")}"
CACHE_ROOT="${POD_BENCH_CACHE:-$HOME/.cache/n8n-nodes-pod-platform}"
DIR="$CACHE_ROOT/n8n-nodes-base-$VERSION"
# Imported by the HTTP Request node's helpers and absent from the project's dependency tree.
MISSING=(cheerio html-to-text jsdom @mozilla/readability)

log() { printf '[install-http-request-node] %s\n' "$*" >&2; }

# Started from `npm run bench`, this script inherits the project's ignore-scripts=true through npm's
# environment; the install below sets it itself.
unset npm_config_ignore_scripts NPM_CONFIG_IGNORE_SCRIPTS

if [ ! -f "$DIR/.complete" ]; then
	log "installing n8n-nodes-base $VERSION (without its dependencies) into $DIR (once)"
	mkdir -p "$CACHE_ROOT"
	# Built beside the final folder and moved into place when complete, so that a run that stops
	# half-way, or two runs at once, never leave a broken folder behind.
	staging="$(mktemp -d "$CACHE_ROOT/.n8n-nodes-base-install.XXXXXX")"
	trap 'rm -rf "$staging"' EXIT
	(cd "$staging" && npm pack --silent --ignore-scripts "n8n-nodes-base@$VERSION" >/dev/null)
	mkdir -p "$staging/node_modules/n8n-nodes-base"
	tar -xzf "$staging"/n8n-nodes-base-*.tgz -C "$staging/node_modules/n8n-nodes-base" --strip-components=1
	rm "$staging"/n8n-nodes-base-*.tgz
	specs=()
	for name in "${MISSING[@]}"; do
		range="$(node -p 'require(process.argv[1]).dependencies[process.argv[2]]' \
			"$staging/node_modules/n8n-nodes-base/package.json" "$name")"
		specs+=("$name@$range")
	done
	echo '{"name":"pod-platform-bench-baseline","private":true}' >"$staging/package.json"
	# npm would prune the unpacked package, which no package.json lists: install beside it first.
	mv "$staging/node_modules/n8n-nodes-base" "$staging/n8n-nodes-base"
	(cd "$staging" && npm install --no-audit --no-fund --ignore-scripts --no-package-lock "${specs[@]}" >&2)
	mv "$staging/n8n-nodes-base" "$staging/node_modules/n8n-nodes-base"
	touch "$staging/.complete"
	if [ ! -f "$DIR/.complete" ]; then
		rm -rf "$DIR"
		mv -T "$staging" "$DIR" 2>/dev/null || true
	fi
	[ -f "$DIR/.complete" ] || { log "could not move the install into $DIR"; exit 1; }
fi
echo "$DIR"
