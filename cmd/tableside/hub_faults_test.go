package main

import (
	"context"
	"fmt"
	"html"
	"io"
	"net"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"tableside/internal/leaguetest"
	"tableside/internal/pgtest"
	"tableside/league"
	"tableside/league/hub"
	"tableside/league/store"
	"tableside/scoring"
	"tableside/tracker"
	"tableside/tracker/scorelog"

	"tableside/internal/testclient"
)

// hubOver starts a `tableside hub` process over db with secrets (made here,
// so the test knows the admin token) and gives the test its own view of
// the hub's database.
func hubOver(t *testing.T, bin, db, secrets string) (*hubProcess, *leaguetest.Hub) {
	t.Helper()
	sec, err := hub.LoadSecrets(secrets)
	leaguetest.Must(t, err)
	proc := startHubProcess(t, bin, "127.0.0.1:0", db, secrets)
	st, err := store.Open(context.Background(), db)
	leaguetest.Must(t, err)
	t.Cleanup(func() { st.Close() })
	return proc, &leaguetest.Hub{URL: "http://127.0.0.1:" + proc.port, Store: st, Admin: sec.Admin}
}

// pageOf reads a page as the table's laptop (loopback: the host) or anyone.
func pageOf(t *testing.T, u string) string {
	t.Helper()
	_, b := testclient.Fetch(t, nil, u)
	return html.UnescapeString(string(b))
}

// pairServer pairs a running `tableside serve` with the hub through its
// league page, as the host does.
func pairServer(t *testing.T, s *server, h *leaguetest.Hub) {
	t.Helper()
	resp, _ := testclient.PostForm(t, nil, s.url+"/scores/league", url.Values{"hub": {h.URL}, "code": {h.NewCode(t)}, "name": {"Kitchen"}})
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("pairing the table: %s", resp.Status)
	}
}

// Two `tableside hub` processes over one PostgreSQL database and one
// secrets file are one league: a table paired on the first pushes to
// either, each shows what was pushed to the other, and a push captured on
// its way to one is refused by the other as a replay (the nonces are in the
// database, not in either process).
func TestTwoHubProcessesOverOnePostgresServeOneLeague(t *testing.T) {
	ctx := context.Background()
	bin := buildBinary(t)
	db, secrets := pgtest.DB(t), filepath.Join(t.TempDir(), "league-secrets.json")
	_, a := hubOver(t, bin, db, secrets)
	_, b := hubOver(t, bin, db, secrets)
	tt := leaguetest.NewTable(t)
	tt.Pair(t, a, "Kitchen")
	rec := &recorder{}
	tt.Sync.Client = &http.Client{Timeout: 30 * time.Second, Transport: rec}
	for i := range 3 {
		tt.AddPlay(t, "Ana", "Bo", i, 2)
	}
	leaguetest.Must(t, tt.Sync.Sync(ctx))
	waitFor(t, "the second hub to show the first hub's plays", func() bool {
		return strings.Count(pageOf(t, b.URL+"/plays"), "<tr>") == 4
	})
	code, msg := rec.replay(t, b.URL)
	if code != http.StatusConflict || !strings.Contains(msg, "a replay") {
		t.Fatalf("a push to the first hub replayed to the second: %d %s, want 409", code, msg)
	}
	_, err := tt.DB.ExecContext(ctx, `UPDATE league_link SET hub = ?`, b.URL)
	leaguetest.Must(t, err)
	tt.AddPlay(t, "Cy", "Bo", 7, 2)
	leaguetest.Must(t, tt.Sync.Sync(ctx))
	waitFor(t, "the first hub to show the second hub's play", func() bool {
		return strings.Count(pageOf(t, a.URL+"/plays"), "<tr>") == 5
	})
	leaguetest.ExactlyOnce(t, a, tt)
}

// recorder passes requests on and keeps the last push, to replay it.
type recorder struct {
	mu     sync.Mutex
	header http.Header
	body   []byte
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Path == league.PushPath {
		b, _ := io.ReadAll(req.Body)
		req.Body.Close()
		r.mu.Lock()
		r.header, r.body = req.Header.Clone(), b
		r.mu.Unlock()
		req = req.Clone(req.Context())
		req.Body = io.NopCloser(strings.NewReader(string(b)))
	}
	return http.DefaultTransport.RoundTrip(req)
}

func (r *recorder) replay(t *testing.T, hubURL string) (int, string) {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	req, _ := http.NewRequest(http.MethodPost, hubURL+league.PushPath, strings.NewReader(string(r.body)))
	req.Header = r.header.Clone()
	resp, b := testclient.Send(t, nil, req)
	return resp.StatusCode, string(b)
}

