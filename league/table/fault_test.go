package table_test

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tableside/internal/leaguetest"
	"tableside/league"
)

// killMidPush lets the first n pushes reach the hub's store and then drops
// the connection without an answer, as a hub killed between its commit and
// its reply would.
func killMidPush(n int32) func(http.Handler) http.Handler {
	var left atomic.Int32
	left.Store(n)
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != league.PushPath || left.Add(-1) < 0 {
				next.ServeHTTP(w, r)
				return
			}
			next.ServeHTTP(httptest.NewRecorder(), r) // the hub did the work...
			conn, _, err := http.NewResponseController(w).Hijack()
			if err == nil {
				conn.Close() // ...and died before it answered
			}
		})
	}
}

// The hub dies mid-push (after storing, before answering): the table keeps
// the plays queued and says so; the next push re-sends them, the hub keeps
// each once.
func TestHubKilledMidPushLosesNothingAndDuplicatesNothing(t *testing.T) {
	ctx := context.Background()
	th, tt := startHub(t, killMidPush(1)), newTable(t)
	tt.Pair(t, th, "Kitchen")
	for i := range 3 {
		tt.AddPlay(t, "Ana", "Bo", i, 5)
	}
	err := tt.Sync.Sync(ctx)
	contains(t, "push to a dying hub", errString(err), "did not answer")
	st := tt.Status(t)
	if st.Waiting != 3 {
		t.Fatalf("after the hub died %d plays wait, want 3", st.Waiting)
	}
	contains(t, "status", st.Line(), "3 plays waiting for the league")
	contains(t, "status", st.Line(), "did not answer")
	if on := th.Plays(t); len(on) != 3 {
		t.Fatalf("the hub stored %d plays before dying, want 3", len(on))
	}
	must(t, tt.Sync.Sync(ctx))
	if w := tt.Status(t).Waiting; w != 0 {
		t.Fatalf("%d plays still wait", w)
	}
	leaguetest.ExactlyOnce(t, th, tt)
}

// cutProxy sits between the table and the hub and, while cut, drops every
// connection part-way: after forwarding the whole request (the hub may
// store it) and only a few bytes of the answer, or after a few bytes of
// the request (the hub gets nothing whole).
type cutProxy struct {
	ln   net.Listener
	to   string
	mode atomic.Value // "", "answer", "request"
	wg   sync.WaitGroup
}

func newCutProxy(t *testing.T, to string) *cutProxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &cutProxy{ln: ln, to: to}
	p.mode.Store("")
	go p.serve()
	t.Cleanup(func() { ln.Close(); p.wg.Wait() })
	return p
}

func (p *cutProxy) URL() string { return "http://" + p.ln.Addr().String() }

func (p *cutProxy) serve() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		p.wg.Add(1)
		go func() { defer p.wg.Done(); p.pipe(c) }()
	}
}

func (p *cutProxy) pipe(c net.Conn) {
	defer c.Close()
	h, err := net.Dial("tcp", p.to)
	if err != nil {
		return
	}
	defer h.Close()
	switch p.mode.Load().(string) {
	case "request":
		io.CopyN(h, c, 60) // the request line and a little: then the cable is pulled
		return
	case "answer":
		go io.Copy(h, c)
		io.CopyN(c, h, 12) // "HTTP/1.1 200" and no more
		return
	}
	go func() { io.Copy(h, c); h.(*net.TCPConn).CloseWrite() }()
	io.Copy(c, h)
}

