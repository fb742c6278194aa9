#!/usr/bin/env bash
# `make dist-check`, after `make dist`: the release builds are reproducible
# (a second build into another folder gives the same SHA256SUMS), the
# Debian package installs, serves and goes (check-deb.sh), and the Windows
# binary runs under wine (check-wine.sh). Each step prints its time.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f dist/SHA256SUMS ] || { echo "dist-check: no dist/SHA256SUMS (run make dist first)" >&2; exit 1; }

again=$(mktemp -d /tmp/tableside-dist.XXXXXX)
trap 'rm -rf "$again"' EXIT
start=$SECONDS
OUT="$again" scripts/dist.sh >/dev/null
if ! diff dist/SHA256SUMS "$again/SHA256SUMS"; then
	echo "dist-check: FAIL: a second build of the same commit gave other bytes (above)" >&2
	exit 1
fi
echo "dist-check: a second build gave the same $(wc -l <dist/SHA256SUMS) checksums ($((SECONDS - start))s)"
rm -rf "$again"

start=$SECONDS
scripts/check-deb.sh
echo "dist-check: the Debian package passed ($((SECONDS - start))s)"
start=$SECONDS
scripts/check-wine.sh
echo "dist-check: the Windows binary passed ($((SECONDS - start))s)"
