#!/usr/bin/env bash
# Installs what n8n's queue mode needs beside n8n itself: Postgres (its database) and Redis (its
# job queue), from Debian's packages. Idempotent: does nothing when both servers are present.
# Only the binaries are used: scripts/queue-stack.ts runs each server from a data folder of its
# own, on a free loopback port, and stops it with the stack (whatever system-wide server the
# packages may have started is left alone).
set -euo pipefail

postgres_bin() {
	ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

missing=()
[ -x "$(postgres_bin)/postgres" ] || missing+=(postgresql)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)

if [ ${#missing[@]} -gt 0 ]; then
	echo "[install-queue-deps] installing ${missing[*]}" >&2
	sudo_cmd=()
	[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
	export DEBIAN_FRONTEND=noninteractive
	"${sudo_cmd[@]}" apt-get update -qq >&2
	"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

bin=$(postgres_bin)
[ -x "$bin/postgres" ] || { echo "[install-queue-deps] no postgres binary after install" >&2; exit 1; }
command -v redis-server >/dev/null 2>&1 || { echo "[install-queue-deps] no redis-server after install" >&2; exit 1; }
# The caller reads the Postgres binaries' folder and the Redis server from the last two lines.
echo "$bin"
command -v redis-server
