package main

import (
	"bytes"
	"os"
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
