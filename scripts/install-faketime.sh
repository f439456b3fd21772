#!/usr/bin/env bash
# Installs Debian's libfaketime, which the end-to-end suites preload into n8n to move its clock
# (a webhook retry comes an hour after the delivery it repeats). Idempotent: does nothing when the
# library is present. Prints the library's path on its last line.
set -euo pipefail

library() {
	ls /usr/lib/*/faketime/libfaketime.so.1 2>/dev/null | head -n 1
}

if [ -z "$(library)" ]; then
	echo "[install-faketime] installing faketime" >&2
	sudo_cmd=()
	[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
	export DEBIAN_FRONTEND=noninteractive
	"${sudo_cmd[@]}" apt-get update -qq >&2
	"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends faketime >&2
fi

[ -n "$(library)" ] || { echo "[install-faketime] no libfaketime after install" >&2; exit 1; }
library
