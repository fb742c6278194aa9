#!/usr/bin/env bash
# Installs the amd64 Debian package of dist/ on this machine and takes it
# away again (dist-check.sh): dpkg -i makes the tableside user and its
# private /var/lib/tableside; the unit's own ExecStart command line, run as
# that user (systemd may be absent, as in CI), answers /healthz and keeps
# its database there; dpkg -r removes the binary and keeps the data; dpkg -P
# removes the data and the user. Needs root; refuses to touch a tableside
# package that was installed before it.
#
# Usage: scripts/check-deb.sh [PATH/TO/tableside_..._amd64.deb]
set -euo pipefail
cd "$(dirname "$0")/.."

deb=${1:-$(ls -1 dist/tableside_*_linux_amd64.deb 2>/dev/null | head -1 || true)}
[ -n "$deb" ] && [ -f "$deb" ] || { echo "check-deb: no amd64 .deb (run make dist first)" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || { echo "check-deb: installing a package needs root" >&2; exit 1; }
if dpkg-query -W -f='${Status}' tableside 2>/dev/null | grep -q installed; then
	echo "check-deb: a tableside package is installed here already; not touching it" >&2
	exit 1
fi

pid=""
log=$(mktemp /tmp/tableside-deb.XXXXXX)
cleanup() {
	[ -n "$pid" ] && kill "$pid" 2>/dev/null || true
	dpkg -P tableside >/dev/null 2>&1 || true
	rm -f "$log"
}
trap cleanup EXIT
fail() { echo "check-deb: FAIL: $1" >&2; echo "--- output:" >&2; cat "$log" >&2; exit 1; }
step() { echo "check-deb: $1"; }

unit=/usr/lib/systemd/system/tableside.service
dpkg -i "$deb" >"$log" 2>&1 || fail "dpkg -i $deb"
step "installed $(dpkg-query -W -f='${Package} ${Version} ${Architecture}' tableside)"
id tableside >/dev/null 2>&1 || fail "no tableside user after dpkg -i"
[ "$(stat -c '%U %a' /var/lib/tableside)" = "tableside 700" ] || fail "/var/lib/tableside is $(stat -c '%U %a' /var/lib/tableside), not tableside 700"
[ -f "$unit" ] || fail "no $unit"
/usr/bin/tableside --version | grep -q '^tableside ' || fail "/usr/bin/tableside --version"
if command -v systemd-analyze >/dev/null && systemd-analyze --version >/dev/null 2>&1; then
	systemd-analyze verify "$unit" >"$log" 2>&1 || fail "systemd-analyze verify $unit"
	step "systemd-analyze verify: the unit is sound"
fi

# The service as systemd would start it, but as a plain child: its user,
# its Environment, its ExecStart; only the port is a free one.
exec_start=$(sed -n 's/^ExecStart=//p' "$unit")
user=$(sed -n 's/^User=//p' "$unit")
port=$((20000 + RANDOM % 40000))
env_args=()
while read -r e; do env_args+=("$e"); done < <(sed -n 's/^Environment=//p' "$unit")
# shellcheck disable=SC2086 # the command line is split as systemd splits it (no quotes in it)
setpriv --reuid="$user" --regid="$user" --init-groups --reset-env \
	env "${env_args[@]}" TABLESIDE_ADDR="127.0.0.1:$port" $exec_start >"$log" 2>&1 &
pid=$!
ok=""
for _ in $(seq 1 120); do
	kill -0 "$pid" 2>/dev/null || fail "the service's command line exited"
	if curl -fsS --max-time 2 "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then ok=1; break; fi
	sleep 0.5
done
[ -n "$ok" ] || fail "no answer from /healthz in a minute"
step "ExecStart as $user answers /healthz on port $port"
[ "$(stat -c '%U %a' /var/lib/tableside/tableside.db)" = "tableside 600" ] ||
	fail "the database is $(stat -c '%U %a' /var/lib/tableside/tableside.db 2>&1), not tableside 600"
kill -INT "$pid"
wait "$pid" || true
pid=""

dpkg -r tableside >"$log" 2>&1 || fail "dpkg -r"
[ ! -e /usr/bin/tableside ] || fail "/usr/bin/tableside is still there after dpkg -r"
[ -f /var/lib/tableside/tableside.db ] || fail "dpkg -r took the data with it"
step "removed: the binary is gone, the data kept"
dpkg -P tableside >"$log" 2>&1 || fail "dpkg -P"
[ ! -e /var/lib/tableside ] || fail "/var/lib/tableside is still there after dpkg -P"
! id tableside >/dev/null 2>&1 || fail "the tableside user is still there after dpkg -P"
step "purged: the data and the user are gone"
