package main

import (
	"runtime/debug"
	"strings"
)

// version names a release when its tag is not on the commit built
// (scripts/dist.sh: make dist VERSION=v1.2.0 stamps it with -ldflags -X).
// Everything else comes from what the go command records in every build:
// the module's version (the tag, or a pseudo-version made of the commit's
// time and hash), and, in a build from a git checkout, the commit, its time
// and whether the work tree had changes.
var version string

// versionLine is what `tableside --version` prints.
func versionLine() string {
	info, _ := debug.ReadBuildInfo()
	return versionFrom(version, info)
}

// versionFrom words the version line from a stamped version (may be empty)
// and the build's own record (may be nil).
func versionFrom(stamped string, info *debug.BuildInfo) string {
	v := stamped
	var rev, at string
	modified := false
	if info != nil {
		if v == "" && info.Main.Version != "" && info.Main.Version != "(devel)" {
			v = info.Main.Version
		}
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.time":
				at = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	if v == "" {
		v = "dev"
	}
	if rev == "" {
		return "tableside " + v
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	parts := []string{"commit " + rev}
	if at != "" {
		parts[0] += " of " + at
	}
	if modified {
		parts = append(parts, "with changes not committed")
	}
	return "tableside " + v + " (" + strings.Join(parts, ", ") + ")"
}
