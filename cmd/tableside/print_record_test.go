package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/games"
	"tableside/tracker"
)

// scoreGame keeps a score pad game in a real SQLite file: Ana 30 then 5,
// Ben 12, finished when finish says so. It returns the database and the
// game's id.
func scoreGame(t *testing.T, finish bool) (string, int64) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "t.db")
	db, err := tracker.OpenDB(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	tr := tracker.New(db, games.All()...)
	ctx := context.Background()
	info, err := tr.Create(ctx, "scorepad", "Friday's Carcassonne", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}})
	if err != nil {
		t.Fatal(err)
	}
	cmds := []engine.Command{
		{Type: "score", Seat: engine.Host, Data: json.RawMessage(`{"seat":0,"points":30}`)},
		{Type: "score", Seat: engine.Host, Data: json.RawMessage(`{"seat":1,"points":12}`)},
		{Type: "score", Seat: engine.Host, Data: json.RawMessage(`{"seat":0,"points":5}`)},
	}
	if finish {
		cmds = append(cmds, engine.Command{Type: "finish", Seat: engine.Host})
	}
	for _, c := range cmds {
		if _, err := tr.Do(ctx, info.ID, c, ""); err != nil {
			t.Fatalf("%s: %v", c.Type, err)
		}
	}
	return path, info.ID
}

// `tableside print record GAME` prints a finished game's record from the
// database: its title, the podium in the game's order with the scores, and
// the measure over the game, as the end screen's record.pdf prints it.
func TestPrintRecordWritesAFinishedGamesRecord(t *testing.T) {
	dbPath, id := scoreGame(t, true)
	file := filepath.Join(t.TempDir(), "record.pdf")
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"print", "record", strconv.FormatInt(id, 10), "--db", dbPath, "--paper", "letter", "-o", file}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(errb.String(), "wrote "+file) {
		t.Errorf("stderr: %q", errb.String())
	}
	text, err := exec.Command("pdftotext", "-layout", file, "-").CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v %s", err, text)
	}
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`Friday's Carcassonne`),
		regexp.MustCompile(`(?s)1\s+Ana\b.*35.*2\s+Ben\b.*12`),
	} {
		if !want.Match(text) {
			t.Errorf("the record lacks %s:\n%s", want, text)
		}
	}
}

// A game still in play, a game that is not there and an id that is no
// number are refused with a message naming the problem, and no file is
// written.
func TestPrintRecordRefusesAGameNotOver(t *testing.T) {
	dbPath, id := scoreGame(t, false)
	dir := t.TempDir()
	for _, c := range []struct {
		game string
		code int
		says string
	}{
		{strconv.FormatInt(id, 10), 1, "is not over"},
		{"99", 1, "there is no game 99"},
		{"seven", 2, `"seven" is not a number`},
	} {
		file := filepath.Join(dir, c.game+".pdf")
		var out, errb bytes.Buffer
		code := run(context.Background(), []string{"print", "record", c.game, "--db", dbPath, "-o", file}, &out, &errb)
		if code != c.code || !strings.Contains(errb.String(), c.says) {
			t.Errorf("record %s: exit %d, %q; want %d saying %q", c.game, code, errb.String(), c.code, c.says)
		}
		if _, err := os.Stat(file); err == nil {
			t.Errorf("record %s: a file was written", c.game)
		}
	}
}
