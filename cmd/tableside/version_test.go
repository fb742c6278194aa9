package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestVersionWithoutAStampSaysDev(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(t.Context(), []string{"--version"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	want := "tableside dev (commit unknown, built unknown, " + runtime.Version()
	if !strings.HasPrefix(out.String(), want) {
		t.Fatalf("--version = %q, want it to start %q", out.String(), want)
	}
}

// The release build stamps the version, commit and date with -ldflags -X
// (Makefile's dist); the binary must print exactly those.
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
	want := "tableside v9.8.7 (commit abc1234, built 2026-11-26T06:00:00Z, "
	if !strings.HasPrefix(string(out), want) {
		t.Fatalf("--version = %q, want it to start %q", out, want)
	}
}
