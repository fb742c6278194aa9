package main

import (
	"bufio"
	"bytes"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A build with no record of its source (a test binary) says it is "dev".
func TestVersionSaysDevWithoutABuildRecord(t *testing.T) {
	out, errOut, code := runCLI(t, "--version")
	if code != 0 || strings.TrimSpace(out) != "tableside dev" || errOut != "" {
		t.Fatalf("--version: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// Help that was asked for goes to standard output with exit status 0, for
// every command; a mistake goes to standard error with status 2.
func TestEveryHelpGoesToStandardOutputWithStatusZero(t *testing.T) {
	cases := [][]string{{"--help"}, {"help"}, {"-h"}, {"calc", "--help"}, {"calc", "price", "--help"}, {"calc", "bonus", "-h"}}
	for name := range commands {
		cases = append(cases, []string{name, "--help"})
	}
	for _, args := range cases {
		out, errOut, code := runCLI(t, args...)
		if code != 0 || !strings.Contains(out, "Usage: tableside") || errOut != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	out, errOut, code := runCLI(t, "odds", "--no-such-flag")
	if code != 2 || out != "" || !strings.Contains(errOut, "no-such-flag") || !strings.Contains(errOut, "Usage: tableside odds") {
		t.Errorf("a wrong flag: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// `tableside serve extra-arg` is a mistake, not a server on every interface.
func TestServeRefusesStrayArguments(t *testing.T) {
	db := filepath.Join(t.TempDir(), "t.db")
	for _, args := range [][]string{{"serve", "extra-arg", "--db", db}, {"serve", "--addr", "127.0.0.1:0", "--db", db, "8080"}} {
		_, errOut, code := runCLI(t, args...)
		if code != 2 || !strings.Contains(errOut, "unexpected argument") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}
	if _, err := os.Stat(db); err == nil {
		t.Errorf("a refused serve created the database")
	}
}

// TABLESIDE_ADDR and TABLESIDE_DB stand in for --addr and --db, and the
// server says when it stops.
func TestEnvironmentGivesAddressAndDatabaseAndStopIsLogged(t *testing.T) {
	bin := buildBinary(t)
	db := filepath.Join(t.TempDir(), "env.db")
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "TABLESIDE_ADDR=127.0.0.1:0", "TABLESIDE_DB="+db)
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	sc := bufio.NewScanner(stdout)
	var printed []string
	url := ""
	for url == "" && sc.Scan() {
		printed = append(printed, sc.Text())
		url = regexp.MustCompile(`http://localhost:\d+`).FindString(sc.Text())
	}
	for sc.Scan() && !strings.Contains(sc.Text(), "Press Ctrl+C") {
		printed = append(printed, sc.Text())
	}
	if url == "" {
		t.Fatalf("no address printed: %q\n%s", printed, errOut.String())
	}
	resp, err := http.Get(url + "/healthz")
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("healthz: %v %v", err, resp)
	}
	resp.Body.Close()
	if joined := strings.Join(printed, "\n"); strings.Contains(joined, "On the Wi-Fi") || !strings.Contains(joined, db) ||
		!strings.Contains(joined, "WARNING: Phones cannot reach this laptop") || !strings.Contains(joined, "--addr :8080") {
		t.Errorf("bound to loopback from TABLESIDE_ADDR with TABLESIDE_DB %s, it printed (want no Wi-Fi address, the database and a warning that phones cannot reach it):\n%s", db, joined)
	}
	if _, err := os.Stat(db); err != nil {
		t.Errorf("TABLESIDE_DB was not used: %v", err)
	}
	cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("stopped with %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the server did not stop within 20s of SIGTERM")
	}
	if !regexp.MustCompile(`level=INFO msg=stopped uptime=\S+`).MatchString(errOut.String()) {
		t.Errorf("no log line at shutdown:\n%s", errOut.String())
	}
}

// macOS and Windows keep the database in their own folder for application
// data; elsewhere it stays in the XDG folder.
func TestDatabaseLivesInTheSystemsOwnPlace(t *testing.T) {
	env := map[string]string{"AppData": `C:\Users\ana\AppData\Roaming`}
	getenv := func(k string) string { return env[k] }
	mac := dataPlaceFor("darwin", getenv, "/Users/ana")
	if mac.path != "/Users/ana/Library/Application Support/tableside/tableside.db" || mac.legacy != "/Users/ana/.local/share/tableside/tableside.db" {
		t.Errorf("macOS: %+v", mac)
	}
	win := dataPlaceFor("windows", getenv, `C:\Users\ana`)
	if !strings.HasPrefix(win.path, `C:\Users\ana\AppData\Roaming`) || !strings.HasSuffix(win.path, "tableside.db") {
		t.Errorf("Windows: %+v", win)
	}
	env["XDG_DATA_HOME"] = "/data"
	if linux := dataPlaceFor("linux", getenv, "/home/ana"); linux.path != "/data/tableside/tableside.db" || linux.legacy != linux.path {
		t.Errorf("Linux with XDG_DATA_HOME: %+v", linux)
	}
}

// Upgrading on macOS or Windows finds the database an older Tableside kept
// in the XDG folder: it moves to the new place with its -wal file, once.
func TestOldDatabaseMovesToTheNewPlaceWithItsWAL(t *testing.T) {
	dir := t.TempDir()
	pl := dataPlace{path: filepath.Join(dir, "Library", "tableside", "tableside.db"), legacy: filepath.Join(dir, "old", "tableside.db")}
	os.MkdirAll(filepath.Dir(pl.legacy), 0o700)
	writeFile(t, pl.legacy, "main")
	writeFile(t, pl.legacy+"-wal", "wal")
	moved, err := adoptLegacy(pl)
	if err != nil || !moved {
		t.Fatalf("moved %v, err %v", moved, err)
	}
	for file, want := range map[string]string{pl.path: "main", pl.path + "-wal": "wal"} {
		if b, err := os.ReadFile(file); err != nil || string(b) != want {
			t.Errorf("%s: %q %v", file, b, err)
		}
	}
	if exists(pl.legacy) || exists(pl.legacy+"-wal") {
		t.Errorf("the old files are still there")
	}
	writeFile(t, pl.legacy, "another")
	if moved, err := adoptLegacy(pl); moved || err != nil {
		t.Errorf("with a database in the new place, an old one was moved over it: %v %v", moved, err)
	}
}
