#!/usr/bin/env bash
# Runs the Windows release binary under wine (dist-check.sh): it must
# start, answer /healthz, create a game, take a command, show it, and stop.
# Bounded in time: wine's first start in a new prefix takes a while, so the
# prefix is made first (wineboot, up to 5 minutes; once per wine version,
# kept in the cache), then the server has 2 minutes to answer. A fresh
# temporary WINEPREFIX each run (a copy of the kept one), removed at the end.
# Then a failing start: in a console of its own it waits for Enter, from a
# shared console or with none it exits at once (check-wine-console.sh).
#
# Usage: scripts/check-wine.sh [PATH/TO/tableside.exe]   (default: the one in dist/)
set -euo pipefail
cd "$(dirname "$0")/.."

exe=${1:-$(ls -1t dist/tableside_*_windows_amd64/tableside.exe 2>/dev/null | head -1 || true)}
[ -n "$exe" ] && [ -f "$exe" ] || { echo "dist-check: no Windows binary (run make dist first)" >&2; exit 1; }
command -v wine >/dev/null || { echo "dist-check: wine is missing (scripts/dist-deps.sh installs it)" >&2; exit 1; }

work=$(mktemp -d /tmp/tableside-wine.XXXXXX)
export WINEPREFIX="$work/prefix" WINEDEBUG=-all WINEARCH=win64
# No Mono or Gecko installer dialogs: Tableside needs neither. Go's runtime
# needs Windows 10's bcryptprimitives.dll, which wine 8.0 lacks: a stand-in
# (scripts/wine/bcryptprimitives.c) goes into the prefix's system32.
export WINEDLLOVERRIDES="mscoree,mshtml=;bcryptprimitives=n,b"
pid=""
cleanup() {
	[ -n "$pid" ] && kill "$pid" 2>/dev/null || true
	tmux -S "$work/tmux.sock" kill-server 2>/dev/null || true
	timeout 30 wineserver -k 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT

step() { printf 'dist-check: %s (%ds)\n' "$1" "$SECONDS"; }
fail() { echo "dist-check: FAIL: $1" >&2; echo "--- server output:" >&2; cat "$work/serve.log" >&2 2>/dev/null || true; exit 1; }

# A new prefix (wineboot) takes 12 s here, a copy of one 0.6 s: a pristine
# prefix is made once per wine version, kept with the other build caches,
# and each run starts from a fresh copy of it.
kept=${XDG_CACHE_HOME:-$HOME/.cache}/tableside/wine-prefix-$(wine --version | tr -c 'A-Za-z0-9.\n-' _)
if [ ! -d "$kept" ]; then
	step "making a wine prefix, kept as $kept"
	mkdir -p "$(dirname "$kept")"
	fresh=$(mktemp -d "$kept.XXXXXX")
	WINEPREFIX=$fresh timeout 300 wineboot --init >"$work/wineboot.log" 2>&1 || { rm -rf "$fresh"; fail "wineboot did not finish in 5 minutes"; }
	WINEPREFIX=$fresh timeout 60 wineserver -w || true
	mv -T "$fresh" "$kept" 2>/dev/null || rm -rf "$fresh" # another run kept one meanwhile
fi
step "copying the kept wine prefix"
cp -a "$kept" "$WINEPREFIX"
x86_64-w64-mingw32-gcc -O2 -shared -o "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" \
	scripts/wine/bcryptprimitives.c -ladvapi32 || fail "building the bcryptprimitives.dll stand-in"

version=$(timeout 120 wine "$exe" --version | tr -d '\r') || fail "tableside.exe --version did not run"
case $version in "tableside "*) step "$version" ;; *) fail "--version said: $version" ;; esac
port=$(( 20000 + RANDOM % 40000 ))
url="http://127.0.0.1:$port"
cp "$exe" "$work/tableside.exe"
db='Z:'$(printf '%s' "$work/tableside.db" | tr / '\\')
wine "$work/tableside.exe" serve --addr "127.0.0.1:$port" --db "$db" >"$work/serve.log" 2>&1 &
pid=$!

step "waiting for $url/healthz"
ok=""
deadline=$((SECONDS + 120))
while [ $SECONDS -lt $deadline ]; do
	kill -0 "$pid" 2>/dev/null || fail "the server exited before answering"
	if curl -fsS --max-time 2 "$url/healthz" >"$work/healthz" 2>/dev/null; then ok=1; break; fi
	sleep 0.5
done
[ -n "$ok" ] || fail "no answer from /healthz in 2 minutes"
step "healthz: $(head -c 200 "$work/healthz")"

json=(-fsS --max-time 20 -H 'Accept: application/json' -H 'Content-Type: application/json')
created=$(curl "${json[@]}" -X POST "$url/games" -d '{"kind":"scorepad","name":"Wine check","players":["Ana","Ben"]}') ||
	fail "creating a game"
id=$(printf '%s' "$created" | grep -o '^{"id":[0-9]*' | cut -d: -f2)
[ -n "$id" ] || fail "no game id in $created"
curl "${json[@]}" -X POST "$url/games/$id/commands" -d '{"type":"score","data":{"seat":1,"points":7},"idem":"wine-1"}' >/dev/null ||
	fail "a command in game $id"
view=$(curl "${json[@]}" "$url/games/$id/view") || fail "the view of game $id"
printf '%s' "$view" | grep -q '"seq":1' || fail "game $id's view does not show the command: ${view:0:300}"
step "game $id created, scored and read back"

# Stopped as a service manager would; wine's own shutdown if that is ignored.
stopped() { for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.5; done; return 1; }
kill "$pid"
if ! stopped; then
	step "no stop after SIGTERM: wineserver -k"
	timeout 30 wineserver -k || true
	stopped || fail "the server did not stop"
fi
pid=""
curl -fsS --max-time 2 "$url/healthz" >/dev/null 2>&1 && fail "something still answers on $url after the stop"
step "stopped"

. scripts/check-wine-console.sh
