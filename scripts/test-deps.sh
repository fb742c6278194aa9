#!/usr/bin/env bash
# Installs what the tests need from Debian's packages when it is missing:
# chromium (browser tests), poppler-utils (pdftotext/pdftoppm read PDFs back),
# a TrueType font for the PDFs, and PostgreSQL (the league hub's tests start a
# throw-away cluster with its initdb and pg_ctl). Needs root or sudo to install.
set -euo pipefail

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v pdftotext >/dev/null 2>&1 && command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1 || need+=(postgresql)
[ ${#need[@]} -eq 0 ] && exit 0

echo "test-deps: installing ${need[*]}"
if [ "$(id -u)" -eq 0 ]; then
	sudo=""
elif command -v sudo >/dev/null 2>&1; then
	sudo="sudo"
else
	echo "test-deps: ${need[*]} missing and no root or sudo to install it; install it and run again" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
