package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"tableside/internal/pgtest"
)

// binDir holds the binary the tests build, for the whole test run; TestMain
// removes it at the end (and runs the tests beside a throw-away PostgreSQL
// cluster, internal/pgtest).
var binDir string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "tableside-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "temp dir for the test binary:", err)
		os.Exit(1)
	}
	binDir = dir
	code := pgtest.Main(m) // a throw-away PostgreSQL for the hub's tests

	os.RemoveAll(dir)
	os.Exit(code)
}

var (
	buildOnce sync.Once
	builtBin  string
	buildErr  error
)

// buildBinary compiles tableside once per test run, as `make build` does
// (-buildvcs=true: the binary names its commit); every test and benchmark
// that runs the real binary shares it (TestPlainBuildNamesItsCommit reads
// its version).
func buildBinary(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		bin := filepath.Join(binDir, "tableside")
		out, err := exec.Command("go", "build", "-buildvcs=true", "-o", bin, ".").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("build: %v\n%s", err, out)
			return
		}
		builtBin = bin
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return builtBin
}
