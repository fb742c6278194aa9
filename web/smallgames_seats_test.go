package web

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"tableside/engine"
	"tableside/engine/cashcrash"
	"tableside/engine/takeover"
	"tableside/games"
	"tableside/tracker"
)

// seatTokens remembers the seat token each test phone got by joining, per
// server, game and seat, so a page can be fetched as that phone.
var seatTokens sync.Map // [3]any{*Server, game, seat} -> token

// seatToken joins a seat the way a phone does (the game's join code) and
// returns the phone's token.
func seatToken(t *testing.T, s *Server, id int64, seat int) string {
	t.Helper()
	key := [3]any{s, id, seat}
	if tok, ok := seatTokens.Load(key); ok {
		return tok.(string)
	}
	ctx := context.Background()
	info, err := s.tracker.Info(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	code, err := s.seats.GameCode(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	tok, err := s.seats.Claim(ctx, id, len(info.Setup.Seats), seat, code, "test phone")
	if err != nil {
		t.Fatalf("join seat %d: %v", seat, err)
	}
	seatTokens.Store(key, tok)
	return tok
}

func seatedServer(t *testing.T) (*Server, *tracker.Tracker) {
	t.Helper()
	// httptest's requests name example.com as their host.
	s := quietServer(t, Config{AllowedHosts: []string{"example.com"}}, games.All()...)
	// The turn clock on every page says the same times in every game.
	s.tracker.Now = func() time.Time { return time.Date(2026, 11, 20, 20, 0, 0, 0, time.UTC) }
	return s, s.tracker
}

var gameIDs = regexp.MustCompile(`/games/\d+`)

// seatPage fetches a game's page (and its JSON view; for the public its TV page too) as a phone at seat
// (or the public when seat is engine.Public), from a non-loopback address.
func seatPage(t *testing.T, s *Server, id int64, seat int) string {
	t.Helper()
	var out strings.Builder
	paths := []string{"", "/view"}
	if seat == engine.Public { // the public's screens include the TV's page
		paths = append(paths, "/tv")
	}
	for _, path := range paths {
		req := httptest.NewRequest(http.MethodGet, "/games/"+strconv.FormatInt(id, 10)+path, nil)
		req.RemoteAddr = "192.0.2.10:5555"
		if seat >= 0 {
			req.AddCookie(&http.Cookie{Name: seatCookieName(id), Value: seatToken(t, s, id, seat)})
		}
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s as seat %d: %d %s", req.URL, seat, rec.Code, rec.Body)
		}
		out.WriteString(rec.Body.String())
	}
	return gameIDs.ReplaceAllString(out.String(), "/games/N")
}

func doAll(t *testing.T, tr *tracker.Tracker, id int64, cmds []engine.Command) {
	t.Helper()
	for _, c := range cmds {
		if _, err := tr.Do(context.Background(), id, c, ""); err != nil {
			t.Fatalf("%s %s by %d: %v", c.Type, c.Data, c.Seat, err)
		}
	}
}

func cmd(seat int, typ, data string) engine.Command {
	c := engine.Command{Type: typ, Seat: seat}
	if data != "" {
		c.Data = json.RawMessage(data)
	}
	return c
}

// sameSeatPages checks that each of seats is shown the same page in two
// games (ids) that differ only in another seat's secret, what.
func sameSeatPages(t *testing.T, s *Server, ids []int64, what string, seats ...int) {
	t.Helper()
	for _, seat := range seats {
		if a, b := seatPage(t, s, ids[0], seat), seatPage(t, s, ids[1], seat); a != b {
			t.Fatalf("seat %d's page differs with %s", seat, what)
		}
	}
}

// concealedTakeover is a 2-player Takeover game (Ana and Ben) with the tiles
// laid in suit rows, every coin drafted in pool order, and the stock each
// player conceals: anaStock and benStock (coins, comma-separated).
func concealedTakeover(t *testing.T, tr *tracker.Tracker, anaStock, benStock string) int64 {
	t.Helper()
	info, err := tr.Create(context.Background(), "takeover", "Secret", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}})
	if err != nil {
		t.Fatal(err)
	}
	cmds := []engine.Command{cmd(engine.Host, takeover.CmdLay, `{"tiles":"S1 S2 M3 C4 A5 S0 M1 M2 C0 A1 S3 C5 A2 C1 S4 M0 A3 M4 C2 A0 S5 M5 C3 A4","first":0}`)}
	pool := takeover.AllPieces()
	for k := range pool {
		cmds = append(cmds, cmd(takeover.DraftSeat(0, 2, k), takeover.CmdDraft, `{"coin":"`+pool[k]+`"}`))
	}
	cmds = append(cmds, cmd(0, takeover.CmdConceal, `{"stock":"`+anaStock+`"}`), cmd(1, takeover.CmdConceal, `{"stock":"`+benStock+`"}`))
	doAll(t, tr, info.ID, cmds)
	return info.ID
}

