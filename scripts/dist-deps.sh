#!/usr/bin/env bash
# Installs what `make dist` and `make dist-check` need from Debian's packages
# when it is missing: the C cross compilers that cgo uses for SQLite
# (aarch64 for a Raspberry Pi, MinGW-w64 for Windows), zip for the Windows
# archive, and wine to run the Windows binary. Needs root or sudo to install.
set -euo pipefail

need=()
command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 || need+=(gcc-aarch64-linux-gnu libc6-dev-arm64-cross)
command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 || need+=(gcc-mingw-w64-x86-64)
command -v zip >/dev/null 2>&1 || need+=(zip)
command -v wine >/dev/null 2>&1 && [ -e /usr/lib/wine/wine64 ] || need+=(wine wine64)
[ ${#need[@]} -eq 0 ] && exit 0

echo "dist-deps: installing ${need[*]}"
if [ "$(id -u)" -eq 0 ]; then
	sudo=""
elif command -v sudo >/dev/null 2>&1; then
	sudo="sudo"
else
	echo "dist-deps: ${need[*]} missing and no root or sudo to install it; install it and run again" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