// The network drops mid-push, both ways: the table keeps what did not
// surely arrive, and once the network is back every play is on the hub once.
func TestNetworkCutMidPushLosesNothingAndDuplicatesNothing(t *testing.T) {
	ctx := context.Background()
	th, tt := startHub(t, nil), newTable(t)
	proxy := newCutProxy(t, th.Server.Listener.Addr().String())
	tt.Sync.Client.Transport = &http.Transport{DisableKeepAlives: true} // every push a new connection through the proxy
	must(t, tt.Sync.Pair(ctx, proxy.URL(), th.NewCode(t), "Kitchen"))
	tt.AddPlay(t, "Ana", "Bo", 1, 2)
	proxy.mode.Store("request")
	if err := tt.Sync.Sync(ctx); err == nil {
		t.Fatal("a push through a cut cable succeeded")
	}
	if n := len(th.Plays(t)); n != 0 || tt.Status(t).Waiting != 1 {
		t.Fatalf("half a request: hub has %d plays, table waits for %d", n, tt.Status(t).Waiting)
	}
	tt.AddPlay(t, "Ana", "Cy", 3, 2)
	proxy.mode.Store("answer")
	if err := tt.Sync.Sync(ctx); err == nil {
		t.Fatal("a push whose answer was cut succeeded")
	}
	if n := len(th.Plays(t)); n != 2 || tt.Status(t).Waiting != 2 {
		t.Fatalf("cut answer: hub has %d plays (want 2), table waits for %d (want 2)", n, tt.Status(t).Waiting)
	}
	proxy.mode.Store("")
	must(t, tt.Sync.Sync(ctx))
	if tt.Status(t).Waiting != 0 {
		t.Fatal("plays still wait once the network is back")
	}
	leaguetest.ExactlyOnce(t, th, tt)
}

// Two tables push plays with the same people at the same moment: each
// person is one league player, every play is there once, and both tables
// remember the same league ids.
func TestTwoTablesPushingTheSamePlayersAtOnce(t *testing.T) {
	ctx := context.Background()
	th := startHub(t, nil)
	a, b := newTable(t), newTable(t)
	a.Pair(t, th, "Kitchen")
	b.Pair(t, th, "Garden")
	for i := range 10 {
		a.AddPlay(t, "Ana", "Bo", i, 5)
		b.AddPlay(t, "Bo", "Ana", i, 5)
	}
	a.Sync.Batch, b.Sync.Batch = 1, 1 // twenty transactions racing
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, tt := range []*testTable{a, b} {
		wg.Add(1)
		go func() { defer wg.Done(); errs[i] = tt.Sync.Sync(ctx) }()
	}
	wg.Wait()
	must(t, errs[0])
	must(t, errs[1])
	leaguetest.ExactlyOnce(t, th, a, b)
	if n := len(th.Plays(t)); n != 20 {
		t.Fatalf("%d plays on the hub, want 20", n)
	}
	players, _ := th.Store.Players(ctx)
	if len(players) != 2 {
		t.Fatalf("league players %+v, want Ana and Bo once each", players)
	}
	ids := func(tt *testTable) map[string]int64 {
		out := map[string]int64{}
		rows, err := tt.DB.QueryContext(ctx, `SELECT p.name, l.league_id FROM league_people l JOIN people p ON p.id = l.person_id`)
		must(t, err)
		defer rows.Close()
		for rows.Next() {
			var n string
			var id int64
			must(t, rows.Scan(&n, &id))
			out[n] = id
		}
		return out
	}
	if ia, ib := ids(a), ids(b); fmt.Sprint(ia) != fmt.Sprint(ib) || len(ia) != 2 {
		t.Fatalf("the tables remember different league ids: %v and %v", ia, ib)
	}
}