// Two Takeover games differ only in Ben's secret stock choice: Ana's phone
// and the public screen render the same page, byte for byte; Ben's does not.
func TestTakeoverPagesShowNoOtherSeatsCoins(t *testing.T) {
	t.Parallel()
	s, tr := seatedServer(t)
	var ids []int64
	for _, benStock := range []string{"S1,S2", "S5,M0"} {
		ids = append(ids, concealedTakeover(t, tr, "S3", benStock))
	}
	sameSeatPages(t, s, ids, "Ben's secret choice", 0, engine.Public)
	ben := seatPage(t, s, ids[0], 1)
	if ben == seatPage(t, s, ids[1], 1) || !strings.Contains(ben, "Your coins") {
		t.Fatal("Ben's own page must show his coins")
	}
	if strings.Count(seatPage(t, s, ids[0], 0), `aria-label="Your coins"`) != 1 || strings.Contains(seatPage(t, s, ids[0], engine.Public), "Your coins") {
		t.Fatal("Ana's page shows one hand (hers); the public page none")
	}
}

// Two Cash or Crash games differ only in Ben's staked and added cards: Ana's,
// Cat's and the public's pages are identical; Ben's is not.
func TestCashCrashPagesShowNoOtherSeatsCards(t *testing.T) {
	t.Parallel()
	s, tr := seatedServer(t)
	set := `{"card1":"G","card2":"O","card3":"W","card4":"GG","card5":"OO","card6":"WW","card7":"GO","card8":"OW","card9":"GW","card10":"GOW"}`
	var ids []int64
	for _, ben := range [][2]string{{"2,7", "8"}, {"5,6", "9"}} {
		info, err := tr.Create(context.Background(), "cashcrash", "Secret", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}, {Name: "Cat"}}})
		if err != nil {
			t.Fatal(err)
		}
		doAll(t, tr, info.ID, []engine.Command{
			cmd(engine.Host, cashcrash.CmdConfigure, set), cmd(engine.Host, cashcrash.CmdStart, `{"first":0}`),
			cmd(0, cashcrash.CmdStake, `{"cards":[1,4]}`), cmd(1, cashcrash.CmdStake, `{"cards":[`+ben[0]+`]}`), cmd(2, cashcrash.CmdStake, `{"cards":[3,10]}`),
			cmd(0, cashcrash.CmdBid, `{"qty":2,"goods":"G"}`), cmd(1, cashcrash.CmdAdd, `{"card":`+ben[1]+`,"qty":3,"goods":"O"}`),
		})
		ids = append(ids, info.ID)
	}
	sameSeatPages(t, s, ids, "Ben's secret cards", 0, 2, engine.Public)
	if seatPage(t, s, ids[0], 1) == seatPage(t, s, ids[1], 1) {
		t.Fatal("Ben's own page must show his cards")
	}
	if !strings.Contains(seatPage(t, s, ids[0], 0), `id="odds"`) {
		t.Fatal("Ana's phone shows the odds helper")
	}
}

// postAs sends a form as a seat's phone would, and returns the status and body.
func postAs(t *testing.T, s *Server, id int64, seat int, form string) (int, string) {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/games/"+strconv.FormatInt(id, 10)+"/commands", strings.NewReader(form))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.RemoteAddr = "192.0.2.10:5555"
	req.AddCookie(&http.Cookie{Name: seatCookieName(id), Value: seatToken(t, s, id, seat)})
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, req)
	// A refused form goes back to the game with its refusal in a cookie,
	// to show as a toast: say it as the refusal it is.
	for _, ck := range rec.Result().Cookies() {
		if ck.Name == "ts_toast" && ck.MaxAge > 0 {
			toast, _ := url.QueryUnescape(ck.Value)
			_, msg := splitToast(toast)
			return http.StatusUnprocessableEntity, msg
		}
	}
	return rec.Code, rec.Body.String()
}

