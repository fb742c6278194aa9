package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"tableside/tracker"
)

// loadGame sends commands to one game from several clients until stop is
// closed, and keeps the idempotency key of every answered command.
type loadGame struct {
	mu       sync.Mutex
	answered []string
	stop     chan struct{}
	wg       sync.WaitGroup
}

func startLoad(url string, game int64) *loadGame {
	l := &loadGame{stop: make(chan struct{})}
	for w := 0; w < 4; w++ {
		l.wg.Add(1)
		go func(w int) {
			defer l.wg.Done()
			for i := 0; ; i++ {
				select {
				case <-l.stop:
					return
				default:
				}
				key := fmt.Sprintf("w%d-%d", w, i)
				body := fmt.Sprintf(`{"type":"score","data":{"seat":%d,"points":%d},"idem":%q}`, w%3, i+1, key)
				resp, err := post(fmt.Sprintf("%s/games/%d/commands", url, game), body)
				if err != nil {
					return
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode == http.StatusOK {
					l.mu.Lock()
					l.answered = append(l.answered, key)
					l.mu.Unlock()
				}
			}
		}(w)
	}
	return l
}

// answeredSoFar is a copy of the keys answered until now.
func (l *loadGame) answeredSoFar() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.answered...)
}

func (l *loadGame) end() { close(l.stop); l.wg.Wait() }

// loggedKeys exports a game's log from a database file and returns the
// idempotency keys of its events.
func loggedKeys(t *testing.T, db string, game int64) map[string]bool {
	t.Helper()
	out, errOut, code := runCLI(t, "export", "--db", db, fmt.Sprint(game))
	if code != 0 {
		t.Fatalf("export from %s: exit %d: %s", db, code, errOut)
	}
	var x struct {
		Events []struct {
			Idem string `json:"idem"`
		} `json:"events"`
	}
	if err := json.Unmarshal([]byte(out), &x); err != nil {
		t.Fatalf("exported log: %v", err)
	}
	keys := map[string]bool{}
	for _, e := range x.Events {
		keys[e.Idem] = true
	}
	return keys
}

func createScorepad(t *testing.T, url string) int64 {
	t.Helper()
	resp, err := post(url+"/games", `{"kind":"scorepad","players":["Ana","Ben","Cy"]}`)
	if err != nil || resp.StatusCode != http.StatusCreated {
		t.Fatalf("create game: %v %v", err, resp)
	}
	defer resp.Body.Close()
	var info struct{ ID int64 }
	json.NewDecoder(resp.Body).Decode(&info)
	return info.ID
}

// scorePadServer serves live.db in a fresh folder dir with the binary,
// a score pad game on it. The server is killed when the test ends, if the
// test has not stopped it before.
func scorePadServer(t *testing.T) (dir, db string, srv *server, game int64) {
	t.Helper()
	dir = t.TempDir()
	db = filepath.Join(dir, "live.db")
	srv = startServer(t, buildBinary(t), db)
	t.Cleanup(func() { srv.cmd.Process.Kill(); srv.cmd.Wait() })
	return dir, db, srv, createScorepad(t, srv.url)
}

// `tableside backup` while a game receives commands writes a private copy
// that passes SQLite's integrity check and holds every command answered
// before the backup began.
func TestBackupUnderLoadHoldsEveryCommandAnsweredBeforeIt(t *testing.T) {
	dir, db, srv, game := scorePadServer(t)

	load := startLoad(srv.url, game)
	for deadline := time.Now().Add(30 * time.Second); len(load.answeredSoFar()) < 100; {
		if time.Now().After(deadline) {
			load.end()
			t.Fatalf("only %d commands answered in 30s", len(load.answeredSoFar()))
		}
		time.Sleep(10 * time.Millisecond)
	}
	before := load.answeredSoFar()
	copyPath := filepath.Join(dir, "backup.db")
	out, errOut, code := runCLI(t, "backup", copyPath, "--db", db)
	during := len(load.answeredSoFar()) - len(before)
	time.Sleep(100 * time.Millisecond) // the game goes on after the copy
	load.end()
	if code != 0 || !strings.Contains(out, "Backed up") {
		t.Fatalf("backup: exit %d, %q %q", code, out, errOut)
	}
	fi, err := os.Stat(copyPath)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("the copy: %v, mode %v; want 0600", err, fi.Mode().Perm())
	}
	if err := tracker.CheckCopy(context.Background(), copyPath); err != nil {
		t.Fatalf("the copy fails the check (PRAGMA integrity_check): %v", err)
	}
	inCopy := loggedKeys(t, copyPath, game)
	for _, key := range before {
		if !inCopy[key] {
			t.Errorf("command %s was answered before the backup began but is not in the copy", key)
		}
	}
	if total := len(load.answeredSoFar()); len(inCopy) >= total {
		t.Errorf("the copy holds %d commands of %d answered: the load did not go on past the copy, the test proves little", len(inCopy), total)
	}
	t.Logf("%d answered before the backup, %d during it, %d in the copy, %d in all", len(before), during, len(inCopy), len(load.answeredSoFar()))
}

// `tableside restore` refuses while a server holds the database, and with
// the server stopped puts the copy in place and keeps the database it
// replaced.
func TestRestoreWaitsForTheServerToStopThenPutsTheCopyInPlace(t *testing.T) {
	dir, db, srv, game := scorePadServer(t)
	load := startLoad(srv.url, game)
	for len(load.answeredSoFar()) < 30 {
		time.Sleep(10 * time.Millisecond)
	}
	copyPath := filepath.Join(dir, "backup.db")
	if _, errOut, code := runCLI(t, "backup", copyPath, "--db", db); code != 0 {
		t.Fatalf("backup: %s", errOut)
	}
	for n := len(load.answeredSoFar()); len(load.answeredSoFar()) < n+30; {
		time.Sleep(10 * time.Millisecond) // the live database moves past the copy
	}
	load.end()
	inCopy := loggedKeys(t, copyPath, game)

	_, errOut, code := runCLI(t, "restore", copyPath, "--db", db)
	if code != 1 || !strings.Contains(errOut, "in use by a running Tableside") || !strings.Contains(errOut, "stop it first") {
		t.Fatalf("restore with the server running: exit %d, %q", code, errOut)
	}
	if resp, err := http.Get(srv.url + "/healthz"); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("the server after a refused restore: %v %v", err, resp)
	}

	srv.cmd.Process.Signal(syscall.SIGTERM)
	srv.cmd.Wait()
	liveKeys := loggedKeys(t, db, game)
	out, errOut, code := runCLI(t, "restore", copyPath, "--db", db)
	if code != 0 || !strings.Contains(out, "kept as") {
		t.Fatalf("restore: exit %d, %q %q", code, out, errOut)
	}
	kept := strings.TrimSpace(out[strings.Index(out, "kept as")+len("kept as"):])
	if got := loggedKeys(t, kept, game); len(got) != len(liveKeys) {
		t.Errorf("the kept database holds %d commands, the one it was %d", len(got), len(liveKeys))
	}
	again := startServer(t, buildBinary(t), db)
	defer func() { again.cmd.Process.Kill(); again.cmd.Wait() }()
	again.cmd.Process.Signal(syscall.SIGTERM)
	again.cmd.Wait()
	restored := loggedKeys(t, db, game)
	if len(restored) != len(inCopy) || len(restored) >= len(liveKeys) {
		t.Fatalf("after the restore the game has %d commands; the copy %d, the replaced database %d", len(restored), len(inCopy), len(liveKeys))
	}
	for key := range inCopy {
		if !restored[key] {
			t.Errorf("command %s of the copy is missing after the restore", key)
		}
	}
}