// signedPush posts a body as the table would, with the given nonce.
func signedPush(t *testing.T, th *testHub, tt *testTable, body []byte, nonce string) (int, string) {
	t.Helper()
	l, _, err := tt.Sync.Link(context.Background())
	must(t, err)
	now := time.Now().Unix()
	req, _ := http.NewRequest(http.MethodPost, th.URL+league.PushPath, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(league.HeaderTable, l.TableID)
	req.Header.Set(league.HeaderTime, strconv.FormatInt(now, 10))
	req.Header.Set(league.HeaderNonce, nonce)
	req.Header.Set(league.HeaderSignature, league.Sign(l.Key, now, nonce, body))
	resp, err := http.DefaultClient.Do(req)
	must(t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// The same play pushed twice (a retry after a lost answer) is taken once:
// the second push changes nothing; a captured push replayed as it was (same
// nonce) is refused.
func TestSamePlayPushedTwiceIsKeptOnce(t *testing.T) {
	ctx := context.Background()
	th, tt := startHub(t, nil), newTable(t)
	tt.Pair(t, th, "Kitchen")
	p := tt.AddPlay(t, "Ana", "Bo", 1, 2)
	lp := league.Play{ID: p.Key, Version: 1, Title: "Carcassonne", Date: "2026-11-20", Scoring: "high",
		Players: []league.Player{{Local: 1, Name: "Ana", Rank: 2}, {Local: 2, Name: "Bo", Rank: 1, Winner: true}}}
	body, _ := json.Marshal(league.PushRequest{Plays: []league.Play{lp}})
	nonce := hex.EncodeToString([]byte("0123456789abcdef"))
	if code, b := signedPush(t, th, tt, body, nonce); code != http.StatusOK || !bytes.Contains([]byte(b), []byte(`"stored"`)) {
		t.Fatalf("first push: %d %s", code, b)
	}
	before, _ := th.Store.Dump(ctx)
	if code, b := signedPush(t, th, tt, body, nonce+"00"); code != http.StatusOK || !bytes.Contains([]byte(b), []byte(`"unchanged"`)) {
		t.Fatalf("second push: %d %s", code, b)
	}
	code, b := signedPush(t, th, tt, body, nonce)
	if code != http.StatusConflict {
		t.Fatalf("replay: %d %s", code, b)
	}
	contains(t, "replay", b, "received before")
	after, _ := th.Store.Dump(ctx)
	must(t, league.SameSums(before.Sums(), after.Sums()))
	if n := len(th.Plays(t)); n != 1 {
		t.Fatalf("%d plays, want 1", n)
	}
}

// A push signed with the wrong key is refused with a clear message, logged
// on the hub, and nothing is stored; the table keeps its queue, and once its
// key is right again every play arrives once.
func TestBadSignatureRefusedLoggedAndNothingStored(t *testing.T) {
	ctx := context.Background()
	th, tt := startHub(t, nil), newTable(t)
	tt.Pair(t, th, "Kitchen")
	tt.AddPlay(t, "Ana", "Bo", 1, 2)
	var key string
	must(t, tt.DB.QueryRowContext(ctx, `SELECT key FROM league_link`).Scan(&key))
	_, err := tt.DB.ExecContext(ctx, `UPDATE league_link SET key = ?`, hex.EncodeToString(make([]byte, 32)))
	must(t, err)
	contains(t, "push with a wrong key", errString(tt.Sync.Sync(ctx)), "the signature does not match this table's key")
	contains(t, "hub log", th.Log.String(), "league push refused")
	contains(t, "hub log", th.Log.String(), "status=401")
	if n := len(th.Plays(t)); n != 0 || tt.Status(t).Waiting != 1 {
		t.Fatalf("bad signature: hub has %d plays, table waits for %d", n, tt.Status(t).Waiting)
	}
	_, err = tt.DB.ExecContext(ctx, `UPDATE league_link SET key = ?`, key)
	must(t, err)
	must(t, tt.Sync.Sync(ctx))
	leaguetest.ExactlyOnce(t, th, tt)
}

// A revoked key, and a table this hub never paired (another hub's key),
// are refused and logged; the table keeps what it could not send.
func TestRevokedAndForeignKeysRefusedAndLogged(t *testing.T) {
	ctx := context.Background()
	th, other := startHub(t, nil), startHub(t, nil)
	tt, stranger := newTable(t), newTable(t)
	tt.Pair(t, th, "Kitchen")
	stranger.Pair(t, other, "Elsewhere")
	tt.AddPlay(t, "Ana", "Bo", 1, 2)
	must(t, tt.Sync.Sync(ctx))
	resp, err := th.AdminClient(t).PostForm(th.URL+"/admin/tables/"+tt.TableID(t)+"/revoke", nil)
	must(t, err)
	resp.Body.Close()
	tt.AddPlay(t, "Ana", "Bo", 3, 2)
	contains(t, "revoked push", errString(tt.Sync.Sync(ctx)), "revoked")
	contains(t, "hub log", th.Log.String(), "status=403")
	if n, w := len(th.Plays(t)), tt.Status(t).Waiting; n != 1 || w != 1 {
		t.Fatalf("revoked: hub has %d plays (want 1), table waits for %d (want 1)", n, w)
	}
	// The stranger's link points at the wrong hub: a foreign key there.
	_, err = stranger.DB.ExecContext(ctx, `UPDATE league_link SET hub = ?`, th.URL)
	must(t, err)
	stranger.AddPlay(t, "Zed", "Yan", 1, 2)
	contains(t, "foreign push", errString(stranger.Sync.Sync(ctx)), "never paired that table")
	contains(t, "hub log", th.Log.String(), "table="+stranger.TableID(t))
	if n := len(th.Plays(t)); n != 1 {
		t.Fatalf("a foreign push stored something: %d plays", n)
	}
}
