package pgtest_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"tableside/internal/pgtest"
)

// A cluster whose test binary was killed before it could stop it is stopped
// and removed by the next start; a live owner's cluster is left alone.
func TestClusterOfAKilledTestIsSweptAtTheNextStart(t *testing.T) {
	orphan, err := pgtest.Start()
	if err != nil {
		t.Fatal(err)
	}
	gone := exec.Command("true")
	if err := gone.Run(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(orphan.Dir, "owner.pid"), []byte(strconv.Itoa(gone.Process.Pid)), 0o644); err != nil {
		t.Fatal(err)
	}
	next, err := pgtest.Start()
	if err != nil {
		t.Fatal(err)
	}
	defer next.Stop()
	if _, err := os.Stat(orphan.Dir); !os.IsNotExist(err) {
		orphan.Stop()
		t.Fatalf("the orphaned cluster's folder is still there (%v)", err)
	}
	if _, err := os.Stat(next.Dir); err != nil {
		t.Fatalf("the new cluster's folder: %v", err)
	}
}
