# Sourced by check-wine.sh (with its work, exe, step and fail): what a
# failing tableside.exe does with its console window (main.go, ownConsole).
#
# Wine gives a program started on a terminal a console of its own, with it
# the only process attached: what Windows gives a double-clicked exe. tmux
# (on a socket of this check's own) is that terminal here, so the check
# reads the window and presses Enter as a person would. From `cmd /c` the
# console is shared with cmd; with no terminal (output to files, as under
# Task Scheduler or a service) there is none. Not modelled: Explorer's
# double-click itself, and Windows' console host (conhost) drawing a window.

tmuxs() { tmux -S "$work/tmux.sock" "$@"; }
# pane waits until the console's text matches a pattern (at most $2 seconds).
pane() {
	local until=$((SECONDS + $2))
	while [ $SECONDS -lt $until ]; do
		tmuxs capture-pane -p -t "$session" 2>/dev/null | grep -q "$1" && return 0
		sleep 0.5
	done
	return 1
}
# failing starts tableside.exe with a flag it does not know, on a terminal,
# and writes its exit status to $work/$1.rc when it ends.
failing() {
	session=$1
	rm -f "$work/$1.rc"
	tmuxs new-session -d -s "$1" -x 160 -y 40 \
		"$2 $(printf %q "$exe") serve --no-such-flag; echo \$? >$(printf %q "$work/$1.rc"); sleep 600"
}
exited() { # exited NAME SECONDS: the status once the program has ended
	local until=$((SECONDS + $2))
	while [ $SECONDS -lt $until ]; do
		[ -s "$work/$1.rc" ] && { cat "$work/$1.rc"; return 0; }
		sleep 0.5
	done
	return 1
}

command -v tmux >/dev/null || fail "tmux is missing (scripts/dist-deps.sh installs it)"
prompt="Press Enter to close this window."

failing own wine
pane "flag provided but not defined: -no-such-flag" 120 || fail "a failing start in its own console printed no error"
pane "$prompt" 10 || fail "a failing start in its own console did not ask for Enter"
sleep 3
[ ! -s "$work/own.rc" ] || fail "a failing start in its own console closed without waiting for Enter"
tmuxs send-keys -t own Enter
rc=$(exited own 30) || fail "Enter did not close a failing start's console"
[ "$rc" = 2 ] || fail "a failing start exited $rc after Enter, not 2 (a usage error)"
step "a failing start in a console of its own waited for Enter, then exited 2"

failing shared "wine cmd /c"
rc=$(exited shared 120) || fail "a failing start from cmd /c waited (for Enter?)"
[ "$rc" = 2 ] || fail "a failing start from cmd /c exited $rc, not 2"
! tmuxs capture-pane -p -t shared | grep -q "$prompt" || fail "a failing start from cmd /c asked for Enter"
step "a failing start from cmd /c (a shared console) exited 2 at once"

rc=0
timeout 120 wine "$exe" serve --no-such-flag </dev/null >"$work/none.log" 2>&1 || rc=$?
[ "$rc" = 2 ] || fail "a failing start with no console exited $rc, not 2 (124: it waited)"
! grep -q "$prompt" "$work/none.log" || fail "a failing start with no console asked for Enter"
step "a failing start with no console exited 2 at once"
tmuxs kill-server 2>/dev/null || true
