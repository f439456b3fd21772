#!/usr/bin/env bash
# Installs the browser the editor check drives: Debian's chromium, once (playwright-core, a
# devDependency, drives it; Playwright's own browser downloads are never used). Idempotent: does
# nothing when /usr/bin/chromium is there. Prints the browser's path.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

log() { printf '[install-browser] %s\n' "$*" >&2; }

if [ ! -x "$CHROMIUM" ]; then
	log "installing Debian's chromium (once)"
	sudo_if_needed=()
	[ "$(id -u)" -eq 0 ] || sudo_if_needed=(sudo)
	"${sudo_if_needed[@]}" apt-get update >&2
	DEBIAN_FRONTEND=noninteractive "${sudo_if_needed[@]}" apt-get install -y --no-install-recommends chromium fonts-dejavu-core >&2
fi

if ! "$CHROMIUM" --version >/dev/null 2>&1; then
	log "$CHROMIUM is installed but does not start"
	exit 1
fi
echo "$CHROMIUM"
