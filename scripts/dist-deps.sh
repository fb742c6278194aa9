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
. "$(dirname "$0")/apt-install.sh"
install_missing dist-deps ${need[@]+"${need[@]}"}
