#!/usr/bin/env bash
# Installs what the tests need from Debian's packages when it is missing:
# Chromium's headless shell (browser tests), poppler-utils (pdftotext/pdftoppm read PDFs back),
# a TrueType font for the PDFs, and PostgreSQL (the league hub's tests start a
# throw-away cluster with its initdb and pg_ctl). Needs root or sudo to install.
set -euo pipefail

need=()
[ -x /usr/lib/chromium/chromium-headless-shell ] || need+=(chromium-headless-shell)
command -v pdftotext >/dev/null 2>&1 && command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1 || need+=(postgresql)
. "$(dirname "$0")/apt-install.sh"
install_missing test-deps ${need[@]+"${need[@]}"}
