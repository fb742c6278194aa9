package main

import (
	"fmt"
	"io"
	"runtime"
)

// version, commit and date are stamped by the release build (`make dist`):
//
//	-ldflags "-X main.version=v1.2.0 -X main.commit=abc1234 -X main.date=2026-11-26T06:00:00Z"
//
// A plain `go build` leaves them empty and --version says "dev".
var version, commit, date string

// printVersion writes one line: the version, the commit, the build date and
// the Go toolchain and platform it was built for.
func printVersion(w io.Writer) {
	v, c, d := version, commit, date
	if v == "" {
		v = "dev"
	}
	if c == "" {
		c = "unknown"
	}
	if d == "" {
		d = "unknown"
	}
	fmt.Fprintf(w, "tableside %s (commit %s, built %s, %s %s/%s)\n", v, c, d, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
