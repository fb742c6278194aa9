package main

import (
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

// The version line is worded from the go command's record of the build:
// its module version, commit, commit time and uncommitted changes; a
// stamped release version wins over the module's.
func TestVersionLineFromTheBuildRecord(t *testing.T) {
	vcs := func(mod string, kv ...string) *debug.BuildInfo {
		info := &debug.BuildInfo{Main: debug.Module{Path: "tableside", Version: mod}}
		for i := 0; i < len(kv); i += 2 {
			info.Settings = append(info.Settings, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return info
	}
	rev := "b21f1dfa0d12aa5c2f1e3c1a0d9e8f7a6b5c4d3e"
	cases := []struct {
		stamped string
		info    *debug.BuildInfo
		want    string
	}{
		{"", nil, "tableside dev"},
		{"", vcs("(devel)"), "tableside dev"},
		{"", vcs("v1.2.0"), "tableside v1.2.0"},
		{"", vcs("v0.0.0-20261126062516-b21f1dfa0d12", "vcs.revision", rev, "vcs.time", "2026-11-26T06:25:16Z", "vcs.modified", "false"),
			"tableside v0.0.0-20261126062516-b21f1dfa0d12 (commit b21f1dfa0d12 of 2026-11-26T06:25:16Z)"},
		{"", vcs("v0.0.0-20261126062516-b21f1dfa0d12+dirty", "vcs.revision", rev, "vcs.time", "2026-11-26T06:25:16Z", "vcs.modified", "true"),
			"tableside v0.0.0-20261126062516-b21f1dfa0d12+dirty (commit b21f1dfa0d12 of 2026-11-26T06:25:16Z, with changes not committed)"},
		{"v1.0.0", vcs("(devel)", "vcs.revision", rev, "vcs.time", "2026-11-26T06:25:16Z"),
			"tableside v1.0.0 (commit b21f1dfa0d12 of 2026-11-26T06:25:16Z)"},
	}
	for _, c := range cases {
		if got := versionFrom(c.stamped, c.info); got != c.want {
			t.Errorf("versionFrom(%q, %+v) = %q; want %q", c.stamped, c.info, got, c.want)
		}
	}
}

// A build in the checkout names the commit it was built from and the
// commit's time (in UTC, as git records it); -ldflags -X main.version names a
// release without changing the rest. -buildvcs=true as in the Makefile: the
// go command's default ("auto") stamps too, unless GOFLAGS turns it off, as
// on this project's machines.
func TestPlainBuildNamesItsCommit(t *testing.T) {
	head, err := exec.Command("git", "rev-parse", "--short=12", "HEAD").Output()
	if err != nil {
		t.Fatalf("this test runs in a git checkout: %v", err)
	}
	show := exec.Command("git", "show", "-s", "--date=format-local:%Y-%m-%dT%H:%M:%SZ", "--format=%cd", "HEAD")
	show.Env = append(show.Environ(), "TZ=UTC")
	when, err := show.Output()
	if err != nil {
		t.Fatalf("git show: %v", err)
	}
	commit := "commit " + strings.TrimSpace(string(head)) + " of " + strings.TrimSpace(string(when))
	for _, ldflags := range []string{"", "-X main.version=v9.8.7"} {
		// The plain build is the one every test of the real binary shares
		// (buildBinary, the Makefile's flags): one link fewer.
		bin := buildBinary(t)
		if ldflags != "" {
			bin = filepath.Join(t.TempDir(), "tableside")
			build := exec.Command("go", "build", "-buildvcs=true", "-ldflags", ldflags, "-o", bin, ".")
			if out, err := build.CombinedOutput(); err != nil {
				t.Fatalf("build: %v\n%s", err, out)
			}
		}
		out, err := exec.Command(bin, "--version").Output()
		if err != nil {
			t.Fatalf("--version: %v", err)
		}
		got := strings.TrimSpace(string(out))
		if !strings.Contains(got, "("+commit) {
			t.Errorf("ldflags %q: --version = %q; want it to name %q", ldflags, got, commit)
		}
		if ldflags != "" && !strings.HasPrefix(got, "tableside v9.8.7 (") {
			t.Errorf("stamped: --version = %q; want v9.8.7", got)
		}
		if ldflags == "" && (!strings.HasPrefix(got, "tableside v") || strings.HasPrefix(got, "tableside v9.8.7")) {
			t.Errorf("plain: --version = %q; want the module's version from the commit", got)
		}
	}
}