// The phone forms (check boxes for coins and cards, selects, empty choices)
// decode into the commands the engines expect.
func TestSeatFormsDriveTakeover(t *testing.T) {
	t.Parallel()
	s, tr := seatedServer(t)
	info, _ := tr.Create(context.Background(), "takeover", "Forms", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}})
	cmds := []engine.Command{cmd(engine.Host, takeover.CmdLay, `{"tiles":"S1 S2 M3 C4 A5 S0 M1 M2 C0 A1 S3 C5 A2 C1 S4 M0 A3 M4 C2 A0 S5 M5 C3 A4"}`)}
	doAll(t, tr, info.ID, cmds)
	var first int
	tr.State(context.Background(), info.ID, func(st engine.State, _ int64) { first = st.(*takeover.State).First })
	pool := takeover.AllPieces()
	for k := range pool {
		doAll(t, tr, info.ID, []engine.Command{cmd(takeover.DraftSeat(first, 2, k), takeover.CmdDraft, `{"coin":"`+pool[k]+`"}`)})
	}
	var st *takeover.State
	load := func() {
		tr.State(context.Background(), info.ID, func(x engine.State, _ int64) {
			b, _ := json.Marshal(x)
			st = new(takeover.State)
			json.Unmarshal(b, st)
		})
	}
	load()
	mine := st.Players[first].Coins[0].Code
	if code, body := postAs(t, s, info.ID, first, "type=conceal&d.stock."+mine+"=true"); code != http.StatusSeeOther {
		t.Fatalf("conceal form: %d %s", code, body)
	}
	if code, _ := postAs(t, s, info.ID, 1-first, "type=conceal"); code != http.StatusSeeOther {
		t.Fatalf("conceal with nothing ticked: %d", code)
	}
	load()
	if st.Phase != takeover.PhasePlay || !st.Players[first].Coins[0].Stock {
		t.Fatalf("after the forms: phase %s, coins %+v", st.Phase, st.Players[first].Coins)
	}
	code, body := postAs(t, s, info.ID, 1-first, "type=pass")
	if code != http.StatusUnprocessableEntity || !strings.Contains(body, "turn") {
		t.Fatalf("passing out of turn: %d", code)
	}
	// A1 S1 and B1 S2: same suit, free. Then the other player pays for C2 (C0) onto B2 (M2) with a ticked coin.
	if code, body := postAs(t, s, info.ID, first, "type=merge&d.from=1&d.to=0&d.auto=true"); code != http.StatusSeeOther {
		t.Fatalf("merge form: %d %s", code, body)
	}
	load()
	var two string
	for _, c := range st.Players[1-first].Coins {
		if !c.Stock && takeover.Rank(c.Code) == 2 {
			two = c.Code
		}
	}
	if two == "" {
		t.Fatal("test setup: the second player holds no cash 2")
	}
	if code, body := postAs(t, s, info.ID, 1-first, "type=merge&d.from=C2&d.to=B2&d.pay."+two+"=true&d.auto=true"); code != http.StatusSeeOther {
		t.Fatalf("paid merge form: %d %s", code, body)
	}
	load()
	if len(st.Discarded) != 1 || st.Discarded[0] != two {
		t.Fatalf("discarded %v, want the ticked %s", st.Discarded, two)
	}
}

func TestSeatFormsDriveCashCrash(t *testing.T) {
	t.Parallel()
	s, tr := seatedServer(t)
	info, _ := tr.Create(context.Background(), "cashcrash", "Forms", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}})
	doAll(t, tr, info.ID, []engine.Command{
		cmd(engine.Host, cashcrash.CmdConfigure, `{"card1":"G","card2":"O","card3":"W","card4":"GG","card5":"OO","card6":"WW","card7":"GO","card8":"OW","card9":"GW","card10":"GOW"}`),
		cmd(engine.Host, cashcrash.CmdStart, `{"first":0}`),
	})
	for seat, f := range []string{"type=stake&d.card.1=true&d.card.4=true", "type=stake&d.card.2=true&d.card.7=true"} {
		if code, body := postAs(t, s, info.ID, seat, f); code != http.StatusSeeOther {
			t.Fatalf("stake form: %d %s", code, body)
		}
	}
	for _, step := range []struct {
		seat int
		form string
		want int
	}{
		{0, "type=bid&d.qty=2&d.gold=true", http.StatusSeeOther},
		{1, "type=bid&d.qty=3&d.oil=true&d.card=", http.StatusUnprocessableEntity}, // a plain raise must keep Gold
		{1, "type=add&d.qty=3&d.oil=true&d.card=5", http.StatusSeeOther},
		{0, "type=sell", http.StatusSeeOther},
	} {
		code, body := postAs(t, s, info.ID, step.seat, step.form)
		if code != step.want {
			t.Fatalf("%s: %d, want %d: %s", step.form, code, step.want, body)
		}
	}
	var last *cashcrash.Reveal
	tr.State(context.Background(), info.ID, func(x engine.State, _ int64) { last = x.(*cashcrash.State).Last })
	// Stakes G+GG and O+GO+OO: Oil 4 >= 3, the bid holds; Ana, who sold, loses.
	if last == nil || !last.Holds || last.Loser != 0 {
		t.Fatalf("reveal %+v", last)
	}
}