// The hub and a table, both real processes, are each killed with kill -9
// while the table pushes 1,500 plays with one poisoned play in its queue,
// and restarted: every good play reaches the hub exactly once within a
// bounded wait, and the poisoned play is named, with why, on the table's
// league page (set aside; the rest flowed on around it).
func TestHubAndTableKilledMidPushWithAPoisonedPlay(t *testing.T) {
	const plays = 1500
	ctx := context.Background()
	bin := buildBinary(t)
	db, secrets := pgtest.DB(t), filepath.Join(t.TempDir(), "league-secrets.json")
	hubProc, h := hubOver(t, bin, db, secrets)

	tableDB := filepath.Join(t.TempDir(), "tableside.db")
	fillScoreLog(t, tableDB, plays)
	tbl := startServer(t, bin, tableDB)
	t.Cleanup(func() { tbl.cmd.Process.Kill(); tbl.cmd.Wait() })
	pairServer(t, tbl, h)

	waitFor(t, "the first pushes to arrive", func() bool { return len(h.Plays(t)) > 0 })
	tbl.cmd.Process.Kill() // kill -9 the table mid-push
	tbl.cmd.Wait()
	first := len(h.Plays(t))
	tbl = startServer(t, bin, tableDB)
	waitFor(t, "more pushes from the restarted table", func() bool { return len(h.Plays(t)) > first })
	hubProc.kill9() // and the hub
	<-hubProc.done
	second := len(h.Plays(t))
	t.Logf("the table died with %d plays on the hub, the hub with %d", first, second)
	hubProc = startHubProcess(t, bin, "127.0.0.1:"+hubProc.port, db, secrets)

	start := time.Now()
	waitFor(t, "every good play on the hub", func() bool { return len(h.Plays(t)) == plays })
	t.Logf("every good play on the hub %s after the hub came back", time.Since(start).Round(time.Millisecond))
	on := h.Plays(t)
	d, err := h.Store.Dump(ctx)
	leaguetest.Must(t, err)
	if n := d.Sums()["play_players"].Rows; n != 2*plays {
		t.Fatalf("the hub holds %d play_players rows, want %d", n, 2*plays)
	}
	for k, p := range on {
		if p.Version != 1 || len(p.Players) != 2 || strings.Contains(k, "poisoned") {
			t.Fatalf("play %s on the hub: version %d, %d players", k, p.Version, len(p.Players))
		}
	}
	page := pageOf(t, tbl.url+"/scores/league")
	for _, want := range []string{"1 play is set aside", "Poisoned", "minutes", "Leave out of the league"} {
		if !strings.Contains(page, want) {
			t.Fatalf("the table's league page does not say %q:\n%s", want, page)
		}
	}
}

// fillScoreLog logs n plays in a new table database, and puts in its league
// queue one play the league refuses (minutes past what the hub's INTEGER
// holds: written by an older table), as the first to go.
func fillScoreLog(t *testing.T, path string, n int) {
	t.Helper()
	ctx := context.Background()
	db, err := tracker.OpenDB(path)
	leaguetest.Must(t, err)
	defer db.Close()
	scores := scorelog.New(db)
	for i := range n {
		a, b := i, n-i
		_, err := scores.Add(ctx, scoring.Play{Game: "Carcassonne", Date: "2026-11-20", Scoring: scoring.High,
			Players: []scoring.Player{{Name: fmt.Sprintf("Ana %d", i%7), Score: &a}, {Name: fmt.Sprintf("Bo %d", i%5), Score: &b}}})
		leaguetest.Must(t, err)
	}
	_, err = db.ExecContext(ctx, `INSERT INTO league_plays(key, version, hash, payload, queued) VALUES ('poisoned', 1, 'gone', ?, '2000-01-01T00:00:00Z')`,
		`{"id":"poisoned","version":1,"title":"Poisoned","date":"2026-01-01","minutes":2147483648,"scoring":"winlose","players":[{"local":1,"name":"Ana","rank":1,"winner":true}]}`)
	leaguetest.Must(t, err)
}

// `tableside hub` caps the connections open from all peers together: with
// the cap held by idle sockets, one more is closed as soon as it is
// accepted, unanswered; once they go, the hub answers again.
func TestHubCapsConnectionsAcrossAllPeers(t *testing.T) {
	bin := buildBinary(t)
	dir := t.TempDir()
	p := startHubProcess(t, bin, "127.0.0.1:0", filepath.Join(dir, "league.db"), filepath.Join(dir, "secrets.json"), "--max-conns", "20", "--conns-per-addr", "20")
	addr := "127.0.0.1:" + p.port
	var held []net.Conn
	defer func() {
		for _, c := range held {
			c.Close()
		}
	}()
	for range 20 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, c)
	}
	time.Sleep(200 * time.Millisecond) // the hub has accepted them
	extra, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer extra.Close()
	fmt.Fprintf(extra, "GET /healthz HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
	extra.SetReadDeadline(time.Now().Add(10 * time.Second))
	if n, err := extra.Read(make([]byte, 64)); err == nil || n > 0 {
		t.Fatalf("a connection past the cap was answered (%d bytes, %v)", n, err)
	}
	for _, c := range held {
		c.Close()
	}
	held = nil
	waitFor(t, "the hub to answer again", func() bool {
		resp, err := http.Get("http://" + addr + "/healthz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	})
}
