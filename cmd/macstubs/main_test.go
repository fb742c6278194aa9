package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func goroot(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	return strings.TrimSpace(string(out))
}

// The toolchain's own imports give each library the functions Go calls,
// for macOS only (iOS's bundle functions are not among them).
func TestImportsFromTheToolchain(t *testing.T) {
	libs, err := imports(goroot(t))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		"/System/Library/Frameworks/CoreFoundation.framework/Versions/A/CoreFoundation": {"CFRelease", "CFDataCreate"},
		"/System/Library/Frameworks/Security.framework/Versions/A/Security":             {"SecTrustEvaluateWithError", "SecPolicyCreateSSL"},
		"/usr/lib/libresolv.9.dylib": {"res_9_nsearch"},
	}
	for _, l := range libs {
		if l.path == libSystem {
			t.Errorf("libSystem has a stub here; the C compiler brings its own")
		}
		if slices.Contains(l.symbols, "CFBundleGetMainBundle") {
			t.Errorf("%s: an iOS-only import was taken", l.path)
		}
		for _, s := range want[l.path] {
			if !slices.Contains(l.symbols, s) {
				t.Errorf("%s lacks %s (has %v)", l.path, s, l.symbols)
			}
		}
		delete(want, l.path)
	}
	if len(want) > 0 {
		t.Errorf("no stub for %v", want)
	}
	if _, err := imports(t.TempDir()); err == nil {
		t.Error("a folder that is no GOROOT gave stubs")
	}
}

func TestStubFiles(t *testing.T) {
	out := t.TempDir()
	libs := []library{
		{path: "/System/Library/Frameworks/Security.framework/Versions/A/Security", symbols: []string{"SecA", "SecB"}},
		{path: "/usr/lib/libresolv.9.dylib", symbols: []string{"res_9_ninit"}},
	}
	if err := write(out, libs); err != nil {
		t.Fatal(err)
	}
	sec, err := os.ReadFile(filepath.Join(out, "Frameworks/Security.framework/Security.tbd"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"--- !tapi-tbd\n", "install-name: '/System/Library/Frameworks/Security.framework/Versions/A/Security'", "symbols: [ _SecA, _SecB ]", "arm64-macos", "x86_64-macos"} {
		if !strings.Contains(string(sec), want) {
			t.Errorf("Security.tbd lacks %q:\n%s", want, sec)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "lib/libresolv.tbd")); err != nil {
		t.Errorf("libresolv's stub: %v", err)
	}
	if err := write(out, []library{{path: "/opt/homebrew/lib/libfoo.dylib"}}); err == nil {
		t.Error("a library outside macOS got a stub")
	}
}
