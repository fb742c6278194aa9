package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// server is a running tableside process.
type server struct {
	cmd *exec.Cmd
	url string
}

// startServer runs the binary on a free loopback port and waits until it
// says where it listens.
func startServer(t testing.TB, bin, db string) *server {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", db, "--quiet")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	urlRE := regexp.MustCompile(`http://localhost:\d+`)
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if u := urlRE.FindString(sc.Text()); u != "" {
				found <- u
			}
		}
		io.Copy(io.Discard, stdout)
	}()
	select {
	case u := <-found:
		return &server{cmd: cmd, url: u}
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatal("the server did not start within 30s")
	}
	return nil
}

func post(url, body string) (*http.Response, error) {
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	return http.DefaultClient.Do(req)
}

// TestKilledServerRestartsWithEveryAnsweredCommand sends commands from
// several clients, kills the server with SIGKILL in the middle, restarts it,
// and checks that every command that was answered is in the log and that the
// state equals a fresh replay of the log.
func TestKilledServerRestartsWithEveryAnsweredCommand(t *testing.T) {
	bin := buildBinary(t)
	db := filepath.Join(t.TempDir(), "crash.db")
	srv := startServer(t, bin, db)

	resp, err := post(srv.url+"/games", `{"kind":"scorepad","players":["Ana","Ben","Cy"]}`)
	if err != nil || resp.StatusCode != http.StatusCreated {
		t.Fatalf("create game: %v %v", err, resp)
	}
	var info struct{ ID int64 }
	json.NewDecoder(resp.Body).Decode(&info)
	resp.Body.Close()

	var mu sync.Mutex
	answered := map[string]bool{}
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				key := fmt.Sprintf("w%d-%d", w, i)
				body := fmt.Sprintf(`{"type":"score","data":{"seat":%d,"points":%d},"idem":%q}`, w%3, i+1, key)
				resp, err := post(fmt.Sprintf("%s/games/%d/commands", srv.url, info.ID), body)
				if err != nil {
					return // the server is gone
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode == http.StatusOK {
					mu.Lock()
					answered[key] = true
					mu.Unlock()
				}
			}
		}(w)
	}
	time.Sleep(700 * time.Millisecond)
	if err := srv.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	srv.cmd.Wait()
	close(stop)
	wg.Wait()
	if len(answered) < 10 {
		t.Fatalf("only %d commands were answered before the kill; the test proves nothing", len(answered))
	}

	again := startServer(t, bin, db)
	defer func() { again.cmd.Process.Kill(); again.cmd.Wait() }()
	logResp, err := http.Get(fmt.Sprintf("%s/games/%d/log", again.url, info.ID))
	if err != nil {
		t.Fatal(err)
	}
	logBytes, _ := io.ReadAll(logResp.Body)
	logResp.Body.Close()
	var x struct {
		Events []struct {
			Idem string `json:"idem"`
		} `json:"events"`
	}
	if err := json.Unmarshal(logBytes, &x); err != nil {
		t.Fatalf("exported log: %v", err)
	}
	inLog := map[string]bool{}
	for _, e := range x.Events {
		inLog[e.Idem] = true
	}
	for key := range answered {
		if !inLog[key] {
			t.Errorf("command %s was answered but is not in the log after the restart", key)
		}
	}

	// The restarted server's state equals a fresh replay of its log.
	logFile := filepath.Join(t.TempDir(), "game.json")
	os.WriteFile(logFile, logBytes, 0o644)
	var replayOut, replayErr bytes.Buffer
	if code := run(t.Context(), []string{"replay", logFile, "--json"}, &replayOut, &replayErr); code != 0 {
		t.Fatalf("replay exit %d: %s", code, replayErr.String())
	}
	viewResp, err := http.Get(fmt.Sprintf("%s/games/%d/view", again.url, info.ID))
	if err != nil {
		t.Fatal(err)
	}
	var live struct {
		View struct {
			Entries json.RawMessage `json:"entries"`
		} `json:"view"`
	}
	json.NewDecoder(viewResp.Body).Decode(&live)
	viewResp.Body.Close()
	var replayed struct {
		Entries json.RawMessage `json:"entries"`
	}
	json.Unmarshal(replayOut.Bytes(), &replayed)
	if len(live.View.Entries) == 0 || !bytes.Equal(live.View.Entries, replayed.Entries) {
		t.Fatalf("after restart, the served state differs from a fresh replay:\nserved   %.200s\nreplayed %.200s", live.View.Entries, replayed.Entries)
	}
	t.Logf("%d commands answered before SIGKILL; %d events in the log after restart", len(answered), len(x.Events))
}
