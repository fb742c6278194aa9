#!/usr/bin/env bash
# The arm64 Debian package of dist/, checked on an amd64 machine without
# installing it (dist-check.sh): its control fields, its files and its
# maintainer scripts and unit must be those of the amd64 package (which
# check-deb.sh installs, runs and purges) but for the architecture, the
# md5sums must match, and its /usr/bin/tableside, run under qemu-user,
# must answer --version as the amd64 one does and serve /healthz.
# Not done: dpkg -i --force-architecture (it would put an arm64 binary in
# this machine's /usr/bin and run its service scripts around it).
#
# Usage: scripts/check-deb-arm64.sh
set -euo pipefail
cd "$(dirname "$0")/.."

arm=$(ls -1 dist/tableside_*_linux_arm64.deb 2>/dev/null | head -1 || true)
amd=$(ls -1 dist/tableside_*_linux_amd64.deb 2>/dev/null | head -1 || true)
[ -n "$arm" ] && [ -n "$amd" ] || { echo "check-deb-arm64: no .deb pair in dist/ (run make dist first)" >&2; exit 1; }
command -v qemu-aarch64 >/dev/null || { echo "check-deb-arm64: qemu-aarch64 is missing (scripts/dist-deps.sh installs qemu-user)" >&2; exit 1; }

work=$(mktemp -d /tmp/tableside-deb-arm64.XXXXXX)
pid=""
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
fail() { echo "check-deb-arm64: FAIL: $1" >&2; exit 1; }
step() { echo "check-deb-arm64: $1"; }

[ "$(dpkg-deb -f "$arm" Architecture)" = arm64 ] || fail "Architecture is $(dpkg-deb -f "$arm" Architecture), not arm64"
for f in Package Version Depends Section Maintainer Description; do
	[ "$(dpkg-deb -f "$arm" "$f")" = "$(dpkg-deb -f "$amd" "$f")" ] || fail "its $f differs from the amd64 package's"
done
step "control: $(dpkg-deb -f "$arm" Package Version Architecture Depends | tr '\n' ' ')"

# The same files (names, modes, owners), the binary apart.
listing() { dpkg-deb -c "$1" | awk '{ print $1, $2, $6 }' | sort; }
diff <(listing "$amd" | grep -v ' ./usr/bin/tableside$') <(listing "$arm" | grep -v ' ./usr/bin/tableside$') ||
	fail "its files differ from the amd64 package's (above)"
listing "$arm" | grep -q '^-rwxr-xr-x root/root ./usr/bin/tableside$' || fail "no root-owned executable /usr/bin/tableside"
step "files: the amd64 package's $(listing "$arm" | grep -c '^-') files, /usr/bin/tableside 0755 root"

for d in amd arm; do
	dpkg-deb -R "${!d}" "$work/$d"
done
for f in DEBIAN/postinst DEBIAN/prerm DEBIAN/postrm usr/lib/systemd/system/tableside.service; do
	cmp -s "$work/amd/$f" "$work/arm/$f" || fail "$f differs from the amd64 package's"
done
(cd "$work/arm" && md5sum --quiet -c DEBIAN/md5sums) || fail "md5sums do not match its files"
step "postinst, prerm, postrm and the unit are the amd64 package's; md5sums match"

bin="$work/arm/usr/bin/tableside"
want=$("$work/amd/usr/bin/tableside" --version)
got=$(timeout 60 qemu-aarch64 "$bin" --version) || fail "--version under qemu-aarch64"
[ "$got" = "$want" ] || fail "--version under qemu says '$got', the amd64 binary '$want'"
step "under qemu-aarch64: $got"
port=$((20000 + RANDOM % 40000))
qemu-aarch64 "$bin" serve --addr "127.0.0.1:$port" --db "$work/t.db" >"$work/serve.log" 2>&1 &
pid=$!
for _ in $(seq 1 120); do
	kill -0 "$pid" 2>/dev/null || { cat "$work/serve.log" >&2; fail "serve under qemu exited"; }
	curl -fsS --max-time 2 "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
	sleep 0.5
done
curl -fsS --max-time 2 "http://127.0.0.1:$port/healthz" >/dev/null || fail "no /healthz under qemu in a minute"
kill -INT "$pid"
wait "$pid" || true
pid=""
step "under qemu-aarch64: serves /healthz"
