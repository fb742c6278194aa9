package attack

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"tableside/internal/leaguetest"
	"tableside/internal/testclient"
	"tableside/internal/testenv"
)

// kill -9 while a game's final command is being written, again and again.
// After each restart the game is finished exactly when its log says so, a
// finished game is in the score log, an answered final command is in the
// log, and a game left playing takes its final command: nothing is
// stranded. The run goes on until kills have landed three times after the
// final command reached the disk but before its answer (the window that
// once left games "playing" forever), or for 200 tries.
func TestAttackKillDuringTheFinalCommand(t *testing.T) {
	s := Start(t)
	db := s.DB
	hit, tries, answered := 0, 0, 0
	for tries < 200 && (hit < 3 || tries < 20) {
		tries++
		game := s.CreateGame("scorepad", "Ana", "Ben")
		s.Host.Command(game, "score", map[string]int{"seat": 0, "points": 7}, "s")
		done := make(chan int, 1)
		req := s.Host.Request(http.MethodPost, fmt.Sprintf("/games/%d/commands", game), strings.NewReader(`{"type":"finish","idem":"fin"}`),
			"Content-Type", "application/json", "Accept", "application/json")
		go func() {
			resp, err := s.Host.HTTP.Do(req)
			if err != nil {
				done <- 0
				return
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			done <- resp.StatusCode
		}()
		time.Sleep(time.Duration(rand.IntN(3000)) * time.Microsecond)
		s.Kill()
		code := <-done
		s = Start(t, "--db", db)

		finished := false
		for _, e := range events(t, s.Log(game)) {
			finished = finished || e.Type == "ended"
		}
		if code == 200 {
			answered++
			if !finished {
				t.Fatalf("try %d: the final command was answered but is not in the log after the restart", tries)
			}
		} else if finished {
			hit++
		}
		want := map[bool]string{true: "finished", false: "playing"}[finished]
		if got := s.hostPage(t, game).Info.Status; got != want {
			t.Fatalf("try %d: the log says finished=%v, the game is %q", tries, finished, got)
		}
		if !finished {
			if code, body := s.Host.Command(game, "finish", nil, "fin-again"); code != 200 {
				t.Fatalf("try %d: the game left playing refuses its final command: %d %s", tries, code, body)
			}
		}
		if games, _ := scoreLogGames(t, s); !slices.Contains(games, game) {
			t.Fatalf("try %d: finished game %d is not in the score log", tries, game)
		}
	}
	t.Logf("%d tries with kill -9: %d final commands answered, %d kills after the final command was on disk but before its answer", tries, answered, hit)
}

// scoreLogGames is the game of each play in s's score log, in the log's
// order, and the log's JSON.
func scoreLogGames(t *testing.T, s *Server) ([]int64, string) {
	t.Helper()
	var scores struct {
		Plays []struct {
			GameID int64 `json:"tablesideGame"`
		}
	}
	resp, body := s.Host.Do(s.Host.Request(http.MethodGet, "/scores", nil, "Accept", "application/json"))
	if resp.StatusCode != 200 || json.Unmarshal([]byte(body), &scores) != nil {
		t.Fatalf("score log: %d %.200s", resp.StatusCode, body)
	}
	var games []int64
	for _, p := range scores.Plays {
		games = append(games, p.GameID)
	}
	return games, body
}

// corrupt puts garbage over the middle of every b-tree page of a database
// file, keeping its header, as a failing disk or a half-copied file does.
func corrupt(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil || len(b) < 8*4096 {
		t.Fatalf("database: %d bytes, %v", len(b), err)
	}
	for p := 1; p*4096 < len(b); p++ {
		for i := p*4096 + 8; i < p*4096+400; i++ {
			b[i] = 0xA5
		}
	}
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return b
}

// A damaged database is refused at start, naming the file and what to do,
// and the file is not changed by a byte.
func TestAttackDamagedDatabaseIsRefusedAtStartUnchanged(t *testing.T) {
	s := Start(t)
	game := s.CreateGame("scorepad", "Ana", "Ben")
	for i := range 300 {
		s.Host.Command(game, "score", map[string]int{"seat": i % 2, "points": i}, fmt.Sprint("k", i))
	}
	s.stop() // a clean stop folds the write-ahead log into the file
	if _, err := os.Stat(s.DB + "-wal"); err == nil {
		t.Fatal("the write-ahead log is still there after a clean stop")
	}
	damaged := corrupt(t, s.DB)
	var stderr bytes.Buffer
	cmd := exec.Command(binary, "serve", "--addr", "127.0.0.1:0", "--db", s.DB, "--host-token-only")
	cmd.Stderr = &stderr
	if err := cmd.Run(); err == nil {
		t.Fatal("the server started over a damaged database")
	}
	for _, want := range []string{s.DB, "damaged", "backup", "not changed the file"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("the refusal does not say %q: %s", want, stderr.String())
		}
	}
	if after, _ := os.ReadFile(s.DB); !bytes.Equal(after, damaged) {
		t.Fatal("the damaged file was changed")
	}
}

// asUser runs cmd as an ordinary user: tests often run as root, whom file
// modes do not stop, and a read-only file must be read-only for the server.
func asUser(cmd *exec.Cmd) {
	if os.Getuid() == 0 {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	}
}

