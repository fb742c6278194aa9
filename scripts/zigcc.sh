#!/usr/bin/env bash
# Zig as the C compiler and linker for a macOS build (scripts/zig.sh
# installs it with this file as `cc` beside it): CC="DIR/cc TARGET", where
# TARGET is Zig's aarch64-macos.12.0 or x86_64-macos.12.0 (Go's own
# minimum, macOS 12). Go's linker passes Apple's flags; Zig is told the
# target instead of `-arch`, and is not given ld64's -x (strip local
# symbols), which its linker does not take. CoreFoundation, Security and
# libresolv are linked against the stubs in DIR/stubs (cmd/macstubs);
# libSystem's stub and the C headers come with Zig.
set -euo pipefail
dir=$(dirname "$0")
target=$1
shift
args=()
while [ $# -gt 0 ]; do
	case $1 in
	-arch) shift ;;
	-Wl,-x) ;;
	*) args+=("$1") ;;
	esac
	shift
done
exec "$dir/zig/zig" cc -target "$target" -F"$dir/stubs/Frameworks" -L"$dir/stubs/lib" ${args[@]+"${args[@]}"}
