package hub_test

import (
	"bufio"
	"context"
	"crypto/tls"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"tableside/internal/leaguetest"
	"tableside/league"
	"tableside/league/hub"
	"tableside/league/storetest"

	"tableside/internal/testclient"
)

// pairedTable pairs a real table with the hub and returns its id and key.
func pairedTable(t testing.TB, th *testHub) (string, []byte) {
	t.Helper()
	tt := leaguetest.NewTable(t)
	tt.Pair(t, th, "Kitchen")
	l, ok, err := tt.Sync.Link(context.Background())
	if err != nil || !ok {
		t.Fatalf("link: %v %v", ok, err)
	}
	return l.TableID, l.Key
}

// signedPush is a push request as a table signs it; nonce "" makes one.
func signedPush(t testing.TB, hubURL, table string, key []byte, nonce string, body []byte) *http.Request {
	t.Helper()
	if nonce == "" {
		nonce = fmt.Sprintf("%032x", time.Now().UnixNano())
	}
	now := time.Now().Unix()
	r, err := http.NewRequest(http.MethodPost, hubURL+league.PushPath, strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set(league.HeaderTable, table)
	r.Header.Set(league.HeaderTime, strconv.FormatInt(now, 10))
	r.Header.Set(league.HeaderNonce, nonce)
	r.Header.Set(league.HeaderSignature, league.Sign(key, now, nonce, body))
	return r
}

func do(t testing.TB, r *http.Request) (int, string) {
	t.Helper()
	resp, b := testclient.Send(t, nil, r)
	return resp.StatusCode, string(b)
}

func pushBody(t testing.TB, plays ...league.Play) []byte {
	b, err := json.Marshal(league.PushRequest{Plays: plays})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func playCount(t testing.TB, th *testHub) int {
	t.Helper()
	ps, err := th.Store.Plays(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return len(ps)
}

// Every field a paired table can poison is refused at the hub's door with
// a 422 that names the play and the field, and nothing of the batch is
// stored. Before, a NUL or a score past ±2^31 reached the store (PostgreSQL
// answered 500; SQLite kept it).
func TestPoisonedPushAnswers422NamingThePlayAndTheField(t *testing.T) {
	th := start(t)
	table, key := pairedTable(t, th)
	for _, c := range storetest.Poisoned() {
		if !utf8.ValidString(c.Play.Title) {
			continue // invalid UTF-8 cannot travel in JSON: it arrives as U+FFFD
		}
		code, body := do(t, signedPush(t, th.URL, table, key, "", pushBody(t, storetest.NewPlay("good", 1, "Ana", "Bo", 3, 2), c.Play)))
		var got league.PlayError
		json.Unmarshal([]byte(body), &got)
		if code != http.StatusUnprocessableEntity || got.Play != "bad" || got.Field != c.Field || got.Why == "" {
			t.Errorf("%s: %d %s, want 422 naming play bad and field %s", c.Field, code, body, c.Field)
		}
	}
	if n := playCount(t, th); n != 0 {
		t.Fatalf("refused pushes stored %d plays", n)
	}
}

// A push naming a table the hub never paired, or a paired table's push
// without a signature, is refused from its headers: the hub answers 401
// while the body has not even started (before, it read a 1 MiB body to its
// end, however slowly it came, before saying no).
func TestUnsignedOrUnknownPushRefusedBeforeItsBodyIsRead(t *testing.T) {
	th := start(t)
	table, _ := pairedTable(t, th)
	addr := strings.TrimPrefix(th.URL, "http://")
	for name, headers := range map[string]string{
		"unknown table": "X-League-Table: 00000000deadbeef\r\nX-League-Time: " + strconv.FormatInt(time.Now().Unix(), 10) + "\r\nX-League-Nonce: 0123456789abcdef0123\r\nX-League-Signature: " + strings.Repeat("ab", 32) + "\r\n",
		"unsigned":      "X-League-Table: " + table + "\r\nX-League-Time: " + strconv.FormatInt(time.Now().Unix(), 10) + "\r\nX-League-Nonce: 0123456789abcdef0123\r\n",
		"stale time":    "X-League-Table: " + table + "\r\nX-League-Time: 1000\r\nX-League-Nonce: 0123456789abcdef0123\r\nX-League-Signature: " + strings.Repeat("ab", 32) + "\r\n",
	} {
		t.Run(name, func(t *testing.T) {
			conn, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n%s\r\n{", league.PushPath, addr, 1<<20, headers)
			conn.SetReadDeadline(time.Now().Add(10 * time.Second))
			resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
			if err != nil {
				t.Fatalf("no answer while the body had not come: %v\n%s", err, th.Log)
			}
			if resp.StatusCode != http.StatusUnauthorized {
				t.Fatalf("%s: %d, want 401", name, resp.StatusCode)
			}
		})
	}
	if n := playCount(t, th); n != 0 {
		t.Fatalf("refused pushes stored %d plays", n)
	}
}

// A push captured on the wire and sent again after the hub restarted (a new
// hub over the same database and secrets) is refused as a replay: the
// nonces are in the database. Before, they were in the hub's memory, and a
// restart forgot them.
func TestReplayAfterARestartRefused(t *testing.T) {
	dir := t.TempDir()
	first := leaguetest.StartHub(t, leaguetest.Options{Secrets: filepath.Join(dir, "secrets.json")})
	table, key := pairedTable(t, first)
	captured := signedPush(t, first.URL, table, key, "", pushBody(t, storetest.NewPlay("p1", 1, "Ana", "Bo", 3, 2)))
	if code, body := do(t, captured.Clone(context.Background())); code != http.StatusOK {
		t.Fatalf("the push: %d %s", code, body)
	}
	first.Server.Close()
	again := leaguetest.StartHub(t, leaguetest.Options{Store: first.Store, Secrets: filepath.Join(dir, "secrets.json")})
	replay := signedPush(t, again.URL, table, key, captured.Header.Get(league.HeaderNonce), pushBody(t, storetest.NewPlay("p1", 1, "Ana", "Bo", 3, 2)))
	replay.Header = captured.Header.Clone()
	before, _ := again.Store.Dump(context.Background())
	if code, body := do(t, replay); code != http.StatusConflict || !strings.Contains(body, "a replay") {
		t.Fatalf("the replay after a restart: %d %s, want 409", code, body)
	}
	after, _ := again.Store.Dump(context.Background())
	if err := league.SameSums(before.Sums(), after.Sums()); err != nil {
		t.Fatalf("a refused replay changed the league: %v", err)
	}
}

// The plays page shows 50 plays at a time, newest first, with links to the
// pages beside it; a page beyond the last, or not a number, is not found.
// Before, it drew every play of the league on one page.
func TestListPagesArePaginated(t *testing.T) {
	th := start(t)
	storetest.Paired(t, th.Store, "0011223344556677")
	var plays []league.Play
	for i := range 120 {
		p := storetest.NewPlay(fmt.Sprintf("p%03d", i), 1, fmt.Sprintf("Ana %03d", i), "Bo", 3, 2)
		p.Date = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i).Format("2006-01-02")
		plays = append(plays, p)
	}
	if _, err := th.Store.Put(context.Background(), "0011223344556677", plays, time.Now()); err != nil {
		t.Fatal(err)
	}
	c := http.DefaultClient
	_, first := get(t, c, th.URL+"/plays")
	if n := strings.Count(first, "<tr>") - 1; n != 50 || !strings.Contains(first, "Page 1 of 3") || !strings.Contains(first, `href="/plays?page=2"`) || !strings.Contains(first, "2026-04-30") {
		t.Fatalf("first page of plays: %d rows\n%s", n, first)
	}
	_, last := get(t, c, th.URL+"/plays?page=3")
	if n := strings.Count(last, "<tr>") - 1; n != 20 || !strings.Contains(last, "2026-01-01") || strings.Contains(last, "page=4") {
		t.Fatalf("last page of plays: %d rows", n)
	}
	_, players := get(t, c, th.URL+"/players?page=3")
	if n := strings.Count(players, "<tr>") - 1; n != 21 {
		t.Fatalf("third page of 121 players: %d rows", n)
	}
	for _, bad := range []string{"/plays?page=4", "/plays?page=0", "/plays?page=x", "/ratings?page=99"} {
		if code, _ := get(t, c, th.URL+bad); code != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", bad, code)
		}
	}
}

// One address that keeps the hub busy with its pages is told to wait (429,
// Retry-After), as on the table; the admin is not charged.
func TestPublicPagesHaveAReadBudgetPerAddress(t *testing.T) {
	th := leaguetest.StartHub(t, leaguetest.Options{Tune: func(c *hub.Config) { c.ReadPerSecond, c.ReadBurst = time.Nanosecond, time.Nanosecond }})
	seed(t, th)
	c := http.DefaultClient
	if code, _ := get(t, c, th.URL+"/plays"); code != http.StatusOK {
		t.Fatalf("first read: %d", code)
	}
	resp, err := c.Get(th.URL + "/plays")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("a reader past its budget: %d, Retry-After %q", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	if code, _ := get(t, th.AdminClient(t), th.URL+"/plays"); code != http.StatusOK {
		t.Fatalf("the admin was charged: %d", code)
	}
}

// The admin cookie is Secure when the hub is reached over HTTPS (TLS, or a
// proxy that says so), so it never travels over plain HTTP; over plain HTTP
// it cannot be, or the admin could not sign in.
func TestAdminCookieIsSecureOverHTTPS(t *testing.T) {
	th := start(t)
	claim := func(c *http.Client, base string, proto string) string {
		req, _ := http.NewRequest(http.MethodGet, base+"/admin/claim?token="+th.Admin, nil)
		if proto != "" {
			req.Header.Set("X-Forwarded-Proto", proto)
		}
		resp, err := c.Transport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.Header.Get("Set-Cookie")
	}
	plain := &http.Client{Transport: http.DefaultTransport}
	if ck := claim(plain, th.URL, ""); !strings.Contains(ck, "league_admin=") || strings.Contains(ck, "Secure") {
		t.Errorf("over plain HTTP: %q", ck)
	}
	if ck := claim(plain, th.URL, "https"); !strings.Contains(ck, "; Secure") {
		t.Errorf("behind an HTTPS proxy: %q", ck)
	}
	tlsSrv := httptest.NewTLSServer(th.Server.Config.Handler)
	defer tlsSrv.Close()
	secure := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}}
	if ck := claim(secure, tlsSrv.URL, ""); !strings.Contains(ck, "; Secure") {
		t.Errorf("over TLS: %q", ck)
	}
}

// The admin page after a change says the hub's own words; text put in the
// link (?done=) is never shown (a phishing line on the admin's own page).
func TestAdminDoneShowsOnlyTheHubsOwnMessages(t *testing.T) {
	th := start(t)
	admin := th.AdminClient(t)
	_, page := get(t, admin, th.URL+"/admin?done=Send+your+admin+link+to+evil.example")
	if strings.Contains(page, "evil.example") || strings.Contains(page, `class="ok"`) {
		t.Fatalf("the admin page shows text from the link:\n%s", page)
	}
	if _, page := get(t, admin, th.URL+"/admin?done=merged"); !strings.Contains(page, "Players merged.") {
		t.Fatal("the admin page does not say what was done")
	}
}
