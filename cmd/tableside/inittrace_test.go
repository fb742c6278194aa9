package main

import (
	"bytes"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// initBudget is the most a package's init may allocate. Every start of the
// binary (serve, print, calc, odds) pays every package's init, so anything
// heavy is computed when the code is generated or on first use instead.
const initBudget = 100 * 1024

// ownInitBudget is the most one of Tableside's own packages may allocate at
// init: their tables (the maps, the dice chances, the score log's patterns)
// are built on first use (sync.OnceValue), so a command that does not need
// them does not pay for them.
const ownInitBudget = 16 * 1024

// initLine is one line of GODEBUG=inittrace=1 output:
// "init tableside/engine/risk @1.2 ms, 16 ms clock, 8300000 bytes, 400000 allocs".
var initLine = regexp.MustCompile(`^init (\S+) @\S+ ms, (\S+) ms clock, (\d+) bytes, (\d+) allocs$`)

// packageInits runs the real binary with inittrace on and returns each
// package's init allocation in bytes, and the clock figures for reporting.
func packageInits(t testing.TB, args ...string) (bytesOf map[string]int, clock map[string]float64) {
	t.Helper()
	cmd := exec.Command(buildBinary(t), args...)
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("tableside %v: %v\n%s", args, err, stderr.String())
	}
	bytesOf, clock = map[string]int{}, map[string]float64{}
	for _, line := range bytes.Split(stderr.Bytes(), []byte("\n")) {
		m := initLine.FindSubmatch(line)
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(string(m[3]))
		ms, _ := strconv.ParseFloat(string(m[2]), 64)
		bytesOf[string(m[1])] += n
		clock[string(m[1])] += ms
	}
	return bytesOf, clock
}

// No package's init allocates more than initBudget: the dice outcome table,
// the fonts and anything else big is built at generate time or static data.
func TestNoPackageInitIsHeavy(t *testing.T) {
	inits, _ := packageInits(t, "odds", "2", "1")
	if len(inits) < 20 {
		t.Fatalf("GODEBUG=inittrace=1 printed %d package inits; the trace was not read: %v", len(inits), inits)
	}
	ours := 0
	for pkg, n := range inits {
		if strings.HasPrefix(pkg, "tableside/") || pkg == "main" {
			ours++
			if n > ownInitBudget {
				t.Errorf("package %s allocates %d bytes at init (budget for Tableside's own %d): build its tables on first use", pkg, n, ownInitBudget)
			}
		}
		if n > initBudget {
			t.Errorf("package %s allocates %d bytes at init (budget %d): compute it at generate time or on first use", pkg, n, initBudget)
		}
	}
	if ours == 0 {
		t.Fatalf("no tableside package in the init trace: %v", inits)
	}
}
