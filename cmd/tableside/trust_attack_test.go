package main

// Attacks on the tracker's promises, made against the real binary over
// loopback (issue 13): undo double taps and races, reused idempotency keys,
// kill -9 during a game's final command, damaged and read-only databases.
// Each asserts the refusal and that the game and its log are unchanged.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"tableside/engine/scorepad"
)

// call sends JSON (nil for none) and decodes a JSON answer into out.
func call(t testing.TB, method, url string, in, out any) (int, string) {
	t.Helper()
	var body io.Reader
	if in != nil {
		b, _ := json.Marshal(in)
		body = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, url, body)
	req.Header.Set("Accept", "application/json")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if out != nil && resp.StatusCode < 300 {
		json.Unmarshal(b, out)
	}
	return resp.StatusCode, string(b)
}

// attackGame creates a score pad for Ana and Ben on srv.
func attackGame(t testing.TB, srv *server) int64 {
	t.Helper()
	var info struct{ ID int64 }
	if code, body := call(t, "POST", srv.url+"/games", map[string]any{"kind": "scorepad", "players": []string{"Ana", "Ben"}}, &info); code != http.StatusCreated {
		t.Fatalf("create: %d %s", code, body)
	}
	return info.ID
}

type scoreAnswer struct {
	Seq    int64
	Repeat bool
}

func scoreCmd(t testing.TB, srv *server, game int64, seat, points int, idem string) (int, string) {
	t.Helper()
	return call(t, "POST", fmt.Sprintf("%s/games/%d/commands", srv.url, game),
		map[string]any{"type": "score", "data": map[string]int{"seat": seat, "points": points}, "idem": idem}, nil)
}

// gameLog is the game's exported log, as bytes (to compare) and events.
func gameLog(t testing.TB, srv *server, game int64) ([]byte, []struct {
	Seq  int64
	Type string
	Data json.RawMessage
	Idem string
}) {
	t.Helper()
	resp, err := http.Get(fmt.Sprintf("%s/games/%d/log", srv.url, game))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var x struct {
		Events []struct {
			Seq  int64
			Type string
			Data json.RawMessage
			Idem string
		}
	}
	if err := json.Unmarshal(b, &x); err != nil {
		t.Fatalf("log: %v", err)
	}
	return b, x.Events
}

// hostPage is the host's JSON view of a game.
type hostPage struct {
	Seq     int64
	UndoCmd int64
	Undo    string
	Info    struct{ Status string }
	View    json.RawMessage
}

func hostJSON(t testing.TB, srv *server, game int64) hostPage {
	t.Helper()
	var p hostPage
	if code, body := call(t, "GET", fmt.Sprintf("%s/games/%d", srv.url, game), nil, &p); code != 200 {
		t.Fatalf("view: %d %s", code, body)
	}
	return p
}

func stopServer(srv *server) {
	srv.cmd.Process.Signal(syscall.SIGKILL)
	srv.cmd.Wait()
}

