#!/usr/bin/env bash
# Sourced by test-deps.sh and dist-deps.sh: install_missing WHO PACKAGE...
# installs Debian packages with apt-get, as root or through sudo, and says
# clearly what to do when neither is possible.
install_missing() {
	local who=$1
	shift
	[ $# -eq 0 ] && return 0
	echo "$who: installing $*"
	local sudo=""
	if [ "$(id -u)" -ne 0 ]; then
		if ! command -v sudo >/dev/null 2>&1; then
			echo "$who: $* missing and no root or sudo to install it; install it and run again" >&2
			return 1
		fi
		sudo="sudo"
	fi
	export DEBIAN_FRONTEND=noninteractive
	$sudo apt-get update -qq
	$sudo apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}
