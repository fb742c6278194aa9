#!/usr/bin/env bash
# Release builds (`make dist`): tableside for linux/amd64 and linux/arm64 and
# tableside.exe for windows/amd64, each with SQLite compiled in through cgo by
# Debian's C cross compilers (scripts/dist-deps.sh installs them). Each
# archive holds the binary, README.md, LICENSE and SHA256SUMS (the binary's
# checksum); dist/SHA256SUMS lists the archives'. The version, commit and
# build date are stamped in with -ldflags -X (`tableside --version`).
#
# Usage: scripts/dist.sh [OS/ARCH ...]   (default: the three above; on a Mac,
# `make dist-mac` runs it for darwin/arm64 and darwin/amd64 with Xcode's clang)
# Environment: VERSION (default: the git tag, or v0.0.0-DATE-COMMIT), OUT (dist).
set -euo pipefail
cd "$(dirname "$0")/.."

out=${OUT:-dist}
commit=$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
date=$(date -u +%Y-%m-%dT%H:%M:%SZ)
version=${VERSION:-$(git describe --tags --exact-match 2>/dev/null || echo "v0.0.0-$(date -u +%Y%m%d%H%M%S)-$commit")}
ldflags="-s -w -X main.version=$version -X main.commit=$commit -X main.date=$date"
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(linux/amd64 linux/arm64 windows/amd64)

# cc names the C compiler that builds SQLite for a target.
cc() {
	case $1 in
	linux/amd64) echo "${CC_LINUX_AMD64:-x86_64-linux-gnu-gcc}" ;;
	linux/arm64) echo "${CC_LINUX_ARM64:-aarch64-linux-gnu-gcc}" ;;
	windows/amd64) echo "${CC_WINDOWS_AMD64:-x86_64-w64-mingw32-gcc}" ;;
	darwin/*) echo "${CC_DARWIN:-clang}" ;; # on a Mac only: Xcode's clang builds both
	*) echo "dist: no C compiler known for $1" >&2; return 1 ;;
	esac
}

# link: a Linux build is linked statically, as `make build` does (see the
# Makefile): it then runs on any Linux of its architecture whatever its C
# library, and starts without a dynamic loader. cmd/tableside keeps it on
# Go's own DNS resolver. macOS and Windows link their system libraries.
link() { [ "$1" = linux ] && echo "-linkmode=external -extldflags '-static -Wl,--no-warnings'" || true; }

# sha256 prints the checksums of files as sha256sum does (macOS has shasum).
sha256() { if command -v sha256sum >/dev/null; then sha256sum "$@"; else shasum -a 256 "$@"; fi; }

# tarball packs a directory of out, with GNU tar's reproducible options
# where it is GNU tar (macOS's bsdtar lacks them).
tarball() {
	local opts=()
	tar --version 2>/dev/null | grep -q GNU && opts=(--owner=0 --group=0 --numeric-owner --sort=name)
	tar -C "$out" "${opts[@]+"${opts[@]}"}" -czf "$out/$1.tar.gz" "$1"
}

mkdir -p "$out"
rm -f "$out/SHA256SUMS"
for t in "${targets[@]}"; do
	os=${t%/*} arch=${t#*/}
	exe=tableside
	[ "$os" = windows ] && exe=tableside.exe
	name="tableside_${version}_${os}_${arch}"
	stage="$out/$name"
	rm -rf "$stage"
	mkdir -p "$stage"
	echo "dist: $name (CC=$(cc "$t"))"
	CGO_ENABLED=1 GOOS=$os GOARCH=$arch CC=$(cc "$t") \
		go build -trimpath -ldflags "$ldflags $(link "$os")" -o "$stage/$exe" ./cmd/tableside
	cp README.md LICENSE "$stage/"
	(cd "$stage" && sha256 "$exe" >SHA256SUMS)
	if [ "$os" = windows ]; then
		(cd "$out" && rm -f "$name.zip" && zip -qrX "$name.zip" "$name")
		archive="$name.zip"
	else
		tarball "$name"
		archive="$name.tar.gz"
	fi
	(cd "$out" && sha256 "$archive" >>SHA256SUMS)
done
echo "dist: $(cd "$out" && ls -1 ./*.tar.gz ./*.zip 2>/dev/null | wc -l) archives in $out/ (version $version, commit $commit)"