// An undo tapped twice (same key) while a phone's command races it: the
// undo takes back exactly the command its button named, once. When the
// phone's command came first, the undo is refused naming it, and nothing
// else is taken back.
func TestAttackUndoDoubleTapRacingAPhone(t *testing.T) {
	bin := buildBinary(t)
	srv := startServer(t, bin, filepath.Join(t.TempDir(), "t.db"))
	defer stopServer(srv)
	game := attackGame(t, srv)
	raced, clean := 0, 0
	for round := 0; round < 20; round++ {
		scoreCmd(t, srv, game, 0, 12, fmt.Sprint("ana-", round))
		before := hostJSON(t, srv, game)
		if before.Undo != "Ana scored 12" {
			t.Fatalf("round %d: the undo button says %q", round, before.Undo)
		}
		undo := map[string]any{"cmd": before.UndoCmd, "idem": fmt.Sprint("tap-", round)}
		var wg sync.WaitGroup
		codes := make([]int, 2)
		bodies := make([]string, 2)
		for i := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes[i], bodies[i] = call(t, "POST", fmt.Sprintf("%s/games/%d/undo", srv.url, game), undo, nil)
			}()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			scoreCmd(t, srv, game, 1, 99, fmt.Sprint("ben-", round))
		}()
		wg.Wait()
		_, events := gameLog(t, srv, game)
		undos, benUndone := 0, false
		benSeq := int64(0)
		for _, e := range events {
			if e.Idem == fmt.Sprint("ben-", round) {
				benSeq = e.Seq
			}
		}
		for _, e := range events {
			if e.Type == "tracker.undo" && e.Seq > before.Seq {
				undos++
				var d struct{ Cmd int64 }
				json.Unmarshal(e.Data, &d)
				if d.Cmd != before.UndoCmd {
					benUndone = d.Cmd == benSeq
					t.Fatalf("round %d: an undo took back command %d (Ben's: %v), not the button's %d", round, d.Cmd, benUndone, before.UndoCmd)
				}
			}
		}
		switch undos {
		case 1: // the undo won the race; the second tap was a repeat or refused as already undone
			clean++
			for i := range 2 {
				if codes[i] != 200 && !(codes[i] == http.StatusConflict && (strings.Contains(bodies[i], "already undone") || strings.Contains(bodies[i], "since; undo that first?"))) {
					t.Fatalf("round %d: tap %d answered %d %s", round, i, codes[i], bodies[i])
				}
			}
		case 0: // Ben's command came first: both taps refused, naming it
			raced++
			for i := range 2 {
				if codes[i] != http.StatusConflict || !strings.Contains(bodies[i], "Ben scored 99 since; undo that first?") {
					t.Fatalf("round %d: tap %d after Ben's command answered %d %s", round, i, codes[i], bodies[i])
				}
			}
		default:
			t.Fatalf("round %d: a double tap made %d undos", round, undos)
		}
	}
	t.Logf("20 rounds: %d undos won the race, %d were refused after the phone's command", clean, raced)
}

// A reused idempotency key with another body is refused (409) and the log
// is unchanged; the same body is a repeat.
func TestAttackIdempotencyKeyReusedWithAnotherBody(t *testing.T) {
	bin := buildBinary(t)
	srv := startServer(t, bin, filepath.Join(t.TempDir(), "t.db"))
	defer stopServer(srv)
	game := attackGame(t, srv)
	if code, body := scoreCmd(t, srv, game, 0, 5, "k"); code != 200 {
		t.Fatalf("score: %d %s", code, body)
	}
	before, _ := gameLog(t, srv, game)
	view := hostJSON(t, srv, game)
	for _, c := range []struct{ seat, points int }{{0, 50}, {1, 5}} {
		code, body := scoreCmd(t, srv, game, c.seat, c.points, "k")
		if code != http.StatusConflict || !strings.Contains(body, "idempotency-key-reused") {
			t.Fatalf("key reused for seat %d, %d points: %d %s; want 409", c.seat, c.points, code, body)
		}
	}
	if code, body := scoreCmd(t, srv, game, 0, 5, "k"); code != 200 || !strings.Contains(body, `"repeat":true`) {
		t.Fatalf("the same command again: %d %s; want a repeat", code, body)
	}
	after, _ := gameLog(t, srv, game)
	if !bytes.Equal(before, after) || string(hostJSON(t, srv, game).View) != string(view.View) {
		t.Fatal("a refused key changed the game or its log")
	}
}

