#!/bin/sh
# test-polls.sh: every browser test's chromedp.Poll becomes testenv.Poll,
# which asks every 25 ms instead of on every animation frame (a frame-driven
# poll keeps the page drawing frames while the test waits; see
# docs/performance.md, round 9). Run it from the repository's root after a
# merge brings new tests. A test file of an external test package that does
# not import testenv yet gets the import; a file of an internal one (which
# cannot import testenv) is named and left.
set -eu
for f in $(grep -rl --include='*_test.go' 'chromedp\.Poll(' .); do
	if ! grep -q '"tableside/internal/testenv"' "$f"; then
		if ! grep -q '^package [a-z0-9]*_test$' "$f" || ! grep -q '^	"tableside/' "$f"; then
			echo "left $f (cannot import testenv here)" >&2
			continue
		fi
		# Into the group of tableside imports; gofmt puts it in order.
		sed -i '0,/^	"tableside\//s//	"tableside\/internal\/testenv"\n	"tableside\//' "$f"
	fi
	sed -i 's/chromedp\.Poll(/testenv.Poll(/g' "$f"
	gofmt -w "$f"
	echo "changed $f"
done
