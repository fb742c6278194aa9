#!/usr/bin/env bash
# Builds tableside_VERSION_ARCH.deb with Debian's dpkg-deb from a staged
# Linux release (dist.sh): the binary in /usr/bin, the system unit
# (scripts/deb/tableside.service: its own user, hardening, data in
# /var/lib/tableside), the docs in /usr/share/doc/tableside, and the
# postinst/prerm/postrm maintainer scripts. Times are SOURCE_DATE_EPOCH's.
#
# Usage: scripts/deb.sh STAGE VERSION ARCH OUT
set -euo pipefail
cd "$(dirname "$0")/.."
stage=$1 version=$2 arch=$3 out=$4

# Debian's version: the tag without its v; a pseudo-version
# v0.0.0-20261127041826-8217623433dc becomes 0.0.0~git20261127041826.8217623433dc
# (sorts before 0.0.0 and after every earlier commit).
debversion() {
	local v=${1#v}
	case $v in
	*-[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]-*)
		local base=${v%%-*} rest=${v#*-}
		echo "$base~git${rest%%-*}.${rest#*-}" ;;
	[0-9]*) echo "${v//-/\~}" ;;
	*) echo "0.0.0~$v" ;;
	esac
}

root=$(mktemp -d "$out/deb.XXXXXX")
trap 'rm -rf "$root"' EXIT
chmod 0755 "$root"
install -D -m 0755 "$stage/tableside" "$root/usr/bin/tableside"
install -D -m 0644 scripts/deb/tableside.service "$root/usr/lib/systemd/system/tableside.service"
doc="$root/usr/share/doc/tableside"
(cd "$stage" && find . -type f ! -name tableside ! -name SHA256SUMS | sort) | while read -r f; do
	install -D -m 0644 "$stage/$f" "$doc/$f"
done
mv "$doc/LICENSE" "$doc/copyright"
mkdir -p "$root/DEBIAN"
install -m 0755 scripts/deb/postinst scripts/deb/prerm scripts/deb/postrm "$root/DEBIAN/"
cat >"$root/DEBIAN/control" <<CONTROL
Package: tableside
Version: $(debversion "$version")
Architecture: $arch
Maintainer: The Tableside authors <tableside@localhost>
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: adduser
Section: games
Priority: optional
Description: companion for a physical game table
 One laptop or Raspberry Pi runs it; every player's phone joins by scanning
 a QR code. The banker and board keeper for Cold Cash Risk, an exact
 battle-odds calculator, a print shop and the table's score log. Runs as
 the "tableside" service on port 8080 with its data in /var/lib/tableside.
CONTROL
(cd "$root" && find . -type f ! -path './DEBIAN/*' | sed 's|^\./||' | sort | xargs md5sum >DEBIAN/md5sums)
find "$root" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
deb="$out/tableside_${version}_linux_$arch.deb"
dpkg-deb --root-owner-group -Zgzip -z6 --build "$root" "$deb" >/dev/null
echo "dist: $(basename "$deb")"