// kill -9 while a game's final command is being written, again and again:
// after each restart the game is finished exactly when its log says so, a
// finished game is in the score log, and every answered command is kept.
// The run goes on until kills have landed three times after the final
// command reached the disk but before its answer (the window that once
// stranded games), or for 200 tries. A game left playing takes its final
// command after the restart: nothing is stranded.
func TestAttackKillDuringTheFinalCommand(t *testing.T) {
	bin := buildBinary(t)
	db := filepath.Join(t.TempDir(), "t.db")
	srv := startServer(t, bin, db)
	defer func() { stopServer(srv) }()
	hit, tries, answeredFinishes := 0, 0, 0
	for tries < 200 && (hit < 3 || tries < 20) {
		tries++
		game := attackGame(t, srv)
		scoreCmd(t, srv, game, 0, 7, "s")
		answered := make(chan int, 1)
		go func() {
			req, _ := http.NewRequest("POST", fmt.Sprintf("%s/games/%d/commands", srv.url, game), strings.NewReader(`{"type":"finish","idem":"fin"}`))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				answered <- 0
				return
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			answered <- resp.StatusCode
		}()
		time.Sleep(time.Duration(rand.IntN(3000)) * time.Microsecond)
		stopServer(srv)
		code := <-answered
		srv = startServer(t, bin, db)
		_, events := gameLog(t, srv, game)
		finished := false
		for _, e := range events {
			finished = finished || e.Type == scorepad.EvEnded
		}
		p := hostJSON(t, srv, game)
		if code == 200 {
			answeredFinishes++
			if !finished {
				t.Fatalf("try %d: the final command was answered but is not in the log after the restart", tries)
			}
		}
		if finished && code != 200 {
			hit++
		}
		if want := map[bool]string{true: "finished", false: "playing"}[finished]; p.Info.Status != want {
			t.Fatalf("try %d: the log says finished=%v but the game is %q", tries, finished, p.Info.Status)
		}
		if !finished {
			if code, body := call(t, "POST", fmt.Sprintf("%s/games/%d/commands", srv.url, game), map[string]any{"type": "finish", "idem": "fin-again"}, nil); code != 200 {
				t.Fatalf("try %d: the game left playing refuses its final command: %d %s", tries, code, body)
			}
			finished = true
		}
		if finished {
			var scores struct {
				Plays []struct {
					GameID int64 `json:"tablesideGame"`
				}
			}
			call(t, "GET", srv.url+"/scores", nil, &scores)
			found := false
			for _, pl := range scores.Plays {
				found = found || pl.GameID == game
			}
			if !found {
				t.Fatalf("try %d: the finished game %d is not in the score log after the restart", tries, game)
			}
		}
	}
	t.Logf("%d tries, %d finishes answered, %d kills landed after the final command was on disk but before its answer", tries, answeredFinishes, hit)
}

// A damaged database is refused at start, with a message naming the file
// and what to do, and the file is not changed by a byte.
func TestAttackDamagedDatabaseRefusedAtStartUnchanged(t *testing.T) {
	bin := buildBinary(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "t.db")
	srv := startServer(t, bin, db)
	game := attackGame(t, srv)
	for i := 0; i < 300; i++ {
		scoreCmd(t, srv, game, i%2, i, fmt.Sprint("k", i))
	}
	srv.cmd.Process.Signal(os.Interrupt) // a clean stop: the log is folded into the file
	srv.cmd.Wait()
	b, err := os.ReadFile(db)
	if err != nil || len(b) < 8*4096 {
		t.Fatalf("database: %d bytes, %v", len(b), err)
	}
	for p := 1; p*4096 < len(b); p++ {
		for i := p*4096 + 8; i < p*4096+400; i++ {
			b[i] = 0xA5
		}
	}
	os.WriteFile(db, b, 0o600)
	var stderr bytes.Buffer
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", db)
	cmd.Stderr = &stderr
	err = cmd.Run()
	if err == nil {
		t.Fatal("the server started on a damaged database")
	}
	for _, want := range []string{db, "damaged", "backup"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("the refusal does not say %q: %s", want, stderr.String())
		}
	}
	if after, _ := os.ReadFile(db); !bytes.Equal(after, b) {
		t.Fatal("the damaged file was changed")
	}
}

// lockedBuffer collects a process's stderr while the test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// asUser runs cmd as an ordinary user. Tests often run as root, whom file
// modes do not stop; a read-only file must be read-only for the server.
func asUser(cmd *exec.Cmd) {
	if os.Getuid() == 0 {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	}
}

