package main

import (
	"fmt"
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// libSystem's stub comes with the C compiler (Zig's); every other library
// Go imports from gets one here.
const libSystem = "/usr/lib/libSystem.B.dylib"

// archs are the macOS targets the stubs are for.
var archs = []string{"amd64", "arm64"}

// library is one system library and the symbols Go imports from it.
type library struct {
	path    string   // the install name, where the Mac has it
	symbols []string // C names, sorted, without the leading underscore
}

// imports reads goroot/src for the dynamic imports of the files that build
// for darwin on amd64 or arm64 with cgo, and returns them by library,
// libSystem left out.
func imports(goroot string) ([]library, error) {
	bySym := map[string]map[string]bool{}
	src := filepath.Join(goroot, "src")
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); n == "testdata" || n == "cmd" && filepath.Dir(path) == src {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || !forDarwin(path) {
			return nil
		}
		return scan(path, bySym)
	})
	if err != nil {
		return nil, fmt.Errorf("reading the toolchain's imports: %w", err)
	}
	if len(bySym) == 0 {
		return nil, fmt.Errorf("no darwin library imports found under %s (is it a GOROOT?)", src)
	}
	var libs []library
	for path, syms := range bySym {
		l := library{path: path}
		for s := range syms {
			l.symbols = append(l.symbols, s)
		}
		slices.Sort(l.symbols)
		libs = append(libs, l)
	}
	slices.SortFunc(libs, func(a, b library) int { return strings.Compare(a.path, b.path) })
	return libs, nil
}

// forDarwin reports whether the file builds for macOS on one of archs.
func forDarwin(path string) bool {
	for _, arch := range archs {
		ctx := build.Default
		ctx.GOOS, ctx.GOARCH, ctx.CgoEnabled = "darwin", arch, true
		if ok, err := ctx.MatchFile(filepath.Dir(path), filepath.Base(path)); err == nil && ok {
			return true
		}
	}
	return false
}

// scan adds the file's `//go:cgo_import_dynamic LOCAL REMOTE "LIB"` lines.
func scan(path string, bySym map[string]map[string]bool) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	for line := range strings.Lines(string(data)) {
		fields := strings.Fields(line)
		if len(fields) != 4 || fields[0] != "//go:cgo_import_dynamic" {
			continue
		}
		lib, err := strconv.Unquote(fields[3])
		if err != nil || lib == libSystem || !strings.HasPrefix(lib, "/") {
			continue
		}
		if bySym[lib] == nil {
			bySym[lib] = map[string]bool{}
		}
		bySym[lib][fields[2]] = true
	}
	return nil
}
