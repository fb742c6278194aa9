package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestUnknownCommandIsAUsageError(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(t.Context(), []string{"juggle"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), `unknown command "juggle"`) {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
}

func TestHelpListsEveryCommand(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(t.Context(), []string{"--help"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d", code)
	}
	for name := range commands {
		if !strings.Contains(out.String(), name) {
			t.Errorf("help does not list %s", name)
		}
	}
}

func TestReplayRefusesMissingAndForeignFiles(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(t.Context(), []string{"replay"}, &out, &errb); code != 2 {
		t.Errorf("no file: exit %d", code)
	}
	errb.Reset()
	if code := run(t.Context(), []string{"replay", "/nonexistent/log.json"}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "no such file") {
		t.Errorf("missing file: exit %d, %q", code, errb.String())
	}
	// A log of a game this Tableside does not know: the command's name is
	// said once, then the file, then the problem.
	foreign := filepath.Join(t.TempDir(), "chess.json")
	os.WriteFile(foreign, []byte(`{"format":"tableside-log/1","game":{"id":1,"kind":"chess","name":"x","created":"2026-11-28T00:00:00Z","setup":{},"status":"playing"},"events":[]}`), 0o600)
	errb.Reset()
	code := run(t.Context(), []string{"replay", foreign}, &out, &errb)
	want := "tableside replay: " + foreign + `: this Tableside cannot run "chess" games` + "\n"
	if code != 1 || errb.String() != want {
		t.Errorf("foreign game: exit %d, %q; want %q", code, errb.String(), want)
	}
}

func TestServeRefusesForeignDatabase(t *testing.T) {
	path := t.TempDir() + "/notes.db"
	writeFile(t, path, "not a database")
	var out, errb bytes.Buffer
	code := run(t.Context(), []string{"serve", "--addr", "127.0.0.1:0", "--db", path}, &out, &errb)
	if code != 1 || !strings.Contains(errb.String(), "not an SQLite database") {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
}

func writeFile(t *testing.T, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A game's log exported on the command line replays to the state the
// server shows.
func TestExportThenReplay(t *testing.T) {
	dir := t.TempDir()
	db := dir + "/t.db"
	bin := buildBinary(t)
	srv := startServer(t, bin, db)
	resp, err := post(srv.url+"/games", `{"kind":"scorepad","players":["Ana","Ben"]}`)
	if err != nil || resp.StatusCode != 201 {
		t.Fatalf("create: %v %v", err, resp)
	}
	resp.Body.Close()
	resp, err = post(srv.url+"/games/1/commands", `{"type":"score","data":{"seat":1,"points":9}}`)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("score: %v %v", err, resp)
	}
	resp.Body.Close()
	srv.cmd.Process.Kill()
	srv.cmd.Wait()

	var out, errb bytes.Buffer
	if code := run(t.Context(), []string{"export", "--db", db, "--list"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "scorepad") {
		t.Fatalf("list: exit %d %q %q", code, out.String(), errb.String())
	}
	logFile := dir + "/game.json"
	if code := run(t.Context(), []string{"export", "1", "--db", db, "-o", logFile}, &out, &errb); code != 0 {
		t.Fatalf("export: exit %d %q", code, errb.String())
	}
	out.Reset()
	if code := run(t.Context(), []string{"replay", logFile, "--json"}, &out, &errb); code != 0 || !strings.Contains(out.String(), `"points":9`) {
		t.Fatalf("replay: exit %d %q %q", code, out.String(), errb.String())
	}
	if code := run(t.Context(), []string{"export", "x", "--db", db}, &out, &errb); code != 2 {
		t.Fatalf("bad id: exit %d", code)
	}
}

// Every subcommand answers --help with its usage and exit status 0.
func TestEveryCommandHasHelp(t *testing.T) {
	for name := range commands {
		out, errs, code := runCLI(t, name, "--help")
		if code != 0 || !strings.Contains(out+errs, "Usage: tableside "+name) {
			t.Errorf("%s --help: exit %d, output %q", name, code, out+errs)
		}
	}
}
