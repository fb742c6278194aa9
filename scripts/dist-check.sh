#!/usr/bin/env bash
# `make dist-check`, after `make dist`: the release builds are reproducible
# (a second build into another folder gives the same SHA256SUMS), the
# Debian package installs, serves and goes (check-deb.sh), the arm64 one
# holds what the amd64 one does and its binary runs under qemu
# (check-deb-arm64.sh), the macOS binaries are sound Mach-O executables
# (cmd/maccheck), and the Windows binary runs under wine (check-wine.sh).
# Each step prints its time.
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
scripts/check-deb-arm64.sh
echo "dist-check: the arm64 Debian package passed ($((SECONDS - start))s)"
start=$SECONDS
go run ./cmd/maccheck dist/tableside_*_darwin_arm64-experimental.tar.gz dist/tableside_*_darwin_amd64-experimental.tar.gz
echo "dist-check: the macOS archives passed ($((SECONDS - start))s)"
start=$SECONDS
scripts/check-wine.sh
echo "dist-check: the Windows binary passed ($((SECONDS - start))s)"
