package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tableside/scoring"
	"tableside/tracker"
	"tableside/tracker/scorelog"
)

// seedScores makes a database with two plays and returns its path.
func seedScores(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "a.db")
	db, err := tracker.OpenDB(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s := scorelog.New(db)
	n := func(v int) *int { return &v }
	for _, p := range []scoring.Play{
		{Game: "Azul", Date: "2026-11-18", Time: "20:00", Scoring: scoring.High, Notes: "with, commas", Players: []scoring.Player{{Name: "Ana", Score: n(61)}, {Name: "Ben", Score: n(48)}}},
		{Game: "Race", Date: "2026-11-19", Scoring: scoring.Ranks, Players: []scoring.Player{{Name: "Ben", Rank: 1}, {Name: "Cy", Rank: 2}}},
	} {
		if _, err := s.Add(context.Background(), p); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

func TestScoresCLIExportImportRoundTrip(t *testing.T) {
	src := seedScores(t)
	first, stderr, code := runCLI(t, "scores", "export", "--db", src)
	if code != 0 || !strings.HasPrefix(first, "play,game,date,") || !strings.Contains(first, `"with, commas"`) {
		t.Fatalf("export: status %d, %s\n%s", code, stderr, first)
	}
	file := filepath.Join(t.TempDir(), "scores.csv")
	if _, stderr, code := runCLI(t, "scores", "export", "-o", file, "--db", src); code != 0 {
		t.Fatalf("export -o: %d %s", code, stderr)
	}
	if b, _ := os.ReadFile(file); string(b) != first {
		t.Fatalf("export -o wrote something else than stdout")
	}
	dst := filepath.Join(t.TempDir(), "b.db")
	out, stderr, code := runCLI(t, "scores", "import", file, "--db", dst)
	if code != 0 || !strings.Contains(out, "Imported 2 plays") {
		t.Fatalf("import: %d %q %s", code, out, stderr)
	}
	if second, _, _ := runCLI(t, "scores", "export", "--db", dst); second != first {
		t.Fatalf("export after import differs:\n%s\n---\n%s", first, second)
	}
	js, _, code := runCLI(t, "scores", "export", "--format", "json", "--db", dst)
	if code != 0 || !strings.Contains(js, `"format": "tableside-scores/1"`) {
		t.Errorf("json export: %d %s", code, js)
	}
	list, _, code := runCLI(t, "scores", "list", "--player", "cy", "--db", dst)
	if code != 0 || !strings.Contains(list, "Race") || strings.Contains(list, "Azul") || !strings.Contains(list, "*1. Ben") || !strings.Contains(list, "1 play (* won)") {
		t.Errorf("list --player cy: %d\n%s", code, list)
	}
}

func TestScoresCLIImportRefusesABadFileWhole(t *testing.T) {
	dst := filepath.Join(t.TempDir(), "b.db")
	file := filepath.Join(t.TempDir(), "bad.csv")
	os.WriteFile(file, []byte("play,game,date,scoring,player,score\n"+
		"a,Azul,2026-11-18,high,Ana,61\n"+
		"b,Azul,2026-02-30,high,Ana,12\n"+
		"c,Azul,2026-11-19,high,Ben,7\n"), 0o644)
	_, stderr, code := runCLI(t, "scores", "import", file, "--db", dst)
	if code != 1 || !strings.Contains(stderr, "line 3 (play b)") || !strings.Contains(stderr, "nothing imported") {
		t.Fatalf("bad import: status %d, stderr:\n%s", code, stderr)
	}
	if list, _, _ := runCLI(t, "scores", "list", "--db", dst); !strings.Contains(list, "0 plays") {
		t.Errorf("after a refused import the log lists:\n%s", list)
	}
}

func TestScoresCLIUsageErrors(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	for _, args := range [][]string{
		{"scores"},
		{"scores", "frobnicate", "--db", db},
		{"scores", "import", "--db", db},
		{"scores", "export", "--format", "xml", "--db", db},
		{"scores", "list", "extra", "--db", db},
	} {
		if _, _, code := runCLI(t, args...); code != 2 {
			t.Errorf("%v: status %d, want 2", args, code)
		}
	}
	if _, stderr, code := runCLI(t, "scores", "list", "--player", "Nobody", "--db", db); code != 1 || !strings.Contains(stderr, "Nobody") {
		t.Errorf("unknown player: %d %s", code, stderr)
	}
}