// userDirs makes a folder the server's user can reach (the binary is
// copied there) and a data folder it owns.
func userDirs(t *testing.T, bin string) (string, string) {
	t.Helper()
	root, err := os.MkdirTemp("", "tableside-ro-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(filepath.Join(root, "data"), 0o700); os.RemoveAll(root) })
	os.Chmod(root, 0o755)
	b, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	userBin := filepath.Join(root, "tableside")
	if err := os.WriteFile(userBin, b, 0o755); err != nil {
		t.Fatal(err)
	}
	data := filepath.Join(root, "data")
	os.Mkdir(data, 0o700)
	if os.Getuid() == 0 {
		os.Chown(data, 65534, 65534)
	}
	return userBin, data
}

func startServerAs(t *testing.T, bin, db string, stderr *lockedBuffer) *server {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", db)
	asUser(cmd)
	cmd.Stderr = stderr
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	found := make(chan string, 1)
	go func() {
		b := make([]byte, 4096)
		var got []byte
		for {
			n, err := out.Read(b)
			got = append(got, b[:n]...)
			if i := bytes.Index(got, []byte("http://localhost:")); i >= 0 {
				if j := bytes.IndexByte(got[i:], '\n'); j > 0 {
					found <- string(got[i : i+j])
					io.Copy(io.Discard, out)
					return
				}
			}
			if err != nil {
				return
			}
		}
	}()
	select {
	case u := <-found:
		return &server{cmd: cmd, url: strings.TrimSpace(u)}
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("the server did not start: %s", stderr.String())
	}
	return nil
}

// A database file made read-only: the server still shows the games, and
// /healthz, a command, the page and the log all say the file is read-only
// (not "try again"); nothing changes. A read-only folder is refused at
// start as such. The server runs as an ordinary user, as on a laptop.
func TestAttackReadOnlyDatabaseIsNamed(t *testing.T) {
	bin, data := userDirs(t, buildBinary(t))
	db := filepath.Join(data, "t.db")
	var stderr lockedBuffer
	srv := startServerAs(t, bin, db, &stderr)
	game := attackGame(t, srv)
	scoreCmd(t, srv, game, 0, 5, "a")
	srv.cmd.Process.Signal(os.Interrupt)
	srv.cmd.Wait()
	if _, err := os.Stat(db + "-wal"); err == nil {
		t.Fatalf("the log was not folded into the file at a clean stop")
	}

	os.Chmod(db, 0o400)
	srv = startServerAs(t, bin, db, &stderr)
	defer stopServer(srv)
	before, _ := gameLog(t, srv, game)
	view := hostJSON(t, srv, game)
	var health map[string]string
	resp, err := http.Get(srv.url + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	json.NewDecoder(resp.Body).Decode(&health)
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || health["database"] != "read-only" {
		t.Fatalf("healthz over a read-only file: %d %v", resp.StatusCode, health)
	}
	code, body := scoreCmd(t, srv, game, 1, 9, "b")
	if code != http.StatusServiceUnavailable || !strings.Contains(body, "database file is read-only") || strings.Contains(body, "try again.\"") && strings.Contains(body, "game is safe") {
		t.Fatalf("a command to a read-only file: %d %s", code, body)
	}
	req, _ := http.NewRequest("POST", fmt.Sprintf("%s/games/%d/commands", srv.url, game), strings.NewReader("type=score&d.seat=1&d.points=9"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(page), "database file is read-only") {
		t.Fatalf("a form to a read-only file: %d", resp.StatusCode)
	}
	after, _ := gameLog(t, srv, game)
	if !bytes.Equal(before, after) || string(hostJSON(t, srv, game).View) != string(view.View) {
		t.Fatal("the refused writes changed the game")
	}
	if !strings.Contains(stderr.String(), "problem=read-only") {
		t.Errorf("the log does not name the read-only file:\n%s", stderr.String())
	}
	stopServer(srv)

	// The folder read-only (the file writable): SQLite cannot make its
	// -wal and -shm files, so the start is refused, naming the folder.
	os.Remove(db + "-wal")
	os.Remove(db + "-shm")
	os.Chmod(db, 0o600)
	os.Chmod(data, 0o500)
	fileBefore, _ := os.ReadFile(db)
	var out bytes.Buffer
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", db)
	asUser(cmd)
	cmd.Stderr = &out
	if err := cmd.Run(); err == nil || !strings.Contains(out.String(), "writable") || !strings.Contains(out.String(), db) {
		t.Fatalf("start over a read-only folder: %v %s", err, out.String())
	}
	if fileAfter, _ := os.ReadFile(db); !bytes.Equal(fileBefore, fileAfter) {
		t.Fatal("the file in the read-only folder was changed")
	}
}
