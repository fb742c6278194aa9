package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// tbdTargets names the stubs' targets in TAPI's words.
const tbdTargets = "[ x86_64-macos, arm64-macos ]"

var (
	frameworkPath = regexp.MustCompile(`^/System/Library/Frameworks/([A-Za-z]+)\.framework/Versions/[A-Z]/([A-Za-z]+)$`)
	dylibPath     = regexp.MustCompile(`^/usr/lib/lib([a-z]+)(\.[0-9]+)?\.dylib$`)
)

// stubFile is where the linker looks for lib's stub under out: a
// framework's in Frameworks/ (-F), a library's in lib/ (-L).
func stubFile(out, lib string) (string, error) {
	if m := frameworkPath.FindStringSubmatch(lib); m != nil && m[1] == m[2] {
		return filepath.Join(out, "Frameworks", m[1]+".framework", m[1]+".tbd"), nil
	}
	if m := dylibPath.FindStringSubmatch(lib); m != nil {
		return filepath.Join(out, "lib", "lib"+m[1]+".tbd"), nil
	}
	return "", fmt.Errorf("%s is neither a system framework nor a library in /usr/lib", lib)
}

// tbd is a version 4 text stub saying that lib exports the symbols.
func tbd(l library) string {
	var b strings.Builder
	fmt.Fprintf(&b, "--- !tapi-tbd\ntbd-version: 4\ntargets: %s\ninstall-name: '%s'\n", tbdTargets, l.path)
	fmt.Fprintf(&b, "exports:\n  - targets: %s\n    symbols: [ ", tbdTargets)
	for i, s := range l.symbols {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("_" + s)
	}
	b.WriteString(" ]\n...\n")
	return b.String()
}

// write puts each library's stub under out.
func write(out string, libs []library) error {
	for _, l := range libs {
		file, err := stubFile(out, l.path)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(file, []byte(tbd(l)), 0o644); err != nil {
			return fmt.Errorf("writing %s's stub: %w", l.path, err)
		}
	}
	return nil
}
