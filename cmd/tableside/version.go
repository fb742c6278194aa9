package main

import "fmt"

// The version, the commit it was built from and the build date are stamped
// in by the release build: go build -ldflags "-X main.version=v1.2.0
// -X main.commit=abc1234 -X main.date=2026-11-26T06:00:00Z". A plain build
// says "dev".
var version, commit, date string

// versionLine is what `tableside --version` prints.
func versionLine() string {
	v := version
	if v == "" {
		v = "dev"
	}
	line := "tableside " + v
	if commit != "" {
		line += fmt.Sprintf(" (commit %s", commit)
		if date != "" {
			line += ", built " + date
		}
		line += ")"
	} else if date != "" {
		line += " (built " + date + ")"
	}
	return line
}
