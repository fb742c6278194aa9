#!/usr/bin/env bash
# Installs what `make dist` and `make dist-check` need from Debian's packages
# when it is missing: the C cross compilers that cgo uses for SQLite
# (aarch64 for a Raspberry Pi, MinGW-w64 for Windows), zip for the Windows
# archive, wine and tmux to run the Windows binary, qemu-user to run the
# arm64 one, and npm to fetch Zig (scripts/zig.sh) for the macOS builds.
# Needs root or sudo to install.
set -euo pipefail

need=()
command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 || need+=(gcc-aarch64-linux-gnu libc6-dev-arm64-cross)
command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 || need+=(gcc-mingw-w64-x86-64)
command -v zip >/dev/null 2>&1 || need+=(zip)
command -v wine >/dev/null 2>&1 && [ -e /usr/lib/wine/wine64 ] || need+=(wine wine64)
command -v tmux >/dev/null 2>&1 || need+=(tmux)                 # a console for the wine check
command -v qemu-aarch64 >/dev/null 2>&1 || need+=(qemu-user)    # the arm64 binary, run on amd64
command -v npm >/dev/null 2>&1 || need+=(npm)                   # Zig, for the macOS builds
. "$(dirname "$0")/apt-install.sh"
install_missing dist-deps ${need[@]+"${need[@]}"}
