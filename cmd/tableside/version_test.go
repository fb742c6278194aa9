package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The release build stamps the version, commit and date with -ldflags -X
// (scripts/dist.sh); the built binary must print exactly those.
func TestVersionCommitAndDateAreStampedByTheLinker(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "tableside")
	ldflags := "-X main.version=v9.8.7 -X main.commit=abc1234 -X main.date=2026-11-26T06:00:00Z"
	if out, err := exec.Command("go", "build", "-ldflags", ldflags, "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "--version").Output()
	if err != nil {
		t.Fatalf("--version: %v", err)
	}
	if got, want := strings.TrimSpace(string(out)), "tableside v9.8.7 (commit abc1234, built 2026-11-26T06:00:00Z)"; got != want {
		t.Fatalf("--version = %q; want %q", got, want)
	}
}
