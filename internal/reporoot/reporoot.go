// Package reporoot finds the repository's top folder for the tests that
// read the tree itself (the documents' links, the rules' coverage, the
// rulebook's words), wherever go test runs them from.
package reporoot

import (
	"os"
	"path/filepath"
	"testing"
)

// Dir is the nearest folder at or above the test's own that holds go.mod.
func Dir(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's folder")
		}
		dir = parent
	}
}
