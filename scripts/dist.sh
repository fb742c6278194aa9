#!/usr/bin/env bash
# Release builds (`make dist`): tableside for linux/amd64 and linux/arm64,
# tableside.exe for windows/amd64, a Debian package for each Linux one, and
# tableside for macOS on arm64 and amd64 (experimental: no Mac has run them),
# with SQLite compiled in through cgo by Debian's C cross compilers
# (scripts/dist-deps.sh installs them) and, for macOS, Zig (scripts/zig.sh). Each archive holds the binary, the
# README, LICENSE, every document the README links (and theirs in turn), the
# service samples, and SHA256SUMS (its files' checksums); dist/SHA256SUMS
# lists the archives and packages.
#
# Reproducible: dist/ is emptied first; the version, every file's time and
# the archives' times come from the commit (its time), so the same commit
# gives the same bytes (scripts/dist-check.sh builds twice and compares).
# --version reads the commit from the go command's build record.
#
# Usage: scripts/dist.sh [OS/ARCH ...]   (default: the five above)
# Environment: VERSION (a release's name when its tag is not on the commit;
# default: the tag, or the go command's pseudo-version), OUT (dist).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/docfiles.sh

out=${OUT:-dist}
# The commit's time stands in for every time in the archives.
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct HEAD 2>/dev/null || date +%s)}
export TZ=UTC LC_ALL=C
ldflags="-s -w${VERSION:+ -X main.version=$VERSION}"
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(linux/amd64 linux/arm64 windows/amd64 darwin/arm64 darwin/amd64)

# cc names the C compiler that builds SQLite for a target.
cc() {
	case $1 in
	linux/amd64) echo "${CC_LINUX_AMD64:-x86_64-linux-gnu-gcc}" ;;
	linux/arm64) echo "${CC_LINUX_ARM64:-aarch64-linux-gnu-gcc}" ;;
	windows/amd64) echo "${CC_WINDOWS_AMD64:-x86_64-w64-mingw32-gcc}" ;;
	darwin/arm64) echo "${CC_DARWIN_ARM64:-$zigdir/cc aarch64-macos.12.0}" ;;
	darwin/amd64) echo "${CC_DARWIN_AMD64:-$zigdir/cc x86_64-macos.12.0}" ;;
	*) echo "dist: no C compiler known for $1" >&2; return 1 ;;
	esac
}

# zigsetup installs Zig once (scripts/zig.sh: its folder holds the wrapper
# `cc` that makes Zig the C compiler for a darwin target) and writes there
# the stubs of the macOS frameworks that the Go toolchain in use links to
# (cmd/macstubs).
zigdir=""
zigsetup() {
	zigdir=$(scripts/zig.sh)
	go run ./cmd/macstubs -goroot "$(go env GOROOT)" -out "$zigdir/stubs" >/dev/null
}

# link: a Linux release is linked statically, so it runs on any Linux of
# its architecture (a Raspberry Pi's included) whatever its C library's
# version. cmd/tableside keeps it on Go's own DNS resolver. macOS and
# Windows link their system libraries. (It does not start measurably faster:
# docs/performance.md.)
link() { [ "$1" = linux ] && echo "-linkmode=external -extldflags '-static -Wl,--no-warnings'" || true; }

# settime gives every file and folder under a path the commit's time.
settime() { find "$1" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +; }

# tarball packs a folder of out: names sorted, owner root, the commit's
# time, gzip without its own time stamp. gzip's own level (6): -9 took 2.5
# times as long for archives 0.4 % smaller (the pictures in docs/ are JPEG).
tarball() {
	tar -C "$out" --owner=0 --group=0 --numeric-owner --sort=name --mtime="@$SOURCE_DATE_EPOCH" -cf - "$1" |
		gzip -n >"$out/$1.tar.gz"
}

# zipfile packs a folder of out with its names sorted and no extra fields
# (zip keeps the files' times, set to the commit's, in UTC here).
zipfile() { (cd "$out" && find "$1" | sort | zip -qX -@ "$1.zip"); }

rm -rf "$out"
mkdir -p "$out/bin"
case " ${targets[*]}" in *" darwin/"*) zigsetup ;; esac
built=()
for t in "${targets[@]}"; do
	os=${t%/*} arch=${t#*/}
	exe=tableside
	[ "$os" = windows ] && exe=tableside.exe
	echo "dist: building $t (CC=$(cc "$t"))"
	CGO_ENABLED=1 GOOS=$os GOARCH=$arch CC=$(cc "$t") \
		go build -buildvcs=true -trimpath -ldflags "$ldflags $(link "$os")" -o "$out/bin/${os}_$arch/$exe" ./cmd/tableside
	built+=("$out/bin/${os}_$arch/$exe")
done
# The version the binaries themselves report (the tag, or the commit's
# pseudo-version), unless VERSION names the release.
version=${VERSION:-$(go version -m "${built[0]}" | awk '$1 == "mod" { print $3 }')}
case $version in "" | "(devel)") version=dev ;; esac
commit=$(go version -m "${built[0]}" | sed -n 's/.*vcs.revision=\(.\{12\}\).*/\1/p')

# pack stages one target's binary with the documents, then archives it
# (and for Linux builds its Debian package). Each writes the names of what
# it made to a list of its own, so the targets pack side by side.
pack() {
	local os=${1%/*} arch=${1#*/} exe=tableside name stage
	[ "$os" = windows ] && exe=tableside.exe
	name="tableside_${version}_${os}_${arch}"
	# Built here with Zig and stubs of the frameworks; no Mac has run them yet.
	[ "$os" = darwin ] && name+="-experimental"
	stage="$out/$name"
	mkdir -p "$stage"
	mv "$out/bin/${os}_$arch/$exe" "$stage/$exe"
	docfiles | while read -r f; do mkdir -p "$stage/$(dirname "$f")" && cp "$f" "$stage/$f"; done
	(cd "$stage" && find . -type f ! -name SHA256SUMS | sed 's|^\./||' | sort | xargs sha256sum >SHA256SUMS)
	settime "$stage"
	if [ "$os" = windows ]; then
		zipfile "$name"
		echo "$name.zip" >"$out/.archives.${os}_$arch"
	else
		tarball "$name"
		echo "$name.tar.gz" >"$out/.archives.${os}_$arch"
	fi
	if [ "$os" = linux ]; then
		scripts/deb.sh "$stage" "$version" "$arch" "$out"
		ls "$out" | grep "_$arch.deb\$" >>"$out/.archives.${os}_$arch"
	fi
}

# Packing is compression, one process per archive: the targets pack at
# once, so both of a two-core machine's cores work. A target that fails
# fails the whole build.
pids=()
for t in "${targets[@]}"; do
	pack "$t" &
	pids+=($!)
done
for p in "${pids[@]}"; do
	wait "$p" || { echo "dist: packing failed (above)" >&2; exit 1; }
done
rm -rf "$out/bin"
(cd "$out" && cat .archives.* | sort | xargs sha256sum >SHA256SUMS && rm .archives.*)
echo "dist: $(wc -l <"$out/SHA256SUMS") files in $out/ (version $version, commit ${commit:-unknown})"