// userCopy puts a copy of the binary where an ordinary user can run it, and
// a data folder that user owns.
func userCopy(t *testing.T) (bin, data string) {
	t.Helper()
	root, err := os.MkdirTemp("", "tableside-ro-")
	if err != nil {
		t.Fatal(err)
	}
	data = filepath.Join(root, "data")
	t.Cleanup(func() { os.Chmod(data, 0o700); os.RemoveAll(root) })
	os.Chmod(root, 0o755)
	b, err := os.ReadFile(binary)
	if err != nil {
		t.Fatal(err)
	}
	bin = filepath.Join(root, "tableside")
	if err := os.WriteFile(bin, b, 0o755); err != nil {
		t.Fatal(err)
	}
	os.Mkdir(data, 0o700)
	if os.Getuid() == 0 {
		os.Chown(data, 65534, 65534)
	}
	return bin, data
}

// userServer runs the copy as the ordinary user (loopback is the host: no
// --host-token-only) and returns its URL; it is killed when the test ends.
func userServer(t *testing.T, bin, db string, stderr *leaguetest.SyncBuffer) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", db)
	asUser(cmd)
	cmd.Stderr = stderr
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	port := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`http://localhost:(\d+)`)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				port <- m[1]
				break
			}
		}
		io.Copy(io.Discard, out)
	}()
	select {
	case p := <-port:
		return cmd, "http://127.0.0.1:" + p
	case <-time.After(30 * time.Second):
		t.Fatalf("the server did not start: %s", stderr)
	}
	return nil, ""
}

func userPost(t *testing.T, url, body string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, b := testclient.Send(t, nil, req)
	return resp.StatusCode, string(b)
}

func userGet(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, b := testclient.Fetch(t, nil, url)
	return resp.StatusCode, string(b)
}

// A database file made read-only is refused at start with one line naming
// the file and what to do (before, the server started, showed every game
// and then failed every save), and the file is left as it was. A read-only
// folder is refused at start too, naming the folder.
func TestAttackReadOnlyDatabaseIsNamed(t *testing.T) {
	bin, data := userCopy(t)
	db := filepath.Join(data, "tableside.db")
	var stderr leaguetest.SyncBuffer
	cmd, url := userServer(t, bin, db, &stderr)
	if code, body := userPost(t, url+"/games", `{"kind":"scorepad","players":["Ana","Ben"]}`); code != http.StatusCreated {
		t.Fatalf("create: %d %s", code, body)
	}
	userPost(t, url+"/games/1/commands", `{"type":"score","data":{"seat":0,"points":5},"idem":"a"}`)
	cmd.Process.Signal(os.Interrupt)
	cmd.Wait()

	os.Chmod(db, 0o400)
	kept, _ := os.ReadFile(db)
	var refused bytes.Buffer
	ro := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", db)
	asUser(ro)
	ro.Stderr = &refused
	done := make(chan error, 1)
	if err := ro.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { done <- ro.Wait() }()
	select {
	case err := <-done:
		lines := strings.Split(strings.TrimSpace(refused.String()), "\n")
		if err == nil || len(lines) != 1 || !strings.Contains(lines[0], db+": the file is read-only") || !strings.Contains(lines[0], "chmod u+w") {
			t.Fatalf("start over a read-only file: %v, said:\n%s\nwant one line naming the read-only file", err, refused.String())
		}
	case <-time.After(30 * time.Second):
		ro.Process.Kill()
		t.Fatalf("the server started over a read-only file; said:\n%s", refused.String())
	}
	if after, _ := os.ReadFile(db); !bytes.Equal(kept, after) {
		t.Fatal("the read-only file was changed")
	}

	// The folder read-only, the file writable: SQLite cannot make the files
	// it keeps beside the database, so the start is refused, naming both.
	os.Remove(db + "-wal")
	os.Remove(db + "-shm")
	os.Chmod(db, 0o600)
	os.Chmod(data, 0o500)
	before, _ := os.ReadFile(db)
	var out bytes.Buffer
	start := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", db)
	asUser(start)
	start.Stderr = &out
	if err := start.Run(); err == nil || !strings.Contains(out.String(), "writable") || !strings.Contains(out.String(), db) {
		t.Fatalf("start over a read-only folder: %v %s", err, out.String())
	}
	if after, _ := os.ReadFile(db); !bytes.Equal(before, after) {
		t.Fatal("the file in the read-only folder was changed")
	}
}

// A game an older Tableside left "playing" after its final event (its
// status row edited back, as a crash between two writes once left it) is
// found finished at start by the background pass, and lands in the score
// log, without anyone opening it.
func TestAttackStrandedGameIsFinishedAtStart(t *testing.T) {
	s := Start(t)
	game := s.CreateGame("scorepad", "Ana", "Ben")
	s.Host.Command(game, "score", map[string]int{"seat": 1, "points": 8}, "s")
	if code, body := s.Host.Command(game, "finish", nil, "f"); code != 200 {
		t.Fatalf("finish: %d %s", code, body)
	}
	s.stop()
	raw, err := testenv.OpenRawDB(s.DB)
	if err != nil {
		t.Fatal(err)
	}
	_, err1 := raw.Exec(`UPDATE games SET status = 'playing', finished = NULL WHERE id = ?`, game)
	_, err2 := raw.Exec(`DELETE FROM plays`)
	raw.Close()
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	again := Start(t, "--db", s.DB)
	deadline := time.Now().Add(20 * time.Second)
	for {
		games, body := scoreLogGames(t, again)
		if len(games) == 1 && games[0] == game {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the stranded game never reached the score log: %s", body)
		}
		time.Sleep(50 * time.Millisecond)
	}
	for _, g := range again.Games() {
		if g.ID == game && g.Status != "finished" {
			t.Fatalf("the stranded game is %q after the start", g.Status)
		}
	}
}
